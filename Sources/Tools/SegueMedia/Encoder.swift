import CAV
import SegueBasics

/// One stream's encoder: frames in, packets out through FFmpeg's
/// send/receive loop. `[one thread per instance]`
final class Encoder {
    let codec: UnsafeMutablePointer<AVCodecContext>

    /// Opens `encoder` after `configure` has set up its context; with
    /// `globalHeader`, its parameter sets go into the context's extradata
    /// rather than into the stream (as MP4 and Matroska want them).
    /// - Throws: `.invalidArgument` naming the encoder and `file` when it refuses the settings.
    init(codec encoder: UnsafePointer<AVCodec>, file: String, globalHeader: Bool,
         configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void) throws {
        guard let codec = avcodec_alloc_context3(encoder) else {
            throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory")
        }
        self.codec = codec
        try configure(codec)
        if globalHeader { codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        let name = String(cString: encoder.pointee.name)
        let opened = avcodec_open2(codec, encoder, nil)
        guard opened >= 0 else {
            throw SegueError.invalidArgument("the \(name) encoder refuses these settings for '\(file)': \(MediaError.text(opened))")
        }
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&pointer)
    }

    /// What the encoder put in its context's extradata (its global header).
    var extradata: [UInt8] {
        guard let data = codec.pointee.extradata else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(codec.pointee.extradata_size)))
    }

    /// Sends a frame (nil: the end) and hands every packet that comes out to
    /// `deliver`, in the codec's time base; the packet is reused afterwards.
    func send(_ frame: UnsafeMutablePointer<AVFrame>?, file: String,
              deliver: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        try MediaError.check(avcodec_send_frame(codec, frame), "encode", file)
        guard let packet = av_packet_alloc() else { throw SegueError(.outOfMemory, "cannot write '\(file)': out of memory") }
        defer { release(packet) }
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == segue_averror_eagain() || status == segue_averror_eof() { return }
            try MediaError.check(status, "encode", file)
            // A picture lasts one tick of the codec's 1/fps time base; without it the
            // container's edit list would end at the last frame's start and drop it.
            if codec.pointee.codec_type == AVMEDIA_TYPE_VIDEO && packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            try deliver(packet)
            av_packet_unref(packet)
        }
    }
}
