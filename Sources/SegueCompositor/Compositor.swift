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

    /// Rows per band. Fixed, not derived from the thread count: pixman's
    /// transformed fetchers step source coordinates row by row from the top
    /// of each composite, so where a band starts can change the last bit of a
    /// bilinear weight. Fixed bands make results identical for any number of
    /// threads.
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
            let solid = SolidImage(color, alpha: primitive.mask == nil ? primitive.opacity : 1)
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
    /// primitive's mask or opacity, tint and blend mode, over `area`.
    private func composite(_ source: OpaquePointer, transform: AffineTransform, _ primitive: Primitive,
                           into destination: OpaquePointer, origin: (x: Int, y: Int), area: PixelRect) throws {
        let destinationX = Int32(area.x0 - origin.x), destinationY = Int32(area.y0 - origin.y)
        var sourceX = destinationX, sourceY = destinationY
        if transform.isIntegerTranslation {
            sourceX = Int32(area.x0 - Int(transform.tx))
            sourceY = Int32(area.y0 - Int(transform.ty))
        } else {
            // pixman maps destination pixels to source pixels: device = destination + origin.
            guard let inverse = transform.inverted,
                  Self.setTransform(AffineTransform.translation(x: Double(origin.x), y: Double(origin.y))
                      .concatenating(inverse), on: source)
            else { return }
            pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        let width = Int32(area.width), height = Int32(area.height)
        let op = primitive.blend.pixmanOperator

        guard let tint = primitive.tint else {
            let mask = primitive.mask.map { MaskUse($0, at: area) }
            let fade = mask == nil && primitive.opacity < 1 ? SolidImage(alpha: primitive.opacity) : nil
            pixman_image_composite32(op, source, mask?.image ?? fade?.image, destination, sourceX, sourceY,
                                     mask?.x ?? 0, mask?.y ?? 0, destinationX, destinationY, width, height)
            return
        }
        // A tint paints the source's alpha: the colour is the source, the image the mask.
        guard let clipMask = primitive.mask else {
            let paint = SolidImage(tint, alpha: primitive.opacity)
            pixman_image_composite32(op, paint.image, source, destination, 0, 0, sourceX, sourceY,
                                     destinationX, destinationY, width, height)
            return
        }
        // Tint and clip mask both: tint into a layer first, then apply the mask.
        try layers.withLayer(width: area.width, height: area.height) { layer in
            let layerImage = layer.makePixmanImage()
            defer { pixman_image_unref(layerImage) }
            let paint = SolidImage(tint)
            pixman_image_composite32(PIXMAN_OP_SRC, paint.image, source, layerImage, 0, 0, sourceX, sourceY,
                                     0, 0, width, height)
            let mask = MaskUse(clipMask, at: area)
            pixman_image_composite32(op, layerImage, mask.image, destination, 0, 0, mask.x, mask.y,
                                     destinationX, destinationY, width, height)
        }
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
