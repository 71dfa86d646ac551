import SegueBasics
import SegueCompositor

/// Measures and draws one line of text: fonts found with fontconfig, glyphs
/// rasterised by FreeType (8-bit anti-aliased coverage, light hinting), cached
/// and composited by pixman's glyph cache.
///
/// Layout is one glyph per character with advances and `kern`-table kerning
/// only — see `GlyphRun` for what that leaves out. Characters the face lacks
/// (emoji, CJK in DejaVu Sans) draw as its .notdef box.
///
/// Positions: the baseline origin and each glyph's pen position are rounded
/// to whole pixels (no sub-pixel glyph positioning), so a string looks the
/// same wherever it is drawn, and `image(of:)` composited at an integer
/// point equals `draw` at that point, byte for byte.
///
/// Thread rules: every function may be called from any number of threads at
/// once; the font library, each face and the glyph cache have their own locks
/// (see `FontLibrary`, `FontFace`, `GlyphCache`). Drawing into one surface
/// from several threads at once is the caller's to serialise, as for any
/// `Surface` write.
public enum TextRenderer {
    /// Baseline origins are clamped to ±2³⁰ px (far outside any surface) so
    /// that pixel coordinates fit pixman's 32-bit integers.
    private static let originLimit = Double(1 << 30)

    /// The metrics of `text` on one line in `font`.
    /// - Throws: `.invalidArgument` for a size that is NaN, infinite, zero or
    ///   negative, or a line wider than 2²⁸ px; `.io` when no font at all is
    ///   found; `.outOfMemory`.
    public static func measure(_ text: String, font: FontDescription) throws -> TextMeasurement {
        try withGlyphs(text, font: font) { run, glyphs in
            TextMeasurement(metrics: TextMetrics(width: run.width, ascent: run.ascent, descent: run.descent),
                            inkBounds: glyphs.inkBounds().rect)
        }
    }

    /// Draws `text` in `color` OVER `surface` (premultiplied), with the
    /// baseline's left end at `baselineOrigin` (rounded to whole pixels),
    /// clipped to the surface.
    /// - Throws: `.invalidArgument` for a non-finite origin or colour, and as
    ///   `measure`.
    public static func draw(
        _ text: String, font: FontDescription, color: Color, baselineOrigin: Point, into surface: Surface
    ) throws {
        guard baselineOrigin.isFinite else {
            throw SegueError.invalidArgument("baseline origin (\(baselineOrigin.x), \(baselineOrigin.y)) is not finite")
        }
        try validate(color)
        func pixel(_ v: Double) -> Int { Int(min(max(v.rounded(), -originLimit), originLimit)) }
        try withGlyphs(text, font: font) { _, glyphs in
            try glyphs.composite(color, onto: surface, baselineX: pixel(baselineOrigin.x),
                                 baselineY: pixel(baselineOrigin.y))
        }
    }

    /// `text` drawn in `color` into a new transparent surface that just holds
    /// its ink, and the baseline origin in that surface's coordinates (whole
    /// pixels): y is the ink's height above the baseline; x is usually a
    /// little negative, as the first glyph's ink starts right of its pen
    /// position. Compositing the surface at `p - baseline` equals drawing the
    /// text at `p`. Text without ink gives a 1×1 transparent surface with the
    /// baseline at (0, 0).
    ///
    /// With `window` (in pixels relative to the baseline origin), only the
    /// ink inside it is drawn, and the surface holds that part.
    /// - Throws: `.invalidArgument` for a non-finite colour, for ink (within
    ///   the window) larger than `Surface.maximumSide` on a side, and as `measure`.
    public static func image(of text: String, font: FontDescription, color: Color, within window: PixelRect? = nil)
        throws -> (surface: Surface, baseline: Point)
    {
        try validate(color)
        return try withGlyphs(text, font: font) { _, glyphs in
            let ink = window.map { glyphs.inkBounds().intersection($0) } ?? glyphs.inkBounds()
            guard !ink.isEmpty else { return (try Surface(width: 1, height: 1), .zero) }
            let surface = try Surface(width: ink.width, height: ink.height)
            try glyphs.composite(color, onto: surface, baselineX: -ink.x0, baselineY: -ink.y0)
            return (surface, Point(x: Double(-ink.x0), y: Double(-ink.y0)))
        }
    }

    private static func validate(_ color: Color) throws {
        guard color.isFinite else {
            throw SegueError.invalidArgument(
                "colour (\(color.red), \(color.green), \(color.blue), \(color.alpha)) is not finite")
        }
    }

    /// Resolves the font, lays `text` out and runs `body` with its glyphs in
    /// the cache (under the cache lock).
    private static func withGlyphs<R: Sendable>(
        _ text: String, font: FontDescription, _ body: (GlyphRun, CachedGlyphs) throws -> R
    ) throws -> R {
        let size = try font.pixelSize26Dot6()
        let face = try FontLibrary.shared.face(for: font)
        let run = try GlyphRun(text, face: face, size26Dot6: size)
        return try GlyphCache.shared.withGlyphs(run, face: face, size26Dot6: size) { try body(run, $0) }
    }
}
