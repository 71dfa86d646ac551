/// A concrete value of an effect parameter.
public enum ParameterValue: Hashable, Sendable {
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case color(Color)
    case point(Point)
    case enumeration(String)
    case string(String)

    /// The value as a number, for the numeric kinds (bool gives 0 or 1).
    public var number: Double? {
        switch self {
        case .number(let v): v
        case .integer(let v): Double(v)
        case .bool(let v): v ? 1 : 0
        default: nil
        }
    }

    public var point: Point? {
        if case .point(let p) = self { return p }
        return nil
    }

    public var color: Color? {
        if case .color(let c) = self { return c }
        return nil
    }

    /// The case name of an enumeration value, or the text of a string value.
    public var text: String? {
        switch self {
        case .enumeration(let s), .string(let s): s
        default: nil
        }
    }

    /// An integer, or a number with no fractional part (finite), as a Double.
    public var wholeNumber: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .number(let v) where v.isFinite && v == v.rounded(): v
        default: nil
        }
    }

    /// A short description of the value's kind for messages, e.g. "a number".
    public var kindDescription: String {
        switch self {
        case .number: "a number"
        case .integer: "an integer"
        case .bool: "a bool"
        case .color: "a color"
        case .point: "a point"
        case .enumeration(let name): "the case .\(name)"
        case .string: "a string"
        }
    }

    /// `a + (b − a)·t` for the kinds that interpolate, kept finite (see
    /// `Double.interpolated`); integers round to nearest.
    /// Values of other kinds (or of mismatched kinds) are not interpolated: the
    /// result is `a` at `t <= 0` and `b` after.
    public static func interpolate(_ a: ParameterValue, _ b: ParameterValue, _ t: Double) -> ParameterValue {
        // `a + (b − a)·1` can miss `b` by an ulp (−0.3 → 2 gives 1.9999999999999998):
        // a finished transition must land exactly on its target state.
        if t == 1 { return b }
        switch (a, b) {
        case let (.number(x), .number(y)):
            return .number(.interpolated(from: x, to: y, at: t))
        case let (.integer(x), .integer(y)):
            let v = (Double(x) + Double(y - x) * t).rounded()
            return .integer(Int(clamping: v.isFinite ? Int64(max(min(v, 9e18), -9e18)) : 0))
        case let (.point(p), .point(q)):
            return .point(Point(x: .interpolated(from: p.x, to: q.x, at: t), y: .interpolated(from: p.y, to: q.y, at: t)))
        case let (.color(c), .color(d)):
            return .color(c.mixed(with: d, by: t))
        default:
            return t <= 0 ? a : b
        }
    }
}
