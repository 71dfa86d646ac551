/// A `segue` subcommand: its name, its help and what it does.
struct Command: Sendable {
    let name: String
    /// One line for `segue --help`.
    let summary: String
    /// The full `--help` text: usage, options, examples.
    let help: String
    /// Runs with the arguments after the command name.
    /// Throws `UsageError` (exit 2) or `SegueError` (exit 1).
    let run: @Sendable ([String]) throws -> Void
}
