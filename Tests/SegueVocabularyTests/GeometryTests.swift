import Glibc
import Testing
import SegueVocabulary

@Suite struct GeometryTests {
    func close(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let transform = AffineTransform.scale(2).concatenating(.translation(x: 10, y: 0))
        #expect(transform.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        let other = AffineTransform.translation(x: 10, y: 0).concatenating(.scale(2))
        #expect(other.apply(Point(x: 1, y: 1)) == Point(x: 22, y: 2))
    }

    @Test func rotationTurnsClockwiseOnScreenAboutItsAnchor() {
        let quarter = AffineTransform.rotation(Double.pi / 2)
        #expect(close(quarter.apply(Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        let aboutCentre = AffineTransform.rotation(Double.pi, about: Point(x: 5, y: 5))
        #expect(close(aboutCentre.apply(Point(x: 5, y: 5)), Point(x: 5, y: 5)))
        #expect(close(aboutCentre.apply(Point(x: 6, y: 5)), Point(x: 4, y: 5)))
    }

    @Test func scaleAboutAnAnchorKeepsTheAnchor() {
        let scale = AffineTransform.scale(x: 2, y: 3, about: Point(x: 10, y: 20))
        #expect(scale.apply(Point(x: 10, y: 20)) == Point(x: 10, y: 20))
        #expect(scale.apply(Point(x: 11, y: 21)) == Point(x: 12, y: 23))
    }

    @Test func invertedUndoes() throws {
        let transform = AffineTransform.rotation(0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: -4, y: 9)
        let inverse = try #require(transform.inverted)
        let point = Point(x: 3.5, y: -7)
        #expect(close(inverse.apply(transform.apply(point)), point))
        #expect(AffineTransform.scale(0).inverted == nil)
    }

    @Test func rectScalingKeepsTheAnchorAndStaysNonNegative() {
        let rect = Rect(x: 10, y: 20, width: 400, height: 300)
        #expect(rect.scaled(by: 0.5) == Rect(x: 110, y: 95, width: 200, height: 150))
        #expect(rect.scaled(by: 1) == rect)
        #expect(rect.scaled(by: 2, about: rect.origin) == Rect(x: 10, y: 20, width: 800, height: 600))
        #expect(rect.scaled(by: -1) == rect)
        #expect(rect.contains(rect) && rect.scaled(by: 1.1).contains(rect) && !rect.scaled(by: 0.9).contains(rect))
        #expect(rect.point(at: .center) == rect.center)
        #expect(rect.insetBy(dx: 10, dy: 20) == Rect(x: 20, y: 40, width: 380, height: 260))
    }
}

@Suite struct ColorTests {
    /// SwiftUI's system colours (light mode), written out as the sRGB bytes
    /// Apple's Human Interface Guidelines give them.
    @Test func namedColoursAreSwiftUIs() {
        let expected: [(Color, UInt32)] = [
            (.red, 0xFF3B30), (.orange, 0xFF9500), (.yellow, 0xFFCC00), (.green, 0x34C759), (.mint, 0x00C7BE),
            (.teal, 0x30B0C7), (.cyan, 0x32ADE6), (.blue, 0x007AFF), (.indigo, 0x5856D6), (.purple, 0xAF52DE),
            (.pink, 0xFF2D55), (.brown, 0xA2845E), (.gray, 0x8E8E93),
        ]
        for (color, rgb) in expected {
            #expect(color.premultipliedARGB32 == 0xFF00_0000 | rgb)
        }
        #expect(Color.red == Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255))
        #expect(Color(text: "red") == .red && Color(text: "#ff3b30") == .red)
        #expect(Color(text: "#ff3b3080")?.alpha == 128.0 / 255)
        #expect(Color(text: "nonsense") == nil && Color(text: "#12345") == nil)
    }
}

@Suite struct PathTests {
    /// A rounded rectangle is four quarter circles joined by lines: each
    /// curve's ends lie on the corner circles.
    @Test func roundedRectanglesAreMadeOfQuarterCircles() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 60)
        let path = Path(roundedRect: rect, cornerRadius: 8)
        let curves = path.elements.compactMap { element -> Point? in
            if case .curve(let end, _, _) = element { return end }
            return nil
        }
        #expect(curves.count == 4)
        let corners = [Point(x: 110, y: 28), Point(x: 102, y: 80), Point(x: 10, y: 72), Point(x: 18, y: 20)]
        for (end, expected) in zip(curves, corners) {
            #expect(abs(end.x - expected.x) < 1e-9 && abs(end.y - expected.y) < 1e-9)
        }
        #expect(Path(roundedRect: rect, cornerRadius: 0) == Path(rect))
        #expect(path.boundingBox == rect)
    }

    /// A path is a rectangle only when it is one closed axis-aligned outline of
    /// four corners, in either direction, with or without the line back.
    @Test func rectanglesAreFoundAndNothingElseIs() {
        let rect = Rect(x: 2.5, y: -3, width: 40, height: 10)
        #expect(Path(rect).rectangle == rect)
        #expect(Path(Rect(x: 5, y: 6, width: 0, height: 7)).rectangle == Rect(x: 5, y: 6, width: 0, height: 7))
        let backwards = Path { p in
            p.move(to: Point(x: 42.5, y: 7))
            p.addLine(to: Point(x: 42.5, y: -3))
            p.addLine(to: Point(x: 2.5, y: -3))
            p.addLine(to: Point(x: 2.5, y: 7))
            p.addLine(to: Point(x: 42.5, y: 7))
            p.closeSubpath()
        }
        #expect(backwards.rectangle == rect)
        var open = Path(rect)
        open.addLine(to: Point(x: 0, y: 0))
        var two = Path(rect)
        two.addRect(Rect(x: 0, y: 0, width: 1, height: 1))
        let skewed = Path { p in
            p.move(to: Point(x: 0, y: 0))
            p.addLine(to: Point(x: 10, y: 0))
            p.addLine(to: Point(x: 11, y: 10))
            p.addLine(to: Point(x: 0, y: 10))
            p.closeSubpath()
        }
        for path in [open, two, skewed, Path(ellipseIn: rect), Path(roundedRect: rect, cornerRadius: 2),
                     Path(rect).applying(.rotation(0.3)), Path()] {
            #expect(path.rectangle == nil, "\(path.elements)")
        }
    }

    /// A path of rectangles only gives one per subpath, in order; any other
    /// subpath, even one, gives none.
    @Test func rectanglesOfSubpaths() {
        let outer = Rect(x: 0, y: 0, width: 96, height: 80), hole = Rect(x: 10.5, y: 8, width: 60, height: 50)
        var frame = Path(outer)
        frame.addRect(hole)
        #expect(frame.rectangles == [outer, hole])
        #expect(Path(hole).rectangles == [hole])
        var withCircle = frame
        withCircle.addEllipse(in: hole)
        var open = frame
        open.addLine(to: Point(x: 3, y: 3))
        for path in [withCircle, open, Path(ellipseIn: outer), Path()] {
            #expect(path.rectangles == nil, "\(path.elements)")
        }
    }

    @Test func polygonsFollowCurvesWithinTheTolerance() {
        let circle = Path(ellipseIn: Rect(x: -50, y: -50, width: 100, height: 100))
        let polygon = try! #require(circle.polygons(tolerance: 0.1).first)
        for point in polygon {
            #expect(abs((point.x * point.x + point.y * point.y).squareRoot() - 50) < 0.1)
        }
    }
}
