import CSegue

/// How overlapping parts of a path count as inside (`segue_fill_rule`).
public struct FillRule: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Inside where the outline winds around a point a non-zero number of times (`SEGUE_FILL_NONZERO`).
    public static let nonZero = FillRule(rawValue: UInt32(SEGUE_FILL_NONZERO))
    /// Inside where a ray from a point crosses the outline an odd number of times (`SEGUE_FILL_EVEN_ODD`).
    public static let evenOdd = FillRule(rawValue: UInt32(SEGUE_FILL_EVEN_ODD))
}
