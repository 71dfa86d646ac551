import CAV
import Glibc
import SegueBasics

/// The picture of a spliced file: H.264 or HEVC packets copied from clips
/// that share one set of parameters, and pieces that libx264 or libx265
/// encodes between them so that they splice in. Each piece starts with an
/// IDR picture and closes its GOPs; it keeps the source's profile, level,
/// bit depth, colours (an HDR source's metadata too) and sample aspect, and
/// reorders no deeper than the source.
///
/// A piece's parameter sets must not be mistaken for the source's:
/// - H.264: libx264 gives them ids the source does not use, and both sets
///   travel in the file's `avcC` record, so a decoder (or a `-c copy` join
///   of pieces made apart) meets no parameter set in mid-stream;
/// - HEVC: libx265 has no such option, so the file is `hev1` (parameter sets
///   may come in-band): a piece carries its own before each keyframe, and
///   the first copied packet after a piece (or at the file's start) is
///   preceded by the source's again.
public final class SpliceStream {
    /// How many pictures decoding runs ahead of display: decode timestamps
    /// trail presentation ones by this many frames.
    public let reorderDepth: Int
    private let source: VideoPackets
    private let piece: PieceSettings
    private let frameRate: FrameRate
    /// The output's configuration record, and the size of a NAL unit's length.
    private let record: [UInt8]
    private let lengthSize: Int
    /// H.264: the parameter sets every piece must come with (its global header).
    private let pieceHeader: [UInt8]?
    /// HEVC: the source's parameter sets, restated where copying resumes.
    private let sourceSets: [ArraySlice<UInt8>]

    /// How every piece is encoded.
    private struct PieceSettings {
        let encoder: String
        let profile: String
        let parameters: String
        let level: Int32
        let crf: Double
        let preset: String
    }

