import SegueBasics
import Testing

@testable import SegueModel

/// The spec forms SwiftUI's other modifiers bring: angles as SwiftUI's
/// `Angle`, tuple arguments, and the named transitions built from them.
@Suite struct ModifierSpecTests {
    private func parse(_ spec: String) throws -> Transition {
        try Transition(spec: spec, catalog: EffectCatalog())
    }

    /// The value of `name` in the insertion's active state of `spec`.
    private func active(_ spec: String, _ name: String) throws -> ParameterValue {
        let modifiers = try parse(spec).modifiers(for: .insertion)
        try #require(modifiers.count == 1)
        return modifiers[0].active[name]
    }

    @Test func anglesAreDegreesHoweverSwiftUIWritesThem() throws {
        for spec in [".rotation(angle: 90)", ".rotation(angle: .degrees(90))", ".rotation(angle: Angle.degrees(90))",
                     ".rotation(angle: Angle(degrees: 90))", ".rotation(90)"] {
            #expect(try active(spec, "angle") == .number(90), "\(spec)")
        }
        let radians = try #require(try active(".rotation(angle: .radians(1.5707963267948966))", "angle").number)
        #expect(abs(radians - 90) < 1e-12)
        #expect(try active(".hueRotation(Angle(radians: -3.141592653589793))", "angle").number.map { abs($0 + 180) < 1e-12 } == true)
    }

    @Test func anglesRefuseWhatIsNotOne() {
        #expect(throws: SegueError(.parse, "column 19: expected an angle in degrees for 'angle', such as 90 or .degrees(90), found '.turns'")) {
            try parse(".rotation(angle: .turns(1))")
        }
        #expect(throws: SegueError(.parse, "column 17: 'Angle' takes no argument 'gradians:'; it takes (degrees:)")) {
            try parse(".rotation(Angle(gradians: 3))")
        }
        // Numbers without a unit stay numbers elsewhere: an angle form is not a number.
        #expect(throws: SegueError.self) { try parse(".blur(radius: .degrees(3))") }
    }

    @Test func aTupleSetsOneParameterPerElement() throws {
        let spec = ".rotation3D(angle: 30, axis: (x: 1, y: 0.5, z: -2))"
        #expect(try active(spec, "axisX") == .number(1))
        #expect(try active(spec, "axisY") == .number(0.5))
        #expect(try active(spec, "axisZ") == .number(-2))
        #expect(throws: SegueError(.parse, "column 32: 'axis' takes no argument 'w:'; it takes (x:y:z:)")) {
            try parse(".rotation3D(axis: (x: 1, y: 0, w: 0))")
        }
        #expect(throws: SegueError(.parse, "column 19: 'axis' needs the argument 'z:'")) {
            try parse(".rotation3D(axis: (x: 1, y: 0))")
        }
        // A tuple where a number goes is a type error at its column.
        #expect(throws: SegueError.self) { try parse(".blur(radius: (x: 1))") }
    }

    @Test func namedTransitionsReadAsTheirCompositions() throws {
        #expect(try parse(".flip") == .flip(axis: .y))
        #expect(try parse(".flip(axis: .x)") == .flip(axis: .x))
        #expect(try parse(".blurReplace") == .blurReplace(.downUp))
        #expect(try parse(".blurReplace(.upUp)") == .blurReplace(.upUp))
        #expect(try parse(".expand(edge: .bottom, mode: .squash)") == .expand(edge: .bottom, mode: "squash"))
        #expect(try parse(".collapse") == .collapse(edge: .top))
        #expect(throws: SegueError.self) { try parse(".flip(axis: .z)") }
        #expect(throws: SegueError.self) { try parse(".expand(mode: .fold)") }
        // The expand effect itself, by state.
        let modifier = try parse(".modifier(active: .expand(progress: 0.25, edge: .leading), identity: .expand)")
            .modifiers(for: .insertion)[0]
        #expect(modifier.active["progress"] == .number(0.25) && modifier.identity["progress"] == .number(1))
    }

    @Test func everyNewTransitionWritesASpecThatReadsBack() throws {
        for spec in [".rotation", ".rotation3D(angle: -45, axis: (x: 1, y: 0, z: 0), perspective: 0.5)", ".flip",
                     ".blur(radius: 4, opaque: true)", ".blurReplace(.upUp)", ".hueRotation(.degrees(90))",
                     ".colorMultiply(color: .orange)", ".expand(edge: .leading)", ".collapse(mode: .squash)"] {
            let transition = try parse(spec)
            #expect(try parse(transition.spec) == transition, "\(spec) wrote \(transition.spec)")
        }
    }

    @Test func theTransitionNamesAreReserved() {
        for name in ["flip", "blurReplace", "expand", "collapse"] {
            #expect(EffectCatalog.reservedNames.contains(name))
        }
    }
}
