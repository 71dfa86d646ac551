import CWriteback
import Glibc
import SegueBasics
import Synchronization

/// Replaces files all at once: readers see either the old file or the complete
/// new one, never a half-written one.
///
/// The data goes to a temporary file in the target's folder (same file
/// system, so the final `rename` is atomic); on success it is flushed, synced
/// and renamed over the target; on any failure it is removed and an existing
/// target is left untouched. While it is written it is registered with
/// `InterruptCleanup`, so an interrupt removes it too.
public enum AtomicFile {
    /// Writes a file atomically: `body` writes the whole content to the
    /// stream it is given, then the file replaces `path`.
    ///
    /// `body` must not close the stream. When it throws, the temporary file
    /// is removed and its error is rethrown unchanged.
    /// - Throws: `.io` naming `path` when the temporary file cannot be created,
    ///   written, flushed or renamed; `.invalidArgument` when `path` names no
    ///   file; whatever `body` throws.
    public static func write(to path: String, _ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        let writer = try AtomicFileWriter(path: path)
        do {
            try body(writer.file)
        } catch {
            writer.abandon()
            throw error
        }
        try writer.commit()
    }
}

/// A file written over time (a video stream, for instance) that replaces its
/// target only when `commit()` succeeds.
///
/// Write to `file` with stdio, then call `commit()` once, or `abandon()`.
/// A writer released without either is abandoned: the temporary file is
/// removed and the target is untouched. `[one thread per instance]`
public final class AtomicFileWriter {
    /// The file this writer replaces on commit.
    public let path: String
    /// The file being written; it lives in the same folder as `path`.
    let temporaryPath: String
    /// The open stream on the temporary file. Valid until `commit()` or
    /// `abandon()`; the writer closes it, never the caller.
    public let file: UnsafeMutablePointer<FILE>
    /// Removes the temporary file if the process is interrupted.
    private let cleanup: InterruptCleanup.Registration
    private var isFinished = false
    /// Where the range whose writeback `startWriteback()` started last ends.
    private var writebackEnd: Int64 = 0
    /// Bytes written between writeback steps.
    static let writebackStep: Int64 = 32 << 20

    /// Creates `.<name>.XXXXXX` next to `path` and opens it for writing.
    ///
    /// The file is created with mode 0666 minus the process umask (as
    /// `fopen` would), not mkstemp's 0600, so the committed file gets the
    /// usual permissions without reading the umask, which is process-wide
    /// and cannot be queried without changing it.
    /// - Throws: `.invalidArgument` when `path` is empty or ends with `/`;
    ///   `.io` naming `path` when the folder is missing or not writable.
    public init(path: String) throws {
        let (folder, name) = try Self.split(path)
        let (descriptor, temporaryPath, cleanup) = try Self.createTemporaryFile(folder: folder, name: name, for: path)
        guard let file = fdopen(descriptor, "wb") else {
            let error = SegueError(.io, "cannot write '\(path)': \(describeErrno())")
            close(descriptor)
            unlink(temporaryPath)
            throw error
        }
        self.path = path
        self.temporaryPath = temporaryPath
        self.file = file
        self.cleanup = cleanup
    }

    deinit {
        abandon()
    }

    /// Starts the disk writing what has been written so far, once another
    /// `writebackStep` has piled up, without waiting for it: the disk works
    /// while the caller renders, and the sync in `commit()` has less left to
    /// wait for. Call it between writes (after each frame, say), from the
    /// thread that writes; it flushes the stream. The position is the file
    /// descriptor's, so bytes written through it rather than through stdio
    /// (see `BlockWriter`) count too. A failure here is not reported:
    /// `commit()` syncs and reports.
    public func startWriteback() {
        guard fflush(file) == 0 else { return }
        let position = Int64(lseek(fileno(file), 0, SEEK_CUR))
        guard position - writebackEnd >= Self.writebackStep else { return }
        _ = writeback_start(fileno(file), writebackEnd, position - writebackEnd)
        writebackEnd = position
    }

    /// Flushes, syncs and closes the stream, then renames the temporary file
    /// over `path`. On failure the temporary file is removed and `path` is
    /// left as it was.
    /// - Throws: `.io` naming `path`; `.invalidArgument` when the writer was
    ///   already committed or abandoned.
    public func commit() throws {
        guard !isFinished else {
            throw SegueError.invalidArgument("'\(path)' was already committed or abandoned")
        }
        isFinished = true
        defer { cleanup.forget() }
        if let reason = closeFile() {
            unlink(temporaryPath)
            throw SegueError(.io, "cannot write '\(path)': \(reason)")
        }
        guard rename(temporaryPath, path) == 0 else {
            let error = SegueError(.io, "cannot replace '\(path)': \(describeErrno())")
            unlink(temporaryPath)
            throw error
        }
    }

    /// Closes the stream and removes the temporary file; `path` is untouched.
    /// Does nothing after `commit()` or a previous `abandon()`.
    public func abandon() {
        guard !isFinished else { return }
        isFinished = true
        fclose(file)
        unlink(temporaryPath)
        cleanup.forget()
    }

    /// Flushes, syncs and closes `file`; returns why that failed, or nil.
    private func closeFile() -> String? {
        var reason: String?
        if fflush(file) != 0 {
            reason = describeErrno()
        } else if ferror(file) != 0 {
            reason = "an earlier write failed"
        } else if fsync(fileno(file)) != 0 {
            reason = describeErrno()
        }
        if fclose(file) != 0, reason == nil {
            reason = describeErrno()
        }
        return reason
    }

    /// Splits `path` into its folder (with the trailing `/`, or empty for the
    /// current folder) and its last component.
    private static func split(_ path: String) throws -> (folder: Substring, name: Substring) {
        let start = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[start...]
        guard !name.isEmpty else {
            throw SegueError.invalidArgument("cannot write '\(path)': the path names no file")
        }
        return (path[..<start], name)
    }

    /// Creates a new file `folder/.name.XXXXXX` (as mkstemp does, but with
    /// mode 0666 & ~umask and close-on-exec), registered for removal on an
    /// interrupt.
    private static func createTemporaryFile(
        folder: Substring, name: Substring, for path: String
    ) throws -> (descriptor: Int32, path: String, cleanup: InterruptCleanup.Registration) {
        // Keep the temporary name within NAME_MAX (255 bytes).
        var stem = name
        while stem.utf8.count > 200 { stem.removeLast() }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let candidate = "\(folder).\(stem).\(randomSuffix(using: &generator))"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                do {
                    return (descriptor, candidate, try InterruptCleanup.file(candidate))
                } catch {
                    close(descriptor)
                    unlink(candidate)
                    throw error
                }
            }
            guard errno == EEXIST else {
                throw SegueError(.io, "cannot write '\(path)': \(describeErrno())")
            }
        }
        throw SegueError(.io, "cannot write '\(path)': no free temporary file name in its folder")
    }

    /// Six characters from [A-Za-z0-9], like mkstemp's XXXXXX.
    private static func randomSuffix(using generator: inout SystemRandomNumberGenerator) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<6).map { _ in alphabet.randomElement(using: &generator)! })
    }
}

