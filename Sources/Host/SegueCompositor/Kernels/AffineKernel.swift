import CPixman
import CVectorKernels
import SegueBasics

/// Draws an affinely transformed, bilinearly filtered image OVER (or ADD to)
/// premultiplied a8r8g8b8 pixels: pixman's `PIXMAN_FILTER_BILINEAR` with
/// `PIXMAN_REPEAT_NONE`, byte for byte, without pixman's generic fetcher.
///
/// The arithmetic is pixman 0.42's, integer for integer:
/// - the device → source matrix is the inverse of `transform` converted to
///   16.16 by `pixman_transform_from_pixman_f_transform` (as the compositor
///   does for pixman);
/// - the sample point of device pixel (X, Y) is that matrix applied to
///   (X + ½, Y + ½) with `pixman_transform_point_3d`'s rounding. That sum is
///   exactly linear in X and Y (the half-pixel part is rounded once, the
///   integer part is exact), so stepping by the matrix's column per pixel —
///   as pixman does from the start of each row — gives the same coordinates
///   wherever a row or band starts;
/// - bilinear weights keep 7 bits (`BILINEAR_INTERPOLATION_BITS` 7): with
///   dx, dy the bits 9…15 of the sample's fraction, each channel is
///   ⌊(tl·(128−dx)(128−dy) + tr·dx(128−dy) + bl·(128−dx)dy + br·dx·dy) / 2¹⁴⌋,
///   which is what pixman's C (`bilinear_interpolation`) and SSE2 paths compute;
///   source pixels outside the (cropped) image count as transparent, or, for
///   a placement that pads, as the nearest edge pixel (`PIXMAN_REPEAT_PAD`);
/// - the source is multiplied by the coverage (an opacity byte, or an a8
///   mask) and combined with the destination with pixman's rounding:
///   x·a/255 as ((x·a + 128)·257) >> 16, and a saturating add.
///
/// Only pixels whose sample can touch the source are visited: each row's
/// span is solved exactly from the matrix, and inside it the pixels whose
/// four neighbours are all inside the source take the vector path
/// (`AffineKernel+SSE2.swift`: SSE2, the x86-64 baseline; the portable
/// scalar loop here elsewhere).
///
/// Pixels are independent of how `area` is split into bands or threads.
/// Reading a surface from several threads at once is safe; writing the same
/// destination pixels from two threads is the caller's to avoid. Source and
/// destination must not overlap.
enum AffineKernel {
    /// How the (covered) source combines with the destination.
    enum Operator: Sendable {
        /// `PIXMAN_OP_OVER`: s + d·(255 − αs)/255.
        case over
        /// `PIXMAN_OP_ADD`: s + d, saturating.
        case add
        /// `PIXMAN_OP_SRC`: s, what OVER and ADD give onto transparency —
        /// for an image drawn first on a cleared band, which then need not
        /// be cleared under it: every pixel of the area is written, 0 where
        /// the image has nothing.
        case source

        /// The span kernels' operator of the same name (whose code
        /// `bilinear_span_avx2` takes too).
        var span: SpanKernels.Operator {
            switch self {
            case .over: .over
            case .add: .add
            case .source: .source
            }
        }
    }

    /// What multiplies the filtered source before it is combined.
    enum Coverage {
        /// A uniform opacity, as pixman's solid mask of alpha round(opacity · 255).
        case opacity(Double)
        /// An a8 mask (pixman's `PIXMAN_a8`) in device space: `origin` is the
        /// device pixel of mask byte (0, 0); it must cover the whole `area`.
        case mask(UnsafePointer<UInt8>, stride: Int, origin: (x: Int, y: Int))

        /// The coverage as the kernels apply it: a mask, or else a factor
        /// 1…255 (pixman's rounding of the opacity); nil when nothing shows.
        var resolved: (factor: UInt8, mask: (bytes: UnsafePointer<UInt8>, stride: Int, origin: (x: Int, y: Int))?)? {
            switch self {
            case .opacity(let opacity):
                guard opacity > 0 else { return nil }   // NaN too
                let factor = opacity >= 1 ? 255 : UInt8((opacity * 255).rounded())
                return factor > 0 ? (factor, nil) : nil
            case .mask(let bytes, let stride, let origin):
                return (255, (bytes, stride, origin))
            }
        }
    }