    /// Plans pieces that splice into `source`'s packets (every clip copied
    /// shares its parameters), whose reordering reaches `copiedDepth`, at
    /// constant quality `crf`: by default the source's own, when its encoder
    /// noted it, else 18; an HDR output's pieces carry `hdr`'s metadata.
    /// - Throws: `.invalidArgument` saying why pieces cannot splice in (a
    ///   profile the encoder cannot match, or no free parameter-set id).
    public init(source: VideoPackets, copiedDepth: Int, frameRate: FrameRate, crf: Double?, preset: String?,
                hdr: HDRSignal? = nil) throws {
        self.source = source
        self.frameRate = frameRate
        reorderDepth = copiedDepth
        let profile = source.format.profile
        let isDeep = source.format.pixelFormat == "yuv420p10le"
        let metadata = { (encoder: String) in hdr?.encoderParameters(for: encoder) ?? "" }
        switch source.format.parameterSets {
        case .h264(let configuration)?:
            let profiles: [Int32: String] = isDeep ? [110: "high10"] : [66: "baseline", 578: "baseline", 77: "main", 100: "high"]
            guard let name = profiles[profile] else {
                throw SegueError.invalidArgument("its H.264 profile (\(profile)) is not one libx264 matches in "
                                                 + (isDeep ? "10-bit" : "8-bit") + " 4:2:0")
            }
            // At 8 bits, crf 0 is lossless, which libx264 encodes only in High 4:4:4 Predictive.
            guard crf != 0 || isDeep else {
                throw SegueError.invalidArgument("--crf 0 asks libx264 for lossless pictures, which need its High "
                                                 + "4:4:4 Predictive profile, not the \(name) profile of the clips copied")
            }
            // Ids the source's parameter sets do not take; libx264 gives its PPS the SPS's id.
            let taken = Set((configuration.sequenceSets + configuration.pictureSets).compactMap(H264Syntax.parameterSetID))
            guard let id = (0...31).first(where: { !taken.contains($0) }) else {
                throw SegueError.invalidArgument("it uses every H.264 parameter-set id")
            }
            // No deeper reordering than the source: none, one picture (B-frames
            // without pyramids), or two (B-pyramids, libx264's default).
            let reordering = name == "baseline" || copiedDepth == 0 ? "bframes=0"
                : copiedDepth == 1 ? "b-pyramid=none" : "b-pyramid=normal"
            piece = PieceSettings(encoder: "libx264", profile: name,
                                  parameters: X264Parameters.common + ":sps-id=\(id):\(reordering)" + metadata("libx264"),
                                  level: source.format.level, crf: crf ?? source.encoderQuality ?? 18, preset: preset ?? "medium")
            // A piece's parameter sets, under their own ids, join the source's.
            let header = try Self.encoder(piece, source: source, frameRate: frameRate).extradata
            let units = H264Syntax.units(annexB: header)
            let sequenceSets = units.filter { H264Syntax.type(of: $0) == H264Syntax.sequenceParameterSet }
            let pictureSets = units.filter { H264Syntax.type(of: $0) == H264Syntax.pictureParameterSet }
            guard !sequenceSets.isEmpty, !pictureSets.isEmpty, (sequenceSets + pictureSets).allSatisfy({
                H264Syntax.parameterSetID($0).map { !taken.contains($0) } ?? false
            }) else {
                throw SegueError.invalidArgument("libx264's parameter sets would take the ids of its own")
            }
            var merged = configuration
            merged.sequenceSets += sequenceSets
            merged.pictureSets += pictureSets
            record = merged.bytes
            lengthSize = configuration.lengthSize
            pieceHeader = header
            sourceSets = []
        case .hevc(let configuration)?:
            guard profile == (isDeep ? 2 : 1) else {
                throw SegueError.invalidArgument("its HEVC profile (\(profile)) is not "
                                                 + (isDeep ? "Main 10, which libx265 matches in 10 bits" : "Main, which libx265 matches in 8 bits"))
            }
            let reordering = copiedDepth == 0 ? "bframes=0" : copiedDepth == 1 ? "bframes=3:b-pyramid=0" : "bframes=3"
            let level = source.format.level
            piece = PieceSettings(encoder: "libx265", profile: isDeep ? "main10" : "main",
                                  parameters: "repeat-headers=1:open-gop=0:log-level=error:info=0:\(reordering)"
                                      + (level > 0 ? ":level-idc=\(level / 30).\(level % 30 / 3)" : "") + metadata("libx265"),
                                  level: level, crf: crf ?? source.encoderQuality ?? 18, preset: preset ?? "medium")
            record = configuration.bytes
            lengthSize = configuration.lengthSize
            pieceHeader = nil
            sourceSets = configuration.parameterSets
        case nil:
            throw SegueError.invalidArgument("it holds no H.264 or HEVC parameter sets in MP4's form")
        }
    }

