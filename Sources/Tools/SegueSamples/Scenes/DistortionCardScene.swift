import Glibc
import SegueBasics
import SegueCompositor
import SegueText

/// The distortion article's view: a globe above "Hello, distortionEffect!",
/// padded on `Color.blue.opacity(0.1)`, with a blue outline showing its
/// bounds; on transparency.
enum DistortionCardScene {
    static let text = "Hello, distortionEffect!"

    static func draw(in scene: inout Scene) throws {
        let font = try Typesetting.font(fitting: text, size: 0.085 * scene.unit, maxWidth: 0.62 * scene.width)
        let ink = try TextRenderer.measure(text, font: font).inkBounds
        let globeRadius = 0.9 * font.size
        let padding = 0.9 * font.size, gap = 0.45 * font.size
        // On whole pixels, so that the outline is crisp at every size.
        let fitted = Rect.centered(at: scene.bounds.center, width: ink.width + 2 * padding,
                                   height: 2 * globeRadius + gap + ink.height + 2 * padding)
        let x0 = fitted.minX.rounded(), y0 = fitted.minY.rounded()
        let card = Rect(x: x0, y: y0, width: scene.width - 2 * x0, height: scene.height - 2 * y0)
        scene.canvas.fill(card, with: Color.blue.opacity(0.1))
        let globe = Point(x: card.center.x, y: card.minY + padding + globeRadius)
        drawGlobe(at: globe, radius: globeRadius, line: max(1, 0.09 * globeRadius), color: .blue, in: &scene.canvas)
        try Typesetting.draw(text, font: font, color: .black,
                             inkCenteredAt: Point(x: card.center.x, y: card.maxY - padding - ink.height / 2),
                             in: &scene.canvas)
        // The overlay's outline: a hairline frame just inside the card's edge.
        let line = max(1, (0.004 * scene.unit).rounded())
        var outline = Shapes.polygon([Point(x: card.minX, y: card.minY), Point(x: card.maxX, y: card.minY),
                                      Point(x: card.maxX, y: card.maxY), Point(x: card.minX, y: card.maxY)])
        let inner = card.insetBy(dx: line, dy: line)
        outline.move(to: Point(x: inner.minX, y: inner.minY))
        for corner in [Point(x: inner.minX, y: inner.maxY), Point(x: inner.maxX, y: inner.maxY),
                       Point(x: inner.maxX, y: inner.minY)] { outline.addLine(to: corner) }
        outline.closeSubpath()
        scene.canvas.fill(outline, with: .blue, rule: .evenOdd)
    }

    /// SF Symbols' "globe": a circle with its equator, two parallels, the
    /// central meridian and two meridians as ellipses.
    static func drawGlobe(at center: Point, radius r: Double, line: Double, color: Color,
                          in canvas: inout PictureRecorder) {
        var path = Path()
        func ellipse(_ rx: Double, _ ry: Double) -> [Point] {
            (0...72).map { i in
                let angle = Double(i) * 2 * .pi / 72
                return Point(x: center.x + rx * cos(angle), y: center.y + ry * sin(angle))
            }
        }
        Shapes.addStroke(ellipse(r, r), width: line, to: &path)
        Shapes.addStroke(ellipse(0.45 * r, r), width: line, to: &path)
        Shapes.addSegment(Point(x: center.x, y: center.y - r), Point(x: center.x, y: center.y + r), width: line,
                          to: &path)
        for latitude in [-0.5, 0, 0.5] {
            let y = center.y + latitude * r
            let half = (1 - latitude * latitude).squareRoot() * r
            Shapes.addSegment(Point(x: center.x - half, y: y), Point(x: center.x + half, y: y), width: line, to: &path)
        }
        canvas.fill(path, with: color)
    }
}