    /// A placed image one of the sampling kernels draws (`AffineKernel`,
    /// `ProjectiveKernel`): combined, times a coverage, with destination pixels.
    protocol Sampled {
        /// Combines the placed source, times `coverage`, with the destination
        /// pixels of `area` (device pixels; pixel (0, 0) of `destination` is
        /// device pixel `origin`), by `op`.
        func composite(_ op: Operator, coverage: Coverage, into destination: UnsafeMutableRawPointer,
                       destinationStride: Int, origin: (x: Int, y: Int), area: PixelRect)
    }

    /// A kernel whose vector code tests can turn off: `composite` is its form
    /// with `vectorized: true`.
    protocol Vectorizable: Sampled {
        /// `composite`, with AVX2 when `vectorized` and the processor has it.
        func composite(_ op: Operator, coverage: Coverage, into destination: UnsafeMutableRawPointer,
                       destinationStride: Int, origin: (x: Int, y: Int), area: PixelRect, vectorized: Bool)
    }

    /// A placed image that can hide what a sampling kernel would draw under
    /// it (`Planner.markOpaqueCovers`): an affine, projective or distortion one.
    protocol Cover: Sampled {
        /// Of `columns` of device row `y`, pixels whose sample has all four
        /// neighbours inside the source: all of them for an affine image,
        /// one run of them for a projected or distorted one.
        func innerColumns(_ y: Int, within columns: Range<Int>) -> Range<Int>
        /// True when every source pixel is opaque (alpha 255). Then each inner
        /// pixel, drawn OVER at full coverage, is its sample whatever lay
        /// under it: bilinear weights sum to one exactly.
        func isOpaque(forEach: ParallelLoop) -> Bool
        /// The source's pixel count: what reading it for opacity costs.
        var sourceArea: Int { get }
        /// What `innerColumns` costs a pixel, as a fraction of what drawing
        /// a pixel under the cover costs (which a hidden pixel saves): 0 for
        /// an affine image (it solves for its edges), a third for a projected
        /// one (its points, a division each), two thirds for a distorted one
        /// (the plugin's map and a conversion a point).
        var innerColumnsCost: Double { get }
    }

    /// True when every pixel of `width` × `height` pixels (rows `stride`
    /// bytes apart) is opaque. Rows are read in blocks spread by `forEach`,
    /// each stopping at its first translucent pixel.
    static func isOpaque(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                         forEach: ParallelLoop) -> Bool {
        let blockRows = 64, blocks = (height + blockRows - 1) / blockRows
        let opaque = UnsafeMutableBufferPointer<Bool>.allocate(capacity: blocks)
        defer { opaque.deallocate() }
        forEach(blocks) { block in
            opaque[block] = (block * blockRows..<min(height, (block + 1) * blockRows)).allSatisfy { y in
                SpanKernels.isOpaque((pixels + y * stride).assumingMemoryBound(to: UInt32.self), count: width)
            }
        }
        return opaque.allSatisfy { $0 }
    }

    /// Which inner loop to use; the results are identical (the tests check).
    enum Implementation: Sendable, CaseIterable {
        /// AVX2 where the processor has it (CVectorKernels), then SSE2 on
        /// x86-64, otherwise the portable loop.
        case best
        /// SSE2 on x86-64 (the baseline), otherwise the portable loop.
        case baseline
        /// The portable scalar loop everywhere.
        case scalar
    }


    /// Composites `source` (or its `crop`), placed by `transform` (source →
    /// device), times `opacity`, OVER the destination pixels of `area`.
    ///
    /// - Parameters:
    ///   - crop: a whole-pixel part of `source`; source coordinate (0, 0) is its
    ///     top-left corner. Parts of it outside the surface are transparent.
    ///   - transform: maps (cropped) source coordinates to device pixels.
    ///   - destination: the byte of destination pixel (0, 0), which is device
    ///     pixel `origin`; rows `destinationStride` bytes apart.
    ///   - area: the device pixels that may change; the caller guarantees they
    ///     lie inside the destination memory.
    /// Draws nothing for a transform that is not finite, not invertible, or
    /// whose inverse pixman's 16.16 cannot hold (as the compositor does).
    static func compositeOver(source: Surface, crop: PixelRect?, transform: AffineTransform, opacity: Double,
                              into destination: UnsafeMutableRawPointer, destinationStride: Int,
                              origin: (x: Int, y: Int), area: PixelRect) {
        guard let placement = Placement(source: source, crop: crop, transform: transform) else { return }
        placement.composite(.over, coverage: .opacity(opacity), into: destination,
                            destinationStride: destinationStride, origin: origin, area: area)
    }

