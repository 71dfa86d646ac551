import SegueBasics
import SegueImageIO
import SegueMedia

/// Whether `segue sequence` or `segue render` can copy its clips' coded
/// pictures instead of encoding every frame, and the plan when it can (see
/// `SplicePlan`).
///
/// It can when the output is an MP4, MOV or Matroska file encoded with
/// libx264 (the default), and every video clip is H.264 in MP4's framing
/// that the output shows as it is decoded: the output's size, square
/// pixels, 8-bit 4:2:0 (10-bit for an HDR output), upright, its frame rate (or a varying one: then
/// the plan copies what falls one frame to an output frame), progressive,
/// and the same parameter sets and colour tags as the first. Otherwise every frame is
/// encoded, and unless it is plain why (--reencode, another kind of
/// output) a line names the clip and the property.
struct SmartRendering {
    /// `--reencode`, which turns it off.
    static let reencode = Arguments.Option.flag("--reencode", help: "encode every frame, copying none")

    let plan: SplicePlan
    let stream: SpliceStream
    let clips: [VideoPackets?]
    /// What limits the copying, a line each: clips with open GOPs.
    let notes: [String]

    /// Why the output is not spliced, in a line ending "re-encoding every frame".
    struct Refusal: Error {
        let reason: String
    }

    /// The plan for frames `frames` of the `count` of an output whose frame
    /// `index` shows clip k's decoded frame as it is, at `seconds` into its
    /// file, when `shown(index)` says so; messages name clip k by `labels[k]`
    /// ("clip 2 (talk.mov)"); nil when the output cannot copy
    /// (not a video file Segue splices, no video clip, or `--reencode`),
    /// saying why on standard error as `segue <command>` unless that is
    /// plain or `quiet`; `refusing` is such a reason, known beforehand. A
    /// plan's notes are said too.
    static func ifPossible(_ args: Arguments, clips: [ClipShelf.Facts], labels: [String], output: String,
                           width: Int, height: Int, frameRate: FrameRate, matrix: YCbCr, settings: EncoderSettings,
                           frames: Range<Int>, of count: Int, refusing: String? = nil,
                           shown: (Int) -> (clip: Int, seconds: Double)?) throws -> SmartRendering? {
        guard !args.has("--reencode"), splices(output) else { return nil }
        let quiet = args.has("-q")
        do {
            if let refusing { throw Refusal(reason: refusing) }
            let smart = try plan(clips: clips, labels: labels, output: output, width: width, height: height,
                                 frameRate: frameRate, matrix: matrix, settings: settings, frames: frames, of: count,
                                 shown: shown)
            if !quiet { smart?.notes.forEach { Terminal.error("segue \(args.command): \($0)") } }
            return smart
        } catch let refusal as Refusal {
            if !quiet { Terminal.error("segue \(args.command): \(refusal.reason): re-encoding every frame") }
            return nil
        }
    }

    /// Whether an output of this name can be spliced: MP4, MOV and Matroska files.
    private static func splices(_ output: String) -> Bool {
        [".mp4", ".mov", ".mkv"].contains { output.hasSuffix($0) }
    }

