import SegueBasics
import SegueCompositor
import SegueText

/// The articles' expandable cell: a card whose header ("Tap to
/// expand/collapse", a chevron at its end) stays put while the detail text
/// below it is revealed. Collapsed, the card is just the header, its chevron
/// pointing to the trailing edge; expanded, a divider and the detail follow
/// and the chevron points down. The card hangs from the top of the frame
/// on transparency, so `.expand(edge: .top)` from the collapsed card to the
/// expanded one grows the detail out from under the header.
enum ExpandingCardScene {
    static let title = "Tap to expand/collapse"
    static let detail = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "
        + "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation "
        + "ullamco laboris nisi ut aliquip ex ea commodo consequat."

    /// The card's measures for a frame: margins, header and text sizes.
    private struct Layout {
        let card: Rect
        let header: Rect
        let padding: Double
        let titleFont: FontDescription
        let bodyFont: FontDescription
        let radius: Double

        init(_ scene: Scene, expanded: Bool) throws {
            let u = scene.unit
            let margin = 0.05 * u
            padding = 0.05 * u
            let width = scene.width - 2 * margin
            titleFont = try Typesetting.font(fitting: ExpandingCardScene.title, size: 0.075 * u,
                                             maxWidth: 0.7 * width, weight: .bold)
            bodyFont = FontDescription(size: max(0.058 * u, FontDescription.minimumSize))
            let headerHeight = titleFont.size + 2 * padding
            header = Rect(x: margin, y: margin, width: width, height: headerHeight)
            card = expanded ? Rect(x: margin, y: margin, width: width, height: scene.height - 2 * margin) : header
            radius = 0.03 * u
        }
    }

    static func draw(expanded: Bool, in scene: inout Scene) throws {
        let layout = try Layout(scene, expanded: expanded)
        let card = layout.card
        try Texture.shadow(of: card, radius: layout.radius, blur: 0.02 * scene.unit,
                           offset: Point(x: 0, y: 0.008 * scene.unit), color: Color.black.opacity(0.18),
                           in: &scene.canvas)
        scene.canvas.fill(Shapes.roundedRect(card, radius: layout.radius), with: Palette.gray6)
        // The title's line box centred in the header.
        let metrics = try TextRenderer.measure(title, font: layout.titleFont).metrics
        let baseline = layout.header.midY + (metrics.ascent - metrics.descent) / 2
        try Typesetting.draw(title, font: layout.titleFont, color: .black,
                             baselineAt: Point(x: layout.header.minX + layout.padding, y: baseline), in: &scene.canvas)
        drawChevron(in: layout.header, padding: layout.padding, size: 0.45 * layout.titleFont.size,
                    pointingDown: expanded, into: &scene.canvas)
        guard expanded else { return }
        let rule = max(1, 0.004 * scene.unit)
        scene.canvas.fill(Rect(x: card.minX + layout.padding, y: layout.header.maxY, width: card.width - 2 * layout.padding,
                               height: rule), with: Palette.gray4)
        // The detail, wrapped to the card's width, line by line while there is room.
        let lineHeight = 1.35 * layout.bodyFont.size
        var y = layout.header.maxY + layout.padding + layout.bodyFont.size
        for line in try wrap(detail, font: layout.bodyFont, width: card.width - 2 * layout.padding) {
            guard y + 0.3 * layout.bodyFont.size < card.maxY - layout.padding else { break }
            try Typesetting.draw(line, font: layout.bodyFont, color: Color(hex: 0x3C3C43),
                                 baselineAt: Point(x: card.minX + layout.padding, y: y), in: &scene.canvas)
            y += lineHeight
        }
    }

    /// The disclosure chevron, SwiftUI's `chevron.right`, at the header's
    /// trailing end: pointing right, or turned down by 90° when expanded.
    static func drawChevron(in header: Rect, padding: Double, size: Double, pointingDown: Bool,
                            into canvas: inout PictureRecorder) {
        let center = Point(x: header.maxX - padding - size / 2, y: header.midY)
        canvas.fill(chevron(center: center, size: size, pointingDown: pointingDown), with: Color.gray)
    }

    /// A chevron of stroke width size/4 in a size × size box about `center`.
    static func chevron(center: Point, size: Double, pointingDown: Bool) -> Path {
        let half = size / 2, stroke = size / 4
        // Pointing right: two arms meeting at the right, as one outline.
        var points = [Point(x: -half / 2, y: -half), Point(x: -half / 2 + stroke, y: -half),
                      Point(x: half / 2 + stroke / 2, y: 0), Point(x: -half / 2 + stroke, y: half),
                      Point(x: -half / 2, y: half), Point(x: half / 2 - stroke / 2, y: 0)]
        if pointingDown { points = points.map { Point(x: -$0.y, y: $0.x) } }
        return Shapes.polygon(points.map { Point(x: center.x + $0.x, y: center.y + $0.y) })
    }

    /// A chevron alone, pointing right, big in the middle of the frame: the
    /// collapsible section's disclosure indicator, for `rotationEffect`.
    static func drawLargeChevron(in scene: inout Scene) {
        scene.canvas.fill(chevron(center: scene.bounds.center, size: 0.5 * scene.unit, pointingDown: false),
                          with: Color.gray)
    }

    /// `text` broken into lines no wider than `width` (greedily, at spaces).
    static func wrap(_ text: String, font: FontDescription, width: Double) throws -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            let fits = try current.isEmpty || TextRenderer.measure(candidate, font: font).width <= width
            if fits {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
