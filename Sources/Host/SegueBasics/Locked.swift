import Glibc

/// A value that threads share, reached only while holding its lock.
///
/// The lock is a `pthread_mutex_t` rather than `Synchronization.Mutex`: on
/// Linux, `Mutex` locks with futex calls that ThreadSanitizer does not see,
/// so it reports every value the lock guards as a data race. ThreadSanitizer
/// understands pthread's mutex, which keeps `make tsan` meaningful. Both
/// cost the same when uncontended.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init(_ value: consuming Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock for its whole run.
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value when the lock is free right now; returns
    /// nil without waiting when another thread holds it (for an exit hook
    /// that must not wait on a thread the exit interrupted). Not for signal
    /// handlers: nothing here is async-signal-safe.
    public func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
