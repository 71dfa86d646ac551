import SegueBasics
import Testing
@testable import SegueModel

/// An effect whose default differs on removal (`.shift`: 1 inserting, −1
/// removing): its shorthand is the asymmetric pair, and writes back as such.
@Suite struct RemovalDefaultsTests {
    static let shift = Result {
        try EffectDescriptor(id: "test.shift", name: "shift", summary: "moves sideways", parameters: [
            ParameterSpec(name: "amount", kind: .number, summary: "widths", active: .number(1), identity: .number(0),
                          removal: .number(-1), isAnimatable: true),
            ParameterSpec(name: "lean", kind: .number, summary: "skew", active: .number(0.1), identity: .number(0.1),
                          isAnimatable: false),
        ])
    }

    static func parse(_ spec: String) throws -> Transition {
        var catalog = EffectCatalog()
        try catalog.add(try shift.get())
        return try Transition(spec: spec, catalog: catalog)
    }

    /// The amount each side starts from.
    static func starts(_ t: Transition) -> (insertion: Double?, removal: Double?) {
        func amount(_ side: TransitionSide, _ progress: Double) -> Double? {
            t.modifiers(for: side).first?.state(for: side, at: progress).values[0].number
        }
        return (amount(.insertion, 0), amount(.removal, 1))
    }

    @Test func theShorthandIsTheAsymmetricPair() throws {
        let t = try Self.parse(".shift")
        #expect(Self.starts(t) == (1, -1))
        let explicit = try Self.parse(".asymmetric(insertion: .modifier(active: .shift(amount: 1), identity: .shift(amount: 0)), "
                                      + "removal: .modifier(active: .shift(amount: -1), identity: .shift(amount: 0)))")
        #expect(t == explicit)
        #expect(t.spec == ".shift")
        #expect(explicit.spec == ".shift")
    }

    @Test func removalDefaultsAreDeclaredAndChecked() throws {
        let effect = try Self.shift.get()
        #expect(effect.defaultRemovalActive?.values == [.number(-1), .number(0.1)])
        #expect(BuiltinEffects.opacity.defaultRemovalActive == nil)
        #expect(throws: SegueError.self) {
            try ParameterSpec(name: "amount", kind: .number, summary: "", range: 0...1, active: .number(1),
                              identity: .number(0), removal: .number(-1), isAnimatable: true)
        }
    }

    @Test func argumentsApplyToBothSides() throws {
        // A value given for the amount: both sides start there, one modifier.
        let given = try Self.parse(".shift(0.5)")
        #expect(Self.starts(given) == (0.5, 0.5))
        #expect(given.spec == ".shift(amount: 0.5)" || given.spec == ".shift(0.5)")
        #expect(try Self.parse(given.spec) == given)
        // Another parameter given: still the pair, each side with it.
        let leaning = try Self.parse(".shift(lean: 0.3)")
        #expect(Self.starts(leaning) == (1, -1))
        #expect(leaning.modifiers(for: .removal).first?.active.values[1] == .number(0.3))
        #expect(try Self.parse(leaning.spec) == leaning)
    }

    @Test func oneSideOfThePairWritesAsAModifier() throws {
        let insertion = try Self.parse(".modifier(active: .shift, identity: .shift(amount: 0))")
        #expect(Self.starts(insertion) == (1, 1))
        #expect(insertion.spec.hasPrefix(".modifier("))
        #expect(try Self.parse(insertion.spec) == insertion)
        let combined = try Self.parse(".shift.combined(with: .shift(lean: 0.2))")
        #expect(try Self.parse(combined.spec) == combined)
    }
}
