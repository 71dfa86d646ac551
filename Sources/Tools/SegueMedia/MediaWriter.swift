import CAV
import Glibc
import SegueBasics
import SegueCompositor
import SegueImageIO

/// How a video file is encoded: the codec, its quality and speed, and the sound.
public struct EncoderSettings: Sendable {
    /// An FFmpeg encoder name (libx264, libx265, libvpx-vp9 …); nil picks the
    /// container's usual one: H.264 for .mp4, .mov and .mkv, VP9 for .webm.
    public var videoCodec: String?
    /// Constant quality (lower is better): 18 for H.264, 32 for VP9 by default.
    public var crf: Double?
    /// The encoder's speed preset (libx264's ultrafast … veryslow); medium by default.
    public var preset: String?
    /// The sound track's format, or nil for a silent video.
    public var audio: AudioFormat?
    /// An FFmpeg encoder name for the sound that takes float samples (aac,
    /// libopus, pcm_f32le …); nil picks AAC, or Opus for .webm.
    public var audioCodec: String?
    /// The HDR signal the file keeps (`--hdr keep`): then the picture is
    /// 10-bit 4:2:0 in BT.2020, HEVC by libx265 (default) or H.264 High 10
    /// by libx264, with the signal's transfer and metadata. Nil for SDR.
    public var hdr: HDRSignal?

    public init(videoCodec: String? = nil, crf: Double? = nil, preset: String? = nil, audio: AudioFormat? = nil,
                audioCodec: String? = nil, hdr: HDRSignal? = nil) {
        self.videoCodec = videoCodec
        self.crf = crf
        self.preset = preset
        self.audio = audio
        self.audioCodec = audioCodec
        self.hdr = hdr
    }
}

/// Frames and sound encoded into a video file by libavcodec and muxed by
/// libavformat, written like every Segue output: to a temporary file in the
/// same folder, synced and renamed into place by `finish()`, removed by
/// `abandon()` (or an interrupt). Pictures are 4:2:0 in limited range, BT.709
/// unless another matrix is asked for, converted by Segue's own
/// `YUV420Encoder`, or handed over as decoded 4:2:0 planes; an HDR file's
/// are 10-bit BT.2020, converted by libswscale or handed over as decoded
/// 10-bit frames (`DeepFrame`). A spliced
/// file's pictures are not encoded here but given as packets (see
/// `SpliceStream`). `[one thread for the pictures, one for the sound]`:
/// the sound may be written from a thread of its own, alongside the
/// pictures (see `write(audio:)`).
public final class MediaWriter {
    /// The containers this writer makes, by file name ending.
    public static let extensions = [".mp4", ".mkv", ".mov", ".webm"]
    public static func handles(_ path: String) -> Bool { extensions.contains { path.hasSuffix($0) } }

    public let path: String
    private let file: AtomicFileWriter
    private let output: UnsafeMutablePointer<AVFormatContext>
    /// The video encoder; nil when the picture is spliced from packets.
    private let video: Encoder?
    /// A spliced file's stream, the encoder of the piece being written, and
    /// the number of packets written (each frame has one).
    private let splicing: SpliceStream?
    private var piece: Encoder?
    private var packetsWritten: Int64 = 0
    /// Whether the last packet written was copied (so copying goes on, nothing to restate).
    private var isCopying = false
    private let videoStream: UnsafeMutablePointer<AVStream>
    /// One tick per frame: the time base of pictures and their packets.
    private let frameTime: AVRational
    private let audio: Encoder?
    private let audioStream: UnsafeMutablePointer<AVStream>?
    private let yuv: YUV420Encoder
    /// An HDR file's conversion of drawn pictures to 10-bit BT.2020.
    private let deep: DeepPictures?
    private let loop: ParallelLoop
    private let planes: UnsafeMutablePointer<UInt8>
    private let picture: UnsafeMutablePointer<AVFrame>
    private var framesWritten: Int64 = 0
    /// Muxing and the file's buffer, shared by the pictures' thread and the sound's.
    private let muxing = Locked(())
    /// How far the sound is written: pictures wait for it (see `SoundPacing`).
    private let pacing = SoundPacing(lead: 5)
    private let frameSeconds: Double
    /// Sound waiting for a whole encoder frame: interleaved floats.
    private var pendingAudio: [Float] = []
    private var samplesWritten: Int64 = 0
    private var isFinished = false

