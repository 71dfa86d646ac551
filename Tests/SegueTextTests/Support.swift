import CFreeType
import CPixman
import Glibc
import SegueBasics
import SegueCompositor
import Synchronization

/// Debian's DejaVu files (fonts-dejavu-core), which the tests rely on.
enum DejaVu {
    static let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
}

/// Advances and kerning straight from FreeType, independent of SegueText:
/// its own library and face, unhinted, at a whole pixel size.
struct ReferenceFont: ~Copyable {
    private var library: FT_Library?
    private var face: FT_Face?

    init(path: String, pixels: UInt32) {
        precondition(FT_Init_FreeType(&library) == 0)
        precondition(FT_New_Face(library, path, 0, &face) == 0, "cannot open \(path)")
        precondition(FT_Set_Pixel_Sizes(face, 0, pixels) == 0)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    func glyph(_ character: Unicode.Scalar) -> FT_UInt { FT_Get_Char_Index(face, FT_ULong(character.value)) }

    /// The unhinted advance of `character` in pixels.
    func advance(_ character: Unicode.Scalar) -> Double {
        var advance: FT_Fixed = 0
        precondition(FT_Get_Advance(face, glyph(character), Int32(FT_LOAD_NO_HINTING), &advance) == 0)
        return Double(advance) / 65536
    }

    /// The sum of the advances of `text`'s characters, without kerning.
    func advanceSum(_ text: String) -> Double { text.unicodeScalars.reduce(0) { $0 + advance($1) } }

    /// The advances of `text` plus the kerning between neighbours.
    func kernedWidth(_ text: String) -> Double {
        let scalars = Array(text.unicodeScalars)
        return zip(scalars, scalars.dropFirst()).reduce(advanceSum(text)) { $0 + kerning($1.0, $1.1) }
    }

    /// The unfitted kerning between two characters in pixels.
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Double {
        var delta = FT_Vector()
        precondition(FT_Get_Kerning(face, glyph(left), glyph(right), FT_KERNING_UNFITTED.rawValue, &delta) == 0)
        return Double(delta.x) / 64
    }
}

/// A pixel's premultiplied channels.
struct ARGB: Equatable {
    var a, r, g, b: Int
    init(_ pixel: UInt32) {
        a = Int(pixel >> 24)
        r = Int(pixel >> 16 & 0xFF)
        g = Int(pixel >> 8 & 0xFF)
        b = Int(pixel & 0xFF)
    }
}

extension Surface {
    /// The box of pixels that are not fully transparent, or nil.
    var inkBox: PixelRect? {
        var box = PixelRect.empty
        for y in 0..<height {
            for x in 0..<width where self[x, y] != 0 {
                box = box.union(PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1))
            }
        }
        return box.isEmpty ? nil : box
    }

    var allPixels: [UInt32] { (0..<height).flatMap { y in (0..<width).map { x in self[x, y] } } }

    /// Composites `source` OVER this surface with its top-left corner at (x, y).
    func compositeOver(_ source: Surface, x: Int, y: Int) {
        let src = source.makePixmanImage(), dst = makePixmanImage()
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        pixman_image_composite32(PIXMAN_OP_OVER, src, nil, dst, 0, 0, 0, 0, Int32(x), Int32(y),
                                 Int32(source.width), Int32(source.height))
    }
}

/// Runs `body(i)` for i in 0..<count, each on its own POSIX thread, all at once.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Job {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    var threads: [pthread_t] = []
    for i in 0..<count {
        let job = Unmanaged.passRetained(Job { body(i) }).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, job)
        precondition(started == 0, "pthread_create failed")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}
