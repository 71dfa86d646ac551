import Glibc
import SegueVocabulary
import Testing

/// SVG path data read into paths, against the points the SVG specification
/// gives; outlines normalised and matched for morphing.
@Suite struct SVGPathTests {
    @Test func absoluteAndRelativeCommandsLandWhereSVGSays() throws {
        let path = try Path(svg: "M10,20 l5-5 H30 v10 h-4 V40 L10 40 z m 1 1 2 0 0 2 Z")
        #expect(path.elements == [
            .move(to: Point(x: 10, y: 20)), .line(to: Point(x: 15, y: 15)), .line(to: Point(x: 30, y: 15)),
            .line(to: Point(x: 30, y: 25)), .line(to: Point(x: 26, y: 25)), .line(to: Point(x: 26, y: 40)),
            .line(to: Point(x: 10, y: 40)), .closeSubpath,
            // After Z the current point is the subpath's start; m's extra pairs are relative linetos.
            .move(to: Point(x: 11, y: 21)), .line(to: Point(x: 13, y: 21)), .line(to: Point(x: 13, y: 23)),
            .closeSubpath,
        ])
    }

    @Test func smoothCurvesReflectTheLastControlPoint() throws {
        let cubic = try Path(svg: "M0 0 C 10 0 20 10 20 20 S 30 40 40 40 s 10 0 10 10")
        #expect(cubic.elements[2] == .curve(to: Point(x: 40, y: 40), control1: Point(x: 20, y: 30),
                                            control2: Point(x: 30, y: 40)))
        #expect(cubic.elements[3] == .curve(to: Point(x: 50, y: 50), control1: Point(x: 50, y: 40),
                                            control2: Point(x: 50, y: 40)))
        let quad = try Path(svg: "M0 0 Q 10 10 20 0 T 40 0 t 20 0")
        #expect(quad.elements[2] == .quadCurve(to: Point(x: 40, y: 0), control: Point(x: 30, y: -10)))
        #expect(quad.elements[3] == .quadCurve(to: Point(x: 60, y: 0), control: Point(x: 50, y: 10)))
        // S after a non-cubic takes the current point as its first control point.
        let plain = try Path(svg: "M0 0 L 10 0 S 20 10 30 0")
        #expect(plain.elements[2] == .curve(to: Point(x: 30, y: 0), control1: Point(x: 10, y: 0),
                                            control2: Point(x: 20, y: 10)))
    }

    @Test func numbersRunTogetherAsSVGReadsThem() throws {
        let path = try Path(svg: "M.5.5L-1.5e1-2 1e-1,3")
        #expect(path.elements == [.move(to: Point(x: 0.5, y: 0.5)), .line(to: Point(x: -15, y: -2)),
                                  .line(to: Point(x: 0.1, y: 3))])
    }

    @Test func arcsFollowTheEllipse() throws {
        // A half circle of radius 10 from (0, 0) to (20, 0), swept clockwise on screen (over the top).
        let polygon = try #require(try Path(svg: "M0 0 A10 10 0 0 1 20 0 Z").polygons(tolerance: 0.001).first)
        for point in polygon {
            #expect(abs(hypot(point.x - 10, point.y) - 10) < 0.01, "\(point) lies on the circle")
            #expect(point.y <= 1e-9, "\(point): the sweep flag 1 goes through y < 0")
        }
        #expect(polygon.contains { abs($0.y + 10) < 0.01 })
        // Radii too small are scaled up; flags run into the next number.
        let small = try Path(svg: "M0 0a1 1 0 0020 0")
        guard case .curve(let end, _, _)? = small.elements.last else {
            Issue.record("the arc ends in a curve: \(small.elements)")
            return
        }
        #expect(end == Point(x: 20, y: 0))
    }

    @Test(arguments: [
        ("L 1 2", 1, "path data must start with M or m"),
        ("M 1", 4, "expected a number, found the end"),
        ("M 1 2 L 3 x", 11, "expected a number, found 'x'"),
        ("M 0 0 Z 4 5", 9, "expected a command letter"),
        ("M 0 0 A 1 1 0 2 0 3 3", 15, "expected an arc flag"),
        ("M 1e999 0", 3, "too large"),
        ("M 0 0 # 1", 7, "expected a number, found '#'"),
    ])
    func badDataNamesTheColumn(data: String, column: Int, reason: String) {
        #expect {
            _ = try Path(svg: data)
        } throws: { error in
            guard let error = error as? SVGPathError else { return false }
            return error.column == column && error.reason.contains(reason)
        }
    }
}

@Suite struct OutlineTests {
    static let square = Path(Rect(x: 0, y: 0, width: 10, height: 10))

    @Test func outlinesTurnClockwiseAndStartAtTwelve() throws {
        // The square drawn anticlockwise on screen, from its bottom-left corner.
        let backwards = Path { p in
            p.move(to: Point(x: 0, y: 10))
            p.addLine(to: Point(x: 10, y: 10))
            p.addLine(to: Point(x: 10, y: 0))
            p.addLine(to: Point(x: 0, y: 0))
            p.closeSubpath()
        }
        for path in [Self.square, backwards] {
            let outline = try #require(Outline(path))
            #expect(outline.points == [Point(x: 5, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10),
                                       Point(x: 0, y: 0)])
        }
        let circle = try #require(Outline(Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20))))
        #expect(abs(circle.points[0].x - 10) < 1e-9 && abs(circle.points[0].y) < 1e-9)
        // Clockwise on screen: the next points go right.
        #expect(circle.points[1].x > 10)
    }

    @Test func theLargestSubpathIsTheOutline() throws {
        let two = Path { p in
            p.addRect(Rect(x: 100, y: 100, width: 2, height: 2))
            p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(try #require(Outline(two)).points.count == 5)
        #expect(Outline(Path { p in p.move(to: .zero); p.addLine(to: Point(x: 5, y: 0)); p.closeSubpath() }) == nil)
    }

    @Test func matchedSamplesHoldEveryCornerOfBoth() throws {
        let square = try #require(Outline(Self.square))
        let diamond = try #require(Outline(Path { p in
            p.move(to: Point(x: 5, y: 0)); p.addLine(to: Point(x: 10, y: 5)); p.addLine(to: Point(x: 5, y: 10))
            p.addLine(to: Point(x: 0, y: 5)); p.closeSubpath()
        }))
        let (a, b) = Outline.matched(square, diamond, count: 16)
        #expect(a.count == b.count)
        for corner in square.points { #expect(a.contains { hypot($0.x - corner.x, $0.y - corner.y) < 1e-9 }) }
        for corner in diamond.points { #expect(b.contains { hypot($0.x - corner.x, $0.y - corner.y) < 1e-9 }) }
        // Both start at twelve o'clock, and point k of each lies the same fraction around.
        #expect(a[0] == Point(x: 5, y: 0) && b[0] == Point(x: 5, y: 0))
        #expect(a.count >= 16 && a.count <= 16 + 5 + 4)
    }

    @Test func anOutlineMatchedWithItselfIsItself() throws {
        let star = try #require(Outline(Path { p in
            for i in 0..<10 {
                let angle = -Double.pi / 2 + Double(i) * .pi / 5, r = i % 2 == 0 ? 50.0 : 20
                let point = Point(x: 60 + r * cos(angle), y: 60 + r * sin(angle))
                if i == 0 { p.move(to: point) } else { p.addLine(to: point) }
            }
            p.closeSubpath()
        }))
        let (a, b) = Outline.matched(star, star, count: 64)
        #expect(a == b)
    }
}
