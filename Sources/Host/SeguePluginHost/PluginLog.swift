import CSegue
import SegueABI
import Glibc
import SegueBasics

/// Where plugins' `log` messages go: standard error, prefixed with the
/// plugin's file. Warnings and errors always; debug and info only when the
/// environment variable SEGUE_DEBUG is set.
enum PluginLog {
    private static let verbose = getenv("SEGUE_DEBUG") != nil

    /// Messages `warnOnce` has written, with the file they were about.
    private static let warned = Locked<Set<String>>([])

    /// Writes `message` as a warning the first time this plugin causes it.
    static func warnOnce(_ message: String) {
        let key = (PluginContext.current ?? "") + "\u{0}" + message
        guard warned.withLock({ $0.insert(key).inserted }) else { return }
        write(level: segue_log_level(SEGUE_LOG_WARNING), message: message)
    }

    static func write(level: segue_log_level, message: String) {
        let important = Int(level) >= SEGUE_LOG_WARNING
        guard important || verbose else { return }
        let label = switch Int(level) {
        case SEGUE_LOG_ERROR: "error"
        case SEGUE_LOG_WARNING: "warning"
        case SEGUE_LOG_INFO: "info"
        default: "debug"
        }
        let source = PluginContext.current.map { "plugin '\($0)'" } ?? "a plugin"
        let line = "segue: \(source): \(label): \(message)\n"
        _ = line.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }
}
