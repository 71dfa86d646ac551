/// The syntax tree of a spec: Swift-like expressions such as
/// `.move(edge: .trailing).combined(with: .opacity)`. It knows nothing of
/// transitions or animations; readers give the nodes meaning.
public indirect enum SpecExpression: Sendable {
    /// `.name`, `.name(arguments)`, `Type.name(…)` (base is `.identifier`)
    /// or `expression.name(…)`. `arguments` is nil when there are no parentheses.
    case member(base: SpecExpression?, name: String, arguments: [SpecArgument]?, column: Int)
    /// `Name(arguments)`, e.g. `CGSize(width: 4, height: 3)`.
    case construction(name: String, arguments: [SpecArgument], column: Int)
    /// `(arguments)` without a name: a Swift tuple such as `(x: 0, y: 1, z: 0)`.
    case tuple(arguments: [SpecArgument], column: Int)
    /// A bare word: `true`, `false`, or a type name before a dot.
    case identifier(String, column: Int)
    case number(Double, column: Int)
    case string(String, column: Int)

    /// The 1-based column where the expression starts (for a member with a
    /// base, where its own name starts).
    public var column: Int {
        switch self {
        case .member(_, _, _, let column), .construction(_, _, let column), .tuple(_, let column),
             .identifier(_, let column), .number(_, let column), .string(_, let column):
            column
        }
    }

    /// A few words naming what this is, for "expected X, found Y" messages.
    public var summary: String {
        switch self {
        case .member(_, let name, _, _): "'.\(name)'"
        case .construction(let name, _, _): "'\(name)(…)'"
        case .tuple: "a tuple '(…)'"
        case .identifier(let name, _): "'\(name)'"
        case .number(let value, _): "the number \(SpecFormat.number(value))"
        case .string(let text, _): "the string \"\(text)\""
        }
    }
}

/// `label: value`, or just `value`.
public struct SpecArgument: Sendable {
    public let label: String?
    public let value: SpecExpression
    /// Where the argument (its label, if any) starts.
    public let column: Int
}
