/// A `segue` subcommand: its name, its help, its options and what it does.
struct Command: Sendable {
    let name: String
    /// One line for `segue --help`.
    let summary: String
    /// The full `--help` text: usage, options, examples.
    let help: String
    /// The options `run` parses, which the help lists and shells complete.
    let options: [Arguments.Option]
    /// What its arguments other than options are, for shells to complete.
    var operands: Arguments.Completion = .nothing
    /// Runs with the arguments after the command name, parsed by `options`
    /// (and with none besides options unless it has `operands`).
    /// Throws `UsageError` (exit 2) or `SegueError` (exit 1).
    let run: @Sendable (Arguments) throws -> Void
}
