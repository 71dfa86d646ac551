import SegueBasics
import SegueCompositor
import SegueEngine
import SegueImageIO
import SegueMedia
import SegueModel

/// `segue sheet`: a contact sheet of a transition, frames side by side.
enum SheetCommand {
    static let name = "sheet"
    static let summary = "render a contact sheet: a transition's frames side by side, labelled"
    static let help = """
        Usage: segue sheet [--from A] [--to B] --transition SPEC [--animation SPEC]
                           [--frames N] [--columns N] [--thumbnail W] [options] -o SHEET.png

        Renders N frames of the transition and lays them out in one picture under
        the spec. Without --animation the frames are evenly spaced in progress
        (0 … 1); with it, evenly spaced in time over the animation's duration,
        so springs show their overshoot. A video stays live across the frames, as
        in 'segue render': the removed one shows its last seconds (the
        animation's duration, or 1 s), the inserted one its first, unless
        --from-start or --to-start say where.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue sheet --from a.png --to b.png --transition .slide -o slide.png
          segue sheet --to card.png --transition '.scale.combined(with: .opacity)' \\
              --animation .bouncy --frames 8 --columns 4 -o bouncy.png
        """
    static let options: [Arguments.Option] = Inputs.pictureOptions + [
        .value("--transition", as: "SPEC", completing: .names(.transitions), "a SwiftUI transition"),
        .value("--animation", as: "SPEC", completing: .names(.animations), "space the frames in time under this animation"),
        .value("--frames", as: "N", "how many frames (default: 5)"),
        .value("--columns", as: "N", "frames per row (default: all in one row, at most 6)"),
        .value("--thumbnail", as: "W", "each frame's width on the sheet (default: 320)"),
        .value("-o", "--output", as: "FILE", completing: .files, "the PNG to write"),
    ] + SceneOptions.options

    static let command = Command(name: name, summary: summary, help: help, options: options, run: run)

    static func run(_ args: Arguments) throws {
        let output = try args.required("-o")
        guard args.has("--from") || args.has("--to") else { throw UsageError("give --from, --to or both", command: name) }
        let engine = try SceneOptions.engine(args)
        let spec = try args.required("--transition")
        let transition = try Inputs.transition(spec, engine: engine, option: "--transition", command: name)
        let animation = try args.value("--animation").map { try Inputs.animation($0, option: "--animation", command: name) }
        let count = try args.integer("--frames", in: 2...100) ?? 5
        let columns = try args.integer("--columns", in: 1...100) ?? min(count, 6)
        let thumbnail = try args.integer("--thumbnail", in: 16...4096) ?? 320
        let (from, to) = try Inputs.clips(args, engine: engine, command: name)
        let duration = animation?.duration ?? 1
        let fromStart = try Inputs.start(args, "--from-start", clip: from, duration: duration)
        let toStart = try Inputs.start(args, "--to-start", clip: to, duration: duration)
        let sizeSource = (to ?? from)!
        let scene = try SceneOptions.scene(args, defaultSize: (sizeSource.width, sizeSource.height))
        let frames = try Sheets.frames(engine: engine, transition: transition, animation: animation, scene: scene,
                                       count: count) { fraction in
            let time = fraction * duration
            return (try from?.picture(at: fromStart + time), try to?.picture(at: toStart + time))
        }
        let sheet = try ContactSheet(title: transition.spec, subtitle: animation?.spec, columns: columns,
                                     thumbnailWidth: thumbnail).render(frames, compositor: engine.compositor)
        try Folders.requireParent(of: output)
        try PNG.write(sheet, to: output)
    }
}

/// The frames a contact sheet shows.
enum Sheets {
    /// `count` frames evenly spaced in progress, or in time under `animation`, with their labels;
    /// `pictures(fraction)` gives the two views at each frame's fraction (0 … 1) of the way.
    static func frames(engine: Engine, transition: Transition, animation: Animation?, scene: Scene, count: Int,
                       pictures: (Double) throws -> (from: Surface?, to: Surface?)) throws
        -> [(label: String, frame: Surface)] {
        try (0..<count).map { index in
            let fraction = Double(index) / Double(count - 1)
            let progress: Double, label: String
            if let animation {
                let time = fraction * animation.duration
                progress = animation.progress(at: time)
                label = "t \(decimal(time, 2)) s · p \(decimal(progress, 2))"
            } else {
                progress = fraction
                label = "p \(decimal(progress, 2))"
            }
            let frame = try Surface(width: scene.width!, height: scene.height!)
            let (from, to) = try pictures(fraction)
            try engine.render(transition, from: from, to: to, progress: progress, scene: scene, into: frame)
            return (label, frame)
        }
    }

    /// `value` with `places` decimals, without Foundation.
    static func decimal(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale), fraction = String(scaled % Int64(scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
