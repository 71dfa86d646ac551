import SegueBasics

/// Parses spec text into a `SpecExpression`. Grammar:
///
///     spec       := expression END
///     expression := primary ( '.' IDENT call? )*
///     primary    := '.' IDENT call? | IDENT call? | call | ('-' | '+')? NUMBER | STRING
///     call       := '(' ( argument ( ',' argument )* )? ')'
///     argument   := ( IDENT ':' )? expression
///
/// Errors are `.parse` with the column and what was expected.
public enum SpecParser {
    /// The deepest nesting accepted, so hostile input cannot exhaust the stack.
    public static let maximumDepth = 64

    public static func parse(_ text: String) throws -> SpecExpression {
        var parser = Parser(tokens: try SpecLexer.tokens(of: text))
        if case .end = parser.peek.kind {
            throw SegueError(.parse, "column 1: the spec is empty")
        }
        let expression = try parser.expression(depth: 0)
        guard case .end = parser.peek.kind else {
            throw parser.error(expected: "the end of the spec (or '.' to continue)")
        }
        return expression
    }

    private struct Parser {
        let tokens: [SpecToken]
        var index = 0

        var peek: SpecToken { tokens[index] }

        mutating func next() -> SpecToken {
            let token = tokens[index]
            if index < tokens.count - 1 { index += 1 }
            return token
        }

        func error(expected: String) -> SegueError {
            SegueError(.parse, "column \(peek.column): expected \(expected), found \(peek.summary)")
        }

        /// `depth` counts both nested calls and links of a `.a.b.c` chain,
        /// since readers recurse through both.
        mutating func expression(depth: Int) throws -> SpecExpression {
            var depth = depth
            try checkDepth(depth)
            var result = try primary(depth: depth)
            while case .dot = peek.kind {
                depth += 1
                try checkDepth(depth)
                _ = next()
                let (name, column) = try identifier(after: "'.'")
                result = .member(base: result, name: name, arguments: try callIfPresent(depth: depth), column: column)
            }
            return result
        }

        func checkDepth(_ depth: Int) throws {
            guard depth < SpecParser.maximumDepth else {
                throw SegueError(.parse, "column \(peek.column): the spec nests deeper than \(SpecParser.maximumDepth) levels")
            }
        }

        mutating func primary(depth: Int) throws -> SpecExpression {
            let token = peek
            switch token.kind {
            case .dot:
                _ = next()
                let (name, column) = try identifier(after: "'.'")
                return .member(base: nil, name: name, arguments: try callIfPresent(depth: depth), column: column)
            case .identifier(let name):
                _ = next()
                if case .leftParen = peek.kind {
                    return .construction(name: name, arguments: try call(depth: depth), column: token.column)
                }
                return .identifier(name, column: token.column)
            case .leftParen:
                return .tuple(arguments: try call(depth: depth), column: token.column)
            case .minus, .plus:
                _ = next()
                guard case .number(let value) = peek.kind else {
                    throw error(expected: "a number after \(token.summary)")
                }
                _ = next()
                return .number(token.kind == .minus ? -value : value, column: token.column)
            case .number(let value):
                _ = next()
                return .number(value, column: token.column)
            case .string(let value):
                _ = next()
                return .string(value, column: token.column)
            default:
                throw error(expected: "a value such as .opacity, 0.5 or CGSize(width: 4, height: 3)")
            }
        }

        mutating func identifier(after what: String) throws -> (String, Int) {
            guard case .identifier(let name) = peek.kind else {
                throw error(expected: "a name after \(what)")
            }
            return (name, next().column)
        }

        mutating func callIfPresent(depth: Int) throws -> [SpecArgument]? {
            guard case .leftParen = peek.kind else { return nil }
            return try call(depth: depth)
        }

        mutating func call(depth: Int) throws -> [SpecArgument] {
            let open = next()
            var arguments: [SpecArgument] = []
            if case .rightParen = peek.kind {
                _ = next()
                return arguments
            }
            while true {
                let column = peek.column
                var label: String?
                if case .identifier(let name) = peek.kind, case .colon = tokens[index + 1].kind {
                    label = name
                    _ = next()
                    _ = next()
                }
                arguments.append(SpecArgument(label: label, value: try expression(depth: depth + 1), column: column))
                switch peek.kind {
                case .comma:
                    _ = next()
                case .rightParen:
                    _ = next()
                    return arguments
                default:
                    throw error(expected: "',' or ')' to close the '(' at column \(open.column)")
                }
            }
        }
    }
}
