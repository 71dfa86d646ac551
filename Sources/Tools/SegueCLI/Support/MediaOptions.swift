import SegueMedia

/// The options of the commands that write video: encoding, sound, and which frames.
enum MediaOptions {
    static let options: [Arguments.Option] = [
        .value("--crf"), .value("--preset"), .value("--video-codec"), .value("--audio-codec"), .flag("--no-audio"),
        .value("--audio-fade"), .value("--range"), .value("--tonemap"),
    ]

    static let help = """
          --video-codec NAME    FFmpeg's encoder for a video file (default: libx264 for .mp4,
                                .mov and .mkv, libvpx-vp9 for .webm)
          --crf N               constant quality, lower is better (default: 18 for H.264, 32 for VP9)
          --preset NAME         the encoder's speed preset, e.g. libx264's veryfast … veryslow (default: medium)
          --audio-codec NAME    FFmpeg's encoder for the sound (default: aac, libopus for .webm);
                                pcm_f32le in .mov or .mkv is lossless, for pieces joined later
          --no-audio            leave the sound out (YUV4MPEG2 and PNG output never carry it)
          --audio-fade CURVE    equal-power or linear: how sound crossfades along the transition's
                                progress (default: equal-power)
          --range A:B           only output frames A … B−1 (from 0), byte-identical to the same
                                frames of the whole output, to split a long render across machines
          --tonemap NAME        how HDR clips (PQ, HLG) come into SDR BT.709: mobius, hable, reinhard,
                                clip, linear or gamma (default: mobius, which keeps mid-tones as they are)
        """

    /// The encoder settings the options ask for; sound at 48 kHz stereo unless `--no-audio`.
    static func settings(_ arguments: Arguments) throws -> EncoderSettings {
        EncoderSettings(videoCodec: arguments.value("--video-codec"),
                        crf: try arguments.number("--crf", in: 0...63),
                        preset: arguments.value("--preset"),
                        audio: arguments.has("--no-audio") ? nil : AudioFormat(),
                        audioCodec: arguments.value("--audio-codec"))
    }

    static func toneMapping(_ arguments: Arguments) throws -> ToneMapping {
        try arguments.choice("--tonemap", ToneMapping.allCases.map { ($0.rawValue, $0) }) ?? .mobius
    }

    static func audioFade(_ arguments: Arguments) throws -> AudioFade {
        try arguments.choice("--audio-fade", AudioFade.allCases.map { ($0.rawValue, $0) }) ?? .equalPower
    }

    /// `--range A:B` within `count` frames, or all of them.
    static func range(_ arguments: Arguments, frames count: Int) throws -> Range<Int> {
        guard let text = arguments.value("--range") else { return 0..<count }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), let end = Int(parts[1]), first >= 0, first < end else {
            throw UsageError("option '--range' needs A:B, frame numbers with 0 ≤ A < B, such as 0:300, not '\(text)'",
                             command: arguments.command)
        }
        guard end <= count else {
            throw UsageError("option '--range' asks for frames up to \(end - 1), but the output has \(count) (0…\(count - 1))",
                             command: arguments.command)
        }
        return first..<end
    }
}
