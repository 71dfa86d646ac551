import Glibc

/// The one error type every Segue layer throws: a code and a sentence that
/// says what was wrong (which file, which column, which value).
///
/// The codes' raw values are the C API's `segue_status` values.
public struct SegueError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Int32, Sendable {
        case invalidArgument = 1   // SEGUE_ERROR_INVALID_ARGUMENT
        case outOfMemory = 2       // SEGUE_ERROR_OUT_OF_MEMORY
        case io = 3                // SEGUE_ERROR_IO
        case format = 4            // SEGUE_ERROR_FORMAT
        case parse = 5             // SEGUE_ERROR_PARSE
        case unknownEffect = 6     // SEGUE_ERROR_UNKNOWN_EFFECT
        case unknownParameter = 7  // SEGUE_ERROR_UNKNOWN_PARAMETER
        case mismatch = 8          // SEGUE_ERROR_MISMATCH
        case plugin = 9            // SEGUE_ERROR_PLUGIN
        case cancelled = 10        // SEGUE_ERROR_CANCELLED
    }

    public let code: Code
    public let message: String

    /// The fixed text for a status code (0 is "ok"), as `segue_status_to_string` gives it.
    public static func text(forStatus status: Int32) -> StaticString {
        switch status {
        case 0: "ok"
        case Code.invalidArgument.rawValue: "invalid argument"
        case Code.outOfMemory.rawValue: "out of memory"
        case Code.io.rawValue: "input/output error"
        case Code.format.rawValue: "bad file format"
        case Code.parse.rawValue: "parse error"
        case Code.unknownEffect.rawValue: "unknown effect"
        case Code.unknownParameter.rawValue: "unknown parameter"
        case Code.mismatch.rawValue: "objects from different engines"
        case Code.plugin.rawValue: "plugin error"
        case Code.cancelled.rawValue: "cancelled"
        default: "unknown status"
        }
    }

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public static func invalidArgument(_ message: String) -> SegueError { SegueError(.invalidArgument, message) }
}

/// The C library's description of the current `errno`, e.g. "No such file or directory".
public func describeErrno() -> String {
    String(cString: strerror(errno))
}
