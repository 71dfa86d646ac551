import Glibc
import SegueABI
import SegueBasics
import SegueImageIO

/// `segue`: the command-line face of the engine.
enum Segue {
    static let commands = [DemoCommand.command, FrameCommand.command, RenderCommand.command, SequenceCommand.command, SequenceCommand.slideshow,
                           SheetCommand.command, SampleCommand.command,
                           ListCommand.command, DescribeCommand.command,
                           PluginsCommand.command, CompletionsCommand.command]

    static let version = "segue \(SegueVersion.string)"

    static var help: String {
        let width = commands.map(\.name.count).max()! + 2
        var list = ""
        for command in commands {
            list += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary + "\n"
        }
        return """
            Usage: segue COMMAND [options]

            SwiftUI's transitions for images and video: render a transition between
            two pictures or clips, or join a sequence of them, sound crossfading along,
            into a video file, YUV4MPEG2 or PNGs.

            Commands:
            \(list)
            Run 'segue COMMAND --help' for a command's options and examples.
            Exit status: 0 success, 1 failure (a file could not be read or written),
            2 a wrong command line (unknown option, bad value, malformed spec).
            """
    }

    /// Runs the command line and returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            fputs(help + "\n", StandardStream.error)
            return 2
        }
        switch first {
        case "-h", "--help", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                print(command.help)
            } else {
                print(help)
            }
            return 0
        case "--version":
            print(version)
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            var message = "segue: unknown command '\(first)'"
            if let guess = Suggestions.closest(to: first, among: commands.map(\.name)) {
                message += "; did you mean '\(guess)'?"
            }
            Terminal.error(message + "\nRun 'segue --help' for the list of commands.")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") {
            print(command.help)
            return 0
        }
        do {
            let args = try Arguments(rest, command: command.name, options: command.options)
            guard command.operands != .nothing || args.positional.isEmpty else {
                throw UsageError("unexpected argument '\(args.positional[0])'", command: command.name)
            }
            try command.run(args)
            return 0
        } catch let error as UsageError {
            Terminal.error("segue \(command.name): \(error.message)\nRun 'segue \(command.name) --help' for usage.")
            return 2
        } catch let error as SegueError {
            Terminal.error("segue \(command.name): \(error.message)")
            return 1
        } catch {
            Terminal.error("segue \(command.name): \(error)")
            return 1
        }
    }

}

// On Ctrl-C, SIGTERM, SIGHUP or a closed pipe, what is half-written is removed
// (by an async-signal-safe handler) and the tool exits with 128 + the signal.
InterruptCleanup.installHandlers()
exit(Segue.main(Array(CommandLine.arguments.dropFirst())))
