import CVectorKernels
import SegueBasics

/// Draws an image seen in perspective — placed by a projective transform —
/// bilinearly filtered, OVER (or ADD to) premultiplied a8r8g8b8 pixels; the
/// projective counterpart of `AffineKernel`, whose pixel arithmetic it
/// shares (7-bit bilinear weights, pixman's rounding when combining).
///
/// Device pixel (X, Y) shows the source point the inverse transform maps
/// (X + ½, Y + ½) to: (u, v) = (u′/w, v′/w), computed in double precision
/// per pixel; its bilinear reference is (u − ½, v − ½), held in 16.16 fixed
/// point, whose fraction's top 7 bits are the weights. Points with w ≤ 0 lie
/// behind the eye and are left alone; source pixels outside the image count
/// as transparent.
///
/// pixman draws the same transforms through its general fetcher (16.16
/// fixed point per pixel); the two agree to within a unit or two where the
/// fixed point's rounding moves a weight (the tests measure it), and this
/// kernel is several times faster (`make bench`).
enum ProjectiveKernel {
    /// A source placed on the device: the device → source transform and
    /// the source pixels, usable for any number of bands, from any thread.
    struct Placement: AffineKernel.Sampled, @unchecked Sendable {
        /// Device → source.
        let inverse: ProjectiveTransform
        let width: Int, height: Int, stride: Int
        let pixels: UnsafeRawPointer
        /// Keeps the pixels alive.
        private let owner: AnyObject

        /// The placement of `source` by `transform` (source → device), or
        /// nil when it cannot be inverted, or the source is too large for
        /// 16.16 sample points (32767 pixels a side or more; pixman draws it then).
        init?(source: Surface, transform: ProjectiveTransform) {
            guard let inverse = transform.inverted, inverse.isFinite, source.width < 32767, source.height < 32767
            else { return nil }
            self.inverse = inverse
            width = source.width
            height = source.height
            stride = source.stride
            pixels = UnsafeRawPointer(source.pixels)
            owner = source
        }

        /// Combines the placed source, times `coverage`, with the destination
        /// pixels of `area` (device pixels; see `AffineKernel.compositeOver`).
        /// Each pixel's sample point is computed in double precision and kept
        /// as 16.16 fixed point, whose top 7 fraction bits are the weights;
        /// runs of pixels whose four neighbours are all inside the source go
        /// eight at a time through AVX2 where the processor has it
        /// (`bilinear_span_avx2`, the same integers as the scalar code).
        func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                       into destination: UnsafeMutableRawPointer, destinationStride: Int, origin: (x: Int, y: Int),
                       area: PixelRect) {
            composite(op, coverage: coverage, into: destination, destinationStride: destinationStride, origin: origin,
                      area: area, vectorized: true)
        }

        /// `composite`, with or without the AVX2 runs (for tests).
        func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                       into destination: UnsafeMutableRawPointer, destinationStride: Int, origin: (x: Int, y: Int),
                       area: PixelRect, vectorized: Bool) {
            guard let (factorByte, mask) = coverage.resolved else { return }
            let factor = UInt32(factorByte)
            let limit = AffineKernel.Placement.coordinateLimit
            guard !area.isEmpty, area.x0 > -limit, area.y0 > -limit, area.x1 < limit, area.y1 < limit else { return }
            let avx2 = vectorized && Processor.hasAVX2 && (height - 1) * stride < Int(Int32.max)
            let g = inverse
            var matrix = ((g.m11, g.m12, g.m13), (g.m21, g.m22, g.m23), (g.m31, g.m32, g.m33))
            let count = area.width
            // Per pixel: its 16.16 reference point, and whether it is drawn at all / wholly inside.
            let xs = UnsafeMutablePointer<Int32>.allocate(capacity: count)
            let ys = UnsafeMutablePointer<Int32>.allocate(capacity: count)
            let kinds = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            defer { xs.deallocate(); ys.deallocate(); kinds.deallocate() }
            for y in area.y0..<area.y1 {
                let row = (destination + (y - origin.y) * destinationStride).assumingMemoryBound(to: UInt32.self)
                    - origin.x
                let maskRow = mask.map { $0.bytes + (y - $0.origin.y) * $0.stride - $0.origin.x }
                withUnsafePointer(to: &matrix) { rows in
                    rows.withMemoryRebound(to: (Double, Double, Double).self, capacity: 3) { rows in
                        projective_points(rows, Double(y) + 0.5, Int32(area.x0), count, Int32(width), Int32(height),
                                          xs, ys, kinds, avx2 ? 1 : 0)
                    }
                }
                var i = 0
                while i < count {
                    guard kinds[i] == 2, avx2 else {
                        if kinds[i] != 0 { composite(i, xs, ys, row + area.x0, maskRow.map { $0 + area.x0 }, factor, op) }
                        i += 1
                        continue
                    }
                    var end = i
                    while end < count && kinds[end] == 2 { end += 1 }
                    let done = bilinear_span_avx2(pixels.assumingMemoryBound(to: UInt8.self), stride, 0, 0, 0, 0,
                                                  xs + i, ys + i, row + area.x0 + i, maskRow.map { $0 + area.x0 + i },
                                                  factor, op == .add ? 1 : 0, end - i)
                    for k in (i + done)..<end { composite(k, xs, ys, row + area.x0, maskRow.map { $0 + area.x0 }, factor, op) }
                    i = end
                }
            }
        }

        /// Pixel `i` of a row (`row` and `maskRow` start at its first pixel), one at a time.
        @inline(__always)
        private func composite(_ i: Int, _ xs: UnsafeMutablePointer<Int32>, _ ys: UnsafeMutablePointer<Int32>,
                               _ row: UnsafeMutablePointer<UInt32>, _ maskRow: UnsafePointer<UInt8>?,
                               _ factor: UInt32, _ op: AffineKernel.Operator) {
            let sx = Int(xs[i]), sy = Int(ys[i])
            let ix = sx >> 16, iy = sy >> 16
            let s = AffineKernel.interpolate(pixel(ix, iy), pixel(ix + 1, iy), pixel(ix, iy + 1), pixel(ix + 1, iy + 1),
                                             dx: UInt32((sx >> 9) & 127), dy: UInt32((sy >> 9) & 127))
            guard s != 0 || op == .add else { return }
            row[i] = AffineKernel.combine(s, row[i], coverage: maskRow.map { UInt32($0[i]) } ?? factor, op)
        }

        /// Source pixel (x, y), transparent outside the image.
        @inline(__always)
        private func pixel(_ x: Int, _ y: Int) -> UInt32 {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            return (pixels + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        }
    }
}
