import SegueBasics
import Testing

@testable import SegueModel

/// `UnitPoint.bottom`.
private let bottom = Point(x: 0.5, y: 1)

/// The issue's example, built with the API.
private func issueExample() throws -> Transition {
    try .asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), removal: .scale(0.5, anchor: bottom))
}
private let issueExampleSpec = """
    .asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity),
                removal: .scale(scale: 0.5, anchor: .bottom))
    """

/// A spec and the same transition built with the API. The API side is built
/// inside the test, so that an error fails that test rather than the process.
struct SpecAndAPI: Sendable, CustomTestStringConvertible {
    let spec: String
    let transition: @Sendable () throws -> Transition
    init(_ spec: String, _ transition: @escaping @Sendable () throws -> Transition) {
        self.spec = spec
        self.transition = transition
    }
    init(_ spec: String, _ transition: Transition) {
        self.init(spec) { transition }
    }
    var testDescription: String { spec }
}

// MARK: - Built-ins: API and spec agree

@Suite struct BuiltinTransitionTests {
    static let pairs: [SpecAndAPI] = [
        SpecAndAPI(".opacity", .opacity),
        SpecAndAPI("AnyTransition.opacity", .opacity),
        SpecAndAPI(".modifier(active: .opacity, identity: .opacity)", .opacity),
        SpecAndAPI(".opacity(from: 0, to: 1)", .opacity),
        SpecAndAPI(".scale") { try .scale() },
        SpecAndAPI(".scale(0.5)") { try .scale(0.5) },
        SpecAndAPI(".scale(scale: 0.5)") { try .scale(0.5) },
        SpecAndAPI(".scale(scale: 0.5, anchor: .bottom)") { try .scale(0.5, anchor: bottom) },
        SpecAndAPI(".scale(anchor: UnitPoint.bottom, scale: 0.5)") { try .scale(0.5, anchor: bottom) },
        SpecAndAPI(".scale(scale: -2, anchor: CGPoint(x: 0, y: 1))") { try .scale(-2, anchor: Point(x: 0, y: 1)) },
        SpecAndAPI(".move(edge: .trailing)", .move(edge: .trailing)),
        SpecAndAPI(".move(edge: Edge.top)", .move(edge: .top)),
        SpecAndAPI(".move(edge: .leading)", .move(edge: .leading)),
        SpecAndAPI(".move", .move(edge: .leading)),
        SpecAndAPI(".offset(x: 10, y: -20)") { try .offset(x: 10, y: -20) },
        SpecAndAPI(".offset(CGSize(width: 10, height: 20))") { try .offset(x: 10, y: 20) },
        SpecAndAPI(".offset(CGPoint(x: -1.5, y: 0))") { try .offset(x: -1.5, y: 0) },
        SpecAndAPI(".offset(x: 10)") { try .offset(x: 10, y: 0) },
        SpecAndAPI(".offset(y: .5)") { try .offset(x: 0, y: 0.5) },
        SpecAndAPI(".slide", .slide),
        SpecAndAPI(".asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))", .slide),
        SpecAndAPI(".asymmetric(insertion: .move, removal: .move(edge: .trailing))", .slide),
        SpecAndAPI(".push(from: .top)", .push(from: .top)),
        SpecAndAPI(".push(from: .trailing)", .push(from: .trailing)),
        SpecAndAPI("AnyTransition.push(from: Edge.bottom)", .push(from: .bottom)),
        SpecAndAPI(".asymmetric(insertion: .move(edge: .leading).combined(with: .opacity), "
                   + "removal: .move(edge: .trailing).combined(with: .opacity))", .push(from: .leading)),
        SpecAndAPI(".identity", .identity),
        SpecAndAPI("AnyTransition.identity", .identity),
        SpecAndAPI(issueExampleSpec) { try issueExample() },
        SpecAndAPI(".modifier(active: .scale(scale: 0.2), identity: .scale(scale: 1))") { try .scale(0.2) },
        SpecAndAPI("AnyTransition.opacity.combined(with: AnyTransition.scale)") { try Transition.opacity.combined(with: .scale()) },
    ]

    @Test(arguments: pairs)
    func specEqualsAPI(_ pair: SpecAndAPI) throws {
        let parsed = try Fixtures.parse(pair.spec)
        let built = try pair.transition()
        #expect(parsed == built)
        #expect(parsed.depth == built.depth)
    }

    @Test func builtinStates() throws {
        let opacity = try #require(Transition.opacity.modifiers(for: .insertion).first)
        #expect(opacity.active.values == [.number(0)])
        #expect(opacity.identity.values == [.number(1)])

        let scale = try #require(try Transition.scale(0.5, anchor: bottom).modifiers(for: .insertion).first)
        #expect(scale.active.values == [.number(0.5), .point(Point(x: 0.5, y: 1))])
        #expect(scale.identity.values == [.number(1), .point(Point(x: 0.5, y: 1))])

        let move = try #require(Transition.move(edge: .trailing).modifiers(for: .insertion).first)
        #expect(move.active.values == [.enumeration("trailing"), .number(1)])
        #expect(move.identity.values == [.enumeration("trailing"), .number(0)])

        let offset = try #require(try Transition.offset(x: 10, y: -20).modifiers(for: .insertion).first)
        #expect(offset.active.values == [.number(10), .number(-20)])
        #expect(offset.identity.values == [.number(0), .number(0)])

        #expect(Transition.identity.modifiers(for: .insertion).isEmpty)
        #expect(Transition.identity.modifiers(for: .removal).isEmpty)
    }

    @Test func apiRefusesBadNumbers() {
        #expect(throws: SegueError.invalidArgument("value of 'scale' must be finite, not nan")) { try Transition.scale(.nan) }
        #expect(throws: SegueError.invalidArgument("value 2000 of 'scale' is outside its range -1000…1000")) {
            try Transition.scale(2000)
        }
        #expect(throws: SegueError.invalidArgument("value of 'anchor' must be a finite point, not (inf, 0.0)")) {
            try Transition.scale(0.5, anchor: Point(x: .infinity, y: 0))
        }
        #expect(throws: SegueError.invalidArgument("value of 'x' must be finite, not nan")) {
            try Transition.offset(x: .nan, y: 0)
        }
        #expect(throws: SegueError.invalidArgument("value of 'y' must be finite, not -inf")) {
            try Transition.offset(x: 0, y: -.infinity)
        }
    }

    @Test func modifierNeedsOneEffect() {
        #expect(throws: SegueError.invalidArgument(
            "a modifier's active and identity states must use one effect, not 'scale' and 'opacity'")) {
            try Transition.modifier(active: BuiltinEffects.scale.defaultActive, identity: BuiltinEffects.opacity.defaultIdentity)
        }
    }

    @Test func edges() {
        #expect(Edge.allCases.map(\.opposite) == [.bottom, .trailing, .top, .leading])
        #expect(Edge.top.direction == Point(x: 0, y: -1))
        #expect(Edge.bottom.direction == Point(x: 0, y: 1))
        #expect(Edge.leading.direction == Point(x: -1, y: 0))
        #expect(Edge.trailing.direction == Point(x: 1, y: 0))
    }

    @Test func effectIDs() throws {
        #expect(Transition.identity.effectIDs.isEmpty)
        #expect(Transition.push(from: .top).effectIDs == ["segue.move", "segue.opacity"])
        #expect(try issueExample().effectIDs == ["segue.move", "segue.opacity", "segue.scale"])
        #expect(try Fixtures.parse(".asymmetric(insertion: .identity, removal: .countUp(to: 3))").effectIDs == ["test.countUp"])
    }
}

