import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel

/// `segue render`: every frame of a transition under an animation.
enum RenderCommand {
    static let name = "render"
    static let summary = "render a transition's frames to PNGs, YUV4MPEG2 or (with ffmpeg) a video"
    static let help = """
        Usage: segue render [--from A.png] [--to B.png] --transition SPEC [--animation SPEC]
                            [--duration S] [--fps N] [--frames N] [options] -o OUTPUT

        Renders the transition as time passes under the animation: the first frame is
        at time 0, the last at the end of the animation, exactly in the identity state.

        Options:
          --from FILE           the view being removed (PNG)
          --to FILE             the view being inserted (PNG)
          --transition SPEC     a SwiftUI transition, e.g. '.push(from: .trailing)'
          --animation SPEC      how progress follows time (default: .easeInOut(duration: 1))
          --duration S          seconds of output (default: the animation's duration,
                                for springs their settling time); frames past the
                                animation's end hold its last frame
          --fps N               frames per second (default: 30)
          --frames N            exactly N frames spread evenly over the duration
                                (default: duration × fps + 1)
          -o, --output OUTPUT   'out/frame%04d.png' for numbered PNGs, 'out.y4m' for a
                                YUV4MPEG2 file, '-' for YUV4MPEG2 on standard output,
                                'out.mp4' (or .mkv, .mov, .webm) to encode with ffmpeg
          -q, --quiet           no progress bar
        \(SceneOptions.help)
          -h, --help            show this help

        Examples:
          segue render --from a.png --to b.png --transition .slide -o frames/f%03d.png
          segue render --from a.png --to b.png --transition '.push(from: .bottom)' \\
              --animation '.spring(duration: 0.6, bounce: 0.3)' -o - | ffmpeg -i - out.mp4
          segue render --from a.png --to b.png --transition .opacity --blend plusLighter \\
              --animation '.easeIn(duration: 2)' --fps 60 -o fade.y4m
        """

    static let command = Command(name: name, summary: summary, help: help, run: run)

    static func run(_ arguments: [String]) throws {
        let args = try Arguments(arguments, command: name, options: [
            .value("--from"), .value("--to"), .value("--transition"), .value("--animation"), .value("--duration"),
            .value("--fps"), .value("--frames"), .value("-o", "--output"), .flag("-q", "--quiet"),
        ] + SceneOptions.options)
        guard args.positional.isEmpty else {
            throw UsageError("unexpected argument '\(args.positional[0])'", command: name)
        }
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
        let fps = try args.integer("--fps", in: 1...1000) ?? 30
        let duration = try args.number("--duration", in: 0...86_400) ?? animation.duration
        let frameCount = try args.integer("--frames", in: 1...1_000_000) ?? Int((duration * Double(fps)).rounded()) + 1

        let from = try args.value("--from").map(Inputs.image)
        let to = try args.value("--to").map(Inputs.image)
        let sizeSource = (to ?? from)!
        let scene = try SceneOptions.scene(args, defaultSize: (sizeSource.width, sizeSource.height))
        let sink = try FrameSinks.sink(for: output, width: scene.width!, height: scene.height!,
                                       framesPerSecond: fps, command: name)
        try sink.writeFrames(frameCount, width: scene.width!, height: scene.height!, label: "rendering",
                             quiet: args.has("-q")) { index, target in
            let time = frameCount == 1 ? duration : duration * Double(index) / Double(frameCount - 1)
            try engine.render(transition, from: from, to: to, progress: animation.progress(at: time),
                              scene: scene, into: target)
        }
    }
}
