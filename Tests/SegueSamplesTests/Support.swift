import SegueBasics
import SegueCompositor
import SegueSamples

/// One premultiplied pixel's channels.
struct Pixel: Equatable, Sendable {
    var a: Int, r: Int, g: Int, b: Int

    init(_ value: UInt32) {
        a = Int(value >> 24)
        r = Int(value >> 16 & 0xFF)
        g = Int(value >> 8 & 0xFF)
        b = Int(value & 0xFF)
    }

    /// Straight (unpremultiplied) channels, for colour comparisons.
    var straight: (r: Double, g: Double, b: Double) {
        guard a > 0 else { return (0, 0, 0) }
        return (Double(r) * 255 / Double(a), Double(g) * 255 / Double(a), Double(b) * 255 / Double(a))
    }
}

/// Counts of a surface's pixels by alpha.
struct AlphaCensus {
    var transparent = 0, partial = 0, opaque = 0
    /// Pixels with a colour channel above alpha (invalid premultiplied).
    var invalid = 0

    init(_ surface: Surface) {
        for y in 0..<surface.height {
            let row = surface.row(y)
            for x in 0..<surface.width {
                let p = Pixel(row[x])
                switch p.a {
                case 0: transparent += 1
                case 255: opaque += 1
                default: partial += 1
                }
                if p.r > p.a || p.g > p.a || p.b > p.a { invalid += 1 }
            }
        }
    }
}

extension Surface {
    /// The smallest pixel rectangle holding every pixel that satisfies `test`.
    func bounds(where test: (Pixel) -> Bool) -> PixelRect {
        var box = PixelRect.empty
        for y in 0..<height {
            let row = row(y)
            for x in 0..<width where test(Pixel(row[x])) {
                box = box.isEmpty ? PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1)
                    : box.union(PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1))
            }
        }
        return box
    }

    /// How many pixels of `area` (default: all) satisfy `test`.
    func count(in area: PixelRect? = nil, where test: (Pixel) -> Bool) -> Int {
        let area = (area ?? bounds).intersection(bounds)
        guard !area.isEmpty else { return 0 }
        var count = 0
        for y in area.y0..<area.y1 {
            let row = row(y)
            for x in area.x0..<area.x1 where test(Pixel(row[x])) { count += 1 }
        }
        return count
    }
}

/// Colour tests: opaque and within `tolerance` of an sRGB hex colour.
func isColor(_ hex: UInt32, tolerance: Int = 6) -> @Sendable (Pixel) -> Bool {
    let r = Int(hex >> 16 & 0xFF), g = Int(hex >> 8 & 0xFF), b = Int(hex & 0xFF)
    return { p in p.a == 255 && abs(p.r - r) <= tolerance && abs(p.g - g) <= tolerance && abs(p.b - b) <= tolerance }
}

let isWhite = isColor(0xFFFFFF, tolerance: 12)
let isBlack = isColor(0x000000, tolerance: 12)

/// Rendering sizes every sample must handle.
let requiredSizes: [(Int, Int)] = [(160, 120), (640, 360), (1920, 1080)]
