/// The line box of a piece of text, in pixels, relative to its baseline
/// origin (`segue_text_metrics` in C).
public struct TextMetrics: Hashable, Sendable {
    /// The sum of the glyphs' advance widths and kerning: where the next
    /// glyph would go.
    public var width: Double
    /// The face's ascender above the baseline (positive).
    public var ascent: Double
    /// The face's descender below the baseline (positive).
    public var descent: Double

    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// Ascent plus descent.
    public var height: Double { ascent + descent }
}
