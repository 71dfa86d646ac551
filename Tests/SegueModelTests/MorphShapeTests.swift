import SegueBasics
import Testing
@testable import SegueModel

/// The shapes `.morph` takes, as specs write them, and the `shape` unit of
/// string parameters that holds them.
@Suite struct MorphShapeTests {
    static func parse(_ spec: String) throws -> Transition {
        try Transition(spec: spec, catalog: EffectCatalog())
    }

    @Test(arguments: [
        (".circle", ".circle"), (".rect", ".rect"), (".capsule", ".capsule"), (".heart", ".heart"),
        (".roundedRect(cornerRadius: 24)", ".roundedRect(cornerRadius: 24)"),
        (".star", ".star(points: 5, innerRadius: 0.5)"),
        (".star(points: 6)", ".star(points: 6, innerRadius: 0.5)"),
        (".star(innerRadius: 0.25, points: 8)", ".star(points: 8, innerRadius: 0.25)"),
        (".path(\"M0 0 L10 0 L0 10 Z\")", ".path(\"M0 0 L10 0 L0 10 Z\")"),
        ("\".star(points: 7)\"", ".star(points: 7, innerRadius: 0.5)"),
    ])
    func shapesReadAndWriteBack(spec: String, canonical: String) throws {
        let shape = try MorphShape(spec: spec)
        #expect(shape.spec == canonical)
        #expect(try MorphShape(spec: shape.spec) == shape)
    }

    @Test(arguments: [
        (".hart", "unknown shape '.hart'", "did you mean .heart?"),
        (".star(points: 1)", "a star's points must be a whole number in 2…100", "not 1"),
        (".star(points: 4.5)", "a star's points must be a whole number", "not 4.5"),
        (".star(innerRadius: 2)", "innerRadius must be in 0…1", "not 2"),
        (".roundedRect", "needs the argument 'cornerRadius:'", "'.roundedRect'"),
        (".roundedRect(cornerRadius: -3)", "cornerRadius must be a finite number ≥ 0", "-3"),
        (".path(\"M 0 0 L 1 x\")", "path data column 11", "expected a number, found 'x'"),
        (".path(\"M 0 0 L 10 0\")", "encloses no area", "M 0 0 L 10 0"),
        (".circle(radius: 3)", "'.circle' takes no argument 'radius:'", "no arguments"),
        ("42", "expected a shape such as .circle", "the number 42"),
    ])
    func badShapesSayWhy(spec: String, reason: String, detail: String) {
        #expect {
            _ = try MorphShape(spec: spec)
        } throws: { error in
            let message = (error as? SegueError)?.message ?? ""
            return (error as? SegueError)?.code == .parse && message.contains(reason) && message.contains(detail)
        }
    }

    @Test func theMorphEffectHoldsItsShapesCanonically() throws {
        let t = try Self.parse(".morph(from: .star(points: 6))")
        let modifier = try #require(t.modifiers(for: .insertion).first)
        #expect(modifier.active["from"] == .string(".star(points: 6, innerRadius: 0.5)"))
        #expect(modifier.identity["from"] == .string(".star(points: 6, innerRadius: 0.5)"))
        #expect(modifier.active["to"] == .string(".rect") && modifier.active.number("progress") == 0)
        #expect(modifier.identity.number("progress") == 1)
        #expect(try Self.parse(t.spec) == t)
        // The modifier form the issue spells out, and a shape written in a string.
        let long = try Self.parse(".modifier(active: .morph(progress: 0, from: .circle, to: .heart), "
                                  + "identity: .morph(progress: 1, from: .circle, to: \".heart\"))")
        #expect(try Self.parse(long.spec) == long)
    }

    @Test func aShapeParameterRefusesWhatIsNoShape() throws {
        let from = try #require(BuiltinEffects.morph.parameters.first { $0.name == "from" })
        #expect(try from.accept(.string("circle")) == .string(".circle"))
        #expect(throws: SegueError.self) { try from.accept(.string(".triangle")) }
        #expect {
            _ = try Self.parse(".morph(from: .triangle)")
        } throws: { ($0 as? SegueError)?.message.hasPrefix("column 15: unknown shape '.triangle'") == true }
        #expect(throws: SegueError.self) {
            try ParameterSpec(name: "shape", kind: .number, summary: "", active: .number(0), identity: .number(0),
                              isAnimatable: false, unit: .shape)
        }
    }
}
