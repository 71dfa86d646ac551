import CPixman
import Glibc
import SegueBasics

/// Draws primitives with pixman: the general path every fast path is
/// tested against, byte for byte. Sources are positioned in device
/// coordinates (never relative to a band or a layer), so a pixel is the same
/// whatever band or layer it is drawn in.
struct PixmanPainter {
    /// Layers for the composites that need two stages (a tint or channel
    /// factors and a clip mask).
    let layers: LayerPool

    /// Draws `source` with `primitive`'s paint into the part `band` (device
    /// pixels) of a destination image whose pixel (0, 0) is device pixel
    /// `origin`. With `replacing`, an image is drawn with SRC (its
    /// destination pixels are transparent, where OVER and ADD give the same
    /// bytes).
    func draw(_ source: Primitive.Source, _ primitive: Primitive, into destination: OpaquePointer,
              origin: (x: Int, y: Int), band: PixelRect, replacing: Bool = false) throws {
        let area = primitive.bounds.intersection(band)
        guard !area.isEmpty else { return }
        func drawImage(_ source: OpaquePointer, _ transform: ProjectiveTransform) throws {
            defer { pixman_image_unref(source) }
            let drawn = try composite(source, transform: transform, primitive, into: destination, origin: origin,
                                      area: area, replacing: replacing)
            if replacing && !drawn {
                // Nothing drawn: the pixels SRC would have cleared.
                let clear = SolidImage(premultiplied: (0, 0, 0, 0))
                pixman_image_composite32(PIXMAN_OP_SRC, clear.image, nil, destination, 0, 0, 0, 0,
                                         Int32(area.x0 - origin.x), Int32(area.y0 - origin.y),
                                         Int32(area.width), Int32(area.height))
            }
        }

        func drawSolid(_ color: Color) {
            // Without a mask the opacity goes into the colour; with one, the mask carries it.
            // A tint paints the colour's alpha in the tint; channel factors apply after.
            let colour = primitive.tint.map { Color(red: $0.red, green: $0.green, blue: $0.blue,
                                                    alpha: $0.clamped.alpha * color.clamped.alpha) } ?? color
            let solid = SolidImage(premultiplied: Self.paint(colour, primitive.channels),
                                   times: primitive.mask == nil ? primitive.opacity : 1)
            let mask = primitive.mask.map { MaskUse($0.rasterize(area), at: area) }
            pixman_image_composite32(primitive.blend.pixmanOperator, solid.image, mask?.image, destination,
                                     0, 0, mask?.x ?? 0, mask?.y ?? 0,
                                     Int32(area.x0 - origin.x), Int32(area.y0 - origin.y),
                                     Int32(area.width), Int32(area.height))
        }

        switch source {
        case .image(let surface, let crop, let transform):
            let image = Self.sourceImage(surface, crop: crop)
            if primitive.padsEdges { pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD) }
            try drawImage(image, ProjectiveTransform(transform))
        case .projectedImage(let surface, let transform):
            try drawImage(surface.makePixmanImage(), transform)
        case .solid(let color):
            drawSolid(color)
        }
    }

    /// Composites an image placed by `transform` (image → device) with the
    /// primitive's mask or opacity, tint, channel factors and blend mode, over
    /// `area`; with `replacing`, SRC instead of the blend mode.
    func composite(_ source: OpaquePointer, transform: ProjectiveTransform, _ primitive: Primitive,
                   into destination: OpaquePointer, origin: (x: Int, y: Int), area: PixelRect,
                   replacing: Bool = false) throws -> Bool {
        let destinationX = Int32(area.x0 - origin.x), destinationY = Int32(area.y0 - origin.y)
        var sourceX = destinationX, sourceY = destinationY
        if transform.isAffine, transform.affine.isIntegerTranslation {
            sourceX = Int32(area.x0 - Int(transform.m31))
            sourceY = Int32(area.y0 - Int(transform.m32))
        } else {
            // pixman maps source coordinates through the transform: give it device
            // coordinates, so the 16.16 matrix is the same whatever the layer's origin.
            sourceX = Int32(area.x0)
            sourceY = Int32(area.y0)
            // Affine inverses exactly as the affine kernel computes them (it gives pixman's bytes).
            let inverse = transform.isAffine ? transform.affine.inverted.map(ProjectiveTransform.init) : transform.inverted
            guard let inverse, Self.setTransform(inverse, on: source) else { return false }
            pixman_image_set_filter(source, primitive.filter == .nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR,
                                    nil, 0)
        }
        let width = Int32(area.width), height = Int32(area.height)
        let op = replacing ? PIXMAN_OP_SRC : primitive.blend.pixmanOperator

        /// The colour stage — the source as it is, its alpha painted in the
        /// tint, or its channels scaled — faded by `opacity`, as one composite.
        func drawColour(_ op: pixman_op_t, into target: OpaquePointer, x: Int32, y: Int32, times opacity: Double) {
            if let tint = primitive.tint {
                let paint = SolidImage(premultiplied: Self.paint(tint, primitive.channels), times: opacity)
                pixman_image_composite32(op, paint.image, source, target, 0, 0, sourceX, sourceY, x, y, width, height)
            } else if let channels = primitive.channels {
                let factors = SolidImage(channels: channels, times: opacity)
                pixman_image_composite32(op, source, factors.image, target, sourceX, sourceY, 0, 0, x, y, width, height)
            } else {
                let fade = opacity < 1 ? SolidImage(alpha: opacity) : nil
                pixman_image_composite32(op, source, fade?.image, target, sourceX, sourceY, 0, 0, x, y, width, height)
            }
        }

        guard let mask = primitive.mask.map({ MaskUse($0.rasterize(area), at: area) }) else {
            drawColour(op, into: destination, x: destinationX, y: destinationY, times: primitive.opacity)
            return true
        }
        guard primitive.tint != nil || primitive.channels != nil else {
            // The clip mask carries the opacity.
            pixman_image_composite32(op, source, mask.image, destination, sourceX, sourceY, mask.x, mask.y,
                                     destinationX, destinationY, width, height)
            return true
        }
        // The colour stage and the clip mask both need the mask slot: colour into a layer first.
        try layers.withLayer(width: area.width, height: area.height) { layer in
            let layerImage = layer.makePixmanImage()
            defer { pixman_image_unref(layerImage) }
            drawColour(PIXMAN_OP_SRC, into: layerImage, x: 0, y: 0, times: 1)
            pixman_image_composite32(op, layerImage, mask.image, destination, 0, 0, mask.x, mask.y,
                                     destinationX, destinationY, width, height)
        }
        return true
    }

    /// The premultiplied colour a tint (or a fill) paints with, after channel factors.
    static func paint(_ tint: Color, _ channels: Color?) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let c = tint.clamped
        let f = channels?.clamped ?? Color(red: 1, green: 1, blue: 1, alpha: 1)
        return (c.red * c.alpha * f.red, c.green * c.alpha * f.green, c.blue * c.alpha * f.blue, c.alpha * f.alpha)
    }

    /// A pixman image over the surface, or over the cropped part of it.
    private static func sourceImage(_ surface: Surface, crop: PixelRect?) -> OpaquePointer {
        guard let crop else { return surface.makePixmanImage() }
        let start = surface.pixels + crop.y0 * surface.stride + crop.x0 * 4
        return pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(crop.width), Int32(crop.height),
                                        start.assumingMemoryBound(to: UInt32.self), Int32(surface.stride))!
    }

    /// Sets a transform on a pixman image; false when pixman's 16.16 fixed
    /// point cannot hold it (then nothing sensible can be drawn).
    private static func setTransform(_ t: ProjectiveTransform, on image: OpaquePointer) -> Bool {
        var floating = pixman_f_transform()
        floating.m = ((t.m11, t.m21, t.m31), (t.m12, t.m22, t.m32), (t.m13, t.m23, t.m33))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return false }
        return pixman_image_set_transform(image, &fixed) != 0
    }
}

/// A mask's pixman image for one composite, with the offset of `area` in it.
/// It keeps the mask's bytes alive as long as the image.
private final class MaskUse {
    let mask: MaskBuffer
    let image: OpaquePointer
    let x: Int32, y: Int32

    init(_ mask: MaskBuffer, at area: PixelRect) {
        self.mask = mask
        image = mask.makePixmanImage()
        x = Int32(area.x0 - mask.area.x0)
        y = Int32(area.y0 - mask.area.y0)
    }

    deinit { pixman_image_unref(image) }
}
