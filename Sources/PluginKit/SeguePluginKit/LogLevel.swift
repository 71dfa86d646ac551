import CSegue
import SegueABI

/// What the host logs a plugin message as (`segue_log_level`).
public struct LogLevel: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let debug = LogLevel(rawValue: UInt32(SEGUE_LOG_DEBUG))
    public static let info = LogLevel(rawValue: UInt32(SEGUE_LOG_INFO))
    public static let warning = LogLevel(rawValue: UInt32(SEGUE_LOG_WARNING))
    public static let error = LogLevel(rawValue: UInt32(SEGUE_LOG_ERROR))
}
