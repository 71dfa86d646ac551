import CAV
import SegueBasics

/// How pictures of a high dynamic range are brought into SDR: the
/// operators of FFmpeg's `tonemap` filter.
public enum ToneMapping: String, CaseIterable, Sendable {
    /// Linear up to a knee, then a smooth roll-off of the highlights alone:
    /// mid-tones and skin keep their levels and colours, so it is the default.
    case mobius
    /// John Hable's filmic curve: holds detail at both ends, darkens everything a little.
    case hable
    case reinhard
    case clip
    case linear
    case gamma
}

/// What becomes of pictures of a high dynamic range (PQ, HLG) or in
/// BT.2020's gamut.
public enum HDRHandling: Equatable, Sendable {
    /// Converted to SDR BT.709, the highlights compressed by the operator
    /// (see `ColourConversion`): what every output shows by default.
    case toSDR(ToneMapping)
    /// Kept as their signal, for an HDR output (`--hdr keep`): BT.2020 R'G'B'
    /// in their own transfer when drawn, their decoded 10-bit planes when
    /// they go out as they are.
    case keep
}

/// Decoded pictures in a wide gamut or a high dynamic range — BT.2020, PQ
/// (SMPTE ST 2084), HLG (ARIB STD-B67), as phones record them — converted
/// to what Segue composites and writes: SDR BT.709, 8-bit 4:2:0, limited
/// range. FFmpeg's filters do it, as `ffmpeg -vf` would: zscale (the zimg
/// library) linearises at a nominal peak of 100 cd/m² and maps the
/// primaries to BT.709, `tonemap` compresses the highlights (HDR only), and
/// zscale encodes BT.709 with error-diffusion dither, so 10-bit gradients
/// do not band. SDR pictures of more than 8 bits (a camera's 10-bit
/// BT.709) keep their colours and are only dithered to 8-bit 4:2:0. For an
/// HDR output (`HDRHandling.keep`), HDR pictures keep their signal: zscale
/// only turns them into 8-bit R'G'B' in BT.2020 and their own transfer,
/// with the same dither, for the compositor. Built on the first picture
/// that needs it; pictures that need nothing pass untouched.
/// `[one thread per instance]`
final class ColourConversion {
    let hdr: HDRHandling
    private let file: String
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?

    init(hdr: HDRHandling, file: String) {
        self.hdr = hdr
        self.file = file
    }

    deinit { avfilter_graph_free(&graph) }

    /// The light levels of an HDR stream without metadata, in units of the
    /// 100 cd/m² SDR white: HLG's nominal 1000 cd/m² peak, and for PQ its
    /// MaxCLL when the stream gives one, else the same 1000 cd/m².
    static let defaultPeak = 10.0

    /// Whether `frame` is HDR (PQ or HLG), in BT.2020's gamut, or Y'CbCr of more than 8 bits.
    static func isNeeded(for frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        isWide(frame) || isDeepYCbCr(AVPixelFormat(frame.pointee.format))
    }

    private static func isWide(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        isHDR(frame.pointee.color_trc) || frame.pointee.color_primaries == AVCOL_PRI_BT2020
    }

    private static func isDeepYCbCr(_ format: AVPixelFormat) -> Bool {
        guard let description = av_pix_fmt_desc_get(format) else { return false }
        let flags = UInt64(description.pointee.flags)
        return flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_HWACCEL) == 0
            && description.pointee.nb_components >= 3 && description.pointee.comp.0.depth > 8
    }

    /// Whether `transfer` is PQ or HLG.
    static func isHDR(_ transfer: AVColorTransferCharacteristic) -> Bool {
        transfer == AVCOL_TRC_SMPTE2084 || transfer == AVCOL_TRC_ARIB_STD_B67
    }

    /// Replaces `frame`'s picture by its SDR BT.709 conversion when it needs one.
    /// - Throws: `.io` naming the file when FFmpeg's filters refuse it.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        guard Self.isNeeded(for: frame) else { return }
        if graph == nil { try build(for: frame) }
        try MediaError.check(av_buffersrc_add_frame_flags(source, frame, 0), "convert the colours of", file)
        try MediaError.check(av_buffersink_get_frame(sink, frame), "convert the colours of", file)
    }

    /// The filter chain for pictures like `frame`.
    private func build(for frame: UnsafeMutablePointer<AVFrame>) throws {
        let picture = frame.pointee
        let aspect = picture.sample_aspect_ratio.num > 0 ? picture.sample_aspect_ratio : AVRational(num: 1, den: 1)
        var chain = ["buffer=video_size=\(picture.width)x\(picture.height):pix_fmt=\(picture.format):time_base=1/1"
                         + ":pixel_aspect=\(aspect.num)/\(aspect.den)"]
        switch (Self.isWide(frame), hdr) {
        case (true, .toSDR(let toneMapping)):
            chain += ["zscale=t=linear:npl=100", "format=gbrpf32le", "zscale=p=bt709"]
            if Self.isHDR(picture.color_trc) {
                chain.append("tonemap=\(toneMapping.rawValue):desat=0:peak=\(Self.peak(of: frame))")
            }
            chain += ["zscale=t=bt709:m=bt709:r=tv:d=error_diffusion", "format=yuv420p"]
        case (true, .keep):
            chain += ["zscale=d=error_diffusion", "format=gbrp"]
        case (false, _):
            chain += ["zscale=d=error_diffusion", "format=yuv420p"]
        }
        chain.append("buffersink")
        guard let graph = avfilter_graph_alloc() else { throw SegueError(.outOfMemory, "cannot decode '\(file)': out of memory") }
        self.graph = graph
        try MediaError.check(avfilter_graph_parse_ptr(graph, chain.joined(separator: ","), nil, nil, nil),
                             "set up the colour conversion of", file)
        try MediaError.check(avfilter_graph_config(graph, nil), "set up the colour conversion of", file)
        let filters = UnsafeBufferPointer(start: graph.pointee.filters, count: Int(graph.pointee.nb_filters))
        source = filters.first { String(cString: $0!.pointee.filter.pointee.name) == "buffer" } ?? nil
        sink = filters.first { String(cString: $0!.pointee.filter.pointee.name) == "buffersink" } ?? nil
    }

    /// The peak an HDR picture's highlights are mapped from, over the SDR white (see `defaultPeak`).
    private static func peak(of frame: UnsafeMutablePointer<AVFrame>) -> Double {
        guard frame.pointee.color_trc == AVCOL_TRC_SMPTE2084,
              let side = av_frame_get_side_data(frame, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL) else { return defaultPeak }
        let maxCLL = side.pointee.data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { $0.pointee.MaxCLL }
        return maxCLL > 0 ? Double(maxCLL) / 100 : defaultPeak
    }
}
