import CPixman
import SegueBasics
import SegueCompositor

/// A run's glyphs as records in pixman's glyph cache, positioned relative to
/// the baseline origin. Only valid inside `GlyphCache.withGlyphs`, which
/// holds the cache lock and keeps the cache frozen (so no record is evicted).
struct CachedGlyphs {
    let cache: OpaquePointer
    var glyphs: [pixman_glyph_t]

    /// The union of the glyphs' coverage bitmaps relative to the baseline
    /// origin; empty when no glyph has ink.
    func inkBounds() -> PixelRect {
        guard !glyphs.isEmpty else { return .empty }
        var box = pixman_box32_t()
        glyphs.withUnsafeBufferPointer { glyphs in
            // pixman_glyph_get_extents takes a non-const array but only reads it.
            pixman_glyph_get_extents(cache, Int32(glyphs.count), UnsafeMutablePointer(mutating: glyphs.baseAddress), &box)
        }
        return PixelRect(x0: Int(box.x1), y0: Int(box.y1), x1: Int(box.x2), y1: Int(box.y2))
    }

    /// Composites `color` through the glyphs' coverage OVER `surface`, with
    /// the baseline origin at pixel (`x`, `y`) of the surface; clipped to the
    /// surface. Coverage of overlapping glyphs adds up in one a8 mask before
    /// the colour is applied, so a translucent colour is not doubled where
    /// glyphs touch.
    /// - Throws: `.outOfMemory` when pixman cannot allocate an image.
    func composite(_ color: Color, onto surface: Surface, baselineX x: Int, baselineY y: Int) throws {
        // The part of the text's box on the surface, in glyph coordinates.
        let visible = inkBounds().intersection(PixelRect(x0: -x, y0: -y, x1: surface.width - x, y1: surface.height - y))
        guard !visible.isEmpty else { return }

        let argb = color.premultipliedARGB32
        func channel(_ shift: UInt32) -> UInt16 { UInt16((argb >> shift) & 0xFF) * 257 }
        var pixmanColor = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
        guard let source = pixman_image_create_solid_fill(&pixmanColor) else {
            throw SegueError(.outOfMemory, "cannot create a solid pixman image")
        }
        defer { pixman_image_unref(source) }
        let destination = surface.makePixmanImage()
        defer { pixman_image_unref(destination) }

        // The mask is only as large as the visible part: glyph coordinate
        // (mask_x, mask_y) lands on (dest_x, dest_y).
        pixman_composite_glyphs(
            PIXMAN_OP_OVER, source, destination, pixman_glyph_get_mask_format(cache, Int32(glyphs.count), glyphs),
            0, 0, Int32(visible.x0), Int32(visible.y0), Int32(visible.x0 + x), Int32(visible.y0 + y),
            Int32(visible.width), Int32(visible.height), cache, Int32(glyphs.count), glyphs)
    }
}