    /// A source placed on the device: the 16.16 matrix and the source pixels,
    /// computed once and usable for any number of bands, from any thread.
    struct Placement: Cover, @unchecked Sendable {
        /// The 16.16 device → source matrix (pixman's `matrix[0][0]`, `[0][1]`,
        /// `[1][0]`, `[1][1]`).
        let xx: Int, xy: Int, yx: Int, yy: Int
        /// The bilinear reference point (sample − ½, 16.16, source pixels) of
        /// device pixel (0, 0); pixel (X, Y) has (xx·X + xy·Y + x0, yx·X + yy·Y + y0).
        let x0: Int, y0: Int
        /// The source pixels: `width` × `height`, rows `stride` bytes apart.
        let width: Int, height: Int, stride: Int
        let pixels: UnsafeRawPointer
        /// Beyond its edge the source repeats its edge pixels (pixman's
        /// `PIXMAN_REPEAT_PAD`) instead of being transparent.
        let pads: Bool
        /// Keeps the pixels alive.
        private let owner: AnyObject?

        /// The placement of `source` (or its `crop`) by `transform` (source → device),
        /// or nil when nothing can be drawn.
        init?(source: Surface, crop: PixelRect?, transform: AffineTransform, pads: Bool = false) {
            guard let inverse = transform.inverted, inverse.isFinite else { return nil }
            var floating = pixman_f_transform()
            floating.m = ((inverse.a, inverse.c, inverse.tx), (inverse.b, inverse.d, inverse.ty), (0, 0, 1))
            var fixed = pixman_transform()
            guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return nil }
            self.init(source: source, crop: crop, sourceFromDevice: fixed, pads: pads)
        }

        /// The placement for a 16.16 device → source matrix given directly (the
        /// matrix one would set on the pixman image); its last row must be (0, 0, 1).
        init?(source: Surface, crop: PixelRect?, sourceFromDevice m: pixman_transform, pads: Bool = false) {
            let one = Int32(1 << 16)
            guard m.matrix.2.0 == 0, m.matrix.2.1 == 0, m.matrix.2.2 == one else { return nil }
            let crop = crop ?? source.bounds
            let window = crop.intersection(source.bounds)
            guard !crop.isEmpty, !window.isEmpty else { return nil }
            let (a, b, c) = (Int(m.matrix.0.0), Int(m.matrix.0.1), Int(m.matrix.0.2))
            let (d, e, f) = (Int(m.matrix.1.0), Int(m.matrix.1.1), Int(m.matrix.1.2))
            xx = a; xy = b; yx = d; yy = e
            // pixman_transform_point_3d of (X + ½, Y + ½, 1): integer parts exactly,
            // the halves' sum rounded once; then the bilinear reference, −½. Where the
            // crop sticks out of the surface, shift to the part that has pixels.
            x0 = c + ((((a + b) << 15) + 0x8000) >> 16) - (1 << 15) - ((window.x0 - crop.x0) << 16)
            y0 = f + ((((d + e) << 15) + 0x8000) >> 16) - (1 << 15) - ((window.y0 - crop.y0) << 16)
            width = window.width
            height = window.height
            stride = source.stride
            pixels = UnsafeRawPointer(source.pixels + window.y0 * source.stride + window.x0 * 4)
            owner = source
            // A crop sticking out of the surface pads at the surface's edge, not the crop's.
            self.pads = pads && window == crop
        }

        /// The largest device coordinate accepted; beyond it nothing is drawn.
        static let coordinateLimit = 1 << 24

        func composite(_ op: Operator, coverage: Coverage, into destination: UnsafeMutableRawPointer,
                       destinationStride: Int, origin: (x: Int, y: Int), area: PixelRect) {
            composite(op, coverage: coverage, into: destination, destinationStride: destinationStride, origin: origin,
                      area: area, implementation: .best)
        }

