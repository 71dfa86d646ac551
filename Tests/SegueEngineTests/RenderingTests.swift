import SegueBasics
import SegueCompositor
import SegueModel
import Testing
@testable import SegueEngine

@Suite struct RenderingTests {
    @Test("bands on several threads give the same bytes as one thread")
    func threadsAgree() throws {
        let from = TestImages.detailed(width: 640, height: 480, seed: 7, varyingAlpha: true)
        let to = TestImages.detailed(width: 500, height: 333, seed: 8)
        let single = Engine(threads: 1), many = Engine(threads: 4)
        for spec in [".scale(scale: 0.3, anchor: .topLeading).combined(with: .opacity)", ".push(from: .bottom)",
                     ".offset(x: 3.3, y: 7.7)"] {
            for progress in [0.0, 0.37, 0.8] {
                let a = try Surface(width: 640, height: 480), b = try Surface(width: 640, height: 480)
                let scene = Scene(background: Color(red: 0.2, green: 0.4, blue: 0.6), blend: .plusLighter)
                try single.render(single.transition(spec: spec), from: from, to: to, progress: progress, scene: scene, into: a)
                try many.render(many.transition(spec: spec), from: from, to: to, progress: progress, scene: scene, into: b)
                #expect(a.hasSamePixels(as: b), "\(spec) at \(progress)")
            }
        }
    }

    @Test("rendering is deterministic")
    func deterministic() throws {
        let engine = Engine(threads: 2)
        let input = TestImages.detailed(width: 300, height: 200, varyingAlpha: true)
        let t = try engine.transition(spec: ".scale(scale: 0.7, anchor: .bottom).combined(with: .offset(x: 5.5, y: 2))")
        let a = try Surface(width: 300, height: 200), b = try Surface(width: 300, height: 200)
        try engine.render(t, from: input, to: input, progress: 0.4, scene: Scene(), into: a)
        try engine.render(t, from: input, to: input, progress: 0.4, scene: Scene(), into: b)
        #expect(a.hasSamePixels(as: b))
    }

    @Test("fit letterboxes a wide input and leaves the bars as background")
    func fitPlacement() throws {
        let engine = Engine(threads: 1)
        let wide = TestImages.detailed(width: 200, height: 50)
        let target = try Surface(width: 100, height: 100)
        let background = Color(red: 0, green: 0, blue: 1)
        try engine.render(.identity, from: nil, to: wide, progress: 1, scene: Scene(background: background), into: target)
        // 200×50 fits as 100×25, centred: rows 37..<62.
        #expect(target[50, 10] == background.premultipliedARGB32)
        #expect(target[50, 90] == background.premultipliedARGB32)
        #expect(target[50, 50] >> 24 == 0xFF)
        #expect(target[50, 36] == background.premultipliedARGB32 && target[50, 37] != background.premultipliedARGB32)
        #expect(target[50, 61] != background.premultipliedARGB32 && target[50, 62] == background.premultipliedARGB32)
    }

    @Test("center crops a larger input around its middle, exactly")
    func centerPlacement() throws {
        let engine = Engine(threads: 1)
        let big = TestImages.detailed(width: 300, height: 200)
        let target = try Surface(width: 100, height: 100)
        try engine.render(.identity, from: nil, to: big, progress: 1, scene: Scene(placement: .center), into: target)
        for y in 0..<100 {
            for x in 0..<100 where target[x, y] != big[x + 100, y + 50] {
                Issue.record("pixel (\(x), \(y)) differs")
                return
            }
        }
    }

    @Test("a scene smaller than the target touches only its own area")
    func sceneArea() throws {
        let engine = Engine(threads: 1)
        let target = try Surface(width: 50, height: 50)
        target.fill(0xFF00FF00)
        try engine.render(.identity, from: nil, to: nil, progress: 0.5,
                          scene: Scene(width: 20, height: 10, background: .white), into: target)
        #expect(target[19, 9] == 0xFFFFFFFF && target[20, 9] == 0xFF00FF00 && target[19, 10] == 0xFF00FF00)
    }

    @Test("bad calls throw instead of drawing")
    func refusals() throws {
        let engine = Engine(threads: 1)
        let target = try Surface(width: 10, height: 10)
        #expect(throws: SegueError.self) {
            try engine.render(.opacity, from: nil, to: nil, progress: .nan, scene: Scene(), into: target)
        }
        #expect(throws: SegueError.self) {
            try engine.render(.opacity, from: nil, to: nil, progress: 0, scene: Scene(width: 11, height: 10), into: target)
        }
        #expect(throws: SegueError.self) {
            try engine.render(.opacity, from: target, to: nil, progress: 0, scene: Scene(), into: target)
        }
    }
}
