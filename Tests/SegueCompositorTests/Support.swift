import CPixman
import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

// Helpers shared by the compositor tests. References are built with pixman
// called directly (its own transform inversion, its own solid images) or with
// closed forms, never with the compositor's own helpers.

// MARK: - Deterministic data

extension SeededRandom {
    mutating func byte() -> UInt32 { UInt32(truncatingIfNeeded: next() & 0xFF) }
}

/// A surface of noise: every pixel differs from its neighbours, premultiplied.
/// With `opaque` every alpha is 255; otherwise alpha varies over 0...255.
func noiseSurface(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Surface {
    let surface = try! Surface(width: width, height: height)
    var random = SeededRandom(seed: seed)
    for y in 0..<height {
        for x in 0..<width {
            let a = opaque ? 255 : random.byte()
            let r = random.byte() * a / 255, g = random.byte() * a / 255, b = random.byte() * a / 255
            surface[x, y] = a << 24 | r << 16 | g << 8 | b
        }
    }
    return surface
}

/// The straight colour whose premultiplied pixel is exactly these bytes
/// (a > 0), so that no rounding rule can matter.
func color8(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Color {
    let alpha = Double(a) / 255
    return Color(red: Double(r) / 255 / alpha, green: Double(g) / 255 / alpha,
                 blue: Double(b) / 255 / alpha, alpha: alpha)
}

/// The expected premultiplied pixel of a colour, rounded to nearest (the rule
/// `Color` documents), computed here rather than by `Color`.
func expectedPixel(_ c: Color) -> UInt32 {
    func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
    let a = min(max(c.alpha, 0), 1)
    return byte(a) << 24 | byte(c.red * a) << 16 | byte(c.green * a) << 8 | byte(c.blue * a)
}

func channels(_ p: UInt32) -> [Int] {
    [Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF)]
}

func alpha(_ p: UInt32) -> Int { Int(p >> 24) }

/// Largest per-channel difference of two pixels.
func pixelDistance(_ p: UInt32, _ q: UInt32) -> Int {
    zip(channels(p), channels(q)).map { abs($0 - $1) }.max()!
}

// MARK: - Surfaces

func filledSurface(width: Int, height: Int, pixel: UInt32) -> Surface {
    let s = try! Surface(width: width, height: height)
    for y in 0..<height { for x in 0..<width { s[x, y] = pixel } }
    return s
}

struct SurfaceDifference: CustomStringConvertible {
    var count = 0
    var maxDistance = 0
    var first: (x: Int, y: Int, got: UInt32, want: UInt32)?
    var description: String {
        guard let f = first else { return "identical" }
        return "\(count) pixels differ, by up to \(maxDistance); first at (\(f.x), \(f.y)): got "
            + hex(f.got) + ", want " + hex(f.want)
    }
}

func hex(_ p: UInt32) -> String {
    let s = String(p, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - s.count) + s
}

/// Pixel-by-pixel comparison, optionally only over `region`.
func difference(_ a: Surface, _ b: Surface, in region: PixelRect? = nil) -> SurfaceDifference {
    precondition(a.width == b.width && a.height == b.height)
    let r = region ?? PixelRect(width: a.width, height: a.height)
    var d = SurfaceDifference()
    for y in r.y0..<r.y1 {
        for x in r.x0..<r.x1 where a[x, y] != b[x, y] {
            d.count += 1
            d.maxDistance = max(d.maxDistance, pixelDistance(a[x, y], b[x, y]))
            if d.first == nil { d.first = (x, y, a[x, y], b[x, y]) }
        }
    }
    return d
}

// MARK: - Rendering through the compositor

func render(_ picture: Picture, width: Int, height: Int, background: Color = .clear,
            threads: Int = 1) throws -> Surface {
    let target = try Surface(width: width, height: height)
    try Compositor(threads: threads).render(picture, background: background, into: target)
    return target
}

/// `picture` drawn by the general path (everything through pixman, on one
/// thread) and by the fast paths on `threads` threads over a target full of
/// garbage: where the two differ.
func fastPathDifference(_ picture: Picture, width: Int, height: Int, background: Color = .clear,
                        threads: Int) throws -> SurfaceDifference {
    let general = try Surface(width: width, height: height)
    try Compositor(threads: 1, fastPaths: false).render(picture, background: background, into: general)
    let fast = filledSurface(width: width, height: height, pixel: 0xDEAD_BEEF)
    try Compositor(threads: threads).render(picture, background: background, into: fast)
    return difference(fast, general)
}

func render(_ build: (inout PictureRecorder) -> Void, width: Int, height: Int, background: Color = .clear,
            threads: Int = 1) throws -> Surface {
    var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), content: Picture())
    build(&canvas)
    return try render(canvas.picture, width: width, height: height, background: background, threads: threads)
}

