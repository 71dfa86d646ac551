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
        try Folders.requireParent(of: pattern.path(firstNumber))
        self.pattern = pattern
        self.firstNumber = firstNumber
        cleanup = try pattern.interruptCleanup(from: firstNumber)
    }

    func write(_ frame: Surface) throws {
        let path = pattern.path(firstNumber + written.count)
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

/// Output folders: Segue writes into folders that exist and creates none,
/// as ffmpeg does, so a mistyped path is an error rather than a tree of new
/// folders wherever it points (`-o /dev/full.y4m/x` made `/dev/full.y4m`).
enum Folders {
    /// Throws `.io` naming `path` unless the folder that will hold it exists.
    static func requireParent(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = String(path[..<slash])
        guard let directory = opendir(folder) else {
            let reason = errno == ENOENT ? "does not exist (Segue creates no folders: make it first)" : describeErrno()
            throw SegueError(.io, "cannot write '\(path)': its folder '\(folder)' \(reason)")
        }
        closedir(directory)
    }
}
