import SegueBasics
import SegueCompositor
import SegueImageIO
import SegueMedia

/// Frames, and sound, encoded into a video file (.mp4, .mkv, .mov, .webm)
/// by FFmpeg's libraries; see `MediaWriter`.
final class MediaSink: FrameSink {
    private let writer: MediaWriter

    init(path: String, width: Int, height: Int, frameRate: FrameRate, matrix: YCbCr, settings: EncoderSettings,
         loop: @escaping ParallelLoop) throws {
        try Folders.requireParent(of: path)
        writer = try MediaWriter(path: path, width: width, height: height, frameRate: frameRate,
                                 matrix: matrix, settings: settings, loop: loop)
    }

    var planesMatrix: YCbCr? { writer.matrix }

    func write(_ planes: YUV420Planes) throws { try writer.write(planes) }

    var carriesAudio: Bool { true }

    func write(_ frame: Surface) throws { try writer.write(frame) }

    func write(audio samples: [Float]) throws {
        try samples.withUnsafeBufferPointer { try writer.write(audio: $0) }
    }

    func endAudio() { writer.endAudio() }

    func finish() throws { try writer.finish() }

    func abandon() { writer.abandon() }
}
