import CAV
import SegueBasics

/// A file's sound as interleaved 32-bit float samples at one rate and channel
/// count (resampled by libswresample), addressed by sample number from the
/// file's start: sound that starts late is preceded by silence, and reading
/// past the end gives silence. Read forward. `[one thread per instance]`
public final class AudioReader {
    public private(set) var format: AudioFormat
    private let decoder: StreamDecoder
    private var resampler: OpaquePointer?
    /// Decoded, resampled samples not yet read, and the number of the first of them.
    private var buffered: [Float] = []
    private var bufferedStart = 0
    private var isPositioned = false
    private var isAtEnd = false

    init(_ demuxer: Demuxer, stream: UnsafeMutablePointer<AVStream>, format: AudioFormat) throws {
        self.format = format
        decoder = try StreamDecoder(demuxer, stream: stream)
        let codec = decoder.codec
        if codec.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&codec.pointee.ch_layout, codec.pointee.ch_layout.nb_channels)
        }
        try makeResampler()
    }

    /// A resampler from the decoded sound to `format`.
    private func makeResampler() throws {
        swr_free(&resampler)
        var output = AVChannelLayout()
        av_channel_layout_default(&output, Int32(format.channels))
        let codec = decoder.codec
        let status = swr_alloc_set_opts2(&resampler, &output, AV_SAMPLE_FMT_FLT, Int32(format.sampleRate),
                                         &codec.pointee.ch_layout, codec.pointee.sample_fmt, codec.pointee.sample_rate,
                                         0, nil)
        try MediaError.check(status, "resample the sound of", decoder.demuxer.path)
        try MediaError.check(swr_init(resampler), "resample the sound of", decoder.demuxer.path)
    }

    /// How many channels the file's sound has.
    public var sourceChannels: Int { Int(decoder.codec.pointee.ch_layout.nb_channels) }

    /// Gives the samples in `format` from now on; before the first read only.
    /// - Throws: `.io` naming the file when its sound cannot be resampled so.
    public func convert(to format: AudioFormat) throws {
        precondition(!isPositioned, "the sound's format changes before it is read")
        guard format != self.format else { return }
        self.format = format
        try makeResampler()
    }

    deinit { swr_free(&resampler) }

    /// Starts again from the packets that follow a seek of the file: the
    /// next decoded frame's time places the sound once more.
    func restart() throws {
        decoder.flush()
        try MediaError.check(swr_init(resampler), "resample the sound of", decoder.demuxer.path)
        buffered = []
        bufferedStart = 0
        isPositioned = false
        isAtEnd = false
    }

    /// Writes samples `start ..< start + count` (per channel) into `output`
    /// (count × channels floats). `start` must not go back.
    /// - Throws: `.io` naming the file and time when the sound cannot be decoded.
    public func read(from start: Int, count: Int, into output: UnsafeMutablePointer<Float>) throws {
        let channels = format.channels
        while !isAtEnd && bufferedStart + buffered.count / channels < start + count {
            try decodeMore()
        }
        // Drop what lies before `start`.
        let drop = min(max(0, start - bufferedStart) * channels, buffered.count)
        if drop > 0 {
            buffered.removeFirst(drop)
            bufferedStart += drop / channels
        }
        for index in 0..<count {
            let sample = start + index - bufferedStart
            for channel in 0..<channels {
                let position = sample * channels + channel
                output[index * channels + channel] = sample >= 0 && position < buffered.count ? buffered[position] : 0
            }
        }
    }

    /// Decodes one more frame and appends its resampled samples.
    private func decodeMore() throws {
        guard let frame = try decoder.next() else {
            try flushResampler()
            isAtEnd = true
            return
        }
        if !isPositioned {
            // The first frame's time places the sound: silence before it, or samples cut before 0.
            isPositioned = true
            let seconds = decoder.seconds(of: frame) ?? 0
            bufferedStart = Int((seconds * Double(format.sampleRate)).rounded())
        }
        let inputCount = frame.pointee.nb_samples
        let capacity = Int(swr_get_out_samples(resampler, inputCount))
        guard capacity > 0 else { return }
        let channels = format.channels
        var chunk = [Float](repeating: 0, count: capacity * channels)
        let produced = chunk.withUnsafeMutableBytes { bytes -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return withUnsafeMutablePointer(to: &out) { outPointer in
                frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { input in
                    swr_convert(resampler, outPointer, Int32(capacity), input, inputCount)
                }
            }
        }
        try MediaError.check(produced, "resample the sound of", decoder.demuxer.path)
        buffered.append(contentsOf: chunk.prefix(Int(produced) * channels))
    }

    private func flushResampler() throws {
        let capacity = Int(swr_get_out_samples(resampler, 0))
        guard capacity > 0 else { return }
        var chunk = [Float](repeating: 0, count: capacity * format.channels)
        let produced = chunk.withUnsafeMutableBytes { bytes -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return swr_convert(resampler, &out, Int32(capacity), nil, 0)
        }
        if produced > 0 { buffered.append(contentsOf: chunk.prefix(Int(produced) * format.channels)) }
    }
}

extension AudioReader {
    /// `path`'s sound alone, through a demuxer of its own, so that the
    /// file's pictures, when nobody decodes them, are not kept waiting in
    /// memory; nil when the file has no sound.
    /// - Throws: `.io` naming the file when it cannot be read.
    public static func open(path: String, format: AudioFormat) throws -> AudioReader? {
        let demuxer = try Demuxer(path: path)
        return try demuxer.bestStream(AVMEDIA_TYPE_AUDIO).map { try AudioReader(demuxer, stream: $0, format: format) }
    }
}
