import CAV
import SegueBasics
import SegueCompositor
import SegueImageIO

/// A picture source read through FFmpeg: a video, an animated GIF, or a
/// still image (anything that decodes to a single frame), upright and as
/// premultiplied ARGB32 surfaces, with its sound when asked for. HDR and
/// BT.2020 pictures are converted to SDR BT.709 as they are decoded, or,
/// for an HDR output, kept as decoded and drawn in their own signal (see
/// `ColourConversion`, `HDRHandling`).
///
/// Pictures are asked for by time, in nondecreasing order: `picture(at:)`
/// shows the frame whose interval (from its timestamp to the next one's)
/// contains the time; before the first frame, the first; after the last,
/// the last. Times are seconds from the file's own start. A time more than
/// `seekDistance` past the frame shown is reached by seeking to the
/// keyframe before it (when the file can seek) instead of decoding all that
/// lies between: the frames are the same. `[one thread per instance]`
public final class MediaReader {
    public let path: String
    /// Upright size in square pixels: after the rotation the stream or image
    /// declares, and with pixels that are not square (a sample aspect ratio
    /// other than 1:1) widened or narrowed to the width they are shown at.
    public let width: Int
    public let height: Int
    /// True when the file decodes to one picture: a photo, a PNG, a one-frame GIF.
    public private(set) var isStill = false
    /// The video's length in seconds (nil for a still, or a stream that does not say).
    public private(set) var duration: Double?
    /// The stream's average frame rate, when it declares one (see `FrameRate(stream:per:)`).
    public let frameRate: FrameRate?
    /// Degrees the pictures are turned clockwise to stand upright.
    public let rotation: Int
    /// The file's sound, resampled to the format asked for; nil when it has
    /// none or none was asked for. Read it alongside the pictures.
    public let audio: AudioReader?

    /// What the reader could not honour, a line each ("its ICC profile cannot
    /// be read: taken as sRGB"), for the caller to say.
    public let notes: [String]

    /// The Y'CbCr definition of the decoded frames when they are 8-bit 4:2:0
    /// and need no turning: what `planes(at:)` hands out as they are.
    public let nativeMatrix: YCbCr?
    /// Whether the decoded frames are shown as they are: nothing turns,
    /// widens or converts them by a profile.
    public let showsAsDecoded: Bool
    /// The HDR signal (PQ or HLG) the pictures keep under `HDRHandling.keep`;
    /// nil for SDR pictures, and for HDR ones converted to SDR as they are decoded.
    public let hdrSignal: HDRSignal?

    private let demuxer: Demuxer
    private let stream: UnsafeMutablePointer<AVStream>
    private let decoder: StreamDecoder
    private let colours: ColourConversion
    private let converter = FrameConverter()
    /// The pictures' ICC profile (a photo's), converting them to sRGB.
    private let profile: ColourProfile?
    /// The frame shown now and the one after it; pictures are converted to
    /// RGB only when asked for, into surfaces that are reused.
    private var current: DecodedFrame
    private var upcoming: DecodedFrame?
    private var spare: Surface?

    /// Opens `path` (`-`: standard input) and decodes its first pictures.
    /// - Parameter audio: the sample rate and channel count to resample the
    ///   file's sound to, or nil to ignore its sound.
    /// - Parameter hdr: what becomes of HDR pictures.
    /// - Throws: `.io` naming the file: not media, no picture in it (sound
    ///   only), empty, or its first frames cannot be decoded.
    public init(path: String, threads: Int = 0, audio format: AudioFormat? = nil,
                hdr: HDRHandling = .toSDR(.mobius)) throws {
        let demuxer = try Demuxer(path: path)
        guard let stream = demuxer.bestStream(AVMEDIA_TYPE_VIDEO) else {
            let what = demuxer.bestStream(AVMEDIA_TYPE_AUDIO) != nil ? "it holds only sound" : "it holds no picture"
            throw SegueError(.io, "cannot read '\(path)' as a picture or video: \(what)")
        }
        self.path = path
        self.demuxer = demuxer
        self.stream = stream
        decoder = try StreamDecoder(demuxer, stream: stream, threads: Int32(threads))
        let colours = ColourConversion(hdr: hdr, file: path)
        self.colours = colours
        // Wanted before the first packets are read, so none of its packets are dropped.
        audio = try format.flatMap { format in
            try demuxer.bestStream(AVMEDIA_TYPE_AUDIO).map { try AudioReader(demuxer, stream: $0, format: format) }
        }
        let declared = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil)
        var rotation = FrameConverter.clockwiseRotation(UnsafePointer(declared))

