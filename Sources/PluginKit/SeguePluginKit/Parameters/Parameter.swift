import CSegue
import SegueABI

/// A typed parameter of an effect: its declaration for the host, and the key
/// that reads its value in `render`.
///
/// Declare each one as a `static let` of the effect, list them in
/// `parameters`, and read them through `values`:
///
/// ```swift
/// static let offset = Parameter.point("offset", summary: "How far the copies move apart",
///                                     active: Point(x: 12, y: 0), identity: .zero, animatable: true)
/// static let mode = Parameter.enumeration("mode", summary: "channels or tint", default: Mode.channels)
/// …
/// let offset = values.offset      // Point
/// let mode = values.mode          // Mode
/// ```
///
/// Factories exist for every kind: `number` (`Double`), `integer` (`Int`),
/// `bool`, `color` (`Color`), `point` (`Point`), `string` (`String`) and
/// `enumeration` (any `String`-backed `CaseIterable` enum). Each takes either
/// `active:` and `identity:` (the values in the effect's default states) or
/// one `default:` for both. Only numbers, integers, colours and points can be
/// `animatable` (interpolate between states); only numbers and integers take
/// a `range`.
public struct Parameter<Value: Sendable>: Sendable {
    /// What the host is told about the parameter.
    public let declaration: ParameterDeclaration
    /// The value in the effect's default active state.
    public let active: Value
    /// The value in the effect's default identity state; also what a read
    /// that fails (see `Values`) returns.
    public let identity: Value
    let decode: @Sendable (segue_value) -> Value?

    /// The parameter's name.
    public var name: String { declaration.name }

    init(name: String, summary: String, kind: ParameterKind, animatable: Bool, range: ClosedRange<Double>?,
         active: Value, identity: Value, removal: Value? = nil, declared: (Value) -> ParameterValue,
         decode: @escaping @Sendable (segue_value) -> Value?) {
        self.declaration = ParameterDeclaration(
            name: name, summary: summary, kind: kind, isAnimatable: animatable, range: range,
            active: declared(active), identity: declared(identity), removal: removal.map(declared))
        self.active = active
        self.identity = identity
        self.decode = decode
    }
}

extension Parameter where Value == Double {
    /// A number (`SEGUE_KIND_NUMBER`). With `removal`, the effect starts
    /// from that value instead of `active` when it removes a view, and its
    /// shorthand is the asymmetric pair (`.shift`: 1 inserting, −1 removing;
    /// hosts from 0.2.0).
    public static func number(_ name: String, summary: String, active: Double, identity: Double,
                              removal: Double? = nil, range: ClosedRange<Double>? = nil,
                              animatable: Bool = false) -> Parameter {
        Parameter(name: name, summary: summary, kind: .number, animatable: animatable, range: range,
                  active: active, identity: identity, removal: removal, declared: { .number($0) },
                  decode: { $0.number })
    }

    /// A number with the same value in both default states.
    public static func number(_ name: String, summary: String, default value: Double,
                              range: ClosedRange<Double>? = nil, animatable: Bool = false) -> Parameter {
        number(name, summary: summary, active: value, identity: value, range: range, animatable: animatable)
    }
}

extension Parameter where Value == Int {
    /// A whole number (`SEGUE_KIND_INTEGER`). Values arriving between whole
    /// numbers (an animatable integer mid-way) are rounded.
    public static func integer(_ name: String, summary: String, active: Int, identity: Int,
                               range: ClosedRange<Int>? = nil, animatable: Bool = false) -> Parameter {
        Parameter(name: name, summary: summary, kind: .integer, animatable: animatable,
                  range: range.map { Double($0.lowerBound)...Double($0.upperBound) },
                  active: active, identity: identity, declared: { .integer($0) },
                  decode: { Int(exactly: $0.number.rounded()) })
    }

