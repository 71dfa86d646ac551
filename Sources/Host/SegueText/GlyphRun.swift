import CFreeType
import SegueBasics

/// A line of text laid out in one face at one size: glyph indices and the
/// pen position of each, relative to the baseline origin.
///
/// Layout is deliberately simple: one glyph per Unicode scalar (the face's
/// cmap; a character the face lacks maps to glyph 0, the .notdef box), each
/// advancing the pen by its unhinted advance width plus the kerning between
/// it and the previous glyph from the face's `kern` table (`FT_Get_Kerning`,
/// unfitted). There is no shaping beyond that: no ligatures, no GPOS
/// kerning or mark positioning, no bidi, no font fallback per character, and
/// a newline does not start a new line. Control characters and default
/// ignorables (ZWJ, variation selectors, …) are skipped.
///
/// The pen position is kept in fractions of a pixel so that long lines do
/// not drift; each glyph is then placed at the nearest whole pixel.
struct GlyphRun: Sendable {
    /// The largest pen position accepted, in pixels, so that glyph positions
    /// plus any surface offset fit pixman's 32-bit coordinates.
    static let maximumWidth = Double(1 << 28)

    var glyphs: [UInt32] = []
    /// Each glyph's pen position, rounded to a whole pixel.
    var positions: [Int] = []
    /// The sum of the advances and kerning, in pixels.
    var width = 0.0
    /// The face's ascender and descender at this size (FreeType rounds
    /// them out to whole pixels); `descent` is positive below the baseline.
    var ascent = 0.0, descent = 0.0

    /// Lays `text` out in `face` at `size26Dot6`.
    /// - Throws: `.invalidArgument` when the line would be wider than `maximumWidth`.
    init(_ text: String, face: FontFace, size26Dot6: Int) throws {
        self = try face.withSize(size26Dot6) { face in
            var run = GlyphRun()
            let kerning = segue_ft_has_kerning(face) != 0
            var previous: UInt32?
            var pen = 0.0
            for scalar in text.unicodeScalars where !Self.isSkipped(scalar) {
                let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
                if kerning, let previous {
                    var delta = FT_Vector()
                    if FT_Get_Kerning(face, previous, glyph, FT_KERNING_UNFITTED.rawValue, &delta) == 0 {
                        pen += Double(delta.x) / 64
                    }
                }
                var advance: FT_Fixed = 0
                if FT_Get_Advance(face, glyph, FontFace.loadFlags, &advance) != 0 { advance = 0 }
                guard abs(pen) + Double(advance) / 65536 <= Self.maximumWidth else {
                    throw SegueError.invalidArgument(
                        "text of \(text.unicodeScalars.count) characters is wider than \(Int(Self.maximumWidth)) px")
                }
                run.glyphs.append(glyph)
                run.positions.append(Int(pen.rounded()))
                pen += Double(advance) / 65536
                previous = glyph
            }
            run.width = pen
            run.ascent = Double(face.pointee.size.pointee.metrics.ascender) / 64
            run.descent = -Double(face.pointee.size.pointee.metrics.descender) / 64
            return run
        }
    }

    private init() {}

    private static func isSkipped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.isDefaultIgnorableCodePoint
    }
}
