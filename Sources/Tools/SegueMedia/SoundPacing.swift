import Glibc
import SegueBasics

/// How far a file's sound has been written, shared by the thread that
/// writes it and the one that writes the pictures: the pictures wait while
/// they are more than `lead` seconds ahead, so what the muxer holds to
/// interleave the two (pictures waiting for their sound) stays bounded,
/// however long the file. A sound written on the pictures' own thread,
/// frame by frame, never keeps them waiting. `[thread-safe]`
final class SoundPacing: @unchecked Sendable {
    private let lead: Double
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `lock`.
    private var written = 0.0
    private var isOver = false

    init(lead: Double) {
        self.lead = lead
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
    }

    /// The sound is written up to `seconds`.
    func reached(_ seconds: Double) {
        pthread_mutex_lock(lock)
        written = seconds
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// No more sound comes (it is all written, or its writer stopped): nothing waits for it.
    func end() {
        pthread_mutex_lock(lock)
        isOver = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// Waits until the sound is written to within `lead` seconds of `seconds`, or ends.
    func wait(for seconds: Double) {
        pthread_mutex_lock(lock)
        while !isOver && seconds - written > lead { pthread_cond_wait(changed, lock) }
        pthread_mutex_unlock(lock)
    }
}

/// A function run on a thread of its own; `join` waits for it and throws
/// what it threw.
public final class BackgroundThread: @unchecked Sendable {
    private var thread: pthread_t?
    private let body: () throws -> Void
    private var failure: Error?

    /// Starts `body` at once.
    /// - Throws: `.io` when no thread can be started (then `body` has not run).
    public init(_ what: String, _ body: @escaping () throws -> Void) throws {
        self.body = body
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, { context in
            let this = Unmanaged<BackgroundThread>.fromOpaque(context!).takeRetainedValue()
            do { try this.body() } catch { this.failure = error }
            return nil
        }, context) == 0 else {
            Unmanaged<BackgroundThread>.fromOpaque(context).release()
            throw SegueError(.io, "cannot start a thread to \(what)")
        }
        self.thread = thread
    }

    /// Waits for the function to return; throws what it threw. Once only.
    public func join() throws {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
        if let failure { throw failure }
    }
}
