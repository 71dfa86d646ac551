import CVectorKernels
import SegueBasics

/// Draws a `Distortion` with the point sampler: device pixel (X, Y) shows
/// the source position the distortion maps its position, (X + ½, Y + ½) in
/// the distortion's frame coordinates, to. The map fills a row of positions
/// at a time; CVectorKernels' `sample_points` turns them into sample points
/// (positions outside the source, or not finite, draw nothing). An identity
/// map at whole-pixel positions reads every pixel exactly.
struct DistortionKernel: AffineKernel.Sampled, @unchecked Sendable {
    let distortion: Distortion
    /// Where the distortion's frame origin lies on the device.
    let origin: Point
    /// The source, and the device pixel its pixel (0, 0) is.
    let sampler: PointSampler
    let sourceOrigin: (x: Int, y: Int)

    func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                   into destination: UnsafeMutableRawPointer, destinationStride: Int, origin: (x: Int, y: Int),
                   area: PixelRect) {
        composite(op, coverage: coverage, into: destination, destinationStride: destinationStride, origin: origin,
                  area: area, vectorized: true)
    }

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
        let (width, height) = (Int32(sampler.width), Int32(sampler.height))
        let sourceX = Double(sourceOrigin.x) - origin.x, sourceY = Double(sourceOrigin.y) - origin.y
        let avx2: Int32 = vectorized && Processor.hasAVX2 ? 1 : 0
        sampler.composite(op, coverage: coverage, into: destination, destinationStride: destinationStride,
                          origin: destinationOrigin, area: area, vectorized: vectorized) { x0, y, count, xs, ys, kinds in
            let first = Point(x: Double(x0) + 0.5 - origin.x, y: Double(y) + 0.5 - origin.y)
            distortion.map(first, count, positions)
            sample_points(positions, count, sourceX, sourceY, width, height, xs, ys, kinds, avx2)
        }
    }
}
