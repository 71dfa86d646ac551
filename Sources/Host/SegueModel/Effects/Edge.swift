import SegueBasics

/// SwiftUI's `Edge`. In a left-to-right layout leading is left.
public enum Edge: String, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    public var opposite: Edge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }

    /// The unit direction that points out of the frame through this edge (y down).
    public var direction: Point {
        switch self {
        case .top: Point(x: 0, y: -1)
        case .bottom: Point(x: 0, y: 1)
        case .leading: Point(x: -1, y: 0)
        case .trailing: Point(x: 1, y: 0)
        }
    }
}

/// SwiftUI's named unit points: positions across a frame, (0, 0) top-left.
public enum UnitPoint {
    public static let zero = Point(x: 0, y: 0)
    public static let center = Point(x: 0.5, y: 0.5)
    public static let named: [String: Point] = [
        "zero": zero, "center": center,
        "top": Point(x: 0.5, y: 0), "bottom": Point(x: 0.5, y: 1),
        "leading": Point(x: 0, y: 0.5), "trailing": Point(x: 1, y: 0.5),
        "topLeading": Point(x: 0, y: 0), "topTrailing": Point(x: 1, y: 0),
        "bottomLeading": Point(x: 0, y: 1), "bottomTrailing": Point(x: 1, y: 1),
    ]
}
