import SegueBasics
import SegueCompositor
import SegueText

/// `Text("HELLO WORLD").padding().background(Color.orange)`, with rounded
/// corners and a soft shadow, centred on transparency.
enum HelloWorldScene {
    static let text = "HELLO WORLD"

    static func draw(in scene: inout Scene) throws {
        let font = try Typesetting.font(fitting: text, size: min(0.15 * scene.height, 0.09 * scene.width),
                                        maxWidth: 0.6 * scene.width, weight: .bold)
        let ink = try TextRenderer.measure(text, font: font).inkBounds
        let padding = 0.7 * font.size
        let card = Rect.centered(at: scene.bounds.center, width: ink.width + 2 * padding,
                                 height: ink.height + 2 * padding)
        let radius = 0.4 * font.size
        try Texture.shadow(of: card, radius: radius, blur: 0.35 * font.size, offset: Point(x: 0, y: 0.15 * font.size),
                           color: Color.black.opacity(0.3), in: &scene.canvas)
        scene.canvas.fill(Shapes.roundedRect(card, radius: radius), with: Color.orange)
        try Typesetting.draw(text, font: font, color: .white, inkCenteredAt: card.center, in: &scene.canvas)
    }
}
