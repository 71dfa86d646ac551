import CSegue

/// An axis-aligned rectangle in pixels, y down (`segue_rect`).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    /// The origin (top-left corner).
    public var origin: Point { Point(x: x, y: y) }
    /// True when the rectangle encloses no area.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The point at unit position `unit` across the rectangle: `(0, 0)` is
    /// the top-left corner, `.center` the middle, `(1, 1)` the bottom-right.
    public func point(at unit: Point) -> Point {
        Point(x: x + unit.x * width, y: y + unit.y * height)
    }

    /// The rectangle scaled by `factor` about `anchor` (its centre by default).
    /// A negative factor flips it; its width and height stay non-negative.
    public func scaled(by factor: Double, about anchor: Point? = nil) -> Rect {
        scaled(x: factor, y: factor, about: anchor)
    }

    /// The rectangle scaled by `sx` across and `sy` down about `anchor` (its centre by default).
    public func scaled(x sx: Double, y sy: Double, about anchor: Point? = nil) -> Rect {
        let anchor = anchor ?? center
        let left = anchor.x + (minX - anchor.x) * sx, right = anchor.x + (maxX - anchor.x) * sx
        let top = anchor.y + (minY - anchor.y) * sy, bottom = anchor.y + (maxY - anchor.y) * sy
        return Rect(x: min(left, right), y: min(top, bottom), width: abs(right - left), height: abs(bottom - top))
    }

    /// The rectangle moved by `(dx, dy)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top
    /// and bottom (grown for negative insets).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// True when `other` lies entirely inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// True when `point` lies inside the rectangle or on its edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    public var description: String { "(\(x), \(y), \(width) × \(height))" }

    init(_ rect: segue_rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    var cValue: segue_rect { segue_rect(x: x, y: y, width: width, height: height) }
}
