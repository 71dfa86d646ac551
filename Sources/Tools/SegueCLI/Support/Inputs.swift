import SegueBasics
import SegueCompositor
import SegueEngine
import SegueImageIO
import SegueMedia
import SegueModel

/// Reading what commands are given: images, transition and animation specs.
enum Inputs {
    /// The options that name a picture: `--from`/`--to`, and for a video the time of the frame shown.
    static let pictureOptions: [Arguments.Option] = [
        .value("--from", as: "FILE", completing: .files, """
            the view being removed: a picture (PNG, JPEG, WebP, GIF,
            TIFF, BMP) or a video (mp4, mov, mkv, webm, y4m …); '-' reads
            standard input
            """),
        .value("--to", as: "FILE", completing: .files, "the view being inserted, likewise"),
        .value("--from-start", as: "S", "for a video --from, where its frames start"),
        .value("--to-start", as: "S", "for a video --to, likewise"),
    ]

    /// Where in a clip a transition of `duration` seconds starts: the option, else (for the
    /// removed view) its last `duration` seconds, else 0.
    static func start(_ args: Arguments, _ option: String, clip: Clip?, duration: Double) throws -> Double {
        if let value = try time(args, option, in: clip) { return value }
        guard option == "--from-start", let length = clip?.duration else { return 0 }
        return max(0, length - duration)
    }

    /// The time `option` gives in `clip`, if it is given: refused past the end of a video.
    static func time(_ args: Arguments, _ option: String, in clip: Clip?) throws -> Double? {
        guard let value = try args.number(option, in: 0...86_400) else { return nil }
        if let length = clip?.duration, value >= length {
            throw UsageError("option '\(option)' is \(Seconds.text(value)), past the end of '\(clip!.path)', which lasts \(Seconds.text(length))",
                             command: args.command)
        }
        return value
    }

    /// The clips `--from` and `--to` name (nil for an option not given),
    /// opened at the same time on the engine's threads: two pictures are
    /// decoded in the time of the larger. `audio` asks for their sound.
    /// - Throws: a usage error when both read standard input; else the
    ///   error of the first that cannot be opened.
    static func clips(_ arguments: Arguments, engine: Engine, audio: AudioFormat? = nil,
                      hdr: HDRHandling = .toSDR(.mobius), command: String) throws -> (from: Clip?, to: Clip?) {
        let paths = [arguments.value("--from"), arguments.value("--to")]
        if paths[0] == "-" && paths[1] == "-" {
            throw UsageError("only one of --from and --to can read standard input", command: command)
        }
        let opened = Locked<[Result<Clip?, any Error>]>(Array(repeating: .success(nil), count: paths.count))
        engine.concurrently(paths.count) { index in
            let clip = Result<Clip?, any Error> { try paths[index].map { try Clip(path: $0, audio: audio, hdr: hdr) } }
            opened.withLock { $0[index] = clip }
        }
        let clips = opened.withLock { $0 }
        let (from, to) = (try clips[0].get(), try clips[1].get())
        for note in (from?.notes ?? []) + (to?.notes ?? []) { Terminal.error("segue \(command): \(note)") }
        return (from, to)
    }

    /// A transition spec, or a usage error that points at the bad column.
    static func transition(_ spec: String, engine: Engine, option: String, command: String) throws -> Transition {
        do {
            return try engine.transition(spec: spec)
        } catch let error as SegueError {
            var message = SpecError.describe(error, in: spec, option: option)
            let rejected = engine.pluginReports.filter { !$0.isLoaded }.count
            if error.code == .unknownEffect, rejected > 0 {
                message += "\n\(rejected) plugin file\(rejected == 1 ? " was" : "s were") rejected; "
                    + "'segue plugins' says why"
            }
            throw UsageError(message, command: command)
        }
    }

    /// An animation spec, or a usage error that points at the bad column.
    static func animation(_ spec: String, option: String, command: String) throws -> Animation {
        do {
            return try Animation(spec: spec)
        } catch let error as SegueError {
            throw UsageError(SpecError.describe(error, in: spec, option: option), command: command)
        }
    }
}

/// Shows a spec error under the spec, with a caret at the column it names;
/// of a long spec, the part round that column.
enum SpecError {
    /// Characters shown either side of the column, at most.
    static let reach = 60

    static func describe(_ error: SegueError, in spec: String, option: String) -> String {
        var text = "bad \(option): \(error.message)"
        let characters = Array(spec)
        if error.message.hasPrefix("column "),
           let number = Int(error.message.dropFirst(7).prefix { $0.isNumber }), number >= 1,
           number <= characters.count + 1, !spec.contains("\n") {
            let first = max(0, number - 1 - reach), last = min(characters.count, number + reach)
            let shown = (first > 0 ? "…" : "") + String(characters[first..<last]) + (last < characters.count ? "…" : "")
            text += "\n    \(shown)\n    " + String(repeating: " ", count: number - 1 - first + (first > 0 ? 1 : 0)) + "^"
        }
        return text
    }
}
