/// What kind of value an effect parameter holds (`segue_kind` in C).
public enum ParameterKind: Hashable, Sendable {
    case number
    case integer
    case bool
    case color
    case point
    /// One of a fixed list of case names, written `.name` in specs.
    case enumeration(cases: [String])
    case string

    /// The word used in listings and messages: "number", "enum", …
    public var name: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .bool: "bool"
        case .color: "color"
        case .point: "point"
        case .enumeration: "enum"
        case .string: "string"
        }
    }

    /// Whether values of this kind can interpolate at all. Parameters of
    /// these kinds may still be declared non-animatable.
    public var canInterpolate: Bool {
        switch self {
        case .number, .integer, .color, .point: true
        case .bool, .enumeration, .string: false
        }
    }
}
