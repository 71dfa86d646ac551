import CAV
import Glibc
import SegueBasics

/// The picture of a spliced file: H.264 packets copied from clips that
/// share one set of parameters, and pieces that libx264 encodes between
/// them so that they splice in. Each piece starts with an IDR picture and
/// closes its GOPs; it keeps the source's profile, level, colours and
/// sample aspect, reorders no deeper than the source, and refers to its own
/// parameter sets under ids the source does not use. Both sets travel in
/// the file's `avcC` record, so a decoder (or a `-c copy` join of pieces
/// made apart) meets no parameter set in mid-stream.
public final class SpliceStream {
    /// How many pictures decoding runs ahead of display: decode timestamps
    /// trail presentation ones by this many frames.
    public let reorderDepth: Int
    private let source: VideoPackets
    private let configuration: H264Syntax.Configuration
    private let pieceSettings: PieceSettings
    private let frameRate: FrameRate

    /// How libx264 is set up for every piece.
    private struct PieceSettings {
        let profile: String
        let parameters: String
        let crf: Double
        let preset: String
    }

    /// Plans pieces that splice into `source`'s packets (every clip copied
    /// shares its parameters), whose reordering reaches `copiedDepth`.
    /// - Throws: `.invalidArgument` saying why pieces cannot splice in (a
    ///   profile libx264 cannot match, or no free parameter-set id).
    public init(source: VideoPackets, copiedDepth: Int, frameRate: FrameRate, crf: Double?, preset: String?) throws {
        guard let configuration = source.format.configuration else {
            throw SegueError.invalidArgument("'\(source.path)' holds no H.264 parameter sets in MP4's form")
        }
        self.source = source
        self.frameRate = frameRate
        let profiles: [Int32: String] = [66: "baseline", 578: "baseline", 77: "main", 100: "high"]
        guard let profile = profiles[source.format.profile] else {
            throw SegueError.invalidArgument("'\(source.path)' uses an H.264 profile (\(source.format.profile)) that "
                                             + "libx264 cannot match for 8-bit 4:2:0")
        }
        // Ids the source's parameter sets do not take; libx264 gives its PPS the SPS's id.
        let taken = Set((configuration.sequenceSets + configuration.pictureSets).compactMap(H264Syntax.parameterSetID))
        guard let id = (0...31).first(where: { !taken.contains($0) }) else {
            throw SegueError.invalidArgument("'\(source.path)' uses every parameter-set id")
        }
        // No deeper reordering than the source: none, one picture (B-frames
        // without pyramids), or two (B-pyramids, libx264's default).
        let reordering = profile == "baseline" || copiedDepth == 0 ? "bframes=0"
            : copiedDepth == 1 ? "b-pyramid=none" : "b-pyramid=normal"
        reorderDepth = copiedDepth
        pieceSettings = PieceSettings(profile: profile, parameters: "stitchable=1:sps-id=\(id):\(reordering)",
                                      crf: crf ?? 18, preset: preset ?? "medium")
        // A piece's parameter sets, under their own ids, join the source's.
        let probe = try Self.encoder(pieceSettings, source: source, frameRate: frameRate)
        let sets = H264Syntax.units(annexB: probe.extradata)
        let sequenceSets = sets.filter { H264Syntax.type(of: $0) == H264Syntax.sequenceParameterSet }
        let pictureSets = sets.filter { H264Syntax.type(of: $0) == H264Syntax.pictureParameterSet }
        guard !sequenceSets.isEmpty, !pictureSets.isEmpty,
              (sequenceSets + pictureSets).allSatisfy({ H264Syntax.parameterSetID($0).map { !taken.contains($0) } ?? false }) else {
            throw SegueError.invalidArgument("libx264's parameter sets collide with those of '\(source.path)'")
        }
        var merged = configuration
        merged.sequenceSets += sequenceSets
        merged.pictureSets += pictureSets
        self.configuration = merged
        pieceHeader = probe.extradata
    }

