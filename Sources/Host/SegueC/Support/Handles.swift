import Glibc
import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel
import Synchronization

/// A Swift class that C sees through a handle.
protocol HandleObject: AnyObject {
    static var handleKind: HandleTag { get }
}

extension EngineObject: HandleObject { static var handleKind: HandleTag { .engine } }
extension Surface: HandleObject { static var handleKind: HandleTag { .surface } }
extension TransitionObject: HandleObject { static var handleKind: HandleTag { .transition } }
extension AnimationObject: HandleObject { static var handleKind: HandleTag { .animation } }

/// What every handle points at: a small record, not the Swift object itself,
/// so that the handle's kind and liveness can be checked before anything is
/// done with it. `*_ref`/`*_unref` count references here; the record holds
/// one Swift reference to the object and gives it up with the last C one.
struct HandleRecord: ~Copyable {
    /// The kind's tag while alive; `HandleTag.freed` once freed. First, as `HandleTag.inspect` reads it.
    let tag: Atomic<UInt64>
    /// C references (`*_ref` adds one, `*_unref` drops one).
    let references: Atomic<Int>
    let object: Unmanaged<AnyObject>
}

/// C handles: creation, checked lookup, ref and unref.
///
/// Every use of a handle loads the first word of what it points at and
/// compares it with the expected kind's tag — one load and one compare, in
/// every build. So a handle of another kind (a `segue_surface *` passed as a
/// `segue_transition *`) is refused with `SEGUE_ERROR_INVALID_ARGUMENT`
/// naming both types, and so is a pointer to memory that holds no Segue
/// object at all (provided it can be read).
///
/// Dropping a reference twice (or using a handle after its last `unref`) is
/// a programmer error. In a debug build (`swift build -c debug`, where
/// `DEBUG` is defined), or when the environment variable
/// `SEGUE_DEBUG_HANDLES` is set to anything but "" or "0" when the first
/// handle is freed, freed records are not returned to the allocator: their
/// tag becomes `freedTag` and they wait in a quarantine of the most recent
/// `Quarantine.capacity` frees, so a later use is recognised reliably and
/// reported on stderr ("segue_surface_unref: this surface was already
/// freed") before the process aborts. A release build frees the record at
/// once and pays nothing beyond the tag check; a use after free there is
/// undefined behaviour, as with any C library — though when the freed tag
/// happens to be still in place it is reported and aborted on the same way.
enum Handle {
    /// A new handle for `object`, holding one reference the caller owns.
    static func make<T: HandleObject>(_ object: T) -> OpaquePointer {
        let record = UnsafeMutablePointer<HandleRecord>.allocate(capacity: 1)
        record.initialize(to: HandleRecord(tag: Atomic(T.handleKind.rawValue), references: Atomic(1),
                                           object: Unmanaged.passRetained(object as AnyObject)))
        return OpaquePointer(record)
    }

    /// What a handle turned out to be.
    private enum Lookup {
        case null
        case live(UnsafeMutablePointer<HandleRecord>)
        case otherKind(HandleTag)
        case notAnObject
    }

    /// Checks `handle` against `kind`. A freed handle is reported and aborts.
    private static func lookup(_ handle: OpaquePointer?, _ kind: HandleTag, use: @autoclosure () -> String)
        -> Lookup {
        switch HandleTag.inspect(handle.map(UnsafeRawPointer.init), expecting: kind) {
        case .null: return .null
        case .live(let record): return .live(record.assumingMemoryBound(to: HandleRecord.self))
        case .otherKind(let other): return .otherKind(other)
        case .freed: usedAfterFree(use(), kind)
        case .notAHandle: return .notAnObject
        }
    }

