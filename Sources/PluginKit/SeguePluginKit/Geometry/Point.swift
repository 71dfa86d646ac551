import CSegue

/// A point or a size, in pixels (y down) or, for anchors, in units of the
/// content's frame (`segue_point`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
    /// The unit point at the middle of a box: `(0.5, 0.5)`.
    public static let center = Point(x: 0.5, y: 0.5)

    public var description: String { "(\(x), \(y))" }

    init(_ point: segue_point) {
        self.init(x: point.x, y: point.y)
    }

    var cValue: segue_point { segue_point(x: x, y: y) }
}
