import Glibc
import SegueBasics
import SegueCompositor
import SegueImageIO

/// Frames as numbered PNG files, each written whole (temporary name, then
/// rename). Abandoning — or an interrupt before `finish()` — removes every
/// frame this sink wrote.
final class PNGSequenceSink: FrameSink {
    private let pattern: NumberedPath
    private let firstNumber: Int
    private var written: [String] = []
    /// Removes the frames written so far if the process is interrupted.
    private let cleanup: InterruptCleanup.Registration

    /// Frames numbered from `firstNumber` on (a `--range` starts at its first frame).
    init(pattern: NumberedPath, firstNumber: Int = 0) throws {
        self.pattern = pattern
        self.firstNumber = firstNumber
        cleanup = try pattern.interruptCleanup(from: firstNumber)
    }

    func write(_ frame: Surface) throws {
        let path = pattern.path(firstNumber + written.count)
        try Folders.createParent(of: path)
        try PNG.write(frame, to: path)
        written.append(path)
        cleanup.setCount(written.count)
    }

    func finish() throws {
        cleanup.forget()
        written = []
    }

    func abandon() {
        cleanup.forget()
        for path in written { unlink(path) }
        written = []
    }
}

enum Folders {
    /// Creates the folder that will hold `path`, and its parents, as needed.
    static func createParent(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        var folder = path.hasPrefix("/") ? "/" : ""
        for component in path[..<slash].split(separator: "/") {
            folder += (folder.isEmpty || folder == "/" ? "" : "/") + component
            if mkdir(folder, 0o777) != 0 && errno != EEXIST {
                throw SegueError(.io, "cannot create folder '\(folder)': \(describeErrno())")
            }
        }
    }
}
