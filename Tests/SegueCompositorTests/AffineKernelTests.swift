import CPixman
import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

/// `AffineKernel` against pixman 0.42 called directly (bilinear, repeat none,
/// the same 16.16 matrix), on random transforms, crops, coverages and areas;
/// band and thread independence; inputs that must draw nothing.
@Suite("Affine bilinear kernel")
struct AffineKernelTests {

    // MARK: - Cases

    /// One random composite: a source, its crop and placement, a destination
    /// (with its device origin), the area, the coverage and the operator.
    struct Case: CustomStringConvertible {
        var source: Surface
        var crop: PixelRect?
        var transform: AffineTransform
        var kind: String
        var op: AffineKernel.Operator
        var opacity: Double
        var useMask: Bool
        var destinationWidth: Int, destinationHeight: Int
        var origin: (x: Int, y: Int)
        var area: PixelRect
        var seed: UInt64

        var description: String {
            "seed \(seed) \(kind): source \(source.width)×\(source.height) crop \(String(describing: crop)) "
                + "t=(\(transform.a), \(transform.b), \(transform.c), \(transform.d), \(transform.tx), \(transform.ty)) "
                + "op \(op) opacity \(opacity) mask \(useMask) origin \(origin) area \(area)"
        }
    }

    /// Noise with every alpha, some opaque, and (with `invalid`) colour bytes
    /// above alpha, which pixman's saturating adds must clamp the same way.
    static func sourceSurface(width: Int, height: Int, seed: UInt64, style: Int) -> Surface {
        switch style {
        case 0: return noiseSurface(width: width, height: height, seed: seed, opaque: true)
        case 1: return noiseSurface(width: width, height: height, seed: seed)
        default:
            let s = try! Surface(width: width, height: height)
            var random = SeededRandom(seed: seed)
            for y in 0..<height { for x in 0..<width { s[x, y] = UInt32(truncatingIfNeeded: random.next()) } }
            return s
        }
    }