    /// The parameter sets every piece must come with (libx264's global header).
    private let pieceHeader: [UInt8]

    /// Fills an output stream's parameters: the source's, with both sets of parameter sets.
    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>, file: String) throws {
        try MediaError.check(avcodec_parameters_copy(parameters, source.parameters), "describe the picture of", file)
        let bytes = configuration.bytes
        av_free(parameters.pointee.extradata)
        guard let extradata = av_malloc(bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))?
            .assumingMemoryBound(to: UInt8.self) else {
            throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory")
        }
        memset(extradata, 0, bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))
        bytes.withUnsafeBufferPointer { _ = memcpy(extradata, $0.baseAddress!, bytes.count) }
        parameters.pointee.extradata = extradata
        parameters.pointee.extradata_size = Int32(bytes.count)
        parameters.pointee.codec_tag = 0
        parameters.pointee.video_delay = Int32(reorderDepth)
    }

    /// A new piece's encoder: its first picture is an IDR picture.
    /// - Throws: `.io` naming `file` when libx264's parameter sets differ from the first piece's.
    func pieceEncoder(file: String) throws -> Encoder {
        let encoder = try Self.encoder(pieceSettings, source: source, frameRate: frameRate)
        guard encoder.extradata == pieceHeader else {
            throw SegueError(.io, "cannot write '\(file)': libx264 changed its parameter sets between pieces")
        }
        return encoder
    }

    /// A piece's packet from libx264 (Annex B) in the file's framing, in a
    /// new packet that keeps its timestamps and flags.
    func framed(_ packet: UnsafeMutablePointer<AVPacket>, file: String) throws -> UnsafeMutablePointer<AVPacket> {
        let bytes = Array(UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
        guard let framed = H264Syntax.lengthPrefixed(H264Syntax.units(annexB: bytes), lengthSize: configuration.lengthSize),
              let copy = av_packet_alloc() else {
            throw SegueError(.io, "cannot write '\(file)': a picture is too large for the source's NAL lengths")
        }
        guard av_new_packet(copy, Int32(framed.count)) >= 0 else {
            release(copy)
            throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory")
        }
        framed.withUnsafeBufferPointer { _ = memcpy(copy.pointee.data, $0.baseAddress!, framed.count) }
        copy.pointee.pts = packet.pointee.pts
        copy.pointee.dts = packet.pointee.dts
        copy.pointee.flags = packet.pointee.flags
        return copy
    }

    private static func encoder(_ settings: PieceSettings, source: VideoPackets, frameRate: FrameRate) throws -> Encoder {
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw SegueError.invalidArgument("this FFmpeg has no libx264, which smart rendering encodes with")
        }
        let parameters = source.parameters.pointee
        return try Encoder(codec: codec, file: source.path, globalHeader: true) { codec in
            codec.pointee.width = parameters.width
            codec.pointee.height = parameters.height
            codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
            codec.pointee.sample_aspect_ratio = parameters.sample_aspect_ratio
            codec.pointee.time_base = AVRational(num: Int32(frameRate.seconds), den: Int32(frameRate.frames))
            codec.pointee.framerate = AVRational(num: Int32(frameRate.frames), den: Int32(frameRate.seconds))
            codec.pointee.color_primaries = parameters.color_primaries
            codec.pointee.color_trc = parameters.color_trc
            codec.pointee.colorspace = parameters.color_space
            codec.pointee.color_range = parameters.color_range
            codec.pointee.level = parameters.level
            codec.pointee.thread_count = 0
            let options = codec.pointee.priv_data
            av_opt_set(options, "profile", settings.profile, 0)
            guard av_opt_set(options, "preset", settings.preset, 0) >= 0 else {
                throw SegueError.invalidArgument("the libx264 encoder has no preset '\(settings.preset)'")
            }
            av_opt_set_double(options, "crf", settings.crf, 0)
            av_opt_set(options, "x264-params", settings.parameters, 0)
        }
    }
}
