import SegueBasics
import Testing

@testable import SegueModel

// MARK: - Fixtures shared by the model tests

/// Test-only effects that exercise every `ParameterKind` and the shorthand rules.
///
/// Nothing here traps: a fixture the model refuses (after a change of its
/// rules) makes the tests that use it fail with the model's error instead of
/// bringing down the whole test process.
enum Fixtures {
    static let red = Color(red: 1, green: 0, blue: 0)

    static func parameter(_ name: String, _ kind: ParameterKind, range: ClosedRange<Double>? = nil,
                          _ active: ParameterValue, _ identity: ParameterValue, animatable: Bool) throws -> ParameterSpec {
        try ParameterSpec(name: name, kind: kind, summary: "test parameter \(name)", range: range,
                          active: active, identity: identity, isAnimatable: animatable)
    }

    /// One parameter of each kind, animatable where the kind allows it.
    static var probe: EffectDescriptor { get throws { try probeResult.get() } }
    private static let probeResult = Result {
        try EffectDescriptor(id: "test.probe", name: "probe", summary: "every kind", parameters: [
            parameter("level", .number, range: -10...10, .number(0), .number(1), animatable: true),
            parameter("steps", .integer, range: -100...100, .integer(0), .integer(10), animatable: true),
            parameter("pieces", .integer, range: 1...64, .integer(4), .integer(4), animatable: false),
            parameter("enabled", .bool, .bool(false), .bool(true), animatable: false),
            parameter("tint", .color, .color(red), .color(.clear), animatable: true),
            parameter("mode", .enumeration(cases: ["channels", "tint"]), .enumeration("channels"), .enumeration("channels"),
                      animatable: false),
            parameter("label", .string, .string(""), .string(""), animatable: false),
            parameter("origin", .point, .point(.zero), .point(.zero), animatable: true),
        ])
    }

    /// Like the countUp seed effect: `.countUp(to: 120)`.
    static var countUp: EffectDescriptor { get throws { try countUpResult.get() } }
    private static let countUpResult = Result {
        try EffectDescriptor(id: "test.countUp", name: "countUp", summary: "counts", parameters: [
            parameter("format", .string, .string("%.1f"), .string("%.1f"), animatable: false),
            parameter("value", .number, .number(0), .number(100), animatable: true),
            parameter("threshold", .number, .number(100), .number(100), animatable: false),
            parameter("alertColor", .color, .color(red), .color(red), animatable: false),
        ])
    }

    /// No animatable parameter at all; `count` is an integer without a range.
    static var still: EffectDescriptor { get throws { try stillResult.get() } }
    private static let stillResult = Result {
        try EffectDescriptor(id: "test.still", name: "still", summary: "no animatable parameter",
                             parameters: [parameter("count", .integer, .integer(1), .integer(1), animatable: false)])
    }

    /// No parameters at all.
    static var blank: EffectDescriptor { get throws { try blankResult.get() } }
    private static let blankResult = Result {
        try EffectDescriptor(id: "test.blank", name: "blank", summary: "no parameters", parameters: [])
    }

    /// The built-ins and the four test effects.
    static var catalog: EffectCatalog { get throws { try catalogResult.get() } }
    private static let catalogResult = Result {
        var catalog = EffectCatalog()
        for effect in [try probe, try countUp, try still, try blank] { try catalog.add(effect) }
        return catalog
    }

    static func parse(_ spec: String) throws -> Transition {
        try Transition(spec: spec, catalog: catalog)
    }

    static func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
        abs(a - b) <= tolerance
    }
}

// MARK: - ParameterKind

@Suite struct ParameterKindTests {
    @Test func namesAndInterpolation() {
        let kinds: [(ParameterKind, String, Bool)] = [
            (.number, "number", true), (.integer, "integer", true), (.bool, "bool", false), (.color, "color", true),
            (.point, "point", true), (.enumeration(cases: ["a"]), "enum", false), (.string, "string", false),
        ]
        for (kind, name, interpolates) in kinds {
            #expect(kind.name == name)
            #expect(kind.canInterpolate == interpolates)
        }
    }
}

// MARK: - ParameterSpec

@Suite struct ParameterSpecTests {
    private func make(_ kind: ParameterKind = .number, name: String = "p", range: ClosedRange<Double>? = nil,
                      active: ParameterValue = .number(0), identity: ParameterValue = .number(1),
                      animatable: Bool = true) throws -> ParameterSpec {
        try ParameterSpec(name: name, kind: kind, summary: "", range: range, active: active, identity: identity,
                          isAnimatable: animatable)
    }

    @Test(arguments: ["value", "_private", "x2", "alertColor", "a_b_c", "_"])
    func acceptsIdentifierNames(name: String) throws {
        #expect(try make(name: name).name == name)
    }

