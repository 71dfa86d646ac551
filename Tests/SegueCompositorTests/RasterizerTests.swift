import CPixman
import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

/// A shape with a closed-form area.
struct AreaCase: Sendable, CustomTestStringConvertible {
    let name: String
    let path: Path
    let area: Double
    /// Whether it has vertical sides over two rows or more.
    var verticalSides = false
    var testDescription: String { name }

    static let all: [AreaCase] = {
        var cases: [AreaCase] = []
        let rect = Rect(x: 10.3, y: 7.6, width: 80.45, height: 50.2)
        cases.append(AreaCase(name: "rect with fractional edges", path: Path(rect), area: rect.width * rect.height,
                              verticalSides: true))

        let corners = [Point(x: -30, y: -30), Point(x: 30, y: -30), Point(x: 30, y: 30), Point(x: -30, y: 30)]
        let turn = AffineTransform.rotation(.pi / 6).concatenating(.translation(x: 64.2, y: 63.9))
        cases.append(AreaCase(name: "square of side 60 turned 30°", path: polygonPath(corners.map(turn.apply)), area: 3600))

        var circle = Path()
        circle.addArc(center: Point(x: 64.2, y: 63.7), radius: 40.3, startAngle: 0, endAngle: 2 * .pi)
        circle.closeSubpath()
        cases.append(AreaCase(name: "circle r = 40.3", path: circle, area: .pi * 40.3 * 40.3))

        var rounded = Path()
        let box = Rect(x: 8.5, y: 12.25, width: 100, height: 70)
        rounded.addRoundedRect(in: box, cornerRadius: 18)
        cases.append(AreaCase(name: "rounded rect 100×70 r 18", path: rounded, area: 100 * 70 - (4 - .pi) * 18 * 18,
                              verticalSides: true))

        let triangle = [Point(x: 10.5, y: 10.25), Point(x: 118, y: 30.5), Point(x: 40.75, y: 110)]
        cases.append(AreaCase(name: "triangle", path: polygonPath(triangle), area: polygonArea(triangle)))

        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 9.5, y: 20.5, width: 100, height: 60))
        cases.append(AreaCase(name: "ellipse 100×60", path: ellipse, area: .pi * 50 * 30))

        var quad = Path()   // a lens of two quadratic curves: area 2·(2/3)·w·h for the parabolic segments
        quad.move(to: Point(x: 14, y: 64))
        quad.addQuadCurve(to: Point(x: 114, y: 64), control: Point(x: 64, y: 14))
        quad.addQuadCurve(to: Point(x: 14, y: 64), control: Point(x: 64, y: 114))
        quad.closeSubpath()
        // Each parabolic segment spans 100 wide and bulges 25 (half the control offset): area (2/3)·100·25.
        cases.append(AreaCase(name: "lens of two quadratic curves", path: quad, area: 2 * (2.0 / 3) * 100 * 25))
        return cases
    }()
}

/// A shape for the mask's repeated rows, and whether it has vertical sides
/// over two rows or more there (its own, or the mask's edges where it is
/// clipped).
struct SidesCase: Sendable, CustomTestStringConvertible {
    let name: String
    let path: Path
    let verticalSides: Bool
    var testDescription: String { name }

    /// The shapes with a closed-form area, and some reaching past the mask
    /// or touching, at fractional places.
    static let all: [SidesCase] = {
        var rounded = Path()
        rounded.addRoundedRect(in: Rect(x: -20.3, y: 4.6, width: 170.2, height: 115.7), cornerRadius: 35.5)
        var circle = Path()
        circle.addArc(center: Point(x: 60.4, y: 70.9), radius: 90.2, startAngle: 0, endAngle: 2 * .pi)
        circle.closeSubpath()
        var two = Path(Rect(x: 2.5, y: 3.25, width: 30.5, height: 90.5))
        two.addRoundedRect(in: Rect(x: 33, y: 10.75, width: 80.25, height: 20.5), cornerRadius: 4)
        return AreaCase.all.map { SidesCase(name: $0.name, path: $0.path, verticalSides: $0.verticalSides) } + [
            SidesCase(name: "rounded rect past the edges, r 35.5", path: rounded, verticalSides: true),
            SidesCase(name: "circle r = 90.2 past the edges", path: circle, verticalSides: true),
            SidesCase(name: "rect beside a rounded rect, touching", path: two, verticalSides: true),
            SidesCase(name: "rect past every edge", path: Path(Rect(x: -30.5, y: -40.25, width: 300, height: 300)),
                      verticalSides: true),
        ]
    }()
}