    /// Fills an output stream's parameters: the source's, with the output's record.
    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>, file: String) throws {
        try MediaError.check(avcodec_parameters_copy(parameters, source.parameters), "describe the picture of", file)
        av_free(parameters.pointee.extradata)
        parameters.pointee.extradata = try Self.padded(record, file: file)
        parameters.pointee.extradata_size = Int32(record.count)
        let isMP4 = !file.hasSuffix(".mkv")
        parameters.pointee.codec_tag = sourceSets.isEmpty || !isMP4 ? 0 : Self.tag("hev1")
        parameters.pointee.video_delay = Int32(reorderDepth)
    }

    /// A new piece's encoder: its first picture is an IDR picture.
    /// - Throws: `.io` naming `file` when libx264's parameter sets differ from the first piece's.
    func pieceEncoder(file: String) throws -> Encoder {
        let encoder = try Self.encoder(piece, source: source, frameRate: frameRate)
        if let pieceHeader, encoder.extradata != pieceHeader {
            throw SegueError(.io, "cannot write '\(file)': libx264 changed its parameter sets between pieces")
        }
        return encoder
    }

    /// A piece's packet from the encoder (Annex B) in the file's framing, in
    /// a new packet that keeps its timestamps and flags.
    func framed(_ packet: UnsafeMutablePointer<AVPacket>, file: String) throws -> UnsafeMutablePointer<AVPacket> {
        let bytes = Array(UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
        return try Self.packet(H264Syntax.units(annexB: bytes), like: packet, lengthSize: lengthSize, file: file)
    }

    /// The first copied packet after a piece, or at the file's start, with
    /// what a decoder needs restated before it (HEVC: the source's parameter
    /// sets); nil when it needs nothing (H.264).
    func resuming(_ packet: UnsafeMutablePointer<AVPacket>, file: String) throws -> UnsafeMutablePointer<AVPacket>? {
        guard !sourceSets.isEmpty else { return nil }
        let bytes = UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size))
        guard let units = H264Syntax.units(lengthPrefixed: bytes, lengthSize: lengthSize) else {
            throw SegueError(.io, "cannot write '\(file)': a copied picture's NAL units do not add up")
        }
        return try Self.packet(sourceSets + units, like: packet, lengthSize: lengthSize, file: file)
    }

    /// A new packet of `units` framed by lengths, with `model`'s timestamps and flags.
    private static func packet(_ units: [ArraySlice<UInt8>], like model: UnsafeMutablePointer<AVPacket>, lengthSize: Int,
                               file: String) throws -> UnsafeMutablePointer<AVPacket> {
        guard let bytes = H264Syntax.lengthPrefixed(units, lengthSize: lengthSize) else {
            throw SegueError(.io, "cannot write '\(file)': a picture is too large for the source's NAL lengths")
        }
        guard let packet = av_packet_alloc() else { throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory") }
        guard av_new_packet(packet, Int32(bytes.count)) >= 0 else {
            release(packet)
            throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory")
        }
        bytes.withUnsafeBufferPointer { _ = memcpy(packet.pointee.data, $0.baseAddress!, bytes.count) }
        packet.pointee.pts = model.pointee.pts
        packet.pointee.dts = model.pointee.dts
        packet.pointee.flags = model.pointee.flags
        return packet
    }

    /// `bytes` in a buffer FFmpeg owns, with the zeroed padding it reads past the end.
    private static func padded(_ bytes: [UInt8], file: String) throws -> UnsafeMutablePointer<UInt8> {
        let size = bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)
        guard let buffer = av_malloc(size)?.assumingMemoryBound(to: UInt8.self) else {
            throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory")
        }
        memset(buffer, 0, size)
        bytes.withUnsafeBufferPointer { _ = memcpy(buffer, $0.baseAddress!, bytes.count) }
        return buffer
    }

    /// A four-character code as FFmpeg stores it (first character lowest).
    private static func tag(_ code: String) -> UInt32 {
        code.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func encoder(_ settings: PieceSettings, source: VideoPackets, frameRate: FrameRate) throws -> Encoder {
        guard let codec = avcodec_find_encoder_by_name(settings.encoder) else {
            throw SegueError.invalidArgument("this FFmpeg has no \(settings.encoder), which the pieces are encoded with")
        }
        let parameters = source.parameters.pointee
        return try Encoder(codec: codec, file: source.path, globalHeader: settings.encoder == "libx264") { codec in
            codec.pointee.width = parameters.width
            codec.pointee.height = parameters.height
            codec.pointee.pix_fmt = AVPixelFormat(parameters.format)
            codec.pointee.sample_aspect_ratio = parameters.sample_aspect_ratio
            codec.pointee.time_base = AVRational(num: Int32(frameRate.seconds), den: Int32(frameRate.frames))
            codec.pointee.framerate = AVRational(num: Int32(frameRate.frames), den: Int32(frameRate.seconds))
            codec.pointee.color_primaries = parameters.color_primaries
            codec.pointee.color_trc = parameters.color_trc
            codec.pointee.colorspace = parameters.color_space
            codec.pointee.color_range = parameters.color_range
            codec.pointee.level = settings.level
            codec.pointee.thread_count = 0
            let options = codec.pointee.priv_data
            av_opt_set(options, "profile", settings.profile, 0)
            guard av_opt_set(options, "preset", settings.preset, 0) >= 0 else {
                throw SegueError.invalidArgument("the \(settings.encoder) encoder has no preset '\(settings.preset)'")
            }
            av_opt_set_double(options, "crf", settings.crf, 0)
            av_opt_set(options, settings.encoder == "libx264" ? "x264-params" : "x265-params", settings.parameters, 0)
        }
    }
}
