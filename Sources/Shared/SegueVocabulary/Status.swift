/// The result of every call that can fail (`segue_status` in C): zero is
/// success, the rest say what kind of failure it was. One table of codes and
/// their fixed descriptions serves the C API (`segue_status_to_string`), the
/// errors the host throws and the plugin kit.
public struct Status: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let ok = Status(rawValue: 0)                // SEGUE_OK
    /// A NULL, NaN, out-of-range or ill-sized argument.
    public static let invalidArgument = Status(rawValue: 1)   // SEGUE_ERROR_INVALID_ARGUMENT
    /// An allocation failed.
    public static let outOfMemory = Status(rawValue: 2)       // SEGUE_ERROR_OUT_OF_MEMORY
    /// A file could not be opened, read or written.
    public static let io = Status(rawValue: 3)                // SEGUE_ERROR_IO
    /// A file is not what it claims (a broken PNG, say).
    public static let format = Status(rawValue: 4)            // SEGUE_ERROR_FORMAT
    /// A spec string is malformed; the message names the column.
    public static let parse = Status(rawValue: 5)             // SEGUE_ERROR_PARSE
    /// No built-in or plugin effect has that name.
    public static let unknownEffect = Status(rawValue: 6)     // SEGUE_ERROR_UNKNOWN_EFFECT
    /// The effect has no parameter of that name, or the value has the wrong kind.
    public static let unknownParameter = Status(rawValue: 7)  // SEGUE_ERROR_UNKNOWN_PARAMETER
    /// Objects from different engines were used together.
    public static let mismatch = Status(rawValue: 8)          // SEGUE_ERROR_MISMATCH
    /// A plugin failed; the message names the plugin.
    public static let plugin = Status(rawValue: 9)            // SEGUE_ERROR_PLUGIN
    /// The caller cancelled the call.
    public static let cancelled = Status(rawValue: 10)        // SEGUE_ERROR_CANCELLED
    /// A frame would take more work or memory than the engine's render budget allows.
    public static let overBudget = Status(rawValue: 11)       // SEGUE_ERROR_OVER_BUDGET

    /// Every status the headers define, in order.
    public static let all: [Status] = [.ok, .invalidArgument, .outOfMemory, .io, .format, .parse, .unknownEffect,
                                       .unknownParameter, .mismatch, .plugin, .cancelled, .overBudget]

    /// The fixed description, e.g. "parse error"; "unknown status" for codes
    /// the headers do not define.
    public var text: StaticString {
        switch self {
        case .ok: "ok"
        case .invalidArgument: "invalid argument"
        case .outOfMemory: "out of memory"
        case .io: "input/output error"
        case .format: "bad file format"
        case .parse: "parse error"
        case .unknownEffect: "unknown effect"
        case .unknownParameter: "unknown parameter"
        case .mismatch: "objects from different engines"
        case .plugin: "plugin error"
        case .cancelled: "cancelled"
        case .overBudget: "over the render budget"
        default: "unknown status"
        }
    }

    public var description: String { "\(text)" }
}