        /// `composite` with the inner loop chosen (for tests).
        func composite(_ op: Operator, coverage: Coverage, into destination: UnsafeMutableRawPointer,
                       destinationStride: Int, origin: (x: Int, y: Int), area: PixelRect,
                       implementation: Implementation) {
            let limit = Self.coordinateLimit
            guard !area.isEmpty, area.x0 > -limit, area.y0 > -limit, area.x1 < limit, area.y1 < limit,
                  abs(origin.x) < limit, abs(origin.y) < limit, let (factor, mask) = coverage.resolved
            else {
                // Nothing shows, or nothing addressable: SRC writes transparency.
                if op == .source { AffineKernel.clear(area, of: destination, stride: destinationStride, origin: origin) }
                return
            }
            let simd = implementation != .scalar && AffineKernel.hasSIMDPath
            let avx2 = implementation == .best && Processor.hasAVX2 && (height - 1) * stride < Int(Int32.max)
            let w16 = width << 16, h16 = height << 16
            // A magnification across, unmasked: each row sampled whole by `magnified_row`, then combined.
            let magnifier = implementation != .scalar && magnifiesAcross && mask == nil
                ? Magnifier(self, width: area.width, avx2: implementation == .best && Processor.hasAVX2) : nil
            for y in area.y0..<area.y1 {
                let bx = xy * y + x0, by = yy * y + y0
                // Pixels whose sample has any source neighbour: x and y in −1 ..< size (every one when padding).
                var lo = area.x0, hi = area.x1
                if !pads {
                    AffineKernel.restrict(&lo, &hi, slope: xx, offset: bx, min: -(1 << 16), max: w16 - 1)
                    AffineKernel.restrict(&lo, &hi, slope: yx, offset: by, min: -(1 << 16), max: h16 - 1)
                }
                let row = (destination + (y - origin.y) * destinationStride)
                    .assumingMemoryBound(to: UInt32.self) - origin.x
                if op == .source {
                    // Nothing of the image there: transparent.
                    let drawn = lo < hi ? lo..<hi : area.x1..<area.x1
                    Destination.fill(row, 0, from: area.x0, to: drawn.lowerBound)
                    Destination.fill(row, 0, from: drawn.upperBound, to: area.x1)
                }
                guard lo < hi else { continue }
                // Of those, the ones whose four neighbours are all inside.
                let inner = innerColumns(y, within: lo..<hi)
                let (innerLo, innerHi) = inner.isEmpty ? (hi, hi) : (inner.lowerBound, inner.upperBound)

                if let magnifier {
                    // Padding, the columns beyond the source's are edge pixels, one at a time: [lo, across)
                    // left of it, [end, hi) right of it (all of the row when it lies beyond the source).
                    var across = lo, end = hi
                    if pads {
                        AffineKernel.restrict(&across, &end, slope: xx, offset: bx, min: 0, max: w16 - (1 << 16) - 1)
                        (across, end) = (Swift.min(across, hi), Swift.max(Swift.min(end, hi), Swift.min(across, hi)))
                    }
                    let edges = Span(x: bx, y: by, dx: xx, dy: yx, destination: row, mask: nil, factor: factor)
                    edgePixels(edges, lo..<across, op)
                    if across < end {
                        let samples = magnifier.row(y, across..<end)
                        SpanKernels.drawWholeRow(samples, mask: factor, op.span, into: row + across, count: end - across)
                    }
                    edgePixels(edges, end..<hi, op)
                    continue
                }
                var maskRow: UnsafePointer<UInt8>? = nil
                if let mask { maskRow = mask.bytes + (y - mask.origin.y) * mask.stride - mask.origin.x }
                let row0 = Span(x: bx, y: by, dx: xx, dy: yx, destination: row, mask: maskRow, factor: factor)

                edgePixels(row0, lo..<innerLo, op)
                var start = innerLo
                if avx2 && innerLo < innerHi {
                    start += bilinear_span_avx2(
                        pixels.assumingMemoryBound(to: UInt8.self), stride, Int32(bx + xx * innerLo),
                        Int32(by + yx * innerLo), Int32(xx), Int32(yx), nil, nil, row + innerLo,
                        maskRow.map { $0 + innerLo }, UInt32(factor), op.span.vectorKernelCode, innerHi - innerLo,
                        Int32(xy), Int32(yy), Int32(height))
                }
                if start < innerHi {
                    if simd {
                        AffineKernel.innerSpanVector(self, row0, start..<innerHi, op)
                    } else {
                        innerPixelsScalar(row0, start..<innerHi, op)
                    }
                }
                edgePixels(row0, innerHi..<hi, op)
            }
        }

