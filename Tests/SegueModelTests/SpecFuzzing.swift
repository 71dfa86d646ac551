// The properties the spec fuzzers check, shared with the regression tests.
//
// This file is compiled twice: here, by the tests (FuzzRegressionTests.swift
// replays the inputs the fuzzers found), and in Fuzz/, where
// Fuzz/Sources/TransitionSpecFuzzer and AnimationSpecFuzzer link to it.
// It uses only SegueModel's public API.
import SegueBasics
import SegueModel

enum SpecFuzzing {
    /// What the transition fuzzer reads specs with: the built-in effects, plus
    /// two plugin-style effects between them declaring every parameter kind.
    static let catalog: EffectCatalog = {
        func parameter(_ name: String, _ kind: ParameterKind, range: ClosedRange<Double>? = nil,
                       _ active: ParameterValue, _ identity: ParameterValue, animatable: Bool) -> ParameterSpec {
            try! ParameterSpec(name: name, kind: kind, summary: "fuzz parameter \(name)", range: range,
                               active: active, identity: identity, isAnimatable: animatable)
        }
        var catalog = EffectCatalog()
        // Every kind, the animatable ones animatable, the primary one ranged.
        try! catalog.add(EffectDescriptor(id: "fuzz.every", name: "every", summary: "every parameter kind", parameters: [
            parameter("amount", .number, range: -2...2, .number(0), .number(1), animatable: true),
            parameter("count", .integer, range: -1000...1000, .integer(0), .integer(100), animatable: true),
            parameter("tint", .color, .color(Color(red: 1, green: 0, blue: 0, alpha: 0.5)), .color(.white), animatable: true),
            parameter("center", .point, .point(Point(x: 0.5, y: 0.5)), .point(Point(x: 0, y: 1)), animatable: true),
            parameter("flag", .bool, .bool(false), .bool(true), animatable: false),
            parameter("style", .enumeration(cases: ["plain", "bold", "italic"]), .enumeration("plain"),
                      .enumeration("bold"), animatable: false),
            parameter("label", .string, .string("from"), .string("to"), animatable: false),
            parameter("x", .number, .number(0), .number(0), animatable: false),
            parameter("y", .number, .number(0), .number(0), animatable: false),
        ]))
        // Nothing animatable (so no primary parameter), integers unbounded.
        try! catalog.add(EffectDescriptor(id: "fuzz.still", name: "still", summary: "no animatable parameter", parameters: [
            parameter("mode", .enumeration(cases: ["a", "b"]), .enumeration("a"), .enumeration("a"), animatable: false),
            parameter("steps", .integer, .integer(3), .integer(3), animatable: false),
            parameter("on", .bool, .bool(true), .bool(true), animatable: false),
            parameter("text", .string, .string(""), .string(""), animatable: false),
            parameter("spot", .point, .point(.zero), .point(.zero), animatable: false),
            parameter("paint", .color, .color(.black), .color(.black), animatable: false),
        ]))
        return catalog
    }()

    /// Checks `Transition(spec:catalog:)` on `bytes` (read as UTF-8, invalid
    /// sequences replaced): a spec that parses prints as text that parses back
    /// to an equal transition; a refusal is a `SegueError` of a spec's codes
    /// whose column lies in the text. Returns what went wrong, or nil.
    static func checkTransition(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let transition: Transition
        do {
            transition = try Transition(spec: text, catalog: catalog)
        } catch {
            return checkRefusal(error, of: text, codes: [.parse, .unknownEffect, .unknownParameter, .invalidArgument])
        }
        let printed = transition.spec
        do {
            let reread = try Transition(spec: printed, catalog: catalog)
            guard reread == transition else {
                return "\(quoted(text)) prints as \(quoted(printed)), which reads back as a different transition "
                    + "(printed again: \(quoted(reread.spec)))"
            }
        } catch {
            return "\(quoted(text)) prints as \(quoted(printed)), which does not read back: \(error)"
        }
        return nil
    }

    /// Checks `Animation(spec:)` on `bytes` as `checkTransition` does.
    static func checkAnimation(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let animation: Animation
        do {
            animation = try Animation(spec: text)
        } catch {
            return checkRefusal(error, of: text, codes: [.parse, .invalidArgument])
        }
        let printed = animation.spec
        do {
            let reread = try Animation(spec: printed)
            guard reread == animation else {
                return "\(quoted(text)) prints as \(quoted(printed)), which reads back as a different animation "
                    + "(printed again: \(quoted(reread.spec)))"
            }
        } catch {
            return "\(quoted(text)) prints as \(quoted(printed)), which does not read back: \(error)"
        }
        return nil
    }

    /// A refusal must be a `SegueError` with one of `codes`; a `.parse` error
    /// says where, as "column N: …" with N in 1…(length + 1), and any other
    /// error that names a column names one in that range too.
    private static func checkRefusal(_ error: any Error, of text: String, codes: Set<Status>) -> String? {
        guard let error = error as? SegueError else {
            return "\(quoted(text)) was refused with \(type(of: error)), not a SegueError: \(error)"
        }
        guard codes.contains(error.code) else {
            return "\(quoted(text)) was refused with code \(error.code): \(error.message)"
        }
        let length = text.unicodeScalars.count
        guard let column = leadingColumn(of: error.message) else {
            return error.code == .parse ? "\(quoted(text)) gave a parse error without a column: \(error.message)" : nil
        }
        guard (1...length + 1).contains(column) else {
            return "\(quoted(text)) (\(length) characters) gave an error at column \(column): \(error.message)"
        }
        return nil
    }

    /// N in a message that starts "column N: ".
    private static func leadingColumn(of message: String) -> Int? {
        guard message.hasPrefix("column ") else { return nil }
        let rest = message.dropFirst("column ".count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else { return nil }
        return Int(digits)
    }

    /// The text in quotes, shortened, for messages.
    static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let shown = scalars.count > 300 ? String(String.UnicodeScalarView(scalars.prefix(300))) + "…" : text
        return "\"" + shown.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
    }
}
