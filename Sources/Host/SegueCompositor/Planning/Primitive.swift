import SegueBasics

/// A drawing operation reduced to device space, ready to draw band by band:
/// everything nested has been folded into one transform, one clip and one
/// opacity, or kept as a layer when folding would change the result.
struct Primitive {
    /// What pixman draws: an image or a colour.
    enum Source {
        /// An image; `crop` is a whole-pixel part of it, `transform` maps the
        /// (cropped) image's coordinates to device pixels.
        case image(Surface, crop: PixelRect?, transform: AffineTransform)
        /// An image in perspective: `transform` maps its coordinates to device pixels.
        case projectedImage(Surface, transform: ProjectiveTransform)
        /// Colour everywhere the clips allow (a filled shape).
        case solid(Color)
    }

    /// How the primitive is drawn: exactly one way, chosen by `Planner`.
    /// The band renderer switches over it.
    enum Plan {
        /// pixman: any transform, tint, channel factors and mask (the
        /// general path, against which the others are tested byte for byte).
        case pixman(Source)
        /// The span kernels, row by row: an image only translated, without
        /// a mask (see `SpanImage`), and the surface it reads and the ink
        /// extents it uses, if any, kept alive here.
        case span(SpanImage, Surface, InkExtents?)
        /// The affine kernel: a rotated or sheared image, bilinear, normal or
        /// plus-lighter, faded by the opacity or the mask.
        case affine(AffineKernel.Placement)
        /// The projective kernel: an image in perspective, bilinear, normal
        /// or plus-lighter, faded by the opacity or the mask.
        case projective(ProjectiveKernel.Placement)
        /// The distortion kernel: a plugin's map sampled bilinearly, normal
        /// or plus-lighter, faded by the opacity or the mask.
        case distortion(DistortionKernel)
        /// The children drawn into an offscreen layer, which is then drawn
        /// as one image with this primitive's opacity, mask, tint and blend.
        case layer([Primitive])
        /// The children drawn into an offscreen image that the filter then
        /// changes. Never drawn as such: `Compositor` replaces it by the
        /// filtered image before the bands are drawn.
        case filtered([Primitive], LayerFilter)
    }

    var plan: Plan
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
    /// For an image: beyond its edge it repeats its edge pixels (pixman's
    /// `PIXMAN_REPEAT_PAD`) instead of being transparent; the primitive is
    /// clipped to where the image lands (a scaled image, see `Flattener`).
    var padsEdges = false
    /// Device pixels the primitive may change (set by `Flattener`, narrowed by `Planner`).
    var bounds: PixelRect = .empty
    /// Coverage × opacity over `bounds`, when clips are not whole-pixel
    /// rectangles (prepared by `Planner`, rasterised band by band as it is
    /// drawn); the pixman and sampling-kernel plans multiply by it.
    var mask: ClipMask?
    /// True for an affine, projected or distorted image whose inner pixels
    /// (`AffineKernel.Cover.innerColumns`, within `bounds`) end up its samples
    /// whatever lies under them — opaque source, full opacity, no mask, tint
    /// or channel factors, normal blending — and that lies over an earlier
    /// sampled image, which then skips those pixels (set by `Planner`, used
    /// by `BandRenderer`).
    var coversOpaquely = false

    /// True when the primitive goes onto what is under it by OVER (normal)
    /// or ADD (plusLighter): each colour channel of the result reads only the
    /// same channel under it, and the fast paths' kernels draw it.
    var isOverOrAdd: Bool { blend == .normal || blend == .plusLighter }

    /// True for an image that, drawn onto transparent pixels, gives what SRC
    /// gives: OVER or ADD of the image, faded at most by a uniform opacity.
    var replacesTransparency: Bool {
        guard case .pixman(.image) = plan else { return false }
        return mask == nil && tint == nil && channels == nil && isOverOrAdd
    }

    /// True for an image a sampling kernel draws (affine, projective or distortion).
    var isSampled: Bool {
        switch plan {
        case .affine, .projective, .distortion: true
        case .pixman, .span, .layer, .filtered: false
        }
    }

    /// True for a filtered primitive, or a layer with one at any depth.
    var isFilteredWithin: Bool {
        switch plan {
        case .filtered: true
        case .layer(let children): children.contains(where: \.isFilteredWithin)
        case .pixman, .span, .affine, .projective, .distortion: false
        }
    }

    /// The placement of an image that may hide what lies under it.
    var cover: AffineKernel.Cover? {
        switch plan {
        case .affine(let placement): placement
        case .projective(let placement): placement
        case .distortion(let kernel): kernel
        case .pixman, .span, .layer, .filtered: nil
        }
    }

    /// True when a sampling kernel can draw this primitive's image: it
    /// samples bilinearly, applies the opacity or mask, and blends normally
    /// or adds, but draws no tint or channel factors.
    var kernelsCanSample: Bool {
        filter == .bilinear && tint == nil && channels == nil && isOverOrAdd
    }

    /// True for a layer that, drawn onto transparent pixels, gives what its
    /// children give drawn there directly: nothing fades, tints, masks or
    /// blends the layer as a whole, and OVER or ADD of it onto 0 is itself.
    var drawsAsItsChildren: Bool {
        opacity == 1 && mask == nil && tint == nil && channels == nil && isOverOrAdd
    }
}
