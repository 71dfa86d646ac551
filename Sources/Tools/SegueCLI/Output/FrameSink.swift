import SegueCompositor

/// Where rendered frames go. A sink either finishes, leaving complete
/// output, or is abandoned, leaving nothing it created behind.
protocol FrameSink: AnyObject {
    func write(_ frame: Surface) throws
    /// Completes the output (renames temporary files into place).
    func finish() throws
    /// Removes whatever this sink created.
    func abandon()
}

extension FrameSink {
    /// Writes frames 0..<count, each drawn by `draw(index, target)` into one
    /// reused width×height surface, with a progress bar; then completes the
    /// output, or abandons it on any error (nothing half-written is left).
    func writeFrames(_ count: Int, width: Int, height: Int, label: String, quiet: Bool,
                     draw: (Int, Surface) throws -> Void) throws {
        let progressBar = ProgressBar(total: count, label: label, quiet: quiet)
        defer { progressBar.finish() }
        do {
            let target = try Surface(width: width, height: height)
            for index in 0..<count {
                try draw(index, target)
                try write(target)
                progressBar.update(index + 1)
            }
            try finish()
        } catch {
            abandon()
            throw error
        }
    }
}

enum FrameSinks {
    /// The sink an `-o` value names: `-` is YUV4MPEG2 on standard output, a
    /// `.y4m` path a YUV4MPEG2 file, a path with a `%d`-style number a PNG
    /// sequence, and a video file (`.mp4`, `.mkv`, `.mov`, `.webm`) is encoded
    /// by ffmpeg when it is installed.
    static func sink(for output: String, width: Int, height: Int, framesPerSecond: Int,
                     command: String) throws -> any FrameSink {
        if output == "-" {
            return try Y4MSink(standardOutputWidth: width, height: height, framesPerSecond: framesPerSecond)
        }
        if output.hasSuffix(".y4m") {
            return try Y4MSink(path: output, width: width, height: height, framesPerSecond: framesPerSecond)
        }
        if let pattern = NumberedPath(output) {
            return try PNGSequenceSink(pattern: pattern)
        }
        if FFmpegSink.handles(output) {
            return try FFmpegSink(path: output, width: width, height: height, framesPerSecond: framesPerSecond)
        }
        throw UsageError("option '-o' needs '-' (YUV4MPEG2 on standard output), a .y4m file, a video file (.mp4, .mkv, .mov, .webm) or a PNG pattern such as 'out/frame%04d.png', not '\(output)'",
                         command: command)
    }
}