        /// True for an image only scaled along the axes (and moved) that is
        /// magnified across (at most one source column per device column):
        /// each device row reads two source rows at one weight, which
        /// `magnified_row` blends once per column.
        var magnifiesAcross: Bool { xy == 0 && yx == 0 && xx > 0 && xx <= 1 << 16 }

        /// Of `columns` of device row `y`, the pixels whose sample has all four
        /// neighbours inside the source (the ones the vector loops take).
        func innerColumns(_ y: Int, within columns: Range<Int>) -> Range<Int> {
            var lo = columns.lowerBound, hi = columns.upperBound
            AffineKernel.restrict(&lo, &hi, slope: xx, offset: xy * y + x0, min: 0, max: ((width - 1) << 16) - 1)
            AffineKernel.restrict(&lo, &hi, slope: yx, offset: yy * y + y0, min: 0, max: ((height - 1) << 16) - 1)
            return lo..<hi
        }

        func isOpaque(forEach: ParallelLoop) -> Bool {
            AffineKernel.isOpaque(pixels, width: width, height: height, stride: stride, forEach: forEach)
        }

        var sourceArea: Int { width * height }

        var innerColumnsCost: Double { 0 }

        /// Pixels with a neighbour outside the source: each neighbour checked
        /// (transparent, or, padding, the nearest edge pixel).
        private func edgePixels(_ span: Span, _ range: Range<Int>, _ op: Operator) {
            for x in range {
                let sx = span.x + span.dx * x, sy = span.y + span.dy * x
                let ix = sx >> 16, iy = sy >> 16
                var tl: UInt32 = 0, tr: UInt32 = 0, bl: UInt32 = 0, br: UInt32 = 0
                if pads {
                    // Coordinates far out (up to ±2^15 source pixels) only ever clamp.
                    func clamped(_ v: Int, _ size: Int) -> Int { Swift.min(Swift.max(v, 0), size - 1) }
                    let left = clamped(ix, width), right = clamped(ix + 1, width)
                    let r0 = (pixels + clamped(iy, height) * stride).assumingMemoryBound(to: UInt32.self)
                    let r1 = (pixels + clamped(iy + 1, height) * stride).assumingMemoryBound(to: UInt32.self)
                    (tl, tr, bl, br) = (r0[left], r0[right], r1[left], r1[right])
                } else {
                    let hasLeft = ix >= 0, hasRight = ix + 1 < width
                    let hasTop = iy >= 0, hasBottom = iy + 1 < height
                    if hasTop {
                        let r = (pixels + iy * stride).assumingMemoryBound(to: UInt32.self)
                        if hasLeft { tl = r[ix] }
                        if hasRight { tr = r[ix + 1] }
                    }
                    if hasBottom {
                        let r = (pixels + (iy + 1) * stride).assumingMemoryBound(to: UInt32.self)
                        if hasLeft { bl = r[ix] }
                        if hasRight { br = r[ix + 1] }
                    }
                }
                let s = AffineKernel.interpolate(tl, tr, bl, br, dx: UInt32((sx >> 9) & 127),
                                                 dy: UInt32((sy >> 9) & 127))
                let m = span.mask.map { UInt32($0[x]) } ?? UInt32(span.factor)
                span.destination[x] = AffineKernel.combine(s, span.destination[x], coverage: m, op)
            }
        }