// MARK: - modifiers(for:) and states

@Suite struct TransitionSideTests {
    private func names(_ t: Transition, _ side: TransitionSide) -> [String] {
        t.modifiers(for: side).map { modifier in
            let effect = modifier.active.effect
            if effect.name == "move" { return "move(\(modifier.active["edge"].text ?? "?"))" }
            return effect.name
        }
    }

    @Test func combinedIsContentThenFirstThenSecond() throws {
        let t = try Transition.offset(x: 1, y: 2).combined(with: .opacity).combined(with: .scale())
        #expect(names(t, .insertion) == ["offset", "opacity", "scale"])
        #expect(names(t, .removal) == ["offset", "opacity", "scale"])
        let rightNested = try Transition.offset(x: 1, y: 2).combined(with: Transition.opacity.combined(with: .scale()))
        #expect(names(rightNested, .insertion) == ["offset", "opacity", "scale"])
        #expect(rightNested != t)  // a different tree, the same order
    }

    @Test func nestedTreesPickBranches() throws {
        let t = try Transition.asymmetric(
            insertion: Transition.opacity.combined(with: .asymmetric(insertion: .scale(0.5), removal: .move(edge: .top))),
            removal: Transition.offset(x: 1, y: 2).combined(with: .identity).combined(with: .slide)
        ).combined(with: .push(from: .leading))
        #expect(t.depth == 5)
        #expect(names(t, .insertion) == ["opacity", "scale", "move(leading)", "opacity"])
        #expect(names(t, .removal) == ["offset", "move(trailing)", "move(trailing)", "opacity"])

        let parsed = try Fixtures.parse("""
            .asymmetric(
                insertion: .opacity.combined(with: .asymmetric(insertion: .scale(0.5), removal: .move(edge: .top))),
                removal: .offset(x: 1, y: 2).combined(with: .identity).combined(with: .slide)
            ).combined(with: .push(from: .leading))
            """)
        #expect(parsed == t)

        let doubleAsymmetric = try Transition.asymmetric(
            insertion: .asymmetric(insertion: .move(edge: .top), removal: .move(edge: .bottom)),
            removal: .asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing)))
        #expect(names(doubleAsymmetric, .insertion) == ["move(top)"])
        #expect(names(doubleAsymmetric, .removal) == ["move(trailing)"])
    }

    struct Sample: Sendable, CustomTestStringConvertible {
        let p: Double
        let moveAmount: Double      // insertion: move(edge: .trailing), 1 → 0
        let opacity: Double         // insertion: opacity, 0 → 1
        let removalScale: Double    // removal: scale 1 → 0.5 about .bottom
        var testDescription: String { "p = \(p)" }
    }

    static let samples = [
        Sample(p: 0, moveAmount: 1, opacity: 0, removalScale: 1),
        Sample(p: 0.25, moveAmount: 0.75, opacity: 0.25, removalScale: 0.875),
        Sample(p: 1, moveAmount: 0, opacity: 1, removalScale: 0.5),
        Sample(p: -0.5, moveAmount: 1.5, opacity: -0.5, removalScale: 1.25),
        Sample(p: 1.3, moveAmount: -0.3, opacity: 1.3, removalScale: 0.35),
    ]

    @Test(arguments: samples)
    func issueExampleStates(_ sample: Sample) throws {
        let issueExample = try issueExample()
        let insertion = issueExample.modifiers(for: .insertion)
        try #require(insertion.count == 2)
        let move = insertion[0].state(for: .insertion, at: sample.p)
        #expect(move["edge"] == .enumeration("trailing"))
        #expect(Fixtures.isClose(move.number("amount"), sample.moveAmount))
        let opacity = insertion[1].state(for: .insertion, at: sample.p)
        #expect(Fixtures.isClose(opacity.number("opacity"), sample.opacity))

        let removal = issueExample.modifiers(for: .removal)
        try #require(removal.count == 1)
        let scale = removal[0].state(for: .removal, at: sample.p)
        #expect(Fixtures.isClose(scale.number("scale"), sample.removalScale))
        #expect(scale["anchor"] == .point(Point(x: 0.5, y: 1)))
    }

    @Test(arguments: [(0.0, 0.2, 1.0), (0.25, 0.4, 0.8), (1.0, 1.0, 0.2), (-0.5, -0.2, 1.4), (1.3, 1.24, -0.04)])
    func modifierScaleStates(p: Double, insertion: Double, removal: Double) throws {
        let t = try Fixtures.parse(".modifier(active: .scale(scale: 0.2), identity: .scale(scale: 1))")
        let modifier = try #require(t.modifiers(for: .insertion).first)
        #expect(Fixtures.isClose(modifier.state(for: .insertion, at: p).number("scale"), insertion))
        #expect(Fixtures.isClose(modifier.state(for: .removal, at: p).number("scale"), removal))
    }

    @Test func nonAnimatableParametersSwitchAfterZero() throws {
        let t = try Fixtures.parse(".modifier(active: .move(edge: .top), identity: .move(edge: .bottom))")
        let modifier = try #require(t.modifiers(for: .insertion).first)
        func edge(_ side: TransitionSide, _ p: Double) -> String { modifier.state(for: side, at: p)["edge"].text! }
        // Insertion goes active → identity, removal identity → active.
        #expect([-0.5, 0, 1e-9, 0.25, 1, 1.3].map { edge(.insertion, $0) } == ["top", "top", "bottom", "bottom", "bottom", "bottom"])
        #expect([-0.5, 0, 1e-9, 0.25, 1, 1.3].map { edge(.removal, $0) } == ["bottom", "bottom", "top", "top", "top", "top"])
        #expect(modifier.state(for: .insertion, at: 0.25).number("amount") == 0.75)
        #expect(modifier.state(for: .removal, at: 0.25).number("amount") == 0.25)
    }

    @Test func everyKindAtAQuarter() throws {
        let t = try Fixtures.parse("""
            .modifier(active: .probe(level: 2, steps: 0, pieces: 2, enabled: false, tint: .white, mode: .channels,
                                     label: "a", origin: CGPoint(x: 8, y: -4)),
                      identity: .probe(level: 4, steps: 10, pieces: 8, enabled: true, tint: .black, mode: .tint,
                                       label: "b", origin: .zero))
            """)
        let modifier = try #require(t.modifiers(for: .insertion).first)
        let insertion = modifier.state(for: .insertion, at: 0.25)
        #expect(insertion.values == [
            .number(2.5), .integer(3), .integer(8), .bool(true), .color(Color(red: 0.75, green: 0.75, blue: 0.75)),
            .enumeration("tint"), .string("b"), .point(Point(x: 6, y: -3)),
        ])
        let removal = modifier.state(for: .removal, at: 0.25)
        #expect(removal.values == [
            .number(3.5), .integer(8), .integer(2), .bool(false), .color(Color(red: 0.25, green: 0.25, blue: 0.25)),
            .enumeration("channels"), .string("a"), .point(Point(x: 2, y: -1)),
        ])
    }

    /// p = 0 shows exactly the active state on insertion (the identity on
    /// removal); p = 1 exactly the identity (the active state on removal).
    @Test(arguments: [
        ".opacity", ".scale(0.1)", ".move(edge: .bottom)", ".offset(x: -0.3, y: 0.7)", issueExampleSpec,
        ".modifier(active: .offset(x: -0.3, y: 0.9), identity: .offset(x: 2, y: 0.3))",
        ".modifier(active: .opacity(0.15), identity: .opacity(0.7))",
        ".modifier(active: .probe(level: -0.3, tint: Color(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.9), origin: CGPoint(x: 0.15, y: -0.3)), identity: .probe(level: 2, tint: Color(red: 0.7, green: 0, blue: 1), origin: CGPoint(x: -1, y: 2)))",
        ".countUp(from: 0.1, to: 0.7)",
    ])
    func endpointsAreExact(spec: String) throws {
        let t = try Fixtures.parse(spec)
        for side in [TransitionSide.insertion, .removal] {
            for modifier in t.modifiers(for: side) {
                let start = side == .insertion ? modifier.active : modifier.identity
                let end = side == .insertion ? modifier.identity : modifier.active
                #expect(modifier.state(for: side, at: 0) == start)
                #expect(modifier.state(for: side, at: 1) == end)
            }
        }
    }

    @Test(arguments: Edge.allCases)
    func pushRemovesTowardsTheOppositeEdge(edge: Edge) throws {
        let push = Transition.push(from: edge)
        let insertion = push.modifiers(for: .insertion)
        let removal = push.modifiers(for: .removal)
        try #require(insertion.count == 2 && removal.count == 2)
        #expect(insertion[0].state(for: .insertion, at: 0.25).values == [.enumeration(edge.rawValue), .number(0.75)])
        #expect(insertion[1].state(for: .insertion, at: 0.25).values == [.number(0.25)])
        #expect(removal[0].state(for: .removal, at: 0.25).values == [.enumeration(edge.opposite.rawValue), .number(0.25)])
        #expect(removal[1].state(for: .removal, at: 0.25).values == [.number(0.75)])
        #expect(removal[0].state(for: .removal, at: 1).values == [.enumeration(edge.opposite.rawValue), .number(1)])
    }

    @Test func slideInsertsFromLeadingAndRemovesTowardsTrailing() throws {
        let insertion = Transition.slide.modifiers(for: .insertion)
        let removal = Transition.slide.modifiers(for: .removal)
        try #require(insertion.count == 1 && removal.count == 1)
        #expect(insertion[0].state(for: .insertion, at: 0).values == [.enumeration("leading"), .number(1)])
        #expect(insertion[0].state(for: .insertion, at: 0.25).values == [.enumeration("leading"), .number(0.75)])
        #expect(insertion[0].state(for: .insertion, at: 1).values == [.enumeration("leading"), .number(0)])
        #expect(removal[0].state(for: .removal, at: 0).values == [.enumeration("trailing"), .number(0)])
        #expect(removal[0].state(for: .removal, at: 0.25).values == [.enumeration("trailing"), .number(0.25)])
        #expect(removal[0].state(for: .removal, at: 1).values == [.enumeration("trailing"), .number(1)])
    }
}