    /// Starts the file: picks and opens the encoders, writes the header.
    /// `loop` shares each picture's conversion among threads. With
    /// `splicing`, the picture is the stream it describes, written packet
    /// by packet with `write(splicedPacket:…)`, and only the sound is encoded.
    /// - Throws: `.invalidArgument` for a codec the container cannot hold, an
    ///   unknown codec or preset, or a size the codec refuses; `.io` naming the file.
    public init(path: String, width: Int, height: Int, frameRate: FrameRate, matrix: YCbCr = .bt709,
                settings: EncoderSettings, splicing: SpliceStream? = nil, loop: @escaping ParallelLoop = serially) throws {
        guard Self.handles(path) else {
            throw SegueError.invalidArgument("'\(path)' is not a video file Segue writes (\(Self.extensions.joined(separator: ", ")))")
        }
        try FFmpegLibraries.load()
        let isWebM = path.hasSuffix(".webm")
        var context: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(avformat_alloc_output_context2(&context, nil, nil, path), "choose a container for", path)
        guard let context else { throw SegueError(.io, "cannot choose a container for '\(path)'") }
        output = context
        self.path = path
        guard matrix.range == .limited else {
            throw SegueError.invalidArgument("video files are written in limited range")
        }
        yuv = YUV420Encoder(width: width, height: height, matrix: matrix)
        deep = try settings.hdr.map { _ in try DeepPictures(width: width, height: height, file: path) }
        self.loop = loop
        planes = .allocate(capacity: yuv.planeBytes)
        picture = av_frame_alloc()

        let globalHeader = context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
        frameTime = AVRational(num: Int32(frameRate.seconds), den: Int32(frameRate.frames))
        frameSeconds = 1 / frameRate.value
        guard let videoStream = avformat_new_stream(context, nil) else {
            throw SegueError(.outOfMemory, "cannot write '\(path)': out of memory")
        }
        self.videoStream = videoStream
        self.splicing = splicing
        if let splicing {
            video = nil
            try splicing.describe(videoStream.pointee.codecpar, file: path)
            if settings.hdr == nil { ColourTags(matrix: matrix).fill(videoStream.pointee.codecpar) }
        } else {
            let video = try Self.videoEncoder(settings, width: width, height: height, frameRate: frameRate,
                                              matrix: matrix, for: context, path: path)
            self.video = video
            avcodec_parameters_from_context(videoStream.pointee.codecpar, video.codec)
        }
        videoStream.pointee.time_base = frameTime
        try settings.hdr?.describe(videoStream, file: path)
        if let format = settings.audio {
            let audioName = settings.audioCodec ?? (isWebM ? "libopus" : "aac")
            let audioCodec = try Self.encoder(audioName, of: AVMEDIA_TYPE_AUDIO, for: context, path: path)
            guard let sampleFormat = Self.floatFormat(of: audioCodec) else {
                throw SegueError.invalidArgument("the \(audioName) encoder takes no float samples, which Segue's sound is (pcm_f32le does)")
            }
            let audio = try Encoder(codec: audioCodec, file: path, globalHeader: globalHeader) { codec in
                codec.pointee.sample_rate = Int32(format.sampleRate)
                av_channel_layout_default(&codec.pointee.ch_layout, Int32(format.channels))
                codec.pointee.sample_fmt = sampleFormat
                codec.pointee.bit_rate = Int64(format.channels) * (isWebM ? 64_000 : 96_000)
                codec.pointee.time_base = AVRational(num: 1, den: Int32(format.sampleRate))
            }
            guard let stream = avformat_new_stream(context, nil) else {
                throw SegueError(.outOfMemory, "cannot write '\(path)': out of memory")
            }
            avcodec_parameters_from_context(stream.pointee.codecpar, audio.codec)
            stream.pointee.time_base = audio.codec.pointee.time_base
            self.audio = audio
            audioStream = stream
        } else {
            audio = nil
            audioStream = nil
        }

        file = try AtomicFileWriter(path: path)
        guard let buffer = av_malloc(1 << 16)?.assumingMemoryBound(to: UInt8.self),
              let io = avio_alloc_context(buffer, 1 << 16, 1, UnsafeMutableRawPointer(file.file), nil,
                                          Self.writePacket, Self.seek) else {
            throw SegueError(.outOfMemory, "cannot write '\(path)': out of memory")
        }
        context.pointee.pb = io
        try MediaError.check(avformat_write_header(context, nil), "write the header of", path)
    }