    @Test(arguments: ["", "2x", "a-b", "a b", "a.b", "durée", "x²", "café", "a:b"])
    func refusesNamesSpecsCannotWrite(name: String) {
        #expect(throws: SegueError.invalidArgument("parameter name '\(name)' must be a non-empty identifier")) {
            try make(name: name)
        }
    }

    @Test func refusesNonFiniteRange() {
        #expect(throws: SegueError.invalidArgument("parameter 'p' has a range that is not finite")) {
            try make(range: 0...Double.infinity)
        }
        #expect(throws: SegueError.invalidArgument("parameter 'p' has a range that is not finite")) {
            try make(range: -Double.infinity...0)
        }
    }

    @Test func refusesAnimatableKindsThatCannotInterpolate() {
        #expect(throws: SegueError.invalidArgument("parameter 'p' is a string, which cannot be animatable")) {
            try make(.string, active: .string("a"), identity: .string("b"), animatable: true)
        }
        #expect(throws: SegueError.invalidArgument("parameter 'p' is a bool, which cannot be animatable")) {
            try make(.bool, active: .bool(false), identity: .bool(true), animatable: true)
        }
        #expect(throws: SegueError.invalidArgument("parameter 'p' is a enum, which cannot be animatable")) {
            try make(.enumeration(cases: ["a"]), active: .enumeration("a"), identity: .enumeration("a"), animatable: true)
        }
    }

    @Test func animatableKindsThatInterpolate() throws {
        #expect(try make(.integer, active: .integer(0), identity: .integer(3)).isAnimatable)
        #expect(try make(.color, active: .color(.black), identity: .color(.white)).isAnimatable)
        #expect(try make(.point, active: .point(.zero), identity: .point(Point(x: 1, y: 2))).isAnimatable)
        // ...and may still be declared non-animatable.
        #expect(try !make(.number, animatable: false).isAnimatable)
    }

    @Test func enumerationCases() throws {
        #expect(throws: SegueError.invalidArgument("enum parameter 'p' has no cases")) {
            try make(.enumeration(cases: []), active: .enumeration("a"), identity: .enumeration("a"), animatable: false)
        }
        #expect(throws: SegueError.invalidArgument("enum parameter 'p' has a case 'two words' that is not an identifier")) {
            try make(.enumeration(cases: ["one", "two words"]), active: .enumeration("one"),
                     identity: .enumeration("one"), animatable: false)
        }
        #expect(throws: SegueError.invalidArgument("enum parameter 'p' has a case '3d' that is not an identifier")) {
            try make(.enumeration(cases: ["3d"]), active: .enumeration("3d"), identity: .enumeration("3d"), animatable: false)
        }
        #expect(throws: SegueError.invalidArgument("enum parameter 'p' lists a case twice")) {
            try make(.enumeration(cases: ["a", "b", "a"]), active: .enumeration("a"), identity: .enumeration("a"),
                     animatable: false)
        }
        let mode = try make(.enumeration(cases: ["channels", "tint"]), active: .string("tint"),
                            identity: .enumeration("channels"), animatable: false)
        #expect(mode.active == .enumeration("tint"))
        #expect(mode.identity == .enumeration("channels"))
    }

    @Test func defaultsOutOfRangeAreRefused() {
        #expect(throws: SegueError.invalidArgument("default active value 2 of 'p' is outside its range 0…1")) {
            try make(range: 0...1, active: .number(2), identity: .number(1))
        }
        #expect(throws: SegueError.invalidArgument("default identity value -0.5 of 'p' is outside its range 0…1")) {
            try make(range: 0...1, active: .number(0), identity: .number(-0.5))
        }
        #expect(throws: SegueError.invalidArgument("default active value 0 of 'n' is outside its range 1…64")) {
            try make(.integer, name: "n", range: 1...64, active: .integer(0), identity: .integer(4), animatable: false)
        }
        #expect(throws: SegueError.invalidArgument("default active value of 'p' must be finite, not nan")) {
            try make(active: .number(.nan))
        }
    }

    /// The doc promises `.invalidArgument` for defaults that do not fit the kind.
    @Test func defaultsOfTheWrongKindAreRefusedAsInvalidArgument() {
        #expect(throws: SegueError.invalidArgument("default active value of 'p' must be a number, not a string")) {
            try make(active: .string("x"))
        }
        #expect(throws: SegueError.invalidArgument("default identity value of 'p' must be an integer, not a number")) {
            try make(.integer, active: .integer(0), identity: .number(2.5))
        }
        // Every case is one edit from "c": the suggestion is the first by name.
        #expect(throws: SegueError.invalidArgument(
            "default active value of 'p' must be one of .a, .b, not the case .c; did you mean .a?")) {
            try make(.enumeration(cases: ["a", "b"]), active: .enumeration("c"), identity: .enumeration("a"),
                     animatable: false)
        }
        #expect(throws: SegueError.invalidArgument(
            "default identity value of 'p' must be one of .alpha, .beta, not the case .alpah; did you mean .alpha?")) {
            try make(.enumeration(cases: ["alpha", "beta"]), active: .enumeration("beta"), identity: .enumeration("alpah"),
                     animatable: false)
        }
        #expect(throws: SegueError.invalidArgument(
            "default active value of 'p' must be one of .alpha, .beta, not the case .zzzzzz")) {
            try make(.enumeration(cases: ["alpha", "beta"]), active: .enumeration("zzzzzz"), identity: .enumeration("beta"),
                     animatable: false)
        }
    }

    @Test func nonFinitePointsAndColorsAreInvalidArguments() {
        #expect(throws: SegueError.invalidArgument("default active value of 'p' must be a finite point, not (nan, 0.0)")) {
            try make(.point, active: .point(Point(x: .nan, y: 0)), identity: .point(.zero))
        }
        #expect(throws: SegueError.invalidArgument(
            "default identity value of 'p' must have components in 0…1, not (inf, 0.0, 0.0, 1.0)")) {
            try make(.color, active: .color(.black), identity: .color(Color(red: .infinity, green: 0, blue: 0)))
        }
        #expect(throws: SegueError.invalidArgument(
            "default active value of 'p' must have components in 0…1, not (0.0, 0.0, nan, 1.0)")) {
            try make(.color, active: .color(Color(red: 0, green: 0, blue: .nan)), identity: .color(.white))
        }
        #expect(throws: SegueError.invalidArgument(
            "default active value of 'p' must have components in 0…1, not (1.0, 1.0, 1.0, 1.5)")) {
            try make(.color, active: .color(Color(red: 1, green: 1, blue: 1, alpha: 1.5)), identity: .color(.white))
        }
    }

    struct BadColor: Sendable, CustomTestStringConvertible {
        let color: Color
        let shown: String
        var testDescription: String { shown }
    }

    static let badColors: [BadColor] = [
        BadColor(color: Color(red: 1.5, green: 0, blue: 0), shown: "(1.5, 0.0, 0.0, 1.0)"),
        BadColor(color: Color(red: 0, green: -0.25, blue: 0), shown: "(0.0, -0.25, 0.0, 1.0)"),
        BadColor(color: Color(red: 0, green: 0, blue: 2), shown: "(0.0, 0.0, 2.0, 1.0)"),
        BadColor(color: Color(red: 0, green: 0, blue: 0, alpha: -1), shown: "(0.0, 0.0, 0.0, -1.0)"),
        BadColor(color: Color(red: 1.0000000000000002, green: 1, blue: 1), shown: "(1.0000000000000002, 1.0, 1.0, 1.0)"),
        BadColor(color: Color(red: -Double.leastNonzeroMagnitude, green: 0, blue: 0), shown: "(-5e-324, 0.0, 0.0, 1.0)"),
        BadColor(color: Color(red: .nan, green: 0.5, blue: 0.5), shown: "(nan, 0.5, 0.5, 1.0)"),
        BadColor(color: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: .nan), shown: "(0.5, 0.5, 0.5, nan)"),
        BadColor(color: Color(red: 0, green: .infinity, blue: 0), shown: "(0.0, inf, 0.0, 1.0)"),
        BadColor(color: Color(red: 0, green: 0, blue: -.infinity, alpha: 0), shown: "(0.0, 0.0, -inf, 0.0)"),
        BadColor(color: Color(red: 255, green: 136, blue: 0), shown: "(255.0, 136.0, 0.0, 1.0)"),
    ]

    /// Every component must lie in 0…1, NaN included, whichever way the value comes in.
    @Test(arguments: badColors)
    func colorComponentsOutside0To1AreRefused(_ bad: BadColor) throws {
        let message = "must have components in 0…1, not \(bad.shown)"
        let color = try make(.color, name: "c", active: .color(.black), identity: .color(.white))
        #expect(throws: SegueError.invalidArgument("value of 'c' \(message)")) { try color.accept(.color(bad.color)) }
        #expect(throws: SegueError.invalidArgument("tint of 'c' \(message)")) {
            try color.accept(.color(bad.color), role: "tint")
        }
        #expect(throws: SegueError.invalidArgument("value of 'tint' \(message)")) {
            try Fixtures.probe.defaultActive.setting("tint", to: .color(bad.color))
        }
        #expect(throws: SegueError.invalidArgument("default active value of 'c' \(message)")) {
            try make(.color, name: "c", active: .color(bad.color), identity: .color(.white))
        }
    }

    @Test func colorComponentsOn0And1AreAccepted() throws {
        let color = try make(.color, name: "c", active: .color(.black), identity: .color(.white))
        for accepted in [Color.clear, .black, .white, Color(red: -0.0, green: 1, blue: Double.leastNonzeroMagnitude, alpha: 0.9999999999999999),
                         Color(red: 1 / 3.0, green: 0.5, blue: 1e-300, alpha: 0)] {
            #expect(try color.accept(.color(accepted)) == .color(accepted))
        }
    }

    @Test func acceptConvertsBetweenNumbersAndIntegers() throws {
        let number = try make(range: -5...5)
        #expect(try number.accept(.integer(3)) == .number(3))
        #expect(try number.accept(.number(-2.5)) == .number(-2.5))
        let integer = try make(.integer, name: "n", range: -5...5, active: .integer(0), identity: .integer(1))
        #expect(try integer.accept(.number(3)) == .integer(3))
        #expect(try integer.accept(.number(-4)) == .integer(-4))
        #expect(try integer.accept(.integer(5)) == .integer(5))
        #expect(throws: SegueError(.unknownParameter, "value of 'n' must be an integer in -5…5, not a number")) {
            try integer.accept(.number(2.5))
        }
        #expect(throws: SegueError.invalidArgument("value 6 of 'n' is outside its range -5…5")) {
            try integer.accept(.number(6))
        }
        #expect(throws: SegueError.invalidArgument("value 5.5 of 'p' is outside its range -5…5")) {
            try number.accept(.number(5.5))
        }
        #expect(throws: SegueError.invalidArgument("value of 'p' must be finite, not inf")) {
            try number.accept(.number(.infinity))
        }
        #expect(throws: SegueError(.unknownParameter, "value of 'p' must be a number in -5…5, not a bool")) {
            try number.accept(.bool(true))
        }
        #expect(throws: SegueError(.unknownParameter, "alpha of 'p' must be a number in -5…5, not a string")) {
            try number.accept(.string("1"), role: "alpha")
        }
    }

    @Test func acceptReadsEnumerationsFromStrings() throws {
        let mode = try make(.enumeration(cases: ["channels", "tint"]), name: "mode", active: .enumeration("channels"),
                            identity: .enumeration("channels"), animatable: false)
        #expect(try mode.accept(.string("tint")) == .enumeration("tint"))
        #expect(try mode.accept(.enumeration("channels")) == .enumeration("channels"))
        #expect(throws: SegueError(.unknownParameter, "value of 'mode' must be one of .channels, .tint, not the case .rgb")) {
            try mode.accept(.enumeration("rgb"))
        }
        // A near miss (case-insensitive edit distance) is suggested, from a case name or a string.
        #expect(throws: SegueError(.unknownParameter,
                                   "value of 'mode' must be one of .channels, .tint, not a string; did you mean .tint?")) {
            try mode.accept(.string("Tint"))
        }
        #expect(throws: SegueError(.unknownParameter,
                                   "value of 'mode' must be one of .channels, .tint, not the case .tnit; did you mean .tint?")) {
            try mode.accept(.enumeration("tnit"))
        }
        #expect(throws: SegueError(.unknownParameter,
                                   "value of 'mode' must be one of .channels, .tint, not the case .chanels; did you mean .channels?")) {
            try mode.accept(.enumeration("chanels"))
        }
        // Other kinds get no suggestion, even when their text would be close.
        #expect(throws: SegueError(.unknownParameter, "value of 'mode' must be one of .channels, .tint, not a number")) {
            try mode.accept(.number(1))
        }
        // A string parameter does not take an enumeration case.
        let label = try make(.string, name: "label", active: .string(""), identity: .string(""), animatable: false)
        #expect(try label.accept(.string("hi")) == .string("hi"))
        #expect(throws: SegueError(.unknownParameter, "value of 'label' must be a string, not the case .hi")) {
            try label.accept(.enumeration("hi"))
        }
    }

    @Test func acceptChecksPointsAndColors() throws {
        let point = try make(.point, name: "at", active: .point(.zero), identity: .point(.zero))
        #expect(try point.accept(.point(Point(x: -1, y: 2))) == .point(Point(x: -1, y: 2)))
        #expect(throws: SegueError.invalidArgument("value of 'at' must be a finite point, not (0.0, inf)")) {
            try point.accept(.point(Point(x: 0, y: .infinity)))
        }
        #expect(throws: SegueError(.unknownParameter, "value of 'at' must be a point, not a number")) {
            try point.accept(.number(1))
        }
        let color = try make(.color, name: "c", active: .color(.black), identity: .color(.white))
        #expect(throws: SegueError.invalidArgument("value of 'c' must have components in 0…1, not (0.0, nan, 0.0, 1.0)")) {
            try color.accept(.color(Color(red: 0, green: .nan, blue: 0)))
        }
        #expect(try color.accept(.color(Color(red: 0.25, green: 0.5, blue: 1, alpha: 0))) == .color(Color(red: 0.25, green: 0.5, blue: 1, alpha: 0)))
        #expect(throws: SegueError(.unknownParameter, "value of 'c' must be a color, not a point")) {
            try color.accept(.point(.zero))
        }
    }

    /// Via the Swift API a value of the wrong kind stays `.unknownParameter`
    /// (specs report it as `.parse`; see MalformedSpecTests).
    @Test func wrongKindsThroughTheAPIAreUnknownParameters() throws {
        #expect(throws: SegueError(.unknownParameter, "value of 'scale' must be a number in -1000…1000, not a string")) {
            try BuiltinEffects.scale.defaultActive.setting("scale", to: .string("big"))
        }
        #expect(throws: SegueError(.unknownParameter,
                                   "value of 'edge' must be one of .top, .leading, .bottom, .trailing, not the case .trailng; did you mean .trailing?")) {
            try BuiltinEffects.move.defaultActive.setting("edge", to: .enumeration("trailng"))
        }
        #expect(throws: SegueError(.unknownParameter,
                                   "value of 'edge' must be one of .top, .leading, .bottom, .trailing, not a string; did you mean .trailing?")) {
            try BuiltinEffects.move.defaultActive.setting("edge", to: .string("trailng"))
        }
        #expect(throws: SegueError(.unknownParameter,
                                   "value of 'edge' must be one of .top, .leading, .bottom, .trailing, not the case .middle")) {
            try BuiltinEffects.move.parameters[0].accept(.enumeration("middle"))
        }
        #expect(throws: SegueError(.unknownParameter, "value of 'steps' must be an integer in -100…100, not a number")) {
            try Fixtures.probe.defaultActive.setting("steps", to: .number(2.5))
        }
        #expect(throws: SegueError(.unknownParameter, "value of 'enabled' must be true or false, not a number")) {
            try Fixtures.probe.defaultActive.setting("enabled", to: .number(1))
        }
        #expect(throws: SegueError(.unknownParameter, "value of 'anchor' must be a point, not a color")) {
            try BuiltinEffects.scale.defaultActive.setting("anchor", to: .color(.white))
        }
        // Out-of-range values stay `.invalidArgument` through the API too.
        #expect(throws: SegueError.invalidArgument("value 2 of 'opacity' is outside its range 0…1")) {
            try BuiltinEffects.opacity.defaultActive.setting("opacity", to: .number(2))
        }
    }

    @Test func integerMagnitudesReachTwoToThe53() throws {
        let twoTo53 = 1 << 53
        #expect(DeclarationRules.maximumInteger == 9_007_199_254_740_992)
        #expect(DeclarationRules.maximumInteger == Double(twoTo53))
        let n = try make(.integer, name: "n", active: .integer(0), identity: .integer(0), animatable: false)
        for v in [twoTo53, -twoTo53, twoTo53 - 1, -(twoTo53 - 1), 0] {
            #expect(try n.accept(.integer(v)) == .integer(v))
            #expect(try n.accept(.number(Double(v))) == .integer(v))
        }
        // Beyond 2⁵³ a Double (a spec, the C API) cannot hold every integer: refused, as out of range.
        let beyond = "of 'n' is outside the integers a parameter holds, ±2⁵³"
        #expect(throws: SegueError.invalidArgument("value 9007199254740993 \(beyond)")) { try n.accept(.integer(twoTo53 + 1)) }
        #expect(throws: SegueError.invalidArgument("value -9007199254740993 \(beyond)")) { try n.accept(.integer(-twoTo53 - 1)) }
        #expect(throws: SegueError.invalidArgument("value \(Int.max) \(beyond)")) { try n.accept(.integer(.max)) }
        #expect(throws: SegueError.invalidArgument("value \(Int.min) \(beyond)")) { try n.accept(.integer(.min)) }
        #expect(throws: SegueError.invalidArgument("value 9.007199254740994e+15 \(beyond)")) {
            try n.accept(.number(Double(twoTo53) + 2))
        }
        #expect(throws: SegueError.invalidArgument("value -1e+16 \(beyond)")) { try n.accept(.number(-1e16)) }
        #expect(throws: SegueError.invalidArgument("value 1e+300 \(beyond)")) { try n.accept(.number(1e300)) }
        #expect(throws: SegueError.invalidArgument("default active value 9007199254740993 \(beyond)")) {
            try make(.integer, name: "n", active: .integer(twoTo53 + 1), identity: .integer(0), animatable: false)
        }
        // A declared range that excludes the value is the range named.
        let small = try make(.integer, name: "n", range: 1...64, active: .integer(4), identity: .integer(4), animatable: false)
        #expect(throws: SegueError.invalidArgument("value 1e+16 of 'n' is outside its range 1…64")) { try small.accept(.number(1e16)) }
        #expect(throws: SegueError.invalidArgument("value \(Int.min) of 'n' is outside its range 1…64")) {
            try small.accept(.integer(.min))
        }
        // A range wider than 2⁵³ does not widen what an integer holds.
        let wide = try make(.integer, name: "n", range: -1e300...1e300, active: .integer(0), identity: .integer(0),
                            animatable: false)
        #expect(try wide.accept(.integer(twoTo53)) == .integer(twoTo53))
        #expect(throws: SegueError.invalidArgument("value 1e+17 \(beyond)")) { try wide.accept(.number(1e17)) }
        // Non-integers stay values of the wrong kind, however large or odd.
        for value in [ParameterValue.number(2.5), .number(.nan), .number(.infinity), .number(-.infinity)] {
            let error = #expect(throws: SegueError.self) { try n.accept(value) }
            #expect(error?.code == .unknownParameter, "\(value)")
        }
        // Numbers have no such limit.
        let number = try make()
        #expect(try number.accept(.number(1e300)) == .number(1e300))
        #expect(try number.accept(.integer(.max)) == .number(Double(Int.max)))
    }

    @Test func stringsRefuseNUL() throws {
        let label = try make(.string, name: "label", active: .string(""), identity: .string(""), animatable: false)
        for text in ["\u{0}", "a\u{0}b", "end\u{0}", "\u{0}start", "é\u{0}🎉"] {
            #expect(throws: SegueError.invalidArgument("value of 'label' must not contain a NUL character")) {
                try label.accept(.string(text))
            }
            #expect(throws: SegueError.invalidArgument("value of 'label' must not contain a NUL character")) {
                try Fixtures.probe.defaultActive.setting("label", to: .string(text))
            }
        }
        #expect(throws: SegueError.invalidArgument("default identity value of 'label' must not contain a NUL character")) {
            try make(.string, name: "label", active: .string(""), identity: .string("a\u{0}"), animatable: false)
        }
        // Other control characters are ordinary text.
        for text in ["", "\u{1}", "\r\n", "\t", "\u{7F}", "\\0", "é🎉"] {
            #expect(try label.accept(.string(text)) == .string(text))
        }
    }

    @Test func expectations() throws {
        #expect(try make(range: 0...1).expectation == "a number in 0…1")
        #expect(try make().expectation == "a number")
        #expect(try make(.integer, range: 1...64, active: .integer(4), identity: .integer(4)).expectation
                    == "an integer in 1…64")
        #expect(try make(range: -0.5...2.25).expectation == "a number in -0.5…2.25")
        let probe = try Fixtures.probe.parameters
        try #require(probe.count == 8)
        #expect(probe[3].expectation == "true or false")
        #expect(probe[4].expectation == "a color")
        #expect(probe[5].expectation == "one of .channels, .tint")
        #expect(probe[6].expectation == "a string")
        #expect(probe[7].expectation == "a point")
    }
}

