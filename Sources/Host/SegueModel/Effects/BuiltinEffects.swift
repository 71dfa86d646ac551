import SegueBasics

/// The effects behind SwiftUI's built-in transitions. `.slide` and `.push`
/// are compositions of these (see Transition+Builtins.swift).
public enum BuiltinEffects {
    /// `opacity`: multiplies the view's alpha.
    public static let opacity = make(
        id: "segue.opacity", name: "opacity", summary: "fades the view",
        [param("opacity", .number, "alpha multiplier", range: 0...1, .number(0), .number(1), animatable: true)])

    /// `scale`: scales the view about an anchor, a unit point of its frame.
    public static let scale = make(
        id: "segue.scale", name: "scale", summary: "scales the view about an anchor",
        [
            param("scale", .number, "scale factor", range: -1000...1000, .number(0), .number(1), animatable: true),
            param("anchor", .point, "unit point of the frame that stays put",
                  .point(UnitPoint.center), .point(UnitPoint.center), animatable: false),
        ])

    /// `move`: moves the view towards an edge by a fraction of its frame.
    public static let move = make(
        id: "segue.move", name: "move", summary: "moves the view out towards an edge",
        [
            param("edge", .enumeration(cases: Edge.allCases.map(\.rawValue)), "the edge moved towards",
                  .enumeration(Edge.leading.rawValue), .enumeration(Edge.leading.rawValue), animatable: false),
            param("amount", .number, "distance as a fraction of the frame's width or height",
                  range: -1000...1000, .number(1), .number(0), animatable: true),
        ])

    /// `offset`: moves the view by a distance in pixels.
    public static let offset = make(
        id: "segue.offset", name: "offset", summary: "moves the view by a distance in pixels",
        [
            param("x", .number, "horizontal distance, rightwards", .number(0), .number(0), animatable: true),
            param("y", .number, "vertical distance, downwards", .number(0), .number(0), animatable: true),
        ])

    public static let all = [opacity, scale, move, offset]

    private static func param(_ name: String, _ kind: ParameterKind, _ summary: String,
                              range: ClosedRange<Double>? = nil, _ active: ParameterValue,
                              _ identity: ParameterValue, animatable: Bool) -> ParameterSpec {
        do {
            return try ParameterSpec(name: name, kind: kind, summary: summary, range: range,
                                     active: active, identity: identity, isAnimatable: animatable)
        } catch {
            fatalError("built-in parameter '\(name)' is malformed: \(error)")
        }
    }

    private static func make(id: String, name: String, summary: String, _ parameters: [ParameterSpec]) -> EffectDescriptor {
        do {
            return try EffectDescriptor(id: id, name: name, summary: summary, parameters: parameters)
        } catch {
            fatalError("built-in effect '\(id)' is malformed: \(error)")
        }
    }
}
