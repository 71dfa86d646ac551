import CPixman
import Glibc
import SegueBasics

/// A clip's coverage × opacity over a primitive's bounds, prepared once per
/// frame (geometry only: see `MaskRasterizer.Shape`) and rasterised band by
/// band as the bands are drawn, so the rasterising is shared among the
/// threads instead of done before the bands start. Any part gives that part
/// of the whole mask's bytes.
final class ClipMask: @unchecked Sendable {
    /// The device pixels the mask covers.
    let area: PixelRect
    /// Device pixels where the mask is 255 — a clip's straight inside,
    /// known without rasterising: drawing there with the mask gives the
    /// bytes drawing without it gives. Empty when unknown.
    let opaqueCore: PixelRect
    /// The first shape goes onto cleared bytes; the others multiply it (IN).
    private let shapes: [MaskRasterizer.Shape]
    private let opacity: Double

    /// The coverage of all `paths` (multiplied), of `rect` when it does not
    /// fall on whole pixels, times `opacity`, over `area`.
    init(area: PixelRect, paths: [(Path, FillRule)], rect: Rect?, opacity: Double) {
        self.area = area
        self.opacity = opacity
        var outlines = paths
        if let rect, !rect.isIntegral { outlines.append((Path(rect), .nonZero)) }
        shapes = outlines.map { MaskRasterizer.prepare($0.0, rule: $0.1, in: area) }
        // Others multiply the first and a fade scales it: then nothing is sure to stay 255.
        opaqueCore = shapes.count == 1 && opacity >= 1 ? shapes[0].filled : .empty
    }

    /// The mask over `part` (inside `area`).
    func rasterize(_ part: PixelRect) -> MaskBuffer {
        let buffer = MaskBuffer(area: part)
        let target = buffer.makePixmanImage()
        defer { pixman_image_unref(target) }
        let width = Int32(part.width), height = Int32(part.height)
        for (index, shape) in shapes.enumerated() {
            guard index > 0 else {
                shape.add(onto: target, covering: part)
                continue
            }
            let coverage = pixman_image_create_bits(PIXMAN_a8, width, height, nil, 0)!
            shape.add(onto: coverage, covering: part)
            pixman_image_composite32(PIXMAN_OP_IN, coverage, nil, target, 0, 0, 0, 0, 0, 0, width, height)
            pixman_image_unref(coverage)
        }
        if shapes.isEmpty {
            memset(buffer.bytes, 0xFF, part.height * buffer.stride)
        }
        if opacity < 1 {
            let fade = SolidImage(alpha: opacity)
            pixman_image_composite32(PIXMAN_OP_IN, fade.image, nil, target, 0, 0, 0, 0, 0, 0, width, height)
        }
        return buffer
    }
}

/// 8-bit coverage over a rectangle of device pixels: pixel (0, 0) is
/// `area`'s top-left corner. Pixman images are made per use
/// (`makePixmanImage`), so one mask can serve several threads at once.
final class MaskBuffer: @unchecked Sendable {
    let area: PixelRect
    let stride: Int
    let bytes: UnsafeMutableRawPointer

    /// A cleared mask over `area`.
    init(area: PixelRect) {
        self.area = area
        stride = (area.width + 3) & ~3
        bytes = calloc(max(1, area.height), stride)!
    }

    deinit {
        free(bytes)
    }

    func makePixmanImage() -> OpaquePointer {
        pixman_image_create_bits(PIXMAN_a8, Int32(area.width), Int32(area.height),
                                 bytes.assumingMemoryBound(to: UInt32.self), Int32(stride))!
    }
}

/// A pixman solid-colour image for one use; unreffed when released.
final class SolidImage {
    let image: OpaquePointer

    /// Premultiplied colour `color` times `alpha`.
    convenience init(_ color: Color, alpha: Double = 1) {
        let c = color.clamped
        let a = c.alpha * min(max(alpha, 0), 1)
        self.init(premultiplied: (c.red * a, c.green * a, c.blue * a, a))
    }

    /// Premultiplied components in 0…1, each times `factor`.
    init(premultiplied c: (red: Double, green: Double, blue: Double, alpha: Double), times factor: Double = 1,
         componentAlpha: Bool = false) {
        // pixman keeps the top 8 bits: give it the nearest byte, repeated.
        let pixel = Self.pixel(premultiplied: c, times: factor)
        func channel(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 0xFF) * 257 }
        var value = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
        image = pixman_image_create_solid_fill(&value)!
        if componentAlpha { pixman_image_set_component_alpha(image, 1) }
    }

    /// The a8r8g8b8 bytes such an image holds (and pixman uses): each
    /// component times `factor`, clamped into 0…1, to the nearest byte.
    static func pixel(premultiplied c: (red: Double, green: Double, blue: Double, alpha: Double),
                      times factor: Double = 1) -> UInt32 {
        let k = min(max(factor, 0), 1)
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v * k, 0), 1) * 255).rounded()) }
        return byte(c.alpha) << 24 | byte(c.red) << 16 | byte(c.green) << 8 | byte(c.blue)
    }

    /// The bytes of `SolidImage(channels:times:)`.
    static func pixel(channels: Color, times factor: Double) -> UInt32 {
        let f = channels.clamped
        return pixel(premultiplied: (f.red, f.green, f.blue, f.alpha), times: factor)
    }

    /// The mask byte of `SolidImage(alpha:)`.
    static func byte(alpha: Double) -> UInt8 {
        UInt8(pixel(premultiplied: (0, 0, 0, min(max(alpha, 0), 1))) >> 24)
    }

    /// A component-alpha mask that multiplies each channel by the matching
    /// factor (alpha by `alpha`), times `factor`.
    convenience init(channels: Color, times factor: Double) {
        let f = channels.clamped
        self.init(premultiplied: (f.red, f.green, f.blue, f.alpha), times: factor, componentAlpha: true)
    }

    /// Transparent black with the given alpha: a uniform mask.
    convenience init(alpha: Double) {
        self.init(Color(red: 0, green: 0, blue: 0, alpha: 1), alpha: alpha)
    }

    deinit {
        pixman_image_unref(image)
    }
}