// MARK: - ParameterValue

@Suite struct ParameterValueTests {
    @Test func accessors() {
        #expect(ParameterValue.number(0.5).number == 0.5)
        #expect(ParameterValue.integer(-3).number == -3)
        #expect(ParameterValue.bool(true).number == 1)
        #expect(ParameterValue.bool(false).number == 0)
        #expect(ParameterValue.string("1").number == nil)
        #expect(ParameterValue.point(Point(x: 1, y: 2)).point == Point(x: 1, y: 2))
        #expect(ParameterValue.number(1).point == nil)
        #expect(ParameterValue.color(.white).color == .white)
        #expect(ParameterValue.enumeration("top").text == "top")
        #expect(ParameterValue.string("hi").text == "hi")
        #expect(ParameterValue.number(1).text == nil)
    }

    @Test func interpolatesNumbersPointsAndColors() {
        #expect(ParameterValue.interpolate(.number(0.2), .number(1), 0.25) == .number(0.4))
        #expect(ParameterValue.interpolate(.number(0), .number(10), -0.5) == .number(-5))
        #expect(ParameterValue.interpolate(.number(0), .number(10), 1.3) == .number(13))
        #expect(ParameterValue.interpolate(.point(.zero), .point(Point(x: 10, y: -20)), 0.25)
                    == .point(Point(x: 2.5, y: -5)))
        #expect(ParameterValue.interpolate(.color(Fixtures.red), .color(.clear), 0.25)
                    == .color(Color(red: 0.75, green: 0, blue: 0, alpha: 0.75)))
        #expect(ParameterValue.interpolate(.color(.black), .color(.white), 1.5)
                    == .color(Color(red: 1.5, green: 1.5, blue: 1.5, alpha: 1)))
    }

    @Test func integersRoundToNearest() {
        #expect(ParameterValue.interpolate(.integer(0), .integer(10), 0.25) == .integer(3))  // 2.5 → 3
        #expect(ParameterValue.interpolate(.integer(0), .integer(10), 0.24) == .integer(2))
        #expect(ParameterValue.interpolate(.integer(0), .integer(10), -0.05) == .integer(-1))  // -0.5 → -1
        #expect(ParameterValue.interpolate(.integer(0), .integer(10), 1.3) == .integer(13))
        #expect(ParameterValue.interpolate(.integer(10), .integer(0), 0.25) == .integer(8))  // 7.5 → 8
        #expect(ParameterValue.interpolate(.integer(0), .integer(1), 1e300) == .integer(9_000_000_000_000_000_000))
        #expect(ParameterValue.interpolate(.integer(0), .integer(1), .infinity) == .integer(0))
    }

    @Test func otherKindsSwitchAfterZero() {
        for (a, b) in [(ParameterValue.bool(false), ParameterValue.bool(true)),
                       (.enumeration("top"), .enumeration("bottom")), (.string("a"), .string("b")),
                       (.number(1), .integer(2))] {
            #expect(ParameterValue.interpolate(a, b, -1) == a)
            #expect(ParameterValue.interpolate(a, b, 0) == a)
            #expect(ParameterValue.interpolate(a, b, 1e-9) == b)
            #expect(ParameterValue.interpolate(a, b, 2) == b)
        }
    }
}

