import SeguePluginKit

/// `shift`: the article's shift transition. The content moves sideways by
/// `amount` × its width and leans as it goes: a skew of up to a tenth of the
/// width that grows over the first and last fifth of the way and holds in
/// between. Positive amounts move it left (each pixel shows the point
/// further right), the bottom edge leaning most; negative ones move it
/// right, the top edge leaning most.
///
/// For a pixel at (x, y) of a w × h frame and amount a: skew progress
/// s = min(0.5 − |(|a|) − 0.5|, 0.2) / 0.2, skew k = (a > 0 ? y/h : 1 − y/h)
/// · 0.1w · s, and the pixel shows (x + a·w + k·sign(a), y). At a = 0 that
/// is the pixel itself; the content is drawn as it is.
///
/// The shorthand `.shift` is the article's asymmetric pair: inserting from
/// amount 1, removing towards −1.
struct Shift: Effect {
    static let id = "segue.shift"
    static let name = "shift"
    static let summary = "The content moves sideways, leaning as it goes (the article's shift transition)"

    static let amount = Parameter.number(
        "amount", summary: "How far the content has moved, in widths: positive leftwards, negative rightwards",
        active: 1, identity: 0, removal: -1, animatable: true)

    static var parameters: [ParameterDeclaration] {
        amount
    }

    func render(values: Values<Shift>, canvas: Canvas) throws {
        let a = values.amount
        guard a != 0 else { return try canvas.draw(canvas.content) }
        let size = canvas.frame.size
        let reach = (abs(a) + 0.1) * size.width
        guard reach.isFinite else { return }
        try canvas.drawDistorted(canvas.content, by: Map(size: size, amount: a),
                                 maxSampleOffset: Size(width: reach, height: 0))
    }

    /// The shader, as the article writes it.
    struct Map: Distortion {
        let size: Size
        let amount: Double

        func source(of p: Point) -> Point {
            let skewF = 0.1 * size.width
            let yRatio = p.y / size.height
            let sign: Double = amount > 0 ? 1 : amount < 0 ? -1 : 0
            let positive = amount * sign
            let skewProgress = min(0.5 - abs(positive - 0.5), 0.2) / 0.2
            let skew = amount > 0 ? yRatio * skewF * skewProgress : (1 - yRatio) * skewF * skewProgress
            let shift = amount * size.width
            return Point(x: p.x + (shift + skew * sign), y: p.y)
        }
    }
}
