import SegueBasics

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points
/// (c0x, c0y) and (c1x, c1y), as in CSS and SwiftUI's `timingCurve`.
///
/// With c0x and c1x in 0...1 the curve's x grows monotonically with its
/// parameter, so every time fraction has exactly one progress value.
struct TimingCurve: Hashable, Sendable {
    let c0x: Double
    let c0y: Double
    let c1x: Double
    let c1y: Double

    static let linear = TimingCurve(c0x: 0, c0y: 0, c1x: 1, c1y: 1)
    static let easeIn = TimingCurve(c0x: 0.42, c0y: 0, c1x: 1, c1y: 1)
    static let easeOut = TimingCurve(c0x: 0, c0y: 0, c1x: 0.58, c1y: 1)
    static let easeInOut = TimingCurve(c0x: 0.42, c0y: 0, c1x: 0.58, c1y: 1)
    /// CSS's `ease` (its ease-in, ease-out and ease-in-out are SwiftUI's three).
    static let ease = TimingCurve(c0x: 0.25, c0y: 0.1, c1x: 0.25, c1y: 1)

    /// The names of the standard curves (SwiftUI's, then CSS's `ease`), in the order specs list them.
    static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut), ("ease", .ease),
    ]

    /// A curve through the given control points. Control points on the
    /// diagonal (c0x == c0y and c1x == c1y) make y(s) == x(s), a straight
    /// line: they all become `.linear`, so equal curves compare equal.
    /// - Throws: `.invalidArgument` when a value is not finite or c0x or c1x
    ///   lies outside 0...1.
    init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) throws {
        for (name, value) in [("c0x", c0x), ("c0y", c0y), ("c1x", c1x), ("c1y", c1y)] {
            guard value.isFinite else {
                throw SegueError.invalidArgument("timing curve control point '\(name)' must be finite, not \(value)")
            }
        }
        for (name, value) in [("c0x", c0x), ("c1x", c1x)] where !(0...1).contains(value) {
            throw SegueError.invalidArgument(
                "timing curve control point '\(name)' must lie in 0…1, not \(SpecFormat.number(value))")
        }
        self = c0x == c0y && c1x == c1y ? .linear : TimingCurve(c0x: c0x, c0y: c0y, c1x: c1x, c1y: c1y)
    }

    private init(c0x: Double, c0y: Double, c1x: Double, c1y: Double) {
        self.c0x = c0x
        self.c0y = c0y
        self.c1x = c1x
        self.c1y = c1y
    }

    /// The progress at time fraction `x`: 0 up to x = 0, 1 from x = 1 on,
    /// y(s) where x(s) = x in between.
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        return Self.bezier(parameter(for: x), c0y, c1y)
    }

    /// The curve parameter s in 0...1 with x(s) = `x`: Newton's method from
    /// s = x, and bisection when Newton leaves 0...1 or stalls on a flat
    /// stretch. Both stop at a residual far below 1e-7.
    private func parameter(for x: Double) -> Double {
        let tolerance = 1e-14
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, c0x, c1x) - x
            if abs(error) < tolerance { return s }
            let slope = Self.slope(s, c0x, c1x)
            guard abs(slope) > 1e-9 else { break }
            s -= error / slope
            guard (0...1).contains(s) else { break }
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 {
            s = (low + high) / 2
            let error = Self.bezier(s, c0x, c1x) - x
            if abs(error) < tolerance { break }
            if error < 0 { low = s } else { high = s }
        }
        return s
    }

    /// One coordinate of the curve at parameter s, with end points 0 and 1.
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    /// d/ds of `bezier`.
    private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
