import SegueBasics
import SegueCompositor
import SegueText

/// A dark rounded card with a warm caption, "Burn after reading", centred
/// on transparency: what the fire article's embers glow against.
enum DarkCardScene {
    static let text = "Burn after reading"

    static func draw(in scene: inout Scene) throws {
        let card = Rect.centered(at: scene.bounds.center, width: min(0.8 * scene.width, 1.5 * scene.height),
                                 height: 0.7 * scene.height)
        let u = min(card.width, card.height)
        let radius = 0.1 * u
        try Texture.shadow(of: card, radius: radius, blur: 0.05 * u, offset: Point(x: 0, y: 0.02 * u),
                           color: Color.black.opacity(0.35), in: &scene.canvas)
        try Texture.fill(card, clip: .path(Shapes.roundedRect(card, radius: radius), .nonZero),
                         in: &scene.canvas) { _, v in
            Color(hex: 0x2A2633).mixed(with: Color(hex: 0x141219), by: v)
        }
        let font = try Typesetting.font(fitting: text, size: 0.16 * u, maxWidth: 0.8 * card.width, weight: .bold)
        try Typesetting.draw(text, font: font, color: Color(hex: 0xFFD9A8), inkCenteredAt: card.center,
                             in: &scene.canvas)
    }
}
