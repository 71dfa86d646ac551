import CAV
import SegueBasics
import SegueCompositor

/// The HDR signal of a clip, which an output that keeps it (`--hdr keep`)
/// carries on: the transfer (PQ or HLG) in BT.2020 primaries and matrix,
/// and the mastering display and content light levels the clip states, in
/// the stream's metadata or its first picture's. Encoders are told all of
/// it, and the container's header states it too.
public struct HDRSignal: @unchecked Sendable {
    public let transfer: AVColorTransferCharacteristic
    let mastering: AVMasteringDisplayMetadata?
    let light: AVContentLightMetadata?

    /// The signal of a first decoded picture `frame` of `stream`; nil when it is not PQ or HLG.
    init?(frame: UnsafeMutablePointer<AVFrame>, stream: UnsafeMutablePointer<AVStream>) {
        guard ColourConversion.isHDR(frame.pointee.color_trc) else { return nil }
        transfer = frame.pointee.color_trc
        func metadata<T>(_ frameType: AVFrameSideDataType, _ streamType: AVPacketSideDataType, as: T.Type) -> T? {
            var size = 0
            let bytes = av_frame_get_side_data(frame, frameType).flatMap { side in
                side.pointee.size >= MemoryLayout<T>.size ? UnsafeRawPointer(side.pointee.data) : nil
            } ?? av_stream_get_side_data(stream, streamType, &size).flatMap { data in
                size >= MemoryLayout<T>.size ? UnsafeRawPointer(data) : nil
            }
            return bytes?.loadUnaligned(as: T.self)
        }
        let mastering = metadata(AV_FRAME_DATA_MASTERING_DISPLAY_METADATA, AV_PKT_DATA_MASTERING_DISPLAY_METADATA,
                                 as: AVMasteringDisplayMetadata.self)
        self.mastering = mastering.flatMap { $0.has_primaries != 0 && $0.has_luminance != 0 ? $0 : nil }
        light = metadata(AV_FRAME_DATA_CONTENT_LIGHT_LEVEL, AV_PKT_DATA_CONTENT_LIGHT_LEVEL,
                         as: AVContentLightMetadata.self)
    }

    /// "PQ" or "HLG".
    public var name: String { transfer == AVCOL_TRC_SMPTE2084 ? "PQ" : "HLG" }

    /// Sets an encoder's colour tags: BT.2020 primaries and non-constant-luminance matrix, limited range.
    func apply(to codec: UnsafeMutablePointer<AVCodecContext>) {
        codec.pointee.color_primaries = AVCOL_PRI_BT2020
        codec.pointee.color_trc = transfer
        codec.pointee.colorspace = AVCOL_SPC_BT2020_NCL
        codec.pointee.color_range = AVCOL_RANGE_MPEG
    }

    /// The metadata in libx265's or libx264's parameter syntax (`-x265-params`),
    /// each with its leading colon; empty when the clip states none.
    func encoderParameters(for encoder: String) -> String {
        var parameters = ""
        if let mastering {
            // Chromaticities in units of 0.00002, luminances of 0.0001 cd/m², green, blue, red and white.
            let primaries = withUnsafeBytes(of: mastering.display_primaries) { Array($0.bindMemory(to: AVRational.self)) }
            let white = withUnsafeBytes(of: mastering.white_point) { Array($0.bindMemory(to: AVRational.self)) }
            func chroma(_ value: AVRational) -> Int { Int((av_q2d(value) * 50_000).rounded()) }
            func luminance(_ value: AVRational) -> Int { Int((av_q2d(value) * 10_000).rounded()) }
            let xy = { (p: [AVRational]) in "(\(chroma(p[0])),\(chroma(p[1])))" }
            let display = "G" + xy(Array(primaries[2...3])) + "B" + xy(Array(primaries[4...5])) + "R"
                + xy(Array(primaries[0...1])) + "WP" + xy(white)
                + "L(\(luminance(mastering.max_luminance)),\(luminance(mastering.min_luminance)))"
            parameters += encoder == "libx265" ? ":master-display=\(display)" : ":mastering-display=\(display)"
        }
        if let light {
            parameters += (encoder == "libx265" ? ":max-cll=" : ":cll=") + "\(light.MaxCLL),\(light.MaxFALL)"
        }
        return parameters
    }

