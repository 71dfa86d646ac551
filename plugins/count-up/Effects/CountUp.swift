import SeguePluginKit

/// `countUp`: the content as it is, with a number drawn over it, centred in
/// the content's frame with a real font — the article's `CountUpEffect`.
///
/// `value` is the animatable number (`.countUp(to: 120)` counts from 0 to
/// 120); `format` is a printf-style format with exactly one number directive
/// (checked: anything else fails the frame, naming the format). The number
/// is drawn in `color` while `value < threshold` and in `alertColor` from the
/// threshold on. Beyond its usual range (springs overshoot) the value is
/// simply formatted as the number it is.
struct CountUp: Effect {
    static let id = "segue.countUp"
    static let name = "countUp"
    static let summary = "A number counting up, drawn centred over the content; its colour switches at a threshold"

    static let value = Parameter.number(
        "value", summary: "The number shown", active: 0, identity: 100, range: -1_000_000...1_000_000,
        animatable: true)
    static let format = Parameter.string(
        "format", summary: "A printf-style format with one of %f %e %g %d %i, e.g. %.1f or %d%%", default: "%.1f")
    static let threshold = Parameter.number(
        "threshold", summary: "From this value on the number is drawn in alertColor", default: 100)
    static let color = Parameter.color(
        "color", summary: "The number's colour below the threshold", default: .black)
    static let alertColor = Parameter.color(
        "alertColor", summary: "The number's colour from the threshold on", default: .red)
    static let fontSize = Parameter.number(
        "fontSize", summary: "The em size in pixels; 0 sizes it to the frame", default: 0, range: 0...2048)
    static let fontFamily = Parameter.string(
        "fontFamily", summary: "A fontconfig family; empty for DejaVu Sans", default: "")
    static let bold = Parameter.bool("bold", summary: "Whether the number is bold", default: true)

    static var parameters: [ParameterDeclaration] {
        value
        format
        threshold
        color
        alertColor
        fontSize
        fontFamily
        bold
    }

    /// What an automatic size must fit: the default text at the default target.
    static let referenceText = "100.0"
    /// An automatic size is this fraction of the frame's height…
    static let heightFraction = 0.4
    /// …capped so that the reference text fits this fraction of its width.
    static let widthFraction = 0.9
    /// The em sizes the host draws.
    static let sizeRange = 0.5...2048.0

    func render(values: Values<CountUp>, canvas: Canvas) throws {
        let format = values.format
        let numberFormat: NumberFormat
        do {
            numberFormat = try NumberFormat(format)
        } catch {
            try canvas.fail("countUp: the format \(Self.quoted(format)) cannot be used: \(error)")
        }
        try canvas.draw(canvas.content)

        let frame = canvas.frame
        let text = numberFormat.string(for: values.value)
        guard !frame.isEmpty, !text.isEmpty else { return }
        let family = values.fontFamily
        var style = TextStyle(family: family.isEmpty ? nil : family, size: 1, bold: values.bold,
                              color: Self.color(for: values.value, threshold: values.threshold,
                                                color: values.color, alertColor: values.alertColor))
        let requested = values.fontSize
        if requested > 0 {
            style.size = Self.clampedSize(requested)
        } else {
            style.size = try Self.automaticSize(in: frame, style: style) { try canvas.measureText($0, style: $1) }
        }
        try canvas.drawText(text, style: style, at: frame.center, anchor: .center)
    }

    /// `color` below the threshold, `alertColor` from it on (a NaN value counts as alerting).
    static func color(for value: Double, threshold: Double, color: Color, alertColor: Color) -> Color {
        value < threshold ? color : alertColor
    }

    /// 0.4 × the frame's height, capped so that "100.0" fits in 90 % of its
    /// width, within the sizes the host draws.
    static func automaticSize(in frame: Rect, style: TextStyle,
                              measure: (String, TextStyle) throws -> TextMetrics) throws -> Double {
        var style = style
        style.size = clampedSize(frame.height * heightFraction)
        let limit = frame.width * widthFraction
        // Glyph widths are hinted, so not exactly proportional to the size:
        // scale down until the text fits (one step almost always does).
        for _ in 0..<4 {
            let width = try measure(referenceText, style).width
            guard width > limit, width > 0 else { break }
            let next = clampedSize(style.size * limit / width * (1 - 1e-9))
            guard next < style.size else { break }
            style.size = next
        }
        return style.size
    }

    static func clampedSize(_ size: Double) -> Double {
        guard size.isFinite else { return sizeRange.upperBound }
        return min(max(size, sizeRange.lowerBound), sizeRange.upperBound)
    }

    static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }
}
