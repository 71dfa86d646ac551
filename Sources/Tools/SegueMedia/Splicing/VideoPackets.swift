import CAV
import SegueBasics

/// A video's coded pictures, read without decoding: each packet's
/// timestamps and flags in decode order, where a decoder can start afresh,
/// and the stream's properties a spliced output must share. What smart
/// rendering plans from. `[one thread per instance]`
public final class VideoPackets {
    /// One coded picture.
    public struct Packet: Sendable {
        /// Presentation and decode timestamps, in ticks of the stream's time base.
        public let pts: Int64, dts: Int64
        /// Seconds from the file's start at which the picture is shown, as a decoder times it.
        public let time: Double
        /// A decoder can start here with nothing before it: an IDR picture
        /// (an intra random access point in HEVC) that no later picture
        /// precedes in display order.
        public let isCleanStart: Bool
        /// The container marks it to be decoded but not shown, or damaged.
        public let isHiddenOrDamaged: Bool
    }

    /// What must be equal between a copied clip and the output it goes into.
    public struct Format: Equatable, Sendable {
        public let codec: String
        public let profile: Int32, level: Int32
        public let width: Int32, height: Int32
        public let sampleAspect: String
        public let pixelFormat: String
        public let colours: String
        /// Whether the pictures are HDR or BT.2020, which Segue converts to SDR BT.709 (see `ColourConversion`).
        public let isConverted: Bool
        public let isInterlaced: Bool
        /// The parameter sets: copied pictures refer to them by id.
        let parameterSets: ParameterSets?

        /// Whether the stream carries its parameter sets as MP4 does (not a raw Annex B stream).
        public var hasParameterSets: Bool { parameterSets != nil }
        /// Whether pictures of both streams refer to the same parameter sets.
        public func sharesParameterSets(with other: Format) -> Bool { parameterSets == other.parameterSets }
    }

    public let path: String
    public let format: Format
    public let packets: [Packet]
    /// Runs of packets in decode order, each starting at a clean start and
    /// ending before the next: the units that can be copied whole.
    public let groups: [Range<Int>]
    /// Keyframes that cannot start a copy (non-IDR I pictures, open GOPs).
    public let uncleanKeyframes: Int
    /// Whether every picture lasts as long as the others (to the rounding of its timestamps).
    public let isConstantRate: Bool
    /// The constant quality libx264 or libx265 encoded the stream at, as the
    /// encoder's own note in its first picture says ("crf=23.0"); nil when
    /// it has none (a camera's encoder, say).
    public private(set) var encoderQuality: Double?
    /// Whether the stream carries Dolby Vision, whose NAL units copying drops (HEVC).
    public let hasDolbyVision: Bool
    /// The stream's codec parameters, for an output that copies it.
    let parameters: UnsafeMutablePointer<AVCodecParameters>
    let timeBase: AVRational
    /// Seconds where the file's time starts.
    let startSeconds: Double

