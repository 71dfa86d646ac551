import CPixman
import SegueBasics
import SegueCompositor

/// Deterministic test pictures and direct pixman references.
enum TestImages {
    /// `detailedPicture` (DetailedPicture.swift) with this suite's default seed.
    static func detailed(width: Int, height: Int, seed: UInt32 = 1, varyingAlpha: Bool = false) -> Surface {
        detailedPicture(width: width, height: height, seed: seed, varyingAlpha: varyingAlpha)
    }

    /// pixman's own composite of `source` into `destination`, with an
    /// optional transform (source → destination) and a uniform opacity mask.
    static func composite(_ op: pixman_op_t, _ source: Surface, into destination: Surface,
                          transform: AffineTransform? = nil, opacity: Double? = nil) {
        let src = source.makePixmanImage(), dst = destination.makePixmanImage()
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        if let transform, let inverse = transform.inverted {
            var floating = pixman_f_transform()
            floating.m = ((inverse.a, inverse.c, inverse.tx), (inverse.b, inverse.d, inverse.ty), (0, 0, 1))
            var fixed = pixman_transform()
            _ = pixman_transform_from_pixman_f_transform(&fixed, &floating)
            _ = pixman_image_set_transform(src, &fixed)
            _ = pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        var mask: OpaquePointer?
        if let opacity {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((opacity * 65535).rounded()))
            mask = pixman_image_create_solid_fill(&color)
        }
        defer { if let mask { pixman_image_unref(mask) } }
        pixman_image_composite32(op, src, mask, dst, 0, 0, 0, 0, 0, 0,
                                 Int32(destination.width), Int32(destination.height))
    }
}
