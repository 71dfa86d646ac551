import Glibc
import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel

extension EngineObject: HandleObject { static var handleKind: HandleTag { .engine } }
extension Surface: HandleObject { public static var handleKind: HandleTag { .surface } }
extension TransitionObject: HandleObject { static var handleKind: HandleTag { .transition } }
extension AnimationObject: HandleObject { static var handleKind: HandleTag { .animation } }

/// C handles: creation, checked lookup, ref and unref, over `HandleTable`.
///
/// A handle is looked up in the table by its value before anything is read
/// through it, then its tag is compared with the expected kind's. So a
/// handle of another kind (a `segue_surface *` passed as a
/// `segue_transition *`) is refused with `SEGUE_ERROR_INVALID_ARGUMENT`
/// naming both types, and so is any pointer that is not a live handle —
/// a stray or forged one, one into unmapped memory — without being read.
/// The words are the plugin host's too (`HandleTable.Inspection.problem`).
///
/// Dropping a reference twice (or using a handle after its last `unref`) is
/// a programmer error. An ended handle reads as freed until its record is
/// used again (see `HandleTable.reuseDelay`: 4096 ends later, or 2²⁰ in a
/// debug build or with `SEGUE_DEBUG_HANDLES` set); meanwhile a use is
/// reported on stderr ("segue_surface_unref: this surface was already
/// freed") before the process aborts.
enum Handle {
    /// A new handle for `object`, holding one reference the caller owns.
    /// - Throws: `.outOfMemory` when no handle can be had.
    static func make<T: HandleObject>(_ object: T) throws -> OpaquePointer {
        try HandleTable.make(object, T.handleKind)
    }

    /// The object behind a handle that may be NULL (`nil` then).
    /// - Throws: `.invalidArgument` naming `name` for a handle of another kind
    ///   or a pointer that is no Segue object.
    static func optional<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type, _ name: String) throws -> T? {
        let inspection = T.inspect(handle)
        switch inspection {
        case .null:
            return nil
        case .freed:
            usedAfterFree("\(name) is a \(T.handleKind.typeName) that was already freed", T.handleKind)
        case .live, .otherKind, .notAHandle:
            guard let object = inspection.object(as: T.self) else {
                throw SegueError.invalidArgument(inspection.problem(name, T.handleKind))
            }
            return object
        }
    }

    /// The object behind a handle that must not be NULL.
    /// - Throws: `.invalidArgument` naming `name` for NULL, a handle of
    ///   another kind, or a pointer that is no Segue object.
    static func require<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type, _ name: String) throws -> T {
        guard let object = try optional(handle, as: type, name) else {
            throw SegueError.invalidArgument(HandleTable.Inspection.null.problem(name, T.handleKind))
        }
        return object
    }

    /// The object behind a handle, for the functions that have no status to
    /// report with (getters): `nil` for NULL, another kind or no object.
    static func peek<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type,
                                      function: String = #function) -> T? {
        liveRecord(handle, T.self, function).flatMap { HandleTable.Inspection.live($0).object(as: T.self) }
    }

    /// `*_ref`: one more reference. NULL, another kind or no object give NULL.
    static func retain<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type,
                                        function: String = #function) -> OpaquePointer? {
        guard let record = liveRecord(handle, T.self, function) else { return nil }
        record.pointee.references.wrappingAdd(1, ordering: .relaxed)
        return handle
    }

    /// `*_unref`: one reference fewer; the last ends the handle and lets go
    /// of the object. NULL, another kind or no object are ignored.
    static func release<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type, function: String = #function) {
        guard let record = liveRecord(handle, T.self, function) else { return }
        let before = record.pointee.references.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue
        // Two threads dropping the last reference at once is a double unref too.
        if before <= 0 { usedAfterFree(freedMessage(T.self, function), T.handleKind) }
        guard before == 1 else { return }
        HandleTable.end(record, T.handleKind)
    }

    /// The live record behind a handle for the functions without a status:
    /// NULL gives nil; another kind or no object give nil after a warning
    /// in debug mode; a freed handle stops the process.
    private static func liveRecord<T: HandleObject>(_ handle: OpaquePointer?, _ type: T.Type,
                                                    _ function: String) -> UnsafeMutablePointer<HandleTable.Record>? {
        switch T.inspect(handle) {
        case .live(let record):
            return record
        case .freed:
            usedAfterFree(freedMessage(T.self, function), T.handleKind)
        case .otherKind(let other):
            warnIfDebugging("\(cName(function)): the handle is a \(other.typeName), not a \(T.handleKind.typeName); ignored")
        case .notAHandle:
            warnIfDebugging("\(cName(function)): the handle points at no \(T.handleKind.typeName); ignored")
        case .null:
            break
        }
        return nil
    }

    /// What a use of a freed handle says: "segue_surface_unref: this surface was already freed".
    private static func freedMessage<T: HandleObject>(_ type: T.Type, _ function: String) -> String {
        "\(cName(function)): this \(T.handleKind.noun) was already freed"
    }

    /// "segue_surface_unref(_:)" → "segue_surface_unref".
    private static func cName(_ function: String) -> String {
        String(function.prefix { $0 != "(" })
    }

    /// A use of a freed handle: said on stderr, then abort().
    private static func usedAfterFree(_ message: String, _ kind: HandleTag) -> Never {
        say("segue: \(message) (dropping a reference twice, or using a \(kind.typeName) after its last "
            + "unref, is a programmer error)\n")
        abort()
    }

    /// Handles of the wrong kind in a function without a status are ignored;
    /// a debugging build says so on stderr.
    private static func warnIfDebugging(_ message: @autoclosure () -> String) {
        guard HandleTable.isDebugging else { return }
        say("segue: \(message())\n")
    }

    /// Writes to file descriptor 2 directly: no stdio buffer to flush before abort().
    private static func say(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { return }
            offset += written
        }
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
