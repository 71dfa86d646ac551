import CAV
import SegueBasics
import Glibc

/// An open media file and its packets, read in file order and handed out
/// per stream: a packet of one stream read while looking for another's
/// waits in that stream's queue, so the video and audio decoders of one
/// file (or of standard input, which can be read only once) pull
/// independently. `[one thread per instance]`
final class Demuxer {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>
    private var queues: [Int32: [UnsafeMutablePointer<AVPacket>]] = [:]
    /// Streams someone reads; packets of the others are dropped at once.
    private var wanted: Set<Int32> = []
    private var isAtEnd = false
    /// The time of the last packet read, for messages about what follows it.
    private var lastTime: Double?

    /// Opens `path` (`-` is standard input) and reads enough to know its streams.
    /// - Throws: `.io` naming the file and FFmpeg's reason, or why FFmpeg's libraries could not be loaded.
    init(path: String) throws {
        try FFmpegLibraries.load()
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>?
        let url = path == "-" ? "pipe:0" : path
        try MediaError.check(avformat_open_input(&context, url, nil, nil), "open", path)
        guard let context else { throw SegueError(.io, "cannot open '\(path)'") }
        self.context = context
        do {
            try MediaError.check(avformat_find_stream_info(context, nil), "read the streams of", path)
        } catch {
            var pointer: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&pointer)
            throw error
        }
    }

    deinit {
        for queue in queues.values { queue.forEach(release) }
        var pointer: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&pointer)
    }

    /// The best stream of a kind, or nil.
    func bestStream(_ type: AVMediaType) -> UnsafeMutablePointer<AVStream>? {
        let index = av_find_best_stream(context, type, -1, -1, nil, 0)
        guard index >= 0 else { return nil }
        return context.pointee.streams[Int(index)]
    }

    /// Marks a stream as read, so its packets are kept for `next(for:)`.
    func want(_ stream: Int32) { wanted.insert(stream) }

    /// Seconds where the file's time starts (its first timestamp), 0 when unknown.
    var startSeconds: Double {
        let start = context.pointee.start_time
        return start == segue_av_nopts_value() ? 0 : Double(start) / Double(AV_TIME_BASE)
    }

    /// The error for a packet the decoder refused (`code`), naming where: the
    /// packet's `time` (from the file's start), or after the last packet read;
    /// and, when every byte of the file had been read and its data ended
    /// before the length it declares, that it is cut short, and where.
    func decodingError(_ code: Int32, at time: Double?) -> SegueError {
        let reason = MediaError.text(code)
        if let end = lastTime, let pb = context.pointee.pb, pb.pointee.seekable != 0 {
            let size = avio_size(pb), duration = context.pointee.duration
            let declared = duration == segue_av_nopts_value() ? Double.nan : Double(duration) / Double(AV_TIME_BASE)
            if size > 0, avio_seek(pb, 0, SEEK_CUR) >= size, declared > end {
                return SegueError(.io, "cannot decode '\(path)': the file is cut short, its data ending at "
                                      + "\(Seconds.text(end)) of the \(Seconds.text(declared)) it declares (\(reason))")
            }
        }
        let place = time.map { " at \(Seconds.text($0))" } ?? lastTime.map { " after \(Seconds.text($0))" } ?? ""
        return SegueError(.io, "cannot decode '\(path)'\(place): \(reason)")
    }

    /// Moves reading to `stream`'s last keyframe at or before `seconds`
    /// (from the file's start) as the file's index knows it, dropping the
    /// packets queued for every stream: their decoders must be flushed.
    /// Returns false, reading on where it was, when the file cannot seek
    /// (standard input, say) or its format has no seeking of its own (a raw
    /// H.264 stream: FFmpeg's generic seek by bytes gives its frames after it
    /// times that only counting from the start would give).
    func seek(_ stream: UnsafeMutablePointer<AVStream>, to seconds: Double) -> Bool {
        let tick = av_q2d(stream.pointee.time_base)
        let seeks = context.pointee.iformat.map { $0.pointee.read_seek != nil || $0.pointee.read_seek2 != nil } ?? false
        guard tick > 0, seeks, context.pointee.pb.map({ $0.pointee.seekable != 0 }) ?? false else { return false }
        let timestamp = Int64(((max(0, seconds) + startSeconds) / tick).rounded(.down))
        guard av_seek_frame(context, stream.pointee.index, timestamp, AVSEEK_FLAG_BACKWARD) >= 0 else { return false }
        for queue in queues.values { queue.forEach(release) }
        queues = [:]
        isAtEnd = false
        return true
    }

    /// Gives back a packet `next(for:)` handed out, to be handed out again first.
    func pushBack(_ packet: UnsafeMutablePointer<AVPacket>) {
        queues[packet.pointee.stream_index, default: []].insert(packet, at: 0)
    }

    /// The next packet of `stream`, owned by the caller (free it with
    /// `release`), or nil at the end of the file.
    /// - Throws: `.io` naming the file when reading fails other than at its end.
    func next(for stream: Int32) throws -> UnsafeMutablePointer<AVPacket>? {
        while true {
            if var queue = queues[stream], !queue.isEmpty {
                let packet = queue.removeFirst()
                queues[stream] = queue
                return packet
            }
            if isAtEnd { return nil }
            guard let packet = av_packet_alloc() else { throw SegueError(.outOfMemory, "cannot read '\(path)': out of memory") }
            let status = av_read_frame(context, packet)
            if status < 0 {
                release(packet)
                isAtEnd = true
                if status == segue_averror_eof() { return nil }
                // A read error in mid-file ends the file for every stream, at the time it names.
                let place = lastTime.map { " after \(Seconds.text($0))" } ?? ""
                throw SegueError(.io, "cannot read '\(path)'\(place): \(MediaError.text(status))")
            }
            let index = packet.pointee.stream_index
            let pts = packet.pointee.pts == segue_av_nopts_value() ? packet.pointee.dts : packet.pointee.pts
            if pts != segue_av_nopts_value(), index >= 0, index < Int32(context.pointee.nb_streams) {
                lastTime = Double(pts) * av_q2d(context.pointee.streams[Int(index)]!.pointee.time_base) - startSeconds
            }
            if index == stream { return packet }
            if wanted.contains(index) {
                queues[index, default: []].append(packet)
            } else {
                release(packet)
            }
        }
    }
}