    static func randomTransform(_ r: inout SeededRandom, kind: Int, sourceSize: (Double, Double),
                                target: (Double, Double), spread: (Double, Double)) -> AffineTransform {
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * r.unit() }
        func logUniform(_ lo: Double, _ hi: Double) -> Double { exp(uniform(log(lo), log(hi))) }
        var t: AffineTransform
        switch kind {
        case 0:  // rotation with a moderate uniform scale
            let s = logUniform(0.5, 2)
            t = AffineTransform.scale(x: s, y: s).concatenating(.rotation(uniform(-.pi, .pi)))
        case 1:  // axis-aligned scale, flips included
            t = .scale(x: logUniform(0.05, 20) * (r.unit() < 0.2 ? -1 : 1),
                       y: logUniform(0.05, 20) * (r.unit() < 0.2 ? -1 : 1))
        case 2:  // general linear part
            repeat {
                t = AffineTransform(a: uniform(-2, 2), b: uniform(-2, 2), c: uniform(-2, 2), d: uniform(-2, 2),
                                    tx: 0, ty: 0)
            } while abs(t.determinant) < 0.05
        case 3:  // tiny
            let s = logUniform(0.01, 0.1)
            t = AffineTransform.scale(x: s, y: s * uniform(0.5, 2)).concatenating(.rotation(uniform(-.pi, .pi)))
        case 4:  // huge
            let s = logUniform(8, 80)
            t = AffineTransform.scale(x: s, y: s * uniform(0.5, 2)).concatenating(.rotation(uniform(-.pi, .pi)))
        case 5:  // explode-like: a small turn about the centre and a fractional move
            t = AffineTransform.rotation(uniform(-0.3, 0.3))
        case 6:  // translation only: fractional, or (sometimes) whole pixels
            t = .identity
        default: // a shear
            t = AffineTransform(a: 1, b: uniform(-1, 1), c: uniform(-1, 1), d: 1, tx: 0, ty: 0)
        }
        // Source centre to somewhere within `spread` of the target point.
        let centre = Point(x: sourceSize.0 / 2, y: sourceSize.1 / 2)
        let moved = t.apply(centre)
        var tx = target.0 + uniform(-1, 1) * spread.0 - moved.x
        var ty = target.1 + uniform(-1, 1) * spread.1 - moved.y
        if kind == 6 && r.unit() < 0.3 { tx = tx.rounded(); ty = ty.rounded() }
        if kind == 6 && r.unit() < 0.3 { tx = (tx * 2).rounded() / 2; ty = (ty * 4).rounded() / 4 }
        t.tx = tx
        t.ty = ty
        return t
    }

    static func randomCase(seed: UInt64) -> Case {
        var r = SeededRandom(seed: seed)
        func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(r.next() % UInt64(range.count)) }
        let kind = int(0...7)
        // Sources from 1×1 up; thin ones too.
        let sw = r.unit() < 0.1 ? 1 : int(1...48), sh = r.unit() < 0.1 ? 1 : int(1...40)
        let source = sourceSurface(width: sw, height: sh, seed: seed &* 31 &+ 7, style: int(0...2))
        var crop: PixelRect? = nil
        if r.unit() < 0.5 {
            let x0 = int(0...sw - 1), y0 = int(0...sh - 1)
            crop = PixelRect(x0: x0, y0: y0, x1: int(x0 + 1...sw), y1: int(y0 + 1...sh))
        }
        let cw = Double(crop?.width ?? sw), ch = Double(crop?.height ?? sh)
        let dw = int(1...120), dh = int(1...100)
        let origin = (x: int(-150...150), y: int(-150...150))
        let transform = randomTransform(&r, kind: kind, sourceSize: (cw, ch),
                                        target: (Double(origin.x) + Double(dw) / 2, Double(origin.y) + Double(dh) / 2),
                                        spread: (0.6 * Double(dw), 0.6 * Double(dh)))
        // Mostly the whole destination; sometimes a part of it.
        var area = PixelRect(x0: origin.x, y0: origin.y, x1: origin.x + dw, y1: origin.y + dh)
        if r.unit() < 0.4 {
            let x0 = int(0...dw - 1), y0 = int(0...dh - 1)
            area = PixelRect(x0: origin.x + x0, y0: origin.y + y0,
                             x1: origin.x + int(x0 + 1...dw), y1: origin.y + int(y0 + 1...dh))
        }
        let opacities: [Double] = [1, 1, 0.5, 0.999, 0.003, 0.25, 0.7, 1.5]
        let opacity = r.unit() < 0.5 ? opacities[int(0...opacities.count - 1)] : r.unit()
        let names = ["rotation", "scale", "linear", "tiny", "huge", "turn", "translation", "shear"]
        return Case(source: source, crop: crop, transform: transform, kind: names[kind],
                    op: Self.operator(r.unit()), opacity: opacity, useMask: r.unit() < 0.2,
                    destinationWidth: dw, destinationHeight: dh, origin: origin, area: area, seed: seed)
    }

    /// OVER mostly, ADD and SRC (an image drawn first on a band not cleared under it) now and then.
    static func `operator`(_ u: Double) -> AffineKernel.Operator {
        u < 0.7 ? .over : u < 0.85 ? .add : .source
    }

    // MARK: - Running a case both ways

    /// An a8 mask covering the destination, of random bytes (some 0, some 255).
    final class MaskBytes {
        let width: Int, height: Int, stride: Int
        let bytes: UnsafeMutablePointer<UInt8>
        init(width: Int, height: Int, seed: UInt64) {
            self.width = width
            self.height = height
            stride = (width + 3) & ~3
            bytes = .allocate(capacity: stride * height)
            var r = SeededRandom(seed: seed)
            for i in 0..<stride * height {
                let v = r.byte()
                bytes[i] = v < 40 ? 0 : v > 215 ? 255 : UInt8(v)
            }
        }
        deinit { bytes.deallocate() }
        func makePixmanImage() -> OpaquePointer {
            pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height),
                                     UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self),
                                     Int32(stride))!
        }
    }

    /// The 16.16 device → source matrix the compositor gives pixman.
    static func fixedInverse(_ t: AffineTransform) -> pixman_transform? {
        guard let inverse = t.inverted else { return nil }
        var floating = pixman_f_transform()
        floating.m = ((inverse.a, inverse.c, inverse.tx), (inverse.b, inverse.d, inverse.ty), (0, 0, 1))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return nil }
        return fixed
    }

    /// pixman's result: the (cropped) source image with the matrix, bilinear,
    /// through a solid mask (opacity < 1) or the a8 mask, at the case's area.
    static func pixmanResult(_ c: Case, matrix: pixman_transform, mask: MaskBytes?, background: Surface) -> Surface {
        let destination = try! Surface(width: c.destinationWidth, height: c.destinationHeight)
        memcpy(destination.pixels, background.pixels, background.stride * background.height)
        let crop = c.crop ?? c.source.bounds
        let start = c.source.pixels + crop.y0 * c.source.stride + crop.x0 * 4
        let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(crop.width), Int32(crop.height),
                                           start.assumingMemoryBound(to: UInt32.self), Int32(c.source.stride))!
        let dst = pixmanImage(destination)
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        var m = matrix
        _ = pixman_image_set_transform(src, &m)
        _ = pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        var maskImage: OpaquePointer? = nil
        var maskX: Int32 = 0, maskY: Int32 = 0
        if let mask {
            maskImage = mask.makePixmanImage()
            maskX = Int32(c.area.x0 - c.origin.x)
            maskY = Int32(c.area.y0 - c.origin.y)
        } else if c.opacity < 1 {
            maskImage = pixmanSolid(a: opacityByte(c.opacity))
        }
        defer { if let maskImage { pixman_image_unref(maskImage) } }
        let op = switch c.op {
        case .over: PIXMAN_OP_OVER
        case .add: PIXMAN_OP_ADD
        case .source: PIXMAN_OP_SRC
        }
        pixman_image_composite32(op, src, maskImage, dst,
                                 Int32(c.area.x0), Int32(c.area.y0), maskX, maskY,
                                 Int32(c.area.x0 - c.origin.x), Int32(c.area.y0 - c.origin.y),
                                 Int32(c.area.width), Int32(c.area.height))
        return destination
    }

    /// The kernel's result over the same background, the area drawn in `parts`.
    static func kernelResult(_ c: Case, placement: AffineKernel.Placement, mask: MaskBytes?, background: Surface,
                             parts: [PixelRect]? = nil, implementation: AffineKernel.Implementation = .best) -> Surface {
        let destination = try! Surface(width: c.destinationWidth, height: c.destinationHeight)
        memcpy(destination.pixels, background.pixels, background.stride * background.height)
        let coverage: AffineKernel.Coverage = mask.map {
            .mask(UnsafePointer($0.bytes), stride: $0.stride, origin: c.origin)
        } ?? .opacity(c.opacity)
        for part in parts ?? [c.area] {
            placement.composite(c.op, coverage: coverage, into: destination.pixels,
                                destinationStride: destination.stride, origin: c.origin, area: part,
                                implementation: implementation)
        }
        return destination
    }

    // MARK: - Exactness

    @Test("bit-exact with pixman on 1,500 random transforms, crops, coverages and areas (SIMD and scalar)",
          arguments: 0..<6)
    func randomAgainstPixman(batch: Int) throws {
        var compared = 0, drawn = 0
        for index in 0..<250 {
            let seed = UInt64(batch * 1000 + index)
            let c = Self.randomCase(seed: seed)
            guard let matrix = Self.fixedInverse(c.transform) else { continue }
            let placement = try #require(AffineKernel.Placement(source: c.source, crop: c.crop, sourceFromDevice: matrix))
            let viaTransform = try #require(AffineKernel.Placement(source: c.source, crop: c.crop, transform: c.transform))
            #expect(viaTransform.xx == placement.xx && viaTransform.x0 == placement.x0
                    && viaTransform.yy == placement.yy && viaTransform.y0 == placement.y0)
            let background = Self.sourceSurface(width: c.destinationWidth, height: c.destinationHeight,
                                                seed: seed &+ 99, style: index % 2)
            let mask = c.useMask ? MaskBytes(width: c.destinationWidth, height: c.destinationHeight, seed: seed) : nil
            let want = Self.pixmanResult(c, matrix: matrix, mask: mask, background: background)
            for implementation in AffineKernel.Implementation.allCases {
                let got = Self.kernelResult(c, placement: placement, mask: mask, background: background,
                                            implementation: implementation)
                let d = difference(got, want)
                #expect(d.count == 0, "\(implementation): \(d) — \(c)")
                if d.count != 0 { return }
            }
            compared += 1
            if !want.hasSamePixels(as: background) { drawn += 1 }
        }
        #expect(compared > 200)
        #expect(drawn > 120, "too few cases drew anything")
    }

    @Test("bit-exact with pixman for an explode-like frame: 48 rotated crops of one picture, faded")
    func explodeLikeFrame() throws {
        let width = 320, height = 180
        let content = noiseSurface(width: width, height: height, seed: 77, opaque: true)
        let frame = noiseSurface(width: width, height: height, seed: 78, opaque: true)
        let reference = try Surface(width: width, height: height)
        memcpy(reference.pixels, frame.pixels, frame.stride * height)
        var random = SeededRandom(seed: 5)
        for row in 0..<6 {
            for column in 0..<8 {
                let crop = PixelRect(x0: column * 40, y0: row * 30, x1: column * 40 + 40, y1: row * 30 + 30)
                let centre = Point(x: Double(crop.x0) + 20, y: Double(crop.y0) + 15)
                let t = AffineTransform.translation(x: Double(crop.x0), y: Double(crop.y0))
                    .concatenating(AffineTransform.rotation(random.unit() * 2 - 1).about(centre))
                    .concatenating(.translation(x: random.unit() * 60 - 30, y: random.unit() * 40 - 20))
                let opacity = 0.6
                let matrix = try #require(Self.fixedInverse(t))
                // Pixman, the compositor's way: area = the piece's device bounding box.
                let box = t.boundingBox(of: Rect(x: 0, y: 0, width: 40, height: 30)).enclosingPixels
                    .intersection(frame.bounds)
                guard !box.isEmpty else { continue }
                let c = Case(source: content, crop: crop, transform: t, kind: "piece", op: .over, opacity: opacity,
                             useMask: false, destinationWidth: width, destinationHeight: height, origin: (0, 0),
                             area: box, seed: 0)
                let placed = Self.pixmanResult(c, matrix: matrix, mask: nil, background: reference)
                memcpy(reference.pixels, placed.pixels, placed.stride * height)
                // The kernel in bands of 64 rows.
                let placement = try #require(AffineKernel.Placement(source: content, crop: crop, transform: t))
                for y in stride(from: box.y0, to: box.y1, by: 64) {
                    placement.composite(.over, coverage: .opacity(opacity), into: frame.pixels,
                                        destinationStride: frame.stride, origin: (0, 0),
                                        area: PixelRect(x0: box.x0, y0: y, x1: box.x1, y1: min(y + 64, box.y1)))
                }
            }
        }
        let d = difference(frame, reference)
        #expect(d.count == 0, "\(d)")
    }

    @Test("a crop reaching past the surface reads transparent pixels there, like pixman on a padded copy")
    func cropOutsideSurface() throws {
        let source = noiseSurface(width: 30, height: 20, seed: 3)
        for (index, crop) in [PixelRect(x0: -5, y0: -4, x1: 12, y1: 9), PixelRect(x0: 20, y0: 10, x1: 41, y1: 26),
                              PixelRect(x0: -3, y0: 5, x1: 35, y1: 15)].enumerated() {
            let padded = try Surface(width: crop.width, height: crop.height)
            for y in 0..<crop.height {
                for x in 0..<crop.width where source.bounds.contains(x: x + crop.x0, y: y + crop.y0) {
                    padded[x, y] = source[x + crop.x0, y + crop.y0]
                }
            }
            let t = AffineTransform.rotation(0.3 + Double(index)).concatenating(.translation(x: 40.3, y: 30.6))
            let c = Case(source: padded, crop: nil, transform: t, kind: "padded", op: .over, opacity: 0.8,
                         useMask: false, destinationWidth: 90, destinationHeight: 70, origin: (0, 0),
                         area: PixelRect(width: 90, height: 70), seed: 0)
            let background = noiseSurface(width: 90, height: 70, seed: 9, opaque: true)
            let want = Self.pixmanResult(c, matrix: try #require(Self.fixedInverse(t)), mask: nil, background: background)
            let placement = try #require(AffineKernel.Placement(source: source, crop: crop, transform: t))
            let got = Self.kernelResult(c, placement: placement, mask: nil, background: background)
            #expect(difference(got, want).count == 0, "crop \(crop): \(difference(got, want))")
        }
    }

    // MARK: - Bands and threads

    @Test("identical whether drawn whole, in 64-row bands, in random rectangles, or on 4 threads")
    func bandIndependence() throws {
        for seed: UInt64 in 0..<40 {
            var c = Self.randomCase(seed: 5000 + seed)
            c.destinationWidth = 260
            c.destinationHeight = 230
            c.area = PixelRect(x0: c.origin.x, y0: c.origin.y, x1: c.origin.x + 260, y1: c.origin.y + 230)
            var r = SeededRandom(seed: seed)
            c.transform = Self.randomTransform(&r, kind: Int(seed % 8),
                                               sourceSize: (Double(c.source.width), Double(c.source.height)),
                                               target: (Double(c.origin.x) + 130, Double(c.origin.y) + 115),
                                               spread: (60, 60))
            guard let placement = AffineKernel.Placement(source: c.source, crop: c.crop, transform: c.transform)
            else { continue }
            let background = noiseSurface(width: 260, height: 230, seed: seed, opaque: seed % 2 == 0)
            let mask = c.useMask ? MaskBytes(width: 260, height: 230, seed: seed) : nil
            let whole = Self.kernelResult(c, placement: placement, mask: mask, background: background)

            let bands = stride(from: c.area.y0, to: c.area.y1, by: 64).map {
                PixelRect(x0: c.area.x0, y0: $0, x1: c.area.x1, y1: min($0 + 64, c.area.y1))
            }
            let banded = Self.kernelResult(c, placement: placement, mask: mask, background: background,
                                           parts: bands.reversed())
            #expect(difference(banded, whole).count == 0, "bands: \(c)")

            // Random rectangles tiling the area: column cuts then row cuts per column.
            var pieces: [PixelRect] = []
            var x = c.area.x0
            while x < c.area.x1 {
                let x1 = min(c.area.x1, x + 1 + Int(r.next() % 70))
                var y = c.area.y0
                while y < c.area.y1 {
                    let y1 = min(c.area.y1, y + 1 + Int(r.next() % 50))
                    pieces.append(PixelRect(x0: x, y0: y, x1: x1, y1: y1))
                    y = y1
                }
                x = x1
            }
            for i in stride(from: pieces.count - 1, to: 0, by: -1) {   // drawn in a random order
                pieces.swapAt(i, Int(r.next() % UInt64(i + 1)))
            }
            let tiled = Self.kernelResult(c, placement: placement, mask: mask, background: background,
                                          parts: pieces)
            #expect(difference(tiled, whole).count == 0, "rectangles: \(c)")

            let threaded = try Surface(width: 260, height: 230)
            memcpy(threaded.pixels, background.pixels, background.stride * background.height)
            let pool = WorkerPool(threads: 4)
            let coverage: AffineKernel.Coverage = mask.map {
                .mask(UnsafePointer($0.bytes), stride: $0.stride, origin: c.origin)
            } ?? .opacity(c.opacity)
            pool.forEach(bands.count) { index in
                placement.composite(c.op, coverage: coverage, into: threaded.pixels,
                                    destinationStride: threaded.stride, origin: c.origin, area: bands[index])
            }
            pool.shutdown()
            #expect(difference(threaded, whole).count == 0, "threads: \(c)")
        }
    }

    // MARK: - Inputs that draw nothing, and small ones

    @Test("non-finite, singular and out-of-range transforms draw nothing and do not crash")
    func degenerateTransforms() throws {
        let source = noiseSurface(width: 16, height: 12, seed: 1)
        let nan = Double.nan, inf = Double.infinity
        let transforms: [AffineTransform] = [
            AffineTransform(a: nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: inf, ty: 0),
            AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5),
            AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),          // singular
            AffineTransform(a: 1e-9, b: 0, c: 0, d: 1e-9, tx: 3, ty: 3),   // inverse beyond 16.16
            AffineTransform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0),
            AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 1e12, ty: -1e12),  // translation beyond 16.16
        ]
        for t in transforms {
            #expect(AffineKernel.Placement(source: source, crop: nil, transform: t) == nil, "\(t)")
            let target = noiseSurface(width: 40, height: 30, seed: 2)
            let before = noiseSurface(width: 40, height: 30, seed: 2)
            AffineKernel.compositeOver(source: source, crop: nil, transform: t, opacity: 1, into: target.pixels,
                                       destinationStride: target.stride, origin: (0, 0), area: target.bounds)
            #expect(target.hasSamePixels(as: before))
        }
    }

    @Test("empty areas, empty crops, zero or NaN opacity and far-away areas draw nothing")
    func nothingToDraw() throws {
        let source = noiseSurface(width: 16, height: 12, seed: 1)
        let t = AffineTransform.rotation(0.2).concatenating(.translation(x: 10.5, y: 3.25))
        let target = noiseSurface(width: 40, height: 30, seed: 2)
        let before = noiseSurface(width: 40, height: 30, seed: 2)
        func draw(_ crop: PixelRect?, _ opacity: Double, _ area: PixelRect, origin: (x: Int, y: Int) = (0, 0)) {
            AffineKernel.compositeOver(source: source, crop: crop, transform: t, opacity: opacity, into: target.pixels,
                                       destinationStride: target.stride, origin: origin, area: area)
        }
        draw(nil, 1, .empty)
        draw(nil, 1, PixelRect(x0: 5, y0: 5, x1: 5, y1: 20))
        draw(nil, 1, PixelRect(x0: 9, y0: 9, x1: 3, y1: 3))
        draw(PixelRect(x0: 3, y0: 3, x1: 3, y1: 8), 1, target.bounds)
        draw(PixelRect(x0: 50, y0: 50, x1: 60, y1: 60), 1, target.bounds)
        draw(nil, 0, target.bounds)
        draw(nil, 0.001, target.bounds)       // rounds to a zero mask
        draw(nil, -1, target.bounds)
        draw(nil, .nan, target.bounds)
        // The source lands around (10, 3) in device space; an area far from it touches nothing.
        let far = 1 << 22
        draw(nil, 1, PixelRect(x0: far, y0: far, x1: far + 40, y1: far + 30), origin: (far, far))
        // Beyond the coordinate limit: refused whole.
        draw(nil, 1, PixelRect(x0: -(1 << 40), y0: 0, x1: 40, y1: 30))
        #expect(target.hasSamePixels(as: before))
    }

    @Test("a 1×1 source, 1-pixel-wide and -high sources, and crops of the last row and column match pixman")
    func smallSources() throws {
        let big = noiseSurface(width: 25, height: 19, seed: 4)
        let cases: [(Surface, PixelRect?)] = [
            (noiseSurface(width: 1, height: 1, seed: 1), nil),
            (noiseSurface(width: 1, height: 9, seed: 2), nil),
            (noiseSurface(width: 9, height: 1, seed: 3), nil),
            (big, PixelRect(x0: 24, y0: 0, x1: 25, y1: 19)),
            (big, PixelRect(x0: 0, y0: 18, x1: 25, y1: 19)),
            (big, PixelRect(x0: 24, y0: 18, x1: 25, y1: 19)),
            (big, PixelRect(x0: 20, y0: 15, x1: 25, y1: 19)),
        ]
        let transforms: [AffineTransform] = [
            .translation(x: 10.3, y: 7.7),
            AffineTransform.scale(x: 6.5, y: 5.25).concatenating(.translation(x: 3.1, y: 2.9)),
            AffineTransform.scale(x: 4, y: 4).concatenating(.rotation(0.7)).concatenating(.translation(x: 20, y: 5)),
            .translation(x: 12, y: 9),
        ]
        for (source, crop) in cases {
            for t in transforms {
                for opacity in [1.0, 0.4] {
                    let c = Case(source: source, crop: crop, transform: t, kind: "small", op: .over, opacity: opacity,
                                 useMask: false, destinationWidth: 48, destinationHeight: 40, origin: (-2, -1),
                                 area: PixelRect(x0: -2, y0: -1, x1: 46, y1: 39), seed: 0)
                    let background = noiseSurface(width: 48, height: 40, seed: 8)
                    let matrix = try #require(Self.fixedInverse(t))
                    let placement = try #require(AffineKernel.Placement(source: source, crop: crop, transform: t))
                    let want = Self.pixmanResult(c, matrix: matrix, mask: nil, background: background)
                    let got = Self.kernelResult(c, placement: placement, mask: nil, background: background)
                    #expect(difference(got, want).count == 0, "\(difference(got, want)) — \(c)")
                    #expect(!want.hasSamePixels(as: background))
                }
            }
        }
    }

    @Test("the span solver keeps exactly the integers satisfying the inequality")
    func spanSolver() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<20_000 {
            let slope = Int(Int64(bitPattern: random.next()) % 200_000) * (random.unit() < 0.1 ? 0 : 1)
            let offset = Int(Int64(bitPattern: random.next()) % 10_000_000)
            let min = Int(Int64(bitPattern: random.next()) % 3_000_000)
            let max = min + Int(random.next() % 5_000_000)
            var lo = -60, hi = 60
            AffineKernel.restrict(&lo, &hi, slope: slope, offset: offset, min: min, max: max)
            let want = (-60..<60).filter { min <= slope * $0 + offset && slope * $0 + offset <= max }
            if want.isEmpty {
                #expect(lo >= hi)
            } else {
                #expect(lo == want.first! && hi == want.last! + 1 && want.count == want.last! - want.first! + 1)
            }
        }
    }
}
