import CVectorKernels
import SegueBasics

/// Draws an image seen in perspective — placed by a projective transform —
/// with the point sampler: device pixel (X, Y) shows the source point the
/// inverse transform maps (X + ½, Y + ½) to, (u, v) = (u′/w, v′/w),
/// computed in double precision per pixel (CVectorKernels'
/// `projective_points`, the same bits with or without AVX2). Points with
/// w ≤ 0 lie behind the eye and are left alone.
///
/// pixman draws the same transforms through its general fetcher (16.16
/// fixed point per pixel); the two agree to within a few units, pixman's
/// fixed point moving its samples by up to a fifth of a pixel (the tests
/// measure it), and this kernel is several times faster (`make bench`).
enum ProjectiveKernel {
    /// A source placed on the device: the device → source transform and
    /// the source's sampler, usable for any number of bands, from any thread.
    struct Placement: AffineKernel.Cover, AffineKernel.Vectorizable, @unchecked Sendable {
        /// Device → source.
        let inverse: ProjectiveTransform
        let sampler: PointSampler

        /// The placement of `source` by `transform` (source → device), or
        /// nil when it cannot be inverted, or the source is too large for the
        /// sampler (pixman draws it then).
        init?(source: Surface, transform: ProjectiveTransform) {
            guard let inverse = transform.inverted, inverse.isFinite, let sampler = PointSampler(source) else {
                return nil
            }
            self.inverse = inverse
            self.sampler = sampler
        }

        func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                       into destination: UnsafeMutableRawPointer, destinationStride: Int, origin: (x: Int, y: Int),
                       area: PixelRect, vectorized: Bool) {
            let avx2 = vectorized && Processor.hasAVX2
            sampler.composite(op, coverage: coverage, into: destination, destinationStride: destinationStride,
                              origin: origin, area: area, vectorized: vectorized) { x0, y, count, xs, ys, kinds in
                points(x0, y, count, xs, ys, kinds, avx2: avx2)
            }
        }

        /// The sample points of `count` pixels of device row `y` from column `x0` (see `PointSampler.Points`).
        private func points(_ x0: Int, _ y: Int, _ count: Int, _ xs: UnsafeMutablePointer<Int32>,
                            _ ys: UnsafeMutablePointer<Int32>, _ kinds: UnsafeMutablePointer<UInt8>, avx2: Bool) {
            let g = inverse
            var matrix = ((g.m11, g.m12, g.m13), (g.m21, g.m22, g.m23), (g.m31, g.m32, g.m33))
            withUnsafePointer(to: &matrix) { rows in
                rows.withMemoryRebound(to: (Double, Double, Double).self, capacity: 3) { rows in
                    projective_points(rows, Double(y) + 0.5, Int32(x0), count, Int32(sampler.width),
                                      Int32(sampler.height), xs, ys, kinds, avx2 ? 1 : 0)
                }
            }
        }

        /// The longest run of inner pixels, from the row's points computed as
        /// drawing computes them. (The inner pixels of a row are one run where
        /// the arithmetic is exact, a projected rectangle being convex.)
        func innerColumns(_ y: Int, within columns: Range<Int>) -> Range<Int> {
            PointSampler.longestInnerRun(y, within: columns) { x0, y, count, xs, ys, kinds in
                points(x0, y, count, xs, ys, kinds, avx2: Processor.hasAVX2)
            }
        }

        func isOpaque(forEach: ParallelLoop) -> Bool {
            AffineKernel.isOpaque(sampler.pixels, width: sampler.width, height: sampler.height, stride: sampler.stride,
                                  forEach: forEach)
        }

        var sourceArea: Int { sampler.width * sampler.height }

        var innerColumnsCost: Double { 1.0 / 3 }
    }
}