// MARK: - EffectDescriptor

@Suite struct EffectDescriptorTests {
    @Test(arguments: ["segue.scale", "my-vendor.fx", "a.b.c", "v1.x_2"])
    func acceptsVendorIDs(id: String) throws {
        #expect(try EffectDescriptor(id: id, name: "fx", summary: "", parameters: []).id == id)
    }

    @Test(arguments: ["scale", "", ".scale", "segue.", "a..b", "segue.sc ale", "ségue.x"])
    func refusesIDsWithoutVendor(id: String) {
        #expect(throws: SegueError.invalidArgument("effect id '\(id)' must look like 'vendor.name'")) {
            try EffectDescriptor(id: id, name: "fx", summary: "", parameters: [])
        }
    }

    @Test(arguments: ["", "2fx", "sliding-door", "a.b", "é", "fx!"])
    func refusesNamesThatAreNotIdentifiers(name: String) {
        #expect(throws: SegueError.invalidArgument("effect name '\(name)' of 'test.fx' must be an identifier")) {
            try EffectDescriptor(id: "test.fx", name: name, summary: "", parameters: [])
        }
    }

    @Test func refusesDuplicateParameters() throws {
        let a = try Fixtures.parameter("amount", .number, .number(0), .number(1), animatable: true)
        let b = try Fixtures.parameter("amount", .integer, .integer(0), .integer(1), animatable: false)
        #expect(throws: SegueError.invalidArgument("effect 'fx' declares parameter 'amount' twice")) {
            try EffectDescriptor(id: "test.fx", name: "fx", summary: "", parameters: [a, b])
        }
    }

    @Test func primaryParameterAndDefaults() throws {
        #expect(BuiltinEffects.opacity.primaryParameterIndex == 0)
        #expect(BuiltinEffects.scale.primaryParameterIndex == 0)
        #expect(BuiltinEffects.move.primaryParameterIndex == 1)
        #expect(BuiltinEffects.offset.primaryParameterIndex == 0)
        #expect(try Fixtures.countUp.primaryParameterIndex == 1)
        #expect(try Fixtures.still.primaryParameterIndex == nil)
        #expect(try Fixtures.blank.primaryParameterIndex == nil)
        #expect(BuiltinEffects.scale.defaultActive.values == [.number(0), .point(UnitPoint.center)])
        #expect(BuiltinEffects.scale.defaultIdentity.values == [.number(1), .point(UnitPoint.center)])
        #expect(BuiltinEffects.move.defaultActive.values == [.enumeration("leading"), .number(1)])
        #expect(BuiltinEffects.move.defaultIdentity.values == [.enumeration("leading"), .number(0)])
        #expect(BuiltinEffects.move.parameterIndex(named: "amount") == 1)
        #expect(BuiltinEffects.move.parameterIndex(named: "Amount") == nil)
    }
}