    /// States the metadata in `stream`'s header (MP4's `mdcv` and `clli`
    /// boxes, Matroska's colour elements).
    /// - Throws: `.outOfMemory` naming the file.
    func describe(_ stream: UnsafeMutablePointer<AVStream>, file: String) throws {
        func add<T>(_ value: T?, _ type: AVPacketSideDataType) throws {
            guard var value else { return }
            let size = MemoryLayout<T>.size
            guard let data = av_malloc(size) else { throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory") }
            withUnsafeBytes(of: &value) { data.copyMemory(from: $0.baseAddress!, byteCount: size) }
            guard av_stream_add_side_data(stream, type, data.assumingMemoryBound(to: UInt8.self), size) >= 0 else {
                av_free(data)
                throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory")
            }
        }
        try add(mastering, AV_PKT_DATA_MASTERING_DISPLAY_METADATA)
        try add(light, AV_PKT_DATA_CONTENT_LIGHT_LEVEL)
    }
}

/// A decoded 10-bit 4:2:0 picture, kept as the decoder gave it (a reference
/// of its own), so that an HDR output encodes it without going through the
/// compositor's 8 bits. One per picture written: the writer stamps it with
/// the file's time.
public final class DeepFrame {
    let frame: UnsafeMutablePointer<AVFrame>

    init?(referencing frame: UnsafeMutablePointer<AVFrame>) {
        guard let clone = av_frame_clone(frame) else { return nil }
        self.frame = clone
    }

    deinit { release(frame) }
}

/// Drawn pictures of an HDR file (premultiplied ARGB32 holding R'G'B' in
/// BT.2020 and the file's transfer, see `HDRHandling.keep`) as 10-bit 4:2:0
/// BT.2020 Y'CbCr in limited range, through libswscale. `[one thread per instance]`
final class DeepPictures {
    private let context: OpaquePointer
    private let frame: UnsafeMutablePointer<AVFrame>
    private let file: String

    /// - Throws: `.outOfMemory` naming the file.
    init(width: Int, height: Int, file: String) throws {
        self.file = file
        guard let frame = av_frame_alloc() else { throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory") }
        self.frame = frame
        guard let context = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_BGRA, Int32(width), Int32(height),
                                           AV_PIX_FMT_YUV420P10LE, SWS_BICUBIC, nil, nil, nil) else {
            release(frame)
            throw SegueError(.outOfMemory, "cannot write '\(file)': no converter to 10-bit 4:2:0")
        }
        self.context = context
        sws_setColorspaceDetails(context, sws_getCoefficients(SWS_CS_DEFAULT), 1, sws_getCoefficients(SWS_CS_BT2020), 0,
                                 0, 1 << 16, 1 << 16)
        frame.pointee.format = AV_PIX_FMT_YUV420P10LE.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try MediaError.check(av_frame_get_buffer(frame, 0), "write", file)
    }

    deinit {
        sws_freeContext(context)
        release(frame)
    }

    /// `surface` converted, in a frame that stays this converter's (valid until the next call).
    /// - Throws: `.io` naming the file.
    func convert(_ surface: Surface) throws -> UnsafeMutablePointer<AVFrame> {
        // An encoder may still hold the last picture: then this one gets a buffer of its own.
        try MediaError.check(av_frame_make_writable(frame), "write", file)
        var source: [UnsafePointer<UInt8>?] = [UnsafePointer(surface.pixels.assumingMemoryBound(to: UInt8.self)), nil, nil, nil]
        var sourceStride: [Int32] = [Int32(surface.stride), 0, 0, 0]
        let rows = withUnsafeMutablePointer(to: &frame.pointee.data) { data in
            data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                withUnsafePointer(to: &frame.pointee.linesize) { lines in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        sws_scale(context, &source, &sourceStride, 0, Int32(surface.height), planes, strides)
                    }
                }
            }
        }
        guard rows == Int32(surface.height) else { throw SegueError(.io, "cannot write '\(file)': a picture cannot be converted") }
        return frame
    }
}
