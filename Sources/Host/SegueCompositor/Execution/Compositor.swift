import CPixman
import Glibc
import SegueBasics

/// Draws pictures: records are flattened to device-space primitives
/// (`Flattener`), planned (`Planner`), then drawn in horizontal bands of
/// fixed height (`BandRenderer`), several at a time on a pool of threads, so
/// the result does not depend on the number of threads.
///
/// One compositor serves many threads at once.
public final class Compositor: @unchecked Sendable {
    private let pool: WorkerPool
    private let renderer: BandRenderer
    /// False draws everything with pixman, the way the fast paths are tested against.
    var usesFastPaths: Bool { renderer.usesFastPaths }

    /// - Parameter threads: threads one render may use; 0 means one per processor.
    public convenience init(threads: Int) {
        self.init(threads: threads, fastPaths: true)
    }

    /// - Parameter fastPaths: false draws every primitive with pixman (for tests).
    init(threads: Int, fastPaths: Bool) {
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        pool = WorkerPool(threads: threads > 0 ? threads : max(1, processors))
        renderer = BandRenderer(layers: LayerPool(), usesFastPaths: fastPaths)
    }

    deinit {
        pool.shutdown()
    }

    /// Threads one render may use.
    public var threadCount: Int { pool.threadCount }

    /// Runs `body(i)` for every i in 0..<count on the render threads, the
    /// calling one included, and returns when all are done; one after the
    /// other on the calling thread while the threads are busy (another
    /// render holds them, or this is called from inside one).
    public func concurrently(_ count: Int, _ body: (Int) -> Void) {
        pool.forEach(count, body)
    }

    /// Draws `picture` over `background` into `area` of `target` (the whole
    /// target by default). Every pixel of `area` is written; none outside it.
    /// Picture coordinates are target pixels.
    /// - Parameter cancellation: asked before each band is drawn; once it
    ///   is requested, the bands not yet begun are left as they were.
    /// - Parameter budget: how much work and memory the frame may take.
    /// - Throws: `.invalidArgument` when `area` leaves the target;
    ///   `.overBudget`, before anything large is allocated; `.cancelled`; `.outOfMemory`.
    public func render(_ picture: Picture, background: Color, into target: Surface, area: PixelRect? = nil,
                       budget: RenderBudget = .standard, cancellation: Cancellation = .never) throws {
        let area = area ?? target.bounds
        guard target.bounds.contains(area), !area.isEmpty else {
            throw SegueError.invalidArgument(
                "area \(area.width)×\(area.height) at (\(area.x0), \(area.y0)) does not fit the \(target.width)×\(target.height) target")
        }
        try cancellation.check()
        let (primitives, images) = try prepare(picture, within: area, budget: budget, cancellation: cancellation)
        let fill = background.premultipliedARGB32
        let overBlack = usesFastPaths && fill == 0xFF00_0000 && primitives.allSatisfy(\.isOverOrAdd)
        try withExtendedLifetime(images) {
            try drawBands(primitives, into: Destination(target, origin: (0, 0)), area: area,
                          clearTo: overBlack ? 0 : fill, thenOpaque: overBlack, cancellation: cancellation)
        }
    }

    /// The primitives that draw `picture` over `area`, ready for the bands:
    /// planned and counted against `budget`, their filtered images drawn
    /// (those images' memory, to hold until the frame is done, is `images`),
    /// opaque covers marked, ink found.
    func prepare(_ picture: Picture, within area: PixelRect, budget: RenderBudget = .standard,
                 cancellation: Cancellation = .never) throws -> (primitives: [Primitive], images: [LayerPool.Lease]) {
        let planned = Planner.prepare(try Flattener.primitives(of: picture, budget: budget), within: area,
                                      fastPaths: usesFastPaths, forEach: pool.forEach)
        try budget.check(planned, area: area)
        var images: [LayerPool.Lease] = []
        var primitives = try materialize(planned, keeping: &images, cancellation: cancellation)
        Planner.markOpaqueCovers(&primitives, forEach: pool.forEach)
        Planner.findInk(&primitives, forEach: pool.forEach)
        return (primitives, images)
    }

