import Glibc
import Synchronization

/// A few long-lived threads that run the iterations of one loop at a time,
/// with the calling thread taking part. When another caller already holds
/// the pool, the loop simply runs on the calling thread, so concurrent
/// renders never wait for each other.
final class WorkerPool: @unchecked Sendable {
    let threadCount: Int
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let inUse = Atomic<Bool>(false)
    private let nextIndex = Atomic<Int>(0)
    // Guarded by `lock`.
    private var job: ((Int) -> Void)?
    private var jobCount = 0
    private var generation = 0
    private var busyWorkers = 0
    private var shuttingDown = false
    private var workers: [pthread_t] = []

    /// A pool that runs loops on `threads` threads in all (the caller included).
    init(threads: Int) {
        threadCount = max(1, threads)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(finished, nil)
        for _ in 1..<threadCount {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let created = pthread_create(&thread, nil, { context in
                let pool = Unmanaged<WorkerPool>.fromOpaque(context!).takeRetainedValue()
                pool.workerLoop()
                return nil
            }, context)
            if created == 0 {
                workers.append(thread)
            } else {
                Unmanaged<WorkerPool>.fromOpaque(context).release()
            }
        }
    }

    /// Stops the workers and waits for them. Pools live as long as their
    /// compositor, which calls this from its deinit; it must not be called
    /// while a `forEach` is running.
    func shutdown() {
        pthread_mutex_lock(lock)
        shuttingDown = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
        for worker in workers { pthread_join(worker, nil) }
        workers = []
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(wake)
        pthread_cond_destroy(finished)
        lock.deallocate()
        wake.deallocate()
        finished.deallocate()
    }

    /// Runs `body(0)` … `body(count − 1)`, spread over the pool, and returns
    /// when all have finished. Iterations must not depend on each other.
    func forEach(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1, !workers.isEmpty,
              inUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        else {
            for i in 0..<count { body(i) }
            return
        }
        defer { inUse.store(false, ordering: .releasing) }
        withoutActuallyEscaping(body) { body in
            pthread_mutex_lock(lock)
            job = body
            jobCount = count
            nextIndex.store(0, ordering: .relaxed)
            busyWorkers = workers.count
            generation += 1
            pthread_cond_broadcast(wake)
            pthread_mutex_unlock(lock)

            runIterations(body, count)

            pthread_mutex_lock(lock)
            while busyWorkers > 0 { pthread_cond_wait(finished, lock) }
            job = nil
            pthread_mutex_unlock(lock)
        }
    }

    private func runIterations(_ body: (Int) -> Void, _ count: Int) {
        while true {
            let i = nextIndex.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            body(i)
        }
    }

    private func workerLoop() {
        var seenGeneration = 0
        pthread_mutex_lock(lock)
        while true {
            while generation == seenGeneration && !shuttingDown { pthread_cond_wait(wake, lock) }
            if shuttingDown { break }
            seenGeneration = generation
            let body = job!, count = jobCount
            pthread_mutex_unlock(lock)
            runIterations(body, count)
            pthread_mutex_lock(lock)
            busyWorkers -= 1
            if busyWorkers == 0 { pthread_cond_signal(finished) }
        }
        pthread_mutex_unlock(lock)
    }
}
