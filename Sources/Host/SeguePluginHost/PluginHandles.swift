import SegueBasics
import Synchronization

/// The handles the host hands plugins: `segue_canvas *`, `segue_image *`
/// and `segue_path *`. Each points at a record that starts with a
/// `HandleTag` (see there), so a handle of the wrong kind, a stale one (a
/// canvas whose render has returned, an image that was released) or a
/// pointer to unrelated memory is told apart from a live handle before the
/// host does anything with it, and the call is refused or ignored.
///
/// Records are never given back to the allocator: a released record keeps
/// the freed tag and waits in a queue of the most recent `reuseDelay`
/// releases before it is used again, so a plugin that keeps a handle past
/// its life reads "freed" for a long while, and never reads freed memory.
/// (A record reused since then stands for a new object: a plugin that keeps
/// handles across thousands of renders may reach that one. Using a handle on
/// another thread while the host ends it is a race the ABI forbids.)
enum PluginHandles {
    /// What a handle points at.
    struct Record: ~Copyable {
        /// First: what `HandleTag.inspect` reads.
        let tag: Atomic<UInt64>
        /// The object, retained while the tag is live; written before the
        /// tag is stored (releasing) and read after it is loaded (acquiring).
        var object: Unmanaged<AnyObject>?
    }

    /// Releases a record waits through before it is used again.
    static let reuseDelay = 4096

    private struct Pool: ~Copyable {
        /// Released records in release order, by address.
        var released: [UInt] = []
        var next = 0
    }

    private static let pool = Locked(Pool())

    /// A new handle for `object`, which it keeps alive until `release`.
    static func make(_ object: AnyObject, _ tag: HandleTag) -> OpaquePointer {
        let reused: UInt? = pool.withLock { pool in
            guard pool.released.count - pool.next > reuseDelay else { return nil }
            let address = pool.released[pool.next]
            pool.next += 1
            // Drop the consumed front now and then, so the queue does not grow.
            if pool.next >= 4 * reuseDelay {
                pool.released.removeFirst(pool.next)
                pool.next = 0
            }
            return address
        }
        let record: UnsafeMutablePointer<Record>
        if let reused, let existing = UnsafeMutablePointer<Record>(bitPattern: reused) {
            record = existing
        } else {
            record = UnsafeMutablePointer<Record>.allocate(capacity: 1)
            record.initialize(to: Record(tag: Atomic(HandleTag.freed), object: nil))
        }
        record.pointee.object = Unmanaged.passRetained(object)
        record.pointee.tag.store(tag.rawValue, ordering: .releasing)
        return OpaquePointer(record)
    }

    /// What a handle turned out to be.
    enum Lookup<Object> {
        case live(Object)
        case null
        case otherKind(HandleTag)
        case freed
        case notAHandle

        var object: Object? {
            if case .live(let object) = self { return object }
            return nil
        }

        /// Why the handle was refused, naming `name` and the kind expected.
        func problem(_ name: String, _ expected: HandleTag) -> String {
            switch self {
            case .live: "\(name) is fine"
            case .null: "\(name) is NULL"
            case .otherKind(let other): "\(name) is a \(other.typeName), not a \(expected.typeName)"
            case .freed: "\(name) is a \(expected.typeName) that has ended or was released"
            case .notAHandle: "\(name) is not a \(expected.typeName) (it points at no Segue handle)"
            }
        }
    }

    /// The object behind a handle of kind `tag`.
    static func lookup<Object: AnyObject>(_ handle: OpaquePointer?, _ tag: HandleTag, as type: Object.Type)
        -> Lookup<Object> {
        switch HandleTag.inspect(handle.map(UnsafeRawPointer.init), expecting: tag) {
        case .live(let raw):
            guard let object = raw.assumingMemoryBound(to: Record.self).pointee.object?.takeUnretainedValue() else {
                return .freed
            }
            return .live(unsafeDowncast(object, to: Object.self))
        case .null: return .null
        case .otherKind(let other): return .otherKind(other)
        case .freed: return .freed
        case .notAHandle: return .notAHandle
        }
    }

    /// Ends a handle made by `make`: its tag becomes the freed tag and its
    /// object is let go. A handle that is not live is left alone.
    static func release(_ handle: OpaquePointer, _ tag: HandleTag) {
        guard case .live(let raw) = HandleTag.inspect(UnsafeRawPointer(handle), expecting: tag) else { return }
        let record = raw.assumingMemoryBound(to: Record.self)
        guard record.pointee.tag.compareExchange(expected: tag.rawValue, desired: HandleTag.freed,
                                                 ordering: .acquiringAndReleasing).exchanged else { return }
        let object = record.pointee.object
        record.pointee.object = nil
        object?.release()
        pool.withLock { $0.released.append(UInt(bitPattern: record)) }
    }
}
