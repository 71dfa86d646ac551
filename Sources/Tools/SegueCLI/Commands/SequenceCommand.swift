import SegueBasics
import SegueCompositor
import SegueEngine
import SegueMedia
import SegueModel

/// `segue sequence`: clips and pictures one after another, joined by transitions.
enum SequenceCommand {
    static let name = "sequence"
    static let summary = "join videos and pictures with transitions, sound crossfading along: a video, YUV4MPEG2 or PNGs"
    static let help = help(for: name)
    static func help(for command: String) -> String { """
        Usage: segue \(command) CLIP... [--transition SPEC]... [--duration S]... [--animation SPEC]
                              [--hold S] [--fps RATE] [--size WxH] [options] -o OUTPUT

        Plays the clips one after another. Each junction is a transition between the
        moving end of one clip and the moving start of the next, overlapping them by
        its --duration, while their sound crossfades along the same progress. Videos
        (mp4, mov, mkv, webm, y4m, animated GIF …) play whole; pictures (PNG, JPEG,
        HEIC, AVIF, WebP, GIF, TIFF, BMP) stay still for --hold seconds besides their
        transitions.
        The output lasts exactly the clips' lengths minus the overlaps.

        A video plays in part when its name ends in a time range, as browsers take
        it (W3C Media Fragments): 'talk.mp4#t=12.5,48' from 12.5 s to 48 s,
        'talk.mp4#t=,20' its first 20 s, 'talk.mp4#t=3' from 3 s to its end; times
        in seconds or as mm:ss or hh:mm:ss.sss. A file really named so is that file.

        A video file (mp4, mov, mkv) copies the clips' coded pictures wherever no
        transition touches them, bit for bit, and encodes only the frames around the
        junctions, trims and pictures, so that they splice in: when every video is
        H.264 (or every one HEVC) at the output's size, rate and colours (see
        docs/smart-rendering.md). Otherwise, or with --reencode, it encodes every
        frame, saying why. The run ends saying how many frames it copied.

        The output takes the first clip's size and frame rate unless --size and --fps
        say otherwise; other sizes are placed with --placement, rotated phone videos and
        photos come out upright, and every rate is sampled by timestamp: output frame i
        shows, from each clip, the frame whose interval contains its time i / fps.

        --transition and --duration take one value for every junction or one per
        junction, in order; 'cut' (or a --duration of 0) joins two clips with no
        transition and no overlap; '--transition random' picks for each junction among the
        loaded transitions and effects whose finished state shows the clip unchanged
        (--seed makes the choice repeatable). The animation is stretched to each
        junction's duration.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue sequence intro.mp4 talk.mov IMG_2041.jpg outro.webm \\
              --transition '.push(from: .trailing)' --duration 0.8 --animation .smooth -o final.mp4
          segue sequence a.jpg b.jpg c.jpg --transition random --seed 7 --hold 3 -o show.mp4
          segue sequence a.mp4 b.mp4 c.mp4 --transition .slide --transition .explode \\
              --duration 1 --duration 0.5 -o - | ffplay -
          segue sequence 'GX010042.MP4#t=12.5,48' 'GX010043.MP4#t=3' GX010044.MP4 \\
              --transition '.push(from: .trailing)' --transition cut --duration 0.8 -o trip.mp4
          segue sequence long.mp4 other.mp4 --range 0:900 -o part1.y4m
          segue sequence long.mp4 other.mp4 --plan 8 -o whole.mp4 > plan.json
        """
    }
    static let options: [Arguments.Option] = [
        .value("--transition", as: "SPEC", repeatable: true, completing: .names(.transitions), """
            a SwiftUI transition, 'cut', 'random', or one per junction
            (default: .opacity with --blend plusLighter, a true crossfade)
            """),
        .value("--duration", as: "S", repeatable: true, """
            seconds each junction lasts, the animation stretched to fill
            them (as in 'segue render'), or one per junction; 0 is a hard
            cut (default: the animation's duration)
            """),
        .value("--animation", as: "SPEC", completing: .names(.animations),
               "how each transition progresses (default: .easeInOut(duration: 1))"),
        .value("--hold", as: "S", "seconds a picture stays still between its transitions (default: 2)"),
        .value("--fps", as: "RATE", """
            output frames per second: 25, 29.97, 30000/1001 … (default: the
            first video's, NTSC rates kept as such, else 30)
            """),
        .value("--seed", as: "N", "for 'random' (default: 1)"),
        .value("-o", "--output", as: "OUTPUT", completing: .files, """
            'final.mp4' (.mkv, .mov, .webm: video and sound), 'out.y4m',
            '-' (YUV4MPEG2 on standard output) or 'out/frame%05d.png'
            """),
        SmartRendering.reencode, .quiet,
        .value("--plan", as: "N", """
            render nothing: print, as JSON, N pieces of the output for other
            machines to render (keyframe-aligned --range commands) and the
            command that joins them (see docs/distributed.md)
            """),
    ] + MediaOptions.options + SceneOptions.options

