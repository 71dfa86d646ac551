import SegueBasics
import Testing

@testable import SegueModel

/// A compact rendering of a syntax tree with every column: `.name@col(label@col: value)`.
private func render(_ expression: SpecExpression) -> String {
    func arguments(_ list: [SpecArgument]) -> String {
        "(" + list.map { ($0.label.map { "\($0)" } ?? "") + "@\($0.column): " + render($0.value) }.joined(separator: ", ") + ")"
    }
    switch expression {
    case .member(let base, let name, let list, let column):
        return (base.map(render) ?? "") + ".\(name)@\(column)" + (list.map(arguments) ?? "")
    case .construction(let name, let list, let column):
        return "\(name)@\(column)" + arguments(list)
    case .tuple(let list, let column):
        return "@\(column)" + arguments(list)
    case .identifier(let name, let column):
        return "\(name)@\(column)"
    case .number(let value, let column):
        return "\(SpecFormat.number(value))@\(column)"
    case .string(let text, let column):
        return "\(SpecFormat.string(text))@\(column)"
    }
}

private func tree(_ text: String) throws -> String { render(try SpecParser.parse(text)) }

// MARK: - Lexer

@Suite struct SpecLexerTests {
    private func kinds(_ text: String) throws -> [String] {
        try SpecLexer.tokens(of: text).map { token in
            let kind = switch token.kind {
            case .identifier(let name): "id:\(name)"
            case .number(let value): "num:\(SpecFormat.number(value))"
            case .string(let text): "str:\(text)"
            case .end: "end"
            default: token.summary
            }
            return "\(kind)@\(token.column)"
        }
    }

    @Test func punctuationAndColumns() throws {
        #expect(try kinds(".a(b: -1, +2)") == [
            "'.'@1", "id:a@2", "'('@3", "id:b@4", "':'@5", "'-'@7", "num:1@8", "','@9", "'+'@11", "num:2@12",
            "')'@13", "end@14",
        ])
        #expect(try kinds("") == ["end@1"])
        #expect(try kinds(" \t\n") == ["end@4"])
    }

    @Test func leadingDotNumbers() throws {
        // `.5` is a number where a value may start...
        #expect(try kinds("(.5)") == ["'('@1", "num:0.5@2", "')'@4", "end@5"])
        #expect(try kinds("x: .25") == ["id:x@1", "':'@2", "num:0.25@4", "end@7"])
        #expect(try kinds("-.5") == ["'-'@1", "num:0.5@2", "end@4"])
        #expect(try kinds(",.5") == ["','@1", "num:0.5@2", "end@4"])
        #expect(try kinds(".5") == ["num:0.5@1", "end@3"])
        // ...and member access after a value.
        #expect(try kinds("x.5") == ["id:x@1", "'.'@2", "num:5@3", "end@4"])
        #expect(try kinds(").5") == ["')'@1", "'.'@2", "num:5@3", "end@4"])
        #expect(try kinds("\"s\".5") == ["str:s@1", "'.'@4", "num:5@5", "end@6"])
    }

    @Test func numberForms() throws {
        #expect(try kinds("1e-3") == ["num:0.001@1", "end@5"])
        #expect(try kinds("1E3 2e+2 0.25e2") == ["num:1000@1", "num:200@5", "num:25@10", "end@16"])
        #expect(try kinds("1_000.5") == ["num:1000.5@1", "end@8"])
        #expect(try kinds("1.") == ["num:1@1", "end@3"])
        #expect(try kinds("007") == ["num:7@1", "end@4"])
        #expect(throws: SegueError(.parse, "column 1: '1.5.' is not a number")) { try SpecLexer.tokens(of: "1.5.x") }
        #expect(throws: SegueError(.parse, "column 3: '2e' is not a number")) { try SpecLexer.tokens(of: "( 2e)") }
        #expect(throws: SegueError(.parse, "column 1: '1e999' is not a number")) { try SpecLexer.tokens(of: "1e999") }
    }

    @Test func identifiers() throws {
        #expect(try kinds("_a1 B2c") == ["id:_a1@1", "id:B2c@5", "end@8"])
        #expect(try kinds("2x") == ["num:2@1", "id:x@2", "end@3"])
        #expect(DeclarationRules.isIdentifier("countUp"))
        #expect(DeclarationRules.isIdentifier("_"))
        #expect(!DeclarationRules.isIdentifier(""))
        #expect(!DeclarationRules.isIdentifier("a-b"))
        #expect(!DeclarationRules.isIdentifier("é"))
        #expect(!DeclarationRules.isIdentifier("1a"))
    }

    @Test func stringsAndEscapes() throws {
        #expect(try kinds(#""a\"b\\c\nd\te""#) == ["str:a\"b\\c\nd\te@1", "end@16"])
        #expect(try kinds("\"two\nlines\" x") == ["str:two\nlines@1", "id:x@13", "end@14"])
        #expect(try kinds("\"é🎉\" x") == ["str:é🎉@1", "id:x@6", "end@7"])
        #expect(try kinds(#""""#) == ["str:@1", "end@3"])
        #expect(throws: SegueError(.parse, #"column 3: unknown escape '\q' in a string"#)) {
            try SpecLexer.tokens(of: #""a\qb""#)
        }
        #expect(throws: SegueError(.parse, #"column 3: the string that starts here is not closed with '"'"#)) {
            try SpecLexer.tokens(of: #"x "abc"#)
        }
        #expect(throws: SegueError(.parse, #"column 1: the string that starts here is not closed with '"'"#)) {
            try SpecLexer.tokens(of: #""abc\"#)
        }
    }

    @Test func unexpectedCharacters() {
        #expect(throws: SegueError(.parse, "column 1: unexpected character '@'")) { try SpecLexer.tokens(of: "@") }
        #expect(throws: SegueError(.parse, "column 5: unexpected character '@'")) { try SpecLexer.tokens(of: "\"é\" @") }
        #expect(throws: SegueError(.parse, "column 9: unexpected character ';'")) { try SpecLexer.tokens(of: ".opacity;") }
        #expect(throws: SegueError(.parse, "column 1: unexpected character 'é'")) { try SpecLexer.tokens(of: "é") }
    }
}