// MARK: - EffectState

@Suite struct EffectStateTests {
    @Test func settingConvertsAndChecks() throws {
        let state = try BuiltinEffects.opacity.defaultActive.setting("opacity", to: .integer(1))
        #expect(state["opacity"] == .number(1))
        #expect(state.number("opacity") == 1)
        #expect(throws: SegueError.invalidArgument("value 1.5 of 'opacity' is outside its range 0…1")) {
            try BuiltinEffects.opacity.defaultActive.setting("opacity", to: .number(1.5))
        }
        let probe = try Fixtures.probe.defaultActive.setting("enabled", to: .bool(true)).setting("mode", to: .string("tint"))
        #expect(probe.number("enabled") == 1)
        #expect(probe["mode"] == .enumeration("tint"))
    }

    @Test func unknownParameterMessages() throws {
        #expect(throws: SegueError(.unknownParameter,
                                   "effect 'scale' has no parameter 'sclae'; did you mean 'scale'? Its parameters: scale, anchor.")) {
            try BuiltinEffects.scale.defaultActive.setting("sclae", to: .number(1))
        }
        #expect(throws: SegueError(.unknownParameter,
                                   "effect 'scale' has no parameter 'zzzzzz'. Its parameters: scale, anchor.")) {
            try BuiltinEffects.scale.defaultActive.setting("zzzzzz", to: .number(1))
        }
        #expect(throws: SegueError(.unknownParameter, "effect 'blank' has no parameter 'x'. It takes no parameters.")) {
            try Fixtures.blank.defaultActive.setting("x", to: .number(1))
        }
    }

    @Test func betweenInterpolatesAnimatableAndSwitchesTheRest() throws {
        let a = try Fixtures.probe.defaultActive.setting("pieces", to: .integer(2)).setting("label", to: .string("a"))
        let b = try Fixtures.probe.defaultIdentity.setting("pieces", to: .integer(8)).setting("label", to: .string("b"))
            .setting("origin", to: .point(Point(x: 10, y: -20)))
        let quarter = EffectState.between(a, b, at: 0.25)
        #expect(quarter["level"] == .number(0.25))
        #expect(quarter["steps"] == .integer(3))
        #expect(quarter["pieces"] == .integer(8))
        #expect(quarter["enabled"] == .bool(true))
        #expect(quarter["tint"] == .color(Color(red: 0.75, green: 0, blue: 0, alpha: 0.75)))
        #expect(quarter["label"] == .string("b"))
        #expect(quarter["origin"] == .point(Point(x: 2.5, y: -5)))
        let before = EffectState.between(a, b, at: -0.5)
        #expect(before["level"] == .number(-0.5))
        #expect(before["steps"] == .integer(-5))
        #expect(before["pieces"] == .integer(2))
        #expect(before["enabled"] == .bool(false))
        #expect(before["label"] == .string("a"))
        #expect(before["origin"] == .point(Point(x: -5, y: 10)))
        #expect(EffectState.between(a, b, at: 0) == a)
        #expect(EffectState.between(a, b, at: 1) == b)
    }
}