    static let command = Command(name: name, summary: summary, help: help, options: options, operands: .files,
                                 run: run)

    /// `segue slideshow`: the same command under its old name.
    static let slideshow = Command(
        name: "slideshow", summary: "the same as 'segue sequence' (pictures, videos or both)",
        help: help(for: "slideshow"), options: options, operands: .files, run: run)

    /// Runs the command, its messages naming it as the user called it.
    static func run(_ args: Arguments) throws {
        let command = args.command
        let paths = args.positional
        guard paths.count >= 1 else { throw UsageError("give the clips to join", command: command) }
        guard paths.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("standard input ('-') can be read only once: give '-' for one clip", command: command)
        }
        let output = try args.required("-o")
        let hold = try args.number("--hold", in: 0...86_400) ?? 2
        let engine = try SceneOptions.engine(args)
        let animation = try args.value("--animation").map {
            try Inputs.animation($0, option: "--animation", command: command)
        } ?? .easeInOut(duration: 1)
        let junctions = paths.count - 1
        let transitions = try Self.transitions(args, engine: engine, junctions: junctions)
        // A hard cut (`--transition cut` or `--duration 0`) joins two clips with no overlap.
        let overlaps = zip(transitions, try Self.durations(args, junctions: junctions, default: animation.duration))
            .map { transition, duration in transition == nil ? 0 : duration }
        var settings = try MediaOptions.settings(args)
        let wantsAudio = MediaWriter.handles(output) && settings.audio != nil
        if !wantsAudio { settings.audio = nil }
        let clips = try ClipShelf(paths: paths, audio: settings.audio, hdr: MediaOptions.hdr(args))
        clips.notes.forEach { Terminal.error("segue \(command): \($0)") }
        // No sound track at all when no clip has sound, and a mono one when every clip's is.
        settings.audio = try clips.settleSound()

        // A still lasts its hold plus the transitions it takes part in, so it stands alone for --hold.
        let durations = try clips.facts.enumerated().map { index, clip -> Double in
            guard clip.isStill else { return try clips.duration(index) }
            return hold + (index > 0 ? overlaps[index - 1] : 0) + (index < junctions ? overlaps[index] : 0)
        }
        let firstRate = clips.facts.first { !$0.isStill }?.frameRate
        let rate = try args.frameRate("--fps") ?? firstRate ?? FrameRate(30)!
        // Clips start on the output's frames, picture and sound alike.
        let timeline: SequenceTimeline
        do {
            timeline = try SequenceTimeline(durations: durations, overlaps: overlaps, names: paths, frameRate: rate)
        } catch {
            throw UsageError(error.message, command: command)
        }
        var scene = try SceneOptions.scene(args, defaultSize: (clips.facts[0].width, clips.facts[0].height))
        if !args.has("--background") { scene.background = .black }
        if !args.has("--blend"), args.all("--transition").isEmpty { scene.blend = .plusLighter }
        let (width, height) = (scene.width!, scene.height!)

