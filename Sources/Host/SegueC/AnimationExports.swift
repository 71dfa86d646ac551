import CSegue
import SegueABI
import SegueBasics
import SegueModel

/// Makes an animation handle from a builder that may throw.
private func make(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ build: () throws -> Animation) -> segue_status {
    call {
        let out = try required(out, "out_animation")
        out.pointee = try Handle.make(AnimationObject(try build()))
    }
}

@c @implementation
public func segue_animation_parse(_ spec: UnsafePointer<CChar>?,
                                  _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try Animation(spec: string(spec, "spec")) }
}

@c @implementation
public func segue_animation_linear(_ duration: Double,
                                   _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .linear(duration: duration) }
}

@c @implementation
public func segue_animation_ease_in(_ duration: Double,
                                    _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .easeIn(duration: duration) }
}

@c @implementation
public func segue_animation_ease_out(_ duration: Double,
                                     _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .easeOut(duration: duration) }
}

@c @implementation
public func segue_animation_ease_in_out(_ duration: Double,
                                        _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .easeInOut(duration: duration) }
}

@c @implementation
public func segue_animation_timing_curve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                         _ duration: Double,
                                         _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .timingCurve(c0x, c0y, c1x, c1y, duration: duration) }
}

@c @implementation
public func segue_animation_spring(_ response: Double, _ dampingFraction: Double, _ blendDuration: Double,
                                   _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration) }
}

@c @implementation
public func segue_animation_spring_bounce(_ duration: Double, _ bounce: Double,
                                          _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .spring(duration: duration, bounce: bounce) }
}

@c @implementation
public func segue_animation_smooth(_ duration: Double, _ extraBounce: Double,
                                   _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .smooth(duration: duration, extraBounce: extraBounce) }
}

@c @implementation
public func segue_animation_snappy(_ duration: Double, _ extraBounce: Double,
                                   _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .snappy(duration: duration, extraBounce: extraBounce) }
}

@c @implementation
public func segue_animation_bouncy(_ duration: Double, _ extraBounce: Double,
                                   _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try .bouncy(duration: duration, extraBounce: extraBounce) }
}

@c @implementation
public func segue_animation_interactive_spring(_ response: Double, _ dampingFraction: Double,
                                               _ blendDuration: Double,
                                               _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) {
        try .interactiveSpring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }
}

@c @implementation
public func segue_animation_default(_ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { .default }
}

@c @implementation
public func segue_animation_speed(_ animation: OpaquePointer?, _ speed: Double,
                                  _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try Handle.require(animation, as: AnimationObject.self, "animation").animation.speed(speed) }
}

@c @implementation
public func segue_animation_delay(_ animation: OpaquePointer?, _ seconds: Double,
                                  _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) { try Handle.require(animation, as: AnimationObject.self, "animation").animation.delay(seconds) }
}

@c @implementation
public func segue_animation_progress(_ animation: OpaquePointer?, _ time: Double,
                                     _ outProgress: UnsafeMutablePointer<Double>?) -> segue_status {
    call {
        let out = try required(outProgress, "out_progress")
        let object = try Handle.require(animation, as: AnimationObject.self, "animation")
        guard !time.isNaN else { throw SegueError.invalidArgument("time must not be NaN") }
        out.pointee = object.animation.progress(at: time)
    }
}

@c @implementation
public func segue_animation_duration(_ animation: OpaquePointer?,
                                     _ outSeconds: UnsafeMutablePointer<Double>?) -> segue_status {
    call {
        let out = try required(outSeconds, "out_seconds")
        out.pointee = try Handle.require(animation, as: AnimationObject.self, "animation").animation.duration
    }
}

@c @implementation
public func segue_animation_spec(_ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?,
                                 _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?) -> segue_status {
    call {
        let object = try Handle.require(animation, as: AnimationObject.self, "animation")
        try copyOut(object.animation.spec, buffer, capacity, outLength)
    }
}

@c @implementation
public func segue_animation_ref(_ animation: OpaquePointer?) -> OpaquePointer? {
    Handle.retain(animation, as: AnimationObject.self)
}

@c @implementation
public func segue_animation_unref(_ animation: OpaquePointer?) {
    Handle.release(animation, as: AnimationObject.self)
}

@c @implementation
public func segue_animation_interpolating_spring(_ mass: Double, _ stiffness: Double, _ damping: Double,
                                                 _ initialVelocity: Double,
                                                 _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(outAnimation) {
        try .interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }
}
