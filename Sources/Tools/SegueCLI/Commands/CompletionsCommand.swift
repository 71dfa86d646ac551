/// `segue completions`: the shell completion scripts, written from the
/// commands' own option tables.
enum CompletionsCommand {
    static let name = "completions"
    static let summary = "print the completion script for bash, zsh or fish"
    static let help = """
        Usage: segue completions bash|zsh|fish

        Prints a script that teaches the shell segue's commands, their options,
        the values those options take (file names, effect and animation names,
        encoder presets, colour names …) and, for 'segue describe', effect names.
        It is written from the same tables as each command's --help, and asks
        'segue list --names' for names as you type, so plugins added later are
        offered too. 'make install' and the packages install all three.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          source <(segue completions bash)
          segue completions zsh > ~/.zfunc/_segue
          segue completions fish > ~/.config/fish/completions/segue.fish
        """

    static let options: [Arguments.Option] = []

    static let command = Command(name: name, summary: summary, help: help, options: options,
                                 operands: .words(ShellCompletions.Shell.allCases.map(\.rawValue)), run: run)

    static func run(_ args: Arguments) throws {
        guard args.positional.count == 1 else {
            throw UsageError(args.positional.isEmpty ? "name the shell: bash, zsh or fish" : "name one shell",
                             command: name)
        }
        guard let shell = ShellCompletions.Shell(rawValue: args.positional[0]) else {
            throw UsageError("no completions for '\(args.positional[0])': bash, zsh or fish", command: name)
        }
        print(ShellCompletions.script(for: shell, commands: Segue.commands), terminator: "")
    }
}
