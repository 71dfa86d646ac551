import Glibc

/// Memory for surfaces, with the last few large blocks that were freed kept
/// for the next surface of the same size.
///
/// A frame allocates and frees the same large surfaces over and over (a view
/// rasterised for a plugin, a layer, a plugin's scratch image), and memory
/// fresh from the kernel costs a page fault for every 4 KiB: for a 1080p
/// surface that is several times what clearing reused memory costs. Blocks
/// below `smallest` go straight to malloc, which recycles them well already;
/// at most `capacity` blocks and `budget` bytes are kept, so resident memory
/// stays bounded however many sizes pass through.
final class PixelMemory: @unchecked Sendable {
    /// The one all surfaces share.
    static let shared = PixelMemory()

    private let smallest: Int
    private let capacity: Int
    private let budget: Int
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var kept: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = []
    private var keptBytes = 0

    init(smallest: Int = 1 << 20, capacity: Int = 8, budget: Int = 256 << 20) {
        self.smallest = smallest
        self.capacity = capacity
        self.budget = budget
        pthread_mutex_init(lock, nil)
    }

    deinit {
        freeKept()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// `bytes` of memory, zeroed when `cleared`, or nil when there is none;
    /// give it back with release(_:bytes:).
    func allocate(bytes: Int, cleared: Bool) -> UnsafeMutableRawPointer? {
        guard bytes >= smallest else { return calloc(1, bytes) }
        if let pointer = take(bytes: bytes) {
            if cleared { memset(pointer, 0, bytes) }
            return pointer
        }
        if let pointer = calloc(1, bytes) { return pointer }
        freeKept() // short of memory: what is kept goes back first
        return calloc(1, bytes)
    }

    /// Frees memory from allocate(bytes:cleared:), or keeps it for the next surface of its size.
    func release(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
        guard bytes >= smallest else { return free(pointer) }
        pthread_mutex_lock(lock)
        var evicted: [UnsafeMutableRawPointer] = []
        kept.append((pointer, bytes))
        keptBytes += bytes
        while kept.count > capacity || keptBytes > budget {
            let oldest = kept.removeFirst()
            keptBytes -= oldest.bytes
            evicted.append(oldest.pointer)
        }
        pthread_mutex_unlock(lock)
        evicted.forEach { free($0) }
    }

    private func freeKept() {
        pthread_mutex_lock(lock)
        let all = kept.map(\.pointer)
        kept.removeAll()
        keptBytes = 0
        pthread_mutex_unlock(lock)
        all.forEach { free($0) }
    }

    private func take(bytes: Int) -> UnsafeMutableRawPointer? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let index = kept.lastIndex(where: { $0.bytes == bytes }) else { return nil }
        keptBytes -= bytes
        return kept.remove(at: index).pointer
    }
}
