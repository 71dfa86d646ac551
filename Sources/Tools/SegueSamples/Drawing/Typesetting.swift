import SegueBasics
import SegueCompositor
import SegueText

/// Text placement the scenes share: fonts sized to fit, text centred on its
/// ink (so capitals sit in the optical middle), or set on a baseline.
enum Typesetting {
    /// A font of `size` pixels, made smaller if `text` would be wider than `maxWidth`.
    static func font(fitting text: String, size: Double, maxWidth: Double, weight: FontDescription.Weight = .regular,
                     family: String? = nil) throws -> FontDescription {
        var font = FontDescription(family: family, size: max(size, FontDescription.minimumSize), weight: weight)
        for _ in 0..<3 {
            let width = try TextRenderer.measure(text, font: font).inkBounds.width
            guard width > maxWidth, width > 0, maxWidth > 0 else { break }
            font.size = max(font.size * maxWidth / width * 0.98, FontDescription.minimumSize)
        }
        return font
    }

    /// Draws `text` with the centre of its ink on `center`.
    static func draw(_ text: String, font: FontDescription, color: Color, inkCenteredAt center: Point,
                     in canvas: inout PictureRecorder) throws {
        let metrics = try TextRenderer.measure(text, font: font)
        let ink = metrics.inkBounds
        let baseline = Point(x: center.x - (ink.minX + ink.width / 2), y: center.y - (ink.minY + ink.height / 2))
        try draw(text, font: font, color: color, baselineAt: baseline, metrics: metrics.metrics, in: &canvas)
    }

    /// Draws `text` with the left end of its baseline at `origin`.
    static func draw(_ text: String, font: FontDescription, color: Color, baselineAt origin: Point,
                     in canvas: inout PictureRecorder) throws {
        try draw(text, font: font, color: color, baselineAt: origin,
                 metrics: try TextRenderer.measure(text, font: font).metrics, in: &canvas)
    }

    private static func draw(_ text: String, font: FontDescription, color: Color, baselineAt origin: Point,
                             metrics: TextMetrics, in canvas: inout PictureRecorder) throws {
        // drawText's anchor (0, 0) is the top-left of the line box, `ascent` above the baseline.
        try canvas.drawText(text, font: font, color: color, at: Point(x: origin.x, y: origin.y - metrics.ascent),
                            anchor: .zero)
    }

    /// Draws capitals spaced out by `tracking` ems, their ink centred on `center`.
    static func drawTracked(_ text: String, font: FontDescription, tracking: Double, color: Color,
                            inkCenteredAt center: Point, in canvas: inout PictureRecorder) throws {
        let letters = text.map(String.init)
        let advances = try letters.map { try TextRenderer.measure($0, font: font).width }
        let gap = tracking * font.size
        let total = advances.reduce(0, +) + gap * Double(max(letters.count - 1, 0))
        let ink = try TextRenderer.measure(text, font: font).inkBounds
        var x = center.x - total / 2
        let baselineY = center.y - (ink.minY + ink.height / 2)
        for (letter, advance) in zip(letters, advances) {
            try draw(letter, font: font, color: color, baselineAt: Point(x: x, y: baselineY), in: &canvas)
            x += advance + gap
        }
    }
}