    /// Draws `primitives` over `area` of `destination` in bands, on the pool's threads.
    ///
    /// `thenOpaque` draws a frame over opaque black as over transparency
    /// (`fill` 0), then makes each band opaque: when every primitive goes
    /// onto the frame by OVER or ADD, each colour channel comes out the same
    /// either way (neither reads what is under it for anything but that
    /// channel) and alpha 1 over black. Over transparency the fast paths
    /// start earlier: the first image copied, a layer drawn as its children.
    private func drawBands(_ primitives: [Primitive], into destination: Destination, area: PixelRect,
                           clearTo fill: UInt32, thenOpaque: Bool, cancellation: Cancellation) throws {
        let bands = Self.bands(of: area)
        let failure = Locked<SegueError?>(nil)
        pool.forEach(bands.count) { index in
            do {
                try cancellation.check()
                try renderer.draw(primitives, into: destination, area: bands[index], clearTo: fill)
                if thenOpaque { destination.makeOpaque(in: bands[index]) }
            } catch let error as SegueError {
                failure.withLock { $0 = $0 ?? error }
            } catch {
                failure.withLock { $0 = $0 ?? SegueError(.outOfMemory, "\(error)") }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// `primitives` with every `.filtered` one (inner ones first) replaced by
    /// what draws it: the children's image (`image(of:over:)`: drawn
    /// offscreen in bands on the pool's threads, or a view of the one image
    /// they show), then the filter — a colour matrix or blur makes an image
    /// drawn like any other; a distortion or projection is sampled by its
    /// kernel straight into the frame's bands (without fast paths, or where
    /// the kernels cannot draw the primitive: a distorted image, or a
    /// projection pixman draws). The images' memory goes into `images`.
    private func materialize(_ primitives: [Primitive], keeping images: inout [LayerPool.Lease],
                             cancellation: Cancellation) throws -> [Primitive] {
        // Nothing filtered at any depth (a particle system's sprites): the same array, not a copy.
        guard primitives.contains(where: \.isFilteredWithin) else { return primitives }
        // Inner ones first, on a stack of levels of our own rather than the thread's: layers and
        // filters nest as deep as the budget allows, and a worker thread's stack may be small.
        struct Level {
            let input: [Primitive]
            var next = 0
            var output: [Primitive] = []
        }
        var levels = [Level(input: primitives)]
        while true {
            let top = levels.count - 1
            guard levels[top].next == levels[top].input.count else {
                let primitive = levels[top].input[levels[top].next]
                switch primitive.plan {
                case .layer(let children) where primitive.isFilteredWithin, .filtered(let children, _):
                    levels.append(Level(input: children))  // this primitive is finished when they are
                case .layer, .pixman, .span, .affine, .projective, .distortion:
                    levels[top].output.append(primitive)
                    levels[top].next += 1
                }
                continue
            }
            let done = levels.removeLast().output
            guard let parent = levels.indices.last else { return done }
            var primitive = levels[parent].input[levels[parent].next]
            levels[parent].next += 1
            if case .filtered(_, let filter) = primitive.plan {
                guard let drawn = try draw(primitive, filtered: done, by: filter, keeping: &images,
                                           cancellation: cancellation) else { continue }
                primitive = drawn
            } else {
                primitive.plan = .layer(done)
            }
            levels[parent].output.append(primitive)
        }
    }

    /// `primitive`, whose plan filters `children` (materialized already) by
    /// `filter`, with a plan that draws the result instead; nil when nothing shows.
    @inline(never)
    private func draw(_ original: Primitive, filtered unmarked: [Primitive], by filter: LayerFilter,
                      keeping images: inout [LayerPool.Lease], cancellation: Cancellation) throws -> Primitive? {
        var primitive = original
        var children = unmarked
        Planner.markOpaqueCovers(&children, forEach: pool.forEach)
        Planner.findInk(&children, forEach: pool.forEach)
        let source = children.reduce(PixelRect.empty) { $0.union($1.bounds) }
        let region = filter.region(for: primitive.bounds, source: source)
        guard !region.isEmpty else { return nil }
        let placement = AffineTransform.translation(x: Double(region.x0), y: Double(region.y0))
        func content() throws -> Surface {
            try image(of: children, over: region, changed: filter.changesItsSource, keeping: &images,
                      cancellation: cancellation)
        }
        switch filter {
        case .colorMatrix(let matrix):
            let content = try content()
            ColorMatrixKernel(matrix).apply(to: content, forEach: pool.forEach)
            primitive.plan = .pixman(.image(content, crop: nil, transform: placement))
        case .blur(let sigma, let opaque):
            let frame = try blurFrame(of: children, over: region, opaque: opaque, keeping: &images,
                                      cancellation: cancellation)
            let blurred = try GaussianBlur(sigma: sigma, opaque: opaque)
                .apply(to: frame, layers: renderer.layers, forEach: pool.forEach)
            images.append(blurred.image)
            primitive.plan = .pixman(.image(blurred.image.surface, crop: nil,
                                            transform: blurred.transform.concatenating(placement)))
        case .distortion(let distortion, let origin, _):
            let content = try content()
            if usesFastPaths, primitive.kernelsCanSample, let sampler = PointSampler(content) {
                // Sampled straight into the frame's bands.
                primitive.plan = .distortion(DistortionKernel(distortion: distortion, origin: origin,
                                                              sampler: sampler, sourceOrigin: (region.x0, region.y0)))
            } else {
                let distorted = try distort(content, at: (region.x0, region.y0), by: distortion,
                                            origin: origin, over: primitive.bounds, cancellation: cancellation)
                images.append(distorted)
                primitive.plan = .pixman(.image(distorted.surface, crop: nil, transform: .translation(
                    x: Double(primitive.bounds.x0), y: Double(primitive.bounds.y0))))
            }
        case .projection(let h):
            let content = try content()
            let transform = ProjectiveTransform(placement).concatenating(h)
            if usesFastPaths, primitive.kernelsCanSample,
               let kernel = ProjectiveKernel.Placement(source: content, transform: transform) {
                primitive.plan = .projective(kernel)
            } else {
                primitive.plan = .pixman(.projectedImage(content, transform: transform))
            }
        }
        return usesFastPaths ? Planner.kernelPlan(for: primitive) : primitive
    }

    /// The pixels drawing `picture` onto transparency gives over `area`
    /// (device pixels), when they exist already: one image, drawn plainly,
    /// covers `area`, and its own pixels are those. A view of them, or nil.
    /// The one rule by which pixels are lent in place: to the effects drawn
    /// here (`image(of:over:)`, `blurFrame(of:over:)`), and to plugins
    /// (`canvas_peek`). Nothing is drawn to find out.
    /// - Throws: `.overBudget` for a picture larger than `budget` allows.
    public func existingPixels(of picture: Picture, over area: PixelRect, budget: RenderBudget = .standard) throws
        -> Surface? {
        guard !area.isEmpty else { return nil }
        let planned = Planner.prepare(try Flattener.primitives(of: picture, budget: budget), within: area,
                                      fastPaths: usesFastPaths, forEach: pool.forEach)
        return lent(planned, over: area)
    }

    /// A view of the pixels `children` draw over `region`, when one span
    /// image draws them as they are: it blends normally or adds, on whole
    /// pixels, without tint or mask, so onto transparency its pixels come
    /// out unchanged (a crop only chooses which of them). Nil otherwise.
    private func lent(_ children: [Primitive], over region: PixelRect) -> Surface? {
        guard usesFastPaths, children.count == 1, case .span(let span, let surface, _) = children[0].plan,
              children[0].bounds.contains(region), let first = span.unchangedPixels(of: region) else { return nil }
        return Surface(viewing: first, width: region.width, height: region.height, of: surface)
    }

    /// What `children` draw over `region`, as an image whose pixel (0, 0)
    /// is the region's first: the pixels `lent(_:over:)` finds, unless the
    /// filter is to change them; otherwise the children drawn into a new
    /// image, kept in `images`.
    private func image(of children: [Primitive], over region: PixelRect, changed: Bool,
                       keeping images: inout [LayerPool.Lease], cancellation: Cancellation) throws -> Surface {
        if !changed, let lent = lent(children, over: region) { return lent }
        let layer = try renderer.layers.lease(width: region.width, height: region.height, cleared: false)
        images.append(layer)
        try drawBands(children, into: Destination(layer.surface, origin: (region.x0, region.y0)), area: region,
                      clearTo: 0, thenOpaque: false, cancellation: cancellation)
        return layer.surface
    }

    /// What a blur of `children` over `region` reads: where one image,
    /// drawn plainly, is all they draw (a view, for an effect), that image's
    /// own pixels in a transparent frame of the region's size — the padded
    /// copy it stands for is not made; otherwise the children drawn into an
    /// image of the region's size (`image(of:over:)`).
    private func blurFrame(of children: [Primitive], over region: PixelRect, opaque: Bool,
                           keeping images: inout [LayerPool.Lease],
                           cancellation: Cancellation) throws -> GaussianBlur.Source {
        if !opaque, let shown = children.first.map({ $0.bounds.intersection(region) }),
           let lent = lent(children, over: shown) {
            return GaussianBlur.Source(lent, at: (shown.x0 - region.x0, shown.y0 - region.y0),
                                       in: (region.width, region.height))
        }
        return GaussianBlur.Source(try image(of: children, over: region, changed: false, keeping: &images,
                                             cancellation: cancellation))
    }

    /// The distorted image of `source` (whose pixel (0, 0) is device pixel
    /// `sourceOrigin`) over device pixels `area`: a new image, drawn in
    /// bands on the pool's threads, each calling the distortion's map for its rows.
    private func distort(_ source: Surface, at sourceOrigin: (x: Int, y: Int), by distortion: Distortion,
                         origin: Point, over area: PixelRect, cancellation: Cancellation) throws -> LayerPool.Lease {
        // A source too large for the sampler's points (32767 pixels a side) shows nothing.
        let sampler = PointSampler(source)
        let image = try renderer.layers.lease(width: area.width, height: area.height, cleared: sampler == nil)
        guard let sampler else { return image }
        let kernel = DistortionKernel(distortion: distortion, origin: origin, sampler: sampler,
                                      sourceOrigin: sourceOrigin)
        let destination = Destination(image.surface, origin: (area.x0, area.y0))
        let bands = Self.bands(of: area)
        pool.forEach(bands.count) { index in
            guard !cancellation.isRequested else { return }
            destination.fill(0, in: bands[index])
            kernel.composite(.over, coverage: .opacity(1), into: image.surface.pixels,
                             destinationStride: image.surface.stride, origin: destination.origin, area: bands[index],
                             vectorized: true)
        }
        try cancellation.check()
        return image
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
}