// MARK: - Shorthand rules

@Suite struct ShorthandTests {
    private func modifier(_ spec: String) throws -> Modifier {
        let modifiers = try Fixtures.parse(spec).modifiers(for: .insertion)
        try #require(modifiers.count == 1)
        return modifiers[0]
    }

    @Test func fromToAndUnlabelledAddressThePrimaryParameter() throws {
        let to = try modifier(".countUp(to: 120)")
        #expect(to.active["value"] == .number(0))
        #expect(to.identity["value"] == .number(120))
        let from = try modifier(".countUp(from: 10)")
        #expect(from.active["value"] == .number(10))
        #expect(from.identity["value"] == .number(100))
        #expect(try modifier(".countUp(10)") == from)
        #expect(try modifier(".countUp(value: 10)") == from)
        let both = try modifier(".countUp(from: 10, to: 120)")
        #expect(both.active["value"] == .number(10))
        #expect(both.identity["value"] == .number(120))
        #expect(try modifier(".countUp(to: 120, from: 10)") == both)
        #expect(try modifier(".countUp(10, to: 120)") == both)
    }

    @Test func nonAnimatableLabelsSetBothStates() throws {
        let m = try modifier(".countUp(to: 120, threshold: 50, format: \"%.0f\", alertColor: .orange)")
        let orange = try #require(Color.named["orange"])
        for state in [m.active, m.identity] {
            #expect(state["threshold"] == .number(50))
            #expect(state["format"] == .string("%.0f"))
            #expect(state["alertColor"] == .color(orange))
        }
        // An animatable label sets only the active state.
        let probe = try modifier(".probe(enabled: true, steps: 5)")
        #expect(probe.active["enabled"] == .bool(true))
        #expect(probe.identity["enabled"] == .bool(true))
        #expect(probe.active["steps"] == .integer(5))
        #expect(probe.identity["steps"] == .integer(10))
        let off = try modifier(".probe(enabled: false)")
        #expect(off.identity["enabled"] == .bool(false))
    }

    @Test func statesInsideModifierStartFromTheirRoleDefaults() throws {
        let m = try modifier(".modifier(active: .countUp(5), identity: .countUp(7))")
        #expect(m.active.values == [.string("%.1f"), .number(5), .number(100), .color(Fixtures.red)])
        #expect(m.identity.values == [.string("%.1f"), .number(7), .number(100), .color(Fixtures.red)])
        let probe = try modifier(".modifier(active: .probe(enabled: true), identity: .probe(enabled: false))")
        #expect(probe.active["enabled"] == .bool(true))
        #expect(probe.identity["enabled"] == .bool(false))
        #expect(try modifier(".modifier(active: .scale, identity: .scale)") == modifier(".scale"))
        #expect(try modifier(".modifier(active: .offset(CGSize(width: 3, height: 4)), identity: .offset)")
                    == modifier(".offset(x: 3, y: 4)"))
    }
}

// MARK: - Round trips

/// A transition built with the API, named for the test listing. Built inside
/// the test, so that an error fails that test rather than the process.
struct APICase: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable () throws -> Transition
    init(_ name: String, _ build: @escaping @Sendable () throws -> Transition) {
        self.name = name
        self.build = build
    }
    var testDescription: String { name }
}