    /// A whole number with the same value in both default states.
    public static func integer(_ name: String, summary: String, default value: Int,
                               range: ClosedRange<Int>? = nil, animatable: Bool = false) -> Parameter {
        integer(name, summary: summary, active: value, identity: value, range: range, animatable: animatable)
    }
}

extension Parameter where Value == Bool {
    /// A flag (`SEGUE_KIND_BOOL`); never animatable.
    public static func bool(_ name: String, summary: String, active: Bool, identity: Bool) -> Parameter {
        Parameter(name: name, summary: summary, kind: .bool, animatable: false, range: nil,
                  active: active, identity: identity, declared: { .bool($0) },
                  decode: { $0.number != 0 })
    }

    /// A flag with the same value in both default states.
    public static func bool(_ name: String, summary: String, default value: Bool) -> Parameter {
        bool(name, summary: summary, active: value, identity: value)
    }
}

extension Parameter where Value == Color {
    /// A colour (`SEGUE_KIND_COLOR`), straight components in 0…1.
    public static func color(_ name: String, summary: String, active: Color, identity: Color,
                             animatable: Bool = false) -> Parameter {
        Parameter(name: name, summary: summary, kind: .color, animatable: animatable, range: nil,
                  active: active, identity: identity, declared: { .color($0) }, decode: { Color($0.color) })
    }

    /// A colour with the same value in both default states.
    public static func color(_ name: String, summary: String, default value: Color,
                             animatable: Bool = false) -> Parameter {
        color(name, summary: summary, active: value, identity: value, animatable: animatable)
    }
}

extension Parameter where Value == Point {
    /// A point or size (`SEGUE_KIND_POINT`).
    public static func point(_ name: String, summary: String, active: Point, identity: Point,
                             animatable: Bool = false) -> Parameter {
        Parameter(name: name, summary: summary, kind: .point, animatable: animatable, range: nil,
                  active: active, identity: identity, declared: { .point($0) }, decode: { Point($0.point) })
    }

    /// A point with the same value in both default states.
    public static func point(_ name: String, summary: String, default value: Point,
                             animatable: Bool = false) -> Parameter {
        point(name, summary: summary, active: value, identity: value, animatable: animatable)
    }
}

extension Parameter where Value == String {
    /// Text (`SEGUE_KIND_STRING`); never animatable.
    public static func string(_ name: String, summary: String, active: String, identity: String) -> Parameter {
        Parameter(name: name, summary: summary, kind: .string, animatable: false, range: nil,
                  active: active, identity: identity, declared: { .string($0) },
                  decode: { $0.text.map { String(cString: $0) } ?? "" })
    }

    /// Text with the same value in both default states.
    public static func string(_ name: String, summary: String, default value: String) -> Parameter {
        string(name, summary: summary, active: value, identity: value)
    }
}

extension Parameter where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One case of a Swift enum, by its raw value (`SEGUE_KIND_ENUM`); never
    /// animatable. The enum's cases, in order, are the parameter's cases, so
    /// their raw values must be identifiers.
    ///
    /// ```swift
    /// enum Mode: String, CaseIterable, Sendable { case channels, tint }
    /// static let mode = Parameter.enumeration("mode", summary: "…", default: Mode.channels)
    /// ```
    public static func enumeration(_ name: String, summary: String, active: Value, identity: Value) -> Parameter {
        Parameter(name: name, summary: summary, kind: .enumeration(cases: Value.allCases.map(\.rawValue)),
                  animatable: false, range: nil, active: active, identity: identity,
                  declared: { .enumeration($0.rawValue) },
                  decode: { value in
                      guard let text = value.text else { return nil }
                      let name = String(cString: text)
                      return Value.allCases.first { $0.rawValue == name }
                  })
    }

    /// One case of a Swift enum, the same in both default states.
    public static func enumeration(_ name: String, summary: String, default value: Value) -> Parameter {
        enumeration(name, summary: summary, active: value, identity: value)
    }
}
