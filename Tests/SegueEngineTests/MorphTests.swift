import Glibc
import SegueBasics
import SegueCompositor
import SegueModel
import Testing
@testable import SegueEngine

/// `.morph(from:to:)`: the content clipped to an outline between two shapes.
/// References: the content drawn with the shape itself as a static clip
/// (the compositor's clip, not the effect's outline), and the content.
@Suite struct MorphTests {
    let engine = Engine(threads: 2)
    static let input = TestImages.detailed(width: 160, height: 120, seed: 3, varyingAlpha: true)

    func render(_ spec: String, progress: Double, to input: Surface = MorphTests.input) throws -> Surface {
        let target = try Surface(width: input.width, height: input.height)
        try engine.render(try engine.transition(spec: spec), from: nil, to: input, progress: progress, scene: Scene(),
                          into: target)
        return target
    }

    /// The input drawn clipped to `shape` fitted to its frame.
    func staticClip(_ shape: String, _ input: Surface = MorphTests.input) throws -> Surface {
        let frame = Rect(x: 0, y: 0, width: Double(input.width), height: Double(input.height))
        let path = try MorphShape(spec: shape).path(in: frame)
        let target = try Surface(width: input.width, height: input.height)
        let picture = Picture([DrawItem(source: .surface(input), clip: .path(path, .nonZero))])
        try Compositor(threads: 1).render(picture, background: .clear, into: target)
        return target
    }

    @Test("a morph between identical shapes is the static clip at every progress",
          arguments: [".circle", ".star(points: 6, innerRadius: 0.4)", ".heart", ".path(\"M0 0 L5 1 L2 4 Z\")"])
    func identicalShapesHoldStill(shape: String) throws {
        let still = try staticClip(shape)
        for progress in [0.0, 0.2, 0.5, 0.77, 1, 1.3, -0.2] {
            let got = try render(".morph(from: \(shape), to: \(shape))", progress: progress)
            #expect(differingPixels(got, still) == 0, "progress \(progress)")
        }
    }

    @Test("it starts on its from shape and ends on the content, exactly")
    func endsAreExact() throws {
        for shape in [".circle", ".star", ".heart", ".capsule"] {
            let spec = ".morph(from: \(shape))"
            #expect(try render(spec, progress: 1).hasSamePixels(as: Self.input), "\(spec) at 1")
            #expect(differingPixels(try render(spec, progress: 0), try staticClip(shape)) == 0, "\(spec) at 0")
            // A removal starts as the content too.
            let removed = try Surface(width: 160, height: 120)
            try engine.render(try engine.transition(spec: spec), from: Self.input, to: nil, progress: 0, scene: Scene(),
                              into: removed)
            #expect(removed.hasSamePixels(as: Self.input), "\(spec) removing")
        }
    }

    @Test("half-way the clip lies between the shapes, anti-aliased, with no fade or scale of its own")
    func halfWayIsBetween() throws {
        let opaque = TestImages.detailed(width: 160, height: 120, seed: 5)
        let got = try render(".morph(from: .circle, to: .rect)", progress: 0.5, to: opaque)
        var partial = 0
        for y in 0..<120 {
            for x in 0..<160 {
                let alpha = got[x, y] >> 24
                if alpha == 255 { #expect(got[x, y] == opaque[x, y], "(\(x), \(y)) inside is the content as it is") }
                if alpha > 0 && alpha < 255 { partial += 1 }
            }
        }
        #expect(partial > 100, "an anti-aliased edge")
        // The circle (diameter 120, centred) is inside; the frame's corners are outside until the end.
        #expect(got[80, 60] == opaque[80, 60] && got[80, 2] == opaque[80, 2])
        #expect(got[0, 0] == 0 && got[159, 119] == 0)
        // Midway along the top edge the outline is half-way between the circle's top (y 0) and the
        // frame's top (y 0): the same; at the left, between x 20 (the circle) and 0 (the frame): 10.
        #expect(got[12, 60] == opaque[12, 60] && got[8, 60] >> 24 == 0)
    }

    @Test("outlines are normalised: a clockwise and an anticlockwise triangle morph without turning inside out")
    func directionIsNormalised() throws {
        let clockwise = ".path(\"M50 0 L100 100 L0 100 Z\")", anticlockwise = ".path(\"M0 100 L100 100 L50 0 Z\")"
        // The same triangle drawn both ways: identical outlines, so the static clip throughout.
        let still = try staticClip(clockwise)
        let got = try render(".morph(from: \(clockwise), to: \(anticlockwise))", progress: 0.5)
        #expect(differingPixels(got, still) == 0)
    }

    @Test("values far out of range and every shape pair render without failing")
    func robust() throws {
        let shapes = [".circle", ".rect", ".roundedRect(cornerRadius: 500)", ".capsule", ".star(points: 100, innerRadius: 0)",
                      ".heart", ".path(\"M0 0 h1e6 v1 z\")"]
        for a in shapes {
            for b in shapes {
                for progress in [0.5, 7, -3, 1e12] {
                    _ = try render(".morph(from: \(a), to: \(b))", progress: progress, to: TestImages.detailed(width: 40, height: 30))
                }
            }
        }
        _ = try render(".modifier(active: .morph(progress: 0, points: 8), identity: .morph(progress: 1, points: 2048))",
                       progress: 0.5)
    }
}
