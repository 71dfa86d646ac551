import Glibc
@_exported import SegueVocabulary

/// The one error type every Segue layer throws: a status and a sentence that
/// says what was wrong (which file, which column, which value).
public struct SegueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure: never `.ok`.
    public let code: Status
    public let message: String

    public init(_ code: Status, _ message: String) {
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
