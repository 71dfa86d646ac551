import CVectorKernels
import SegueBasics

/// Draws a `Distortion` with the point sampler: device pixel (X, Y) shows
/// the source position the distortion maps its position, (X + ½, Y + ½) in
/// the distortion's frame coordinates, to. The map fills a row of positions
/// at a time; CVectorKernels' `sample_points` turns them into sample points
/// (positions outside the source, or not finite, draw nothing). An identity
/// map at whole-pixel positions reads every pixel exactly.
///
/// An opaque distorted image hides what lies under its inner pixels (a wave
/// over the view it replaces): as a `Cover`, it finds them from its points,
/// computed as drawing computes them.
struct DistortionKernel: AffineKernel.Cover, AffineKernel.Vectorizable, @unchecked Sendable {
    let distortion: Distortion
    /// Where the distortion's frame origin lies on the device.
    let origin: Point
    /// The source, and the device pixel its pixel (0, 0) is.
    let sampler: PointSampler
    let sourceOrigin: (x: Int, y: Int)

    /// Combines the distorted source, times `coverage`, with the destination
    /// pixels of `area` (pixel (0, 0) of `destination` is device pixel
    /// `destinationOrigin`), by `op`; `vectorized: false` keeps to the
    /// scalar code (for tests).
    func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                   into destination: UnsafeMutableRawPointer, destinationStride: Int,
                   origin destinationOrigin: (x: Int, y: Int), area: PixelRect, vectorized: Bool) {
        guard !area.isEmpty else { return }
        let positions = UnsafeMutablePointer<Double>.allocate(capacity: 2 * min(area.width, PointSampler.segment))
        defer { positions.deallocate() }
        let avx2 = vectorized && Processor.hasAVX2
        sampler.composite(op, coverage: coverage, into: destination, destinationStride: destinationStride,
                          origin: destinationOrigin, area: area, vectorized: vectorized) { x0, y, count, xs, ys, kinds in
            points(x0, y, count, xs, ys, kinds, positions: positions, avx2: avx2)
        }
    }

    /// The sample points of `count` pixels of device row `y` from column
    /// `x0` (see `PointSampler.Points`), the map's positions going through
    /// `positions` (room for 2·count numbers).
    private func points(_ x0: Int, _ y: Int, _ count: Int, _ xs: UnsafeMutablePointer<Int32>,
                        _ ys: UnsafeMutablePointer<Int32>, _ kinds: UnsafeMutablePointer<UInt8>,
                        positions: UnsafeMutablePointer<Double>, avx2: Bool) {
        let first = Point(x: Double(x0) + 0.5 - origin.x, y: Double(y) + 0.5 - origin.y)
        distortion.map(first, count, positions)
        sample_points(positions, count, Double(sourceOrigin.x) - origin.x, Double(sourceOrigin.y) - origin.y,
                      Int32(sampler.width), Int32(sampler.height), xs, ys, kinds, avx2 ? 1 : 0)
    }

    /// The longest run of inner pixels of row `y` within `columns` (a
    /// distortion's inner pixels may lie in several runs; the others are
    /// drawn over, as the pixels around them are).
    func innerColumns(_ y: Int, within columns: Range<Int>) -> Range<Int> {
        let positions = UnsafeMutablePointer<Double>.allocate(capacity: 2 * columns.count)
        defer { positions.deallocate() }
        return PointSampler.longestInnerRun(y, within: columns) { x0, y, count, xs, ys, kinds in
            points(x0, y, count, xs, ys, kinds, positions: positions, avx2: Processor.hasAVX2)
        }
    }

    func isOpaque(forEach: ParallelLoop) -> Bool {
        AffineKernel.isOpaque(sampler.pixels, width: sampler.width, height: sampler.height, stride: sampler.stride,
                              forEach: forEach)
    }

    var sourceArea: Int { sampler.width * sampler.height }

    var innerColumnsCost: Double { 2.0 / 3 }
}
