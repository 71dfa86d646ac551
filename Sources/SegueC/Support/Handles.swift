import SegueBasics
import SegueEngine
import SegueModel

/// C handles are retained Swift objects: `*_ref` retains, `*_unref` releases.
enum Handle {
    static func make(_ object: AnyObject) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    static func object<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) -> T? {
        handle.map { Unmanaged<T>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    static func require<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type, _ name: String) throws -> T {
        guard let object = object(handle, as: type) else { throw SegueError.invalidArgument("\(name) must not be NULL") }
        return object
    }

    static func retain(_ handle: OpaquePointer?) -> OpaquePointer? {
        if let handle { _ = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).retain() }
        return handle
    }

    static func release(_ handle: OpaquePointer?) {
        if let handle { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).release() }
    }
}

/// What a `segue_transition` points at: the transition and the engine it belongs to.
final class TransitionObject: Sendable {
    let engine: Engine
    let transition: Transition

    init(engine: Engine, transition: Transition) {
        self.engine = engine
        self.transition = transition
    }
}

/// What a `segue_animation` points at.
final class AnimationObject: Sendable {
    let animation: Animation

    init(_ animation: Animation) {
        self.animation = animation
    }
}
