import CSegue
import SegueABI
import Glibc

/// Where plugins' `log` messages go: standard error, prefixed with the
/// plugin's file. Warnings and errors always; debug and info only when the
/// environment variable SEGUE_DEBUG is set.
enum PluginLog {
    private static let verbose = getenv("SEGUE_DEBUG") != nil

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