/// Expects `upper` drawn over `lower` (on 1 and 3 threads) to give the
/// bytes of `lower` drawn alone, then that image — not sampled, so nothing
/// covers it — under `upper`: whatever `upper` covers, the result is the same.
func expectSameAsDrawnApart(_ lower: DrawItem, _ upper: DrawItem, width: Int, height: Int, background: Color,
                            _ context: String) throws {
    let alone = try render(Picture([lower]), width: width, height: height)
    let want = try render(Picture([DrawItem(source: .surface(alone)), upper]), width: width, height: height,
                          background: background)
    for threads in [1, 3] {
        let got = filledSurface(width: width, height: height, pixel: 0xDEAD_BEEF)
        try Compositor(threads: threads).render(Picture([lower, upper]), background: background, into: got)
        let d = difference(got, want)
        #expect(d.count == 0, "\(context), \(threads) threads: \(d)")
    }
}

// MARK: - pixman, called directly

/// A pixman image over a surface's memory; the caller unrefs it.
func pixmanImage(_ s: Surface) -> OpaquePointer {
    pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(s.width), Int32(s.height),
                             s.pixels.assumingMemoryBound(to: UInt32.self), Int32(s.stride))!
}

/// A pixman solid image with 8-bit exact premultiplied channels.
func pixmanSolid(a: Int, r: Int = 0, g: Int = 0, b: Int = 0) -> OpaquePointer {
    var c = pixman_color_t(red: UInt16(r * 257), green: UInt16(g * 257), blue: UInt16(b * 257), alpha: UInt16(a * 257))
    return pixman_image_create_solid_fill(&c)!
}

func pixmanSolid(pixel p: UInt32) -> OpaquePointer {
    let c = channels(p)
    return pixmanSolid(a: c[0], r: c[1], g: c[2], b: c[3])
}

/// The 8-bit mask value an opacity should give: round to nearest.
func opacityByte(_ opacity: Double) -> Int { Int((opacity * 255).rounded()) }

/// A placement built up from steps, applied in order to source coordinates.
enum Step {
    case translate(Double, Double)
    case scale(Double, Double)
    case rotate(Double)
}

/// pixman's own reverse transform (destination → source) for `steps`,
/// computed by pixman_f_transform_* and converted by pixman.
func pixmanReverseTransform(_ steps: [Step]) -> pixman_transform {
    var forward = pixman_f_transform(), reverse = pixman_f_transform()
    pixman_f_transform_init_identity(&forward)
    pixman_f_transform_init_identity(&reverse)
    for step in steps {
        switch step {
        case .translate(let x, let y): _ = pixman_f_transform_translate(&forward, &reverse, x, y)
        case .scale(let x, let y): _ = pixman_f_transform_scale(&forward, &reverse, x, y)
        case .rotate(let angle): _ = pixman_f_transform_rotate(&forward, &reverse, cos(angle), sin(angle))
        }
    }
    var fixed = pixman_transform()
    let ok = pixman_transform_from_pixman_f_transform(&fixed, &reverse)
    precondition(ok != 0)
    return fixed
}

/// The same placement as an AffineTransform, for the picture under test.
func affine(_ steps: [Step]) -> AffineTransform {
    steps.reduce(AffineTransform.identity) { t, step in
        switch step {
        case .translate(let x, let y): t.concatenating(.translation(x: x, y: y))
        case .scale(let x, let y): t.concatenating(.scale(x: x, y: y))
        case .rotate(let angle): t.concatenating(.rotation(angle))
        }
    }
}

/// pixman composites `source` into `destination` with `op`, placed by `steps`
/// (nil: untransformed at the origin) with bilinear filtering, through an
/// optional mask image (not consumed).
func pixmanComposite(_ op: pixman_op_t, _ source: Surface, placed steps: [Step]? = nil,
                     mask: OpaquePointer? = nil, repeat: pixman_repeat_t = PIXMAN_REPEAT_NONE, into destination: Surface) {
    let src = pixmanImage(source), dst = pixmanImage(destination)
    defer { pixman_image_unref(src); pixman_image_unref(dst) }
    pixman_image_set_repeat(src, `repeat`)
    if let steps {
        var t = pixmanReverseTransform(steps)
        _ = pixman_image_set_transform(src, &t)
        _ = pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
    }
    pixman_image_composite32(op, src, mask, dst, 0, 0, 0, 0, 0, 0,
                             Int32(destination.width), Int32(destination.height))
}

