import SegueBasics
import SegueCompositor
import SegueEngine
import SegueImageIO
import SegueModel

/// Reading what commands are given: images, transition and animation specs.
enum Inputs {
    static func image(_ path: String) throws -> Surface {
        try PNG.read(path: path)
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
