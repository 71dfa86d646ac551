import Glibc
import SegueBasics
import SegueCompositor
import SegueImageIO

/// Frames encoded to a video file by ffmpeg (H.264 for .mp4/.mkv/.mov,
/// VP9 for .webm), fed YUV4MPEG2 through a pipe. ffmpeg writes to a
/// temporary name that is renamed into place once it succeeds.
final class FFmpegSink: FrameSink {
    static let extensions = [".mp4", ".mkv", ".mov", ".webm"]

    private let path: String
    private let temporaryPath: String
    /// Removes the partial video if the process is interrupted.
    private let cleanup: InterruptCleanup.Registration
    /// Kills ffmpeg first if the process is interrupted, so it cannot write the video again.
    private let encoderCleanup: InterruptCleanup.Registration
    private let encoder: pid_t
    private var pipe: UnsafeMutablePointer<FILE>?
    private let writer: Y4MWriter

    static func handles(_ path: String) -> Bool {
        extensions.contains { path.hasSuffix($0) }
    }

    init(path: String, width: Int, height: Int, framesPerSecond: Int) throws {
        guard Self.isInstalled else {
            throw SegueError(.io, "writing '\(path)' needs ffmpeg, which is not installed; write '-o out.y4m' or '-o -' and encode it yourself")
        }
        try Folders.createParent(of: path)
        self.path = path
        let suffix = Self.extensions.first { path.hasSuffix($0) }!
        temporaryPath = path + ".partial" + suffix
        let codec = suffix == ".webm" ? ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32"]
            : ["-c:v", "libx264", "-preset", "medium", "-crf", "18"]
        let arguments = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "yuv4mpegpipe",
                         "-i", "-"] + codec + ["-pix_fmt", "yuv420p", temporaryPath]
        cleanup = try InterruptCleanup.file(temporaryPath)
        let (pid, pipe) = try Self.spawn(arguments)
        encoder = pid
        encoderCleanup = try InterruptCleanup.process(pid)
        self.pipe = pipe
        writer = try Y4MWriter(file: pipe, width: width, height: height, framesPerSecond: framesPerSecond)
    }

    /// Starts `arguments` with a pipe on its standard input; the pipe's write end as a stream.
    private static func spawn(_ arguments: [String]) throws -> (pid_t, UnsafeMutablePointer<FILE>) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw SegueError(.io, "cannot start ffmpeg: \(describeErrno())") }
        // Neither end may leak into other children; ffmpeg gets the read end as its standard input.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, "ffmpeg", &actions, nil, argv, environ)
        close(ends[0])
        guard status == 0, let stream = fdopen(ends[1], "w") else {
            close(ends[1])
            throw SegueError(.io, "cannot start ffmpeg: \(String(cString: strerror(status == 0 ? errno : status)))")
        }
        return (pid, stream)
    }

    /// Closes ffmpeg's input and waits for it; its exit status.
    private func waitForEncoder() -> Int32 {
        if let pipe { fclose(pipe) }
        pipe = nil
        var status: Int32 = 0
        while waitpid(encoder, &status, 0) < 0 && errno == EINTR {}
        encoderCleanup.forget()
        return status
    }

    func write(_ frame: Surface) throws {
        try writer.write(frame)
    }

    func finish() throws {
        guard pipe != nil else { return }
        let status = waitForEncoder()
        defer { cleanup.forget() }
        guard status == 0 else {
            unlink(temporaryPath)
            throw SegueError(.io, "ffmpeg failed writing '\(path)' (exit status \(status >> 8))")
        }
        guard rename(temporaryPath, path) == 0 else {
            unlink(temporaryPath)
            throw SegueError(.io, "cannot move the video into '\(path)': \(describeErrno())")
        }
    }

    func abandon() {
        if pipe != nil { _ = waitForEncoder() }
        unlink(temporaryPath)
        cleanup.forget()
    }

    static var isInstalled: Bool {
        system("command -v ffmpeg >/dev/null 2>&1") == 0
    }
}