    deinit {
        abandon()
        if let io = output.pointee.pb {
            av_free(io.pointee.buffer)
            var pointer: UnsafeMutablePointer<AVIOContext>? = io
            avio_context_free(&pointer)
            output.pointee.pb = nil
        }
        avformat_free_context(output)
        release(picture)
        planes.deallocate()
    }

    /// The picture's encoder: --video-codec (or the container's usual one)
    /// at the file's size, rate and colours, with --crf and --preset.
    private static func videoEncoder(_ settings: EncoderSettings, width: Int, height: Int, frameRate: FrameRate,
                                     matrix: YCbCr, for context: UnsafeMutablePointer<AVFormatContext>,
                                     path: String) throws -> Encoder {
        let isWebM = path.hasSuffix(".webm")
        let name = settings.videoCodec ?? (isWebM ? "libvpx-vp9" : settings.hdr == nil ? "libx264" : "libx265")
        if settings.hdr != nil, !["libx265", "libx264"].contains(name) {
            throw SegueError.invalidArgument("an HDR file is HEVC by libx265 or H.264 High 10 by libx264, not \(name)")
        }
        let codec = try encoder(name, of: AVMEDIA_TYPE_VIDEO, for: context, path: path)
        let globalHeader = context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
        return try Encoder(codec: codec, file: path, globalHeader: globalHeader) { codec in
            codec.pointee.width = Int32(width)
            codec.pointee.height = Int32(height)
            codec.pointee.pix_fmt = settings.hdr == nil ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUV420P10LE
            codec.pointee.time_base = AVRational(num: Int32(frameRate.seconds), den: Int32(frameRate.frames))
            codec.pointee.framerate = AVRational(num: Int32(frameRate.frames), den: Int32(frameRate.seconds))
            if let hdr = settings.hdr { hdr.apply(to: codec) } else { ColourTags(matrix: matrix).apply(to: codec) }
            codec.pointee.thread_count = 0
            try apply(settings, to: codec, encoder: name, isWebM: isWebM)
        }
    }

    /// --crf and --preset for the encoders that have them, and Segue's defaults.
    private static func apply(_ settings: EncoderSettings, to codec: UnsafeMutablePointer<AVCodecContext>,
                              encoder name: String, isWebM: Bool) throws {
        let options = codec.pointee.priv_data
        let isVP9 = name == "libvpx-vp9"
        // The same settings give the same parameter sets, so --range pieces join with `-c copy`.
        if name == "libx264" {
            av_opt_set(options, "x264-params", X264Parameters.common + (settings.hdr?.encoderParameters(for: name) ?? ""), 0)
            if settings.hdr != nil { av_opt_set(options, "profile", "high10", 0) }
        }
        if name == "libx265", let hdr = settings.hdr {
            av_opt_set(options, "x265-params", "log-level=error" + hdr.encoderParameters(for: name), 0)
        }
        if isVP9 {
            av_opt_set(options, "row-mt", "1", 0)
            av_opt_set(options, "deadline", "good", 0)
            av_opt_set(options, "cpu-used", "4", 0)
            codec.pointee.bit_rate = 0
        }
        let crf = settings.crf ?? (isVP9 ? 32 : 18)
        if av_opt_set_double(options, "crf", crf, 0) < 0, settings.crf != nil {
            throw SegueError.invalidArgument("the \(name) encoder has no --crf")
        }
        let preset = settings.preset ?? (isVP9 ? nil : "medium")
        if let preset {
            let status = av_opt_set(options, "preset", preset, 0)
            if status < 0, settings.preset != nil {
                throw SegueError.invalidArgument("the \(name) encoder has no preset '\(preset)'")
            }
        }
    }