    /// Reads every packet of `path`'s video stream.
    /// - Throws: `.io` naming the file when it cannot be read.
    public init(path: String) throws {
        let demuxer = try Demuxer(path: path)
        guard let stream = demuxer.bestStream(AVMEDIA_TYPE_VIDEO) else {
            throw SegueError(.io, "cannot read '\(path)' as a video: it holds no picture")
        }
        self.path = path
        timeBase = stream.pointee.time_base
        startSeconds = demuxer.startSeconds
        guard let parameters = avcodec_parameters_alloc() else {
            throw SegueError(.outOfMemory, "cannot read '\(path)': out of memory")
        }
        avcodec_parameters_copy(parameters, stream.pointee.codecpar)
        self.parameters = parameters
        hasDolbyVision = try DolbyVision(stream, file: path) != nil
        let codecpar = stream.pointee.codecpar.pointee
        let extradata = codecpar.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(codecpar.extradata_size))) } ?? []
        let parameterSets = ParameterSets(codec: codecpar.codec_id, extradata: extradata)
        let sar = codecpar.sample_aspect_ratio
        let pixelName = av_get_pix_fmt_name(AVPixelFormat(codecpar.format)).map { String(cString: $0) } ?? "unknown"
        format = Format(codec: String(cString: avcodec_get_name(codecpar.codec_id)), profile: codecpar.profile,
                        level: codecpar.level, width: codecpar.width, height: codecpar.height,
                        sampleAspect: sar.num == 0 || sar.num == sar.den ? "1:1" : "\(sar.num):\(sar.den)",
                        pixelFormat: pixelName,
                        colours: "\(codecpar.color_primaries.rawValue)/\(codecpar.color_trc.rawValue)/"
                            + "\(codecpar.color_space.rawValue)/\(codecpar.color_range.rawValue)",
                        isConverted: ColourConversion.isHDR(codecpar.color_trc) || codecpar.color_primaries == AVCOL_PRI_BT2020,
                        isInterlaced: ![AV_FIELD_UNKNOWN, AV_FIELD_PROGRESSIVE].contains(codecpar.field_order),
                        parameterSets: parameterSets)

        let index = stream.pointee.index
        demuxer.want(index)
        let tick = av_q2d(stream.pointee.time_base), start = demuxer.startSeconds
        var read: [(pts: Int64, dts: Int64, isKey: Bool, startsAfresh: Bool, hidden: Bool)] = []
        while let packet = try demuxer.next(for: index) {
            defer { release(packet) }
            let p = packet.pointee
            let pts = p.pts == segue_av_nopts_value() ? p.dts : p.pts
            var startsAfresh = false
            if p.flags & AV_PKT_FLAG_KEY != 0, let parameterSets, let data = p.data {
                let units = H264Syntax.units(lengthPrefixed: UnsafeBufferPointer(start: data, count: Int(p.size)),
                                             lengthSize: parameterSets.lengthSize)
                startsAfresh = units.map(parameterSets.isRandomAccess) ?? false
            }
            if read.isEmpty, let data = p.data {
                encoderQuality = Self.quality(noted: UnsafeBufferPointer(start: data, count: Int(p.size)))
            }
            let hidden = p.flags & (AV_PKT_FLAG_DISCARD | AV_PKT_FLAG_CORRUPT) != 0 || pts == segue_av_nopts_value()
                || p.dts == segue_av_nopts_value()
            read.append((pts, p.dts, p.flags & AV_PKT_FLAG_KEY != 0, startsAfresh, hidden))
        }
        // A clean start is shown before every picture decoded after it: no
        // leading pictures (an open GOP's), which would refer to pictures before it.
        var laterMinimum = Int64.max
        var clean = [Bool](repeating: false, count: read.count)
        for n in read.indices.reversed() {
            clean[n] = read[n].startsAfresh && read[n].pts < laterMinimum && !read[n].hidden
            laterMinimum = min(laterMinimum, read[n].pts)
        }
        packets = read.indices.map { n in
            Packet(pts: read[n].pts, dts: read[n].dts, time: Double(read[n].pts) * tick - start, isCleanStart: clean[n],
                   isHiddenOrDamaged: read[n].hidden)
        }
        let starts = read.indices.filter { clean[$0] }
        groups = starts.indices.map { n in starts[n]..<(n + 1 < starts.count ? starts[n + 1] : read.count) }
        uncleanKeyframes = read.indices.filter { read[$0].isKey && !clean[$0] }.count
        let shown = read.map(\.pts).sorted()
        let steps = zip(shown.dropFirst(), shown).map { $0 - $1 }
        // Steps one tick apart are the rounding of a constant rate only where a tick is a small part of a step.
        let (shortest, longest) = (steps.min() ?? 0, steps.max() ?? 0)
        isConstantRate = shortest == longest || (longest - shortest <= 1 && 20 <= shortest)
    }

    /// The `crf=` of the settings libx264 and libx265 write as text into a
    /// stream's first picture (an unregistered user-data SEI message).
    private static func quality(noted bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let text = String(decoding: bytes.prefix(4096).map { $0 >= 32 && $0 < 127 ? $0 : 32 }, as: UTF8.self)
        guard text.contains("x264 - core") || text.contains("x265") else { return nil }
        let settings = text.split(separator: " ")
        guard let crf = settings.first(where: { $0.hasPrefix("crf=") }) else { return nil }
        return Double(crf.dropFirst(4)).flatMap { (0...51).contains($0) ? $0 : nil }
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVCodecParameters>? = parameters
        avcodec_parameters_free(&pointer)
    }
}

/// A stream's parameter sets, as MP4 and Matroska carry them.
enum ParameterSets: Equatable {
    case h264(H264Syntax.Configuration)
    case hevc(HEVCSyntax.Configuration)

