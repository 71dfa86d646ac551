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
    private var lastDrawn = ""
    private let started = ProgressBar.now()

    init(total: Int, label: String, quiet: Bool) {
        self.total = max(total, 1)
        self.label = label
        enabled = Terminal.standardErrorIsTerminal && !quiet
    }

    /// Shows that `done` of `total` steps are complete, what is being done
    /// (a junction's name, say), and once a few steps are timed, the time left.
    func update(_ done: Int, detail: String? = nil) {
        guard enabled else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let elapsed = Self.now() - started
        var eta = ""
        if done >= 3, done < total, elapsed > 0.5 {
            let left = Int((elapsed / Double(done) * Double(total - done)).rounded(.up))
            eta = "  ETA \(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)"
        }
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let text = "\(label) \(bar) \(done)/\(total)\(eta)" + (detail.map { "  \($0)" } ?? "")
        guard text != lastDrawn else { return }
        lastDrawn = text
        fputs("\r\(text)\u{1B}[K", StandardStream.error)
        fflush(StandardStream.error)
    }

    func finish() {
        guard enabled, !lastDrawn.isEmpty else { return }
        fputs("\r\u{1B}[K", StandardStream.error)
        fflush(StandardStream.error)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The C standard streams. Swift 6 treats C's `stdout`/`stderr` globals as
/// shared mutable state; they are set once by the C runtime and safe to read.
enum StandardStream {
    nonisolated(unsafe) static let output: UnsafeMutablePointer<FILE> = stdout
    nonisolated(unsafe) static let error: UnsafeMutablePointer<FILE> = stderr
}