        guard let first = try DecodedFrame.next(from: decoder, after: -.infinity, framesPerSecond: nil,
                                                colours: colours) else {
            throw SegueError(.io, "cannot read '\(path)': it holds no decodable picture")
        }
        if declared == nil, let side = av_frame_get_side_data(first.frame, AV_FRAME_DATA_DISPLAYMATRIX) {
            // A JPEG's EXIF orientation arrives on its frame.
            rotation = FrameConverter.clockwiseRotation(UnsafePointer(side.pointee.data))
        }
        self.rotation = rotation
        hdrSignal = hdr == .keep ? HDRSignal(frame: first.frame, stream: stream) : nil
        let (profile, note) = Self.profile(of: first.frame)
        self.profile = profile
        notes = (note.map { [$0] } ?? []) + [try DolbyVision(stream, file: path)?.note].compactMap { $0 }
        let turned = rotation % 180 != 0
        // Pixels shown wider or narrower than they are tall are resampled to square ones.
        let shown = FrameConverter.displayWidth(of: first.frame, aspect: av_guess_sample_aspect_ratio(
            demuxer.context, stream, first.frame))
        converter.displayWidth = shown
        width = turned ? Int(first.frame.pointee.height) : shown
        height = turned ? shown : Int(first.frame.pointee.height)
        guard (1...Surface.maximumSide).contains(width), (1...Surface.maximumSide).contains(height) else {
            throw SegueError(.io, "cannot read '\(path)': its pictures are \(width)×\(height), outside 1…\(Surface.maximumSide) on a side")
        }
        let rate = stream.pointee.avg_frame_rate
        frameRate = FrameRate(stream: Int(rate.num), per: Int(rate.den))
        // Decoded planes go out as they are only when nothing turns, widens or converts them.
        showsAsDecoded = rotation == 0 && shown == Int(first.frame.pointee.width) && profile == nil
        nativeMatrix = showsAsDecoded ? first.matrix : nil
        current = first
        upcoming = try DecodedFrame.next(from: decoder, after: first.time, framesPerSecond: frameRate?.value,
                                         colours: colours)
        isStill = upcoming == nil
        duration = isStill ? nil : Self.duration(of: stream, in: demuxer)
    }

    /// The ICC profile `frame` carries, when it has one Little CMS can use;
    /// otherwise, when it has one, a note on why it is not used.
    private static func profile(of frame: UnsafeMutablePointer<AVFrame>) -> (ColourProfile?, note: String?) {
        guard let side = av_frame_get_side_data(frame, AV_FRAME_DATA_ICC_PROFILE) else { return (nil, nil) }
        do {
            return (try ColourProfile(data: Array(UnsafeBufferPointer(start: side.pointee.data, count: side.pointee.size))), nil)
        } catch {
            return (nil, "\((error as? SegueError)?.message ?? "\(error)"): taken as sRGB")
        }
    }

    /// The stream's length from its own header, else the file's.
    private static func duration(of stream: UnsafeMutablePointer<AVStream>, in demuxer: Demuxer) -> Double? {
        let ticks = stream.pointee.duration
        if ticks != segue_av_nopts_value(), ticks > 0 {
            return Double(ticks) * av_q2d(stream.pointee.time_base)
        }
        let total = demuxer.context.pointee.duration
        if total != segue_av_nopts_value(), total > 0 { return Double(total) / Double(AV_TIME_BASE) }
        return nil
    }

    /// How far ahead of the frame shown a time must lie to be reached by seeking.
    public static let seekDistance = 5.0

    /// Makes the frame shown at `seconds` current.
    private func advance(to seconds: Double) throws {
        if let next = upcoming, seconds - next.time > Self.seekDistance { try seek(to: seconds) }
        // A tolerance well below any frame interval absorbs rounding in timestamps.
        while let next = upcoming, next.time <= seconds + 1e-6 {
            if let surface = current.surface { spare = surface }
            current = next
            upcoming = try DecodedFrame.next(from: decoder, after: next.time, framesPerSecond: frameRate?.value,
                                             colours: colours)
        }
    }

    /// Seeks to the keyframe at or before `seconds` and shows it, its sound
    /// starting again there too. Where the file cannot seek, reading goes on
    /// as it was; where the seek lands past `seconds`, on a frame that is
    /// not a keyframe (a file whose index is coarse) or on one without a
    /// timestamp (a raw stream, whose frames are timed by counting them from
    /// the start), reading starts again from the file's start, so the frames
    /// shown are always those decoding it whole gives.
    private func seek(to seconds: Double) throws {
        guard demuxer.seek(stream, to: seconds) else { return }
        try restart()
        if current.frame.pointee.key_frame == 0 || decoder.seconds(of: current.frame) == nil
            || current.time > seconds + 1e-6 {
            guard demuxer.seek(stream, to: 0) else {
                throw SegueError(.io, "cannot read '\(path)' again from its start to reach \(Seconds.text(seconds))")
            }
            try restart()
        }
    }

    /// Flushes the decoders after a seek and makes the first frame that follows current.
    private func restart() throws {
        decoder.flush()
        try audio?.restart()
        guard let first = try DecodedFrame.next(from: decoder, after: -.infinity, framesPerSecond: frameRate?.value,
                                                colours: colours) else {
            throw SegueError(.io, "cannot read '\(path)': no picture follows a seek in it")
        }
        if let surface = current.surface { spare = surface }
        current = first
        upcoming = try DecodedFrame.next(from: decoder, after: first.time, framesPerSecond: frameRate?.value,
                                         colours: colours)
    }

    /// The picture shown at `seconds` (nondecreasing from call to call). The
    /// surface is the reader's: valid until the next call.
    /// - Throws: `.io` naming the file and time when a later frame cannot be decoded.
    public func picture(at seconds: Double) throws -> Surface {
        try advance(to: seconds)
        if let surface = current.surface { return surface }
        let surface = try spare ?? Surface(width: width, height: height)
        spare = nil
        if colours.hdr == .keep, ColourConversion.isNeeded(for: current.frame) {
            // Kept as decoded (see `deepFrame(at:)`): drawn through a converted copy.
            guard let copy = av_frame_clone(current.frame) else { throw SegueError(.outOfMemory, "cannot decode: out of memory") }
            defer { release(copy) }
            try colours.convert(copy)
            try converter.convert(copy, rotation: rotation, into: surface, file: path)
        } else {
            try converter.convert(current.frame, rotation: rotation, into: surface, file: path)
        }
        profile?.convertToSRGB(surface)
        current.surface = surface
        return surface
    }

    /// The frame shown at `seconds` as its decoded 4:2:0 planes, when it is
    /// 8-bit 4:2:0 in `matrix` and needs no turning; otherwise nil (ask for
    /// `picture(at:)`). Their `owner` is the decoded frame: they stay valid
    /// while it is kept.
    public func planes(at seconds: Double, matrix: YCbCr) throws -> YUV420Planes? {
        try advance(to: seconds)
        guard nativeMatrix != nil, current.matrix == matrix, Int(current.frame.pointee.width) == width else { return nil }
        let frame = current.frame.pointee
        // The planes stay the decoder's: written to nowhere, only read.
        var planes = YUV420Planes(width: Int(frame.width), height: Int(frame.height), matrix: matrix,
                                  luma: frame.data.0!, cb: frame.data.1!, cr: frame.data.2!,
                                  lumaStride: Int(frame.linesize.0), chromaStride: Int(frame.linesize.1))
        planes.owner = current
        return planes
    }

    /// The frame shown at `seconds` as it was decoded, when the pictures are
    /// 10-bit 4:2:0 kept for an HDR output (`HDRHandling.keep`) and need no
    /// turning; otherwise nil (ask for `picture(at:)`).
    public func deepFrame(at seconds: Double) throws -> DeepFrame? {
        try advance(to: seconds)
        guard colours.hdr == .keep, showsAsDecoded, Int(current.frame.pointee.width) == width,
              current.frame.pointee.format == AV_PIX_FMT_YUV420P10LE.rawValue else { return nil }
        return DeepFrame(referencing: current.frame)
    }
}