@Suite struct RoundTripTests {
    static let specs: [String] = [
        ".identity", ".opacity", ".scale", ".scale(0.5)", ".scale(scale: -0.25, anchor: .bottom)",
        ".scale(anchor: UnitPoint(x: 0.1, y: -0.3))", ".move(edge: .trailing)", ".move(edge: .top)", ".move(-0.5)",
        ".move", ".move(edge: .leading)", ".move(edge: .leading, amount: 1)",
        ".move(edge: .bottom, amount: 2)", ".move(to: 0.25)", ".offset(x: 10, y: -20)",
        ".offset(CGSize(width: -1e-3, height: 1e300))", ".offset(y: -4)", ".offset(x: 0.1, y: 0.30000000000000004)",
        ".slide", ".push(from: .leading)", ".push(from: .bottom)", issueExampleSpec,
        ".asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))",
        ".asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))",
        ".asymmetric(insertion: .move(edge: .top).combined(with: .opacity), removal: .move(edge: .bottom).combined(with: .opacity))",
        ".asymmetric(insertion: .opacity.combined(with: .move(edge: .top)), removal: .move(edge: .bottom).combined(with: .opacity))",
        ".asymmetric(insertion: .move(edge: .top).combined(with: .opacity), removal: .move(edge: .top).combined(with: .opacity))",
        ".slide.combined(with: .push(from: .top)).combined(with: .slide)",
        ".modifier(active: .scale(scale: 0.2), identity: .scale(scale: 1))",
        ".modifier(active: .move(edge: .top), identity: .move(edge: .bottom))",
        ".modifier(active: .move, identity: .move(edge: .trailing))",
        ".modifier(active: .offset(x: 5), identity: .offset(y: 3))",
        ".modifier(active: .opacity(0.9), identity: .opacity(0.3))",
        ".modifier(active: .scale(anchor: .top), identity: .scale(anchor: .bottom))",
        ".opacity(from: 0.2, to: 0.8)",
        ".opacity.combined(with: .scale).combined(with: .slide)",
        ".opacity.combined(with: .scale.combined(with: .slide))",
        ".identity.combined(with: .identity)",
        ".asymmetric(insertion: .identity, removal: .asymmetric(insertion: .opacity, removal: .push(from: .bottom)))",
        ".asymmetric(insertion: .opacity, removal: .scale).combined(with: .move(edge: .bottom))",
        ".countUp", ".countUp(to: 120)", ".countUp(from: 10, to: 120)", ".countUp(10)", ".countUp(-2.5e-7)",
        #".countUp(format: "%d \"pts\"\n\\ \t", to: -120)"#,
        ".countUp(to: 120, threshold: 50, alertColor: .orange)",
        ##".countUp(alertColor: "#ff880080")"##,
        #".modifier(active: .countUp(value: 5, format: "a"), identity: .countUp(format: "b"))"#,
        ".modifier(active: .countUp(threshold: 1), identity: .countUp(alertColor: .blue.opacity(0.5)))",
        ".probe", ".probe(to: 0.5)", ".probe(steps: -7)",
        #".probe(level: -2.5, steps: 7, pieces: 16, enabled: true, tint: .blue, mode: .tint, label: "héllo🎉\n\"world\"", origin: CGPoint(x: -1, y: 2))"#,
        ".modifier(active: .probe(steps: -3, origin: .center), identity: .probe(steps: 30, tint: Color(white: 0.5, opacity: 0.5), enabled: false))",
        ".modifier(active: .probe(mode: .tint), identity: .probe)",
        ".probe(tint: Color(red: 1, green: 0, blue: 0.5))",
        ".probe(tint: Color(red: 5e-324, green: 0.9999999999999999, blue: 0.30000000000000004, opacity: 0))",
        ".probe(label: \"\u{1}\r\u{7F}\")",
        ".still", ".still(count: 3)", ".modifier(active: .still(count: 2), identity: .still(count: 5))", ".blank",
        ".still(count: 9007199254740992)", ".still(count: -9007199254740992)", ".still(count: 9007199254740991)",
        ".blank.combined(with: .still).combined(with: .probe)",
        "AnyTransition.opacity",
        // The deepest transitions a spec may give (24 levels).
        ".opacity" + String(repeating: ".combined(with: .move(edge: .top))", count: 23),
        String(repeating: ".opacity.combined(with: ", count: 23) + ".probe(origin: CGPoint(x: 1, y: 2))"
            + String(repeating: ")", count: 23),
        String(repeating: ".asymmetric(insertion: .slide, removal: ", count: 21) + ".push(from: .top)"
            + String(repeating: ")", count: 21),
    ]

    @Test(arguments: specs)
    func specsRoundTrip(spec: String) throws {
        let t = try Fixtures.parse(spec)
        let printed = t.spec
        let reread = try Fixtures.parse(printed)
        #expect(reread == t, "\(printed)")
        #expect(reread.depth == t.depth)
        #expect(reread.spec == printed)
    }

    static let transitions: [APICase] = [
        APICase(".identity") { .identity }, APICase(".opacity") { .opacity }, APICase(".slide") { .slide },
        APICase("issue example") { try issueExample() },
        APICase("scale about an odd anchor") { try .scale(-0.3, anchor: Point(x: 1e-7, y: 3)) },
        APICase("offset by thirds and pi") { try .offset(x: 1 / 3.0, y: -.pi) },
        APICase("offset to extremes") { try .offset(x: -1e300, y: Double.leastNonzeroMagnitude) },
        APICase("move from every edge") {
            try Edge.allCases.dropFirst().reduce(Transition.move(edge: .top)) { try $0.combined(with: .move(edge: $1)) }
        },
        APICase("push from every edge") {
            try Edge.allCases.dropFirst().reduce(Transition.push(from: .top)) { try $0.combined(with: .push(from: $1)) }
        },
        APICase("probe modifier") { try probeModifier(0) },
        APICase("probe modifier reversed") { try probeModifier(1) },
        APICase("probe modifier, both states alike") { try probeModifier(2) },
        APICase("integers at ±2⁵³") {
            let still = try Fixtures.still
            return try .modifier(active: still.defaultActive.setting("count", to: .integer(1 << 53)),
                                 identity: still.defaultIdentity.setting("count", to: .integer(-(1 << 53))))
        },
        APICase("colours on the ends of 0…1") {
            let countUp = try Fixtures.countUp
            return try .modifier(
                active: countUp.defaultActive.setting("alertColor", to: .color(Color(red: 0, green: 1, blue: Double.leastNonzeroMagnitude, alpha: 0))),
                identity: countUp.defaultIdentity.setting("alertColor", to: .color(Color(red: 1, green: 0.9999999999999999, blue: 0))))
        },
        APICase("left-deep chain of depth 24") { try DeepTransitions.leftDeepChain() },
        APICase("right-deep combined nest of depth 24") { try DeepTransitions.rightDeepCombined() },
        APICase("right-deep asymmetric nest of depth 24") { try DeepTransitions.rightDeepAsymmetric() },
        APICase("left-deep asymmetric nest of depth 24") { try DeepTransitions.leftDeepAsymmetric() },
        APICase("zigzag of depth 24") { try DeepTransitions.zigzag() },
    ]

