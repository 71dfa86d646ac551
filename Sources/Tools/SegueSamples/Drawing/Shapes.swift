import Glibc
import SegueBasics
import SegueCompositor

/// Path builders the scenes share. Filled shapes all wind the same way
/// (clockwise on screen, like `Path.addEllipse` and `addRoundedRect`), so a
/// union of pieces filled with the non-zero rule has no holes where they overlap.
enum Shapes {
    static func roundedRect(_ rect: Rect, radius: Double) -> Path {
        var path = Path()
        path.addRoundedRect(in: rect, cornerRadius: radius)
        return path
    }

    static func circle(_ center: Point, _ radius: Double) -> Path {
        var path = Path()
        path.addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        return path
    }

    static func ellipse(_ rect: Rect) -> Path {
        var path = Path()
        path.addEllipse(in: rect)
        return path
    }

    static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for point in points.dropFirst() { path.addLine(to: point) }
        path.closeSubpath()
        return path
    }

    /// A ring between two radii (fill it with `.evenOdd`).
    static func ring(_ center: Point, inner: Double, outer: Double) -> Path {
        var path = circle(center, outer)
        path.addEllipse(in: Rect(x: center.x - inner, y: center.y - inner, width: 2 * inner, height: 2 * inner))
        return path
    }

    /// A straight segment of `width` with flat ends, as a quadrilateral.
    static func segment(_ a: Point, _ b: Point, width: Double) -> Path {
        var path = Path()
        addSegment(a, b, width: width, to: &path)
        return path
    }

    static func addSegment(_ a: Point, _ b: Point, width: Double, to path: inout Path) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let n = Point(x: -dy / length * width / 2, y: dx / length * width / 2)
        // a−n, b−n, b+n, a+n turns clockwise on screen, as circles do.
        path.move(to: a - n)
        path.addLine(to: b - n)
        path.addLine(to: b + n)
        path.addLine(to: a + n)
        path.closeSubpath()
    }

    /// A polyline stroked with round joins and round caps: segments plus a
    /// disc at every point, one path for the non-zero rule.
    static func stroke(_ points: [Point], width: Double) -> Path {
        var path = Path()
        addStroke(points, width: width, to: &path)
        return path
    }

    static func addStroke(_ points: [Point], width: Double, to path: inout Path) {
        for (a, b) in zip(points, points.dropFirst()) { addSegment(a, b, width: width, to: &path) }
        for point in points { addCircle(point, width / 2, to: &path) }
    }

    static func addCircle(_ center: Point, _ radius: Double, to path: inout Path) {
        path.addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// A five-pointed star.
    static func star(_ center: Point, outer: Double, inner: Double) -> Path {
        let points = (0..<10).map { i -> Point in
            let angle = -Double.pi / 2 + Double(i) * .pi / 5
            let r = i % 2 == 0 ? outer : inner
            return Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
        }
        return polygon(points)
    }
}

extension Rect {
    /// A rectangle of `size` centred on `center`.
    static func centered(at center: Point, width: Double, height: Double) -> Rect {
        Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }

    /// The largest rectangle of the given aspect ratio (width / height) that
    /// fits in this one, centred.
    func fitting(aspect: Double) -> Rect {
        let w = min(width, height * aspect)
        return .centered(at: center, width: w, height: w / aspect)
    }
}

/// Smooth step from 0 at `edge0` to 1 at `edge1`.
func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
    let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
    return t * t * (3 - 2 * t)
}