    /// The encoder's first float sample format (AAC: planar, Opus and
    /// pcm_f32le: interleaved), or nil when it takes none.
    /// FFmpeg's encoder `name` for `type` (video or sound).
    /// - Throws: `.invalidArgument` when this FFmpeg has no such encoder, or
    ///   the file type cannot hold what it makes, naming the option to change.
    private static func encoder(_ name: String, of type: AVMediaType, for context: UnsafeMutablePointer<AVFormatContext>,
                                path: String) throws -> UnsafePointer<AVCodec> {
        let (kind, what, option) = type == AVMEDIA_TYPE_VIDEO ? ("a video", "video", "--video-codec")
                                                              : ("an audio", "sound", "--audio-codec")
        guard let codec = avcodec_find_encoder_by_name(name), av_codec_is_encoder(codec) != 0,
              codec.pointee.type == type else {
            throw SegueError.invalidArgument("'\(name)' is not \(kind) encoder this FFmpeg has")
        }
        guard avformat_query_codec(context.pointee.oformat, codec.pointee.id, FF_COMPLIANCE_NORMAL) != 0 else {
            let container = String(cString: context.pointee.oformat.pointee.long_name)
            throw SegueError.invalidArgument("'\(path)' (\(container)) cannot hold "
                + "\(String(cString: avcodec_get_name(codec.pointee.id))) \(what); choose another \(option) or file type")
        }
        return codec
    }

    private static func floatFormat(of codec: UnsafePointer<AVCodec>) -> AVSampleFormat? {
        guard var formats = codec.pointee.sample_fmts else { return nil }
        while formats.pointee != AV_SAMPLE_FMT_NONE {
            if formats.pointee == AV_SAMPLE_FMT_FLTP || formats.pointee == AV_SAMPLE_FMT_FLT { return formats.pointee }
            formats += 1
        }
        return nil
    }

    /// Appends one picture (premultiplied: its colour is composited over black).
    /// - Throws: `.invalidArgument` for a surface of the wrong size; `.io` naming the file.
    public func write(_ frame: Surface) throws {
        guard frame.width == yuv.width, frame.height == yuv.height else {
            throw SegueError.invalidArgument("a \(frame.width)×\(frame.height) frame cannot go into '\(path)', which is \(yuv.width)×\(yuv.height)")
        }
        if let deep {
            try encode(deep.convert(frame))
            return
        }
        yuv.convert(frame, into: planes, loop: loop)
        try write(YUV420Planes(packed: planes, width: yuv.width, height: yuv.height, matrix: yuv.matrix))
    }

    /// Appends a decoded 10-bit 4:2:0 picture to an HDR file, as it is (the
    /// frame is handed over: it takes the file's time).
    /// - Throws: `.invalidArgument` when the file is not HDR, or the picture's size differs; `.io` naming the file.
    public func write(_ frame: DeepFrame) throws {
        guard deep != nil else { throw SegueError.invalidArgument("'\(path)' is not an HDR file") }
        let picture = frame.frame.pointee
        guard picture.width == Int32(yuv.width), picture.height == Int32(yuv.height),
              picture.format == AV_PIX_FMT_YUV420P10LE.rawValue else {
            throw SegueError.invalidArgument("a \(picture.width)×\(picture.height) frame in another format cannot go into '\(path)'")
        }
        frame.frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
        try encode(frame.frame)
    }

    /// The colour definition in which decoded 8-bit 4:2:0 planes go in as
    /// they are (`write(_ planes:)`); nil for an HDR file, which takes 10-bit frames.
    public var planesMatrix: YCbCr? { deep == nil ? yuv.matrix : nil }

    /// Appends one picture already in 4:2:0 in this file's `matrix` (a
    /// decoded frame that needs no compositing), without converting it.
    /// - Throws: `.invalidArgument` when its size or matrix differ; `.io` naming the file.
    public func write(_ planes: YUV420Planes) throws {
        guard deep == nil, planes.width == yuv.width, planes.height == yuv.height, planes.matrix == yuv.matrix else {
            throw SegueError.invalidArgument("a \(planes.width)×\(planes.height) 4:2:0 frame in other colours cannot go into '\(path)'")
        }
        let frame = picture
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(yuv.width)
        frame.pointee.height = Int32(yuv.height)
        precondition(planes.chromaStep == 1, "I420 planes")
        // Borrowed planes: the encoder copies what it keeps of a frame it does not own.
        frame.pointee.data.0 = planes.luma
        frame.pointee.data.1 = planes.cb
        frame.pointee.data.2 = planes.cr
        frame.pointee.linesize.0 = Int32(planes.lumaStride)
        frame.pointee.linesize.1 = Int32(planes.chromaStride)
        frame.pointee.linesize.2 = Int32(planes.chromaStride)
        try encode(frame)
    }

