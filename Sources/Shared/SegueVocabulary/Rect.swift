/// An axis-aligned rectangle in pixels, y down (`segue_rect` in C). A
/// rectangle with a non-positive width or height is empty.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }
    /// True when the rectangle encloses no area (NaN sides too).
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// The point at `unit` across the rectangle: `(0, 0)` is the top-left
    /// corner, `.center` the middle, `(1, 1)` the bottom-right.
    public func point(at unit: Point) -> Point {
        Point(x: minX + unit.x * width, y: minY + unit.y * height)
    }

    /// The overlap of two rectangles; `.zero` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when `other` lies entirely inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// True when `point` lies inside the rectangle or on its edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
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
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top
    /// and bottom (grown for negative insets).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// True when every edge lies on a whole pixel.
    public var isIntegral: Bool {
        minX == minX.rounded() && minY == minY.rounded() && maxX == maxX.rounded() && maxY == maxY.rounded()
    }

    /// The smallest whole-pixel rectangle that holds this one, as integer edges.
    public var enclosingPixels: PixelRect {
        guard !isEmpty, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .empty }
        let limit = Double(Int32.max / 2)
        func clamp(_ v: Double) -> Int { Int(min(max(v, -limit), limit)) }
        return PixelRect(x0: clamp(minX.rounded(.down)), y0: clamp(minY.rounded(.down)),
                         x1: clamp(maxX.rounded(.up)), y1: clamp(maxY.rounded(.up)))
    }

    public var description: String { "(\(minX), \(minY), \(width) × \(height))" }
}

/// A rectangle of whole pixels, given by its edges: columns x0..<x1, rows y0..<y1.
public struct PixelRect: Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    public init(width: Int, height: Int) {
        self.init(x0: 0, y0: 0, x1: width, y1: height)
    }

    public static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// width × height; 0 when empty, `Int.max` when the product would not fit.
    public var pixelCount: Int {
        guard !isEmpty else { return 0 }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : count
    }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0),
                          x1: min(x1, other.x1), y1: min(y1, other.y1))
        return r.isEmpty ? .empty : r
    }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0),
                         x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (x0 <= other.x0 && y0 <= other.y0 && x1 >= other.x1 && y1 >= other.y1)
    }

    public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}
