/// Completion scripts for bash, zsh and fish, written from the commands'
/// own tables (`Command.options`, `Command.operands`): what `--help` lists is
/// what the shell offers. Effect, transition and animation names are asked of
/// `segue list --names` as the user types, so plugins installed later are
/// offered too.
enum ShellCompletions {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell, commands: [Command]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// The option names of `command`, `-h` and `--help` included.
    private static func names(_ command: Command) -> [String] {
        command.options.flatMap(\.names) + ["-h", "--help"]
    }

    /// An option's help on one line, for the shells that show it.
    private static func summary(_ text: String) -> String {
        text.split(separator: "\n").joined(separator: " ")
    }

    // MARK: bash

    private static func bash(_ commands: [Command]) -> String {
        func reply(_ completion: Arguments.Completion) -> String {
            switch completion {
            case .nothing: "return"
            case .files: "_segue_files -f; return"
            case .folders: "_segue_files -d; return"
            case .names(let kind): "_segue_names \(kind.rawValue); return"
            case .words(let words): "_segue_words \(quoted(words.joined(separator: " "))); return"
            }
        }
        var cases = ""
        for command in commands {
            // The options that take a value, grouped by what they complete to.
            var groups: [(names: [String], reply: String)] = []
            for option in command.options where option.takesValue {
                let answer = reply(option.completion)
                if let index = groups.firstIndex(where: { $0.reply == answer }) {
                    groups[index].names += option.names
                } else {
                    groups.append((option.names, answer))
                }
            }
            let values = groups.map { "                \($0.names.joined(separator: "|"))) \($0.reply) ;;\n" }.joined()
            let options = "_segue_words \(quoted(names(command).joined(separator: " ")))"
            let rest = command.operands == .nothing
                ? options : "if [[ $cur == -* ]]; then \(options); else \(reply(command.operands)); fi"
            cases += "        \(command.name))\n"
                + (values.isEmpty ? "" : "            case $prev in\n\(values)            esac\n")
                + "            \(rest) ;;\n"
        }
        return """
            # bash completion for segue: written by 'segue completions bash' from the
            # commands' option tables. Names come from 'segue list --names'.
            _segue_words() { COMPREPLY=($(compgen -W "$1" -- "$cur")); }
            _segue_names() { _segue_words "$("${COMP_WORDS[0]}" list --names "$1" 2>/dev/null)"; }
            _segue_files() { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen "$1" -- "$cur")); }
            _segue() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                if ((COMP_CWORD == 1)); then
                    _segue_words \(quoted((commands.map(\.name) + ["--help", "--version"]).joined(separator: " ")))
                    return
                fi
                case ${COMP_WORDS[1]} in
            \(cases)    esac
            }
            complete -F _segue segue

            """
    }

    /// `text` in single quotes for a POSIX shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "'\\''") + "'"
    }

    // MARK: zsh

    private static func zsh(_ commands: [Command]) -> String {
        func action(_ completion: Arguments.Completion) -> String {
            switch completion {
            case .nothing: " "
            case .files: "_files"
            case .folders: "_files -/"
            case .names(let kind): "_segue_names \(kind.rawValue)"
            case .words(let words): "(\(words.joined(separator: " ")))"
            }
        }
        /// An `_arguments` description: no brackets or colons to end it early.
        func described(_ text: String) -> String {
            summary(text).replacingAll("[", with: "(").replacingAll("]", with: ")").replacingAll(":", with: "\\:")
        }
        var cases = ""
        for command in commands {
            var specs = command.options.map { option -> String in
                let names = option.names.count == 1 ? option.names[0] : "{\(option.names.joined(separator: ","))}"
                let exclusion = option.names.count == 1 || option.repeatable ? "" : "(\(option.names.joined(separator: " ")))"
                let value = option.placeholder.map { ":\(described($0)):\(action(option.completion))" } ?? ""
                let prefix = option.repeatable ? "*" : exclusion
                return (prefix.isEmpty ? "" : quoted(prefix)) + names
                    + quoted("[\(described(option.help))]\(value)")
            }
            specs.append(quoted("(- *)") + "{-h,--help}" + quoted("[show this help]"))
            if command.operands != .nothing { specs.append(quoted("*:argument:\(action(command.operands))")) }
            cases += "        \(command.name)) _arguments -s \\\n            "
                + specs.joined(separator: " \\\n            ") + " ;;\n"
        }
        let list = commands.map { quoted("\($0.name):\(described($0.summary))") }.joined(separator: "\n        ")
        return """
            #compdef segue
            # zsh completion for segue: written by 'segue completions zsh' from the
            # commands' option tables. Names come from 'segue list --names'.
            _segue_names() {
                local -a names
                names=(${(f)"$($_segue_program list --names $1 2>/dev/null)"})
                compadd -a names
            }
            _segue() {
                local _segue_program=$words[1]
                local -a commands
                commands=(
                    \(list)
                )
                if ((CURRENT == 2)); then
                    _describe command commands
                    return
                fi
                local command=$words[2]
                shift words
                ((CURRENT--))
                case $command in
            \(cases)    esac
            }
            _segue "$@"

            """
    }

    // MARK: fish

    private static func fish(_ commands: [Command]) -> String {
        func arguments(_ completion: Arguments.Completion) -> String {
            switch completion {
            case .nothing: "-x"
            case .files: "-r -F"
            case .folders: "-x -a '(__fish_complete_directories)'"
            case .names(let kind): "-x -a '(__segue_names \(kind.rawValue))'"
            case .words(let words): "-x -a \(fishQuoted(words.joined(separator: " ")))"
            }
        }
        var lines = [
            "# fish completion for segue: written by 'segue completions fish' from the",
            "# commands' option tables. Names come from 'segue list --names'.",
            "function __segue_names; command segue list --names $argv 2>/dev/null; end",
            "complete -c segue -f",
            "complete -c segue -n __fish_use_subcommand -l help -s h -d 'show the commands'",
            "complete -c segue -n __fish_use_subcommand -l version -d 'show the version'",
        ]
        for command in commands {
            lines.append("complete -c segue -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.summary))")
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options + [.flag("-h", "--help", help: "show this help")] {
                let names = option.names.map { $0.hasPrefix("--") ? "-l \($0.dropFirst(2))" : "-s \($0.dropFirst())" }
                let value = option.takesValue ? " " + arguments(option.completion) : ""
                lines.append("complete -c segue \(condition) \(names.joined(separator: " "))\(value) "
                    + "-d \(fishQuoted(summary(option.help)))")
            }
            switch command.operands {
            case .nothing: break
            case .files: lines.append("complete -c segue \(condition) -F")
            default: lines.append("complete -c segue \(condition) \(arguments(command.operands))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in single quotes for fish, which escapes only `\` and `'` there.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
