import Glibc

/// A shape's outline as one closed polygon, normalised for morphing: turning
/// clockwise on screen (y down) and starting at twelve o'clock, where the
/// vertical through the centre of its bounding box meets its top. Two
/// outlines normalised alike can be interpolated point by point without the
/// shape turning inside out or spinning half-way — the step the article on
/// morphing left undone.
public struct Outline: Hashable, Sendable {
    /// The corners, the first at twelve o'clock; the last joins the first.
    public let points: [Point]
    /// Arc length from the first point to each point, and around the whole outline.
    private let distances: [Double]
    private let perimeter: Double

    /// The outline of `path`'s largest subpath (by area), curves flattened
    /// within `tolerance` pixels; nil when it has no subpath with an area.
    public init?(_ path: Path, tolerance: Double = 0.05) {
        let polygons = path.polygons(tolerance: tolerance)
        guard var polygon = polygons.max(by: { abs(Self.twiceArea($0)) < abs(Self.twiceArea($1)) }),
              Self.twiceArea(polygon) != 0 else { return nil }
        if Self.twiceArea(polygon) < 0 { polygon.reverse() }
        self.init(startingAtTwelve: polygon)
    }

    private init(startingAtTwelve polygon: [Point]) {
        var points = polygon
        let xs = points.map(\.x)
        let centre = (xs.min()! + xs.max()!) / 2
        // The topmost crossing of the vertical through the centre.
        var best: (y: Double, index: Int, point: Point)?
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            guard (p.x - centre) * (q.x - centre) <= 0 else { continue }
            let crossing: Point
            if p.x == q.x {
                crossing = p.y < q.y ? p : q
            } else {
                let t = (centre - p.x) / (q.x - p.x)
                crossing = Point(x: centre, y: p.y + t * (q.y - p.y))
            }
            if best == nil || crossing.y < best!.y { best = (crossing.y, i, crossing) }
        }
        if let best {
            let after = (best.index + 1) % points.count
            if best.point == points[after] {
                points = Array(points[after...] + points[..<after])
            } else if best.point == points[best.index] {
                points = Array(points[best.index...] + points[..<best.index])
            } else {
                points = [best.point] + Array(points[after...] + points[..<after])
            }
        }
        var distances = [0.0]
        for i in 1..<points.count { distances.append(distances[i - 1] + Self.length(points[i - 1], points[i])) }
        self.points = points
        self.distances = distances
        self.perimeter = distances.last! + Self.length(points.last!, points[0])
    }

    /// The point at `fraction` (0…1) of the way around, from the first point.
    public func point(at fraction: Double) -> Point {
        let target = fraction * perimeter
        // The last corner at or before the target.
        var low = 0, high = distances.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if distances[middle] <= target { low = middle } else { high = middle - 1 }
        }
        let from = points[low], to = points[(low + 1) % points.count]
        let span = (low + 1 < distances.count ? distances[low + 1] : perimeter) - distances[low]
        let t = span > 0 ? min(max((target - distances[low]) / span, 0), 1) : 0
        return Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
    }

    /// The fractions of the way around at which the corners lie.
    private var cornerFractions: [Double] {
        perimeter > 0 ? distances.map { $0 / perimeter } : [0]
    }

    /// Both outlines sampled at the same fractions of their arc length:
    /// `count` evenly spaced, plus every corner of either, so that each
    /// sampling is exactly its own polygon (a morph starts and ends on the
    /// shapes themselves, corners and all) and point k of one meets point k
    /// of the other.
    public static func matched(_ a: Outline, _ b: Outline, count: Int) -> (a: [Point], b: [Point]) {
        let even = (0..<max(count, 3)).map { Double($0) / Double(max(count, 3)) }
        var fractions = (even + a.cornerFractions + b.cornerFractions).filter { $0 < 1 }.sorted()
        fractions = fractions.enumerated().filter { $0.offset == 0 || $0.element - fractions[$0.offset - 1] > 1e-12 }
            .map(\.element)
        return (fractions.map(a.point(at:)), fractions.map(b.point(at:)))
    }

    /// Twice the signed area: positive for a polygon turning clockwise on screen (y down).
    static func twiceArea(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }

    private static func length(_ p: Point, _ q: Point) -> Double {
        hypot(q.x - p.x, q.y - p.y)
    }
}