/// A decoded frame kept by the reader (its own reference, so the decoder
/// can go on), its time, and its RGB picture once converted.
private final class DecodedFrame {
    let frame: UnsafeMutablePointer<AVFrame>
    let time: Double
    var surface: Surface?

    private init(frame: UnsafeMutablePointer<AVFrame>, time: Double) {
        self.frame = frame
        self.time = time
    }

    deinit { release(frame) }

    /// The decoder's next frame later than `time` (duplicates that do not
    /// move time forward are skipped) in the colours `colours` converts to,
    /// or nil at the end.
    static func next(from decoder: StreamDecoder, after time: Double, framesPerSecond: Double?,
                     colours: ColourConversion) throws -> DecodedFrame? {
        while let decoded = try decoder.next() {
            let frameTime = decoder.seconds(of: decoded) ?? (time.isFinite ? time + 1 / (framesPerSecond ?? 30) : 0)
            guard frameTime > time else { continue }
            guard let frame = av_frame_alloc() else { throw SegueError(.outOfMemory, "cannot decode: out of memory") }
            av_frame_move_ref(frame, decoded)
            let kept = DecodedFrame(frame: frame, time: frameTime)
            // Kept for an HDR output as decoded; converted when drawn (see `picture(at:)`).
            if colours.hdr != .keep { try colours.convert(frame) }
            return kept
        }
        return nil
    }

    /// The frame's Y'CbCr definition when it is 8-bit 4:2:0 (BT.709 when it
    /// says so, else BT.601, as FFmpeg assumes); nil for other formats.
    var matrix: YCbCr? {
        let format = AVPixelFormat(frame.pointee.format)
        guard format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P else { return nil }
        let full = format == AV_PIX_FMT_YUVJ420P || frame.pointee.color_range == AVCOL_RANGE_JPEG
        let weights: YCbCr = frame.pointee.colorspace == AVCOL_SPC_BT709 ? .bt709 : .bt601
        return weights.with(full ? .full : .limited)
    }
}

/// The sample rate and channel count sound is resampled to.
public struct AudioFormat: Equatable, Sendable {
    public var sampleRate: Int
    public var channels: Int
    public init(sampleRate: Int = 48_000, channels: Int = 2) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// The format a mix of sounds with `sourceChannels` channels each is
    /// written in: mono when every one is mono (a mono recording stays mono,
    /// at its own level, as FFmpeg keeps it), this format otherwise.
    public func mixing(_ sourceChannels: [Int]) -> AudioFormat {
        guard !sourceChannels.isEmpty, sourceChannels.allSatisfy({ $0 == 1 }) else { return self }
        return AudioFormat(sampleRate: sampleRate, channels: 1)
    }
}
