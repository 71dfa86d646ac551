import SegueBasics
import SegueCompositor
import SegueText

/// The TikTok article's subjects: `Image(systemName: "command")` in bold,
/// and the button that shows the effect when pressed.
enum CommandScene {
    /// PLACE OF INTEREST (U+2318), which DejaVu Sans Bold has.
    static let symbol = "\u{2318}"

    static func drawSymbol(in scene: inout Scene) throws {
        let reference = FontDescription(size: 100, weight: .bold)
        let ink = try TextRenderer.measure(symbol, font: reference).inkBounds
        guard ink.width > 0, ink.height > 0 else { return }
        let size = 100 * min(0.74 * scene.height / ink.height, 0.74 * scene.width / ink.width)
        let font = FontDescription(size: max(size, FontDescription.minimumSize), weight: .bold)
        try Typesetting.draw(symbol, font: font, color: .black, inkCenteredAt: scene.bounds.center, in: &scene.canvas)
    }

    static let label = "Command Button"

    static func drawButton(in scene: inout Scene) throws {
        // Label: the symbol, a space and the text, sized to leave room for the padding.
        let size = min(0.13 * scene.height, 0.07 * scene.width)
        let labelFont = try Typesetting.font(fitting: symbol + " " + label, size: size,
                                             maxWidth: 0.66 * scene.width, weight: .bold)
        // The symbol a little taller than the capitals, as an SF Symbol sits beside its text.
        let labelInk = try TextRenderer.measure(label, font: labelFont).inkBounds
        let capitalHeight = try TextRenderer.measure("C", font: labelFont).inkBounds.height
        var symbolFont = labelFont
        let symbolHeight = try TextRenderer.measure(symbol, font: labelFont).inkBounds.height
        if symbolHeight > 0 { symbolFont.size = max(labelFont.size * 1.12 * capitalHeight / symbolHeight, 1) }
        let symbolInk = try TextRenderer.measure(symbol, font: symbolFont).inkBounds
        let gap = 0.4 * labelFont.size
        let contentWidth = symbolInk.width + gap + labelInk.width
        let contentHeight = max(symbolInk.height, labelInk.height)
        // `.padding(20)` around a 17-point label: a bit more than one em.
        let padding = 1.1 * labelFont.size
        let button = Rect.centered(at: scene.bounds.center, width: contentWidth + 2 * padding,
                                   height: contentHeight + 2 * padding)
        let radius = 0.6 * labelFont.size
        try Texture.shadow(of: button, radius: radius, blur: 0.4 * labelFont.size,
                           offset: Point(x: 0, y: 0.12 * labelFont.size), color: Color.black.opacity(0.22),
                           in: &scene.canvas)
        let outline = max(1, 0.06 * labelFont.size)
        scene.canvas.fill(Shapes.roundedRect(button, radius: radius), with: Palette.gray4)
        scene.canvas.fill(Shapes.roundedRect(button.insetBy(dx: outline, dy: outline), radius: radius - outline), with: .white)
        let center = button.center
        let left = center.x - contentWidth / 2
        try Typesetting.draw(symbol, font: symbolFont, color: .black,
                             inkCenteredAt: Point(x: left + symbolInk.width / 2, y: center.y), in: &scene.canvas)
        try Typesetting.draw(label, font: labelFont, color: .black,
                             inkCenteredAt: Point(x: left + symbolInk.width + gap + labelInk.width / 2, y: center.y),
                             in: &scene.canvas)
    }
}
