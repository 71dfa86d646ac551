import SegueBasics
import SegueCompositor
import SegueEngine
import SegueImageIO
import SegueModel

/// Reading what commands are given: images, transition and animation specs.
enum Inputs {
    /// The options that name a picture: `--from`/`--to`, and for a video the time of the frame shown.
    static let pictureOptions: [Arguments.Option] = [.value("--from"), .value("--to"), .value("--from-start"),
                                                     .value("--to-start")]
    static let pictureHelp = """
          --from FILE           the view being removed: a picture (PNG, JPEG, WebP, GIF,
                                TIFF, BMP) or a video (mp4, mov, mkv, webm, y4m …); '-' reads
                                standard input
          --to FILE             the view being inserted, likewise
          --from-start S        for a video --from, where its frames start
          --to-start S          for a video --to, likewise
        """

    /// Where in a clip a transition of `duration` seconds starts: the option, else (for the
    /// removed view) its last `duration` seconds, else 0.
    static func start(_ args: Arguments, _ option: String, clip: Clip?, duration: Double) throws -> Double {
        if let value = try args.number(option, in: 0...86_400) { return value }
        guard option == "--from-start", let length = clip?.duration else { return 0 }
        return max(0, length - duration)
    }

    /// The picture `option` (`--from` or `--to`) names, at its `-start` time; nil without the option.
    static func picture(_ arguments: Arguments, _ option: String) throws -> Surface? {
        guard let path = arguments.value(option) else { return nil }
        let time = try arguments.number(option + "-start", in: 0...86_400) ?? 0
        return try Clip(path: path).picture(at: time)
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

/// Shows a spec error under the spec, with a caret at the column it names.
enum SpecError {
    static func describe(_ error: SegueError, in spec: String, option: String) -> String {
        var text = "bad \(option): \(error.message)"
        if error.message.hasPrefix("column "),
           let number = Int(error.message.dropFirst(7).prefix { $0.isNumber }), number >= 1,
           !spec.contains("\n") {
            text += "\n    \(spec)\n    " + String(repeating: " ", count: number - 1) + "^"
        }
        return text
    }
}
