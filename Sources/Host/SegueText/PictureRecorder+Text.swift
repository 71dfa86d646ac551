import SegueBasics
import SegueCompositor

extension PictureRecorder {
    /// Draws one line of text so that the unit point `anchor` of its line box
    /// (advance width by ascent + descent; (0.5, 0.5) is the centre) lands
    /// on `position`. The text is placed on whole pixels, so it stays crisp.
    /// Of a line far wider than the frame (a count-up carried to 1e300 by a
    /// spring) only the part within a window three frames wide round the
    /// frame (at most `Surface.maximumSide` pixels) is drawn.
    /// - Throws: as `TextRenderer.image(of:font:color:)`, and `.invalidArgument`
    ///   for a non-finite position or anchor.
    public mutating func drawText(_ text: String, font: FontDescription, color: Color, at position: Point,
                                  anchor: Point = Point(x: 0.5, y: 0.5)) throws {
        guard position.isFinite, anchor.isFinite else {
            throw SegueError.invalidArgument("text position and anchor must be finite")
        }
        let metrics = try TextRenderer.measure(text, font: font)
        let origin = Point(x: position.x - anchor.x * metrics.width,
                           y: position.y - anchor.y * (metrics.ascent + metrics.descent) + metrics.ascent)
        let side = Double(Surface.maximumSide)
        let reach = (x: min(3 * frame.width, side), y: min(3 * frame.height, side))
        let window = Rect(x: frame.midX - reach.x / 2 - origin.x.rounded(), y: frame.midY - reach.y / 2 - origin.y.rounded(),
                          width: reach.x, height: reach.y).enclosingPixels
        let (image, baseline) = try TextRenderer.image(of: text, font: font, color: color, within: window)
        draw(image, transform: .translation(x: (origin.x - baseline.x).rounded(), y: (origin.y - baseline.y).rounded()))
    }
}