// MARK: - Parser (syntax only)

@Suite struct SpecSyntaxTests {
    @Test func memberChainsAndCalls() throws {
        #expect(try tree("AnyTransition.move(edge: .trailing).combined(with: .opacity)")
                    == "AnyTransition@1.move@15(edge@20: .trailing@27).combined@37(with@46: .opacity@53)")
        #expect(try tree(".opacity") == ".opacity@2")
        #expect(try tree(".opacity()") == ".opacity@2()")
        #expect(try tree("CGSize(width: 4, height: 3)") == "CGSize@1(width@8: 4@15, height@18: 3@26)")
        #expect(try tree("Color.red.opacity(0.5)") == "Color@1.red@7.opacity@11(@19: 0.5@19)")
        #expect(try tree("true") == "true@1")
        #expect(try tree("\"x\"") == "\"x\"@1")
    }

    @Test func numbersInArguments() throws {
        #expect(try tree(".x(.5, 1e-3, -4, +2, 1_000, 0.25e2, - 7)")
                    == ".x@2(@4: 0.5@4, @8: 0.001@8, @14: -4@14, @18: 2@18, @22: 1000@22, @29: 25@29, @37: -7@37)")
    }

    @Test func whitespaceAndNewlinesBetweenTokens() throws {
        let text = "\n  .opacity\n\t.combined( with :\n .scale )\n"
        #expect(try tree(text) == ".opacity@5.combined@15(with@25: .scale@34)")
        #expect(try Fixtures.parse(text) == Transition.opacity.combined(with: try .scale()))
        #expect(try tree(".offset ( x : - 4 , y:.5 )") == ".offset@2(x@11: -4@15, y@21: 0.5@23)")
    }

    @Test func labelNeedsAColon() throws {
        // `scale 0.5` is a bare identifier followed by a number.
        #expect(throws: SegueError(.parse, "column 14: expected ',' or ')' to close the '(' at column 7, found the number 0.5")) {
            try SpecParser.parse(".scale(scale 0.5)")
        }
        // `x:` without a value.
        #expect(throws: SegueError(.parse,
                                   "column 11: expected a value such as .opacity, 0.5 or CGSize(width: 4, height: 3), found ')'")) {
            try SpecParser.parse(".offset(x:)")
        }
        #expect(throws: SegueError(.parse, "column 2: expected a number after '-', found '-'")) {
            try SpecParser.parse("--4")
        }
    }

    /// The parser's own limit (64, calls and chain links) is unchanged; the
    /// transitions' limit of 24 is tested in TransitionDepthTests.
    @Test func depthLimitOnNesting() throws {
        #expect(SpecParser.maximumDepth == 64)
        let prefix = ".asymmetric(insertion: "
        func nested(_ depth: Int) -> String {
            String(repeating: prefix, count: depth) + ".opacity" + String(repeating: ", removal: .opacity)", count: depth)
        }
        // 63 nested calls put the innermost value at depth 63: the parser accepts it...
        let syntax = try SpecParser.parse(nested(63))
        guard case .member(nil, "asymmetric", let arguments?, 2) = syntax else {
            Issue.record("not an .asymmetric call: \(syntax.summary)")
            return
        }
        #expect(arguments.map(\.label) == ["insertion", "removal"])
        // ...though the transition is too deep (refused where depth 25 is reached, not a crash).
        #expect(throws: SegueError.invalidArgument(
            "column \((63 - 24) * prefix.count + 2): transitions nest at most 24 levels deep")) {
            try Fixtures.parse(nested(63))
        }
        // One more is refused by the parser where the value at depth 64 starts.
        #expect(throws: SegueError(.parse, "column \(64 * prefix.count + 1): the spec nests deeper than 64 levels")) {
            try SpecParser.parse(nested(64))
        }
        #expect(throws: SegueError(.parse, "column \(64 * prefix.count + 1): the spec nests deeper than 64 levels")) {
            try Fixtures.parse(nested(64))
        }
        #expect(throws: SegueError(.parse, "column \(64 * prefix.count + 1): the spec nests deeper than 64 levels")) {
            try Fixtures.parse(nested(1000))
        }
        // Deep constructions too.
        let constructions = String(repeating: "CGSize(width: ", count: 100_000)
        let error = #expect(throws: SegueError.self) { try SpecParser.parse(constructions) }
        #expect(error?.code == .parse)
    }

    @Test func depthLimitOnChains() throws {
        let link = ".combined(with: .opacity)"
        func chain(_ links: Int) -> String { ".opacity" + String(repeating: link, count: links) }
        // 62 links: the parser accepts them...
        let syntax = try SpecParser.parse(chain(62))
        var links = 0, expression: SpecExpression? = syntax
        while case .member(let base?, "combined", _, _)? = expression {
            links += 1
            expression = base
        }
        #expect(links == 62)
        // ...the transition reader refuses link 24 (depth 25), at its name.
        #expect(throws: SegueError.invalidArgument(
            "column \(".opacity".count + 23 * link.count + 2): transitions nest at most 24 levels deep")) {
            try Fixtures.parse(chain(62))
        }
        // Link 63's argument sits at depth 64.
        let column = ".opacity".count + 62 * link.count + ".combined(with: ".count + 1
        #expect(throws: SegueError(.parse, "column \(column): the spec nests deeper than 64 levels")) {
            try Fixtures.parse(chain(63))
        }
        #expect(throws: SegueError(.parse, "column \(column): the spec nests deeper than 64 levels")) {
            try Fixtures.parse(chain(100_000))
        }
        // Plain member chains count too.
        let members = ".opacity" + String(repeating: ".combined", count: 100_000)
        let error = #expect(throws: SegueError.self) { try SpecParser.parse(members) }
        #expect(error?.code == .parse)
    }
}

