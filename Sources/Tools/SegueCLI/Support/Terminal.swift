@preconcurrency import Glibc

/// Standard error, and whether it is a terminal (progress bars only then).
enum Terminal {
    static let standardErrorIsTerminal = isatty(STDERR_FILENO) == 1

    static func error(_ text: String) {
        fputs(text + "\n", StandardStream.error)
    }
}

/// A one-line progress bar on standard error, drawn only when it is a
/// terminal and not silenced; it erases itself when done.
final class ProgressBar {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private var lastDrawn = -1

    init(total: Int, label: String, quiet: Bool) {
        self.total = max(total, 1)
        self.label = label
        enabled = Terminal.standardErrorIsTerminal && !quiet
    }

    /// Shows that `done` of `total` steps are complete.
    func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = min(width, done * width / total)
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        fputs("\r\(label) \(bar) \(done)/\(total)", StandardStream.error)
        fflush(StandardStream.error)
    }

    func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        fputs("\r\u{1B}[K", StandardStream.error)
        fflush(StandardStream.error)
    }
}

/// The C standard streams. Swift 6 treats C's `stdout`/`stderr` globals as
/// shared mutable state; they are set once by the C runtime and safe to read.
enum StandardStream {
    nonisolated(unsafe) static let output: UnsafeMutablePointer<FILE> = stdout
    nonisolated(unsafe) static let error: UnsafeMutablePointer<FILE> = stderr
}
