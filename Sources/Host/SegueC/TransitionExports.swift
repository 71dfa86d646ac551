import CSegue
import SegueABI
import SegueBasics
import SegueEngine
import SegueModel

/// Makes a transition handle owned by `engine`, from a builder that may throw.
private func make(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                  _ build: (Engine) throws -> Transition) -> segue_status {
    call {
        let out = try required(out, "out_transition")
        let engine = try Handle.require(engine, as: EngineObject.self, "engine").engine
        out.pointee = try Handle.make(TransitionObject(engine: engine, transition: try build(engine)))
    }
}

private func edge(_ value: segue_edge) throws -> Edge {
    switch Int(value) {
    case SEGUE_EDGE_TOP: .top
    case SEGUE_EDGE_LEADING: .leading
    case SEGUE_EDGE_BOTTOM: .bottom
    case SEGUE_EDGE_TRAILING: .trailing
    default: throw SegueError.invalidArgument("edge \(value) is not one of SEGUE_EDGE_TOP … SEGUE_EDGE_TRAILING")
    }
}

private func finite(_ values: Double..., names: String) throws {
    guard values.allSatisfy(\.isFinite) else { throw SegueError.invalidArgument("\(names) must be finite") }
}

@c @implementation
public func segue_transition_parse(_ engine: OpaquePointer?, _ spec: UnsafePointer<CChar>?,
                                   _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { engine in try engine.transition(spec: string(spec, "spec")) }
}

@c @implementation
public func segue_transition_identity(_ engine: OpaquePointer?,
                                      _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { _ in .identity }
}

@c @implementation
public func segue_transition_opacity(_ engine: OpaquePointer?,
                                     _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { _ in .opacity }
}

@c @implementation
public func segue_transition_scale(_ engine: OpaquePointer?, _ scale: Double, _ anchor: segue_point,
                                   _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { _ in
        try finite(scale, anchor.x, anchor.y, names: "scale and anchor")
        return try .scale(scale, anchor: Point(x: anchor.x, y: anchor.y))
    }
}

@c @implementation
public func segue_transition_move(_ engine: OpaquePointer?, _ edgeValue: segue_edge,
                                  _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { _ in .move(edge: try edge(edgeValue)) }
}

@c @implementation
public func segue_transition_offset(_ engine: OpaquePointer?, _ x: Double, _ y: Double,
                                    _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { _ in
        try finite(x, y, names: "x and y")
        return try .offset(x: x, y: y)
    }
}

@c @implementation
public func segue_transition_slide(_ engine: OpaquePointer?,
                                   _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { _ in .slide }
}

@c @implementation
public func segue_transition_push(_ engine: OpaquePointer?, _ edgeValue: segue_edge,
                                  _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { _ in .push(from: try edge(edgeValue)) }
}

@c @implementation
public func segue_transition_modifier(_ engine: OpaquePointer?, _ effect: UnsafePointer<CChar>?,
                                      _ active: UnsafePointer<segue_param>?, _ activeCount: Int,
                                      _ identity: UnsafePointer<segue_param>?, _ identityCount: Int,
                                      _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    make(engine, outTransition) { engine in
        // Counts are checked before the effect is looked up, so a bad array is reported as such.
        let activeCount = try count(activeCount, "active_count")
        let identityCount = try count(identityCount, "identity_count")
        let descriptor = try engine.catalog.requireEffect(named: string(effect, "effect"))
        let activeState = try Parameters.apply(active, activeCount, "active", to: descriptor.defaultActive)
        let identityState = try Parameters.apply(identity, identityCount, "identity", to: descriptor.defaultIdentity)
        return try .modifier(active: activeState, identity: identityState)
    }
}

@c @implementation
public func segue_transition_combined(_ first: OpaquePointer?, _ second: OpaquePointer?,
                                      _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    compose(first, "first", second, "second", into: outTransition) { try $0.combined(with: $1) }
}

@c @implementation
public func segue_transition_asymmetric(_ insertion: OpaquePointer?, _ removal: OpaquePointer?,
                                        _ outTransition: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    compose(insertion, "insertion", removal, "removal", into: outTransition) {
        try .asymmetric(insertion: $0, removal: $1)
    }
}

/// A new transition made of two the caller holds, which must come from one
/// engine; the names are the C parameters', for messages.
private func compose(_ a: OpaquePointer?, _ aName: String, _ b: OpaquePointer?, _ bName: String,
                     into out: UnsafeMutablePointer<OpaquePointer?>?,
                     _ make: (Transition, Transition) throws -> Transition) -> segue_status {
    call {
        let out = try required(out, "out_transition")
        let first = try Handle.require(a, as: TransitionObject.self, aName)
        let second = try Handle.require(b, as: TransitionObject.self, bName)
        guard first.engine === second.engine else {
            throw SegueError(.mismatch, "\(aName) and \(bName) come from different engines")
        }
        out.pointee = try Handle.make(TransitionObject(engine: first.engine,
                                                       transition: try make(first.transition, second.transition)))
    }
}

@c @implementation
public func segue_transition_spec(_ transition: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?,
                                  _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?) -> segue_status {
    call {
        let object = try Handle.require(transition, as: TransitionObject.self, "transition")
        try copyOut(object.transition.spec, buffer, capacity, outLength)
    }
}

@c @implementation
public func segue_transition_ref(_ transition: OpaquePointer?) -> OpaquePointer? {
    Handle.retain(transition, as: TransitionObject.self)
}

@c @implementation
public func segue_transition_unref(_ transition: OpaquePointer?) {
    Handle.release(transition, as: TransitionObject.self)
}