    /// Probe states with every kind set away from its defaults.
    private static func probeModifier(_ variant: Int) throws -> Transition {
        let probe = try Fixtures.probe
        let active = try probe.defaultActive.setting("label", to: .string("tab\there \\ \"q\" \n é"))
            .setting("tint", to: .color(Color(red: 1.0 / 3, green: 0.1, blue: 1e-9, alpha: 0.5)))
            .setting("mode", to: .enumeration("tint")).setting("pieces", to: .integer(64))
            .setting("origin", to: .point(Point(x: -0.1, y: 1e6)))
        let identity = try probe.defaultIdentity.setting("steps", to: .integer(-100)).setting("level", to: .number(-10))
        switch variant {
        case 0: return try .modifier(active: active, identity: identity)
        case 1: return try .modifier(active: identity, identity: active)
        default: return try .modifier(active: active, identity: active)
        }
    }

    @Test(arguments: transitions)
    func apiTransitionsRoundTrip(_ item: APICase) throws {
        let t = try item.build()
        let printed = t.spec
        let reread = try Fixtures.parse(printed)
        #expect(reread == t, "\(printed)")
        #expect(reread.spec == printed)
    }

    @Test func printedForms() throws {
        #expect(Transition.opacity.spec == ".opacity")
        #expect(Transition.identity.spec == ".identity")
        #expect(try Transition.scale().spec == ".scale")
        #expect(try Transition.scale(0.5).spec == ".scale(scale: 0.5)")
        #expect(try Transition.scale(0.5, anchor: bottom).spec == ".scale(scale: 0.5, anchor: CGPoint(x: 0.5, y: 1))")
        #expect(Transition.move(edge: .trailing).spec == ".move(edge: .trailing)")
        #expect(try Transition.offset(x: 10, y: -20).spec == ".offset(x: 10, y: -20)")
        #expect(try Transition.opacity.combined(with: .identity).spec == ".opacity.combined(with: .identity)")
        #expect(try issueExample().spec
                    == ".asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), removal: .scale(scale: 0.5, anchor: CGPoint(x: 0.5, y: 1)))")
        #expect(try Fixtures.parse(".countUp(to: 120)").spec == ".countUp(to: 120)")
        #expect(try Fixtures.parse(".countUp(from: 10, to: 120)").spec == ".countUp(value: 10, to: 120)")
        #expect(try Fixtures.parse(".countUp(threshold: 5)").spec == ".countUp(threshold: 5)")
        #expect(try Fixtures.parse(".modifier(active: .move(edge: .top), identity: .move(edge: .bottom))").spec
                    == ".modifier(active: .move(edge: .top), identity: .move(edge: .bottom))")
        #expect(try Fixtures.parse(".modifier(active: .offset(x: 5), identity: .offset(y: 3))").spec
                    == ".modifier(active: .offset(x: 5), identity: .offset(y: 3))")
        #expect(try Fixtures.parse(".modifier(active: .scale(scale: 0.2), identity: .scale(scale: 1))").spec
                    == ".scale(scale: 0.2)")
        #expect(try Fixtures.parse(".probe(enabled: true, mode: \"tint\")").spec == ".probe(enabled: true, mode: .tint)")
        #expect(try Fixtures.parse(".still(count: 9007199254740992)").spec == ".still(count: 9007199254740992)")
        #expect(try Fixtures.parse(".still(count: -9.007199254740992e15)").spec == ".still(count: -9007199254740992)")
    }

    /// `.slide` and `.push(from:)` print as SwiftUI spells them, however they were written.
    @Test func slideAndPushPrintByName() throws {
        #expect(Transition.slide.spec == ".slide")
        #expect(try Fixtures.parse(".asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))").spec
                    == ".slide")
        #expect(try Fixtures.parse(".asymmetric(insertion: .move, removal: .move(edge: .trailing))").spec == ".slide")
        #expect(try Fixtures.parse(".modifier(active: .move, identity: .move)").spec == ".move(edge: .leading)")
        for edge in Edge.allCases {
            #expect(Transition.push(from: edge).spec == ".push(from: .\(edge.rawValue))")
            let spelledOut = try Fixtures.parse(
                ".asymmetric(insertion: .move(edge: .\(edge.rawValue)).combined(with: .opacity), "
                    + "removal: .move(edge: .\(edge.opposite.rawValue)).combined(with: .opacity))")
            #expect(spelledOut == .push(from: edge))
            #expect(spelledOut.spec == ".push(from: .\(edge.rawValue))")
        }
        // Inside other transitions too.
        #expect(try Transition.slide.combined(with: .push(from: .bottom)).spec == ".slide.combined(with: .push(from: .bottom))")
        #expect(try Transition.asymmetric(insertion: .slide, removal: .push(from: .top)).spec
                    == ".asymmetric(insertion: .slide, removal: .push(from: .top))")
        #expect(try Transition.opacity.combined(with: .slide).spec == ".opacity.combined(with: .slide)")
        // Near misses are written out.
        #expect(try Transition.asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading)).spec
                    == ".asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))")
        #expect(try Transition.asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .leading)).spec
                    == ".asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .leading))")
        #expect(try Transition.asymmetric(insertion: .move(edge: .top).combined(with: .opacity),
                                          removal: .move(edge: .top).combined(with: .opacity)).spec
                    == ".asymmetric(insertion: .move(edge: .top).combined(with: .opacity), removal: .move(edge: .top).combined(with: .opacity))")
        #expect(try Transition.asymmetric(insertion: Transition.opacity.combined(with: .move(edge: .top)),
                                          removal: .move(edge: .bottom).combined(with: .opacity)).spec
                    == ".asymmetric(insertion: .opacity.combined(with: .move(edge: .top)), removal: .move(edge: .bottom).combined(with: .opacity))")
        #expect(try Fixtures.parse(".asymmetric(insertion: .move(to: 0.5), removal: .move(edge: .trailing))").spec
                    == ".asymmetric(insertion: .move(edge: .leading, to: 0.5), removal: .move(edge: .trailing))")
        #expect(try Transition.slide.combined(with: .identity).spec == ".slide.combined(with: .identity)")
    }

    /// Non-animatable enumeration parameters are always written out, as SwiftUI spells `.move(edge:)`.
    @Test func enumerationsAreAlwaysWrittenOut() throws {
        for edge in Edge.allCases {
            #expect(Transition.move(edge: edge).spec == ".move(edge: .\(edge.rawValue))")
        }
        #expect(try Fixtures.parse(".move").spec == ".move(edge: .leading)")
        #expect(try Fixtures.parse(".move(0.5)").spec == ".move(edge: .leading, amount: 0.5)")
        #expect(try Fixtures.parse(".move(to: 0.25)").spec == ".move(edge: .leading, to: 0.25)")
        #expect(try Fixtures.parse(".move(amount: 2, edge: .bottom)").spec == ".move(edge: .bottom, amount: 2)")
        #expect(try Fixtures.parse(".probe").spec == ".probe(mode: .channels)")
        #expect(try Fixtures.parse(".probe(mode: .tint)").spec == ".probe(mode: .tint)")
        #expect(try Fixtures.parse(".probe(steps: 3)").spec == ".probe(steps: 3, mode: .channels)")
        // Effects without enumerations keep the bare form.
        #expect(try Fixtures.parse(".countUp").spec == ".countUp")
        #expect(try Fixtures.parse(".still").spec == ".still")
        #expect(try Fixtures.parse(".blank").spec == ".blank")
        // States inside `.modifier(…)` list only what differs from their role's defaults.
        #expect(try Fixtures.parse(".modifier(active: .probe(mode: .tint), identity: .probe)").spec
                    == ".modifier(active: .probe(mode: .tint), identity: .probe)")
    }

    @Test func transitionsAreHashableValues() throws {
        let set: Set<Transition> = [.opacity, try Fixtures.parse(".opacity"), .slide, try Fixtures.parse(".slide"), .identity]
        #expect(set.count == 3)
        let scale = try Transition.scale(0)
        #expect(try Transition.opacity.combined(with: scale) != scale.combined(with: .opacity))
        #expect(try Transition.asymmetric(insertion: .opacity, removal: .identity)
                    != Transition.asymmetric(insertion: .identity, removal: .opacity))
    }
}

