import SegueBasics

/// A command's options as parsed from the command line: `--name value`,
/// `--name=value`, flags, and positional arguments. `--` ends options.
struct Arguments {
    /// One option a command accepts.
    struct Option {
        let names: [String]
        let takesValue: Bool
        let repeatable: Bool

        static func value(_ names: String..., repeatable: Bool = false) -> Option {
            Option(names: names, takesValue: true, repeatable: repeatable)
        }

        static func flag(_ names: String...) -> Option {
            Option(names: names, takesValue: false, repeatable: false)
        }
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
