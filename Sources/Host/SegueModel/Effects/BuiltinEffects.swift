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

    /// `rotation`: SwiftUI's `rotationEffect(_:anchor:)`, turning the view in its plane.
    public static let rotation = make(
        id: "segue.rotation", name: "rotation", summary: "turns the view about an anchor (rotationEffect)",
        [
            param("angle", .number, "clockwise, in degrees", .number(90), .number(0), animatable: true, unit: .degrees),
            param("anchor", .point, "unit point of the frame that stays put",
                  .point(UnitPoint.center), .point(UnitPoint.center), animatable: false),
        ])

    /// `rotation3D`: SwiftUI's `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`.
    public static let rotation3D = make(
        id: "segue.rotation3D", name: "rotation3D",
        summary: "turns the view in 3-D about an axis, in perspective (rotation3DEffect); its back stays hidden",
        [
            param("angle", .number, "in degrees, by the right-hand rule about the axis", .number(90), .number(0),
                  animatable: true, unit: .degrees),
            param("axisX", .number, "the axis' x (specs may write axis: (x: 0, y: 1, z: 0))", .number(0), .number(0),
                  animatable: true),
            param("axisY", .number, "the axis' y, downwards", .number(1), .number(1), animatable: true),
            param("axisZ", .number, "the axis' z, towards the eye", .number(0), .number(0), animatable: true),
            param("anchor", .point, "unit point of the frame the axis passes through",
                  .point(UnitPoint.center), .point(UnitPoint.center), animatable: false),
            param("anchorZ", .number, "depth of the axis, pixels towards the eye", .number(0), .number(0),
                  animatable: true),
            param("perspective", .number, "how close the eye is: 1 is the frame's larger side away, 0 no perspective",
                  range: 0...1000, .number(1), .number(1), animatable: true),
        ])

    /// `blur`: SwiftUI's `blur(radius:opaque:)`.
    public static let blur = make(
        id: "segue.blur", name: "blur", summary: "blurs the view with a Gaussian (blur)",
        [
            param("radius", .number, "the Gaussian's standard deviation, in pixels", range: 0...1000, .number(20),
                  .number(0), animatable: true),
            param("opaque", .bool, "repeat the edges and keep the view opaque instead of fading out",
                  .bool(false), .bool(false), animatable: false),
        ])

    /// `brightness`: SwiftUI's `brightness(_:)`.
    public static let brightness = make(
        id: "segue.brightness", name: "brightness", summary: "adds to every colour component (brightness)",
        [param("amount", .number, "added to red, green and blue: 1 is white, -1 black", range: -1...1, .number(1),
               .number(0), animatable: true)])

    /// `contrast`: SwiftUI's `contrast(_:)`.
    public static let contrast = make(
        id: "segue.contrast", name: "contrast", summary: "scales colours away from mid grey (contrast)",
        [param("amount", .number, "1 unchanged, 0 grey, negative inverts", range: -100...100, .number(0), .number(1),
               animatable: true)])

    /// `saturation`: SwiftUI's `saturation(_:)`.
    public static let saturation = make(
        id: "segue.saturation", name: "saturation", summary: "mixes colours with their luma (saturation)",
        [param("amount", .number, "1 unchanged, 0 grey, above 1 more vivid", range: 0...100, .number(0), .number(1),
               animatable: true)])

    /// `grayscale`: SwiftUI's `grayscale(_:)`.
    public static let grayscale = make(
        id: "segue.grayscale", name: "grayscale", summary: "takes the colour out (grayscale)",
        [param("amount", .number, "0 unchanged, 1 fully grey", range: 0...1, .number(1), .number(0),
               animatable: true)])

    /// `hueRotation`: SwiftUI's `hueRotation(_:)`.
    public static let hueRotation = make(
        id: "segue.hueRotation", name: "hueRotation", summary: "turns every hue, keeping luma (hueRotation)",
        [param("angle", .number, "in degrees", .number(180), .number(0), animatable: true, unit: .degrees)])

    /// `colorMultiply`: SwiftUI's `colorMultiply(_:)`.
    public static let colorMultiply = make(
        id: "segue.colorMultiply", name: "colorMultiply", summary: "multiplies every colour by one (colorMultiply)",
        [param("color", .color, "the factor per component, alpha included", .color(.black), .color(.white),
               animatable: true)])

    /// `colorInvert`: SwiftUI's `colorInvert()`, with an amount to animate it.
    public static let colorInvert = make(
        id: "segue.colorInvert", name: "colorInvert", summary: "inverts the colours (colorInvert)",
        [param("amount", .number, "1 inverted, 0 unchanged", range: 0...1, .number(1), .number(0),
               animatable: true)])

    /// `expand`: the articles' expanding cell — the view's visible frame
    /// grows from an edge while it fades in.
    public static let expand = make(
        id: "segue.expand", name: "expand",
        summary: "reveals the view from an edge as its frame grows, fading in (the articles' expanding cell)",
        [
            param("progress", .number, "fraction of the frame shown, and the opacity", .number(0), .number(1),
                  animatable: true),
            param("edge", .enumeration(cases: Edge.allCases.map(\.rawValue)), "the edge the frame grows from",
                  .enumeration(Edge.top.rawValue), .enumeration(Edge.top.rawValue), animatable: false),
            param("mode", .enumeration(cases: ["reveal", "squash"]),
                  "reveal clips the full-size view; squash scales it",
                  .enumeration("reveal"), .enumeration("reveal"), animatable: false),
        ])

    /// `morph(from:to:)`: the view clipped to a shape that morphs from
    /// `from` (the active state) into `to` (the identity state, by default
    /// the view's own frame), the outlines matched point by point.
    public static let morph = make(
        id: "segue.morph", name: "morph",
        summary: "clips the view to a shape morphing into another, by default into the view's own frame",
        [
            param("progress", .number, "how far the outline has morphed: 0 from, 1 to", .number(0), .number(1),
                  animatable: true),
            param("from", .string, "the clip's shape at progress 0", .string(".circle"), .string(".circle"),
                  animatable: false, unit: .shape),
            param("to", .string, "the clip's shape at progress 1; .rect is the view's own frame", .string(".rect"),
                  .string(".rect"), animatable: false, unit: .shape),
            param("points", .integer, "points each outline is sampled at by arc length, besides its corners",
                  range: 8...2048, .integer(256), .integer(256), animatable: false),
        ])

    /// The colour adjustments, which fold into one pass when combined.
    public static let colorAdjustments = [brightness, contrast, saturation, grayscale, hueRotation, colorMultiply,
                                          colorInvert]

    public static let all = [opacity, scale, move, offset, rotation, rotation3D, blur] + colorAdjustments
        + [expand, morph]

    private static func param(_ name: String, _ kind: ParameterKind, _ summary: String,
                              range: ClosedRange<Double>? = nil, _ active: ParameterValue,
                              _ identity: ParameterValue, animatable: Bool,
                              unit: ParameterSpec.Unit? = nil) -> ParameterSpec {
        do {
            return try ParameterSpec(name: name, kind: kind, summary: summary, range: range,
                                     active: active, identity: identity, isAnimatable: animatable, unit: unit)
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
