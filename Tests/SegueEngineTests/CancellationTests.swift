import SegueBasics
@testable import SegueCompositor
import Synchronization
import Testing
@testable import SegueEngine

/// A cancellation requested from the `after`-th time it is asked on, which
/// counts how often it was asked.
private final class CountingCancellation: Sendable {
    let asked = Atomic<Int>(0)
    let after: Int

    init(after: Int) { self.after = after }

    var cancellation: Cancellation {
        Cancellation { self.asked.add(1, ordering: .relaxed).newValue > self.after }
    }
}

@Suite struct CancellationTests {
    static let sentinel: UInt32 = 0x1234_5678

    func sentinelSurface(width: Int, height: Int) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        for y in 0..<height { for x in 0..<width { surface[x, y] = Self.sentinel } }
        return surface
    }

    @Test("a render cancelled before it starts leaves the target as it was")
    func beforeStart() throws {
        let engine = Engine(threads: 1)
        let input = TestImages.detailed(width: 64, height: 64)
        let target = try sentinelSurface(width: 64, height: 64)
        #expect(throws: SegueError(.cancelled, "the render was cancelled")) {
            try engine.render(.opacity, from: input, to: input, progress: 0.5, scene: Scene(), into: target,
                              cancellation: Cancellation { true })
        }
        #expect((0..<64).allSatisfy { y in (0..<64).allSatisfy { target[$0, y] == Self.sentinel } })
    }

    @Test("effects are asked before each one runs")
    func betweenEffects() throws {
        let engine = Engine(threads: 1)
        let input = TestImages.detailed(width: 64, height: 64)
        let spec = ".scale.combined(with: .opacity).combined(with: .offset(x: 3, y: 4))"
        // Three effects on each of two views, then one question per band: the
        // fourth question is the second view's first effect.
        let counter = CountingCancellation(after: 3)
        #expect(throws: SegueError.self) {
            try engine.render(engine.transition(spec: spec), from: input, to: input, progress: 0.5, scene: Scene(),
                              into: try Surface(width: 64, height: 64), cancellation: counter.cancellation)
        }
        #expect(counter.asked.load(ordering: .relaxed) == 4)
    }

    @Test("bands not begun when it is requested are left as they were")
    func betweenBands() throws {
        let engine = Engine(threads: 1)
        let input = TestImages.detailed(width: 100, height: 300)
        let target = try sentinelSurface(width: 100, height: 300)
        let reference = try Surface(width: 100, height: 300)
        try engine.render(.opacity, from: nil, to: input, progress: 1, scene: Scene(), into: reference)
        // One effect, the check before compositing, then one per band: two
        // bands are drawn before the third is refused.
        let counter = CountingCancellation(after: 4)
        #expect(throws: SegueError.self) {
            try engine.render(.opacity, from: nil, to: input, progress: 1, scene: Scene(), into: target,
                              cancellation: counter.cancellation)
        }
        let drawnRows = 2 * Compositor.bandHeight
        for y in stride(from: 0, to: 300, by: 7) {
            for x in stride(from: 0, to: 100, by: 9) {
                #expect(target[x, y] == (y < drawnRows ? reference[x, y] : Self.sentinel), "pixel (\(x), \(y))")
            }
        }
    }
}
