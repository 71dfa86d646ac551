import SeguePluginKit

/// `tiktok`: two copies of the content offset in opposite directions and
/// added together (plusLighter) — the article's `TikTokEffect`.
///
/// The first copy is drawn at −`offset`, the second at +`offset` (canvas
/// pixels). In `channels` mode the first keeps the content's red and alpha
/// and the second its green and blue (with alpha 0), so at offset 0 the two
/// add back up to the content exactly, translucent pixels included; apart,
/// they fringe red and cyan. In `tint` mode the copies paint the content's
/// alpha in `colorA` and `colorB` (logos, symbols): where they overlap the
/// colours add up (to white, with the defaults).
///
/// The two copies are drawn into the effect's own canvas, which the host
/// composites as one group (normally, over what lies behind the view): they
/// add up with each other, not with the backdrop. Where the green-blue copy
/// of `channels` mode lies alone it has no alpha of its own, so it is light
/// added onto the backdrop: cyan over black, nothing over a clear background.
struct TikTok: Effect {
    enum Mode: String, CaseIterable, Sendable {
        /// Red and alpha in one copy, green and blue in the other.
        case channels
        /// The content's alpha painted in colorA and colorB.
        case tint
    }

    static let id = "segue.tiktok"
    static let name = "tiktok"
    static let summary = "Two copies of the content, offset in opposite directions and added: a red and cyan fringe"

    static let offset = Parameter.point(
        "offset", summary: "The second copy's offset in pixels; the first moves the opposite way",
        active: Point(x: -12, y: -9), identity: .zero, animatable: true)
    static let mode = Parameter.enumeration(
        "mode", summary: "channels: split red from green and blue; tint: paint the alpha in colorA and colorB",
        default: Mode.channels)
    static let colorA = Parameter.color(
        "colorA", summary: "The first copy's colour in tint mode", default: TikTok.red)
    static let colorB = Parameter.color(
        "colorB", summary: "The second copy's colour in tint mode", default: TikTok.cyan)

    static var parameters: [ParameterDeclaration] {
        offset
        mode
        colorA
        colorB
    }

    /// TikTok's red (#FE2C55) and cyan (#25F4EE).
    static let red = Color(red: 254.0 / 255, green: 44.0 / 255, blue: 85.0 / 255)
    static let cyan = Color(red: 37.0 / 255, green: 244.0 / 255, blue: 238.0 / 255)

    func render(values: Values<TikTok>, canvas: Canvas) throws {
        let offset = values.offset
        guard offset.x.isFinite, offset.y.isFinite else {
            try canvas.fail("tiktok: the offset \(offset) is not finite")
        }
        let content = canvas.content
        let first = AffineTransform.translation(x: -offset.x, y: -offset.y)
        let second = AffineTransform.translation(x: offset.x, y: offset.y)
        switch values.mode {
        case .channels:
            try canvas.draw(content, transform: first, channels: .redAndAlpha, blend: .plusLighter)
            try canvas.draw(content, transform: second, channels: .greenBlue, blend: .plusLighter)
        case .tint:
            try canvas.draw(content, transform: first, tint: values.colorA, blend: .plusLighter)
            try canvas.draw(content, transform: second, tint: values.colorB, blend: .plusLighter)
        }
    }
}
