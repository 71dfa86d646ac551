import Glibc
import Synchronization
import Testing
@testable import SegueCompositor

/// A fixed number of atomic counters, one per loop index.
final class Counters: @unchecked Sendable {
    let count: Int
    private let slots: UnsafeMutablePointer<Atomic<Int>>

    init(_ count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        for i in 0..<count { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func bump(_ i: Int) { slots[i].wrappingAdd(1, ordering: .relaxed) }
    func value(_ i: Int) -> Int { slots[i].load(ordering: .relaxed) }
    var values: [Int] { (0..<count).map(value) }
}

/// Thread ids seen by a loop.
final class ThreadLog: @unchecked Sendable {
    private let ids = Mutex<[UInt]>([])
    func record() { let id = currentThreadID(); ids.withLock { $0.append(id) } }
    var distinct: Set<UInt> { Set(ids.withLock { $0 }) }
    var all: [UInt] { ids.withLock { $0 } }
}

@Suite("WorkerPool")
struct WorkerPoolTests {
    @Test("forEach runs every index exactly once",
          arguments: [(4, 1000), (4, 3), (4, 4), (4, 5), (1, 100), (3, 1), (2, 0), (8, 10_000)])
    func everyIndexOnce(threads: Int, count: Int) {
        let pool = WorkerPool(threads: threads)
        defer { pool.shutdown() }
        for _ in 0..<5 {   // the same pool, loop after loop
            let counters = Counters(count)
            pool.forEach(count) { counters.bump($0) }
            #expect(counters.values.allSatisfy { $0 == 1 }, "threads \(threads), count \(count)")
        }
        #expect(pool.threadCount == threads)
    }

    @Test("a pool of zero or negative threads still has one: the caller")
    func atLeastOneThread() {
        for n in [0, -3] {
            let pool = WorkerPool(threads: n)
            #expect(pool.threadCount == 1)
            let counters = Counters(10)
            pool.forEach(10) { counters.bump($0) }
            #expect(counters.values == Array(repeating: 1, count: 10))
            pool.shutdown()
        }
    }

    @Test("forEach returns only after every iteration has finished")
    func returnsAfterAll() {
        let pool = WorkerPool(threads: 4)
        defer { pool.shutdown() }
        let finished = Atomic<Int>(0)
        pool.forEach(40) { i in
            if i % 3 == 0 { usleep(2000) }
            finished.wrappingAdd(1, ordering: .relaxed)
        }
        let done = finished.load(ordering: .relaxed)
        #expect(done == 40)
    }

    @Test("iterations spread over the pool's threads")
    func workSpreads() {
        let pool = WorkerPool(threads: 4)
        defer { pool.shutdown() }
        let log = ThreadLog()
        pool.forEach(64) { _ in
            log.record()
            usleep(2000)   // long enough that the workers wake and take their share
        }
        #expect(log.all.count == 64)
        #expect(log.distinct.count > 1, "all 64 iterations ran on one thread")
        #expect(log.distinct.count <= 4)
    }

    @Test("concurrent forEach calls from several threads each run every index exactly once")
    func concurrentCallers() {
        let pool = WorkerPool(threads: 3)
        defer { pool.shutdown() }
        let failures = Atomic<Int>(0)
        onThreads(6) { caller in
            for round in 0..<20 {
                let count = 50 + caller * 37 + round
                let counters = Counters(count)
                pool.forEach(count) { counters.bump($0) }
                if !counters.values.allSatisfy({ $0 == 1 }) { failures.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        let failed = failures.load(ordering: .relaxed)
        #expect(failed == 0)
    }

    @Test("while the pool is busy, another caller's loop runs on its own thread and does not wait")
    func busyPoolFallsBack() {
        let pool = WorkerPool(threads: 3)
        defer { pool.shutdown() }
        let holding = Atomic<Bool>(false), release = Atomic<Bool>(false)
        let holderDone = Atomic<Bool>(false)
        let finishedWhileHeld = Atomic<Bool>(false), allOnce = Atomic<Bool>(false)
        let holder = Counters(2)
        // Thread A holds the pool: iteration 0 waits until released.
        let ids = Mutex<[UInt]>([])
        let log = ThreadLog()
        onThreads(2) { role in
            if role == 0 {
                pool.forEach(2) { i in
                    holder.bump(i)
                    if i == 0 {
                        holding.store(true, ordering: .releasing)
                        while !release.load(ordering: .acquiring) { usleep(100) }
                    }
                }
                holderDone.store(true, ordering: .releasing)
            } else {
                while !holding.load(ordering: .acquiring) { usleep(100) }
                let me = currentThreadID()
                ids.withLock { $0.append(me) }
                let counters = Counters(100)
                pool.forEach(100) { i in
                    counters.bump(i)
                    log.record()
                }
                // Finished while the first loop is still held.
                finishedWhileHeld.store(!holderDone.load(ordering: .acquiring), ordering: .relaxed)
                allOnce.store(counters.values.allSatisfy { $0 == 1 }, ordering: .relaxed)
                release.store(true, ordering: .releasing)
            }
        }
        #expect(holder.values == [1, 1])
        let wasHeld = finishedWhileHeld.load(ordering: .relaxed), once = allOnce.load(ordering: .relaxed)
        #expect(wasHeld, "the second loop waited for the first")
        #expect(once)
        #expect(log.distinct == Set(ids.withLock { $0 }), "the second loop ran only on its caller")
    }

    @Test("shutdown waits for workers that are still running iterations")
    func shutdownWaitsForRunningWorkers() {
        let pool = WorkerPool(threads: 4)
        let log = ThreadLog()
        let workersFinished = Atomic<Int>(0), finishedAtShutdown = Atomic<Int>(-1), allFour = Atomic<Bool>(false)
        let clock = ContinuousClock()
        onThreads(2) { role in
            if role == 0 {
                let caller = currentThreadID()
                pool.forEach(4) { _ in
                    log.record()
                    // Hold every thread here until all four have an iteration, so the three
                    // workers are surely inside the loop when shutdown comes.
                    let deadline = clock.now + .seconds(5)
                    while log.distinct.count < 4 && clock.now < deadline { usleep(200) }
                    usleep(100_000)
                    if currentThreadID() != caller { workersFinished.wrappingAdd(1, ordering: .relaxed) }
                }
            } else {
                let deadline = clock.now + .seconds(5)
                while log.distinct.count < 4 && clock.now < deadline { usleep(200) }
                guard log.distinct.count == 4 else { return }   // a worker never woke: nothing to test
                allFour.store(true, ordering: .relaxed)
                pool.shutdown()
                finishedAtShutdown.store(workersFinished.load(ordering: .relaxed), ordering: .relaxed)
            }
        }
        pool.shutdown()
        let four = allFour.load(ordering: .relaxed), atShutdown = finishedAtShutdown.load(ordering: .relaxed)
        #expect(four, "the three workers never all took an iteration")
        #expect(atShutdown == 3, "shutdown returned while workers were still running (\(atShutdown) of 3 finished)")
    }

    @Test("shutdown joins the workers: afterwards nothing holds the pool")
    func shutdownJoins() {
        weak var weakPool: WorkerPool?
        do {
            let pool = WorkerPool(threads: 4)
            weakPool = pool
            let counters = Counters(100)
            pool.forEach(100) { counters.bump($0) }
            pool.shutdown()
            // After shutdown the loop still runs, on the caller.
            let log = ThreadLog()
            let after = Counters(10)
            pool.forEach(10) { after.bump($0); log.record() }
            #expect(after.values.allSatisfy { $0 == 1 })
            #expect(log.distinct == [currentThreadID()])
            pool.shutdown()   // twice is harmless
        }
        // Workers retain the pool until their thread function returns; joined, they are gone.
        #expect(weakPool == nil)
    }
}
