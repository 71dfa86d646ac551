import CAV
import Glibc
import SegueBasics

/// Dolby Vision in a clip: its configuration record (`dvcC`/`dvvC` in MP4,
/// the stream's `AV_PKT_DATA_DOVI_CONF`) and, in each picture, RPU metadata
/// (NAL units of type 62) and perhaps an enhancement layer (type 63) over a
/// base layer that HDR10, HLG or SDR players show. Segue keeps the base
/// layer and drops the rest, saying so: FFmpeg's encoders write no RPU, so
/// the junctions' pictures would have none, and a copied picture's RPU
/// describes a grade that an output without the record never applies.
/// A stream whose base layer no other player shows (profile 5's IPTPQc2,
/// which only Dolby Vision decoders turn into colours) is refused rather
/// than shown in wrong ones.
struct DolbyVision: Sendable {
    let profile: Int
    /// Which signal the base layer is (`dv_bl_signal_compatibility_id`): 0
    /// none another player shows, 1 HDR10, 2 SDR, 4 HLG, 6 BT.2100 PQ.
    let compatibility: Int
    /// What the base layer holds, as the note names it: "HLG", "HDR10" or "SDR".
    let baseLayer: String

    /// The NAL unit types Dolby Vision adds to HEVC pictures: RPU, enhancement layer.
    /// (H.264's profile 9 uses others; such clips are not copied, see `SmartRendering`.)
    static let unitTypes: ClosedRange<UInt8> = 62...63

    /// The stream's Dolby Vision; nil when it has none.
    /// - Throws: `.io` naming `file` when its pictures have no base layer another player shows.
    init?(_ stream: UnsafeMutablePointer<AVStream>, file: String) throws {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DOVI_CONF, &size),
              size >= MemoryLayout<AVDOVIDecoderConfigurationRecord>.size else { return nil }
        let record = UnsafeRawPointer(data).loadUnaligned(as: AVDOVIDecoderConfigurationRecord.self)
        profile = Int(record.dv_profile)
        compatibility = Int(record.dv_bl_signal_compatibility_id)
        switch stream.pointee.codecpar.pointee.color_trc {
        case AVCOL_TRC_ARIB_STD_B67: baseLayer = "HLG"
        case AVCOL_TRC_SMPTE2084: baseLayer = "HDR10"
        default: baseLayer = "SDR"
        }
        guard compatibility != 0 else {
            throw SegueError(.io, "cannot read '\(file)': it is Dolby Vision profile \(profile), whose pictures "
                                  + "only a Dolby Vision decoder turns into colours (no HDR10, HLG or SDR base layer)")
        }
    }

    /// The line a command says about the clip, naming the profile as phones
    /// do ("8.4": profile 8 over an HLG base layer).
    var note: String {
        "Dolby Vision profile \(profile).\(compatibility): its metadata is dropped and its \(baseLayer) picture kept"
    }

    /// Removes the Dolby Vision NAL units from an HEVC MP4 sample framed by
    /// `lengthSize`-byte lengths, in place (the packet is made writable
    /// first); the HEVC picture beneath stays byte for byte.
    /// - Throws: `.io` naming `file` when the sample's units do not add up.
    static func strip(_ packet: UnsafeMutablePointer<AVPacket>, lengthSize: Int, file: String) throws {
        guard packet.pointee.size > 0 else { return }
        guard av_packet_make_writable(packet) >= 0, let data = packet.pointee.data else {
            throw SegueError(.outOfMemory, "cannot copy the pictures of '\(file)': out of memory")
        }
        let size = Int(packet.pointee.size)
        var read = 0, written = 0
        while read < size {
            guard read + lengthSize <= size else {
                throw SegueError(.io, "cannot copy the pictures of '\(file)': a picture's NAL units do not add up")
            }
            let length = (0..<lengthSize).reduce(0) { $0 << 8 | Int(data[read + $1]) }
            let end = read + lengthSize + length
            guard length > 0, end <= size else {
                throw SegueError(.io, "cannot copy the pictures of '\(file)': a picture's NAL units do not add up")
            }
            if !unitTypes.contains(data[read + lengthSize] >> 1 & 0x3F) {
                if written != read { memmove(data + written, data + read, end - read) }
                written += end - read
            }
            read = end
        }
        av_shrink_packet(packet, Int32(written))
    }
}
