import CPixman
import Glibc
import SegueBasics
import SegueCompositor
import SegueModel
import Testing
@testable import SegueEngine

/// SwiftUI's other modifiers as built-in effects, each against an
/// independent expectation: an exact permutation, pixman called directly, a
/// 4×4 matrix product written out here, a direct Gaussian convolution, the
/// closed forms of the colour adjustments.
@Suite struct ModifierEffectTests {
    let engine = Engine(threads: 2)

    /// The effect held in one state (`.modifier(active: S, identity: S)`) drawn over a transparent frame.
    func held(_ state: String, _ input: Surface, width: Int? = nil, height: Int? = nil) throws -> Surface {
        let target = try Surface(width: width ?? input.width, height: height ?? input.height)
        let transition = try engine.transition(spec: ".modifier(active: \(state), identity: \(state))")
        try engine.render(transition, from: nil, to: input, progress: 1, scene: Scene(), into: target)
        return target
    }

    static func channels(_ p: UInt32) -> [Int] {
        [Int(p >> 24), Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
    }

    static func worstDifference(_ a: Surface, _ b: Surface) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                worst = max(worst, zip(channels(a[x, y]), channels(b[x, y])).map { abs($0 - $1) }.max()!)
            }
        }
        return worst
    }

    // MARK: rotation

    @Test("rotation by 90° about the centre of an even frame is an exact permutation")
    func quarterTurnIsAPermutation() throws {
        let input = TestImages.detailed(width: 64, height: 64, varyingAlpha: true)
        let turned = try held(".rotation(angle: 90)", input)
        for y in 0..<64 {
            for x in 0..<64 where turned[63 - y, x] != input[x, y] {
                Issue.record("source pixel (\(x), \(y)) did not land on (\(63 - y), \(x))")
                return
            }
        }
        // Written as SwiftUI does, and the other way round.
        #expect(try held(".rotation(angle: .degrees(90))", input).hasSamePixels(as: turned))
        #expect(try held(".rotation(angle: Angle(radians: 1.5707963267948966))", input).hasSamePixels(as: turned))
        let back = try held(".rotation(angle: -270)", input)
        #expect(back.hasSamePixels(as: turned))
    }

    @Test("rotation by 30° is pixman's own bilinear rotation of the same picture, within one unit")
    func thirtyDegreesMatchesPixman() throws {
        let input = TestImages.detailed(width: 200, height: 150, varyingAlpha: true)
        let turned = try held(".rotation(angle: 30, anchor: .topLeading)", input)
        let expected = try Surface(width: 200, height: 150)
        TestImages.composite(PIXMAN_OP_OVER, input, into: expected, transform: .rotation(Double.pi / 6))
        #expect(Self.worstDifference(turned, expected) <= 1)
        #expect(turned[100, 100] != 0 && turned[150, 5] == 0)
    }

    // MARK: rotation3D

    /// SwiftUI's definition written out as 4×4 matrices (Core Animation's row
    /// vectors): translate by −anchor, rotate, m34 = −1/d, translate back.
    static func projectedCorner(_ x: Double, _ y: Double, degrees: Double, axis: (Double, Double, Double),
                                size: (Double, Double), perspective: Double = 1) -> (Double, Double) {
        typealias M = [[Double]]
        func multiply(_ a: M, _ b: M) -> M {
            (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
        }
        func translation(_ x: Double, _ y: Double) -> M {
            [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, 0, 1]]
        }
        let n = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
        let (u, v, w) = (axis.0 / n, axis.1 / n, axis.2 / n)
        let c = cos(degrees * .pi / 180), s = sin(degrees * .pi / 180), t = 1 - c
        let rotation: M = [[t * u * u + c, t * u * v + s * w, t * u * w - s * v, 0],
                           [t * u * v - s * w, t * v * v + c, t * v * w + s * u, 0],
                           [t * u * w + s * v, t * v * w - s * u, t * w * w + c, 0],
                           [0, 0, 0, 1]]
        var projection: M = translation(0, 0)
        projection[2][3] = -perspective / max(size.0, size.1)
        let (ax, ay) = (size.0 / 2, size.1 / 2)
        let m = multiply(multiply(multiply(translation(-ax, -ay), rotation), projection), translation(ax, ay))
        let p = [x, y, 0, 1]
        let q = (0..<4).map { j in (0..<4).reduce(0) { $0 + p[$1] * m[$1][j] } }
        return (q[0] / q[3], q[1] / q[3])
    }

    @Test("rotation3D by 45° about y puts the edges where SwiftUI's 4×4 matrix puts the corners, within 0.5 px")
    func perspectiveEdgesLandOnTheMatrixCorners() throws {
        // An opaque white card in the middle of a larger transparent input: its outline is measured.
        let (width, height) = (320, 240)
        let input = try Surface(width: width, height: height)
        let card = PixelRect(x0: 60, y0: 50, x1: 260, y1: 190)
        input.fill(0xFFFF_FFFF, in: card)
        let frame = try held(".rotation3D(angle: 45)", input)
        func corner(_ x: Int, _ y: Int) -> (Double, Double) {
            Self.projectedCorner(Double(x), Double(y), degrees: 45, axis: (0, 1, 0), size: (Double(width), Double(height)))
        }
        let (topLeft, bottomLeft) = (corner(card.x0, card.y0), corner(card.x0, card.y1))
        let (topRight, bottomRight) = (corner(card.x1, card.y0), corner(card.x1, card.y1))
        // About y, vertical edges stay vertical: measure them on the middle row by coverage.
        let middle = height / 2
        func coverage(_ x: Int, _ y: Int) -> Double { Double(frame[x, y] >> 24) / 255 }
        let centre = width / 2
        let left = Double(centre) - (0..<centre).reduce(0) { $0 + coverage($1, middle) }
        let right = Double(centre) + (centre..<width).reduce(0) { $0 + coverage($1, middle) }
        #expect(abs(left - topLeft.0) <= 0.5 && abs(topLeft.0 - bottomLeft.0) < 1e-9, "left edge \(left) vs \(topLeft.0)")
        #expect(abs(right - topRight.0) <= 0.5, "right edge \(right) vs \(topRight.0)")
        // The top and bottom edges are lines between the corners: measure them a quarter of the way in.
        for fraction in [0.25, 0.5, 0.75] {
            let x = Int(topLeft.0 + fraction * (topRight.0 - topLeft.0))
            let cx = Double(x) + 0.5
            func lineY(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
                a.1 + (cx - a.0) / (b.0 - a.0) * (b.1 - a.1)
            }
            let top = Double(middle) - (0..<middle).reduce(0) { $0 + coverage(x, $1) }
            let bottom = Double(middle) + (middle..<height).reduce(0) { $0 + coverage(x, $1) }
            #expect(abs(top - lineY(topLeft, topRight)) <= 0.5, "top edge at x \(x): \(top) vs \(lineY(topLeft, topRight))")
            #expect(abs(bottom - lineY(bottomLeft, bottomRight)) <= 0.5,
                    "bottom edge at x \(x): \(bottom) vs \(lineY(bottomLeft, bottomRight))")
        }
    }

    @Test("rotation3D shows nothing edge-on (±90°) or from behind (past 90°)", arguments: [90.0, -90, 120, 180, -135])
    func backsAreHidden(degrees: Double) throws {
        let input = TestImages.detailed(width: 160, height: 120)
        let frame = try held(".rotation3D(angle: \(degrees))", input)
        #expect(frame.hasSamePixels(as: try Surface(width: 160, height: 120)))
        let tilted = try held(".rotation3D(angle: \(degrees), axis: (x: 1, y: 0, z: 0))", input)
        #expect(tilted.hasSamePixels(as: try Surface(width: 160, height: 120)))
    }

    // MARK: blur

    /// The Gaussian of standard deviation `sigma` convolved directly with
    /// `input` (transparent outside, or its edge repeated when `opaque`), in
    /// double precision, each channel rounded once; the kernel runs to 4σ.
    static func directGaussian(_ input: Surface, sigma: Double, opaque: Bool = false, margin: Int) -> [[Double]] {
        let radius = Int((4 * sigma).rounded(.up))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        let (w, h) = (input.width + 2 * margin, input.height + 2 * margin)
        func sample(_ x: Int, _ y: Int, _ c: Int) -> Double {
            var (sx, sy) = (x - margin, y - margin)
            if opaque {
                sx = min(max(sx, 0), input.width - 1)
                sy = min(max(sy, 0), input.height - 1)
            } else if !(0..<input.width).contains(sx) || !(0..<input.height).contains(sy) {
                return 0
            }
            return Double(input[sx, sy] >> UInt32(8 * c) & 0xFF)
        }
        var across = [[Double]](repeating: [Double](repeating: 0, count: w * 4), count: h)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum = 0.0
                    for (i, weight) in weights.enumerated() { sum += weight * sample(x + i - radius, y, c) }
                    across[y][x * 4 + c] = sum / total
                }
            }
        }
        var result = across
        for y in 0..<h {
            for j in 0..<(w * 4) {
                var sum = 0.0
                for (i, weight) in weights.enumerated() {
                    let row = y + i - radius
                    if opaque {
                        sum += weight * across[min(max(row, margin), margin + input.height - 1)][j]
                    } else if (0..<h).contains(row) {
                        sum += weight * across[row][j]
                    }
                }
                result[y][j] = sum / total
            }
        }
        return result
    }

    @Test("blur is a Gaussian: within 2 units of a direct convolution at every scale of the pyramid",
          arguments: [0.6, 1.5, 3, 4, 7, 12, 20, 37])
    func blurMatchesADirectGaussian(sigma: Double) throws {
        let input = TestImages.detailed(width: 48, height: 36, seed: 7, varyingAlpha: true)
        // A frame with room for the blur to spread; the input in its middle.
        let margin = Int((3 * sigma).rounded(.up)) + 2
        let (w, h) = (48 + 2 * margin, 36 + 2 * margin)
        let placed = try Surface(width: w, height: h)
        for y in 0..<36 { for x in 0..<48 { placed[x + margin, y + margin] = input[x, y] } }
        let frame = try held(".blur(radius: \(sigma))", placed)
        let expected = Self.directGaussian(input, sigma: sigma, margin: margin)
        var worst = 0.0
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    let got = Double(frame[x, y] >> UInt32(8 * c) & 0xFF)
                    worst = max(worst, abs(got - expected[y][x * 4 + c].rounded()))
                }
            }
        }
        #expect(worst <= 2, "σ \(sigma): off by up to \(worst)")
    }

    @Test("an opaque blur repeats the edges: within 2 units of a direct convolution, opaque, inside the input")
    func opaqueBlurRepeatsTheEdges() throws {
        let input = TestImages.detailed(width: 64, height: 40, seed: 8)
        for sigma in [2.0, 9] {
            let frame = try held(".blur(radius: \(sigma), opaque: true)", input)
            let expected = Self.directGaussian(input, sigma: sigma, opaque: true, margin: 0)
            var worst = 0.0
            for y in 0..<40 {
                for x in 0..<64 {
                    #expect(frame[x, y] >> 24 == 255)
                    for c in 0..<3 {
                        worst = max(worst, abs(Double(frame[x, y] >> UInt32(8 * c) & 0xFF) - expected[y][x * 4 + c].rounded()))
                    }
                }
            }
            #expect(worst <= 2, "σ \(sigma): off by up to \(worst)")
        }
    }

    // MARK: colour adjustments

    /// A ramp: every red level across, green and blue mixed, alpha 255, 200,
    /// 128, 37 and 1 down the rows; premultiplied.
    static let ramp: Surface = {
        let surface = try! Surface(width: 256, height: 10)
        let alphas: [UInt32] = [255, 200, 128, 37, 1]
        for y in 0..<10 {
            for x in 0..<256 {
                let a = alphas[y % 5]
                let (r, g, b) = (UInt32(x), UInt32((x * 7 + y * 40) & 0xFF), UInt32(255 - x))
                func premultiplied(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                surface[x, y] = a << 24 | premultiplied(r) << 16 | premultiplied(g) << 8 | premultiplied(b)
            }
        }
        return surface
    }()

    /// Each adjustment's closed form on straight colour (0…1), as SwiftUI documents it.
    static let closedForms: [(spec: String, alpha: Double, form: @Sendable ([Double]) -> [Double])] = [
        (".brightness(amount: 0.3)", 1, { $0.map { $0 + 0.3 } }),
        (".brightness(amount: -0.45)", 1, { $0.map { $0 - 0.45 } }),
        (".contrast(amount: 1.6)", 1, { $0.map { ($0 - 0.5) * 1.6 + 0.5 } }),
        (".contrast(amount: -0.5)", 1, { $0.map { ($0 - 0.5) * -0.5 + 0.5 } }),
        (".saturation(amount: 0.3)", 1, { c in
            let luma = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
            return c.map { 0.3 * $0 + 0.7 * luma }
        }),
        (".saturation(amount: 2.5)", 1, { c in
            let luma = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
            return c.map { 2.5 * $0 - 1.5 * luma }
        }),
        (".grayscale(amount: 0.8)", 1, { c in
            let luma = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
            return c.map { 0.2 * $0 + 0.8 * luma }
        }),
        (".hueRotation(angle: 120)", 1, { c in
            // SVG's feColorMatrix hueRotate, written out.
            let (k, s) = (cos(120 * Double.pi / 180), sin(120 * Double.pi / 180))
            let m = [[0.213 + k * 0.787 - s * 0.213, 0.715 - k * 0.715 - s * 0.715, 0.072 - k * 0.072 + s * 0.928],
                     [0.213 - k * 0.213 + s * 0.143, 0.715 + k * 0.285 + s * 0.140, 0.072 - k * 0.072 - s * 0.283],
                     [0.213 - k * 0.213 - s * 0.787, 0.715 - k * 0.715 + s * 0.715, 0.072 + k * 0.928 + s * 0.072]]
            return m.map { row in row[0] * c[0] + row[1] * c[1] + row[2] * c[2] }
        }),
        (".colorMultiply(color: Color(red: 1, green: 0.5, blue: 0.25, opacity: 0.6))", 0.6,
         { [$0[0], $0[1] * 0.5, $0[2] * 0.25] }),
        (".colorInvert(amount: 1)", 1, { $0.map { 1 - $0 } }),
        (".colorInvert(amount: 0.3)", 1, { $0.map { 0.7 * $0 + 0.3 * (1 - $0) } }),
    ]

    @Test("every colour adjustment is its closed form on a ramp, within one unit", arguments: 0..<11)
    func colourAdjustmentsFollowTheirClosedForms(index: Int) throws {
        let (spec, alphaScale, form) = Self.closedForms[index]
        let frame = try held(spec, Self.ramp)
        var worst = 0.0
        for y in 0..<10 {
            for x in 0..<256 {
                let p = Self.channels(Self.ramp[x, y]).map(Double.init)
                let a = p[0] / 255
                let straight = [p[1], p[2], p[3]].map { $0 / 255 / a }
                let adjusted = form(straight).map { min(max($0, 0), 1) }
                let expected = [alphaScale * a * 255] + adjusted.map { alphaScale * a * $0 * 255 }
                let got = Self.channels(frame[x, y]).map(Double.init)
                worst = max(worst, zip(got, expected).map { abs($0 - $1.rounded()) }.max()!)
            }
        }
        #expect(worst <= 1, "\(spec): off by up to \(worst)")
    }

    @Test("combined adjustments fold into one map, clamped once")
    func combinedAdjustmentsClampOnce() throws {
        let spec = ".brightness(amount: 0.4)"
        let inner = ".modifier(active: \(spec), identity: \(spec))"
        let outer = ".modifier(active: .contrast(amount: 0.5), identity: .contrast(amount: 0.5))"
        let target = try Surface(width: 256, height: 10)
        try engine.render(try engine.transition(spec: "\(inner).combined(with: \(outer))"), from: nil, to: Self.ramp,
                          progress: 1, scene: Scene(), into: target)
        var worst = 0.0
        for y in 0..<10 {
            for x in 0..<256 {
                let p = Self.channels(Self.ramp[x, y]).map(Double.init)
                let a = p[0] / 255
                // (c + 0.4 − ½)·0.5 + ½, clamped once: brightness alone would clip c = 0.8 at 1.
                let expected = [p[0]] + [p[1], p[2], p[3]].map { a * 255 * min(max(($0 / 255 / a + 0.4 - 0.5) * 0.5 + 0.5, 0), 1) }
                worst = max(worst, zip(Self.channels(target[x, y]).map(Double.init), expected).map { abs($0 - $1.rounded()) }.max()!)
            }
        }
        #expect(worst <= 1)
    }

    // MARK: expand

    @Test(".expand at 0.5 shows exactly the top half of the rows at opacity 0.5; at 1 the input")
    func expandRevealsRowsFromTheTop() throws {
        let input = TestImages.detailed(width: 120, height: 80, varyingAlpha: true)
        let target = try Surface(width: 120, height: 80)
        try engine.render(try engine.transition(spec: ".expand(edge: .top)"), from: nil, to: input, progress: 0.5,
                          scene: Scene(), into: target)
        let expected = try Surface(width: 120, height: 80)
        TestImages.composite(PIXMAN_OP_OVER, input, into: expected, opacity: 0.5)
        for y in 0..<80 {
            for x in 0..<120 where target[x, y] != (y < 40 ? expected[x, y] : 0) {
                Issue.record("pixel (\(x), \(y)) is \(target[x, y])")
                return
            }
        }
        let full = try Surface(width: 120, height: 80)
        try engine.render(try engine.transition(spec: ".expand(edge: .top)"), from: nil, to: input, progress: 1,
                          scene: Scene(), into: full)
        #expect(full.hasSamePixels(as: input))
    }

    @Test(".collapse shrinks the removed view towards its edge over the inserted one")
    func collapseShrinksTheRemovedView() throws {
        let removed = TestImages.detailed(width: 100, height: 60, seed: 3)
        let target = try Surface(width: 100, height: 60)
        try engine.render(try engine.transition(spec: ".collapse(edge: .bottom)"), from: removed, to: nil,
                          progress: 0.75, scene: Scene(), into: target)
        // A quarter of the rows remain, at the bottom, at opacity 0.25.
        #expect(target[50, 10] == 0 && target[50, 44] == 0)
        #expect(target[50, 46] >> 24 == UInt32((0.25 * 255).rounded()))
    }
}