        /// Pixels whose four neighbours are inside the source, one at a time.
        func innerPixelsScalar(_ span: Span, _ range: Range<Int>, _ op: Operator) {
            var sx = span.x + span.dx * range.lowerBound, sy = span.y + span.dy * range.lowerBound
            for x in range {
                let top = (pixels + (sy >> 16) * stride).assumingMemoryBound(to: UInt32.self) + (sx >> 16)
                let bottom = (UnsafeRawPointer(top) + stride).assumingMemoryBound(to: UInt32.self)
                let s = AffineKernel.interpolate(top[0], top[1], bottom[0], bottom[1],
                                                 dx: UInt32((sx >> 9) & 127), dy: UInt32((sy >> 9) & 127))
                let m = span.mask.map { UInt32($0[x]) } ?? UInt32(span.factor)
                span.destination[x] = AffineKernel.combine(s, span.destination[x], coverage: m, op)
                sx += span.dx
                sy += span.dy
            }
        }
    }

    /// One destination row: the reference point of device column 0 and its
    /// step per column (16.16), the row's pixels and coverage, both indexed
    /// by device column.
    struct Span {
        let x: Int, y: Int, dx: Int, dy: Int
        let destination: UnsafeMutablePointer<UInt32>
        let mask: UnsafePointer<UInt8>?
        let factor: UInt8
    }

    // MARK: - Spans

    /// Narrows `lo ..< hi` to the integers X with `min ≤ slope·X + offset ≤ max`.
    @inline(__always)
    static func restrict(_ lo: inout Int, _ hi: inout Int, slope: Int, offset: Int, min: Int, max: Int) {
        if slope == 0 {
            if offset < min || offset > max { hi = lo }
            return
        }
        let first: Int, last: Int
        if slope > 0 {
            first = ceilDiv(min - offset, slope)
            last = floorDiv(max - offset, slope)
        } else {
            first = ceilDiv(max - offset, slope)
            last = floorDiv(min - offset, slope)
        }
        lo = Swift.max(lo, first)
        hi = Swift.min(hi, last + 1)
        if hi < lo { hi = lo }
    }

    @inline(__always)
    static func floorDiv(_ n: Int, _ d: Int) -> Int {
        let q = n / d
        return (n % d != 0 && ((n < 0) != (d < 0))) ? q - 1 : q
    }

    @inline(__always)
    static func ceilDiv(_ n: Int, _ d: Int) -> Int {
        -floorDiv(-n, d)
    }

    // MARK: - Scalar arithmetic (pixman's, exactly)

    /// Bilinear interpolation with 7-bit weights `dx`, `dy` (0…127), truncating,
    /// as pixman's `bilinear_interpolation`.
    @inline(__always)
    static func interpolate(_ tl: UInt32, _ tr: UInt32, _ bl: UInt32, _ br: UInt32,
                            dx: UInt32, dy: UInt32) -> UInt32 {
        // Two channels per 64-bit word, 32 bits apart: the sums stay below 2²³.
        @inline(__always) func spread(_ p: UInt32) -> (UInt64, UInt64) {
            let q = UInt64(p)
            return ((q & 0x00FF) | (q & 0xFF_0000) << 16, (q >> 8 & 0x00FF) | (q >> 8 & 0xFF_0000) << 16)
        }
        let wtl = UInt64((128 - dx) * (128 - dy)), wtr = UInt64(dx * (128 - dy))
        let wbl = UInt64((128 - dx) * dy), wbr = UInt64(dx * dy)
        let (tlBR, tlGA) = spread(tl), (trBR, trGA) = spread(tr)
        let (blBR, blGA) = spread(bl), (brBR, brGA) = spread(br)
        let br2 = (tlBR * wtl + trBR * wtr + blBR * wbl + brBR * wbr) >> 14
        let ga2 = (tlGA * wtl + trGA * wtr + blGA * wbl + brGA * wbr) >> 14
        let even = (br2 & 0xFF) | (br2 >> 16 & 0xFF_0000)
        let odd = (ga2 & 0xFF) | (ga2 >> 16 & 0xFF_0000)
        return UInt32(truncatingIfNeeded: even | odd << 8)
    }

    /// Each byte of `x` times `a` / 255, rounded as pixman's `UN8x4_MUL_UN8`.
    @inline(__always)
    static func multiply(_ x: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (x & 0xFF00FF) &* a &+ 0x800080
        rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
        var ag = ((x >> 8) & 0xFF00FF) &* a &+ 0x800080
        ag = (ag &+ ((ag >> 8) & 0xFF00FF)) & 0xFF00FF00
        return rb | ag
    }

    /// Bytewise saturating sum, as pixman's `UN8x4_ADD_UN8x4`.
    @inline(__always)
    static func addSaturating(_ x: UInt32, _ y: UInt32) -> UInt32 {
        @inline(__always) func half(_ x: UInt32, _ y: UInt32) -> UInt32 {
            var t = (x & 0xFF00FF) &+ (y & 0xFF00FF)
            t |= 0x1000100 &- ((t >> 8) & 0xFF00FF)
            return t & 0xFF00FF
        }
        return half(x, y) | half(x >> 8, y >> 8) << 8
    }

    /// The filtered source pixel `s`, times `coverage` (0…255), combined with `d`.
    @inline(__always)
    static func combine(_ s: UInt32, _ d: UInt32, coverage m: UInt32, _ op: Operator) -> UInt32 {
        let s = m == 255 ? s : multiply(s, m)
        switch op {
        case .over: return addSaturating(s, multiply(d, 255 - (s >> 24)))
        case .add: return addSaturating(s, d)
        case .source: return s
        }
    }

    /// Clears `area` of a destination (device pixels; pixel (0, 0) of
    /// `destination` is device pixel `origin`): what SRC writes where the
    /// image has nothing.
    static func clear(_ area: PixelRect, of destination: UnsafeMutableRawPointer, stride: Int,
                      origin: (x: Int, y: Int)) {
        guard !area.isEmpty else { return }
        for y in area.y0..<area.y1 {
            let row = (destination + (y - origin.y) * stride).assumingMemoryBound(to: UInt32.self) - origin.x
            Destination.fill(row, 0, from: area.x0, to: area.x1)
        }
    }
}

