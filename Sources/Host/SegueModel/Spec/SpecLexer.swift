import SegueBasics

/// One token of a spec, with the 1-based column where it starts.
struct SpecToken: Equatable {
    enum Kind: Equatable {
        case dot, comma, colon, leftParen, rightParen, minus, plus
        case identifier(String)
        case number(Double)
        case string(String)
        case end
    }

    let kind: Kind
    let column: Int

    /// How the token reads in a message: "')'", "'move'", "end of spec".
    var summary: String {
        switch kind {
        case .dot: "'.'"
        case .comma: "','"
        case .colon: "':'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .minus: "'-'"
        case .plus: "'+'"
        case .identifier(let name): "'\(name)'"
        case .number(let value): "the number \(SpecFormat.number(value))"
        case .string: "a string"
        case .end: "the end of the spec"
        }
    }
}

/// Splits a spec into tokens. Whitespace (including newlines) separates tokens.
enum SpecLexer {
    static func tokens(of text: String) throws -> [SpecToken] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [SpecToken] = []
        var i = 0

        func fail(_ column: Int, _ message: String) -> SegueError {
            SegueError(.parse, "column \(column): \(message)")
        }

        while i < scalars.count {
            let c = scalars[i]
            let column = i + 1
            if c.properties.isWhitespace {
                i += 1
                continue
            }
            let single: SpecToken.Kind? = switch c {
            case ",": .comma
            case ":": .colon
            case "(": .leftParen
            case ")": .rightParen
            case "-": .minus
            case "+": .plus
            default: nil
            }
            if let single {
                tokens.append(SpecToken(kind: single, column: column))
                i += 1
            } else if c == "." && !(i + 1 < scalars.count && isDigit(scalars[i + 1]) && !followsValue(tokens)) {
                tokens.append(SpecToken(kind: .dot, column: column))
                i += 1
            } else if isDigit(c) || c == "." {
                let start = i
                while i < scalars.count, isDigit(scalars[i]) || scalars[i] == "." || scalars[i] == "_" { i += 1 }
                if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
                    i += 1
                    if i < scalars.count, scalars[i] == "-" || scalars[i] == "+" { i += 1 }
                    while i < scalars.count, isDigit(scalars[i]) { i += 1 }
                }
                let literal = String(String.UnicodeScalarView(scalars[start..<i])).replacing("_", with: "")
                guard let value = Double(literal), value.isFinite else {
                    throw fail(column, "'\(literal)' is not a number")
                }
                tokens.append(SpecToken(kind: .number(value), column: column))
            } else if isIdentifierStart(c) {
                let start = i
                while i < scalars.count, isIdentifierStart(scalars[i]) || isDigit(scalars[i]) { i += 1 }
                tokens.append(SpecToken(kind: .identifier(String(String.UnicodeScalarView(scalars[start..<i]))), column: column))
            } else if c == "\"" {
                i += 1
                var value = String.UnicodeScalarView()
                while true {
                    guard i < scalars.count else { throw fail(column, "the string that starts here is not closed with '\"'") }
                    let s = scalars[i]
                    i += 1
                    if s == "\"" { break }
                    if s == "\\" {
                        guard i < scalars.count else { throw fail(column, "the string that starts here is not closed with '\"'") }
                        let escaped = scalars[i]
                        i += 1
                        switch escaped {
                        case "\"", "\\": value.append(escaped)
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: throw fail(i - 1, "unknown escape '\\\(Character(escaped))' in a string")
                        }
                    } else {
                        value.append(s)
                    }
                }
                tokens.append(SpecToken(kind: .string(String(value)), column: column))
            } else {
                throw fail(column, "unexpected character '\(Character(c))'")
            }
        }
        tokens.append(SpecToken(kind: .end, column: scalars.count + 1))
        return tokens
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }

    /// After a value, `.5` cannot start a number, so `.` is member access.
    private static func followsValue(_ tokens: [SpecToken]) -> Bool {
        switch tokens.last?.kind {
        case .identifier, .rightParen, .number, .string: true
        default: false
        }
    }
}
