import Glibc
import SegueBasics
import SegueCompositor
import SegueText

/// A card for checking premultiplied alpha: opaque colour, round and square
/// holes (fully transparent), a frosted window (white at 35 %), and a band
/// across it where the card itself fades softly to 30 %, on transparency.
enum CutoutScene {
    static func draw(in scene: inout Scene) throws {
        let card = Rect.centered(at: scene.bounds.center, width: min(0.84 * scene.width, 1.7 * 0.8 * scene.height),
                                 height: 0.8 * scene.height)
        let cw = card.width, ch = card.height
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Rect {
            Rect(x: card.minX + x0 * cw, y: card.minY + y0 * ch, width: (x1 - x0) * cw, height: (y1 - y0) * ch)
        }
        let radius = 0.09 * min(cw, ch)

        // The card's outline with the holes in it, for the even-odd rule.
        var shape = Shapes.roundedRect(card, radius: radius)
        let window = box(0.60, 0.12, 0.91, 0.50)
        shape.addRoundedRect(in: window, cornerRadius: 0.07 * ch)
        let holeRadius = 0.065 * ch
        for i in 0..<3 {
            Shapes.addCircle(Point(x: card.minX + 0.09 * cw + holeRadius + Double(i) * 2.9 * holeRadius,
                                   y: card.minY + 0.43 * ch), holeRadius * (1 - 0.18 * Double(i)), to: &shape)
        }
        // A perforation of small square holes along the bottom.
        let perforation = 0.035 * ch
        let count = max(4, Int(0.82 * cw / (2.2 * perforation)))
        for i in 0..<count {
            let x = card.minX + 0.09 * cw + Double(i) * 2.2 * perforation
            shape.addRect(Rect(x: x, y: card.minY + 0.88 * ch, width: perforation, height: perforation))
        }

        // Colour runs diagonally indigo → purple → pink; alpha dips to 30 % in a soft band.
        let bandCenter = 0.68, plateau = 0.05, soft = 0.11
        try Texture.fill(card, clip: .path(shape, .evenOdd), spacing: 4, in: &scene.canvas) { u, v in
            let color = Texture.gradient([(0, Color.indigo), (0.5, Color.purple), (1, Color.pink)],
                                         at: 0.65 * u + 0.35 * v)
            let band = 1 - smoothstep(plateau, plateau + soft, abs(v - bandCenter))
            return color.opacity(1 - 0.7 * band)
        }

        // The frosted window: white at 35 %, with a brighter rim.
        scene.canvas.fill(Shapes.roundedRect(window, radius: 0.07 * ch), with: Color.white.opacity(0.35))
        let rim = max(1, 0.01 * ch)
        var edge = Shapes.roundedRect(window, radius: 0.07 * ch)
        edge.addRoundedRect(in: window.insetBy(dx: rim, dy: rim), cornerRadius: 0.07 * ch - rim)
        scene.canvas.fill(edge, with: Color.white.opacity(0.7), rule: .evenOdd)

        let font = try Typesetting.font(fitting: "CUTOUT", size: 0.15 * ch, maxWidth: 0.44 * cw, weight: .bold)
        try Typesetting.draw("CUTOUT", font: font, color: .white, baselineAt: Point(x: card.minX + 0.09 * cw,
                                                                                     y: card.minY + 0.27 * ch),
                             in: &scene.canvas)
        let small = FontDescription(size: max(0.055 * ch, FontDescription.minimumSize))
        try Typesetting.draw("holes \u{00B7} 35 % glass \u{00B7} soft 30 % band", font: small,
                             color: Color.white.opacity(0.85),
                             baselineAt: Point(x: card.minX + 0.09 * cw, y: card.minY + 0.62 * ch), in: &scene.canvas)
    }
}