/// The rows of a placement that magnifies across (`magnifiesAcross`), for
/// one composite: every row's device columns have the same source columns
/// and weights, worked out once (`magnified_columns`); each row then blends
/// its two source rows once per column and weighs each pixel's pair
/// (`magnified_row`) into samples to combine.
private final class Magnifier {
    private let placement: AffineKernel.Placement
    private let avx2: Bool
    private let offsets: UnsafeMutablePointer<Int32>, weights: UnsafeMutablePointer<Int32>
    private let samples: UnsafeMutablePointer<UInt32>
    private let blends: UnsafeMutablePointer<UInt16>
    /// The device columns `offsets` and `weights` were worked out for.
    private var columns = 0..<0

    /// Room for rows of up to `width` device pixels.
    init(_ placement: AffineKernel.Placement, width: Int, avx2: Bool) {
        self.placement = placement
        self.avx2 = avx2
        offsets = .allocate(capacity: width)
        weights = .allocate(capacity: width)
        samples = .allocate(capacity: width)
        blends = .allocate(capacity: 4 * (width + 2))
    }

    deinit {
        offsets.deallocate()
        weights.deallocate()
        samples.deallocate()
        blends.deallocate()
    }

    /// The samples of device columns `range` of row `y` (whose samples all
    /// have a source neighbour), before fading and combining.
    func row(_ y: Int, _ range: Range<Int>) -> UnsafePointer<UInt32> {
        let p = placement
        let sx = p.xy * y + p.x0 + p.xx * range.lowerBound
        if columns != range {
            magnified_columns(Int32(sx), Int32(p.xx), range.count, offsets, weights)
            columns = range
        }
        let first = sx >> 16, last = (sx + p.xx * (range.count - 1)) >> 16
        let by = p.yy * y + p.y0
        let (top, weight) = (by >> 16, (by >> 9) & 127)
        func source(_ row: Int) -> UnsafePointer<UInt32>? {
            // Padding, rows beyond the source's are its edge rows.
            let r = p.pads ? Swift.min(Swift.max(row, 0), p.height - 1) : row
            return r >= 0 && r < p.height ? UnsafePointer((p.pixels + r * p.stride).assumingMemoryBound(to: UInt32.self)) : nil
        }
        magnified_row(source(top), source(top + 1), Int32(128 - weight), Int32(weight), Int32(p.width), Int32(first),
                      Int32(last + 2 - first), blends, offsets, weights, samples, range.count, avx2 ? 1 : 0)
        return UnsafePointer(samples)
    }
}

extension AffineKernel.Vectorizable {
    func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                   into destination: UnsafeMutableRawPointer, destinationStride: Int, origin: (x: Int, y: Int),
                   area: PixelRect) {
        composite(op, coverage: coverage, into: destination, destinationStride: destinationStride, origin: origin,
                  area: area, vectorized: true)
    }
}
