import SegueBasics

/// A drawing operation reduced to device space, ready to execute band by
/// band: everything nested has been folded into one transform, one clip
/// and one opacity, or kept as a group when folding would change the result.
struct Primitive {
    enum Kind {
        /// An image; `crop` is a whole-pixel part of it, `transform` maps the
        /// (cropped) image's coordinates to device pixels.
        case image(Surface, crop: PixelRect?, transform: AffineTransform)
        case solid(Color)
        /// Drawn into an offscreen layer, then composited as one image.
        case group([Primitive])
    }

    var kind: Kind
    /// Device clip: the intersection of every axis-aligned clip, possibly fractional.
    var clipRect: Rect?
    /// Device clips that are not axis-aligned rectangles, all applying.
    var clipPaths: [(Path, FillRule)]
    var opacity: Double
    var tint: Color?
    var channels: Color?
    var blend: BlendMode
    /// How an image is sampled between pixels.
    var filter: SamplingFilter
    /// Device pixels the primitive may change (set by `Flattener`, narrowed by preparation).
    var bounds: PixelRect = .empty
    /// Coverage × opacity over `bounds`, when clips are not whole-pixel rectangles.
    var mask: MaskBuffer?
    /// How the span kernels draw this image, when they can (set by preparation).
    var span: SpanImage?
    /// How the affine kernel draws this image (rotated or sheared, bilinear)
    /// when the span kernels cannot and no tint or channel factors apply
    /// (set by preparation). Axis-aligned scales stay with pixman, whose
    /// SSE2 scaled-bilinear path is faster than the kernel for them.
    var affine: AffineKernel.Placement?

    /// True for an image that, drawn onto transparent pixels, gives what SRC
    /// gives: OVER or ADD of the image, faded at most by a uniform opacity.
    var replacesTransparency: Bool {
        guard case .image = kind else { return false }
        return mask == nil && tint == nil && channels == nil && (blend == .normal || blend == .plusLighter)
    }

    /// True for a group that, drawn onto transparent pixels, gives what its
    /// children give drawn there directly: nothing fades, tints, masks or
    /// blends the layer as a whole, and OVER or ADD of it onto 0 is itself.
    var drawsAsItsChildren: Bool {
        opacity == 1 && mask == nil && tint == nil && channels == nil && (blend == .normal || blend == .plusLighter)
    }
}
