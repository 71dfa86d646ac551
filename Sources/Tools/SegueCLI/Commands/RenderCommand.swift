import SegueBasics
import SegueCompositor
import SegueEngine
import SegueMedia
import SegueModel

/// `segue render`: every frame of a transition under an animation.
enum RenderCommand {
    static let name = "render"
    static let summary = "render a transition between two pictures or videos to a video, YUV4MPEG2 or PNGs"
    static let help = """
        Usage: segue render [--from A] [--to B] --transition SPEC [--animation SPEC]
                            [--duration S] [--length S] [--fps RATE] [--frames N] [options] -o OUTPUT

        Renders the transition as time passes under the animation: the first frame is
        at time 0, the last at the end of the transition, exactly in the identity state.
        --duration stretches the animation to the seconds the transition should last,
        as in 'segue sequence'; --length renders longer, showing the finished
        transition (a video still playing).

        A and B are pictures (PNG, JPEG, HEIC, AVIF, WebP, GIF, TIFF, BMP) or videos
        (mp4, mov, mkv, webm, y4m …): a video stays live, the removed one playing its
        last seconds, the inserted one its first, and their sound crossfades along
        the transition's progress. A video named with a time range plays that part
        of it ('talk.mp4#t=12.5,48', '#t=,20', '#t=3': W3C Media Fragments, as
        in 'segue sequence'); --from-start and --to-start count from its start.

        Once the transition has ended, frames that show the inserted video as it is
        (a transition that leaves it unchanged, at its size) take its decoded frames
        as they are; a video file (mp4, mov, mkv) copies them, bit for bit, where
        'segue sequence' would (see docs/smart-rendering.md), and --reencode encodes
        them instead.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue render --from a.png --to b.png --transition .slide -o frames/f%03d.png
          segue render --from a.png --to b.png --transition '.push(from: .bottom)' \\
              --animation '.spring(duration: 0.6, bounce: 0.3)' -o - | ffmpeg -i - out.mp4
          segue render --from a.png --to b.png --transition .opacity --blend plusLighter \\
              --animation '.easeIn(duration: 2)' --fps 60 -o fade.y4m
          segue render --from a.mp4 --to b.mp4 --transition .explode --duration 1.5 -o out.mp4
          segue render --from a.mp4 --to b.mp4 --transition .opacity --length 3 -o longer.mp4
        """

    static let options: [Arguments.Option] = [
        .value("--from", as: "FILE", completing: .files, "the view being removed"),
        .value("--to", as: "FILE", completing: .files, "the view being inserted"),
        .value("--from-start", as: "S", """
            where in --from the transition starts (default: its length
            less the transition's duration)
            """),
        .value("--to-start", as: "S", "where in --to the transition starts (default: 0)"),
        .value("--transition", as: "SPEC", completing: .names(.transitions), "a SwiftUI transition, e.g. '.push(from: .trailing)'"),
        .value("--animation", as: "SPEC", completing: .names(.animations),
               "how progress follows time (default: .easeInOut(duration: 1))"),
        .value("--duration", as: "S", """
            seconds the transition lasts, the animation stretched to
            fill them, as in 'segue sequence' (default: the animation's
            duration, for springs their settling time)
            """),
        .value("--length", as: "S", """
            seconds of output (default: the transition's duration);
            frames past the transition's end show it finished
            """),
        .value("--fps", as: "RATE", """
            frames per second: 25, 29.97, 30000/1001 … (default: the
            video's, else 30)
            """),
        .value("--frames", as: "N", """
            exactly N frames spread evenly over the length
            (default: length × fps + 1)
            """),
        .value("-o", "--output", as: "OUTPUT", completing: .files, """
            'out/frame%04d.png' for numbered PNGs, 'out.y4m' for a
            YUV4MPEG2 file, '-' for YUV4MPEG2 on standard output,
            'out.mp4' (or .mkv, .mov, .webm) for a video with sound
            """),
        SmartRendering.reencode, .quiet,
    ] + MediaOptions.options + SceneOptions.options

    static let command = Command(name: name, summary: summary, help: help, options: options, run: run)