// MARK: - Values inside specs

@Suite struct SpecValueTests {
    private func active(_ spec: String, _ name: String) throws -> ParameterValue {
        let modifiers = try Fixtures.parse(spec).modifiers(for: .insertion)
        try #require(modifiers.count == 1)
        return modifiers[0].active[name]
    }

    @Test func colors() throws {
        let orange = try #require(Color.named["orange"])
        #expect(try active(".probe(tint: .orange)", "tint") == .color(orange))
        #expect(try active(".probe(tint: Color.orange)", "tint") == .color(orange))
        #expect(try active(#".probe(tint: "orange")"#, "tint") == .color(orange))
        #expect(try active(##".probe(tint: "#ff8800")"##, "tint")
                    == .color(Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 1)))
        #expect(try active(##".probe(tint: "#ff880080")"##, "tint")
                    == .color(Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 128.0 / 255)))
        #expect(try active(".probe(tint: Color(red: 1, green: 0.5, blue: 0))", "tint")
                    == .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1)))
        #expect(try active(".probe(tint: Color(red: 1, green: 0.5, blue: 0, opacity: 0.25))", "tint")
                    == .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)))
        #expect(try active(".probe(tint: Color(white: 0.5, opacity: 0.25))", "tint")
                    == .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25)))
        #expect(try active(".probe(tint: .red.opacity(0.5))", "tint")
                    == .color(Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 0.5)))
        #expect(try active(".probe(tint: Color.white.opacity(0.5).opacity(0.5))", "tint")
                    == .color(Color(red: 1, green: 1, blue: 1, alpha: 0.25)))
        #expect(try active(".probe(tint: .clear)", "tint") == .color(.clear))
        // Components on the ends of 0…1 are fine.
        #expect(try active(".probe(tint: Color(red: 0, green: 1, blue: 0, opacity: 0))", "tint")
                    == .color(Color(red: 0, green: 1, blue: 0, alpha: 0)))
        #expect(try active(".probe(tint: Color(white: 1).opacity(1))", "tint") == .color(.white))
    }

    @Test func points() throws {
        #expect(try active(".probe(origin: CGPoint(x: -3, y: 4.5))", "origin") == .point(Point(x: -3, y: 4.5)))
        #expect(try active(".probe(origin: CGSize(width: 1, height: 2))", "origin") == .point(Point(x: 1, y: 2)))
        #expect(try active(".probe(origin: UnitPoint(x: 0.25, y: 0.75))", "origin") == .point(Point(x: 0.25, y: 0.75)))
        #expect(try active(".probe(origin: .bottomTrailing)", "origin") == .point(Point(x: 1, y: 1)))
        #expect(try active(".probe(origin: UnitPoint.top)", "origin") == .point(Point(x: 0.5, y: 0)))
        #expect(try active(".scale(anchor: .topLeading)", "anchor") == .point(Point(x: 0, y: 0)))
        #expect(try active(".scale(anchor: .zero)", "anchor") == .point(Point(x: 0, y: 0)))
    }

    @Test func otherKinds() throws {
        #expect(try active(".probe(enabled: true)", "enabled") == .bool(true))
        #expect(try active(".probe(enabled: false)", "enabled") == .bool(false))
        #expect(try active(".probe(mode: .tint)", "mode") == .enumeration("tint"))
        #expect(try active(".probe(mode: Mode.tint)", "mode") == .enumeration("tint"))
        #expect(try active(#".probe(mode: "tint")"#, "mode") == .enumeration("tint"))
        #expect(try active(#".probe(label: "hi \"you\"")"#, "label") == .string("hi \"you\""))
        #expect(try active(".probe(pieces: 8)", "pieces") == .integer(8))
        #expect(try active(".probe(pieces: 8.0)", "pieces") == .integer(8))
        #expect(try active(".probe(pieces: 1_6)", "pieces") == .integer(16))
        #expect(try active(".probe(steps: -7)", "steps") == .integer(-7))
        #expect(try active(".probe(level: .5)", "level") == .number(0.5))
        #expect(try active(".probe(.5)", "level") == .number(0.5))
        #expect(try active(".probe(level: -1e-3)", "level") == .number(-0.001))
        #expect(try active(".move(edge: Edge.bottom)", "edge") == .enumeration("bottom"))
        #expect(try active(#".move(edge: "top")"#, "edge") == .enumeration("top"))
    }

    @Test func integersUpTo2To53() throws {
        #expect(try active(".still(count: 9007199254740992)", "count") == .integer(1 << 53))
        #expect(try active(".still(count: -9007199254740992)", "count") == .integer(-(1 << 53)))
        #expect(try active(".still(count: 9_007_199_254_740_991)", "count") == .integer((1 << 53) - 1))
        #expect(try active(".still(count: 9.007199254740992e15)", "count") == .integer(1 << 53))
    }

    @Test func stringsWithControlCharacters() throws {
        // Everything but NUL (see MalformedSpecTests) may appear, raw or escaped.
        #expect(try active(".probe(label: \"a\u{1}b\r\")", "label") == .string("a\u{1}b\r"))
        #expect(try active(#".probe(label: "tab\there\n")"#, "label") == .string("tab\there\n"))
    }
}

