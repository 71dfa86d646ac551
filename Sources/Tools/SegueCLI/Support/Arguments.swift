import SegueBasics

/// A command's options as parsed from the command line: `--name value`,
/// `--name=value`, flags, and positional arguments. `--` ends options.
struct Arguments {
    /// One option a command accepts, with its help: the one table a
    /// command's parsing, its `--help` (and so its man page) and the shell
    /// completions are made from.
    struct Option: Sendable {
        /// Its names; the command reads it by the first (`-o` for `-o, --output`).
        let names: [String]
        /// What its value is called in the help (`FILE`, `SPEC`); nil for a flag.
        let placeholder: String?
        let repeatable: Bool
        /// What it does: lines, the first beside its names, the others under it.
        let help: String
        /// What a shell may offer for its value.
        let completion: Completion

        var takesValue: Bool { placeholder != nil }

        /// An option with a value: `--name VALUE` or `--name=VALUE`.
        static func value(_ names: String..., as placeholder: String, repeatable: Bool = false,
                          completing completion: Completion = .nothing, _ help: String) -> Option {
            Option(names: names, placeholder: placeholder, repeatable: repeatable, help: help, completion: completion)
        }

        static func flag(_ names: String..., help: String) -> Option {
            Option(names: names, placeholder: nil, repeatable: false, help: help, completion: .nothing)
        }

        /// `--json`, as the commands that list things take it.
        static let json = flag("--json", help: "machine-readable output")
        /// `-q`, as the commands that report progress take it.
        static let quiet = flag("-q", "--quiet", help: "no progress bar, no report")

        /// The help's entries for `options`, then `-h, --help`: each option's
        /// names and placeholder, then its help from the 25th column.
        static func help(_ options: [Option]) -> String {
            (options + [flag("-h", "--help", help: "show this help")]).map { option in
                let term = option.names.joined(separator: ", ") + (option.placeholder.map { " " + $0 } ?? "")
                let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
                return "  " + term + String(repeating: " ", count: max(2, 22 - term.count))
                    + lines.joined(separator: "\n" + String(repeating: " ", count: 24))
            }.joined(separator: "\n")
        }
    }

    /// What a shell may complete an option's value with.
    enum Completion: Sendable, Equatable {
        case nothing, files, folders
        /// What `segue list --names` prints for the kind.
        case names(Names)
        case words([String])
    }

    /// The kinds of name `segue list --names` prints, one a line: `.name`
    /// for transitions and animations (as specs write them), plain names
    /// for effects (as `segue describe` takes them).
    enum Names: String, CaseIterable, Sendable {
        case transitions, effects, animations
    }

    private var values: [String: [String]] = [:]
    private(set) var positional: [String] = []
    let command: String

    init(_ arguments: [String], command: String, options: [Option]) throws {
        self.command = command
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names).filter { $0.hasPrefix("--") }
                var message = "unknown option '\(name)'"
                if let guess = Suggestions.closest(to: name, among: known) { message += "; did you mean '\(guess)'?" }
                throw UsageError(message, command: command)
            }
            let key = option.names[0]
            if values[key] != nil && !option.repeatable {
                throw UsageError("option '\(key)' is given twice", command: command)
            }
            if option.takesValue {
                if inlineValue == nil {
                    guard index < arguments.count else {
                        throw UsageError("option '\(name)' needs a value", command: command)
                    }
                    inlineValue = arguments[index]
                    index += 1
                }
                values[key, default: []].append(inlineValue!)
            } else {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value", command: command) }
                values[key, default: []].append("")
            }
        }
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    func value(_ name: String) -> String? { values[name]?.last }

    func all(_ name: String) -> [String] { values[name] ?? [] }

    func required(_ name: String) throws -> String {
        guard let value = value(name) else { throw UsageError("option '\(name)' is required", command: command) }
        return value
    }

    /// The value of `name` as a finite number (optionally within `range`).
    func number(_ name: String, in range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("option '\(name)' needs a number, not '\(text)'", command: command)
        }
        if let range, !range.contains(number) {
            throw UsageError("option '\(name)' must be between \(range.lowerBound) and \(range.upperBound), not \(text)",
                             command: command)
        }
        return number
    }

    /// The value of `name` as a whole number (optionally within `range`).
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '\(name)' needs a whole number in \(range.lowerBound)…\(range.upperBound), not '\(text)'",
                             command: command)
        }
        return number
    }

    /// The value of `name` as a frame rate: "30", "29.97", "30000/1001" (see `FrameRate`).
    func frameRate(_ name: String) throws -> FrameRate? {
        guard let text = value(name) else { return nil }
        guard let rate = FrameRate(text) else {
            throw UsageError("option '\(name)' needs frames per second between 1 and 1000, such as 30, 29.97 or 30000/1001, not '\(text)'",
                             command: command)
        }
        return rate
    }

    /// The value of `name` as one of `choices`.
    func choice<T>(_ name: String, _ choices: [(String, T)]) throws -> T? {
        guard let text = value(name) else { return nil }
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw UsageError("option '\(name)' must be one of \(choices.map(\.0).joined(separator: ", ")), not '\(text)'",
                             command: command)
        }
        return match.1
    }
}
