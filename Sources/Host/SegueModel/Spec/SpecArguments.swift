import SegueBasics

/// The arguments of one call in a spec, checked against what the callee takes.
struct SpecArguments {
    let list: [SpecArgument]
    /// How the callee reads in messages, e.g. "'.asymmetric'".
    let callee: String
    let column: Int

    init(_ list: [SpecArgument]?, callee: String, column: Int) {
        self.list = list ?? []
        self.callee = callee
        self.column = column
    }

    /// Refuses labels other than `allowed` and labels given twice.
    func check(allowed: [String?]) throws {
        var seen = Set<String>()
        for argument in list {
            let label = argument.label ?? "_"
            guard allowed.contains(argument.label) else {
                let what = argument.label.map { "no argument '\($0):'" } ?? "no unlabelled argument"
                let takes = allowed.isEmpty ? "no arguments"
                    : "(" + allowed.map { ($0 ?? "_") + ":" }.joined() + ")"
                throw SegueError(.parse, "column \(argument.column): \(callee) takes \(what); it takes \(takes)")
            }
            guard seen.insert(label).inserted else {
                throw SegueError(.parse, "column \(argument.column): argument '\(label)' is given twice")
            }
        }
    }

    /// The argument labelled `label`, or an error saying it is missing.
    func required(_ label: String?) throws -> SpecExpression {
        guard let value = optional(label) else {
            throw SegueError(.parse, "column \(column): \(callee) needs the argument '\(label ?? "_"):'")
        }
        return value
    }

    func optional(_ label: String?) -> SpecExpression? {
        list.first { $0.label == label }?.value
    }
}

/// Prefixes an error's message with the column it concerns, keeping its code.
func atColumn<T>(_ column: Int, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as SegueError where !error.message.hasPrefix("column ") {
        throw SegueError(error.code, "column \(column): \(error.message)")
    }
}
