import SegueBasics
import SegueMedia

/// The options of the commands that write video: encoding, sound, and which frames.
enum MediaOptions {
    static let options: [Arguments.Option] = [
        .value("--video-codec", as: "NAME", completing: .words(["libx264", "libx265", "libvpx-vp9"]), """
            FFmpeg's encoder for a video file (default: libx264 for .mp4,
            .mov and .mkv, libvpx-vp9 for .webm)
            """),
        .value("--crf", as: "N", "constant quality, lower is better (default: 18 for H.264, 32 for VP9)"),
        .value("--preset", as: "NAME",
               completing: .words(["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
                                   "veryslow"]),
               "the encoder's speed preset, e.g. libx264's veryfast … veryslow (default: medium)"),
        .value("--audio-codec", as: "NAME", completing: .words(["aac", "libopus", "pcm_f32le"]), """
            FFmpeg's encoder for the sound (default: aac, libopus for .webm);
            pcm_f32le in .mov or .mkv is lossless, for pieces joined later
            """),
        .flag("--no-audio", help: "leave the sound out (YUV4MPEG2 and PNG output never carry it)"),
        .value("--audio-fade", as: "CURVE", completing: .words(AudioFade.allCases.map(\.rawValue)), """
            equal-power or linear: how sound crossfades along the transition's
            progress (default: equal-power)
            """),
        .value("--range", as: "A:B", """
            only output frames A … B−1 (from 0), byte-identical to the same
            frames of the whole output, to split a long render across machines
            """),
        .value("--tonemap", as: "NAME", completing: .words(ToneMapping.allCases.map(\.rawValue)), """
            how HDR clips (PQ, HLG) come into SDR BT.709: mobius, hable, reinhard,
            clip, linear or gamma (default: mobius, which keeps mid-tones as they are)
            """),
        .value("--hdr", as: "keep|sdr", completing: .words(["keep", "sdr"]), """
            keep: when every clip is HDR with one transfer, write a 10-bit HDR
            file (.mp4, .mov, .mkv; HEVC, or H.264 High 10 with --video-codec
            libx264) with their transfer and metadata (default: sdr)
            """),
    ]

    /// The encoder settings the options ask for; sound at 48 kHz stereo unless `--no-audio`.
    static func settings(_ arguments: Arguments) throws -> EncoderSettings {
        EncoderSettings(videoCodec: arguments.value("--video-codec"),
                        crf: try arguments.number("--crf", in: 0...63),
                        preset: arguments.value("--preset"),
                        audio: arguments.has("--no-audio") ? nil : AudioFormat(),
                        audioCodec: arguments.value("--audio-codec"))
    }

    /// What becomes of HDR clips: kept (`--hdr keep`), or brought into SDR by `--tonemap`'s operator.
    static func hdr(_ arguments: Arguments) throws -> HDRHandling {
        guard try arguments.choice("--hdr", [("sdr", false), ("keep", true)]) ?? false else {
            return .toSDR(try arguments.choice("--tonemap", ToneMapping.allCases.map { ($0.rawValue, $0) }) ?? .mobius)
        }
        guard arguments.value("--tonemap") == nil else {
            throw UsageError("--tonemap brings HDR into SDR, and --hdr keep keeps it: give one of them",
                             command: arguments.command)
        }
        return .keep
    }

    /// The HDR signal an output keeps under `--hdr keep` (nil without it):
    /// its clips', which must all be videos in HDR with one transfer, named
    /// by `labels` when they are not, written to an MP4, MOV or Matroska file.
    static func keptSignal(_ arguments: Arguments, clips: [ClipShelf.Facts], labels: [String],
                           output: String) throws -> HDRSignal? {
        guard try hdr(arguments) == .keep else { return nil }
        guard [".mp4", ".mov", ".mkv"].contains(where: output.hasSuffix) else {
            throw UsageError("--hdr keep writes an .mp4, .mov or .mkv file, not '\(output)'", command: arguments.command)
        }
        var kept: (signal: HDRSignal, label: String)?
        for (facts, label) in zip(clips, labels) {
            guard let signal = facts.hdrSignal else {
                throw SegueError.invalidArgument("--hdr keep needs HDR clips, and \(label) is "
                                                 + (facts.isStill ? "a still picture, in SDR" : "SDR"))
            }
            if let kept, kept.signal.transfer != signal.transfer {
                throw SegueError.invalidArgument("--hdr keep needs one transfer, and \(label) is \(signal.name), "
                                                 + "\(kept.label) \(kept.signal.name)")
            }
            kept = kept ?? (signal, label)
        }
        return kept?.signal
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
