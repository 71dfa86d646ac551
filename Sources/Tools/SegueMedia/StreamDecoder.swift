import CAV
import SegueBasics

/// One stream's decoder: packets from the demuxer in, frames out, through
/// FFmpeg's send/receive loop, drained at the end of the file.
///
/// A packet the decoder refuses stops decoding with an error that names the
/// file and the packet's time; damage the decoder conceals itself (as
/// `ffmpeg` would) passes. `[one thread per instance]`
final class StreamDecoder {
    let demuxer: Demuxer
    let stream: UnsafeMutablePointer<AVStream>
    let codec: UnsafeMutablePointer<AVCodecContext>
    private let frame: UnsafeMutablePointer<AVFrame>
    private var isDraining = false
    private var isFinished = false

    /// - Throws: `.unsupported`-style `.io` naming the file when no decoder exists for the stream.
    init(_ demuxer: Demuxer, stream: UnsafeMutablePointer<AVStream>, threads: Int32 = 0) throws {
        self.demuxer = demuxer
        self.stream = stream
        let parameters = stream.pointee.codecpar!
        let id = parameters.pointee.codec_id
        guard let decoder = Self.decoder(for: id, parameters: parameters) else {
            throw SegueError(.io, "cannot decode '\(demuxer.path)': no decoder for \(String(cString: avcodec_get_name(id)))")
        }
        guard let codec = avcodec_alloc_context3(decoder), let frame = av_frame_alloc() else {
            throw SegueError(.outOfMemory, "cannot decode '\(demuxer.path)': out of memory")
        }
        self.codec = codec
        self.frame = frame
        avcodec_parameters_to_context(codec, parameters)
        codec.pointee.pkt_timebase = stream.pointee.time_base
        codec.pointee.thread_count = threads
        try MediaError.check(avcodec_open2(codec, decoder, nil), "open the decoder of", demuxer.path)
        demuxer.want(stream.pointee.index)
    }

    /// libvpx's VP8/VP9 decoders read the alpha that WebM carries beside the
    /// picture; FFmpeg's own VP9 decoder drops it.
    private static func decoder(for id: AVCodecID, parameters: UnsafeMutablePointer<AVCodecParameters>)
        -> UnsafePointer<AVCodec>? {
        if id == AV_CODEC_ID_VP9, let libvpx = avcodec_find_decoder_by_name("libvpx-vp9") { return libvpx }
        if id == AV_CODEC_ID_VP8, let libvpx = avcodec_find_decoder_by_name("libvpx") { return libvpx }
        return avcodec_find_decoder(id)
    }

    deinit {
        var codecPointer: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&codecPointer)
        release(frame)
    }

    /// Forgets every packet and frame in flight, after the demuxer has sought.
    func flush() {
        avcodec_flush_buffers(codec)
        isDraining = false
        isFinished = false
    }

    /// Seconds per tick of the stream's timestamps.
    var timeBase: Double { av_q2d(stream.pointee.time_base) }

    /// The next decoded frame (valid until the next call), or nil at the end.
    /// - Throws: `.io` naming the file and the time where decoding failed.
    func next() throws -> UnsafeMutablePointer<AVFrame>? {
        while !isFinished {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 { return frame }
            if received == segue_averror_eof() { isFinished = true; break }
            guard received == segue_averror_eagain() else { throw demuxer.decodingError(received, at: nil) }
            if isDraining { isFinished = true; break }
            guard let packet = try demuxer.next(for: stream.pointee.index) else {
                isDraining = true
                avcodec_send_packet(codec, nil)
                continue
            }
            defer { release(packet) }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0 && sent != segue_averror_eagain() {
                let pts = packet.pointee.pts == segue_av_nopts_value() ? packet.pointee.dts : packet.pointee.pts
                throw demuxer.decodingError(sent, at: pts == segue_av_nopts_value() ? nil
                                                               : Double(pts) * timeBase - demuxer.startSeconds)
            }
        }
        return nil
    }

    /// A frame's time in seconds from the file's start, or nil when it has none.
    func seconds(of frame: UnsafeMutablePointer<AVFrame>) -> Double? {
        let pts = frame.pointee.best_effort_timestamp
        guard pts != segue_av_nopts_value() else { return nil }
        return Double(pts) * timeBase - demuxer.startSeconds
    }
}
