import SegueBasics

/// What measuring a line of text gives: its line box, and the pixels its
/// glyphs cover. The line box's fields read through: `measurement.width`.
@dynamicMemberLookup
public struct TextMeasurement: Hashable, Sendable {
    /// The advance width, ascent and descent (what plugins get from `measure_text`).
    public var metrics: TextMetrics
    /// The pixels drawing can touch: the union of the glyphs' coverage
    /// bitmaps, in whole pixels, relative to the baseline origin (x to the
    /// right, y down, so `minY` is negative for ink above the baseline).
    /// `Rect.zero` when nothing is drawn (empty or blank text).
    public var inkBounds: Rect

    public init(metrics: TextMetrics, inkBounds: Rect) {
        self.metrics = metrics
        self.inkBounds = inkBounds
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<TextMetrics, Value>) -> Value {
        metrics[keyPath: keyPath]
    }
}
