import SegueBasics
import SegueCompositor

extension PictureRecorder {
    /// Draws one line of text so that the unit point `anchor` of its line box
    /// (advance width by ascent + descent; (0.5, 0.5) is the centre) lands
    /// on `position`. The text is placed on whole pixels, so it stays crisp.
    /// - Throws: as `TextRenderer.image(of:font:color:)`, and `.invalidArgument`
    ///   for a non-finite position or anchor.
    public mutating func drawText(_ text: String, font: FontDescription, color: Color, at position: Point,
                                  anchor: Point = Point(x: 0.5, y: 0.5)) throws {
        guard position.isFinite, anchor.isFinite else {
            throw SegueError.invalidArgument("text position and anchor must be finite")
        }
        let metrics = try TextRenderer.measure(text, font: font)
        let (image, baseline) = try TextRenderer.image(of: text, font: font, color: color)
        let origin = Point(x: position.x - anchor.x * metrics.width,
                           y: position.y - anchor.y * (metrics.ascent + metrics.descent) + metrics.ascent)
        draw(image, transform: .translation(x: (origin.x - baseline.x).rounded(), y: (origin.y - baseline.y).rounded()))
    }
}
