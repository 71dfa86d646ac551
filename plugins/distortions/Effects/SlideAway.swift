import SeguePluginKit

/// `slideAway(direction:)`: the article's slide-away shader. An edge sweeps
/// across the view; behind it the view is gone (transparent), and in front
/// of it each pixel shows a point pulled towards the view's centre, the
/// more the closer the edge — the content drains into the edge.
///
/// With w × h the frame's size, c = (w/2, h/2), a pixel at position p and
/// `progress` t: f = p.x / w (`.leading`: the edge sweeps from the trailing
/// side towards the leading one) or (w − p.x) / w (`.trailing`); where
/// t > f the pixel shows c + (p − c)·(t − f)/(1 − f), elsewhere nothing.
/// At t ≥ 1 that is p itself, and the content is drawn as it is, exactly;
/// at t ≤ 0 nothing shows.
struct SlideAway: Effect {
    static let id = "segue.slideAway"
    static let name = "slideAway"
    static let summary = "An edge sweeps across the view, the content draining into it (the slide-away shader)"

    enum Direction: String, CaseIterable, Sendable {
        /// The edge moves towards the leading side (the article's positive direction).
        case leading
        /// The edge moves towards the trailing side.
        case trailing
    }

    static let progress = Parameter.number(
        "progress", summary: "Where the edge has reached: 0 the view gone, 1 all of it shown",
        active: 0, identity: 1, animatable: true)
    static let direction = Parameter.enumeration(
        "direction", summary: "Which side the edge sweeps towards", default: Direction.leading)

    static var parameters: [ParameterDeclaration] {
        progress
        direction
    }

    func render(values: Values<SlideAway>, canvas: Canvas) throws {
        let t = values.progress
        guard t < 1 else { return try canvas.draw(canvas.content) }
        guard t > 0 else { return }
        let size = canvas.frame.size
        // Sources lie between a pixel and the centre: never farther than half the frame.
        try canvas.drawDistorted(canvas.content, by: Map(size: size, time: t, towardsLeading: values.direction == .leading),
                                 maxSampleOffset: Size(width: size.width / 2, height: size.height / 2))
    }

    /// The shader, as the article writes it.
    struct Map: Distortion {
        let size: Size
        let time: Double
        let towardsLeading: Bool

        func source(of p: Point) -> Point {
            let c = Point(x: size.width / 2, y: size.height / 2)
            let f = (towardsLeading ? p.x : size.width - p.x) / size.width
            guard time > f else { return Point(x: -1, y: -1) }
            let mul = (time - f) / (1 - f)
            return Point(x: c.x + (p.x - c.x) * mul, y: c.y + (p.y - c.y) * mul)
        }
    }
}
