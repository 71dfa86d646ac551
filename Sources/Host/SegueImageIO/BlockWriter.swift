import Glibc
import SegueBasics

/// Writes bytes to a stream in order, on a thread of its own: the producer
/// fills the next block while earlier ones are written, so a slow disk and
/// the producer's work overlap instead of adding up. `depth` blocks of
/// `capacity` bytes exist; `block()` waits for a free one. Bytes that stay
/// in memory someone else owns (a decoder's frame) can be queued too,
/// without a copy (`submit(borrowing:keeping:)`).
///
/// A stream with a file descriptor is written through it (`writev`, after
/// one `fflush`), not through stdio: while the writer lives, nothing else
/// may write to it. A write error is reported by the next `block()`,
/// `submit`, or `finish()`; after it nothing more is written.
/// `[one producer thread]`: one thread calls these methods; the writer
/// thread is the class's own.
public final class BlockWriter: @unchecked Sendable {
    private let file: UnsafeMutablePointer<FILE>
    private let name: String
    private let afterEachWrite: (() -> Void)?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let memory: [UnsafeMutableRawBufferPointer]
    private var thread: pthread_t?
    /// What waits to be written: one of the writer's blocks, or bytes held by `owner`.
    private enum Item {
        case block(index: Int, count: Int)
        case borrowed(parts: [UnsafeRawBufferPointer], owner: AnyObject)
    }
    // Guarded by `lock`: blocks free to fill, items waiting to be written.
    private var free: [Int]
    private var queued: [Item] = []
    private var isWriting = false
    private var isStopping = false
    private var failure: SegueError?
    /// The block handed out by `block()` and not yet submitted.
    private var current: Int?

    /// - Parameters:
    ///   - name: what error messages call the stream ("'out.y4m'").
    ///   - afterEachWrite: runs on the writer thread after each block or
    ///     borrowed item is written (to start the file's writeback, say).
    /// - Throws: `.outOfMemory`; `.io` when the thread cannot start.
    public init(file: UnsafeMutablePointer<FILE>, capacity: Int, depth: Int = 3, name: String,
                afterEachWrite: (() -> Void)? = nil) throws {
        self.file = file
        self.name = name
        self.afterEachWrite = afterEachWrite
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
        try enqueue(.block(index: index, count: count))
    }

    /// Queues `parts`, written one after another as they are, without a
    /// copy: their memory must stay unchanged while `owner` is retained.
    /// The writer keeps `owner` until they are written, then releases it on
    /// its own thread. Waits while `depth` items are queued already, so a
    /// fast producer holds at most that many owners.
    /// - Throws: the error an earlier write met.
    public func submit(borrowing parts: [UnsafeRawBufferPointer], keeping owner: AnyObject) throws {
        precondition(current == nil, "submit the block first")
        locked {
            while queued.count >= memory.count && failure == nil { pthread_cond_wait(changed, lock) }
        }
        try enqueue(.borrowed(parts: parts, owner: owner))
    }

    /// Waits until every queued item is written, then stops the thread.
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
        locked { queued.removeAll() }
    }

    private func enqueue(_ item: Item) throws {
        try locked {
            if let failure { throw failure }
            queued.append(item)
            pthread_cond_broadcast(changed)
        }
    }

    private func writeLoop() {
        // Whatever stdio holds goes first; from here on the descriptor is written directly.
        let descriptor = fflush(file) == 0 ? fileno(file) : -1
        while true {
            let next: Item? = locked {
                while queued.isEmpty && !isStopping { pthread_cond_wait(changed, lock) }
                guard !isStopping, failure == nil else { return nil }
                isWriting = true
                return queued.removeFirst()
            }
            // A borrowed item's owner is released with `item`, at the end of the pass, on this thread.
            guard let item = next else { return }
            let parts = switch item {
            case .block(let index, let count): [UnsafeRawBufferPointer(rebasing: memory[index][..<count])]
            case .borrowed(let parts, _): parts
            }
            let written = descriptor >= 0 ? Self.write(parts, to: descriptor) : Self.write(parts, to: file)
            let error = written ? nil : SegueError(.io, "cannot write \(name): \(describeErrno())")
            if error == nil { afterEachWrite?() }
            locked {
                isWriting = false
                if case .block(let index, _) = item { free.append(index) }
                if let error, failure == nil { failure = error }
                pthread_cond_broadcast(changed)
            }
        }
    }

    /// Writes every byte of `parts` in order through `descriptor`, as few
    /// system calls as `writev` allows, resuming after short writes and
    /// interruptions. False on an error (`errno` says which).
    private static func write(_ parts: [UnsafeRawBufferPointer], to descriptor: Int32) -> Bool {
        var vectors = parts.filter { $0.count > 0 }.map {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
        }
        var first = 0
        while first < vectors.count {
            let count = min(vectors.count - first, vectorLimit)
            var done = vectors.withUnsafeBufferPointer { writev(descriptor, $0.baseAddress! + first, Int32(count)) }
            if done < 0 {
                if errno == EINTR { continue }
                return false
            }
            // Skip what was written: whole vectors, then the written part of the next.
            while done > 0, done >= vectors[first].iov_len {
                done -= vectors[first].iov_len
                first += 1
            }
            if done > 0 {
                vectors[first].iov_base += done
                vectors[first].iov_len -= done
            }
        }
        return true
    }

    /// The most parts one `writev` takes (IOV_MAX: 1024 on Linux, at least 16 anywhere).
    private static let vectorLimit = max(16, sysconf(Int32(_SC_IOV_MAX)))

    /// `parts` through stdio, for a stream without a descriptor (a memory stream).
    private static func write(_ parts: [UnsafeRawBufferPointer], to file: UnsafeMutablePointer<FILE>) -> Bool {
        parts.allSatisfy { $0.isEmpty || fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
    }

    private func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body()
    }
}