@Suite("Path and MaskRasterizer")
struct RasterizerTests {
    @Test("coverage sums to the analytic area within 0.5 %", arguments: AreaCase.all)
    func analyticArea(_ shape: AreaCase) {
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = rasterize(shape.path, rule: rule)
            #expect(relativeError(mask.area, shape.area) < 0.005,
                    "\(shape.name) \(rule): coverage \(mask.area), expected \(shape.area)")
        }
    }

    @Test("an integer-aligned rectangle is exactly 255 inside and 0 outside")
    func integerRectExact() {
        let mask = rasterize(Path(Rect(x: 16, y: 8, width: 50, height: 40)), in: PixelRect(width: 80, height: 64))
        let inside = PixelRect(x0: 16, y0: 8, x1: 66, y1: 48)
        for y in 0..<64 {
            for x in 0..<80 {
                let want = inside.contains(x: x, y: y) ? 255 : 0
                guard mask[x, y] == want else {
                    Issue.record("pixel (\(x), \(y)) is \(mask[x, y]), want \(want)")
                    return
                }
            }
        }
    }

    /// The rasteriser repeats one row over a rectangle's whole rows and
    /// hands pixman only its partly covered top and bottom rows; pixman
    /// rasterising the whole rectangle as one trapezoid, set up here by
    /// hand, is the expectation, byte for byte.
    @Test("a rectangle's repeated rows equal pixman rasterising it whole",
          arguments: [(10.5, 5.25, 90.0, 70.5), (3.0, 4.0, 100.0, 60.0), (0.2, 0.9, 119.7, 99.4),
                      (-5.5, -3.25, 200.0, 200.0), (40.01, 30.99, 33.33, 44.44)])
    func filledRectangleEqualsPixman(x: Double, y: Double, width: Double, height: Double) {
        let area = PixelRect(width: 128, height: 100)
        let mask = rasterize(Path(Rect(x: x, y: y, width: width, height: height)), in: area)
        let image = pixman_image_create_bits(PIXMAN_a8, 128, 100, nil, 0)!
        defer { pixman_image_unref(image) }
        func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded(.towardZero)) }
        // Clipped to the area's bounds widened by a pixel, as the rasteriser clips.
        let x0 = max(x, -1), y0 = max(y, -1), x1 = min(x + width, 129), y1 = min(y + height, 101)
        var trapezoid = pixman_trapezoid_t(
            top: fixed(y0), bottom: fixed(y1),
            left: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: fixed(x0), y: fixed(y0)),
                                      p2: pixman_point_fixed_t(x: fixed(x0), y: fixed(y1))),
            right: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: fixed(x1), y: fixed(y0)),
                                       p2: pixman_point_fixed_t(x: fixed(x1), y: fixed(y1))))
        pixman_add_trapezoids(image, 0, 0, 1, &trapezoid)
        let want = Mask(image)
        let differing = (0..<want.values.count).filter { mask.values[$0] != want.values[$0] }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, first at \(differing.first.map { ($0 % 128, $0 / 128) } as Any)")
    }

    /// The rasteriser repeats one row of every trapezoid with vertical
    /// sides (a rectangle's middle, a rounded rectangle's between its
    /// corners) instead of handing pixman every row; pixman rasterising
    /// every trapezoid whole is the expectation, byte for byte, in parts of
    /// the area too (as bands are drawn).
    @Test("rows repeated from one equal pixman rasterising every trapezoid whole",
          arguments: SidesCase.all)
    func repeatedRowsEqualPixman(_ shape: SidesCase) {
        let area = PixelRect(x0: -7, y0: 5, x1: 121, y1: 133)
        for part in [area, PixelRect(x0: 3, y0: 21, x1: 97, y1: 70), PixelRect(x0: -7, y0: 60, x1: 121, y1: 61)] {
            func mask(repeating: Bool) -> Mask {
                let image = pixman_image_create_bits(PIXMAN_a8, Int32(part.width), Int32(part.height), nil, 0)!
                defer { pixman_image_unref(image) }
                MaskRasterizer.prepare(shape.path, rule: .nonZero, in: area, repeating: repeating)
                    .add(onto: image, covering: part)
                return Mask(image)
            }
            let (got, want) = (mask(repeating: true), mask(repeating: false))
            let differing = (0..<want.values.count).filter { got.values[$0] != want.values[$0] }
            #expect(differing.isEmpty, "\(differing.count) pixels differ in \(part), first at \(differing.first.map { ($0 % part.width, $0 / part.width) } as Any)")
        }
        let prepared = MaskRasterizer.prepare(shape.path, rule: .nonZero, in: area)
        #expect(prepared.repeatedRows.isEmpty == !shape.verticalSides, "rows are repeated where sides are vertical")
        #expect(prepared.filled.intersection(area) == prepared.filled, "the pixels said to be 255 lie in the area")
    }

    @Test("a pixel's coverage follows the fraction of it a straight edge covers")
    func edgePixelCoverage() {
        // Left edge at x = 10.25 covers 0.75 of column 10; bottom edge at y = 20.5 covers half of row 20.
        let mask = rasterize(Path(Rect(x: 10.25, y: 4, width: 30, height: 16.5)), in: PixelRect(width: 64, height: 32))
        // pixman samples 17 columns × 15 rows per pixel: one sample is 1/17 of a column, 1/15 of a row.
        #expect(abs(Double(mask[10, 10]) / 255 - 0.75) <= 1.0 / 17 + 1e-9, "left edge: \(mask[10, 10])")
        #expect(abs(Double(mask[20, 20]) / 255 - 0.5) <= 1.0 / 15 + 1e-9, "bottom edge: \(mask[20, 20])")
        #expect(mask[20, 10] == 255 && mask[9, 10] == 0 && mask[20, 21] == 0)
    }

    @Test("a circle is exactly 255 well inside and 0 well outside: no seams between trapezoids")
    func circleHasNoSeams() {
        let c = Point(x: 64.3, y: 63.8), r = 45.7
        var path = Path()
        path.addArc(center: c, radius: r, startAngle: 0, endAngle: 2 * .pi)
        let mask = rasterize(path)
        var bad = 0
        for y in 0..<128 {
            for x in 0..<128 {
                // Farthest and nearest distances from the centre to the pixel square.
                let dx = [Double(x) - c.x, Double(x + 1) - c.x], dy = [Double(y) - c.y, Double(y + 1) - c.y]
                let far = (dx.map { $0 * $0 }.max()! + dy.map { $0 * $0 }.max()!).squareRoot()
                let nx = dx[0] > 0 ? dx[0] : (dx[1] < 0 ? dx[1] : 0), ny = dy[0] > 0 ? dy[0] : (dy[1] < 0 ? dy[1] : 0)
                let near = (nx * nx + ny * ny).squareRoot()
                if far < r - 0.15 && mask[x, y] != 255 { bad += 1 }
                if near > r + 0.15 && mask[x, y] != 0 { bad += 1 }
            }
        }
        #expect(bad == 0, "\(bad) pixels wrong away from the edge")
    }

    @Test("a mask of a sub-area equals the same pixels of a mask of the whole")
    func subAreaMatchesWhole() {
        var path = Path()
        path.addEllipse(in: Rect(x: 12.3, y: 17.9, width: 97.1, height: 71.4))
        path.addRect(Rect(x: 40.5, y: 2.25, width: 9.5, height: 120))
        let whole = rasterize(path, rule: .evenOdd)
        let part = PixelRect(x0: 37, y0: 21, x1: 101, y1: 77)
        let sub = rasterize(path, rule: .evenOdd, in: part)
        var differing = 0, worst = 0
        for y in 0..<part.height {
            for x in 0..<part.width where sub[x, y] != whole[x + part.x0, y + part.y0] {
                differing += 1
                worst = max(worst, abs(sub[x, y] - whole[x + part.x0, y + part.y0]))
            }
        }
        #expect(differing == 0, "\(differing) pixels differ, by up to \(worst)")
    }

    // Two 60×60 squares overlapping in a 30.25 × 40.25 rectangle, fractional edges throughout.
    static let a = Rect(x: 20.5, y: 20.5, width: 60, height: 60)
    static let b = Rect(x: 50.25, y: 40.25, width: 60, height: 60)
    static var overlap: Rect { a.intersection(b) }

    /// Pixels lying wholly inside `r`.
    static func pixels(inside r: Rect) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for y in Int(r.minY.rounded(.up))..<Int(r.maxY.rounded(.down)) {
            for x in Int(r.minX.rounded(.up))..<Int(r.maxX.rounded(.down)) { result.append((x, y)) }
        }
        return result
    }

    @Test("overlapping squares: fill rules and orientation", arguments: [false, true])
    func overlappingSquares(opposite: Bool) {
        var path = Path(Self.a)
        if opposite {
            let r = Self.b   // the same square, traced the other way round
            path.move(to: Point(x: r.minX, y: r.minY))
            path.addLine(to: Point(x: r.minX, y: r.maxY))
            path.addLine(to: Point(x: r.maxX, y: r.maxY))
            path.addLine(to: Point(x: r.maxX, y: r.minY))
            path.closeSubpath()
        } else {
            path.addRect(Self.b)
        }
        let area = Self.a.width * Self.a.height, overlapArea = Self.overlap.width * Self.overlap.height
        let nonZero = rasterize(path, rule: .nonZero), evenOdd = rasterize(path, rule: .evenOdd)

        let aOnly = Self.pixels(inside: Rect(x: 21, y: 21, width: 29, height: 59))
        let overlapPixels = Self.pixels(inside: Self.overlap)
        #expect(aOnly.allSatisfy { nonZero[$0.0, $0.1] == 255 && evenOdd[$0.0, $0.1] == 255 })
        // Even-odd: the overlap is a hole whatever the orientation.
        #expect(overlapPixels.allSatisfy { evenOdd[$0.0, $0.1] == 0 })
        #expect(relativeError(evenOdd.area, 2 * area - 2 * overlapArea) < 0.005, "even-odd area \(evenOdd.area)")
        if opposite {
            // Non-zero with opposite windings: +1 − 1 = 0, a hole as well.
            #expect(overlapPixels.allSatisfy { nonZero[$0.0, $0.1] == 0 })
            #expect(relativeError(nonZero.area, 2 * area - 2 * overlapArea) < 0.005, "non-zero area \(nonZero.area)")
        } else {
            // Non-zero with winding 2: covered once, saturated at 255, not counted twice.
            #expect(overlapPixels.allSatisfy { nonZero[$0.0, $0.1] == 255 })
            #expect(relativeError(nonZero.area, 2 * area - overlapArea) < 0.005, "non-zero area \(nonZero.area)")
        }
    }

    @Test("a pentagram: the centre pentagon is filled under non-zero, empty under even-odd")
    func pentagram() {
        let c = Point(x: 64, y: 64), outer = 55.0
        let points = (0..<5).map { k -> Point in
            let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
            return Point(x: c.x + outer * cos(angle), y: c.y + outer * sin(angle))
        }
        let path = polygonPath(points)
        let nonZero = rasterize(path, rule: .nonZero), evenOdd = rasterize(path, rule: .evenOdd)
        // The inner pentagon's circumradius and the star's area in closed form.
        let inner = outer * cos(2 * .pi / 5) / cos(.pi / 5)
        let star = 10 * 0.5 * outer * inner * sin(.pi / 5)
        let pentagon = 2.5 * inner * inner * sin(2 * .pi / 5)
        for y in 56..<72 {
            for x in 56..<72 {   // well inside the pentagon (inradius ≈ 16.9)
                #expect(nonZero[x, y] == 255 && evenOdd[x, y] == 0, "pixel (\(x), \(y))")
            }
        }
        #expect(relativeError(nonZero.area, star) < 0.005, "non-zero \(nonZero.area) vs \(star)")
        #expect(relativeError(evenOdd.area, star - pentagon) < 0.005, "even-odd \(evenOdd.area) vs \(star - pentagon)")
    }

    @Test("a path far outside the mask covers nothing")
    func farOutside() {
        var path = Path(Rect(x: 5000, y: 5000, width: 50, height: 50))
        path.addEllipse(in: Rect(x: -900, y: 10, width: 100, height: 100))
        path.addRect(Rect(x: 10, y: 200, width: 50, height: 50))
        let mask = rasterize(path, in: PixelRect(width: 128, height: 128))
        #expect(mask.values.allSatisfy { $0 == 0 })
    }

    @Test("a rectangle reaching ±1e9 covers the whole mask; its clipped edges stay outside")
    func hugeCoordinates() {
        let huge = rasterize(Path(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)), in: PixelRect(x0: -5, y0: 7, x1: 59, y1: 71))
        #expect(huge.values.allSatisfy { $0 == 255 })
        // A half-plane bounded by x = 32.5 whose other corners are a billion pixels away.
        let half = rasterize(polygonPath([Point(x: 32.5, y: -1e9), Point(x: 1e9, y: -1e9), Point(x: 1e9, y: 1e9),
                                          Point(x: 32.5, y: 1e9)]), in: PixelRect(width: 64, height: 64))
        for y in 0..<64 {
            #expect(half[31, y] == 0 && (100...155).contains(half[32, y]) && half[33, y] == 255, "row \(y)")
        }
        // Curves with huge control points flatten to a bounded number of segments.
        var curve = Path()
        curve.move(to: Point(x: 0, y: 0))
        curve.addCurve(to: Point(x: 64, y: 64), control1: Point(x: 1e9, y: -1e9), control2: Point(x: -1e9, y: 1e9))
        curve.addLine(to: Point(x: 0, y: 64))
        _ = rasterize(curve, in: PixelRect(width: 64, height: 64))
        var extreme = Path(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        extreme.addRect(Rect(x: -Double.greatestFiniteMagnitude, y: 0, width: Double.greatestFiniteMagnitude, height: 10))
        _ = rasterize(extreme, rule: .evenOdd, in: PixelRect(width: 16, height: 16))
    }

    @Test("non-finite points drop their own subpath and nothing else")
    func nonFinitePoints() {
        let square = Rect(x: 8, y: 8, width: 20, height: 20)
        var path = Path(square)
        path.move(to: Point(x: 40, y: 40))
        path.addLine(to: Point(x: .nan, y: 50))
        path.addLine(to: Point(x: 60, y: 60))
        path.closeSubpath()
        path.move(to: Point(x: 40, y: 0))
        path.addCurve(to: Point(x: 60, y: 20), control1: Point(x: .infinity, y: 0), control2: Point(x: 50, y: -.infinity))
        path.addLine(to: Point(x: 40, y: 20))
        path.closeSubpath()
        var arc = Path()
        arc.addArc(center: Point(x: 10, y: 10), radius: .nan, startAngle: 0, endAngle: 1)
        arc.addArc(center: Point(x: 10, y: 10), radius: 5, startAngle: .infinity, endAngle: 1)
        #expect(arc.isEmpty)

        let mask = rasterize(path, in: PixelRect(width: 64, height: 64))
        let clean = rasterize(Path(square), in: PixelRect(width: 64, height: 64))
        #expect(mask.values == clean.values)

        var allNaN = Path()
        allNaN.move(to: Point(x: .nan, y: .nan))
        allNaN.addLine(to: Point(x: .nan, y: 1))
        allNaN.addLine(to: Point(x: 1, y: .nan))
        #expect(rasterize(allNaN, in: PixelRect(width: 8, height: 8)).values.allSatisfy { $0 == 0 })
    }

    @Test("degenerate paths: empty, two points, zero area")
    func degeneratePaths() {
        #expect(rasterize(Path(), in: PixelRect(width: 8, height: 8)).values.allSatisfy { $0 == 0 })
        var line = Path()
        line.move(to: Point(x: 1, y: 1))
        line.addLine(to: Point(x: 7, y: 7))
        #expect(rasterize(line, in: PixelRect(width: 8, height: 8)).values.allSatisfy { $0 == 0 })
        let flat = polygonPath([Point(x: 1, y: 4), Point(x: 7, y: 4), Point(x: 3, y: 4)])
        #expect(rasterize(flat, in: PixelRect(width: 8, height: 8)).values.allSatisfy { $0 == 0 })
    }

    @Test("addArc: clockwise and counter-clockwise full turns give the same circle")
    func arcDirections() {
        let c = Point(x: 63.6, y: 64.1), r = 41.2
        var clockwise = Path(), counter = Path(), counterFromFullTurn = Path()
        clockwise.addArc(center: c, radius: r, startAngle: 0, endAngle: 2 * .pi)
        counter.addArc(center: c, radius: r, startAngle: 0, endAngle: -2 * .pi, counterclockwise: true)
        counterFromFullTurn.addArc(center: c, radius: r, startAngle: 2 * .pi, endAngle: 0, counterclockwise: true)
        for path in [clockwise, counter, counterFromFullTurn] {
            #expect(relativeError(rasterize(path).area, .pi * r * r) < 0.005)
        }
        // The direction is real: an inner circle drawn the other way is a hole under non-zero.
        var ring = clockwise
        ring.closeSubpath()
        ring.addArc(center: c, radius: 20, startAngle: 0, endAngle: -2 * .pi, counterclockwise: true)
        #expect(relativeError(rasterize(ring).area, .pi * (r * r - 400)) < 0.005)
        var disc = clockwise
        disc.closeSubpath()
        disc.addArc(center: c, radius: 20, startAngle: 0, endAngle: 2 * .pi)
        #expect(relativeError(rasterize(disc).area, .pi * r * r) < 0.005)
    }

    @Test("addArc from 0 to π: clockwise covers the lower half on screen, counter-clockwise the upper")
    func halfArcs() {
        let c = Point(x: 64, y: 64), r = 40.0
        var lower = Path(), upper = Path()
        lower.addArc(center: c, radius: r, startAngle: 0, endAngle: .pi)
        upper.addArc(center: c, radius: r, startAngle: 0, endAngle: .pi, counterclockwise: true)
        let lowerMask = rasterize(lower), upperMask = rasterize(upper)
        let half = .pi * r * r / 2, centroidOffset = 4 * r / (3 * .pi)
        #expect(relativeError(lowerMask.area, half) < 0.005)
        #expect(relativeError(upperMask.area, half) < 0.005)
        #expect(abs(lowerMask.centroid.y - (c.y + centroidOffset)) < 0.2, "lower centroid \(lowerMask.centroid)")
        #expect(abs(upperMask.centroid.y - (c.y - centroidOffset)) < 0.2, "upper centroid \(upperMask.centroid)")
        // A sweep beyond a full turn is one full turn; angles past 2π wrap.
        var beyond = Path()
        beyond.addArc(center: c, radius: r, startAngle: 0, endAngle: 7 * .pi)
        #expect(relativeError(rasterize(beyond).area, .pi * r * r) < 0.005)
        var wrapped = Path()
        wrapped.addArc(center: c, radius: r, startAngle: 0, endAngle: -.pi)   // clockwise: −π means π
        #expect(abs(rasterize(wrapped).centroid.y - (c.y + centroidOffset)) < 0.2)
    }

    @Test("an arc after a point is joined by a line; after a close it starts a new subpath")
    func arcJoins() {
        // A pie slice: centre, then a quarter arc, closed: area πr²/4.
        var pie = Path()
        pie.move(to: Point(x: 20, y: 20))
        pie.addArc(center: Point(x: 20, y: 20), radius: 80, startAngle: 0, endAngle: .pi / 2)
        pie.closeSubpath()
        #expect(relativeError(rasterize(pie).area, .pi * 6400 / 4) < 0.005)
    }

    @Test("addEllipse covers πab, and the rounded-rect radius is limited to half the shorter side")
    func ellipseAndRoundedLimits() {
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 4.25, y: 30.5, width: 119, height: 41))
        #expect(relativeError(rasterize(ellipse).area, .pi * 59.5 * 20.5) < 0.005)
        // A radius larger than half the height gives a stadium: w·h − (4 − π)·(h/2)².
        var stadium = Path()
        stadium.addRoundedRect(in: Rect(x: 10, y: 40, width: 100, height: 40), cornerRadius: 500)
        #expect(relativeError(rasterize(stadium).area, 100 * 40 - (4 - .pi) * 400) < 0.005)
        var negative = Path()
        negative.addRoundedRect(in: Rect(x: 10, y: 40, width: 100, height: 40), cornerRadius: -5)
        #expect(rasterize(negative).area == 4000)
    }

    @Test("boundingBox holds every point and control point")
    func boundingBox() {
        var path = Path()
        path.move(to: Point(x: 3, y: 4))
        path.addQuadCurve(to: Point(x: 10, y: 4), control: Point(x: 6, y: -8))
        path.addCurve(to: Point(x: 1, y: 9), control1: Point(x: 20, y: 5), control2: Point(x: -2, y: 7))
        let box = path.boundingBox
        #expect(box == Rect(x: -2, y: -8, width: 22, height: 17))
        #expect(Path().boundingBox.isEmpty)
    }
}