// MARK: - Malformed specs

struct Malformed: Sendable, CustomTestStringConvertible {
    let spec: String
    let code: Status
    let message: String
    init(_ spec: String, _ code: Status, _ message: String) {
        self.spec = spec
        self.code = code
        self.message = message
    }
    var testDescription: String { spec }
}

@Suite struct MalformedSpecTests {
    static let cases: [Malformed] = [
        // Syntax.
        Malformed("", .parse, "column 1: the spec is empty"),
        Malformed("  \n\t ", .parse, "column 1: the spec is empty"),
        Malformed(".", .parse, "column 2: expected a name after '.', found the end of the spec"),
        Malformed(".move(edge: .trailing", .parse,
                  "column 22: expected ',' or ')' to close the '(' at column 6, found the end of the spec"),
        Malformed(".opacity)", .parse, "column 9: expected the end of the spec (or '.' to continue), found ')'"),
        Malformed(".opacity, .scale", .parse, "column 9: expected the end of the spec (or '.' to continue), found ','"),
        Malformed(".scale(scale: 0.5,)", .parse,
                  "column 19: expected a value such as .opacity, 0.5 or CGSize(width: 4, height: 3), found ')'"),
        Malformed("\"abc", .parse, "column 1: the string that starts here is not closed with '\"'"),
        Malformed(#".probe(label: "a\qb")"#, .parse, #"column 17: unknown escape '\q' in a string"#),
        Malformed("@", .parse, "column 1: unexpected character '@'"),
        Malformed(".opacity.combined(with: .scale) @", .parse, "column 33: unexpected character '@'"),
        // Transitions.
        Malformed("opacity", .parse, "column 1: expected a transition such as .opacity or .move(edge: .leading), found 'opacity'"),
        Malformed("AnyTransition", .parse,
                  "column 1: expected a transition such as .opacity or .move(edge: .leading), found 'AnyTransition'"),
        Malformed("0.5", .parse, "column 1: expected a transition such as .opacity or .move(edge: .leading), found the number 0.5"),
        Malformed(".opacity.foo", .parse, "column 10: expected .combined(with:) after a transition, found '.foo'"),
        Malformed(".opacity .scale", .parse, "column 11: expected .combined(with:) after a transition, found '.scale'"),
        Malformed(".opacity.combined(.scale)", .parse, "column 19: '.combined' takes no unlabelled argument; it takes (with:)"),
        Malformed(".opacity.combined(with: .scale, with: .opacity)", .parse, "column 33: argument 'with' is given twice"),
        Malformed(".opacity.combined", .parse, "column 10: '.combined' needs the argument 'with:'"),
        Malformed(".opacity.combined(with: 3)", .parse,
                  "column 25: expected a transition such as .opacity or .move(edge: .leading), found the number 3"),
        Malformed(".asymmetric(insertion: .opacity)", .parse, "column 2: '.asymmetric' needs the argument 'removal:'"),
        Malformed(".asymmetric(insertion: .opacity, removal: .scale, extra: .opacity)", .parse,
                  "column 51: '.asymmetric' takes no argument 'extra:'; it takes (insertion:removal:)"),
        Malformed(".push", .parse, "column 2: '.push' needs the argument 'from:'"),
        Malformed(".push(.top)", .parse, "column 7: '.push' takes no unlabelled argument; it takes (from:)"),
        Malformed(".push(edge: .top)", .parse, "column 7: '.push' takes no argument 'edge:'; it takes (from:)"),
        Malformed(".push(from: .top, from: .bottom)", .parse, "column 19: argument 'from' is given twice"),
        Malformed(".push(from: .middle)", .parse,
                  "column 14: expected an edge: .top, .leading, .bottom, .trailing, found '.middle'"),
        Malformed(".slide(from: .top)", .parse, "column 8: '.slide' takes no argument 'from:'; it takes no arguments"),
        Malformed(".identity(.opacity)", .parse, "column 11: '.identity' takes no unlabelled argument; it takes no arguments"),
        // Effects and parameters.
        Malformed(".mvoe(edge: .leading)", .unknownEffect, "column 2: unknown effect 'mvoe'; did you mean 'move'?"),
        Malformed(".opacity.combined(with: .sclae)", .unknownEffect, "column 26: unknown effect 'sclae'; did you mean 'scale'?"),
        Malformed(".xyzzyq", .unknownEffect, "column 2: unknown effect 'xyzzyq'"),
        // A value of the wrong kind is `.parse` in a spec (`.unknownParameter` through the API), with a suggestion for enums.
        Malformed(".move(edge: .trailng)", .parse,
                  "column 14: value of 'edge' must be one of .top, .leading, .bottom, .trailing, not the case .trailng; did you mean .trailing?"),
        Malformed(".move(edge: Edge.Trailing)", .parse,
                  "column 18: value of 'edge' must be one of .top, .leading, .bottom, .trailing, not the case .Trailing; did you mean .trailing?"),
        Malformed(#".move(edge: "botom")"#, .parse,
                  "column 13: value of 'edge' must be one of .top, .leading, .bottom, .trailing, not the case .botom; did you mean .bottom?"),
        Malformed(".move(edge: .middle)", .parse,
                  "column 14: value of 'edge' must be one of .top, .leading, .bottom, .trailing, not the case .middle"),
        Malformed(".modifier(active: .move(edge: .trailng), identity: .move)", .parse,
                  "column 32: value of 'edge' must be one of .top, .leading, .bottom, .trailing, not the case .trailng; did you mean .trailing?"),
        Malformed(".push(from: .trailng)", .parse,
                  "column 14: expected an edge: .top, .leading, .bottom, .trailing, found '.trailng'"),
        Malformed(".opacity.combined(with: .push(from: .trailng))", .parse,
                  "column 38: expected an edge: .top, .leading, .bottom, .trailing, found '.trailng'"),
        Malformed(".scale(sclae: 0.5)", .unknownParameter,
                  "column 8: effect 'scale' has no parameter 'sclae'; did you mean 'scale'? Its parameters: scale, anchor."),
        Malformed(".opacity(from: 0.5, alpha: 1)", .unknownParameter,
                  "column 21: effect 'opacity' has no parameter 'alpha'. Its parameters: opacity."),
        Malformed(".scale(scale: \"big\")", .parse, "column 15: expected a number for 'scale', found the string \"big\""),
        Malformed(".modifier(active: .scale(scale: \"big\"), identity: .scale)", .parse,
                  "column 33: expected a number for 'scale', found the string \"big\""),
        Malformed(".scale(from: true)", .parse, "column 14: expected a number for 'scale', found 'true'"),
        Malformed(".scale(scale: .big)", .parse, "column 16: expected a number for 'scale', found '.big'"),
        Malformed(".scale(anchor: 0.5)", .parse,
                  "column 16: expected a point such as CGPoint(x: 4, y: 3), CGSize(width: 4, height: 3) or .center, found the number 0.5"),
        Malformed(".move(edge: 3)", .parse,
                  "column 13: expected one of .top, .leading, .bottom, .trailing for 'edge', found the number 3"),
        Malformed(".opacity(opacity: 2)", .invalidArgument, "column 19: value 2 of 'opacity' is outside its range 0…1"),
        Malformed(".opacity(-0.5)", .invalidArgument, "column 10: value -0.5 of 'opacity' is outside its range 0…1"),
        Malformed(".opacity(to: 1.5)", .invalidArgument, "column 14: value 1.5 of 'opacity' is outside its range 0…1"),
        Malformed(".scale(scale: 1e4)", .invalidArgument, "column 15: value 10000 of 'scale' is outside its range -1000…1000"),
        Malformed(".modifier(active: .opacity(opacity: 2), identity: .opacity)", .invalidArgument,
                  "column 37: value 2 of 'opacity' is outside its range 0…1"),
        Malformed(".modifier(active: .scale, identity: .opacity)", .invalidArgument,
                  "column 2: a modifier's active and identity states must use one effect, not 'scale' and 'opacity'"),
        Malformed(".modifier(active: .scale)", .parse, "column 2: '.modifier' needs the argument 'identity:'"),
        Malformed(".modifier(active: .scale(scale: 0.5).combined(with: .opacity), identity: .scale)", .parse,
                  "column 38: expected an effect state such as .scale(scale: 0.5), found '.combined'"),
        Malformed(".modifier(active: .mvoe, identity: .move)", .unknownEffect,
                  "column 20: unknown effect 'mvoe'; did you mean 'move'?"),
        Malformed(".modifier(active: .countUp(from: 3), identity: .countUp)", .unknownParameter,
                  "column 28: effect 'countUp' has no parameter 'from'. Its parameters: format, value, threshold, alertColor."),
        // Test effects: every kind.
        Malformed(".probe(steps: 2.5)", .parse, "column 15: value of 'steps' must be an integer in -100…100, not a number"),
        Malformed(".probe(steps: -1e-300)", .parse, "column 15: value of 'steps' must be an integer in -100…100, not a number"),
        Malformed(".probe(pieces: 0)", .invalidArgument, "column 16: value 0 of 'pieces' is outside its range 1…64"),
        Malformed(".probe(pieces: 1e16)", .invalidArgument, "column 16: value 1e+16 of 'pieces' is outside its range 1…64"),
        Malformed(".still(count: 9007199254740994)", .invalidArgument,
                  "column 15: value 9.007199254740994e+15 of 'count' is outside the integers a parameter holds, ±2⁵³"),
        Malformed(".still(count: -1e300)", .invalidArgument,
                  "column 15: value -1e+300 of 'count' is outside the integers a parameter holds, ±2⁵³"),
        Malformed(".modifier(active: .still(count: 1e16), identity: .still)", .invalidArgument,
                  "column 33: value 1e+16 of 'count' is outside the integers a parameter holds, ±2⁵³"),
        Malformed(".probe(enabled: 1)", .parse, "column 17: expected true or false for 'enabled', found the number 1"),
        Malformed(".probe(enabled: True)", .parse, "column 17: expected true or false for 'enabled', found 'True'"),
        Malformed(".probe(mode: .rgb)", .parse, "column 15: value of 'mode' must be one of .channels, .tint, not the case .rgb"),
        Malformed(".probe(mode: .tnit)", .parse,
                  "column 15: value of 'mode' must be one of .channels, .tint, not the case .tnit; did you mean .tint?"),
        Malformed(#".probe(mode: "Channels")"#, .parse,
                  "column 14: value of 'mode' must be one of .channels, .tint, not the case .Channels; did you mean .channels?"),
        // Colours: every component in 0…1, after `.opacity(_:)` too.
        Malformed(".probe(tint: Color(red: 2, green: -1, blue: 0.5))", .invalidArgument,
                  "column 14: value of 'tint' must have components in 0…1, not (2.0, -1.0, 0.5, 1.0)"),
        Malformed(".probe(tint: Color(red: 1, green: 1, blue: 1, opacity: 1.5))", .invalidArgument,
                  "column 14: value of 'tint' must have components in 0…1, not (1.0, 1.0, 1.0, 1.5)"),
        Malformed(".probe(tint: Color(white: -0.5))", .invalidArgument,
                  "column 14: value of 'tint' must have components in 0…1, not (-0.5, -0.5, -0.5, 1.0)"),
        Malformed(".probe(tint: .red.opacity(2))", .invalidArgument,
                  "column 19: value of 'tint' must have components in 0…1, not (1.0, 0.23137254901960785, 0.18823529411764706, 2.0)"),
        Malformed(".probe(tint: Color.white.opacity(-1))", .invalidArgument,
                  "column 26: value of 'tint' must have components in 0…1, not (1.0, 1.0, 1.0, -1.0)"),
        Malformed(".countUp(alertColor: Color(red: 1e300, green: 0, blue: 0))", .invalidArgument,
                  "column 22: value of 'alertColor' must have components in 0…1, not (1e+300, 0.0, 0.0, 1.0)"),
        Malformed(".modifier(active: .probe, identity: .probe(tint: Color(white: 1.25)))", .invalidArgument,
                  "column 50: value of 'tint' must have components in 0…1, not (1.25, 1.25, 1.25, 1.0)"),
        // Strings: no NUL, raw in the spec text.
        Malformed(".probe(label: \"a\u{0}b\")", .invalidArgument, "column 15: value of 'label' must not contain a NUL character"),
        Malformed(".countUp(format: \"%d\u{0}\")", .invalidArgument,
                  "column 18: value of 'format' must not contain a NUL character"),
        Malformed(".probe(label: \"ok\") \u{0}", .parse, "column 21: unexpected character '\u{0}'"),
        Malformed(".probe(tint: .rouge)", .parse,
                  "column 15: expected a color such as .orange, \"#ff8800\" or Color(red: 1, green: 0.5, blue: 0), found '.rouge'"),
        Malformed(".probe(tint: \"#12345\")", .parse,
                  "column 14: expected a color such as .orange, \"#ff8800\" or Color(red: 1, green: 0.5, blue: 0), found the string \"#12345\""),
        Malformed(".probe(tint: Color(red: 1, green: 0))", .parse, "column 14: 'Color' needs the argument 'blue:'"),
        Malformed(".probe(tint: Color(white: 1, red: 0))", .parse,
                  "column 30: 'Color' takes no argument 'red:'; it takes (white:opacity:)"),
        Malformed(".probe(origin: CGPoint(x: 1))", .parse, "column 16: 'CGPoint' needs the argument 'y:'"),
        Malformed(".probe(origin: CGPoint(x: 1, y: \"2\"))", .parse, "column 33: expected a number for 'y', found the string \"2\""),
        Malformed(".probe(label: 3)", .parse, "column 15: expected a string in double quotes for 'label', found the number 3"),
        Malformed(".probe(CGPoint(x: 1, y: 2))", .parse, "column 8: expected a number for 'level', found 'CGPoint(…)'"),
        Malformed(".still(3)", .unknownParameter, "column 8: effect 'still' has no animatable parameter for an unlabelled value"),
        Malformed(".still(to: 3)", .unknownParameter, "column 8: effect 'still' has no animatable parameter for 'to:'"),
        Malformed(".blank(1)", .unknownParameter, "column 8: effect 'blank' has no animatable parameter for an unlabelled value"),
        // One value given twice.
        Malformed(".scale(0.5, 0.7)", .parse, "column 13: argument '_' is given twice"),
        Malformed(".countUp(from: 1, to: 2, to: 3)", .parse, "column 26: argument 'to' is given twice"),
        Malformed(".countUp(10, from: 5)", .parse, "column 14: argument 'from' sets 'value', which an earlier argument already set"),
        Malformed(".countUp(value: 10, from: 5)", .parse,
                  "column 21: argument 'from' sets 'value', which an earlier argument already set"),
        Malformed(".scale(0.5, scale: 0.7)", .parse, "column 13: argument 'scale' sets 'scale', which an earlier argument already set"),
        Malformed(".offset(CGSize(width: 1, height: 2), x: 3)", .parse,
                  "column 38: argument 'x' sets 'x', which an earlier argument already set"),
        Malformed(".modifier(active: .scale(0.5, scale: 0.7), identity: .scale)", .parse,
                  "column 31: argument 'scale' sets 'scale', which an earlier argument already set"),
    ]

    @Test(arguments: cases)
    func refused(_ item: Malformed) {
        #expect(throws: SegueError(item.code, item.message)) { try Fixtures.parse(item.spec) }
    }

    @Test func reservedNamesUsedAsEffects() {
        // Refused; see the report about the message ("did you mean 'combined'?").
        for spec in [".combined(with: .opacity)", ".modifier(active: .identity, identity: .identity)"] {
            let error = #expect(throws: SegueError.self) { try Fixtures.parse(spec) }
            #expect(error?.code == .unknownEffect)
        }
    }

    @Test func effectsMissingFromTheCatalog() {
        #expect(throws: SegueError(.unknownEffect, "column 2: unknown effect 'probe'")) {
            try Transition(spec: ".probe", catalog: EffectCatalog())
        }
    }
}

