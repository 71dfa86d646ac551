import SegueBasics
import Testing
@testable import SegueModel

/// An unlabelled case sets the enumeration parameter that has it, when the
/// primary parameter is a number: `.xfade(.circleopen)`.
@Suite struct UnlabelledCaseTests {
    static func catalog() throws -> EffectCatalog {
        var catalog = EffectCatalog()
        try catalog.add(try EffectDescriptor(id: "test.wipe", name: "wipe", summary: "wipes", parameters: [
            ParameterSpec(name: "style", kind: .enumeration(cases: ["left", "right", "circle"]), summary: "how",
                          active: .enumeration("left"), identity: .enumeration("left"), isAnimatable: false),
            ParameterSpec(name: "amount", kind: .number, summary: "progress", active: .number(0), identity: .number(1),
                          isAnimatable: true),
        ]))
        return catalog
    }

    @Test func anUnlabelledCaseSetsItsParameter() throws {
        let catalog = try Self.catalog()
        let unlabelled = try Transition(spec: ".wipe(.circle)", catalog: catalog)
        #expect(unlabelled == (try Transition(spec: ".wipe(style: .circle)", catalog: catalog)))
        #expect(unlabelled.spec == ".wipe(style: .circle)")
        // A number still goes to the primary parameter.
        #expect(try Transition(spec: ".wipe(.right, 0.5)", catalog: catalog)
            == (try Transition(spec: ".wipe(style: .right, amount: 0.5)", catalog: catalog)))
    }

    @Test func anUnknownCaseNamesTheCasesAndTheClosest() {
        #expect {
            _ = try Transition(spec: ".wipe(.circel)", catalog: try Self.catalog())
        } throws: { error in
            let message = (error as? SegueError)?.message ?? ""
            return message.hasPrefix("column 8: value of 'style' must be one of .left, .right, .circle")
                && message.hasSuffix("did you mean .circle?")
        }
    }
}
