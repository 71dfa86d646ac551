import SeguePluginKit

/// `clip`: the content clipped to a rounded rectangle of its own frame that
/// grows from the frame's centre.
///
/// At `value` v the rectangle is the frame scaled by v about its centre,
/// with corners of radius `cornerRadius·(1 − v)` (at most half its shorter
/// side), anti-aliased. At v ≤ 0 nothing is drawn; at v = 1 the content is
/// drawn exactly as it is, with no clip at all; beyond 1 (springs overshoot)
/// the rectangle keeps growing past the frame with square corners.
struct Clip: Effect {
    static let id = "segue.clip"
    static let name = "clip"
    static let summary = "The content clipped to a rounded rectangle that grows from its centre"

    static let value = Parameter.number(
        "value", summary: "How much of the frame the rectangle covers: 0 none, 1 all of it",
        active: 0, identity: 1, range: 0...1, animatable: true)
    static let cornerRadius = Parameter.number(
        "cornerRadius", summary: "The corner radius at value 0, in pixels; it shrinks to 0 at value 1",
        default: 100, range: 0...10000)

    static var parameters: [ParameterDeclaration] {
        value
        cornerRadius
    }

    func render(values: Values<Clip>, canvas: Canvas) throws {
        let frame = canvas.frame
        guard let shape = Clip.shape(frame: frame, value: values.value, cornerRadius: values.cornerRadius) else {
            return
        }
        if shape.cornerRadius == 0 && shape.rect.contains(frame) {
            try canvas.draw(canvas.content)
        } else {
            try canvas.draw(canvas.content, clip: Path(roundedRect: shape.rect, cornerRadius: shape.cornerRadius))
        }
    }

    /// The clip rectangle and its corner radius at `value`, or nil when
    /// nothing shows (value ≤ 0, or not finite).
    static func shape(frame: Rect, value: Double, cornerRadius: Double) -> (rect: Rect, cornerRadius: Double)? {
        guard value.isFinite, value > 0 else { return nil }
        let rect = frame.scaled(by: value, about: frame.center)
        let wanted = cornerRadius.isFinite ? max(0, cornerRadius) * max(0, 1 - value) : 0
        let radius = min(wanted, min(rect.width, rect.height) / 2)
        return (rect, radius)
    }
}
