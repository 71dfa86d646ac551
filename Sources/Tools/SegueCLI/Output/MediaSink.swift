import SegueBasics
import SegueCompositor
import SegueImageIO
import SegueMedia

/// Frames, and sound, encoded into a video file (.mp4, .mkv, .mov, .webm)
/// by FFmpeg's libraries; see `MediaWriter`. A spliced file (smart
/// rendering, see `SmartRendering`) copies the frames its plan copies from
/// their clips' packets, as they were coded, and encodes the others in
/// pieces that splice in (see `SpliceStream`).
final class MediaSink: FrameSink {
    private let writer: MediaWriter
    private let smart: SmartRendering?
    /// The output frame the file starts with (`--range`'s first).
    private let firstFrame: Int
    private var readers: [Int: PacketReader] = [:]

    init(path: String, width: Int, height: Int, frameRate: FrameRate, matrix: YCbCr, settings: EncoderSettings,
         smart: SmartRendering? = nil, firstFrame: Int = 0, loop: @escaping ParallelLoop) throws {
        try Folders.requireParent(of: path)
        writer = try MediaWriter(path: path, width: width, height: height, frameRate: frameRate, matrix: matrix,
                                 settings: settings, splicing: smart?.stream, loop: loop)
        self.smart = smart
        self.firstFrame = firstFrame
    }

    /// Writes output frame `index` from its clip's packets when the plan copies it.
    func copies(frame index: Int) throws -> Bool {
        guard let smart, case .copy(let clip, let packets, let frames, let shownAt)? = smart.plan.segment(containing: index)
        else { return false }
        // Each copied frame brings the next packet in decode order: as many packets as frames.
        let n = index - frames.lowerBound
        if n == 0 { readers = readers.filter { $0.key == clip } }
        let reader = try readers[clip] ?? PacketReader(smart.clips[clip]!)
        readers[clip] = reader
        try reader.copy(packets.lowerBound + n, to: writer, shownAt: frames.lowerBound - firstFrame + shownAt[n])
        return true
    }

    var planesMatrix: YCbCr? { writer.planesMatrix }

    func write(_ planes: YUV420Planes) throws { try writer.write(planes) }

    func write(_ frame: DeepFrame) throws { try writer.write(frame) }

    var carriesAudio: Bool { true }

    func write(_ frame: Surface) throws { try writer.write(frame) }

    func write(audio samples: [Float]) throws {
        try samples.withUnsafeBufferPointer { try writer.write(audio: $0) }
    }

    func endAudio() { writer.endAudio() }

    func finish() throws { try writer.finish() }

    func abandon() { writer.abandon() }
}