// MARK: - Depth

/// Transitions at the depth limit, in every shape, with leaves that print
/// deep (`.modifier` with points and colours, `.push`, `.slide`).
enum DeepTransitions {
    /// Leaves of depth 1 whose printed forms nest as deep as any: `.modifier(active: .probe(origin: CGPoint(…)), …)`.
    static func leaves() throws -> [Transition] {
        let probe = try Fixtures.probe
        let pointy = try Transition.modifier(
            active: probe.defaultActive.setting("origin", to: .point(Point(x: -1e300, y: 1 / 3.0)))
                .setting("tint", to: .color(Color(red: 0.1, green: 1, blue: 0, alpha: 0.5))),
            identity: probe.defaultActive.setting("tint", to: .color(Color(red: 1 / 3.0, green: 0, blue: 1)))
                .setting("label", to: .string("\"deep\"\n")))
        return [pointy, try .scale(0.5, anchor: Point(x: 0.25, y: 1)), .move(edge: .bottom), try .offset(x: 3, y: -4), .opacity]
    }

    /// `((a.combined(with: b)).combined(with: c))…`: 23 links.
    static func leftDeepChain() throws -> Transition {
        let leaves = try leaves()
        var t = leaves[0]
        for i in 0..<23 { t = try t.combined(with: leaves[(i + 1) % leaves.count]) }
        return t
    }

    /// `a.combined(with: b.combined(with: …))`, the shape that prints deepest
    /// (two parser levels per transition level), from `.push` at the bottom.
    static func rightDeepCombined() throws -> Transition {
        let leaves = try leaves()
        var t = Transition.push(from: .trailing)
        for i in 0..<21 { t = try (i.isMultiple(of: 3) ? .slide : leaves[i % leaves.count]).combined(with: t) }
        return t
    }

    /// The same, ending in a `.modifier` with a point and a colour, over 23 levels.
    static func rightDeepCombinedOverModifier() throws -> Transition {
        let leaves = try leaves()
        var t = leaves[0]
        for i in 0..<23 { t = try leaves[i % leaves.count].combined(with: t) }
        return t
    }

    /// `.asymmetric(insertion: leaf, removal: .asymmetric(…))`, from `.slide` at the bottom.
    static func rightDeepAsymmetric() throws -> Transition {
        let leaves = try leaves()
        var t = Transition.slide
        // `.push` (depth 3) beside a removal at least as deep adds nothing.
        for i in 0..<22 { t = try .asymmetric(insertion: i.isMultiple(of: 2) ? leaves[i % leaves.count] : .push(from: .top), removal: t) }
        return t
    }

    /// `.asymmetric(insertion: .asymmetric(…), removal: leaf)`.
    static func leftDeepAsymmetric() throws -> Transition {
        let leaves = try leaves()
        var t = leaves[0]
        for i in 0..<23 { t = try .asymmetric(insertion: t, removal: leaves[i % leaves.count]) }
        return t
    }

    /// Alternating sides and kinds of node.
    static func zigzag() throws -> Transition {
        let leaves = try leaves()
        var t = leaves[0]
        for i in 0..<23 {
            let leaf = leaves[i % leaves.count]
            t = switch i % 4 {
            case 0: try t.combined(with: leaf)
            case 1: try leaf.combined(with: t)
            case 2: try .asymmetric(insertion: t, removal: leaf)
            default: try .asymmetric(insertion: leaf, removal: t)
            }
        }
        return t
    }
}

/// Seeded per test case: every run checks the same trees.
extension SeededRandom {
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func chance(_ n: Int) -> Bool { below(n) == 0 }
}

/// Random transitions of an exact depth, from every kind of leaf and value.
enum RandomTransitions {
    static let numbers: [Double] = [0, -0.0, 1, -1, 0.5, 1 / 3.0, -.pi, 0.1 + 0.2, Double.leastNonzeroMagnitude, -1e-300, 1e300, 123456.789, 1e15, 1e16]
    static let units: [Double] = [0, 1, 0.5, 1 / 3.0, 1e-9, 0.30000000000000004, Double.leastNonzeroMagnitude, 0.9999999999999999]
    static let texts: [String] = ["", "a", "tab\there", "quote \" backslash \\ newline \n", "é🎉", "\r", "\\n", "\u{1}", "%.1f", ".opacity)"]
    static let integers: [Int] = [0, 1, -7, 63, 1 << 53, -(1 << 53), (1 << 53) - 1]

    static func number(_ r: inout SeededRandom, in range: ClosedRange<Double>?) -> Double {
        guard let range else { return r.pick(numbers) }
        let fits = numbers.filter(range.contains) + [range.lowerBound, range.upperBound]
        return r.pick(fits)
    }

    static func value(for parameter: ParameterSpec, _ r: inout SeededRandom) -> ParameterValue {
        switch parameter.kind {
        case .number: .number(number(&r, in: parameter.range))
        case .integer:
            .integer(r.pick(integers.filter { parameter.range?.contains(Double($0)) ?? true }
                            + [Int(parameter.range?.lowerBound ?? 0)]))
        case .bool: .bool(r.chance(2))
        case .color: .color(Color(red: r.pick(units), green: r.pick(units), blue: r.pick(units), alpha: r.pick(units)))
        case .point: .point(Point(x: r.pick(numbers), y: r.pick(numbers)))
        case .enumeration(let cases): .enumeration(r.pick(cases))
        case .string: .string(r.pick(texts))
        }
    }

