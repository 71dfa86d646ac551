import CVectorKernels
import SegueBasics

/// Bilinear sampling of a source image at one point per destination pixel,
/// wherever the points come from (`ProjectiveKernel`: a projective
/// transform; `DistortionKernel`: a plugin's function), OVER (or ADD to)
/// premultiplied a8r8g8b8 pixels, with `AffineKernel`'s pixel arithmetic
/// (7-bit bilinear weights, pixman's rounding when combining).
///
/// A point is held as its 16.16 bilinear reference (the point less ½ in
/// source pixels), whose fraction's top 7 bits are the weights; source
/// pixels outside the image count as transparent. Runs of pixels whose four
/// neighbours are all inside the source go eight at a time through AVX2
/// where the processor has it (`bilinear_span_avx2`, the same integers as
/// the scalar code). Destination pixels are independent of how the area is
/// split into bands or threads.
struct PointSampler: @unchecked Sendable {
    let width: Int, height: Int, stride: Int
    let pixels: UnsafeRawPointer
    /// Keeps the pixels alive.
    private let owner: AnyObject

    /// A sampler of `source`, or nil when it is too large for 16.16 points
    /// (32767 pixels a side or more).
    init?(_ source: Surface) {
        guard source.width < 32767, source.height < 32767 else { return nil }
        width = source.width
        height = source.height
        stride = source.stride
        pixels = UnsafeRawPointer(source.pixels)
        owner = source
    }

    /// Fills the points of `count` pixels of device row `y` from column
    /// `x0`: 16.16 references into `xs`, `ys`, and kinds into `kinds` (0:
    /// nothing to draw, 1: some neighbours outside the source, 2: all inside).
    typealias Points = (_ x0: Int, _ y: Int, _ count: Int, _ xs: UnsafeMutablePointer<Int32>,
                        _ ys: UnsafeMutablePointer<Int32>, _ kinds: UnsafeMutablePointer<UInt8>) -> Void

    /// Combines the sampled source, times `coverage`, with the destination
    /// pixels of `area` (device pixels; pixel (0, 0) of `destination` is
    /// device pixel `origin`), by `op`; `vectorized: false` keeps to the
    /// scalar code (for tests).
    func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                   into destination: UnsafeMutableRawPointer, destinationStride: Int, origin: (x: Int, y: Int),
                   area: PixelRect, vectorized: Bool, points: Points) {
        let limit = AffineKernel.Placement.coordinateLimit
        guard !area.isEmpty, area.x0 > -limit, area.y0 > -limit, area.x1 < limit, area.y1 < limit,
              let (factorByte, mask) = coverage.resolved else {
            // Nothing shows, or nothing addressable: SRC writes transparency.
            if op == .source { AffineKernel.clear(area, of: destination, stride: destinationStride, origin: origin) }
            return
        }
        let factor = UInt32(factorByte)
        let avx2 = vectorized && Processor.hasAVX2 && (height - 1) * stride < Int(Int32.max)
        let longest = min(area.width, Self.segment)
        let xs = UnsafeMutablePointer<Int32>.allocate(capacity: longest)
        let ys = UnsafeMutablePointer<Int32>.allocate(capacity: longest)
        let kinds = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        defer { xs.deallocate(); ys.deallocate(); kinds.deallocate() }
        for y in area.y0..<area.y1 {
            for x0 in Swift.stride(from: area.x0, to: area.x1, by: Self.segment) {
                let count = min(Self.segment, area.x1 - x0)
                let row = (destination + (y - origin.y) * destinationStride).assumingMemoryBound(to: UInt32.self)
                    - origin.x + x0
                let maskRow = mask.map { $0.bytes + (y - $0.origin.y) * $0.stride - $0.origin.x + x0 }
                points(x0, y, count, xs, ys, kinds)
                var i = 0
                while i < count {
                    // A run of one kind: nothing to draw, some neighbours outside, or all inside.
                    let kind = kinds[i], end = i + kinds_run(kinds + i, count - i)
                    var done = 0
                    if kind == 2, avx2 {
                        done = bilinear_span_avx2(pixels.assumingMemoryBound(to: UInt8.self), stride, 0, 0, 0, 0,
                                                  xs + i, ys + i, row + i, maskRow.map { $0 + i }, factor,
                                                  op.span.vectorKernelCode, end - i, 0, Self.prefetchDistance, Int32(height))
                    }
                    if kind != 0 {
                        for k in (i + done)..<end { composite(k, xs, ys, row, maskRow, factor, op) }
                    } else if op == .source {
                        // Nothing of the image there: transparent.
                        (row + i).update(repeating: 0, count: end - i)
                    }
                    i = end
                }
            }
        }
    }

    /// Of `columns` of device row `y`, the longest run of pixels whose points
    /// (from `points`) have all four neighbours inside the source.
    static func longestInnerRun(_ y: Int, within columns: Range<Int>, points: Points) -> Range<Int> {
        let count = columns.count
        guard count > 0 else { return columns }
        let xs = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        let ys = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        let kinds = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { xs.deallocate(); ys.deallocate(); kinds.deallocate() }
        points(columns.lowerBound, y, count, xs, ys, kinds)
        var longest = 0..<0, i = 0
        while i < count {
            let end = i + kinds_run(kinds + i, count - i)
            if kinds[i] == 2, end - i > longest.count { longest = i..<end }
            i = end
        }
        return columns.lowerBound + longest.lowerBound..<columns.lowerBound + longest.upperBound
    }

    /// Pixels per call of `points`: a segment's points, and the source
    /// positions a distortion gives for them, stay in the first-level cache.
    static let segment = 256

    /// Pixel `i` of a segment (`row` and `maskRow` start at its first column), one at a time.
    @inline(__always)
    private func composite(_ i: Int, _ xs: UnsafeMutablePointer<Int32>, _ ys: UnsafeMutablePointer<Int32>,
                           _ row: UnsafeMutablePointer<UInt32>, _ maskRow: UnsafePointer<UInt8>?,
                           _ factor: UInt32, _ op: AffineKernel.Operator) {
        let sx = Int(xs[i]), sy = Int(ys[i])
        let ix = sx >> 16, iy = sy >> 16
        let s = AffineKernel.interpolate(pixel(ix, iy), pixel(ix + 1, iy), pixel(ix, iy + 1), pixel(ix + 1, iy + 1),
                                         dx: UInt32((sx >> 9) & 127), dy: UInt32((sy >> 9) & 127))
        guard s != 0 || op == .source else { return }
        row[i] = AffineKernel.combine(s, row[i], coverage: maskRow.map { UInt32($0[i]) } ?? factor, op)
    }

    /// Where the lines to prefetch lie, 16.16 source pixels below each
    /// point being sampled: where points move down the source with the
    /// output (a wave, a shift, a turn seen from the front), rows to come
    /// read there. Four rows on leaves the memory time to answer (`.rotation3D`
    /// at 1080p, one thread, measured side by side: one row on 0.96× the time
    /// without prefetching, two 0.76×, four 0.74×, eight 0.73×).
    static let prefetchDistance: Int32 = 4 << 16

    /// Source pixel (x, y), transparent outside the image.
    @inline(__always)
    private func pixel(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return (pixels + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    }
}