    /// Encodes the next picture: by the file's encoder, or a spliced file's piece.
    private func encode(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        paced()
        frame.pointee.pts = framesWritten
        framesWritten += 1
        if let splicing {
            isCopying = false
            if piece == nil { piece = try splicing.pieceEncoder(file: path) }
            try piece!.send(frame, file: path) { packet in
                let framed = try splicing.framed(packet, file: path)
                defer { release(framed) }
                try writeSpliced(framed)
            }
        } else {
            try video!.send(frame, file: path) { try mux($0, from: frameTime, into: videoStream) }
        }
        flushed()
    }

    /// Appends a picture of a spliced file copied as it was coded: the next
    /// packet in decode order, shown as the file's frame `shownAt`. Its data
    /// is taken; the packet itself stays the caller's.
    /// - Throws: `.invalidArgument` when the file is not spliced; `.io` naming the file.
    public func write(copiedPacket packet: UnsafeMutablePointer<AVPacket>, shownAt: Int64) throws {
        guard let splicing else { throw SegueError.invalidArgument("'\(path)' encodes its own pictures") }
        paced()
        try endPiece()
        packet.pointee.pts = shownAt
        packet.pointee.flags &= ~(AV_PKT_FLAG_DISCARD | AV_PKT_FLAG_CORRUPT)
        framesWritten += 1
        if !isCopying, let resumed = try splicing.resuming(packet, file: path) {
            defer { release(resumed) }
            try writeSpliced(resumed)
        } else {
            try writeSpliced(packet)
        }
        isCopying = true
        flushed()
    }

    /// Flushes the piece being encoded, if any: the next picture starts afresh.
    private func endPiece() throws {
        guard let piece, let splicing else { return }
        try piece.send(nil, file: path) { packet in
            let framed = try splicing.framed(packet, file: path)
            defer { release(framed) }
            try writeSpliced(framed)
        }
        self.piece = nil
    }

    /// Muxes a spliced packet shown at its `pts` (in frames): decode times
    /// count packets, trailing by the stream's reorder depth, so they rise
    /// by one frame across every seam.
    private func writeSpliced(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        let dts = packetsWritten - Int64(splicing!.reorderDepth)
        guard packet.pointee.pts >= dts else {
            throw SegueError(.io, "cannot write '\(path)': a piece reorders its pictures deeper than the clips it joins")
        }
        packetsWritten += 1
        packet.pointee.dts = dts
        packet.pointee.duration = 1
        packet.pointee.pos = -1
        try mux(packet, from: frameTime, into: videoStream)
    }

    /// Muxes a packet whose times count in `timeBase` into `stream`.
    private func mux(_ packet: UnsafeMutablePointer<AVPacket>, from timeBase: AVRational,
                     into stream: UnsafeMutablePointer<AVStream>) throws {
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try muxing.withLock { _ -> Void in try MediaError.check(av_interleaved_write_frame(output, packet), "write", path) }
    }

    /// Hands what the muxer wrote to the file, and starts its writeback.
    private func flushed() {
        muxing.withLock { _ -> Void in
            avio_flush(output.pointee.pb)
            file.startWriteback()
        }
    }

    /// Waits, before the next picture, while it lies more than a few seconds
    /// ahead of the sound written (see `SoundPacing`).
    private func paced() {
        if audio != nil { pacing.wait(for: Double(framesWritten) * frameSeconds) }
    }

    /// Appends interleaved float samples in the `audio` format of the
    /// settings. They may come from a thread of their own, alongside the
    /// pictures: then call `endAudio()` when that thread stops. Without a
    /// sound track this does nothing.
    public func write(audio samples: UnsafeBufferPointer<Float>) throws {
        guard let audio else { return }
        pendingAudio.append(contentsOf: samples)
        try sendAudio(audio, flushing: false)
        pacing.reached(Double(samplesWritten) / Double(audio.codec.pointee.sample_rate))
    }

