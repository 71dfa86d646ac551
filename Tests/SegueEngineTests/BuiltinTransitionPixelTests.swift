import CPixman
import SegueBasics
import SegueCompositor
import SegueModel
import Testing
@testable import SegueEngine

/// Pixel tests of the built-in transitions, each against an independent
/// expectation: the input itself, an exact shift, or pixman called directly.
@Suite struct BuiltinTransitionPixelTests {
    let engine = Engine(threads: 1)

    func render(_ spec: String, from: Surface?, to: Surface?, progress: Double, scene: Scene = Scene(),
                width: Int = 400, height: Int = 300) throws -> Surface {
        let target = try Surface(width: width, height: height)
        try engine.render(try engine.transition(spec: spec), from: from, to: to, progress: progress,
                          scene: scene, into: target)
        return target
    }

    static let everyBuiltin = [
        ".identity", ".opacity", ".scale", ".scale(scale: 0.5, anchor: .bottom)", ".move(edge: .leading)",
        ".move(edge: .top)", ".offset(x: 13.5, y: -7.25)", ".slide", ".push(from: .trailing)",
        ".asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), removal: .scale(scale: 0.5, anchor: .bottom))",
        ".rotation", ".rotation(angle: .radians(-1.2), anchor: .topLeading)", ".rotation3D",
        ".rotation3D(angle: -60, axis: (x: 1, y: 0.5, z: 0.2), perspective: 0.5)", ".flip", ".flip(axis: .x)",
        ".blur", ".blur(radius: 7, opaque: true)", ".blurReplace", ".blurReplace(.upUp)", ".brightness", ".contrast",
        ".saturation", ".grayscale", ".hueRotation", ".colorMultiply(color: .orange)", ".colorInvert",
        ".brightness(0.3).combined(with: .contrast(2)).combined(with: .hueRotation(.degrees(90)))",
        ".expand(edge: .top)", ".expand(edge: .trailing, mode: .squash)", ".collapse(edge: .bottom)",
        ".rotation(angle: 20).combined(with: .blur(radius: 3)).combined(with: .rotation3D(angle: 30))",
    ]

    @Test("identity state renders the input byte for byte", arguments: everyBuiltin)
    func identityIsExact(spec: String) throws {
        let input = TestImages.detailed(width: 400, height: 300, varyingAlpha: true)
        let inserted = try render(spec, from: nil, to: input, progress: 1)
        #expect(inserted.hasSamePixels(as: input))
        let removed = try render(spec, from: input, to: nil, progress: 0)
        #expect(removed.hasSamePixels(as: input))
    }

    @Test("plusLighter opacity at 0.5 is pixman's masked composite of both inputs")
    func crossfadeMatchesPixman() throws {
        let a = TestImages.detailed(width: 400, height: 300, seed: 1)
        let b = TestImages.detailed(width: 400, height: 300, seed: 2, varyingAlpha: true)
        let frame = try render(".opacity", from: a, to: b, progress: 0.5, scene: Scene(blend: .plusLighter))
        let expected = try Surface(width: 400, height: 300)
        TestImages.composite(PIXMAN_OP_ADD, a, into: expected, opacity: 0.5)
        TestImages.composite(PIXMAN_OP_ADD, b, into: expected, opacity: 0.5)
        #expect(differingPixels(frame, expected) == 0)
    }

    @Test("plusLighter crossfade of one image with itself keeps its brightness")
    func crossfadeHasNoDip() throws {
        let a = TestImages.detailed(width: 400, height: 300, seed: 3)
        let frame = try render(".opacity", from: a, to: a, progress: 0.5, scene: Scene(blend: .plusLighter))
        // 0.5·c rounded twice can lose at most one step per channel.
        var worst = 0
        for y in 0..<300 {
            for x in 0..<400 {
                for shift in [0, 8, 16, 24] as [UInt32] {
                    let got = Int(frame[x, y] >> shift & 0xFF), want = Int(a[x, y] >> shift & 0xFF)
                    worst = max(worst, abs(got - want))
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test("removal by move(edge: .leading) at 0.25 shifts a 400-wide input left by exactly 100 px")
    func moveLeadingQuarter() throws {
        let input = TestImages.detailed(width: 400, height: 300, varyingAlpha: true)
        let frame = try render(".move(edge: .leading)", from: input, to: nil, progress: 0.25)
        for y in 0..<300 {
            for x in 0..<400 {
                let expected: UInt32 = x < 300 ? input[x + 100, y] : 0
                guard frame[x, y] == expected else {
                    Issue.record("pixel (\(x), \(y)) is \(frame[x, y]), expected \(expected)")
                    return
                }
            }
        }
    }

    @Test(".slide at 0.5 shows each input half-way, exactly")
    func slideHalfway() throws {
        let from = TestImages.detailed(width: 400, height: 300, seed: 4)
        let to = TestImages.detailed(width: 400, height: 300, seed: 5)
        let frame = try render(".slide", from: from, to: to, progress: 0.5)
        for y in 0..<300 {
            for x in 0..<400 {
                // Inserted from the leading edge: its right half on the left; removed towards trailing.
                let expected = x < 200 ? to[x + 200, y] : from[x - 200, y]
                guard frame[x, y] == expected else {
                    Issue.record("pixel (\(x), \(y)) differs")
                    return
                }
            }
        }
    }

    @Test("scale 0.5 about the centre equals pixman's own scaled composite")
    func scaleMatchesPixman() throws {
        let input = TestImages.detailed(width: 400, height: 300, varyingAlpha: true)
        let frame = try render(".scale(0.5)", from: nil, to: input, progress: 0)
        let expected = try Surface(width: 400, height: 300)
        let transform = AffineTransform.scale(x: 0.5, y: 0.5).about(Point(x: 200, y: 150))
        TestImages.composite(PIXMAN_OP_OVER, input, into: expected, transform: transform)
        #expect(differingPixels(frame, expected) == 0)
        // And something was drawn: the centre is the input's, the corners are empty.
        #expect(frame[200, 150] != 0)
        #expect(frame[10, 10] == 0)
    }

    @Test("insertion at p = 0 shows the active state, removal at p = 1 too")
    func activeStateAtEnds() throws {
        let input = TestImages.detailed(width: 400, height: 300)
        let empty = try Surface(width: 400, height: 300)
        #expect(try render(".opacity", from: nil, to: input, progress: 0).hasSamePixels(as: empty))
        #expect(try render(".opacity", from: input, to: nil, progress: 1).hasSamePixels(as: empty))
        #expect(try render(".move(edge: .bottom)", from: nil, to: input, progress: 0).hasSamePixels(as: empty))
        let offset = try render(".offset(x: 10, y: 0)", from: nil, to: input, progress: 0)
        #expect(offset[10, 0] == input[0, 0] && offset[0, 0] == 0)
    }

    @Test("springs overshoot past 1 without failing: p = 1.2 and −0.3 render")
    func overshootIsDefined() throws {
        let input = TestImages.detailed(width: 400, height: 300)
        for spec in Self.everyBuiltin {
            _ = try render(spec, from: input, to: input, progress: 1.2)
            _ = try render(spec, from: input, to: input, progress: -0.3)
        }
        // move at p = 1.1 has passed its resting place by 10 % of the width.
        let frame = try render(".move(edge: .leading)", from: nil, to: input, progress: 1.1)
        #expect(frame[40, 0] == input[0, 0])
    }
}