// MARK: - EffectCatalog

@Suite struct EffectCatalogTests {
    @Test func builtIns() {
        let catalog = EffectCatalog()
        let names = ["opacity", "scale", "move", "offset", "rotation", "rotation3D", "blur", "brightness", "contrast",
                     "saturation", "grayscale", "hueRotation", "colorMultiply", "colorInvert", "expand", "morph"]
        #expect(catalog.effects.map(\.name) == names)
        #expect(catalog.effects.map(\.id) == names.map { "segue." + $0 })
        #expect(catalog.effect(named: "scale") == BuiltinEffects.scale)
        #expect(catalog.effect(named: "segue.scale") == BuiltinEffects.scale)
        #expect(catalog.effect(named: "Scale") == nil)
        #expect(catalog.effect(named: "slide") == nil)
    }

    @Test func addRefusesTakenIDsAndNames() throws {
        var catalog = EffectCatalog()
        try catalog.add(Fixtures.probe)
        #expect(try catalog.effect(named: "probe") == Fixtures.probe)
        #expect(try catalog.effect(named: "test.probe") == Fixtures.probe)
        #expect(throws: SegueError.invalidArgument("effect id 'test.probe' is already taken by 'probe'")) {
            try catalog.add(Fixtures.probe)
        }
        let sameName = try EffectDescriptor(id: "other.probe", name: "probe", summary: "", parameters: [])
        #expect(throws: SegueError.invalidArgument("effect name 'probe' is already taken by 'test.probe'")) {
            try catalog.add(sameName)
        }
        let builtinName = try EffectDescriptor(id: "other.opacity", name: "opacity", summary: "", parameters: [])
        #expect(throws: SegueError.invalidArgument("effect name 'opacity' is already taken by 'segue.opacity'")) {
            try catalog.add(builtinName)
        }
        let builtinID = try EffectDescriptor(id: "segue.move", name: "walk", summary: "", parameters: [])
        #expect(throws: SegueError.invalidArgument("effect id 'segue.move' is already taken by 'move'")) {
            try catalog.add(builtinID)
        }
        #expect(catalog.effects.count == BuiltinEffects.all.count + 1)
    }

    @Test(arguments: ["identity", "slide", "push", "modifier", "asymmetric", "combined", "flip", "blurReplace", "expand",
                      "collapse"])
    func addRefusesReservedNames(name: String) throws {
        var catalog = EffectCatalog()
        let effect = try EffectDescriptor(id: "test.\(name)", name: name, summary: "", parameters: [])
        // `expand` is a built-in effect's name as well: taken, before it is reserved.
        let message = name == "expand" ? "effect name 'expand' is already taken by 'segue.expand'"
            : "effect name '\(name)' is reserved by the spec language"
        #expect(throws: SegueError.invalidArgument(message)) {
            try catalog.add(effect)
        }
        #expect(catalog.effects.count == BuiltinEffects.all.count)
    }

    @Test func requireEffectSuggests() throws {
        let catalog = try Fixtures.catalog
        #expect(try catalog.requireEffect(named: "countUp") == Fixtures.countUp)
        #expect(throws: SegueError(.unknownEffect, "unknown effect 'opacty'; did you mean 'opacity'?")) {
            try catalog.requireEffect(named: "opacty")
        }
        #expect(throws: SegueError(.unknownEffect, "unknown effect 'countup'; did you mean 'countUp'?")) {
            try catalog.requireEffect(named: "countup")
        }
        // Reserved transition names are suggested too.
        #expect(throws: SegueError(.unknownEffect, "unknown effect 'asymetric'; did you mean 'asymmetric'?")) {
            try catalog.requireEffect(named: "asymetric")
        }
        // At most three suggestions, closest first.
        #expect(throws: SegueError(.unknownEffect, "unknown effect 'o'; did you mean 'offset' or 'opacity'?")) {
            try catalog.requireEffect(named: "o")
        }
        #expect(throws: SegueError(.unknownEffect, "unknown effect 'xyzzyq'")) {
            try catalog.requireEffect(named: "xyzzyq")
        }
    }
}

