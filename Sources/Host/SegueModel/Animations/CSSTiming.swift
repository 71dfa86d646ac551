import SegueBasics

/// CSS's spelling of timing functions, and easing names written bare, read
/// as animations:
///
///     css      := function ( duration )?
///     function := 'linear' | 'ease' | 'ease-in' | 'ease-out' | 'ease-in-out' | 'step-start' | 'step-end'
///               | 'cubic-bezier(' N ',' N ',' N ',' N ')'
///               | 'steps(' N ( ',' ( 'jump-start' | 'jump-end' | 'jump-none' | 'jump-both' | 'start' | 'end' ) )? ')'
///               | an easing name: 'easeOutBack', 'cubicInOut' …
///     duration := N ( 's' | 'ms' )                       (default 0.35 s, as SwiftUI's curves)
///
/// So `--animation 'cubic-bezier(0.25, 0.1, 0.25, 1) 2s'` and
/// `--animation easeOutBack` work as a CSS or editly user writes them.
enum CSSTiming {
    /// The animation `spec` spells in CSS; nil when it is not CSS's spelling
    /// (Segue's own starts with '.', or is a word CSS does not know).
    /// - Throws: `.parse` (with the column) for a CSS function written wrong;
    ///   `.invalidArgument` (with the column) for values out of range.
    static func animation(_ spec: String) throws -> Animation? {
        var scanner = Scanner(spec)
        scanner.skipSpaces()
        let start = scanner.column
        let word = scanner.word()
        guard !word.isEmpty, let make = try function(word, at: start, &scanner) else { return nil }
        scanner.skipSpaces()
        var duration = 0.35
        if !scanner.atEnd {
            let column = scanner.column
            guard let number = scanner.number() else {
                throw SegueError(.parse, "column \(column): expected a duration such as 2s or 500ms after '\(word)'")
            }
            let unit = scanner.word()
            guard unit == "s" || unit == "ms" else {
                throw SegueError(.parse, "column \(column): a duration needs its unit, s or ms: \(SpecFormat.number(number))s")
            }
            duration = unit == "ms" ? number / 1000 : number
            scanner.skipSpaces()
            guard scanner.atEnd else {
                throw SegueError(.parse, "column \(scanner.column): unexpected text after the duration")
            }
        }
        return try atColumn(start) { try make(duration) }
    }

    /// How `word` makes an animation of a given duration, reading its arguments; nil when CSS has no such word.
    private static func function(_ word: String, at column: Int,
                                 _ scanner: inout Scanner) throws -> ((Double) throws -> Animation)? {
        let keywords: [String: TimingCurve] = ["linear": .linear, "ease": .ease, "ease-in": .easeIn,
                                               "ease-out": .easeOut, "ease-in-out": .easeInOut]
        if let curve = keywords[word] { return { try .timingCurve(curve, duration: $0) } }
        if word == "step-start" || word == "step-end" {
            return { try .easing(.steps(1, word == "step-start" ? .start : .end), duration: $0) }
        }
        if let easing = Easing.named.first(where: { $0.name == word })?.easing {
            return { try .easing(easing, duration: $0) }
        }
        switch word {
        case "cubic-bezier":
            let values = try arguments(of: word, &scanner)
            let points = values.compactMap(\.number)
            guard values.count == 4, points.count == 4 else {
                throw SegueError(.parse, "column \(column): cubic-bezier() takes four numbers, x1, y1, x2, y2")
            }
            return { try .timingCurve(points[0], points[1], points[2], points[3], duration: $0) }
        case "steps":
            let values = try arguments(of: word, &scanner)
            guard (1...2).contains(values.count), let count = values[0].number, count == count.rounded(),
                  count >= 1, count <= 10_000 else {
                throw SegueError(.parse, "column \(column): steps() takes a whole number of steps in 1…10000, "
                    + "then optionally jump-start, jump-end, jump-none or jump-both")
            }
            let terms: [String: Easing.Jump] = ["jump-start": .start, "start": .start, "jump-end": .end, "end": .end,
                                                "jump-none": .none, "jump-both": .both]
            var jump = Easing.Jump.end
            if values.count == 2 {
                guard let word = values[1].word, let term = terms[word] else {
                    throw SegueError(.parse, "column \(values[1].column): expected jump-start, jump-end, jump-none "
                        + "or jump-both")
                }
                jump = term
            }
            return { try .easing(.steps(Int(count), jump), duration: $0) }
        default:
            return nil
        }
    }

    /// One argument of a CSS function: a number or a word, where it starts.
    private struct Argument {
        var number: Double?
        var word: String?
        var column: Int
    }

    /// The comma-separated arguments in parentheses after `name`.
    private static func arguments(of name: String, _ scanner: inout Scanner) throws -> [Argument] {
        scanner.skipSpaces()
        guard scanner.take("(") else {
            throw SegueError(.parse, "column \(scanner.column): expected '(' after '\(name)'")
        }
        var list: [Argument] = []
        while true {
            scanner.skipSpaces()
            let column = scanner.column
            if let number = scanner.number() {
                list.append(Argument(number: number, column: column))
            } else {
                let word = scanner.word()
                guard !word.isEmpty else {
                    throw SegueError(.parse, "column \(column): expected a value in \(name)()")
                }
                list.append(Argument(word: word, column: column))
            }
            scanner.skipSpaces()
            if scanner.take(")") { return list }
            guard scanner.take(",") else {
                throw SegueError(.parse, "column \(scanner.column): expected ',' or ')' in \(name)()")
            }
        }
    }

    /// Characters with their columns (from 1).
    private struct Scanner {
        let characters: [Character]
        var index = 0

        init(_ text: String) { characters = Array(text) }

        var atEnd: Bool { index >= characters.count }
        var column: Int { index + 1 }

        mutating func skipSpaces() {
            while !atEnd, characters[index].isWhitespace { index += 1 }
        }

        mutating func take(_ character: Character) -> Bool {
            guard !atEnd, characters[index] == character else { return false }
            index += 1
            return true
        }

        /// Letters, digits and '-' from here, starting with a letter; "" when there are none.
        mutating func word() -> String {
            guard !atEnd, characters[index].isLetter else { return "" }
            let start = index
            while !atEnd, characters[index].isLetter || characters[index].isNumber || characters[index] == "-" {
                index += 1
            }
            return String(characters[start..<index])
        }

        /// A decimal number from here, or nil (leaving the position as it was).
        mutating func number() -> Double? {
            let start = index
            if !atEnd, characters[index] == "-" || characters[index] == "+" { index += 1 }
            while !atEnd, characters[index].isNumber || characters[index] == "." { index += 1 }
            if !atEnd, characters[index] == "e" || characters[index] == "E", index > start {
                let mark = index
                index += 1
                if !atEnd, characters[index] == "-" || characters[index] == "+" { index += 1 }
                if atEnd || !characters[index].isNumber { index = mark }
                while !atEnd, characters[index].isNumber { index += 1 }
            }
            guard index > start, let value = Double(String(characters[start..<index])), value.isFinite else {
                index = start
                return nil
            }
            return value
        }
    }
}
