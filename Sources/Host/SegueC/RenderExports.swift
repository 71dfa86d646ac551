import CSegue
import SegueABI
import SegueBasics
import SegueCompositor
import SegueEngine
import Synchronization

/// `segue_scene` into a `Scene` and the caller's cancel flag; NULL gives the defaults.
private func scene(_ pointer: UnsafePointer<segue_scene>?) throws -> (Scene, Cancellation) {
    guard let s = try readGrowable(pointer, Layouts.scene) else {
        return (Scene(), .never)
    }
    guard s.width >= 0, s.height >= 0, (s.width == 0) == (s.height == 0) else {
        throw SegueError.invalidArgument("scene size \(s.width)×\(s.height) must be 0×0 (the target's) or positive")
    }
    guard let placement = Placement(s.placement) else {
        throw SegueError.invalidArgument("scene placement \(s.placement) is not a SEGUE_PLACEMENT_* value")
    }
    guard let stacking = Stacking(s.stacking) else {
        throw SegueError.invalidArgument("scene stacking \(s.stacking) is not a SEGUE_STACKING_* value")
    }
    guard let blend = BlendMode(s.blend), blend == .normal || blend == .plusLighter else {
        throw SegueError.invalidArgument("scene blend \(s.blend) is not SEGUE_BLEND_NORMAL or SEGUE_BLEND_PLUS_LIGHTER")
    }
    let background = Color(s.background)
    // Refused, never clamped, as parameter colours are.
    guard background.isInUnitRange else {
        let components = [background.red, background.green, background.blue, background.alpha]
        throw SegueError.invalidArgument("scene background (\(components.map { "\($0)" }.joined(separator: ", "))) "
            + "must have components in 0…1")
    }
    let scene = Scene(width: s.width == 0 ? nil : Int(s.width), height: s.height == 0 ? nil : Int(s.height),
                      background: background, placement: placement, stacking: stacking, blend: blend)
    return (scene, cancellation(watching: s.cancel))
}

/// A cancellation requested once the caller's flag is nonzero. The flag is
/// read with an atomic load, as another thread writes it.
private func cancellation(watching flag: UnsafePointer<Int32>?) -> Cancellation {
    guard let flag else { return .never }
    let address = UInt(bitPattern: flag)
    return Cancellation {
        UnsafePointer<Atomic<Int32>>(bitPattern: address)!.pointee.load(ordering: .relaxed) != 0
    }
}

/// The shared body of both render calls, given how to find the progress.
private func render(_ engine: OpaquePointer?, _ transition: OpaquePointer?, _ from: OpaquePointer?,
                    _ to: OpaquePointer?, _ scenePointer: UnsafePointer<segue_scene>?, _ target: OpaquePointer?,
                    progress: () throws -> Double) -> segue_status {
    call {
        let engine = try Handle.require(engine, as: EngineObject.self, "engine").engine
        let object = try Handle.require(transition, as: TransitionObject.self, "transition")
        guard object.engine === engine else {
            throw SegueError(.mismatch, "the transition was made by another engine")
        }
        let output = try Handle.require(target, as: Surface.self, "target")
        let (scene, cancellation) = try scene(scenePointer)
        try engine.render(object.transition, from: Handle.optional(from, as: Surface.self, "from"),
                          to: Handle.optional(to, as: Surface.self, "to"), progress: progress(),
                          scene: scene, into: output, cancellation: cancellation)
    }
}

@c @implementation
public func segue_render(_ engine: OpaquePointer?, _ transition: OpaquePointer?, _ from: OpaquePointer?,
                         _ to: OpaquePointer?, _ progress: Double, _ scene: UnsafePointer<segue_scene>?,
                         _ target: OpaquePointer?) -> segue_status {
    render(engine, transition, from, to, scene, target) { progress }
}

@c @implementation
public func segue_render_at_time(_ engine: OpaquePointer?, _ transition: OpaquePointer?,
                                 _ animation: OpaquePointer?, _ from: OpaquePointer?, _ to: OpaquePointer?,
                                 _ time: Double, _ scene: UnsafePointer<segue_scene>?,
                                 _ target: OpaquePointer?) -> segue_status {
    render(engine, transition, from, to, scene, target) {
        let curve = try Handle.require(animation, as: AnimationObject.self, "animation")
        guard !time.isNaN else { throw SegueError.invalidArgument("time must not be NaN") }
        return curve.animation.progress(at: time)
    }
}
