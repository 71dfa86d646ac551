import SegueBasics
import SegueMedia

/// Output sound made of clips' sounds, each placed in time with a gain that
/// follows the transitions it takes part in.
struct SoundMix {
    /// One clip's sound in the output.
    struct Voice {
        /// The clip's sound, asked for when the voice sounds (its clip may open only then).
        let reader: () throws -> AudioReader?
        /// The output sample at which the clip's sample `sourceStart` plays.
        let outputStart: Int
        let sourceStart: Int
        /// The output samples where it sounds.
        let range: Range<Int>
        /// Its gain at an output sample.
        let gain: (Int) -> Float
    }

    let format: AudioFormat
    let voices: [Voice]

    /// The interleaved samples that go with output frame `index` at `rate`:
    /// frames share the samples out so that no rounding accumulates.
    func samples(ofFrame index: Int, frameRate rate: FrameRate) throws -> [Float] {
        let samples = format.sampleRate
        return try mix(rate.tick(ofFrame: index, ticksPerSecond: samples)..<rate.tick(ofFrame: index + 1, ticksPerSecond: samples))
    }

    /// Output samples `range`, interleaved.
    private func mix(_ range: Range<Int>) throws -> [Float] {
        let channels = format.channels
        var output = [Float](repeating: 0, count: range.count * channels)
        var scratch: [Float] = []
        for voice in voices {
            let overlap = range.clamped(to: voice.range)
            guard !overlap.isEmpty else { continue }
            guard let reader = try voice.reader() else { continue }
            scratch = [Float](repeating: 0, count: overlap.count * channels)
            try scratch.withUnsafeMutableBufferPointer { buffer in
                try reader.read(from: voice.sourceStart + overlap.lowerBound - voice.outputStart,
                                      count: overlap.count, into: buffer.baseAddress!)
            }
            for (index, sample) in overlap.enumerated() {
                let gain = voice.gain(sample)
                let base = (sample - range.lowerBound) * channels
                for channel in 0..<channels {
                    output[base + channel] += gain * scratch[index * channels + channel]
                }
            }
        }
        return output
    }
}

/// Each clip's sound read apart from its pictures, through a demuxer of its
/// own (see `AudioReader.open`), so that it can be mixed on a thread of its
/// own while the pictures are drawn. A clip's sound opens when its voice
/// first sounds; the sounds two clips or more before it are closed then,
/// the mix being past them.
final class SoundShelf {
    private let files: [String]
    private let format: AudioFormat
    private var open: [Int: AudioReader?] = [:]

    init(files: [String], format: AudioFormat) {
        self.files = files
        self.format = format
    }

    /// Clip `index`'s sound, or nil when it has none.
    /// - Throws: `.io` naming the file when it cannot be read.
    func reader(_ index: Int) throws -> AudioReader? {
        if let reader = open[index] { return reader }
        for key in open.keys where key < index - 1 { open[key] = nil }
        let reader = try AudioReader.open(path: files[index], format: format)
        open[index] = reader
        return reader
    }
}