    /// The object behind a handle that may be NULL (`nil` then).
    /// - Throws: `.invalidArgument` naming `name` for a handle of another kind
    ///   or a pointer that is no Segue object.
    static func optional<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type, _ name: String) throws -> T? {
        switch lookup(handle, T.handleKind, use: "\(name) is a \(T.handleKind.typeName) that was already freed") {
        case .null:
            return nil
        case .live(let record):
            return unsafeDowncast(record.pointee.object.takeUnretainedValue(), to: T.self)
        case .otherKind(let other):
            throw SegueError.invalidArgument("\(name) is a \(other.typeName), not a \(T.handleKind.typeName)")
        case .notAnObject:
            throw SegueError.invalidArgument(
                "\(name) is not a \(T.handleKind.typeName) (it points at no Segue object: a stray or freed pointer?)")
        }
    }

    /// The object behind a handle that must not be NULL.
    /// - Throws: `.invalidArgument` naming `name` for NULL, a handle of
    ///   another kind, or a pointer that is no Segue object.
    static func require<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type, _ name: String) throws -> T {
        guard let object = try optional(handle, as: type, name) else {
            throw SegueError.invalidArgument("\(name) must not be NULL")
        }
        return object
    }

    /// The object behind a handle, for the functions that have no status to
    /// report with (getters): `nil` for NULL, another kind or no object.
    static func peek<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type,
                                      function: String = #function) -> T? {
        liveRecord(handle, T.self, function).map {
            unsafeDowncast($0.pointee.object.takeUnretainedValue(), to: T.self)
        }
    }

    /// `*_ref`: one more reference. NULL, another kind or no object give NULL.
    static func retain<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type,
                                        function: String = #function) -> OpaquePointer? {
        guard let record = liveRecord(handle, T.self, function) else { return nil }
        record.pointee.references.wrappingAdd(1, ordering: .relaxed)
        return handle
    }

    /// `*_unref`: one reference fewer; the last frees the record and lets go
    /// of the object. NULL, another kind or no object are ignored.
    static func release<T: HandleObject>(_ handle: OpaquePointer?, as type: T.Type, function: String = #function) {
        guard let record = liveRecord(handle, T.self, function) else { return }
        let before = record.pointee.references.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue
        // Two threads dropping the last reference at once is a double unref too.
        if before <= 0 { usedAfterFree(freedMessage(T.self, function), T.handleKind) }
        guard before == 1 else { return }
        record.pointee.tag.store(HandleTag.freed, ordering: .releasing)
        let object = record.pointee.object
        if Quarantine.isEnabled {
            Quarantine.keep(record)
        } else {
            record.deinitialize(count: 1)
            record.deallocate()
        }
        object.release()
    }

    /// The live record behind a handle for the functions without a status:
    /// NULL gives nil; another kind or no object give nil after a warning
    /// in debug mode; a freed handle stops the process in debug mode.
    private static func liveRecord<T: HandleObject>(_ handle: OpaquePointer?, _ type: T.Type,
                                                    _ function: String) -> UnsafeMutablePointer<HandleRecord>? {
        let name = cName(function)
        switch lookup(handle, T.handleKind, use: freedMessage(T.self, function)) {
        case .live(let record):
            return record
        case .otherKind(let other):
            warnIfDebugging("\(name): the handle is a \(other.typeName), not a \(T.handleKind.typeName); ignored")
        case .notAnObject:
            warnIfDebugging("\(name): the handle points at no \(T.handleKind.typeName); ignored")
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
    private static func warnIfDebugging(_ message: String) {
        guard Quarantine.isEnabled else { return }
        say("segue: \(message)\n")
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

/// Freed handle records kept (with the freed tag) instead of being returned
/// to the allocator, so that a later use is recognised: always in debug
/// builds, in release builds only with SEGUE_DEBUG_HANDLES set.
private enum Quarantine {
    /// How many freed records are kept; the oldest is freed for real beyond that.
    static let capacity = 1 << 20

    static let isEnabled: Bool = {
        #if DEBUG
        return true
        #else
        guard let value = getenv("SEGUE_DEBUG_HANDLES") else { return false }
        let text = String(cString: value)
        return !text.isEmpty && text != "0"
        #endif
    }()

    /// Records by address (pointers are not Sendable; addresses are).
    private struct Ring: ~Copyable {
        var records: [UInt] = []
        var next = 0
    }

    private static let ring = Locked(Ring())

    static func keep(_ record: UnsafeMutablePointer<HandleRecord>) {
        let address = UInt(bitPattern: record)
        let evicted: UInt? = ring.withLock { ring in
            if ring.records.count < capacity {
                ring.records.append(address)
                return nil
            }
            let oldest = ring.records[ring.next]
            ring.records[ring.next] = address
            ring.next = (ring.next + 1) % capacity
            return oldest
        }
        if let evicted, let oldest = UnsafeMutablePointer<HandleRecord>(bitPattern: evicted) {
            oldest.deinitialize(count: 1)
            oldest.deallocate()
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
