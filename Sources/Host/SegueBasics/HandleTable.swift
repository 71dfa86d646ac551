import Glibc
import Synchronization

/// Where every handle that crosses a C boundary points: the C API's objects
/// (`segue_surface *` …) and the plugin ABI's (`segue_canvas *` …).
///
/// A handle is the address of a record in one of the table's slabs, which
/// are never given back to the allocator. A pointer is looked up by its
/// value first — does it fall on a record of a slab? — and only then is the
/// record read, so no pointer from outside is ever dereferenced: a forged
/// one, a stray one, one into unmapped memory or one into memory that merely
/// starts with a tag is told apart from a live handle without touching it.
/// The record's tag then says which kind of object it stands for, or that
/// the object is gone.
///
/// An ended record keeps the freed tag and waits in a queue before it is
/// used again: behind the `reuseDelay` most recent ends (2²⁰ of them in a
/// debug build, or when the environment variable `SEGUE_DEBUG_HANDLES` is
/// set to anything but "" or "0"), so a handle used after its end reads as
/// freed for that long. (A record reused since then stands for a new object:
/// a caller that keeps a dead handle across more ends than that may reach it.
/// Using a handle on another thread while it is ended is a race no check sees.)
public enum HandleTable {
    /// What a handle points at.
    public struct Record: ~Copyable {
        /// The kind's tag while live, `HandleTag.freed` once ended, 0 before first use.
        public let tag: Atomic<UInt64>
        /// The C API's references (`*_ref` adds one, `*_unref` drops one); unused by plugin handles.
        public let references: Atomic<Int>
        /// The object, retained while the tag is live; written before the tag
        /// is stored (releasing) and read after it is loaded (acquiring).
        public var object: Unmanaged<AnyObject>?
    }

    /// What a pointer turned out to be, checked against the kind expected.
    public enum Inspection {
        case null
        /// A live handle of the expected kind: its record.
        case live(UnsafeMutablePointer<Record>)
        /// A live handle of another kind.
        case otherKind(HandleTag)
        /// A handle whose object is gone.
        case freed
        /// Not a handle at all.
        case notAHandle
    }

    /// Ends a record waits through before it is used again.
    public static let reuseDelay: Int = {
        #if DEBUG
        return 1 << 20
        #else
        guard let value = getenv("SEGUE_DEBUG_HANDLES") else { return 4096 }
        let text = String(cString: value)
        return text.isEmpty || text == "0" ? 4096 : 1 << 20
        #endif
    }()

    /// Whether ended handles are kept long (a debug build or `SEGUE_DEBUG_HANDLES`).
    public static var isDebugging: Bool { reuseDelay > 4096 }

    /// A new live handle of `kind` for `object`, which it retains, with one reference.
    /// - Throws: `.outOfMemory` when no record can be had.
    public static func make(_ object: AnyObject, _ kind: HandleTag) throws -> OpaquePointer {
        guard let record = slabs.take() else {
            throw SegueError(.outOfMemory, "no memory for another \(kind.typeName) handle")
        }
        record.pointee.object = Unmanaged.passRetained(object)
        record.pointee.references.store(1, ordering: .relaxed)
        record.pointee.tag.store(kind.rawValue, ordering: .releasing)
        return OpaquePointer(record)
    }

    /// What `handle` is, checked against `expected`; the record is read only
    /// when the address is one of the table's.
    public static func inspect(_ handle: OpaquePointer?, expecting expected: HandleTag) -> Inspection {
        guard let handle else { return .null }
        guard let record = slabs.record(at: UInt(bitPattern: UnsafeRawPointer(handle))) else { return .notAHandle }
        let tag = record.pointee.tag.load(ordering: .acquiring)
        if tag == expected.rawValue { return .live(record) }
        if tag == HandleTag.freed { return .freed }
        if let other = HandleTag(rawValue: tag) { return .otherKind(other) }
        return .notAHandle  // a record not handed out yet
    }

    /// Ends a live record of `kind`: its tag becomes the freed tag, its
    /// object is let go, and it waits to be used again. False when it was
    /// not live (another thread ended it first).
    @discardableResult
    public static func end(_ record: UnsafeMutablePointer<Record>, _ kind: HandleTag) -> Bool {
        guard record.pointee.tag.compareExchange(expected: kind.rawValue, desired: HandleTag.freed,
                                                 ordering: .acquiringAndReleasing).exchanged else { return false }
        let object = record.pointee.object
        record.pointee.object = nil
        object?.release()
        slabs.give(record)
        return true
    }

    /// Ends `handle` when it is a live handle of `kind`; leaves anything else alone.
    public static func endIfLive(_ handle: OpaquePointer, _ kind: HandleTag) {
        guard case .live(let record) = inspect(handle, expecting: kind) else { return }
        end(record, kind)
    }

    private static let slabs = Slabs()

    /// The records: slab k holds 1024·2^min(k, 10) of them. Slabs are
    /// published (their base, then the count) without a lock, so a lookup
    /// takes none; handing records out and taking them back does.
    private final class Slabs: @unchecked Sendable {
        static let most = 64
        private let bases = UnsafeMutablePointer<UInt>.allocate(capacity: most)
        private let published = Atomic<Int>(0)