        let frameCount = max(1, rate.frameCount(in: timeline.duration))
        let frames = try MediaOptions.range(args, frames: frameCount)
        let planned = try args.integer("--plan", in: 1...10_000)
        if planned != nil {
            guard MediaWriter.handles(output), !args.has("--range") else {
                throw UsageError("--plan cuts a video file (mp4, mov, mkv, webm) into pieces: give it such an "
                    + "output and no --range", command: command)
            }
        }
        // The sound is mixed on a thread of its own, from readers of its own, unless a clip is standard input.
        let soundApart = !clips.facts.contains { $0.file == "-" }
        let sound = try settings.audio.map { format in
            let shelf = SoundShelf(files: clips.facts.map(\.file), format: format)
            return try Self.sound(timeline: timeline, clips: clips.facts, animation: animation,
                                  fade: MediaOptions.audioFade(args), format: format) { k in
                soundApart ? try shelf.reader(k) : try clips[k].audio
            }
        }
        if soundApart, sound != nil { clips.readsSound = false }
        let quiet = args.has("-q")
        let labels = paths.enumerated().map { "clip \($0 + 1) (\($1.lastPathComponent))" }
        settings.hdr = try MediaOptions.keptSignal(args, clips: clips.facts, labels: labels, output: output)
        let smart = try SmartRendering.ifPossible(
            args, clips: clips.facts, labels: labels, output: output, width: width, height: height, frameRate: rate,
            matrix: clips.outputMatrix, settings: settings, frames: frames, of: frameCount) { index in
            // Where the full render writes a clip's decoded frame as it is.
            guard case .clip(let k, let time) = timeline.moment(at: rate.time(ofFrame: index)),
                  clips.facts[k].width == width, clips.facts[k].height == height else { return nil }
            return (k, clips.facts[k].start + time)
        }
        if let planned {
            let codec = args.value("--audio-codec") ?? (output.hasSuffix(".webm") ? "libopus" : "aac")
            let plan = RenderPlan(count: planned, frameCount: frameCount, frameRate: rate, smart: smart?.plan,
                                  output: output, arguments: RenderPlan.arguments(Array(CommandLine.arguments.dropFirst())),
                                  hasSound: settings.audio != nil, audioCodec: codec)
            print(plan.json.text())
            return
        }
        // Decoded frames go out as they are where they need no compositing, so the
        // output takes the first video's colours (BT.709 when it has none to give).
        let sink = try FrameSinks.sink(for: output, width: width, height: height, frameRate: rate, command: command,
                                       settings: settings, matrix: clips.outputMatrix, smart: smart,
                                       firstFrame: frames.lowerBound, loop: engine.concurrently)
        // A clip picture needs no drawing when it already is the output frame: same size, nothing behind it.
        let drawsBehind = scene.background.alpha > 0
        var held: Int?
        try sink.writeFrames(frames, width: width, height: height, label: command, quiet: quiet, detail: { index in
            if case .copy? = smart?.plan.segment(containing: index) { return "copying" }
            let encoding = smart == nil ? "" : "encoding "
            if case .junction(let j, _, _) = timeline.moment(at: rate.time(ofFrame: index)) {
                return "\(encoding)junction \(j + 1) of \(junctions): \(paths[j].lastPathComponent) → \(paths[j + 1].lastPathComponent)"
            }
            return smart == nil ? nil : "encoding"
        }, sound: sound.map { sound in
            FrameSound(samples: { try sound.samples(ofFrame: $0, frameRate: rate) }, runsApart: soundApart)
        }) { index, target in
            let time = rate.time(ofFrame: index)
            let moment = timeline.moment(at: time)
            switch moment {
            case .clip(let k, _), .junction(let k, _, _): clips.close(before: k)
            }
            switch moment {
            case .clip(let k, let time):
                if clips.facts[k].width == width, clips.facts[k].height == height,
                   let decoded = try clips[k].decoded(at: time, matrix: sink.planesMatrix) {
                    held = nil
                    return decoded
                }
                let picture = try clips[k].picture(at: time)
                if picture.width == width, picture.height == height, !drawsBehind { held = nil; return .picture(picture) }
                // A still is drawn once and written for every frame it holds.
                if held != k || !clips.facts[k].isStill {
                    try engine.render(.identity, from: nil, to: picture, progress: 1, scene: scene, into: target)
                    held = k
                }
            case .junction(let j, let fromTime, let toTime):
                let progress = Self.progress(animation, timeline, junction: j, at: time)
                try engine.render(transitions[j]!, from: try clips[j].picture(at: fromTime),
                                  to: try clips[j + 1].picture(at: toTime), progress: progress, scene: scene, into: target)
                held = nil
            }
            return .picture(target)
        }
        if let smart, !quiet { Terminal.error("segue \(command): \(smart.report)") }
    }

    /// Junction `j`'s progress at output second `time`: the animation run
    /// over the junction's overlap. Frames and sound both take it from
    /// here, so a picture and its crossfade move together.
    static func progress(_ animation: Animation, _ timeline: SequenceTimeline, junction j: Int,
                         at time: Double) -> Double {
        animation.progress(at: time - timeline.junctionStart(j), over: timeline.overlaps[j])
    }

    /// The clips' sounds placed on the timeline, crossfading through each
    /// junction; clip k's sound read by `reader(k)`.
    static func sound(timeline: SequenceTimeline, clips: [ClipShelf.Facts], animation: Animation, fade: AudioFade,
                      format: AudioFormat, reader: @escaping (Int) throws -> AudioReader?) throws -> SoundMix {
        let rate = Double(format.sampleRate)
        func sample(_ seconds: Double) -> Int { Int((seconds * rate).rounded()) }
        func progress(junction j: Int, at outputSample: Int) -> Double {
            Self.progress(animation, timeline, junction: j, at: Double(outputSample) / rate)
        }
        let voices = clips.indices.compactMap { k -> SoundMix.Voice? in
            guard clips[k].hasAudio else { return nil }
            let start = sample(timeline.starts[k])
            let leaving = k < timeline.overlaps.count ? timeline.overlaps[k] : nil
            // At a hard cut the sound ends where the next clip's picture starts.
            let end = leaving == 0 ? sample(timeline.starts[k + 1]) : sample(timeline.starts[k] + timeline.durations[k])
            let fadeIn = k > 0 && timeline.overlaps[k - 1] > 0
                ? sample(timeline.junctionStart(k - 1))..<sample(timeline.junctionStart(k - 1) + timeline.overlaps[k - 1])
                : start..<start
            let fadeOut = (leaving ?? 0) > 0 ? sample(timeline.junctionStart(k))..<end : end..<end
            return SoundMix.Voice(reader: { try reader(k) }, outputStart: start,
                                  sourceStart: sample(clips[k].start),
                                  range: start..<end) { s in
                if fadeIn.contains(s) { return fade.gains(progress(junction: k - 1, at: s)).entering }
                if fadeOut.contains(s) { return fade.gains(progress(junction: k, at: s)).leaving }
                return 1
            }
        }
        return SoundMix(format: format, voices: voices)
    }

    /// One transition per junction, from the --transition options; nil for
    /// a hard cut ('cut').
    static func transitions(_ args: Arguments, engine: Engine, junctions: Int) throws -> [Transition?] {
        let specs = args.all("--transition")
        if specs == ["random"] {
            var random = SeededRandom(seed: UInt64(truncatingIfNeeded: try args.integer("--seed", in: 0...Int(Int32.max)) ?? 1))
            let choices = try RandomTransitions.candidates(engine: engine)
            return (0..<junctions).map { _ in choices[random.below(choices.count)] }
        }
        guard specs.count <= 1 || specs.count == junctions else {
            throw UsageError("\(counted(specs.count, "transition")) for \(counted(junctions, "junction")): give one for all, or one per junction",
                             command: args.command)
        }
        let parsed = try specs.map { spec -> Transition? in
            spec == "cut" ? nil : try Inputs.transition(spec, engine: engine, option: "--transition", command: args.command)
        }
        return (0..<junctions).map { parsed.isEmpty ? .opacity : parsed[specs.count == 1 ? 0 : $0] }
    }

    /// One duration per junction, from the --duration options: 0 is a hard cut.
    static func durations(_ args: Arguments, junctions: Int, default value: Double) throws -> [Double] {
        let texts = args.all("--duration")
        guard texts.count <= 1 || texts.count == junctions else {
            throw UsageError("\(counted(texts.count, "duration")) for \(counted(junctions, "junction")): give one for all, or one per junction",
                             command: args.command)
        }
        let values = try texts.map { text -> Double in
            guard let number = Double(text), number.isFinite, number >= 0, number <= 3600 else {
                throw UsageError("option '--duration' needs seconds from 0 (a hard cut) to 3600, not '\(text)'",
                                 command: args.command)
            }
            return number
        }
        guard value > 0 || !values.isEmpty else {
            throw UsageError("the animation lasts 0 s: give --duration", command: args.command)
        }
        return (0..<junctions).map { values.isEmpty ? value : values[values.count == 1 ? 0 : $0] }
    }
}

extension String {
    /// The text after the last '/'.
    var lastPathComponent: String { split(separator: "/").last.map(String.init) ?? self }
}

/// What `--transition random` picks from.
enum RandomTransitions {
    /// Built-in transitions, and every loaded effect whose shorthand leaves a
    /// picture exactly as it is once finished (so effects that draw over
    /// their content, like a counter, are not picked).
    static func candidates(engine: Engine) throws -> [Transition] {
        let builtins = [".opacity", ".slide", ".push(from: .trailing)", ".push(from: .bottom)",
                        ".move(edge: .leading).combined(with: .opacity)", ".scale.combined(with: .opacity)",
                        ".asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))"]
        var result = try builtins.map { try engine.transition(spec: $0) }
        let builtinIDs = Set(BuiltinEffects.all.map(\.id))
        for effect in engine.catalog.effects where !builtinIDs.contains(effect.id) {
            let transition = Transition.shorthand(effect)
            if try FinishedState.showsInsertedAsIs(transition, engine: engine, scene: Scene()) { result.append(transition) }
        }
        return result
    }
}