    /// No more sound comes from its thread (it is all written, or the thread
    /// stopped): the pictures wait for it no longer. Call `finish()` only after.
    public func endAudio() {
        pacing.end()
    }

    /// Sends whole encoder frames of pending sound (and, flushing, the rest).
    private func sendAudio(_ encoder: Encoder, flushing: Bool) throws {
        let codec = encoder.codec
        let channels = Int(codec.pointee.ch_layout.nb_channels)
        let frameSize = codec.pointee.frame_size > 0 ? Int(codec.pointee.frame_size) : 1024
        var offset = 0
        while pendingAudio.count - offset >= frameSize * channels || (flushing && pendingAudio.count > offset) {
            let count = min(frameSize, (pendingAudio.count - offset) / channels)
            guard let frame = av_frame_alloc() else { throw SegueError(.outOfMemory, "cannot write '\(path)': out of memory") }
            defer { release(frame) }
            frame.pointee.nb_samples = Int32(count)
            frame.pointee.format = codec.pointee.sample_fmt.rawValue
            frame.pointee.sample_rate = codec.pointee.sample_rate
            av_channel_layout_copy(&frame.pointee.ch_layout, &codec.pointee.ch_layout)
            try MediaError.check(av_frame_get_buffer(frame, 0), "encode the sound of", path)
            pendingAudio.withUnsafeBufferPointer { source in
                let planar = codec.pointee.sample_fmt == AV_SAMPLE_FMT_FLTP
                for channel in 0..<channels {
                    let plane = frame.pointee.extended_data[planar ? channel : 0]!.withMemoryRebound(to: Float.self, capacity: count * channels) { $0 }
                    for index in 0..<count {
                        plane[planar ? index : index * channels + channel] = source[offset + index * channels + channel]
                    }
                }
            }
            frame.pointee.pts = samplesWritten
            samplesWritten += Int64(count)
            offset += count * channels
            try encoder.send(frame, file: path) { try mux($0, from: codec.pointee.time_base, into: audioStream!) }
        }
        pendingAudio.removeFirst(offset)
    }

    /// Flushes the encoders, writes the container's trailer, then syncs and
    /// renames the file into place.
    /// - Throws: `.io` naming the file; the temporary file is removed.
    public func finish() throws {
        guard !isFinished else { return }
        do {
            if let audio, let audioStream {
                try sendAudio(audio, flushing: true)
                try audio.send(nil, file: path) { try mux($0, from: audio.codec.pointee.time_base, into: audioStream) }
            }
            try video?.send(nil, file: path) { try mux($0, from: frameTime, into: videoStream) }
            try endPiece()
            try MediaError.check(av_write_trailer(output), "finish", path)
            avio_flush(output.pointee.pb)
            if output.pointee.pb.pointee.error < 0 {
                throw SegueError(.io, "cannot write '\(path)': \(MediaError.text(output.pointee.pb.pointee.error))")
            }
            isFinished = true
            try file.commit()
        } catch {
            abandon()
            throw error
        }
    }

    /// Removes the partial file; the target is untouched.
    public func abandon() {
        isFinished = true
        pacing.end()
        file.abandon()
    }

    // MARK: The file, through stdio on the atomic writer's stream

    private static let writePacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        let stream = opaque!.assumingMemoryBound(to: FILE.self)
        guard size > 0 else { return 0 }
        return fwrite(buffer, 1, Int(size), stream) == Int(size) ? size : -(errno == 0 ? EIO : errno)
    }

    private static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        let stream = opaque!.assumingMemoryBound(to: FILE.self)
        if whence & AVSEEK_SIZE != 0 {
            let here = ftello(stream)
            guard fseeko(stream, 0, SEEK_END) == 0 else { return -1 }
            let size = ftello(stream)
            fseeko(stream, here, SEEK_SET)
            return Int64(size)
        }
        guard fseeko(stream, off_t(offset), whence & ~AVSEEK_FORCE) == 0 else { return Int64(-(errno)) }
        return Int64(ftello(stream))
    }
}