    /// A state of `effect` with each parameter, at random, left at its default or set.
    static func state(_ start: EffectState, _ r: inout SeededRandom) throws -> EffectState {
        var state = start
        for parameter in start.effect.parameters where r.chance(2) {
            state = try state.setting(parameter.name, to: value(for: parameter, &r))
        }
        return state
    }

    static func leaf(_ r: inout SeededRandom) throws -> Transition {
        let effects = try [BuiltinEffects.opacity, BuiltinEffects.scale, BuiltinEffects.move, BuiltinEffects.offset,
                           Fixtures.probe, Fixtures.countUp, Fixtures.still, Fixtures.blank]
        switch r.below(6) {
        case 0: return .identity
        case 1: return .opacity
        case 2: return .move(edge: r.pick(Edge.allCases))
        case 3: return try .scale(number(&r, in: -1000...1000), anchor: Point(x: r.pick(numbers), y: r.pick(numbers)))
        default:
            let effect = r.pick(effects)
            return try .modifier(active: state(effect.defaultActive, &r), identity: state(effect.defaultIdentity, &r))
        }
    }

    /// A transition of depth exactly `depth`: a spine of that length, turning
    /// left and right at random, with small random transitions beside it.
    static func tree(depth: Int, _ r: inout SeededRandom) throws -> Transition {
        if depth == 1 { return try leaf(&r) }
        if depth == 2 && r.chance(3) { return .slide }
        if depth == 3 && r.chance(3) { return .push(from: r.pick(Edge.allCases)) }
        let deep = try tree(depth: depth - 1, &r)
        let small = try tree(depth: 1 + r.below(min(depth - 1, 3)), &r)
        let (a, b) = r.chance(2) ? (deep, small) : (small, deep)
        return r.chance(2) ? try a.combined(with: b) : try .asymmetric(insertion: a, removal: b)
    }
}

@Suite struct TransitionDepthTests {
    static let refusal = SegueError.invalidArgument("transitions nest at most 24 levels deep")

