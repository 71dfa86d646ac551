import CPixman
import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

/// The compositor's basic operations against pixman called directly and
/// against closed forms.
@Suite("Compositor against pixman")
struct CompositorPixmanTests {
    static let width = 96, height = 80   // two bands: rows 0..<64 and 64..<80
    static let source = noiseSurface(width: 40, height: 30, seed: 11)
    static let backdropColor = color8(40, 90, 130, 255)

    @Test("an integer translation is a plain shifted copy", arguments: zip([7, -5, 0, 60, -39], [-3, 50, 0, 70, -29]))
    func integerTranslation(dx: Int, dy: Int) throws {
        let picture = Picture([DrawItem(source: .surface(Self.source), transform: .translation(x: Double(dx), y: Double(dy)))])
        let target = try render(picture, width: Self.width, height: Self.height)
        var wrong = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let sx = x - dx, sy = y - dy
                let want = Self.source.bounds.contains(x: sx, y: sy) ? Self.source[sx, sy] : 0
                if target[x, y] != want { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from the shifted copy")
    }

    @Test("a fractional translation equals pixman OVER with the same transform, bilinear",
          arguments: [(10.3, 5.75), (-0.5, 0.5), (33.125, 47.9)])
    func fractionalTranslation(dx: Double, dy: Double) throws {
        let picture = Picture([DrawItem(source: .surface(Self.source), transform: .translation(x: dx, y: dy))])
        let target = try render(picture, width: Self.width, height: Self.height, background: Self.backdropColor)
        let reference = filledSurface(width: Self.width, height: Self.height, pixel: expectedPixel(Self.backdropColor))
        pixmanComposite(PIXMAN_OP_OVER, Self.source, placed: [.translate(dx, dy)], into: reference)
        let d = difference(target, reference)
        #expect(d.count == 0, "\(d)")
    }

    @Test("a rotation and a downscale equal pixman with pixman's own inverse transform")
    func rotationAndScale() throws {
        let steps: [Step] = [.scale(0.8, 0.9), .rotate(0.5), .translate(40.25, 6.5)]
        let picture = Picture([DrawItem(source: .surface(Self.source), transform: affine(steps))])
        let target = try render(picture, width: Self.width, height: Self.height, background: Self.backdropColor)
        let reference = filledSurface(width: Self.width, height: Self.height, pixel: expectedPixel(Self.backdropColor))
        pixmanComposite(PIXMAN_OP_OVER, Self.source, placed: steps, into: reference)
        let d = difference(target, reference)
        #expect(d.count == 0, "\(d)")
    }

    /// By design the compositor limits an image to the device bounding box of
    /// its geometry. Magnified, pixman's bilinear filter would smear the outer
    /// source pixels up to half a source pixel beyond it; that fringe is cut,
    /// and the image keeps its edge (pixman's PAD repeat, clipped to it).
    @Test("a magnified image matches pixman (PAD) inside its geometric bounds and changes nothing outside")
    func magnifiedImageBounds() throws {
        let steps: [Step] = [.scale(2.5, 2), .translate(10.5, 8)]
        let small = noiseSurface(width: 20, height: 16, seed: 5, opaque: true)
        let picture = Picture([DrawItem(source: .surface(small), transform: affine(steps))])
        let target = try render(picture, width: Self.width, height: Self.height, background: Self.backdropColor)
        let reference = filledSurface(width: Self.width, height: Self.height, pixel: expectedPixel(Self.backdropColor))
        pixmanComposite(PIXMAN_OP_OVER, small, placed: steps, repeat: PIXMAN_REPEAT_PAD, into: reference)
        // Geometry: x 10.5 ..< 60.5, y 8 ..< 40, so pixels 10..<61 × 8..<40; columns 10 and 60
        // half covered, the rest whole.
        let bounds = PixelRect(x0: 10, y0: 8, x1: 61, y1: 40)
        let inside = difference(target, reference, in: PixelRect(x0: 11, y0: 8, x1: 60, y1: 40))
        #expect(inside.count == 0, "\(inside)")
        for y in 0..<Self.height {
            for x in 0..<Self.width where !bounds.contains(x: x, y: y) && target[x, y] != expectedPixel(Self.backdropColor) {
                Issue.record("pixel (\(x), \(y)) outside the image's bounds changed")
                return
            }
        }
        // pixman itself does spread beyond: this is the documented difference.
        #expect(reference[9, 20] != expectedPixel(Self.backdropColor))
    }

    /// pixman maps the first pixel of each composite row through the 16.16
    /// matrix and then adds the matrix's step per pixel; for affine matrices
    /// that is exact, so where a composite starts (image bounds, bands) does
    /// not matter even when the inverse is not exact in 16.16.
    @Test("a magnification with an inexact 16.16 inverse equals one pixman composite inside the image's bounds")
    func inexactInverse() throws {
        let steps: [Step] = [.scale(1.25, 0.75), .rotate(0.05), .translate(7.5, 3.25)]
        let source = noiseSurface(width: 60, height: 90, seed: 12, opaque: true)
        let target = try render(Picture([DrawItem(source: .surface(source), transform: affine(steps))]),
                                width: Self.width, height: Self.height, background: Self.backdropColor)
        let whole = filledSurface(width: Self.width, height: Self.height, pixel: expectedPixel(Self.backdropColor))
        pixmanComposite(PIXMAN_OP_OVER, source, placed: steps, into: whole)
        // Device bounds of the turned, scaled image: across the band edge at row 64.
        let corners = [(0.0, 0.0), (60.0, 0.0), (0.0, 90.0), (60.0, 90.0)].map { affine(steps).apply(Point(x: $0.0, y: $0.1)) }
        let bounds = PixelRect(x0: Int(corners.map(\.x).min()!.rounded(.down)), y0: Int(corners.map(\.y).min()!.rounded(.down)),
                               x1: Int(corners.map(\.x).max()!.rounded(.up)), y1: Int(corners.map(\.y).max()!.rounded(.up)))
        let d = difference(target, whole, in: bounds.intersection(PixelRect(width: Self.width, height: Self.height)))
        #expect(d.count == 0, "\(d)")
    }

    @Test("opacity 0.3 equals pixman OVER through a solid mask of the nearest byte, 77")
    func opacityAgainstPixman() throws {
        #expect(opacityByte(0.3) == 77)
        let picture = Picture([DrawItem(source: .surface(Self.source), transform: .translation(x: 9, y: 41), opacity: 0.3)])
        let target = try render(picture, width: Self.width, height: Self.height, background: Self.backdropColor)
        let reference = filledSurface(width: Self.width, height: Self.height, pixel: expectedPixel(Self.backdropColor))
        let mask = pixmanSolid(a: opacityByte(0.3))
        defer { pixman_image_unref(mask) }
        pixmanComposite(PIXMAN_OP_OVER, Self.source, placed: [.translate(9, 41)], mask: mask, into: reference)
        let d = difference(target, reference)
        #expect(d.count == 0, "\(d)")
    }

    @Test("opacity k/255 over a transparent target scales every channel by k/255", arguments: [1, 77, 128, 200, 254])
    func opacityClosedForm(k: Int) throws {
        let picture = Picture([DrawItem(source: .surface(Self.source), opacity: Double(k) / 255)])
        let target = try render(picture, width: 40, height: 30)
        var worst = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let want = channels(Self.source[x, y]).map { (Double($0 * k) / 255).rounded() }
                let got = channels(target[x, y])
                worst = max(worst, Int(zip(got, want).map { abs(Double($0) - $1) }.max()!))
            }
        }
        #expect(worst <= 1, "off by up to \(worst)")
    }

    // MARK: Blend modes

    /// The pixman operator each blend mode must use, written out here rather
    /// than taken from `BlendMode.pixmanOperator`.
    static let operators: [BlendMode: pixman_op_t] = [
        .normal: PIXMAN_OP_OVER, .plusLighter: PIXMAN_OP_ADD, .multiply: PIXMAN_OP_MULTIPLY,
        .screen: PIXMAN_OP_SCREEN, .overlay: PIXMAN_OP_OVERLAY, .darken: PIXMAN_OP_DARKEN,
        .lighten: PIXMAN_OP_LIGHTEN, .colorDodge: PIXMAN_OP_COLOR_DODGE, .colorBurn: PIXMAN_OP_COLOR_BURN,
        .softLight: PIXMAN_OP_SOFT_LIGHT, .hardLight: PIXMAN_OP_HARD_LIGHT, .difference: PIXMAN_OP_DIFFERENCE,
        .exclusion: PIXMAN_OP_EXCLUSION, .hue: PIXMAN_OP_HSL_HUE, .saturation: PIXMAN_OP_HSL_SATURATION,
        .color: PIXMAN_OP_HSL_COLOR, .luminosity: PIXMAN_OP_HSL_LUMINOSITY,
    ]

    @Test("each blend mode equals its pixman operator on semi-transparent inputs", arguments: BlendMode.allCases)
    func blendAgainstPixman(_ mode: BlendMode) throws {
        let backdrop = noiseSurface(width: 70, height: 60, seed: 21)
        let top = noiseSurface(width: 60, height: 50, seed: 22)
        let background = color8(30, 60, 90, 160)
        let picture = Picture([
            DrawItem(source: .surface(backdrop), transform: .translation(x: 3, y: 2)),
            DrawItem(source: .surface(top), transform: .translation(x: 20, y: 25), blend: mode),
        ])
        let target = try render(picture, width: Self.width, height: Self.height, background: background)
        let reference = filledSurface(width: Self.width, height: Self.height, pixel: expectedPixel(background))
        pixmanComposite(PIXMAN_OP_OVER, backdrop, placed: [.translate(3, 2)], into: reference)
        pixmanComposite(try #require(Self.operators[mode]), top, placed: [.translate(20, 25)], into: reference)
        let d = difference(target, reference)
        #expect(d.count == 0, "\(mode): \(d)")
    }

    /// Closed forms (W3C Compositing and Blending, PDF) for opaque colours,
    /// independent of any operator table: a swapped mapping shows here.
    static func blended(_ mode: BlendMode, source s: [Double], backdrop d: [Double]) -> [Double] {
        func separable(_ f: (Double, Double) -> Double) -> [Double] { zip(s, d).map { f($0, $1) } }
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min()!, x = c.max()!
            var c = c
            if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return c
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] { clip(c.map { $0 + l - lum(c) }) }
        func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let n = c.min()!, x = c.max()!
            guard x > n else { return [0, 0, 0] }
            return c.map { ($0 - n) * s / (x - n) }
        }
        switch mode {
        case .normal: return s
        case .plusLighter: return separable { min(1, $0 + $1) }
        case .multiply: return separable { $0 * $1 }
        case .screen: return separable { $0 + $1 - $0 * $1 }
        case .overlay: return separable { s, d in d <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d) }
        case .darken: return separable(min)
        case .lighten: return separable(max)
        case .colorDodge: return separable { s, d in d == 0 ? 0 : (s == 1 ? 1 : min(1, d / (1 - s))) }
        case .colorBurn: return separable { s, d in d == 1 ? 1 : (s == 0 ? 0 : 1 - min(1, (1 - d) / s)) }
        case .hardLight: return separable { s, d in s <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d) }
        case .softLight:
            return separable { s, d in
                if s <= 0.5 { return d - (1 - 2 * s) * d * (1 - d) }
                let dd = d <= 0.25 ? ((16 * d - 12) * d + 4) * d : d.squareRoot()
                return d + (2 * s - 1) * (dd - d)
            }
        case .difference: return separable { abs($0 - $1) }
        case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
        case .hue: return setLum(setSat(s, sat(d)), lum(d))
        case .saturation: return setLum(setSat(d, sat(s)), lum(d))
        case .color: return setLum(s, lum(d))
        case .luminosity: return setLum(d, lum(s))
        }
    }

    @Test("each blend mode follows its formula on opaque colours", arguments: BlendMode.allCases)
    func blendClosedForm(_ mode: BlendMode) throws {
        let s = [204, 77, 140], d = [51, 179, 102]
        let source = Color(red: Double(s[0]) / 255, green: Double(s[1]) / 255, blue: Double(s[2]) / 255)
        let backdrop = Color(red: Double(d[0]) / 255, green: Double(d[1]) / 255, blue: Double(d[2]) / 255)
        let target = try render({ $0.fill(Rect(x: 4, y: 4, width: 8, height: 8), with: source, blend: mode) },
                                width: 16, height: 16, background: backdrop)
        let want = Self.blended(mode, source: s.map { Double($0) / 255 }, backdrop: d.map { Double($0) / 255 })
            .map { Int(($0 * 255).rounded()) }
        let got = Array(channels(target[8, 8]).dropFirst())
        #expect(alpha(target[8, 8]) == 255)
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 3 }, "\(mode): got \(got), want \(want)")
        #expect(target[1, 1] == expectedPixel(backdrop))
    }

    // MARK: Fills

    @Test("fill of an integral rect is exact: the colour's pixel inside, untouched outside",
          arguments: [Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), Color(red: 0.16, green: 0.5, blue: 1, alpha: 1),
                      Color(red: 1, green: 0.3, blue: 0.7, alpha: 0.3)])
    func integralFill(_ color: Color) throws {
        let rect = PixelRect(x0: 10, y0: 20, x1: 40, y1: 70)
        let target = try render({ $0.fill(rect.rect, with: color) }, width: 64, height: 72)
        var wrong = 0
        for y in 0..<72 {
            for x in 0..<64 where target[x, y] != (rect.contains(x: x, y: y) ? expectedPixel(color) : 0) {
                wrong += 1
            }
        }
        #expect(wrong == 0, "\(wrong) pixels wrong; inside is \(hex(target[20, 30])), want \(hex(expectedPixel(color)))")
        // An opaque fill in the background's own colour changes nothing.
        if color.alpha == 1 {
            let same = try render({ $0.fill(rect.rect, with: color) }, width: 64, height: 72, background: color)
            #expect(same.hasSamePixels(as: filledSurface(width: 64, height: 72, pixel: expectedPixel(color))))
        }
    }

    @Test("fill of a fractional rect: full inside, partial alpha on the edge pixels only, nothing outside")
    func fractionalFill() throws {
        let rect = Rect(x: 10.25, y: 20.5, width: 30.5, height: 15.25)   // x 10.25..40.75, y 20.5..35.75
        let target = try render({ $0.fill(rect, with: .white) }, width: 64, height: 64)
        let enclosing = PixelRect(x0: 10, y0: 20, x1: 41, y1: 36)
        let interior = PixelRect(x0: 11, y0: 21, x1: 40, y1: 35)
        var total = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                let p = target[x, y]
                total += Double(alpha(p)) / 255
                if interior.contains(x: x, y: y) {
                    #expect(p == 0xFFFF_FFFF, "interior (\(x), \(y))")
                } else if enclosing.contains(x: x, y: y) {
                    #expect(alpha(p) > 0 && alpha(p) < 255, "edge (\(x), \(y)) alpha \(alpha(p))")
                    #expect(channels(p).allSatisfy { $0 == alpha(p) }, "white stays premultiplied white")
                } else {
                    #expect(p == 0, "outside (\(x), \(y))")
                }
            }
        }
        #expect(relativeError(total, rect.width * rect.height) < 0.005, "alpha sum \(total)")
        // Edge coverage follows the edge's position (pixman samples 17 × 15 per pixel).
        #expect(abs(Double(alpha(target[10, 28])) / 255 - 0.75) <= 1.0 / 17 + 1e-9)
        #expect(abs(Double(alpha(target[40, 28])) / 255 - 0.75) <= 1.0 / 17 + 1e-9)
        #expect(abs(Double(alpha(target[25, 20])) / 255 - 0.5) <= 1.0 / 15 + 1e-9)
        #expect(abs(Double(alpha(target[25, 35])) / 255 - 0.75) <= 1.0 / 15 + 1e-9)
    }

    @Test("fill of a path paints colour × coverage")
    func pathFill() throws {
        var circle = Path()
        circle.addEllipse(in: Rect(x: 5.5, y: 70.25, width: 50, height: 40))   // crosses the band boundary at 64
        let color = color8(100, 50, 150, 200)
        let target = try render({ $0.fill(circle, with: color) }, width: 64, height: 128)
        let coverage = rasterize(circle, in: PixelRect(width: 64, height: 128))
        let colour = channels(expectedPixel(color))
        var worst = 0
        for y in 0..<128 {
            for x in 0..<64 {
                let want = colour.map { Int((Double($0 * coverage[x, y]) / 255).rounded()) }
                worst = max(worst, zip(channels(target[x, y]), want).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 1, "off by up to \(worst)")
    }

    @Test("a path fill with the even-odd rule leaves the hole empty")
    func evenOddFill() throws {
        var ring = Path(Rect(x: 8, y: 8, width: 48, height: 48))
        ring.addRect(Rect(x: 20, y: 20, width: 24, height: 24))
        let evenOdd = try render({ $0.fill(ring, with: .white, rule: .evenOdd) }, width: 64, height: 64)
        let nonZero = try render({ $0.fill(ring, with: .white, rule: .nonZero) }, width: 64, height: 64)
        #expect(evenOdd[32, 32] == 0 && evenOdd[12, 12] == 0xFFFF_FFFF)
        #expect(nonZero[32, 32] == 0xFFFF_FFFF)
    }
}
