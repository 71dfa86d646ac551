import CSegue

/// The kind of an effect parameter and of the value it holds (`segue_kind`).
public struct ParameterKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A `Double` (`SEGUE_KIND_NUMBER`).
    public static let number = ParameterKind(rawValue: UInt32(SEGUE_KIND_NUMBER))
    /// An `Int`, a whole number (`SEGUE_KIND_INTEGER`).
    public static let integer = ParameterKind(rawValue: UInt32(SEGUE_KIND_INTEGER))
    /// A `Bool` (`SEGUE_KIND_BOOL`).
    public static let bool = ParameterKind(rawValue: UInt32(SEGUE_KIND_BOOL))
    /// A `Color` (`SEGUE_KIND_COLOR`).
    public static let color = ParameterKind(rawValue: UInt32(SEGUE_KIND_COLOR))
    /// A `Point` (`SEGUE_KIND_POINT`).
    public static let point = ParameterKind(rawValue: UInt32(SEGUE_KIND_POINT))
    /// One of a Swift enum's cases, by name (`SEGUE_KIND_ENUM`).
    public static let enumeration = ParameterKind(rawValue: UInt32(SEGUE_KIND_ENUM))
    /// A `String` (`SEGUE_KIND_STRING`).
    public static let string = ParameterKind(rawValue: UInt32(SEGUE_KIND_STRING))

    public var description: String {
        switch Int(rawValue) {
        case SEGUE_KIND_NUMBER: "number"
        case SEGUE_KIND_INTEGER: "integer"
        case SEGUE_KIND_BOOL: "bool"
        case SEGUE_KIND_COLOR: "color"
        case SEGUE_KIND_POINT: "point"
        case SEGUE_KIND_ENUM: "enum"
        case SEGUE_KIND_STRING: "string"
        default: "kind \(rawValue)"
        }
    }
}
