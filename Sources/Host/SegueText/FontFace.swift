import CFreeType
import SegueBasics

/// One FreeType face: a font file at whatever size was asked for last.
///
/// Thread rules: an `FT_Face` must be used by one thread at a time, so every
/// use goes through `withSize`, which holds the face's own lock. Layout and
/// rasterisation on the same face are therefore serialised; different faces
/// work in parallel.
///
/// Hinting: glyphs load with `FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT |
/// FT_LOAD_NO_BITMAP`. Light hinting snaps only vertical features (baseline,
/// x-height, cap height) to the pixel grid, so stems stay crisp at 12–100 px
/// while shapes and horizontal metrics stay those of the design, which keeps
/// text stable when its size changes from frame to frame. Embedded bitmaps
/// are ignored so that every size is drawn from the outlines.
final class FontFace: Sendable {
    let file: FontFile

    private struct Handle: @unchecked Sendable {
        let face: FT_Face
        /// The size last requested, 26.6; 0 before the first request.
        var size26Dot6 = 0
    }

    private let handle: Locked<Handle>

    /// Takes ownership of `face`, which no other thread may use.
    init(_ face: FT_Face, file: FontFile) {
        self.file = file
        self.handle = Locked(Handle(face: face))
    }

    static let loadFlags = Int32(FT_LOAD_DEFAULT) | Int32(FT_LOAD_NO_BITMAP) | segue_ft_load_target_light()

    /// Runs `body` with the face scaled to `size26Dot6`, under the face's lock.
    func withSize<R: Sendable>(_ size26Dot6: Int, _ body: (FT_Face) throws -> R) throws -> R {
        try handle.withLock { handle in
            if handle.size26Dot6 != size26Dot6 {
                var request = FT_Size_RequestRec(
                    type: FT_SIZE_REQUEST_TYPE_NOMINAL, width: size26Dot6, height: size26Dot6,
                    horiResolution: 0, vertResolution: 0)
                let error = FT_Request_Size(handle.face, &request)
                guard error == 0 else {
                    handle.size26Dot6 = 0
                    throw SegueError(.format, "FreeType cannot scale \(file.path) to \(Double(size26Dot6) / 64) px "
                        + "(FreeType error \(error))")
                }
                handle.size26Dot6 = size26Dot6
            }
            return try body(handle.face)
        }
    }

    /// Coverage bitmaps for `glyphs` at `size26Dot6`, in the same order. A
    /// glyph FreeType cannot load or render (broken outline or hinting
    /// program) gets an empty bitmap after a second try without hinting.
    func rasterise(_ glyphs: [UInt32], size26Dot6: Int) throws -> [GlyphBitmap] {
        try withSize(size26Dot6) { face in
            glyphs.map { glyph in
                for extra in [0, Int32(FT_LOAD_NO_HINTING)] {
                    let flags = Self.loadFlags | extra | Int32(FT_LOAD_RENDER)
                    if FT_Load_Glyph(face, glyph, flags) == 0,
                       let bitmap = GlyphBitmap(face.pointee.glyph.pointee) {
                        return bitmap
                    }
                }
                return .empty
            }
        }
    }
}

/// One glyph's 8-bit coverage and where it sits relative to the pen.
struct GlyphBitmap: Sendable {
    var width = 0, height = 0
    /// Columns from the pen position to the bitmap's left edge.
    var left = 0
    /// Rows from the bitmap's top edge up to the baseline.
    var top = 0
    /// Bytes from one row to the next: a multiple of 4, as pixman requires.
    var stride = 0
    var coverage: [UInt8] = []

    static let empty = GlyphBitmap()

    var isEmpty: Bool { width == 0 || height == 0 }

    /// The slot's rendered bitmap, or nil when it is not 8-bit gray.
    init?(_ slot: FT_GlyphSlotRec) {
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        width = Int(bitmap.width)
        height = Int(bitmap.rows)
        left = Int(slot.bitmap_left)
        top = Int(slot.bitmap_top)
        guard width > 0, height > 0, let buffer = bitmap.buffer else {
            self = .empty
            return
        }
        stride = (width + 3) & ~3
        coverage = [UInt8](repeating: 0, count: stride * height)
        // The pitch is the step to the next row down; it is negative for a
        // bitmap stored bottom-up, whose `buffer` is then the bottom row.
        let pitch = Int(bitmap.pitch)
        let topRow = pitch < 0 ? buffer - pitch * (height - 1) : buffer
        coverage.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                (out.baseAddress! + y * stride).update(from: topRow + y * pitch, count: width)
            }
        }
    }

    private init() {}
}