/// pixman fills `rect` of `destination` with a solid pixel using `op`.
func pixmanFill(_ op: pixman_op_t, pixel: UInt32, rect: PixelRect, into destination: Surface) {
    let src = pixmanSolid(pixel: pixel), dst = pixmanImage(destination)
    defer { pixman_image_unref(src); pixman_image_unref(dst) }
    pixman_image_composite32(op, src, nil, dst, 0, 0, 0, 0, Int32(rect.x0), Int32(rect.y0),
                             Int32(rect.width), Int32(rect.height))
}

// MARK: - Masks

/// An a8 coverage mask read out of pixman.
struct Mask {
    let width: Int, height: Int
    let values: [UInt8]

    init(_ image: OpaquePointer) {
        width = Int(pixman_image_get_width(image))
        height = Int(pixman_image_get_height(image))
        let stride = Int(pixman_image_get_stride(image))
        let base = UnsafeRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self)
        var v: [UInt8] = []
        v.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { v.append(base[y * stride + x]) } }
        values = v
    }

    subscript(x: Int, y: Int) -> Int { Int(values[y * width + x]) }

    /// Covered area in pixels (255 = one whole pixel).
    var area: Double { Double(values.reduce(0) { $0 + Int($1) }) / 255 }

    /// Centre of mass of the coverage, in mask pixels.
    var centroid: Point {
        var sx = 0.0, sy = 0.0, s = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let v = Double(self[x, y])
                sx += v * (Double(x) + 0.5); sy += v * (Double(y) + 0.5); s += v
            }
        }
        return Point(x: sx / s, y: sy / s)
    }
}

func rasterize(_ path: Path, rule: FillRule = .nonZero, in area: PixelRect = PixelRect(width: 128, height: 128)) -> Mask {
    let image = MaskRasterizer.mask(for: path, rule: rule, in: area)
    defer { pixman_image_unref(image) }
    return Mask(image)
}

func polygonPath(_ points: [Point]) -> Path {
    var p = Path()
    p.move(to: points[0])
    for q in points.dropFirst() { p.addLine(to: q) }
    p.closeSubpath()
    return p
}

/// Shoelace area of a simple polygon.
func polygonArea(_ points: [Point]) -> Double {
    var s = 0.0
    for i in points.indices {
        let p = points[i], q = points[(i + 1) % points.count]
        s += p.x * q.y - q.x * p.y
    }
    return abs(s) / 2
}

func relativeError(_ value: Double, _ expected: Double) -> Double { abs(value - expected) / expected }

// MARK: - Threads

/// Runs `body(i)` for i in 0..<count on `count` fresh pthreads and joins them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable (Int) -> Void
        let index: Int
        init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) { self.body = body; self.index = index }
    }
    var threads: [pthread_t] = []
    for i in 0..<count {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Box(body, i)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body(box.index)
            return nil
        }, context)
        precondition(created == 0, "pthread_create failed")
        threads.append(thread)
    }
    for t in threads { pthread_join(t, nil) }
}

func currentThreadID() -> UInt { UInt(pthread_self()) }

extension PixelRect {
    func contains(x: Int, y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
}

/// What `onThread(stackSize:_:)` runs, and what came of it.
private final class ThreadWork<T>: @unchecked Sendable {
    let body: () throws -> T
    var result: Result<T, any Error>?
    init(_ body: @escaping () throws -> T) { self.body = body }
    func run() { result = Result { try body() } }
}

/// `body()`'s result, computed on a fresh pthread with a stack of `stackSize` bytes (as hosts give their workers).
func onThread<T>(stackSize: Int, _ body: @escaping () throws -> T) throws -> T {
    let work = ThreadWork(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0, "pthread_attr_setstacksize failed")
    var thread = pthread_t()
    let run: () -> Void = work.run
    let context = Unmanaged.passRetained(RunBox(run)).toOpaque()
    let created = pthread_create(&thread, &attributes, { context in
        Unmanaged<RunBox>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(created == 0, "pthread_create failed")
    pthread_join(thread, nil)
    return try work.result!.get()
}

/// A closure to hand a pthread.
private final class RunBox: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