    /// The record in `extradata` for H.264 or HEVC; nil for other codecs and raw streams.
    init?(codec: AVCodecID, extradata: [UInt8]) {
        switch codec {
        case AV_CODEC_ID_H264: guard let record = H264Syntax.Configuration(extradata) else { return nil }; self = .h264(record)
        case AV_CODEC_ID_HEVC: guard let record = HEVCSyntax.Configuration(extradata) else { return nil }; self = .hevc(record)
        default: return nil
        }
    }

    /// The size of the length before each NAL unit of a sample.
    var lengthSize: Int {
        switch self {
        case .h264(let record): return record.lengthSize
        case .hevc(let record): return record.lengthSize
        }
    }

    /// Whether a sample of these NAL units can start decoding: an IDR
    /// picture in H.264, an intra random access point in HEVC.
    func isRandomAccess(_ units: [ArraySlice<UInt8>]) -> Bool {
        switch self {
        case .h264: return units.contains { H264Syntax.type(of: $0) == H264Syntax.idrSlice }
        case .hevc: return units.contains { HEVCSyntax.randomAccessPoints.contains(HEVCSyntax.type(of: $0)) }
        }
    }
}

/// A clip's packets read again for copying, in decode order, from any
/// group on: reading moves there by seeking (or from the file's start, when
/// the file's index lands past it). `[one thread per instance]`
public final class PacketReader {
    private let index: VideoPackets
    private let demuxer: Demuxer
    private let stream: UnsafeMutablePointer<AVStream>
    /// The index of the packet `next` reads, when known.
    private var position: Int?

    public init(_ index: VideoPackets) throws {
        self.index = index
        demuxer = try Demuxer(path: index.path)
        guard let stream = demuxer.bestStream(AVMEDIA_TYPE_VIDEO) else {
            throw SegueError(.io, "cannot read '\(index.path)' again: its video stream is gone")
        }
        self.stream = stream
        demuxer.want(stream.pointee.index)
    }

    /// Writes packet `n` of the index into `writer`, shown as its frame
    /// `shownAt`, without any Dolby Vision units (see `DolbyVision`).
    /// - Throws: `.io` naming the file when it cannot be read, or no longer
    ///   holds the packet where it was (it changed since it was indexed).
    public func copy(_ n: Int, to writer: MediaWriter, shownAt: Int) throws {
        let packet = try packet(n)
        defer { release(packet) }
        if index.hasDolbyVision, case .hevc(let record)? = index.format.parameterSets {
            try DolbyVision.strip(packet, lengthSize: record.lengthSize, file: index.path)
        }
        try writer.write(copiedPacket: packet, shownAt: Int64(shownAt))
    }

    /// Packet `n` of the index, owned by the caller (free it with `release`).
    private func packet(_ n: Int) throws -> UnsafeMutablePointer<AVPacket> {
        let wanted = index.packets[n]
        if position != n {
            let tick = av_q2d(index.timeBase)
            _ = demuxer.seek(stream, to: Double(wanted.dts) * tick - index.startSeconds)
            if try !skip(to: wanted) {
                guard demuxer.seek(stream, to: -1e9), try skip(to: wanted) else {
                    throw SegueError(.io, "cannot read '\(index.path)' again: its picture at "
                                          + "\(Seconds.text(wanted.time)) is gone (has the file changed?)")
                }
            }
        }
        guard let packet = try demuxer.next(for: stream.pointee.index) else {
            throw SegueError(.io, "cannot read '\(index.path)' again: it ends before \(Seconds.text(wanted.time))")
        }
        let pts = packet.pointee.pts == segue_av_nopts_value() ? packet.pointee.dts : packet.pointee.pts
        guard pts == wanted.pts, packet.pointee.dts == wanted.dts else {
            release(packet)
            throw SegueError(.io, "cannot read '\(index.path)' again: its pictures near \(Seconds.text(wanted.time)) "
                                  + "have changed since it was read")
        }
        position = n + 1
        return packet
    }

    /// Reads up to the packet with `wanted`'s timestamps, leaving it next;
    /// false when reading passes it or ends.
    private func skip(to wanted: VideoPackets.Packet) throws -> Bool {
        position = nil
        while let packet = try demuxer.next(for: stream.pointee.index) {
            let pts = packet.pointee.pts == segue_av_nopts_value() ? packet.pointee.dts : packet.pointee.pts
            if pts == wanted.pts && packet.pointee.dts == wanted.dts {
                demuxer.pushBack(packet)
                return true
            }
            let isPast = packet.pointee.dts > wanted.dts
            release(packet)
            if isPast { return false }
        }
        return false
    }
}
