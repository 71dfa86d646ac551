import CVectorKernels
import SegueCompositor

/// Conversions between straight and premultiplied 8-bit alpha, used only at
/// the edges where files come in or go out.
///
/// Round trip: for every premultiplied channel `p <= a`,
/// `premultiply(unpremultiply(p, a), a) == p`: unpremultiplying errs by at
/// most 1/2 in straight units, which is at most `a/510 < 1/2` once scaled
/// back by `a/255`. Channels above their alpha (invalid premultiplied
/// data) are clamped to 255 when unpremultiplied, so they come back as `a`.
public enum Premultiplication {
    /// `round(channel * alpha / 255)`, exactly, in integers. The quotient is
    /// never exactly halfway (255 is odd), so there is no tie to break.
    @inline(__always)
    public static func premultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt32 {
        let t = channel &* alpha &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// `min(255, round(channel * 255 / alpha))`, halves rounded up, exactly,
    /// in integers; 0 when `alpha` is 0.
    @inline(__always)
    public static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt32 {
        guard alpha != 0 else { return 0 }
        return min(255, (channel &* 255 &+ alpha / 2) / alpha)
    }

    /// Premultiplies one straight 0xAARRGGBB pixel.
    @inline(__always)
    public static func premultiplied(_ pixel: UInt32) -> UInt32 {
        scalingColours(of: pixel, by: premultiply)
    }

    /// Premultiplies every pixel of a surface that holds straight alpha
    /// (`premultiplied` on each, by the vectorised row kernel).
    public static func premultiplyInPlace(_ surface: Surface) {
        let avx2: Int32 = Processor.hasAVX2 ? 1 : 0
        for y in 0..<surface.height {
            straight_to_premultiplied(surface.row(y), surface.row(y), surface.width, 0, avx2)
        }
    }

    /// Unpremultiplies one 0xAARRGGBB pixel (`unpremultiply` on each colour
    /// channel); a transparent pixel becomes 0.
    @inline(__always)
    public static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        scalingColours(of: pixel, by: unpremultiply)
    }

    /// `pixel` with `scale(channel, alpha)` on each colour channel; an
    /// opaque pixel is kept and a transparent one becomes 0.
    @inline(__always)
    private static func scalingColours(of pixel: UInt32, by scale: (UInt32, UInt32) -> UInt32) -> UInt32 {
        let alpha = pixel &>> 24
        switch alpha {
        case 255: return pixel
        case 0: return 0
        default:
            let red = scale((pixel &>> 16) & 0xFF, alpha)
            let green = scale((pixel &>> 8) & 0xFF, alpha)
            let blue = scale(pixel & 0xFF, alpha)
            return alpha &<< 24 | red &<< 16 | green &<< 8 | blue
        }
    }
}
