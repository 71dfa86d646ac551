import Glibc
import SegueBasics
import SegueCompositor
import SegueImageIO

/// Frames as numbered PNG files, each written whole (temporary name, then
/// rename). Abandoning — or an interrupt before `finish()` — removes every
/// frame this sink wrote.
final class PNGSequenceSink: FrameSink {
    private let pattern: NumberedPath
    private var written: [String] = []

    init(pattern: NumberedPath) {
        self.pattern = pattern
    }

    func write(_ frame: Surface) throws {
        let path = pattern.path(written.count)
        try Folders.createParent(of: path)
        try PNG.write(frame, to: path)
        written.append(path)
        AtomicFile.removeIfInterrupted(path)
    }

    func finish() throws {
        written.forEach(AtomicFile.forget)
        written = []
    }

    func abandon() {
        for path in written {
            unlink(path)
            AtomicFile.forget(path)
        }
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