    static func run(_ args: Arguments) throws {
        let output = try args.required("-o")
        guard args.has("--from") || args.has("--to") else {
            throw UsageError("give --from, --to or both", command: name)
        }
        let engine = try SceneOptions.engine(args)
        let transition = try Inputs.transition(try args.required("--transition"), engine: engine,
                                               option: "--transition", command: name)
        let animation = try args.value("--animation").map {
            try Inputs.animation($0, option: "--animation", command: name)
        } ?? .easeInOut(duration: 1)
        let duration = try Self.duration(args, animation: animation)
        let length = try args.number("--length", in: 0...86_400) ?? duration
        // The transition's progress `t` seconds in: the animation stretched over the duration.
        func progress(at t: Double) -> Double { animation.progress(at: t, over: duration) }
        var settings = try MediaOptions.settings(args)
        if !MediaWriter.handles(output) { settings.audio = nil }
        let (from, to) = try Inputs.clips(args, engine: engine, audio: settings.audio,
                                          hdr: MediaOptions.hdr(args), command: name)
        // No sound track when neither clip has sound, and a mono one when each that has is mono.
        let readers = [from?.audio, to?.audio].compactMap { $0 }
        settings.audio = readers.isEmpty ? nil : settings.audio?.mixing(readers.map(\.sourceChannels))
        if let format = settings.audio { try readers.forEach { try $0.convert(to: format) } }
        let fromStart = try Inputs.start(args, "--from-start", clip: from, duration: duration)
        let toStart = try Inputs.start(args, "--to-start", clip: to, duration: duration)
        let rate = try args.frameRate("--fps") ?? (to ?? from).flatMap(\.frameRate) ?? FrameRate(30)!
        let frameCount = try args.integer("--frames", in: 1...1_000_000) ?? rate.frameCount(in: length) + 1
        let frames = try MediaOptions.range(args, frames: frameCount)
        let sizeSource = (to ?? from)!
        let scene = try SceneOptions.scene(args, defaultSize: (sizeSource.width, sizeSource.height))
        func time(_ index: Int) -> Double {
            frameCount == 1 ? length : length * Double(index) / Double(frameCount - 1)
        }
        let sound = try settings.audio.map { format in
            try Self.sound(from: from, fromStart: fromStart, to: to, toStart: toStart, frames: frameCount, frameRate: rate,
                           progressAt: progress,
                           fade: MediaOptions.audioFade(args), format: format)
        }
        let (width, height) = (scene.width!, scene.height!)
        let matrix = Clip.outputMatrix([from?.nativeMatrix, to?.nativeMatrix])
        // Past the animation's end, a transition that leaves its inserted video as it is shows its decoded frames.
        let leavesTo = try to != nil && FinishedState.showsInsertedAsIs(transition, engine: engine, scene: scene,
                                                                        removing: from != nil, opaque: true)
        func shownAsIs(_ index: Int) -> Double? {
            let t = time(index)
            guard leavesTo, let to, to.width == width, to.height == height, progress(at: t) == 1 else { return nil }
            return toStart + t
        }
        let named = [("--from", from), ("--to", to)].compactMap { option, clip in
            clip.map { (facts: ClipShelf.Facts($0), label: "\(option) (\($0.path.lastPathComponent))") }
        }
        settings.hdr = try MediaOptions.keptSignal(args, clips: named.map(\.facts), labels: named.map(\.label),
                                                   output: output)
        let smart = try to.flatMap { to in
            let (facts, label) = named.last!
            return try SmartRendering.ifPossible(
                args, clips: [facts], labels: [label], output: output, width: width, height: height,
                frameRate: rate, matrix: matrix, settings: settings, frames: frames, of: frameCount,
                refusing: leavesTo ? nil : "the transition does not leave \(label) as it is once finished") { index in
                shownAsIs(index).map { (0, to.start + $0) }
            }
        }
        let sink = try FrameSinks.sink(for: output, width: width, height: height, frameRate: rate, command: name,
                                       settings: settings, matrix: matrix, smart: smart,
                                       firstFrame: frames.lowerBound, loop: engine.concurrently)
        try sink.writeFrames(frames, width: width, height: height, label: "rendering", quiet: args.has("-q"),
                             detail: { index in
                                 guard let smart else { return nil }
                                 if case .copy? = smart.plan.segment(containing: index) { return "copying" }
                                 return "encoding"
                             }, sound: sound.map { sound in
                                 // Its sounds are the clips' own readers, which the drawing reads too.
                                 FrameSound(samples: { try sound.samples(ofFrame: $0, frameRate: rate) }, runsApart: false)
                             }) { index, target in
            if let seconds = shownAsIs(index), let to, let decoded = try to.decoded(at: seconds, matrix: sink.planesMatrix) {
                return decoded
            }
            let t = time(index)
            try engine.render(transition, from: try from?.picture(at: fromStart + t), to: try to?.picture(at: toStart + t),
                              progress: progress(at: t), scene: scene, into: target)
            return .picture(target)
        }
        if let smart, !args.has("-q") { Terminal.error("segue \(name): \(smart.report)") }
    }

    /// Seconds the transition lasts: --duration, or the animation's own.
    /// Above 0 (a cut, which `sequence` makes, has nothing to render) and up
    /// to an hour, as a junction of `sequence`.
    static func duration(_ args: Arguments, animation: Animation) throws -> Double {
        guard let text = args.value("--duration") else { return animation.duration }
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
            throw UsageError("option '--duration' needs the seconds the transition lasts, above 0 and up to 3600, "
                             + "not '\(text)'", command: args.command)
        }
        return seconds
    }

    /// The two clips' sounds over the transition: the removed one fading out
    /// as the inserted one fades in, along the transition's progress at each second.
    private static func sound(from: Clip?, fromStart: Double, to: Clip?, toStart: Double, frames: Int,
                              frameRate: FrameRate, progressAt: @escaping (Double) -> Double, fade: AudioFade,
                              format: AudioFormat) throws -> SoundMix {
        let rate = format.sampleRate
        let total = frameRate.tick(ofFrame: frames, ticksPerSecond: rate)
        func progress(_ sample: Int) -> Double { progressAt(Double(sample) / Double(rate)) }
        var voices: [SoundMix.Voice] = []
        // A clip's sound starts where its picture does: at its trim's start, plus --from-start or --to-start.
        func sample(_ clip: Clip, _ start: Double) -> Int { Int(((clip.start + start) * Double(rate)).rounded()) }
        if let from, let reader = from.audio {
            voices.append(.init(reader: { reader }, outputStart: 0, sourceStart: sample(from, fromStart),
                                range: 0..<total) { fade.gains(progress($0)).leaving })
        }
        if let to, let reader = to.audio {
            voices.append(.init(reader: { reader }, outputStart: 0, sourceStart: sample(to, toStart),
                                range: 0..<total) { fade.gains(progress($0)).entering })
        }
        return SoundMix(format: format, voices: voices)
    }
}
