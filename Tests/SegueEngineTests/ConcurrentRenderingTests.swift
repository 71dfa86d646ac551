import Glibc
import SegueBasics
import SegueCompositor
import Testing
@testable import SegueEngine

/// Runs `body(i)` for i in 0..<count, each on its own POSIX thread, all at once.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Job: @unchecked Sendable {
        let index: Int, body: @Sendable (Int) -> Void
        init(_ index: Int, _ body: @escaping @Sendable (Int) -> Void) { self.index = index; self.body = body }
    }
    var threads: [pthread_t] = []
    for index in 0..<count {
        var thread = pthread_t()
        let job = Unmanaged.passRetained(Job(index, body)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.body(job.index)
            return nil
        }, job)
        precondition(created == 0, "pthread_create failed")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// One engine shared by eight threads, each parsing its own transitions and
/// rendering into its own targets, must give the bytes a one-thread engine
/// gives. `make tsan` runs this suite under ThreadSanitizer.
@Suite struct ConcurrentRenderingTests {
    static let specs = [
        ".opacity", ".scale(scale: 0.3, anchor: .bottomTrailing).combined(with: .opacity)", ".move(edge: .leading)",
        ".offset(x: 13.5, y: -7.25)", ".slide", ".push(from: .top)",
        ".asymmetric(insertion: .scale, removal: .move(edge: .bottom))", ".identity",
    ]
    static let progresses = [0.25, 0.6]
    static let sizes = [(240, 135), (150, 200)]

    struct Job {
        let spec: String, progress: Double, width: Int, height: Int
    }

    static let jobs: [Job] = sizes.flatMap { size in
        progresses.flatMap { p in specs.map { Job(spec: $0, progress: p, width: size.0, height: size.1) } }
    }

    static func render(_ job: Job, with engine: Engine, from: Surface, to: Surface) throws -> Surface {
        let target = try Surface(width: job.width, height: job.height)
        let scene = Scene(background: Color(red: 0.1, green: 0.2, blue: 0.3), blend: .plusLighter)
        try engine.render(engine.transition(spec: job.spec), from: from, to: to, progress: job.progress,
                          scene: scene, into: target)
        return target
    }

    @Test("eight threads on one engine render what one thread does")
    func eightThreads() throws {
        let from = TestImages.detailed(width: 320, height: 180, seed: 3, varyingAlpha: true)
        let to = TestImages.detailed(width: 200, height: 240, seed: 4)
        let single = Engine(threads: 1), shared = Engine(threads: 2)
        let references = try Self.jobs.map { try Self.render($0, with: single, from: from, to: to) }
        let differences = (0..<8).map { _ in UnsafeMutablePointer<Int>.allocate(capacity: 1) }
        defer { differences.forEach { $0.deallocate() } }
        let slots = differences.map { UInt(bitPattern: $0) }
        onThreads(8) { thread in
            var count = 0
            for round in 0..<2 {
                for k in Self.jobs.indices {
                    let j = (k + thread * 5 + round) % Self.jobs.count
                    let frame = try? Self.render(Self.jobs[j], with: shared, from: from, to: to)
                    if frame.map({ !$0.hasSamePixels(as: references[j]) }) ?? true { count += 1 }
                }
            }
            UnsafeMutablePointer<Int>(bitPattern: slots[thread])!.pointee = count
        }
        #expect(differences.map(\.pointee) == Array(repeating: 0, count: 8))
    }
}
