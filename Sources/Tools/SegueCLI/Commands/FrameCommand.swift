import SegueBasics
import SegueCompositor
import SegueEngine
import SegueImageIO

/// `segue frame`: one frame of a transition, as a PNG.
enum FrameCommand {
    static let name = "frame"
    static let summary = "render one frame of a transition to a PNG file"
    static let help = """
        Usage: segue frame [--from A] [--to B] --transition SPEC --progress P [options] -o OUT.png

        Draws the transition at progress P: 0 shows the inserted image (--to) in its
        active state and the removed one (--from) in its identity state; 1 the reverse.
        P may leave 0…1, as springs do. Either image may be left out: with only --to,
        a .modifier(active:identity:) transition animates one effect between two states.
        A video shows its frame at --from-start or --to-start (default: its first).

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue frame --from a.png --to b.png --transition .opacity --blend plusLighter --progress 0.5 -o mid.png
          segue frame --from a.png --to b.png --progress 0.3 -o f.png \\
              --transition '.asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), removal: .scale(scale: 0.5, anchor: .bottom))'
          segue frame --to logo.png --transition '.modifier(active: .scale(scale: 0.2), identity: .scale(scale: 1))' --progress 0.5 -o half.png
        """

    static let options: [Arguments.Option] = Inputs.pictureOptions + [
        .value("--transition", as: "SPEC", completing: .names(.transitions),
               "a SwiftUI transition, e.g. '.move(edge: .trailing)'"),
        .value("--progress", as: "P", "where in the transition, usually 0…1"),
        .value("-o", "--output", as: "FILE", completing: .files, "the PNG to write (written whole or not at all)"),
    ] + SceneOptions.options

    static let command = Command(name: name, summary: summary, help: help, options: options, run: run)

    static func run(_ args: Arguments) throws {
        let output = try args.required("-o")
        let spec = try args.required("--transition")
        let progress = try args.number("--progress") ?? { throw UsageError("option '--progress' is required", command: name) }()
        guard args.has("--from") || args.has("--to") else {
            throw UsageError("give --from, --to or both", command: name)
        }
        let engine = try SceneOptions.engine(args)
        let transition = try Inputs.transition(spec, engine: engine, option: "--transition", command: name)
        let clips = try Inputs.clips(args, engine: engine, command: name)
        let from = try clips.from?.picture(at: try Inputs.time(args, "--from-start", in: clips.from) ?? 0)
        let to = try clips.to?.picture(at: try Inputs.time(args, "--to-start", in: clips.to) ?? 0)
        let sizeSource = (to ?? from)!
        let scene = try SceneOptions.scene(args, defaultSize: (sizeSource.width, sizeSource.height))
        let target = try Surface(width: scene.width!, height: scene.height!)
        try engine.render(transition, from: from, to: to, progress: progress, scene: scene, into: target)
        try Folders.requireParent(of: output)
        try PNG.write(target, to: output)
    }
}
