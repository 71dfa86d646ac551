import SegueBasics

/// The size of a line of text, in pixels, relative to its baseline origin
/// (x to the right, y down).
public struct TextMetrics: Hashable, Sendable {
    /// The sum of the glyphs' advance widths and kerning: where the next
    /// glyph would go.
    public var width: Double
    /// The face's ascender above the baseline (positive).
    public var ascent: Double
    /// The face's descender below the baseline (positive).
    public var descent: Double
    /// The pixels drawing can touch: the union of the glyphs' coverage
    /// bitmaps, in whole pixels, relative to the baseline origin (so `minY`
    /// is negative for ink above the baseline). `Rect.empty` when nothing is
    /// drawn (empty or blank text).
    public var inkBounds: Rect

    public init(width: Double, ascent: Double, descent: Double, inkBounds: Rect) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.inkBounds = inkBounds
    }
}
