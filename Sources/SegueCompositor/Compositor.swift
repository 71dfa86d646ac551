import CPixman
import Glibc
import SegueBasics
import Synchronization

/// Executes pictures with pixman: flattens them to device-space primitives,
/// rasterises clip masks once, then draws the frame in horizontal bands of
/// fixed height, several at a time, so the result does not depend on the
/// number of threads.
///
/// One compositor serves many threads at once.
public final class Compositor: @unchecked Sendable {
    private let pool: WorkerPool
    private let layers = LayerPool()

    /// - Parameter threads: threads one render may use; 0 means one per processor.
    public init(threads: Int) {
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        pool = WorkerPool(threads: threads > 0 ? threads : max(1, processors))
    }

    deinit {
        pool.shutdown()
    }

    /// Threads one render may use.
    public var threadCount: Int { pool.threadCount }

    /// Draws `picture` over `background` into `area` of `target` (the whole
    /// target by default). Every pixel of `area` is written; none outside it.
    /// Picture coordinates are target pixels.
    /// - Throws: `.invalidArgument` when `area` leaves the target; `.outOfMemory`.
    public func render(_ picture: Picture, background: Color, into target: Surface, area: PixelRect? = nil) throws {
        let area = area ?? target.bounds
        guard target.bounds.contains(area), !area.isEmpty else {
            throw SegueError.invalidArgument(
                "area \(area.width)×\(area.height) at (\(area.x0), \(area.y0)) does not fit the \(target.width)×\(target.height) target")
        }
        let primitives = Self.prepare(Flattener.primitives(of: picture), within: area)
        let base = background.premultipliedARGB32
        let bands = Self.bands(of: area)
        let failure = Mutex<SegueError?>(nil)
        pool.forEach(bands.count) { index in
            let band = bands[index]
            target.fill(base, in: band)
            let destination = target.makePixmanImage()
            defer { pixman_image_unref(destination) }
            do {
                for primitive in primitives {
                    try execute(primitive, into: destination, origin: (0, 0), band: band)
                }
            } catch let error as SegueError {
                failure.withLock { $0 = $0 ?? error }
            } catch {
                failure.withLock { $0 = $0 ?? SegueError(.outOfMemory, "\(error)") }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Rows per band: enough to keep the per-band overhead small, few enough
    /// to share the frame among threads. Every pixel is computed the same way
    /// whatever band it falls in (sources are positioned in device
    /// coordinates, never relative to a band or layer), so the split does not
    /// change a byte; the tests render whole, banded and threaded frames alike.
    static let bandHeight = 64

    private static func bands(of area: PixelRect) -> [PixelRect] {
        stride(from: area.y0, to: area.y1, by: bandHeight).map {
            PixelRect(x0: area.x0, y0: $0, x1: area.x1, y1: min($0 + bandHeight, area.y1))
        }
    }

    /// Narrows bounds to `area`, drops what cannot show, and rasterises masks
    /// where clips are not whole-pixel rectangles.
    private static func prepare(_ primitives: [Primitive], within area: PixelRect) -> [Primitive] {
        primitives.compactMap { original in
            var primitive = original
            primitive.bounds = primitive.bounds.intersection(area)
            guard !primitive.bounds.isEmpty else { return nil }
            if case .group(let children) = primitive.kind {
                let kept = prepare(children, within: primitive.bounds)
                guard !kept.isEmpty else { return nil }
                primitive.kind = .group(kept)
            }
            let fractionalRect = primitive.clipRect.map { !$0.isIntegral } ?? false
            if !primitive.clipPaths.isEmpty || fractionalRect {
                primitive.mask = MaskBuffer(area: primitive.bounds, paths: primitive.clipPaths,
                                            rect: primitive.clipRect, opacity: primitive.opacity)
            }
            return primitive
        }
    }

    /// Draws one primitive into the part `band` (device pixels) of a
    /// destination image whose pixel (0, 0) is device pixel `origin`.
    private func execute(_ primitive: Primitive, into destination: OpaquePointer, origin: (x: Int, y: Int),
                         band: PixelRect) throws {
        let area = primitive.bounds.intersection(band)
        guard !area.isEmpty else { return }
        switch primitive.kind {
        case .image(let surface, let crop, let transform):
            let source = Self.sourceImage(surface, crop: crop)
            defer { pixman_image_unref(source) }
            try composite(source, transform: transform, primitive, into: destination, origin: origin, area: area)
        case .solid(let color):
            // Without a mask the opacity goes into the colour; with one, the mask carries it.
            // A tint paints the colour's alpha in the tint; channel factors apply after.
            let colour = primitive.tint.map { Color(red: $0.red, green: $0.green, blue: $0.blue,
                                                    alpha: $0.clamped.alpha * color.clamped.alpha) } ?? color
            let solid = SolidImage(premultiplied: Self.paint(colour, primitive.channels),
                                   times: primitive.mask == nil ? primitive.opacity : 1)
            let mask = primitive.mask.map { MaskUse($0, at: area) }
            pixman_image_composite32(primitive.blend.pixmanOperator, solid.image, mask?.image, destination,
                                     0, 0, mask?.x ?? 0, mask?.y ?? 0,
                                     Int32(area.x0 - origin.x), Int32(area.y0 - origin.y),
                                     Int32(area.width), Int32(area.height))
        case .group(let children):
            try layers.withLayer(width: area.width, height: area.height) { layer in
                let layerImage = layer.makePixmanImage()
                defer { pixman_image_unref(layerImage) }
                for child in children {
                    try execute(child, into: layerImage, origin: (area.x0, area.y0), band: area)
                }
                try composite(layerImage, transform: .translation(x: Double(area.x0), y: Double(area.y0)), primitive,
                              into: destination, origin: origin, area: area)
            }
        }
    }

    /// Composites an image placed by `transform` (image → device) with the
    /// primitive's mask or opacity, tint, channel factors and blend mode, over `area`.
    private func composite(_ source: OpaquePointer, transform: AffineTransform, _ primitive: Primitive,
                           into destination: OpaquePointer, origin: (x: Int, y: Int), area: PixelRect) throws {
        let destinationX = Int32(area.x0 - origin.x), destinationY = Int32(area.y0 - origin.y)
        var sourceX = destinationX, sourceY = destinationY
        if transform.isIntegerTranslation {
            sourceX = Int32(area.x0 - Int(transform.tx))
            sourceY = Int32(area.y0 - Int(transform.ty))
        } else {
            // pixman maps source coordinates through the transform: give it device
            // coordinates, so the 16.16 matrix is the same whatever the layer's origin.
            sourceX = Int32(area.x0)
            sourceY = Int32(area.y0)
            guard let inverse = transform.inverted, Self.setTransform(inverse, on: source) else { return }
            Self.setFilter(for: transform, on: source)
        }
        let width = Int32(area.width), height = Int32(area.height)
        let op = primitive.blend.pixmanOperator

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

        guard let mask = primitive.mask.map({ MaskUse($0, at: area) }) else {
            return drawColour(op, into: destination, x: destinationX, y: destinationY, times: primitive.opacity)
        }
        guard primitive.tint != nil || primitive.channels != nil else {
            // The clip mask carries the opacity.
            pixman_image_composite32(op, source, mask.image, destination, sourceX, sourceY, mask.x, mask.y,
                                     destinationX, destinationY, width, height)
            return
        }
        // The colour stage and the clip mask both need the mask slot: colour into a layer first.
        try layers.withLayer(width: area.width, height: area.height) { layer in
            let layerImage = layer.makePixmanImage()
            defer { pixman_image_unref(layerImage) }
            drawColour(PIXMAN_OP_SRC, into: layerImage, x: 0, y: 0, times: 1)
            pixman_image_composite32(op, layerImage, mask.image, destination, 0, 0, mask.x, mask.y,
                                     destinationX, destinationY, width, height)
        }
    }

    /// The premultiplied colour a tint (or a fill) paints with, after channel factors.
    private static func paint(_ tint: Color, _ channels: Color?) -> (red: Double, green: Double, blue: Double, alpha: Double) {
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

    /// Bilinear filtering, except for axis-aligned downscales beyond 2×, where
    /// bilinear sampling skips source pixels and aliases: those average them
    /// with pixman's separable box filter (cairo's "good" filter does the
    /// same), the footprint capped at 16 source pixels.
    private static func setFilter(for transform: AffineTransform, on image: OpaquePointer) {
        let shrinkX = 1 / abs(transform.a), shrinkY = 1 / abs(transform.d)
        guard transform.preservesAxes, max(shrinkX, shrinkY) > 2, shrinkX.isFinite, shrinkY.isFinite else {
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
            return
        }
        func footprint(_ shrink: Double) -> pixman_fixed_t {
            segue_pixman_double_to_fixed(shrink < 4.0 / 3 ? 1 : min(shrink, 16))
        }
        var count: Int32 = 0
        guard let parameters = pixman_filter_create_separable_convolution(
            &count, footprint(shrinkX), footprint(shrinkY), PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX,
            PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 2, 2)
        else {
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
            return
        }
        pixman_image_set_filter(image, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
        free(parameters)
    }

    /// Sets a transform on a pixman image; false when pixman's 16.16 fixed
    /// point cannot hold it (then nothing sensible can be drawn).
    private static func setTransform(_ t: AffineTransform, on image: OpaquePointer) -> Bool {
        var floating = pixman_f_transform()
        floating.m = ((t.a, t.c, t.tx), (t.b, t.d, t.ty), (0, 0, 1))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return false }
        return pixman_image_set_transform(image, &fixed) != 0
    }
}

/// A mask's pixman image for one composite, with the offset of `area` in it.
private final class MaskUse {
    let image: OpaquePointer
    let x: Int32, y: Int32

    init(_ mask: MaskBuffer, at area: PixelRect) {
        image = mask.makePixmanImage()
        x = Int32(area.x0 - mask.area.x0)
        y = Int32(area.y0 - mask.area.y0)
    }

    deinit { pixman_image_unref(image) }
}