    /// The plan, as `ifPossible` describes it.
    /// - Throws: `Refusal` saying why the clips cannot be copied.
    private static func plan(clips: [ClipShelf.Facts], labels: [String], output: String, width: Int, height: Int,
                             frameRate: FrameRate, matrix: YCbCr, settings: EncoderSettings, frames: Range<Int>,
                             of count: Int, shown: (Int) -> (clip: Int, seconds: Double)?) throws -> SmartRendering? {
        var indexes: [VideoPackets?] = []
        var scanned: [String: VideoPackets] = [:]
        var first: (index: Int, packets: VideoPackets)?
        for (k, facts) in clips.enumerated() {
            guard !facts.isStill else { indexes.append(nil); continue }
            let clip = labels[k]
            guard facts.file != "-" else {
                throw Refusal(reason: "\(clip) comes from standard input, which cannot be read again to copy its pictures")
            }
            // A file that plays more than once (trims of one recording) is read once.
            let packets = try scanned[facts.file] ?? VideoPackets(path: facts.file)
            scanned[facts.file] = packets
            let format = packets.format
            guard ["h264", "hevc"].contains(format.codec) else {
                throw Refusal(reason: "\(clip) is \(format.codec), not H.264 or HEVC")
            }
            guard format.hasParameterSets else {
                throw Refusal(reason: "\(clip) holds \(format.codec) as a raw stream, without MP4's parameter sets")
            }
            guard format.width == width, format.height == height else {
                throw Refusal(reason: "\(clip) is \(format.width)×\(format.height), the output \(width)×\(height)")
            }
            guard format.sampleAspect == "1:1" else {
                throw Refusal(reason: "\(clip) has pixels that are not square (\(format.sampleAspect))")
            }
            guard !format.isConverted || settings.hdr != nil else {
                throw Refusal(reason: "\(clip) is HDR or BT.2020, converted to SDR BT.709")
            }
            let pictures = settings.hdr == nil ? ("yuv420p", "8-bit") : ("yuv420p10le", "10-bit")
            guard format.pixelFormat == pictures.0 else {
                throw Refusal(reason: "\(clip) is \(format.pixelFormat), the output \(pictures.1) 4:2:0 (\(pictures.0))")
            }
            guard settings.hdr == nil ? facts.nativeMatrix == matrix : facts.showsAsDecoded else {
                throw Refusal(reason: "\(clip) must be turned upright or converted to the output's colours")
            }
            guard !packets.hasDolbyVision || format.codec == "hevc" else {
                throw Refusal(reason: "\(clip) carries Dolby Vision in H.264, whose metadata copying would keep")
            }
            guard !format.isInterlaced else {
                throw Refusal(reason: "\(clip) is interlaced")
            }
            // A clip at a varying rate is copied where its frames fall one to an output frame.
            guard facts.frameRate == frameRate || !packets.isConstantRate else {
                throw Refusal(reason: "\(clip) runs at \(facts.frameRate.map { "\($0)" } ?? "a varying rate") fps, "
                                      + "the output at \(frameRate)")
            }
            if let first {
                let name = labels[first.index]
                guard format.codec == first.packets.format.codec else {
                    throw Refusal(reason: "\(clip) is \(format.codec), \(name) \(first.packets.format.codec)")
                }
                guard format.sharesParameterSets(with: first.packets.format) else {
                    throw Refusal(reason: "\(clip) was encoded with other parameters than \(name) (its SPS/PPS differ)")
                }
                guard format.colours == first.packets.format.colours else {
                    throw Refusal(reason: "\(clip) is tagged with other colours than \(name)")
                }
            } else {
                first = (k, packets)
            }
            indexes.append(packets)
        }
        guard let first else { return nil }
        let encoder = first.packets.format.codec == "hevc" ? "libx265" : "libx264"
        if let codec = settings.videoCodec, codec != encoder {
            throw Refusal(reason: "--video-codec \(codec) asks for other pictures than the clips' \(first.packets.format.codec)")
        }
        let plan = SplicePlan(frames: frames, of: count, clips: indexes, shown: shown)
        guard plan.copiedFrames > 0 else {
            throw Refusal(reason: "no clip shows a keyframe outside the transitions and trims")
        }
        do {
            let stream = try SpliceStream(source: first.packets, copiedDepth: plan.copiedReorderDepth,
                                          frameRate: frameRate, crf: settings.crf, preset: settings.preset,
                                          hdr: settings.hdr)
            let notes = indexes.enumerated().compactMap { k, packets -> String? in
                guard let packets, packets.uncleanKeyframes > 0 else { return nil }
                return "\(labels[k]) has \(counted(packets.uncleanKeyframes, "keyframe")) "
                    + "that open a GOP (pictures after them refer to pictures before): copying starts only at its IDR pictures"
            }
            return SmartRendering(plan: plan, stream: stream, clips: indexes, notes: notes)
        } catch let error as SegueError {
            throw Refusal(reason: "\(labels[first.index]): \(error.message)")
        }
    }

    /// "copied 3,456 of 3,600 frames (96%), encoded 144 in 2 pieces".
    var report: String {
        let total = plan.segments.reduce(0) { $0 + $1.frames.count }
        let pieces = plan.segments.filter { if case .encode = $0 { return true } else { return false } }
        let encoded = total - plan.copiedFrames
        let tenths = plan.copiedFrames * 1000 / max(1, total)
        return "copied \(plan.copiedFrames) of \(total) frames (\(tenths / 10).\(tenths % 10)%), "
            + "encoded \(encoded) in \(counted(pieces.count, "piece"))"
    }
}
