import Glibc
import SegueBasics

/// Writes blocks of bytes to a stream in order, on a thread of its own: the
/// producer fills the next block while earlier ones are written, so a slow
/// disk and the producer's work overlap instead of adding up. `depth`
/// blocks of `capacity` bytes exist; `block()` waits for a free one.
///
/// A write error is reported by the next `block()`, `submit(_:)` or
/// `finish()`; after it nothing more is written. `[one producer thread]`:
/// one thread calls these methods; the writer thread is the class's own.
public final class BlockWriter: @unchecked Sendable {
    private let file: UnsafeMutablePointer<FILE>
    private let name: String
    private let afterEachBlock: (() -> Void)?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let memory: [UnsafeMutableRawBufferPointer]
    private var thread: pthread_t?
    // Guarded by `lock`: blocks free to fill, blocks waiting to be written (index, bytes).
    private var free: [Int]
    private var queued: [(Int, Int)] = []
    private var isWriting = false
    private var isStopping = false
    private var failure: SegueError?
    /// The block handed out by `block()` and not yet submitted.
    private var current: Int?

    /// - Parameters:
    ///   - name: what error messages call the stream ("'out.y4m'").
    ///   - afterEachBlock: runs on the writer thread after each block (to
    ///     start the file's writeback, say).
    /// - Throws: `.outOfMemory`; `.io` when the thread cannot start.
    public init(file: UnsafeMutablePointer<FILE>, capacity: Int, depth: Int = 3, name: String,
                afterEachBlock: (() -> Void)? = nil) throws {
        self.file = file
        self.name = name
        self.afterEachBlock = afterEachBlock
        var blocks: [UnsafeMutableRawBufferPointer] = []
        for _ in 0..<max(2, depth) {
            guard let base = malloc(capacity) else {
                blocks.forEach { Glibc.free($0.baseAddress) }
                throw SegueError(.outOfMemory, "cannot allocate \(capacity) bytes to write \(name)")
            }
            blocks.append(UnsafeMutableRawBufferPointer(start: base, count: capacity))
        }
        memory = blocks
        free = Array(blocks.indices)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<BlockWriter>.fromOpaque(context!).takeRetainedValue().writeLoop()
            return nil
        }, context) == 0 else {
            Unmanaged<BlockWriter>.fromOpaque(context).release()
            throw SegueError(.io, "cannot start a thread to write \(name)")
        }
        self.thread = thread
    }

    deinit {
        memory.forEach { Glibc.free($0.baseAddress) }
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
    }

    /// A free block to fill, valid until it is submitted.
    /// - Throws: the error an earlier write met.
    public func block() throws -> UnsafeMutableRawBufferPointer {
        precondition(current == nil, "submit the block first")
        let index: Int = try locked {
            while free.isEmpty && failure == nil { pthread_cond_wait(changed, lock) }
            if let failure { throw failure }
            return free.removeLast()
        }
        current = index
        return memory[index]
    }

    /// Queues the block from `block()`, holding `count` bytes.
    public func submit(_ count: Int) throws {
        guard let index = current else { preconditionFailure("no block to submit") }
        current = nil
        try locked {
            if let failure { throw failure }
            queued.append((index, count))
            pthread_cond_broadcast(changed)
        }
    }

    /// Waits until every queued block is written, then stops the thread.
    /// - Throws: the error a write met.
    public func finish() throws {
        try locked {
            while (!queued.isEmpty || isWriting) && failure == nil { pthread_cond_wait(changed, lock) }
            if let failure { throw failure }
        }
        stop()
    }

    /// Stops the thread, dropping what is still queued (for abandoning the output).
    /// Does nothing the second time.
    public func stop() {
        guard let thread else { return }
        locked {
            isStopping = true
            pthread_cond_broadcast(changed)
        }
        pthread_join(thread, nil)
        self.thread = nil
    }

    private func writeLoop() {
        while true {
            let next: (Int, Int)? = locked {
                while queued.isEmpty && !isStopping { pthread_cond_wait(changed, lock) }
                guard !isStopping, failure == nil else { return nil }
                isWriting = true
                return queued.removeFirst()
            }
            guard let (index, count) = next else { return }
            let written = fwrite(memory[index].baseAddress, 1, count, file)
            let error = written == count ? nil : SegueError(.io, "cannot write \(name): \(describeErrno())")
            if error == nil { afterEachBlock?() }
            locked {
                isWriting = false
                if let error, failure == nil { failure = error }
                free.append(index)
                pthread_cond_broadcast(changed)
            }
        }
    }

    private func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body()
    }
}
