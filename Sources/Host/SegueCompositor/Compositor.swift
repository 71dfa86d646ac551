import CPixman
import Glibc
import SegueBasics

/// Executes pictures with pixman: flattens them to device-space primitives,
/// rasterises clip masks once, then draws the frame in horizontal bands of
/// fixed height, several at a time, so the result does not depend on the
/// number of threads.
///
/// One compositor serves many threads at once.
public final class Compositor: @unchecked Sendable {
    private let pool: WorkerPool
    private let layers = LayerPool()
    /// False draws everything with pixman, the way the fast paths are tested against.
    let usesFastPaths: Bool

    /// - Parameter threads: threads one render may use; 0 means one per processor.
    public convenience init(threads: Int) {
        self.init(threads: threads, fastPaths: true)
    }

    /// - Parameter fastPaths: false draws every primitive with pixman (for tests).
    init(threads: Int, fastPaths: Bool) {
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        pool = WorkerPool(threads: threads > 0 ? threads : max(1, processors))
        usesFastPaths = fastPaths
    }

    deinit {
        pool.shutdown()
    }

    /// Threads one render may use.
    public var threadCount: Int { pool.threadCount }

    /// Draws `picture` over `background` into `area` of `target` (the whole
    /// target by default). Every pixel of `area` is written; none outside it.
    /// Picture coordinates are target pixels.
    /// - Parameter cancellation: asked before each band is drawn; once it
    ///   is requested, the bands not yet begun are left as they were.
    /// - Throws: `.invalidArgument` when `area` leaves the target;
    ///   `.cancelled`; `.outOfMemory`.
    public func render(_ picture: Picture, background: Color, into target: Surface, area: PixelRect? = nil,
                       cancellation: Cancellation = .never) throws {
        let area = area ?? target.bounds
        guard target.bounds.contains(area), !area.isEmpty else {
            throw SegueError.invalidArgument(
                "area \(area.width)×\(area.height) at (\(area.x0), \(area.y0)) does not fit the \(target.width)×\(target.height) target")
        }
        try cancellation.check()
        let primitives = Self.prepare(Flattener.primitives(of: picture), within: area, fastPaths: usesFastPaths,
                                      forEach: pool.forEach)
        let base = background.premultipliedARGB32
        let bands = Self.bands(of: area)
        let failure = Locked<SegueError?>(nil)
        pool.forEach(bands.count) { index in
            let band = bands[index]
            let destination = Destination(target, origin: (0, 0))
            do {
                try cancellation.check()
                try draw(primitives, into: destination, area: band, clearTo: base)
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

    /// Narrows bounds to `area`, drops what cannot show, rasterises masks
    /// where clips are not whole-pixel rectangles, and (with `fastPaths`)
    /// splits off masks' opaque cores and finds the images the span kernels
    /// can draw.
    private static func prepare(_ primitives: [Primitive], within area: PixelRect, fastPaths: Bool,
                                forEach: Mipmap.ForEach) -> [Primitive] {
        primitives.flatMap { original -> [Primitive] in
            var primitive = original
            primitive.bounds = primitive.bounds.intersection(area)
            guard !primitive.bounds.isEmpty else { return [] }
            if case .group(let children) = primitive.kind {
                let kept = prepare(children, within: primitive.bounds, fastPaths: fastPaths, forEach: forEach)
                guard !kept.isEmpty else { return [] }
                primitive.kind = .group(kept)
            }
            let fractionalRect = primitive.clipRect.map { !$0.isIntegral } ?? false
            if !primitive.clipPaths.isEmpty || fractionalRect {
                primitive.mask = MaskBuffer(area: primitive.bounds, paths: primitive.clipPaths,
                                            rect: primitive.clipRect, opacity: primitive.opacity)
            }
            // Strong downscales draw a halved copy of the image (see `Mipmap`); nearest sampling picks pixels instead.
            if primitive.filter == .bilinear, case .image(let surface, let crop, let transform) = primitive.kind,
               let (reduced, placement) = Mipmap.reduce(surface, crop: crop, transform: transform,
                                                        halvings: Mipmap.halvings(for: transform), forEach: forEach) {
                primitive.kind = .image(reduced, crop: nil, transform: placement)
            }
            return splitAtOpaqueCore(primitive, fastPaths: fastPaths).map { piece in
                var piece = piece
                if fastPaths, case .image(let surface, let crop, let transform) = piece.kind {
                    piece.span = SpanImage(surface, crop: crop, transform: transform, piece)
                    if piece.span == nil, piece.filter == .bilinear, piece.tint == nil, piece.channels == nil,
                       !transform.preservesAxes,
                       piece.blend == .normal || piece.blend == .plusLighter {
                        piece.affine = AffineKernel.Placement(source: surface, crop: crop, transform: transform)
                    }
                }
                return piece
            }
        }
    }

    /// An untinted clipped image whose mask is opaque over most of its
    /// bounds, as that opaque core drawn without the mask — which the span
    /// and affine kernels can then draw, and which reads no mask — and the
    /// rim around it drawn with the mask. The same bytes: a mask byte of 255
    /// leaves pixman's source as it is, and the kernels give pixman's bytes.
    /// Anything else stays whole.
    private static func splitAtOpaqueCore(_ primitive: Primitive, fastPaths: Bool) -> [Primitive] {
        let bounds = primitive.bounds
        guard fastPaths, case .image = primitive.kind, let mask = primitive.mask,
              primitive.tint == nil, primitive.channels == nil else { return [primitive] }
        let core = mask.opaqueCore.intersection(bounds)
        guard !core.isEmpty, core.width * core.height * 2 >= bounds.width * bounds.height else { return [primitive] }
        var inner = primitive
        inner.mask = nil
        inner.bounds = core
        let rim = [
            PixelRect(x0: bounds.x0, y0: bounds.y0, x1: bounds.x1, y1: core.y0),
            PixelRect(x0: bounds.x0, y0: core.y0, x1: core.x0, y1: core.y1),
            PixelRect(x0: core.x1, y0: core.y0, x1: bounds.x1, y1: core.y1),
            PixelRect(x0: bounds.x0, y0: core.y1, x1: bounds.x1, y1: bounds.y1),
        ]
        return [inner] + rim.filter { !$0.isEmpty }.map { part in
            var piece = primitive
            piece.bounds = part
            return piece
        }
    }

    // MARK: - Drawing a band

    /// Draws `primitives` over `area` of `destination`, which is first
    /// cleared to `fill`: consecutive images the span kernels can draw go
    /// row by row, all of them at once (a row stays in the cache while each
    /// draws onto it); the rest go to pixman one by one. On a transparent
    /// fill, the first drawing replaces what it covers instead of blending
    /// onto zeros (the same bytes: OVER and ADD onto 0 give the source).
    private func draw(_ primitives: [Primitive], into destination: Destination, area: PixelRect,
                      clearTo fill: UInt32) throws {
        func next(_ from: Int) -> Int {
            var k = from
            while k < primitives.count && primitives[k].bounds.intersection(area).isEmpty { k += 1 }
            return k
        }
        var filled = false
        var i = next(0)
        // An image pixman draws first on transparency: SRC over its bounds, the rest cleared.
        if usesFastPaths, fill == 0, i < primitives.count, primitives[i].span == nil, primitives[i].affine == nil,
           primitives[i].replacesTransparency {
            let inner = primitives[i].bounds.intersection(area)
            destination.fill(0, in: area, except: inner)
            try execute(primitives[i], into: destination.pixmanImage, origin: destination.origin, band: area, replacing: true)
            filled = true
            i = next(i + 1)
        }
        // A group drawn first on transparency is its children drawn there directly.
        if usesFastPaths, fill == 0, i < primitives.count, case .group(let children) = primitives[i].kind,
           primitives[i].drawsAsItsChildren {
            let inner = primitives[i].bounds.intersection(area)
            destination.fill(0, in: area, except: inner)
            try draw(children, into: destination, area: inner, clearTo: 0)
            filled = true
            i = next(i + 1)
        }
        while i < primitives.count {
            if primitives[i].span != nil {
                var run: [SpanImage] = []
                while i < primitives.count, let span = primitives[i].span {
                    run.append(span)
                    i = next(i + 1)
                }
                drawRows(run, into: destination, area: area, clearTo: filled ? nil : fill)
                filled = true
                continue
            }
            let primitive = primitives[i]
            if case .group(let children) = primitive.kind {
                try drawGroup(primitive, children, into: destination, area: area, clearingTo: filled ? nil : fill)
                filled = true
            } else {
                if !filled { destination.fill(fill, in: area) }
                filled = true
                if let placement = primitive.affine {
                    Self.drawAffine(primitive, placement, into: destination, area: area)
                } else {
                    try execute(primitive, into: destination.pixmanImage, origin: destination.origin, band: area)
                }
            }
            i = next(i + 1)
        }
        if !filled { destination.fill(fill, in: area) }
    }

    /// Draws a rotated or sheared image with the affine kernel: pixman's
    /// bilinear bytes without its generic (slow) fetcher.
    private static func drawAffine(_ primitive: Primitive, _ placement: AffineKernel.Placement,
                                   into destination: Destination, area: PixelRect) {
        let region = primitive.bounds.intersection(area)
        guard !region.isEmpty else { return }
        let coverage: AffineKernel.Coverage = primitive.mask.map {
            .mask(UnsafePointer($0.bytes.assumingMemoryBound(to: UInt8.self)), stride: $0.stride,
                  origin: ($0.area.x0, $0.area.y0))
        } ?? .opacity(primitive.opacity)
        placement.composite(primitive.blend == .plusLighter ? .add : .over, coverage: coverage,
                            into: destination.surface.pixels, destinationStride: destination.surface.stride,
                            origin: destination.origin, area: region)
    }

    /// Draws a group: its children into a pooled layer (cleared by their
    /// own drawing), then the layer over `area` — by the span kernels when
    /// they can, else by pixman — after clearing `area` to `fill` if given.
    private func drawGroup(_ primitive: Primitive, _ children: [Primitive], into destination: Destination,
                           area: PixelRect, clearingTo fill: UInt32?) throws {
        let inner = primitive.bounds.intersection(area)
        try layers.withLayer(width: inner.width, height: inner.height, cleared: !usesFastPaths) { layer in
            let layerDestination = Destination(layer, origin: (inner.x0, inner.y0))
            try draw(children, into: layerDestination, area: inner, clearTo: 0)
            let placement = AffineTransform.translation(x: Double(inner.x0), y: Double(inner.y0))
            if usesFastPaths, let span = SpanImage(layer, crop: nil, transform: placement, primitive) {
                // On transparency the layer replaces what it covers.
                let replacing = fill == 0
                if let fill { destination.fill(fill, in: area, except: replacing ? inner : .empty) }
                drawRows([span], into: destination, area: inner, clearTo: nil, replacing: replacing)
            } else {
                if let fill { destination.fill(fill, in: area) }
                let layerImage = layer.makePixmanImage()
                defer { pixman_image_unref(layerImage) }
                _ = try composite(layerImage, transform: placement, primitive, into: destination.pixmanImage,
                                  origin: destination.origin, area: inner)
            }
        }
    }

    /// Draws images with the span kernels, row by row over `area`, clearing
    /// each row to `fill` first when given (`replacing`: to 0). On a cleared
    /// row, each image replaces the pixels no earlier image has drawn on
    /// (OVER and ADD onto 0 give the source: the same bytes) and blends only
    /// where one has; what none covers is cleared last. A crossfade — two
    /// whole-pixel images over the same pixels — is one pass.
    private func drawRows(_ run: [SpanImage], into destination: Destination, area: PixelRect, clearTo fill: UInt32?,
                          replacing: Bool = false) {
        let clearing = fill ?? (replacing ? 0 : nil)
        for y in area.y0..<area.y1 {
            let row = destination.row(y)
            guard clearing == 0 else {
                if let clearing { Destination.fill(row, clearing, from: area.x0, to: area.x1) }
                for span in run where y >= span.bounds.y0 && y < span.bounds.y1 {
                    let x0 = max(span.bounds.x0, area.x0), x1 = min(span.bounds.x1, area.x1)
                    if x0 < x1 { span.drawRow(y, x0..<x1, span.op, into: row) }
                }
                continue
            }
            // Pixels lo..<hi have been drawn on (or cleared); the rest of the row is untouched.
            var lo = 0, hi = 0
            var start = 0
            if run.count > 1, let a = run[0].columns(y, area), let b = run[1].columns(y, area), a == b,
               let first = run[0].wholeRow(y, a), let second = run[1].wholeRow(y, a) {
                SpanKernels.drawRows(first.mask, first.pixels, then: run[1].op, second.mask, second.pixels,
                                     into: row + a.lowerBound, count: a.count)
                (lo, hi, start) = (a.lowerBound, a.upperBound, 2)
            }
            for span in run[start...] {
                guard let c = span.columns(y, area) else { continue }
                if lo == hi {
                    span.drawRow(y, c, .source, into: row)
                    (lo, hi) = (c.lowerBound, c.upperBound)
                    continue
                }
                if c.lowerBound < lo {
                    let end = min(c.upperBound, lo)
                    Destination.fill(row, 0, from: end, to: lo)
                    span.drawRow(y, c.lowerBound..<end, .source, into: row)
                }
                if c.upperBound > hi {
                    let begin = max(c.lowerBound, hi)
                    Destination.fill(row, 0, from: hi, to: begin)
                    span.drawRow(y, begin..<c.upperBound, .source, into: row)
                }
                let m0 = max(c.lowerBound, lo), m1 = min(c.upperBound, hi)
                if m0 < m1 { span.drawRow(y, m0..<m1, span.op, into: row) }
                (lo, hi) = (min(lo, c.lowerBound), max(hi, c.upperBound))
            }
            if lo == hi {
                Destination.fill(row, 0, from: area.x0, to: area.x1)
            } else {
                Destination.fill(row, 0, from: area.x0, to: lo)
                Destination.fill(row, 0, from: hi, to: area.x1)
            }
        }
    }

    /// Draws one primitive into the part `band` (device pixels) of a
    /// destination image whose pixel (0, 0) is device pixel `origin`.
    /// With `replacing`, an image is drawn with SRC (its destination pixels
    /// are transparent, where OVER and ADD give the same bytes).
    private func execute(_ primitive: Primitive, into destination: OpaquePointer, origin: (x: Int, y: Int),
                         band: PixelRect, replacing: Bool = false) throws {
        let area = primitive.bounds.intersection(band)
        guard !area.isEmpty else { return }
        switch primitive.kind {
        case .image(let surface, let crop, let transform):
            let source = Self.sourceImage(surface, crop: crop)
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
        case .group:
            preconditionFailure("groups are drawn by drawGroup")
        }
    }

    /// Composites an image placed by `transform` (image → device) with the
    /// primitive's mask or opacity, tint, channel factors and blend mode, over
    /// `area`; with `replacing`, SRC instead of the blend mode.
    private func composite(_ source: OpaquePointer, transform: AffineTransform, _ primitive: Primitive,
                           into destination: OpaquePointer, origin: (x: Int, y: Int), area: PixelRect,
                           replacing: Bool = false) throws -> Bool {
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
            guard let inverse = transform.inverted, Self.setTransform(inverse, on: source) else { return false }
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

        guard let mask = primitive.mask.map({ MaskUse($0, at: area) }) else {
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
    private static func setTransform(_ t: AffineTransform, on image: OpaquePointer) -> Bool {
        var floating = pixman_f_transform()
        floating.m = ((t.a, t.c, t.tx), (t.b, t.d, t.ty), (0, 0, 1))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return false }
        return pixman_image_set_transform(image, &fixed) != 0
    }
}

/// Pixels being drawn into: a surface whose pixel (0, 0) is device pixel
/// `origin`, and its pixman image, made when first needed.
private final class Destination {
    let surface: Surface
    let origin: (x: Int, y: Int)
    private var image: OpaquePointer?

    init(_ surface: Surface, origin: (x: Int, y: Int)) {
        self.surface = surface
        self.origin = origin
    }

    deinit {
        if let image { pixman_image_unref(image) }
    }

    var pixmanImage: OpaquePointer {
        if let image { return image }
        let made = surface.makePixmanImage()
        image = made
        return made
    }

    /// Device row `y`, indexed by device column.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        surface.row(y - origin.y) - origin.x
    }

    static func fill(_ row: UnsafeMutablePointer<UInt32>, _ pixel: UInt32, from x0: Int, to x1: Int) {
        guard x1 > x0 else { return }
        if pixel == 0 {
            memset(row + x0, 0, (x1 - x0) * 4)
        } else {
            (row + x0).update(repeating: pixel, count: x1 - x0)
        }
    }

    /// Sets the device pixels of `area` to `pixel`.
    func fill(_ pixel: UInt32, in area: PixelRect) {
        for y in area.y0..<area.y1 { Self.fill(row(y), pixel, from: area.x0, to: area.x1) }
    }

    /// Sets the device pixels of `area` outside `hole` to `pixel`.
    func fill(_ pixel: UInt32, in area: PixelRect, except hole: PixelRect) {
        let hole = hole.intersection(area)
        guard !hole.isEmpty else { return fill(pixel, in: area) }
        for y in area.y0..<area.y1 {
            let r = row(y)
            if y < hole.y0 || y >= hole.y1 {
                Self.fill(r, pixel, from: area.x0, to: area.x1)
            } else {
                Self.fill(r, pixel, from: area.x0, to: hole.x0)
                Self.fill(r, pixel, from: hole.x1, to: area.x1)
            }
        }
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
