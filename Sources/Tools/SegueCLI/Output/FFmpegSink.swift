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
        let codec = suffix == ".webm" ? "-c:v libvpx-vp9 -b:v 0 -crf 32" : "-c:v libx264 -preset medium -crf 18"
        let command = "ffmpeg -nostdin -hide_banner -loglevel error -y -f yuv4mpegpipe -i - \(codec) -pix_fmt yuv420p "
            + Self.quoted(temporaryPath)
        AtomicFile.removeIfInterrupted(temporaryPath)
        guard let pipe = popen(command, "w") else {
            AtomicFile.forget(temporaryPath)
            throw SegueError(.io, "cannot start ffmpeg: \(describeErrno())")
        }
        self.pipe = pipe
        writer = try Y4MWriter(file: pipe, width: width, height: height, framesPerSecond: framesPerSecond)
    }

    func write(_ frame: Surface) throws {
        try writer.write(frame)
    }

    func finish() throws {
        guard let pipe else { return }
        self.pipe = nil
        let status = pclose(pipe)
        defer { AtomicFile.forget(temporaryPath) }
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
        if let pipe { pclose(pipe) }
        pipe = nil
        unlink(temporaryPath)
        AtomicFile.forget(temporaryPath)
    }

    static var isInstalled: Bool {
        system("command -v ffmpeg >/dev/null 2>&1") == 0
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
