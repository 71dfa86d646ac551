import SegueBasics
import SegueCompositor
import SegueText

/// A contact sheet: frames of a transition side by side, each labelled, under
/// a title (the spec) — one picture that shows a whole transition.
struct ContactSheet: Sendable {
    /// The title line, usually the transition's spec.
    var title: String
    /// A second line, usually the animation; nil for none.
    var subtitle: String?
    /// Frames per row.
    var columns: Int
    /// Each frame's width on the sheet; heights keep the frames' aspect.
    var thumbnailWidth: Int

    init(title: String, subtitle: String? = nil, columns: Int = 5, thumbnailWidth: Int = 320) {
        self.title = title
        self.subtitle = subtitle
        self.columns = max(1, columns)
        self.thumbnailWidth = max(16, thumbnailWidth)
    }

    static let background = Color(red: 0.11, green: 0.11, blue: 0.12)
    static let text = Color(red: 0.92, green: 0.92, blue: 0.94)
    static let dim = Color(red: 0.6, green: 0.6, blue: 0.64)
    static let checkLight = Color(red: 0.35, green: 0.35, blue: 0.37)
    static let checkDark = Color(red: 0.25, green: 0.25, blue: 0.27)

    /// Lays out `frames` (all the same size) with their labels, drawn by
    /// `compositor` (the engine's, whose threads rendered the frames).
    /// - Throws: `.invalidArgument` without frames; text and allocation errors.
    func render(_ frames: [(label: String, frame: Surface)], compositor: Compositor) throws -> Surface {
        guard let first = frames.first?.frame else { throw SegueError.invalidArgument("a contact sheet needs frames") }
        let scale = Double(thumbnailWidth) / Double(first.width)
        let thumbHeight = max(1, Int((Double(first.height) * scale).rounded()))
        let gap = max(8, thumbnailWidth / 20)
        let titleSize = Double(max(12, min(28, thumbnailWidth / 12)))
        let labelSize = titleSize * 0.7
        let header = Int(titleSize * (subtitle == nil ? 2 : 3.2))
        let labelHeight = Int(labelSize * 2)
        let columnCount = min(columns, frames.count)
        let rows = (frames.count + columnCount - 1) / columnCount
        let width = gap + columnCount * (thumbnailWidth + gap)
        let height = header + rows * (thumbHeight + labelHeight + gap) + gap / 2
        let sheet = try Surface(width: width, height: height)

        var canvas = PictureRecorder(frame: sheet.bounds.rect, content: Picture())
        canvas.fill(sheet.bounds.rect, with: Self.background)
        let titleFont = FontDescription(size: titleSize, weight: .bold)
        let labelFont = FontDescription(size: labelSize)
        try canvas.drawText(Self.fitted(title, font: titleFont, width: Double(width - 2 * gap)), font: titleFont,
                            color: Self.text, at: Point(x: Double(gap), y: titleSize * 1.1), anchor: Point(x: 0, y: 0.5))
        if let subtitle {
            try canvas.drawText(Self.fitted(subtitle, font: labelFont, width: Double(width - 2 * gap)), font: labelFont,
                                color: Self.dim, at: Point(x: Double(gap), y: titleSize * 2.3), anchor: Point(x: 0, y: 0.5))
        }
        let checker = try Self.checkerboard(width: thumbnailWidth, height: thumbHeight, cell: max(4, thumbnailWidth / 40))
        for (index, item) in frames.enumerated() {
            let x = gap + (index % columnCount) * (thumbnailWidth + gap)
            let y = header + (index / columnCount) * (thumbHeight + labelHeight + gap)
            canvas.draw(checker, transform: .translation(x: Double(x), y: Double(y)))
            canvas.draw(item.frame, transform: AffineTransform.scale(x: Double(thumbnailWidth) / Double(item.frame.width),
                                                                     y: Double(thumbHeight) / Double(item.frame.height))
                .concatenating(.translation(x: Double(x), y: Double(y))))
            try canvas.drawText(item.label, font: labelFont, color: Self.dim,
                                at: Point(x: Double(x) + Double(thumbnailWidth) / 2, y: Double(y + thumbHeight) + labelSize),
                                anchor: Point(x: 0.5, y: 0.5))
        }
        try compositor.render(canvas.picture, background: .clear, into: sheet)
        return sheet
    }

    /// A checkerboard that shows where frames are transparent.
    static func checkerboard(width: Int, height: Int, cell: Int) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        let light = checkLight.premultipliedARGB32, dark = checkDark.premultipliedARGB32
        for y in 0..<height {
            let row = surface.row(y)
            for x in 0..<width { row[x] = (x / cell + y / cell) % 2 == 0 ? light : dark }
        }
        return surface
    }

    /// `text`, shortened with an ellipsis until it fits `width` pixels.
    static func fitted(_ text: String, font: FontDescription, width: Double) throws -> String {
        var candidate = text
        while try TextRenderer.measure(candidate, font: font).width > width, candidate.count > 1 {
            candidate = String(text.prefix(candidate.count - 2)) + "…"
        }
        return candidate
    }
}
