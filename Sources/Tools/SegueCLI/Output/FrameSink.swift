import SegueBasics
import SegueCompositor
import SegueImageIO
import SegueMedia

/// Where rendered frames go. A sink either finishes, leaving complete
/// output, or is abandoned, leaving nothing it created behind.
protocol FrameSink: AnyObject {
    func write(_ frame: Surface) throws
    /// The colours 4:2:0 frames are written in, for sinks that take decoded
    /// 8-bit frames as they are (YUV4MPEG2, SDR video files); nil for the others.
    var planesMatrix: YCbCr? { get }
    /// Appends a frame already in 4:2:0 in `planesMatrix`.
    func write(_ planes: YUV420Planes) throws
    /// Appends a decoded 10-bit frame to an HDR video file.
    func write(_ frame: DeepFrame) throws
    /// Whether the output keeps sound (video files do; YUV4MPEG2 and PNGs do not).
    var carriesAudio: Bool { get }
    /// Interleaved samples in the sound format the sink was made for; from
    /// the drawing thread, or from a thread of the sound's own.
    func write(audio samples: [Float]) throws
    /// The sound's own thread writes no more (see `FrameSound.runsApart`).
    func endAudio()
    /// Writes output frame `index` by itself, copied rather than drawn (a
    /// spliced file's copied frames); false when it must be drawn.
    func copies(frame index: Int) throws -> Bool
    /// Completes the output (renames temporary files into place).
    func finish() throws
    /// Removes whatever this sink created.
    func abandon()
}

/// The sound that goes with each output frame: its interleaved samples.
struct FrameSound {
    let samples: (Int) throws -> [Float]
    /// Whether `samples` shares nothing with the drawing (its clips' sounds
    /// are read apart, see `SoundShelf`), so it runs on a thread of its own
    /// alongside: mixing and encoding the sound then overlap the pictures.
    let runsApart: Bool
}

/// What one output frame is: a picture drawn or given, or decoded 4:2:0
/// planes (8-bit, or an HDR file's 10-bit frame) that go out as they are.
enum FrameContent {
    case picture(Surface)
    case planes(YUV420Planes)
    case deep(DeepFrame)
}

extension FrameSink {
    var carriesAudio: Bool { false }
    func write(audio samples: [Float]) throws {}
    func endAudio() {}
    var planesMatrix: YCbCr? { nil }
    func copies(frame index: Int) throws -> Bool { false }
    func write(_ planes: YUV420Planes) throws {
        throw SegueError.invalidArgument("this output takes pictures, not 4:2:0 frames")
    }
    func write(_ frame: DeepFrame) throws {
        throw SegueError.invalidArgument("this output takes pictures, not 10-bit frames")
    }

    /// Writes the frames in `frames`, each copied by the sink or drawn by `draw(index, target)`
    /// into one reused width×height surface (it returns what to write: the
    /// target, a picture that needs no drawing, or decoded planes), and, for sinks
    /// that carry sound, `sound`'s samples of each frame (on a thread of
    /// their own when they can be); with a progress bar naming
    /// `detail(index)`. Then completes the output, or abandons it on any
    /// error (nothing half-written is left).
    func writeFrames(_ frames: Range<Int>, width: Int, height: Int, label: String, quiet: Bool,
                     detail: (Int) -> String? = { _ in nil }, sound: FrameSound? = nil,
                     draw: (Int, Surface) throws -> FrameContent) throws {
        let progressBar = ProgressBar(total: frames.count, label: label, quiet: quiet)
        defer { progressBar.finish() }
        let sound = carriesAudio ? sound : nil
        let stopping = Locked(false)
        var soundThread: BackgroundThread?
        do {
            if let sound, sound.runsApart {
                soundThread = try BackgroundThread("mix the sound") { [self] in
                    defer { endAudio() }
                    for index in frames where !stopping.withLock({ $0 }) {
                        try write(audio: try sound.samples(index))
                    }
                }
            }
            let target = try Surface(width: width, height: height)
            for index in frames {
                if try !copies(frame: index) {
                    switch try draw(index, target) {
                    case .picture(let picture): try write(picture)
                    case .planes(let planes): try write(planes)
                    case .deep(let frame): try write(frame)
                    }
                }
                if let sound, !sound.runsApart { try write(audio: try sound.samples(index)) }
                progressBar.update(index - frames.lowerBound + 1, detail: detail(index))
            }
            try soundThread?.join()
            try finish()
        } catch {
            stopping.withLock { $0 = true }
            try? soundThread?.join()
            abandon()
            throw error
        }
    }
}

enum FrameSinks {
    /// The sink an `-o` value names: `-` is YUV4MPEG2 on standard output, a
    /// `.y4m` path a YUV4MPEG2 file, a path with a `%d`-style number a PNG
    /// sequence (numbered from `firstFrame`, a `--range`'s first), and a video file (`.mp4`,
    /// `.mkv`, `.mov`, `.webm`) is encoded by FFmpeg's libraries with `settings`,
    /// or spliced by `smart`'s plan. YUV4MPEG2 and video files are written
    /// in `matrix` (limited range), each picture converted on the threads of `loop`.
    static func sink(for output: String, width: Int, height: Int, frameRate: FrameRate, command: String,
                     settings: EncoderSettings = EncoderSettings(), matrix: YCbCr = .bt709,
                     smart: SmartRendering? = nil, firstFrame: Int = 0,
                     loop: @escaping ParallelLoop = serially) throws -> any FrameSink {
        if output == "-" {
            return try Y4MSink(standardOutputWidth: width, height: height, frameRate: frameRate,
                               matrix: matrix, loop: loop)
        }
        if output.hasSuffix(".y4m") {
            return try Y4MSink(path: output, width: width, height: height, frameRate: frameRate,
                               matrix: matrix, loop: loop)
        }
        if let pattern = NumberedPath(output) {
            return try PNGSequenceSink(pattern: pattern, firstNumber: firstFrame)
        }
        if MediaWriter.handles(output) {
            return try MediaSink(path: output, width: width, height: height, frameRate: frameRate, matrix: matrix,
                                 settings: settings, smart: smart, firstFrame: firstFrame, loop: loop)
        }
        throw UsageError("option '-o' needs '-' (YUV4MPEG2 on standard output), a .y4m file, a video file (.mp4, .mkv, .mov, .webm) or a PNG pattern such as 'out/frame%04d.png', not '\(output)'",
                         command: command)
    }
}