// MARK: - ClosestNames

@Suite struct ClosestNamesTests {
    @Test func levenshtein() {
        func d(_ a: String, _ b: String) -> Int { ClosestNames.distance(Array(a), Array(b)) }
        #expect(d("kitten", "sitting") == 3)
        #expect(d("", "abc") == 3)
        #expect(d("abc", "") == 3)
        #expect(d("move", "move") == 0)
        #expect(d("mvoe", "move") == 2)
        #expect(d("scale", "sclae") == 2)
    }

    @Test func ranking() {
        let names = ["opacity", "scale", "move", "offset", "modifier"]
        #expect(ClosestNames.ranked(to: "mvoe", among: names) == ["move"])
        #expect(ClosestNames.ranked(to: "Scale", among: names) == ["scale"])
        #expect(ClosestNames.ranked(to: "mo", among: names) == ["move", "modifier"])  // prefix matches, closest first
        #expect(ClosestNames.ranked(to: "ab", among: ["ax", "ay", "b"]) == ["ax", "ay", "b"])  // ties by name
        #expect(ClosestNames.ranked(to: "zzzzzzz", among: names) == [])
        // The limit grows with the name: a third of its length, at least 2.
        #expect(ClosestNames.ranked(to: "abcdefghi", among: ["abcdefxyz", "abcdefgxz"]) == ["abcdefgxz", "abcdefxyz"])
        #expect(ClosestNames.ranked(to: "abcdefghi", among: ["abcdewxyz"]) == [])
        #expect(ClosestNames.best(to: "sclae", among: ["scale", "anchor"]) == "scale")
        #expect(ClosestNames.best(to: "qqqq", among: ["scale", "anchor"]) == nil)
        #expect(ClosestNames.best(to: "x", among: []) == nil)
    }
}