// MARK: - SpecFormat

@Suite struct SpecFormatTests {
    @Test func numbers() {
        #expect(SpecFormat.number(0.5) == "0.5")
        #expect(SpecFormat.number(120) == "120")
        #expect(SpecFormat.number(-4) == "-4")
        #expect(SpecFormat.number(-0.0) == "0")
        #expect(SpecFormat.number(1e-5) == "1e-05")
        #expect(SpecFormat.number(0.1 + 0.2) == "0.30000000000000004")
        #expect(SpecFormat.number(1e15) == "1000000000000000.0")
        #expect(SpecFormat.number(1e16) == "1e+16")
        #expect(SpecFormat.number(999_999_999_999_999) == "999999999999999")
        #expect(SpecFormat.number(-1.5e300) == "-1.5e+300")
    }

    @Test(arguments: [0.5, -4, 1e-5, 0.1 + 0.2, 1e15, 1e300, -2.5e-300, Double.leastNonzeroMagnitude, 123456.789, .pi, 1 / 3.0, -0.0])
    func numbersReadBack(value: Double) throws {
        let tokens = try SpecLexer.tokens(of: SpecFormat.number(value))
        let read: Double? = switch (tokens.first?.kind, tokens.dropFirst().first?.kind) {
        case (.number(let v)?, _): v
        case (.minus?, .number(let v)?): -v
        default: nil
        }
        #expect(read == value)
    }

    @Test func strings() throws {
        #expect(SpecFormat.string("plain") == "\"plain\"")
        #expect(SpecFormat.string("a\"b\\c\nd\te") == #""a\"b\\c\nd\te""#)
        for text in ["", "a\"b\\c\nd\te", "é🎉", "\r", "\\n"] {
            #expect(try SpecLexer.tokens(of: SpecFormat.string(text)).first?.kind == .string(text))
        }
    }

    @Test func values() {
        #expect(SpecFormat.value(.number(0.25)) == "0.25")
        #expect(SpecFormat.value(.integer(-3)) == "-3")
        #expect(SpecFormat.value(.bool(true)) == "true")
        #expect(SpecFormat.value(.point(Point(x: 0.5, y: -1))) == "CGPoint(x: 0.5, y: -1)")
        #expect(SpecFormat.value(.color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)))
                    == "Color(red: 1, green: 0.5, blue: 0, opacity: 0.25)")
        #expect(SpecFormat.value(.enumeration("trailing")) == ".trailing")
        #expect(SpecFormat.value(.string("%.1f")) == "\"%.1f\"")
    }
}
