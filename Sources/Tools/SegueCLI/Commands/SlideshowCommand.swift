import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel

/// `segue slideshow`: pictures one after another, with transitions between them.
enum SlideshowCommand {
    static let name = "slideshow"
    static let summary = "turn pictures into a slideshow with transitions: PNG frames, YUV4MPEG2 or a video"
    static let help = """
        Usage: segue slideshow IMAGE... [--hold S] [--transition SPEC]... [--animation SPEC]
                               [--fps N] [--size WxH] [--seed N] [options] -o OUTPUT

        Shows each picture for --hold seconds, with a transition from each to the
        next. Pictures of any size are placed into one output size (--placement,
        fit by default, over --background, black by default).

        Transitions: one --transition for every gap, one --transition per gap (in
        order), or '--transition random' to pick for each gap among the loaded
        transitions and effects whose finished state shows the picture unchanged
        (--seed makes the choice repeatable).

        Options:
          --hold S              seconds each picture stays still (default: 2)
          --transition SPEC     a SwiftUI transition, 'random', or one per gap (default: .opacity
                                with --blend plusLighter, a true crossfade)
          --animation SPEC      how each transition progresses (default: .easeInOut(duration: 1))
          --fps N               frames per second (default: 30)
          --seed N              for 'random' (default: 1)
          -o, --output OUTPUT   'out/frame%05d.png', 'show.y4m', '-' (YUV4MPEG2 on standard
                                output) or 'show.mp4' (.mkv, .mov, .webm; needs ffmpeg)
          -q, --quiet           no progress bar
        \(SceneOptions.help)
          -h, --help            show this help

        Examples:
          segue slideshow a.png b.png c.png --size 1920x1080 -o show.mp4
          segue slideshow *.png --transition random --seed 7 --hold 3 -o - | ffplay -
          segue slideshow a.png b.png c.png --transition .slide --transition '.push(from: .bottom)' \\
              --animation .bouncy -o frames/f%05d.png
        """
    static let command = Command(name: name, summary: summary, help: help, run: run)

    static func run(_ arguments: [String]) throws {
        let args = try Arguments(arguments, command: name, options: [
            .value("--hold"), .value("--transition", repeatable: true), .value("--animation"), .value("--fps"),
            .value("--seed"), .value("-o", "--output"), .flag("-q", "--quiet"),
        ] + SceneOptions.options)
        let paths = args.positional
        guard paths.count >= 1 else { throw UsageError("give the pictures to show", command: name) }
        let output = try args.required("-o")
        let hold = try args.number("--hold", in: 0...3600) ?? 2
        let fps = try args.integer("--fps", in: 1...1000) ?? 30
        let engine = try SceneOptions.engine(args)
        let animation = try args.value("--animation").map {
            try Inputs.animation($0, option: "--animation", command: name)
        } ?? .easeInOut(duration: 1)
        let images = try paths.map(Inputs.image)
        var scene = try SceneOptions.scene(args, defaultSize: (images[0].width, images[0].height))
        if !args.has("--background") { scene.background = .black }
        let transitions = try Self.transitions(args, engine: engine, gaps: images.count - 1)
        if !args.has("--blend"), args.all("--transition").isEmpty { scene.blend = .plusLighter }

        let timeline = Timeline(images: images.count, hold: hold, transition: animation.duration)
        let frameCount = max(1, Int((timeline.duration * Double(fps)).rounded()))
        let sink = try FrameSinks.sink(for: output, width: scene.width!, height: scene.height!, framesPerSecond: fps,
                                       command: name)
        var held: Int?
        try sink.writeFrames(frameCount, width: scene.width!, height: scene.height!, label: "slideshow",
                             quiet: args.has("-q")) { index, frame in
            switch timeline.moment(at: Double(index) / Double(fps)) {
            case .hold(let image):
                // A still picture is rendered once and written for every frame it holds.
                if held != image {
                    try engine.render(.identity, from: nil, to: images[image], progress: 1, scene: scene, into: frame)
                    held = image
                }
            case .transition(let gap, let time):
                try engine.render(transitions[gap], from: images[gap], to: images[gap + 1],
                                  progress: animation.progress(at: time), scene: scene, into: frame)
                held = nil
            }
        }
    }

    /// One transition per gap between pictures, from the --transition options.
    static func transitions(_ args: Arguments, engine: Engine, gaps: Int) throws -> [Transition] {
        let specs = args.all("--transition")
        if specs == ["random"] {
            var random = SeededRandom(seed: UInt64(truncatingIfNeeded: try args.integer("--seed", in: 0...Int(Int32.max)) ?? 1))
            let choices = try RandomTransitions.candidates(engine: engine)
            return (0..<gaps).map { _ in choices[random.below(choices.count)] }
        }
        guard specs.count <= 1 || specs.count == gaps else {
            throw UsageError("\(specs.count) transitions for \(gaps) gaps between pictures: give one for all, or one per gap",
                             command: name)
        }
        let parsed = try specs.map { try Inputs.transition($0, engine: engine, option: "--transition", command: name) }
        return (0..<gaps).map { parsed.isEmpty ? .opacity : parsed[specs.count == 1 ? 0 : $0] }
    }
}

/// Where a moment of a slideshow falls: holding a picture, or in a transition.
struct Timeline {
    enum Moment: Equatable {
        case hold(image: Int)
        case transition(gap: Int, time: Double)
    }

    let images: Int
    let hold: Double
    let transition: Double

    var duration: Double { Double(images) * hold + Double(images - 1) * transition }

    func moment(at time: Double) -> Moment {
        let period = hold + transition
        let index = min(Int(time / period), images - 1)
        let into = time - Double(index) * period
        return into < hold || index == images - 1 ? .hold(image: index) : .transition(gap: index, time: into - hold)
    }
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
        let probe = try probeImage()
        let builtinIDs = Set(BuiltinEffects.all.map(\.id))
        for effect in engine.catalog.effects where !builtinIDs.contains(effect.id) {
            let transition = Transition.shorthand(effect)
            let finished = try Surface(width: probe.width, height: probe.height)
            try engine.render(transition, from: nil, to: probe, progress: 1, scene: Scene(), into: finished)
            if finished.hasSamePixels(as: probe) { result.append(transition) }
        }
        return result
    }

    /// A small picture with detail and varying alpha.
    private static func probeImage() throws -> Surface {
        let surface = try Surface(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 {
                let a = UInt32(128 + (x * 7 + y * 13) % 128)
                surface[x, y] = a << 24 | (UInt32(x * 6) % a) << 16 | (UInt32(y * 11) % a) << 8 | UInt32(x + y) % a
            }
        }
        return surface
    }
}
