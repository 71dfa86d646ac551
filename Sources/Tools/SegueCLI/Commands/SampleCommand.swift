import SegueCompositor
import SegueImageIO
import SegueModel
import SegueSamples

/// `segue sample`: the built-in sample pictures, drawn by Segue, as PNGs.
enum SampleCommand {
    static let name = "sample"
    static let summary = "draw a built-in sample picture to a PNG, or list them"
    static var help: String {
        """
        Usage: segue sample NAME [--size WxH] -o OUT.png
               segue sample --list

        Draws one of the built-in samples, the pictures 'segue demo' shows
        transitions on: scenes from the articles (the orange HELLO WORLD card, the
        TikTok ⌘, onboarding pages) and test pictures for seams, blur and alpha.
        They are drawn by Segue itself (canvas, compositor, DejaVu Sans), laid out
        in proportion to the size, and the same bytes on every run. Samples that
        are not opaque are written with their transparency.

        Options:
        \(Arguments.Option.help(options))

        Samples:
        \(list(indent: "  "))

        Examples:
          segue sample --list
          segue sample helloWorld -o hello.png
          segue sample photo --size 1920x1080 -o photo.png
          segue sample onboarding1 -o a.png && segue sample onboarding2 -o b.png
          segue frame --from a.png --to b.png --transition .slide --progress 0.5 -o mid.png
        """
    }

    static let options: [Arguments.Option] = [
        .value("--size", as: "WxH", "the picture's size (default: \(Sample.helloWorld.defaultSize.width)x\(Sample.helloWorld.defaultSize.height))"),
        .value("-o", "--output", as: "FILE", completing: .files, "the PNG to write (written whole or not at all)"),
        .flag("--list", help: "list the samples, one per line with what it shows"),
    ]

    static let command = Command(name: name, summary: summary, help: help, options: options,
                                 operands: .words(Sample.names), run: run)

    /// One line per sample: its name, padded, then its summary.
    static func list(indent: String = "") -> String {
        let width = Sample.names.map(\.count).max() ?? 0
        return Sample.allCases.map {
            indent + $0.rawValue + String(repeating: " ", count: width - $0.rawValue.count + 2) + $0.summary
        }.joined(separator: "\n")
    }

    static func run(_ args: Arguments) throws {
        if args.has("--list") {
            guard args.positional.isEmpty, !args.has("--size"), !args.has("-o") else {
                throw UsageError("--list takes no sample name, --size or --output", command: name)
            }
            print(list())
            return
        }
        guard let sampleName = args.positional.first else {
            throw UsageError("give a sample name (one of \(Sample.names.joined(separator: ", "))) or --list",
                             command: name)
        }
        guard args.positional.count == 1 else {
            throw UsageError("unexpected argument '\(args.positional[1])'", command: name)
        }
        guard let sample = Sample(named: sampleName) else {
            var message = "unknown sample '\(sampleName)'"
            // Close names, closest first; case is ignored, so `helloworld` finds `helloWorld`.
            let guesses = ClosestNames.ranked(to: sampleName, among: Sample.names).prefix(3)
            if !guesses.isEmpty {
                let quoted = guesses.map { "'\($0)'" }
                let choices = quoted.count == 1 ? quoted[0]
                    : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
                message += "; did you mean \(choices)?"
            } else {
                message += "; the samples are \(Sample.names.joined(separator: ", "))"
            }
            throw UsageError(message + "\n'segue sample --list' says what each shows", command: name)
        }
        let output = try args.required("-o")
        let (width, height) = try args.value("--size").map { try SceneOptions.size($0, name) } ?? sample.defaultSize
        let surface = try sample.render(width: width, height: height, compositor: Compositor(threads: 0))
        try Folders.requireParent(of: output)
        try PNG.write(surface, to: output)
    }
}