        private struct Supply: ~Copyable {
            /// Ended records in the order they ended, by address; the front is `next`.
            var ended: [UInt] = []
            var next = 0
            /// Records of the newest slab not handed out yet.
            var unused = 0
        }
        private let supply = Mutex(Supply())

        static func capacity(ofSlab k: Int) -> Int { 1024 << min(k, 10) }  // the 64 hold 55 million

        /// The record at `address`, if a slab has one there.
        func record(at address: UInt) -> UnsafeMutablePointer<Record>? {
            let stride = UInt(MemoryLayout<Record>.stride)
            for k in 0..<published.load(ordering: .acquiring) {
                let base = bases[k]
                guard address >= base, case let offset = address - base,
                      offset < UInt(Self.capacity(ofSlab: k)) * stride else { continue }
                return offset % stride == 0 ? UnsafeMutablePointer(bitPattern: address) : nil
            }
            return nil
        }

        /// A record to hand out: the oldest ended one past the delay, else a
        /// new one; nil when a new slab cannot be had.
        func take() -> UnsafeMutablePointer<Record>? {
            supply.withLock { supply in
                if supply.ended.count - supply.next > HandleTable.reuseDelay {
                    let address = supply.ended[supply.next]
                    supply.next += 1
                    if supply.next >= 4 * HandleTable.reuseDelay {  // drop the consumed front now and then
                        supply.ended.removeFirst(supply.next)
                        supply.next = 0
                    }
                    return UnsafeMutablePointer(bitPattern: address)!
                }
                if supply.unused == 0 {
                    guard let count = addSlab() else { return nil }
                    supply.unused = count
                }
                let k = published.load(ordering: .relaxed) - 1
                let index = Self.capacity(ofSlab: k) - supply.unused
                supply.unused -= 1
                return UnsafeMutablePointer<Record>(bitPattern: bases[k])! + index
            }
        }

        /// Takes back an ended record.
        func give(_ record: UnsafeMutablePointer<Record>) {
            supply.withLock { $0.ended.append(UInt(bitPattern: record)) }
        }

        /// A new slab, every record unused (tag 0), published; its capacity,
        /// or nil when there is no memory for it (or 64 slabs, 55 million
        /// handles, are in use).
        private func addSlab() -> Int? {
            let k = published.load(ordering: .relaxed)
            let count = Self.capacity(ofSlab: k)
            guard k < Self.most, let memory = malloc(count * MemoryLayout<Record>.stride) else { return nil }
            let slab = memory.bindMemory(to: Record.self, capacity: count)
            for i in 0..<count {
                (slab + i).initialize(to: Record(tag: Atomic(0), references: Atomic(0), object: nil))
            }
            bases[k] = UInt(bitPattern: slab)
            published.store(k + 1, ordering: .releasing)
            return count
        }
    }
}

extension HandleTable.Inspection {
    /// The object behind a live handle, as `type` (the kind's class); nil
    /// for anything else, and for a handle ended meanwhile on another thread.
    public func object<Object: AnyObject>(as type: Object.Type) -> Object? {
        guard case .live(let record) = self, let object = record.pointee.object?.takeUnretainedValue() else {
            return nil
        }
        return unsafeDowncast(object, to: Object.self)
    }

    /// Why a handle passed as `name`, where a live `expected` was asked for,
    /// is refused: the one wording of the C API and the plugin host
    /// ("transition is a segue_surface, not a segue_transition"). A live
    /// handle is refused only when `object(as:)` found it ended meanwhile.
    public func problem(_ name: String, _ expected: HandleTag) -> String {
        switch self {
        case .live: "\(name) is a \(expected.typeName) that has just ended"
        case .null: "\(name) must not be NULL"
        case .otherKind(let other): "\(name) is a \(other.typeName), not a \(expected.typeName)"
        case .freed: "\(name) is a \(expected.typeName) that has ended or was already freed"
        case .notAHandle: "\(name) is not a \(expected.typeName) (it is no live Segue handle: a stray or forged pointer?)"
        }
    }
}

/// A Swift class that C sees through handles of one kind: the C API's
/// engines, surfaces, transitions and animations, the plugin ABI's
/// canvases, images and paths.
public protocol HandleObject: AnyObject {
    static var handleKind: HandleTag { get }
}

extension HandleObject {
    /// What `handle` is, checked against this class's kind.
    public static func inspect(_ handle: OpaquePointer?) -> HandleTable.Inspection {
        HandleTable.inspect(handle, expecting: handleKind)
    }

    /// The object behind a live handle of this kind, or nil.
    public static func lookup(_ handle: OpaquePointer?) -> Self? {
        inspect(handle).object(as: Self.self)
    }

    /// The object behind a live handle of this kind passed as `name`.
    /// - Throws: `.invalidArgument` saying why for anything else (`Inspection.problem`).
    public static func require(_ handle: OpaquePointer?, _ name: String) throws -> Self {
        let inspection = inspect(handle)
        guard let object = inspection.object(as: Self.self) else {
            throw SegueError.invalidArgument(inspection.problem(name, handleKind))
        }
        return object
    }
}