    @Test func depthCountsLevels() throws {
        #expect(Transition.maximumDepth == 24)
        #expect(Transition.identity.depth == 1)
        #expect(Transition.opacity.depth == 1)
        #expect(Transition.move(edge: .top).depth == 1)
        #expect(try Transition.scale(0.5).depth == 1)
        #expect(try Transition.modifier(active: BuiltinEffects.opacity.defaultActive,
                                        identity: BuiltinEffects.opacity.defaultActive).depth == 1)
        #expect(Transition.slide.depth == 2)
        for edge in Edge.allCases { #expect(Transition.push(from: edge).depth == 3) }
        #expect(try issueExample().depth == 3)
        #expect(try Transition.opacity.combined(with: .identity).depth == 2)
        // The deeper side counts.
        #expect(try Transition.opacity.combined(with: .push(from: .top)).depth == 4)
        #expect(try Transition.push(from: .top).combined(with: .opacity).depth == 4)
        #expect(try Transition.asymmetric(insertion: .slide, removal: .push(from: .top)).depth == 4)
        #expect(try Transition.asymmetric(insertion: .identity, removal: .slide).depth == 3)
        // Parsing gives the same depths.
        #expect(try Fixtures.parse(".slide").depth == 2)
        #expect(try Fixtures.parse(".push(from: .top)").depth == 3)
        #expect(try Fixtures.parse(".opacity.combined(with: .push(from: .top))").depth == 4)
        #expect(try Fixtures.parse(issueExampleSpec).depth == 3)
    }

    @Test func theAPIAcceptsDepth24AndRefuses25() throws {
        let shapes: [(String, Transition)] = [
            ("left-deep chain", try DeepTransitions.leftDeepChain()),
            ("right-deep combined", try DeepTransitions.rightDeepCombined()),
            ("right-deep combined over a modifier", try DeepTransitions.rightDeepCombinedOverModifier()),
            ("right-deep asymmetric", try DeepTransitions.rightDeepAsymmetric()),
            ("left-deep asymmetric", try DeepTransitions.leftDeepAsymmetric()),
            ("zigzag", try DeepTransitions.zigzag()),
        ]
        for (name, t) in shapes {
            #expect(t.depth == 24, "\(name)")
            // One more level, on either side, in either kind of node, is refused.
            for other in [Transition.identity, .opacity, .slide, .push(from: .top), t] {
                #expect(throws: Self.refusal, "\(name)") { try t.combined(with: other) }
                #expect(throws: Self.refusal, "\(name)") { try other.combined(with: t) }
                #expect(throws: Self.refusal, "\(name)") { try Transition.asymmetric(insertion: t, removal: other) }
                #expect(throws: Self.refusal, "\(name)") { try Transition.asymmetric(insertion: other, removal: t) }
            }
        }
        // `.slide` and `.push` bring their own levels.
        var slide = Transition.slide
        for _ in 0..<22 { slide = try .asymmetric(insertion: .opacity, removal: slide) }
        #expect(slide.depth == 24)
        #expect(throws: Self.refusal) { try Transition.asymmetric(insertion: .opacity, removal: slide) }
        var push = Transition.push(from: .bottom)
        for _ in 0..<21 { push = try push.combined(with: .opacity) }
        #expect(push.depth == 24)
        #expect(throws: Self.refusal) { try push.combined(with: .opacity) }
        // A shallow side does not add to a deep one.
        var deep23 = Transition.opacity
        for _ in 0..<22 { deep23 = try deep23.combined(with: .opacity) }
        #expect(deep23.depth == 23)
        #expect(try deep23.combined(with: .push(from: .top)).depth == 24)
        #expect(try Transition.asymmetric(insertion: .slide, removal: deep23).depth == 24)
        #expect(throws: Self.refusal) { try deep23.combined(with: deep23).combined(with: .identity) }
    }

    /// Building very deep transitions in a loop used to overflow the stack;
    /// now every call past depth 24 throws and leaves its operands intact.
    @Test func aHundredThousandCombinesThrowInsteadOfCrashing() throws {
        let iterations = 100_000
        var left = Transition.opacity, right = Transition.opacity, nested = Transition.opacity
        var accepted = [0, 0, 0], refused = [0, 0, 0], otherErrors = 0
        func attempt(_ i: Int, _ step: () throws -> Transition) -> Transition? {
            do {
                let t = try step()
                accepted[i] += 1
                return t
            } catch let error as SegueError where error == Self.refusal {
                refused[i] += 1
            } catch {
                otherErrors += 1
            }
            return nil
        }
        for _ in 0..<iterations {
            if let t = attempt(0, { try left.combined(with: .opacity) }) { left = t }
            if let t = attempt(1, { try Transition.opacity.combined(with: right) }) { right = t }
            if let t = attempt(2, { try Transition.asymmetric(insertion: nested, removal: .opacity) }) { nested = t }
        }
        #expect(accepted == [23, 23, 23])
        #expect(refused == Array(repeating: iterations - 23, count: 3))
        #expect(otherErrors == 0)
        #expect([left.depth, right.depth, nested.depth] == [24, 24, 24])
        // What was kept is the depth-24 transition, and it still prints and parses.
        let link = ".combined(with: .opacity)"
        let chainSpec = ".opacity" + String(repeating: link, count: 23)
        #expect(left.spec == chainSpec)
        #expect(try Fixtures.parse(chainSpec) == left)
        #expect(try Fixtures.parse(right.spec) == right)
        #expect(try Fixtures.parse(nested.spec) == nested)
    }

    @Test func specsAcceptDepth24AndRefuse25WithTheColumn() throws {
        // Left-deep chains: link 24 is refused at its name.
        let link = ".combined(with: .opacity)"
        func chain(_ links: Int) -> String { ".opacity" + String(repeating: link, count: links) }
        var left = Transition.opacity
        for _ in 0..<23 { left = try left.combined(with: .opacity) }
        #expect(try Fixtures.parse(chain(23)) == left)
        for links in [24, 25, 40, 62] {
            #expect(throws: SegueError.invalidArgument(
                "column \(".opacity".count + 23 * link.count + 2): transitions nest at most 24 levels deep")) {
                try Fixtures.parse(chain(links))
            }
        }
        // Right-deep nests: the combine that reaches depth 25 is refused, counted from the inside.
        let open = ".opacity.combined(with: "
        func rightNest(_ levels: Int) -> String {
            String(repeating: open, count: levels) + ".opacity" + String(repeating: ")", count: levels)
        }
        var right = Transition.opacity
        for _ in 0..<23 { right = try Transition.opacity.combined(with: right) }
        #expect(try Fixtures.parse(rightNest(23)) == right)
        for levels in [24, 25, 31] {
            #expect(throws: SegueError.invalidArgument(
                "column \((levels - 24) * open.count + 10): transitions nest at most 24 levels deep")) {
                try Fixtures.parse(rightNest(levels))
            }
        }
        // Asymmetric nests.
        let prefix = ".asymmetric(insertion: "
        func nested(_ levels: Int, _ inner: String = ".opacity") -> String {
            String(repeating: prefix, count: levels) + inner + String(repeating: ", removal: .opacity)", count: levels)
        }
        var asymmetric = Transition.opacity
        for _ in 0..<23 { asymmetric = try .asymmetric(insertion: asymmetric, removal: .opacity) }
        #expect(try Fixtures.parse(nested(23)) == asymmetric)
        #expect(throws: SegueError.invalidArgument("column 2: transitions nest at most 24 levels deep")) {
            try Fixtures.parse(nested(24))
        }
        #expect(throws: SegueError.invalidArgument(
            "column \(6 * prefix.count + 2): transitions nest at most 24 levels deep")) {
            try Fixtures.parse(nested(30))
        }
        // `.slide` (2 levels) and `.push` (3 levels) count as what they stand for.
        #expect(try Fixtures.parse(nested(22, ".slide")).depth == 24)
        #expect(throws: SegueError.invalidArgument("column 2: transitions nest at most 24 levels deep")) {
            try Fixtures.parse(nested(23, ".slide"))
        }
        #expect(try Fixtures.parse(nested(21, ".push(from: .top)")).depth == 24)
        #expect(throws: SegueError.invalidArgument("column 2: transitions nest at most 24 levels deep")) {
            try Fixtures.parse(nested(22, ".push(from: .top)"))
        }
        // With a prefix, inside `.combined(with:)`: still the column of the node that is too deep.
        let prefixed = "AnyTransition.identity.combined(with: " + nested(24) + ")"
        #expect(throws: SegueError.invalidArgument(
            "column \("AnyTransition.identity.combined(with: ".count + 2): transitions nest at most 24 levels deep")) {
            try Fixtures.parse(prefixed)
        }
    }

    /// Every transition the API can build prints a spec within the parser's
    /// limit that reads back to it: the deepest in every shape...
    @Test(arguments: [
        APICase("left-deep chain") { try DeepTransitions.leftDeepChain() },
        APICase("right-deep combined") { try DeepTransitions.rightDeepCombined() },
        APICase("right-deep combined over a modifier") { try DeepTransitions.rightDeepCombinedOverModifier() },
        APICase("right-deep asymmetric") { try DeepTransitions.rightDeepAsymmetric() },
        APICase("left-deep asymmetric") { try DeepTransitions.leftDeepAsymmetric() },
        APICase("zigzag") { try DeepTransitions.zigzag() },
    ])
    func theDeepestTransitionsPrintWithinTheParserLimit(_ item: APICase) throws {
        let t = try item.build()
        #expect(t.depth == Transition.maximumDepth)
        let printed = t.spec
        #expect(throws: Never.self) { try SpecParser.parse(printed) }
        let reread = try Fixtures.parse(printed)
        #expect(reread == t, "\(printed)")
        #expect(reread.spec == printed)
    }

    /// The leaf the deep shapes end in prints three calls deep, so a right-deep
    /// nest of it reaches 2 × 23 + 3 = 49 parser levels, within the 64 allowed.
    @Test func theDeepLeafPrintsInItsDeepestForm() throws {
        let leaves = try DeepTransitions.leaves()
        let leaf = try #require(leaves.first)
        #expect(leaf.spec == ".modifier(active: .probe(tint: Color(red: 0.1, green: 1, blue: 0, opacity: 0.5), "
                    + "origin: CGPoint(x: -1e+300, y: 0.3333333333333333)), "
                    + ##"identity: .probe(level: 0, steps: 0, enabled: false, tint: "#5500ff", label: "\"deep\"\n"))"##)
        let deepest = try DeepTransitions.rightDeepCombinedOverModifier()
        #expect(deepest.spec == (0..<23).reversed().map { leaves[$0 % leaves.count].spec + ".combined(with: " }.joined()
                    + leaf.spec + String(repeating: ")", count: 23))
        // One more right-nested level of printing would still parse (the
        // parser, not the model, is what is measured here).
        #expect(throws: Never.self) { try SpecParser.parse(".identity.combined(with: " + deepest.spec + ")") }
    }

    /// ...and random trees of depth 24 made of every kind of leaf and value.
    @Test(arguments: 0..<48)
    func randomDeepTransitionsRoundTrip(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let t = try RandomTransitions.tree(depth: Transition.maximumDepth, &random)
        #expect(t.depth == Transition.maximumDepth)
        let printed = t.spec
        let reread = try Fixtures.parse(printed)
        #expect(reread == t, "\(printed)")
        #expect(reread.spec == printed)
        #expect(throws: Self.refusal) { try t.combined(with: .identity) }
    }

    @Test(arguments: 0..<48)
    func randomShallowTransitionsRoundTrip(seed: Int) throws {
        var random = SeededRandom(seed: 1000 + UInt64(seed))
        let depth = 1 + random.below(Transition.maximumDepth)
        let t = try RandomTransitions.tree(depth: depth, &random)
        #expect(t.depth == depth)
        let reread = try Fixtures.parse(t.spec)
        #expect(reread == t, "\(t.spec)")
        #expect(reread.spec == t.spec)
    }
}
