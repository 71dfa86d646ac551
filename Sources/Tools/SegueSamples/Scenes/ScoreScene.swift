import SegueBasics
import SegueCompositor
import SegueText

/// A quiet card for the count-up effect: a small letter-spaced "SCORE" at
/// the top, three stars at the bottom, and the middle left free for the
/// number the effect draws (black, then red from its alert threshold).
enum ScoreScene {
    static func draw(in scene: inout Scene) throws {
        let cardWidth = min(0.72 * scene.width, 1.35 * scene.height)
        let cardHeight = 0.72 * scene.height
        let card = Rect.centered(at: scene.bounds.center, width: cardWidth, height: cardHeight)
        let radius = 0.12 * min(cardWidth, cardHeight)
        let u = min(cardWidth, cardHeight)
        try Texture.shadow(of: card, radius: radius, blur: 0.06 * u, offset: Point(x: 0, y: 0.025 * u),
                           color: Color.black.opacity(0.16), in: &scene.canvas)
        let hairline = max(1, 0.006 * u)
        scene.canvas.fill(Shapes.roundedRect(card, radius: radius), with: Palette.gray5)
        let face = card.insetBy(dx: hairline, dy: hairline)
        // A barely-there vertical gradient: white to the palest grey.
        try Texture.fill(face, clip: .path(Shapes.roundedRect(face, radius: radius - hairline), .nonZero),
                         in: &scene.canvas) { _, v in
            Color.white.mixed(with: Palette.gray6, by: v)
        }

        let captionFont = FontDescription(size: max(0.085 * u, FontDescription.minimumSize), weight: .bold)
        let captionCenter = Point(x: card.center.x, y: card.minY + 0.17 * cardHeight)
        try Typesetting.drawTracked("SCORE", font: captionFont, tracking: 0.22, color: Color.gray,
                                    inkCenteredAt: captionCenter, in: &scene.canvas)
        // A short accent rule under the caption.
        let rule = Rect.centered(at: Point(x: card.center.x, y: card.minY + 0.27 * cardHeight),
                                 width: 0.12 * cardWidth, height: max(1, 0.012 * u))
        scene.canvas.fill(Shapes.roundedRect(rule, radius: rule.height / 2), with: Color.orange.opacity(0.85))

        // Three stars, the last one still to be earned.
        let starRadius = 0.055 * u
        let starY = card.maxY - 0.17 * cardHeight
        for i in 0..<3 {
            let center = Point(x: card.center.x + Double(i - 1) * 2.6 * starRadius, y: starY)
            let color = i < 2 ? Color.yellow : Palette.gray5
            scene.canvas.fill(Shapes.star(center, outer: starRadius, inner: 0.45 * starRadius), with: color)
        }
    }
}
