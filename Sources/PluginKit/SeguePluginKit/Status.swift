import CSegue

/// The result of a host call (`segue_status`). Zero is success.
public struct Status: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let ok = Status(rawValue: Int32(SEGUE_OK))
    /// A NULL, NaN, out-of-range or ill-sized argument (`SEGUE_ERROR_INVALID_ARGUMENT`).
    public static let invalidArgument = Status(rawValue: Int32(SEGUE_ERROR_INVALID_ARGUMENT))
    /// An allocation failed (`SEGUE_ERROR_OUT_OF_MEMORY`).
    public static let outOfMemory = Status(rawValue: Int32(SEGUE_ERROR_OUT_OF_MEMORY))
    /// A file could not be opened, read or written (`SEGUE_ERROR_IO`).
    public static let io = Status(rawValue: Int32(SEGUE_ERROR_IO))
    /// A file is not what it claims (`SEGUE_ERROR_FORMAT`).
    public static let format = Status(rawValue: Int32(SEGUE_ERROR_FORMAT))
    /// A plugin failed (`SEGUE_ERROR_PLUGIN`): what a thrown error becomes.
    public static let plugin = Status(rawValue: Int32(SEGUE_ERROR_PLUGIN))
    /// The caller cancelled the call (`SEGUE_ERROR_CANCELLED`).
    public static let cancelled = Status(rawValue: Int32(SEGUE_ERROR_CANCELLED))

    public var description: String {
        switch Int(rawValue) {
        case SEGUE_OK: "ok"
        case SEGUE_ERROR_INVALID_ARGUMENT: "invalid argument"
        case SEGUE_ERROR_OUT_OF_MEMORY: "out of memory"
        case SEGUE_ERROR_IO: "input/output error"
        case SEGUE_ERROR_FORMAT: "bad file format"
        case SEGUE_ERROR_PARSE: "parse error"
        case SEGUE_ERROR_UNKNOWN_EFFECT: "unknown effect"
        case SEGUE_ERROR_UNKNOWN_PARAMETER: "unknown parameter"
        case SEGUE_ERROR_MISMATCH: "objects from different engines"
        case SEGUE_ERROR_PLUGIN: "plugin error"
        case SEGUE_ERROR_CANCELLED: "cancelled"
        default: "status \(rawValue)"
        }
    }
}
