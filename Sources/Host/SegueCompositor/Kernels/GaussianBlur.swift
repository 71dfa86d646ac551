import CVectorKernels
import Glibc
import SegueBasics

/// A Gaussian blur of premultiplied ARGB32 whose cost does not grow with
/// its radius. σ is reached at a reduced scale: the image is halved L times
/// with the binomial [1 3 3 1] (each halving a small Gaussian-like filter of
/// its own), blurred there by a sampled Gaussian truncated at 3σ, and drawn
/// back magnified by k = 2^L with bilinear filtering. The halvings and the
/// magnification add known variances (¼(k² − 1) and k²/6 pixels²), so the
/// Gaussian at the reduced scale takes only the rest:
///
///     σ_r² = (σ² − ¼(k² − 1) − k²/6) / k²
///
/// k is the largest power of two (up to 64) that leaves σ/k ≥ 2: the blur
/// at the reduced scale always spans a few pixels, which keeps the
/// magnification's error small. So the work at the reduced scale is
/// bounded (σ_r < 4 there, nine taps a side at most) and the rest is a few
/// passes over the image. Against a direct Gaussian convolution the result
/// is within 2 units in the last place (the tests check it).
///
/// The arithmetic is integer (CVectorKernels: Q14 weights, Q7 between the
/// two passes), so every processor gives the same bytes, with or without
/// AVX2. Outside its image the content is transparent, or, for an opaque
/// blur, its edge pixels repeat: the image is first extended by 3σ of
/// repeated edge (the pyramid's halvings would otherwise repeat averaged
/// edges, not the edge pixels) and the result is made opaque.
struct GaussianBlur {
    let sigma: Double
    let opaque: Bool
    /// Whether the passes may use AVX2 (false in tests of the baseline).
    var avx2 = Processor.hasAVX2

    init(sigma: Double, opaque: Bool) {
        self.sigma = sigma
        self.opaque = opaque
    }

    /// What a blur reads: `image` at (`x`, `y`) in a transparent frame of
    /// `width` × `height` pixels — the region a blur reaches around a view,
    /// without copying the view into a padded image first. The blur of a
    /// frame is the blur of the padded image it stands for, byte for byte.
    struct Source {
        let image: Surface
        let x: Int, y: Int
        let width: Int, height: Int

        /// `image` alone: a frame of its own size.
        init(_ image: Surface) {
            self.init(image, at: (0, 0), in: (image.width, image.height))
        }

        /// `image` at `origin` in a frame of `size`, which must hold it.
        init(_ image: Surface, at origin: (x: Int, y: Int), in size: (width: Int, height: Int)) {
            precondition(origin.x >= 0 && origin.y >= 0 && origin.x + image.width <= size.width
                && origin.y + image.height <= size.height, "the image must lie inside its frame")
            self.image = image
            (x, y) = origin
            (width, height) = size
        }

        /// The image's columns in the frame.
        var columns: Range<Int> { x..<(x + image.width) }

        /// Frame row `r` indexed by frame column (valid at `columns` only);
        /// nil for a transparent row.
        func row(_ r: Int) -> UnsafePointer<UInt32>? {
            (y..<(y + image.height)).contains(r) ? UnsafePointer(image.row(r - y)) - x : nil
        }
    }

    /// The reduction factor k (see above).
    var factor: Int {
        var k = 1
        while sigma / Double(2 * k) >= 2 && k < 64 { k *= 2 }
        return k
    }

    /// How far the blur carries a pixel, in pixels: 3σ, where the Gaussian's
    /// tail weighs under 0.3% (the kernel stops there too), and twice the
    /// reduction factor for the halvings' and the magnification's footprints.
    var reach: Int { Int((3 * sigma).rounded(.up)) + 2 * factor }

    /// σ at the reduced scale, in its pixels.
    var reducedSigma: Double {
        let k = Double(factor)
        guard k > 1 else { return sigma }
        return ((sigma * sigma - 0.25 * (k * k - 1) - k * k / 6) / (k * k)).squareRoot()
    }

    /// A sampled Gaussian of `sigma`, truncated at 3σ (at least one tap a
    /// side), in Q14: non-negative and summing to exactly 16384, the largest
    /// rounding put on the centre. Below σ = 0.2 that is [0, 16384, 0]:
    /// so it is for any smaller σ, however small (2σ² may underflow to 0).
    static func weights(sigma requested: Double) -> [Int32] {
        let sigma = max(requested, 0.2)
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let exact = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = exact.reduce(0, +)
        var weights = exact.map { Int32(($0 / total * 16384).rounded()) }
        weights[radius] += 16384 - weights.reduce(0, +)
        return weights
    }

    /// Blurs `frame`: the blurred image and the transform that places it
    /// over the frame (a magnification by `factor` about the image's 1-pixel
    /// border, or none). The image's memory comes from `layers`. An opaque
    /// blur repeats its image's edge, so its frame must be the image alone.
    func apply(to frame: Source, layers: LayerPool, forEach: ParallelLoop) throws
        -> (image: LayerPool.Lease, transform: AffineTransform) {
        guard opaque else { return try blur(frame, layers: layers, forEach: forEach) }
        precondition(frame.columns == 0..<frame.width && frame.image.height == frame.height,
                     "an opaque blur's frame is its image")
        let source = frame.image
        let margin = reach
        let extended = try layers.lease(width: source.width + 2 * margin, height: source.height + 2 * margin,
                                        cleared: false)
        forEach(Self.bands(extended.surface.height)) { band in
            let first = band * Self.bandRows
            for y in first..<min(first + Self.bandRows, extended.surface.height) {
                let row = source.row(min(max(y - margin, 0), source.height - 1))
                let out = extended.surface.row(y)
                out.update(repeating: row[0], count: margin)
                (out + margin).update(from: row, count: source.width)
                (out + margin + source.width).update(repeating: row[source.width - 1], count: margin)
            }
        }
        let (image, transform) = try blur(Source(extended.surface), layers: layers, forEach: forEach)
        let surface = image.surface
        forEach(Self.bands(surface.height)) { band in
            let first = band * Self.bandRows
            for y in first..<min(first + Self.bandRows, surface.height) {
                let row = surface.row(y)
                for x in 0..<surface.width { row[x] |= 0xFF00_0000 }
            }
        }
        return (image, transform.concatenating(.translation(x: -Double(margin), y: -Double(margin))))
    }

    /// The blur of `source`, transparent beyond its edges (see `apply`).
    private func blur(_ source: Source, layers: LayerPool, forEach: ParallelLoop) throws
        -> (image: LayerPool.Lease, transform: AffineTransform) {
        var levels: [LayerPool.Lease] = []
        var current = source
        let k = factor
        for _ in 0..<k.trailingZeroBitCount {
            let half = try layers.lease(width: (current.width + 1) / 2, height: (current.height + 1) / 2, cleared: false)
            halve(current, into: half.surface, forEach: forEach)
            levels.append(half)
            current = Source(half.surface)
        }
        // A reduced image gets a border, so that its magnification's edges are the blur's own.
        let border = k > 1 ? 1 : 0
        let image = try layers.lease(width: current.width + 2 * border, height: current.height + 2 * border,
                                     cleared: false)
        convolve(current, into: image.surface, border: border, forEach: forEach)
        withExtendedLifetime(levels) {}
        let transform = k > 1
            ? AffineTransform(a: Double(k), b: 0, c: 0, d: Double(k), tx: -Double(k), ty: -Double(k))
            : .identity
        return (image, transform)
    }

    /// Rows per band when the passes share a surface among threads.
    private static let bandRows = 16

    private static func bands(_ rows: Int) -> Int { (rows + bandRows - 1) / bandRows }

    /// `half` (⌈w/2⌉ × ⌈h/2⌉) from `source`'s frame (w × h), [1 3 3 1] in
    /// each direction. Output pixel x reads frame pixels 2x − 1 … 2x + 2:
    /// where they all lie in the image, it is read in place; the output
    /// pixels nearer the frame's edges read a padded copy of what they need.
    /// (Internal for the tests.)
    func halve(_ source: Source, into half: Surface, forEach: ParallelLoop) {
        let columns = source.columns
        // 2x − 1 ≥ columns.lowerBound and 2x + 2 ≤ columns.upperBound − 1, within the half row.
        let first = (columns.lowerBound + 2) / 2, end = (columns.upperBound - 3) / 2 + 1
        let inner = min(first, half.width)..<min(max(first, end), half.width)
        let edges = [0..<inner.lowerBound, inner.upperBound..<half.width].filter { !$0.isEmpty }
        let longest = edges.map(\.count).max() ?? 0
        let zeros = [UInt32](repeating: 0, count: 2 * half.width + 2)
        zeros.withUnsafeBufferPointer { zeros in
            let zeroRow = UnsafeRawPointer(zeros.baseAddress!).assumingMemoryBound(to: UInt8.self)
            forEach(Self.bands(half.height)) { band in
                let edgeBytes = 4 * (2 * longest + 2)
                let scratch = UnsafeMutableRawPointer.allocate(byteCount: 4 * edgeBytes, alignment: 16)
                defer { scratch.deallocate() }
                let firstRow = band * Self.bandRows
                for y in firstRow..<min(firstRow + Self.bandRows, half.height) {
                    let rows = (0..<4).map { r in source.row(2 * y - 1 + r) }
                    let out = Self.bytes(half.row(y))
                    if !inner.isEmpty {
                        let lines = rows.map { row -> UnsafePointer<UInt8>? in
                            row.map { UnsafeRawPointer($0 + 2 * inner.lowerBound - 1).assumingMemoryBound(to: UInt8.self) }
                                ?? zeroRow
                        }
                        blur_halve_line(lines, out + 4 * inner.lowerBound, inner.count, avx2 ? 1 : 0)
                    }
                    for part in edges {
                        let lines = (0..<4).map { r -> UnsafePointer<UInt8>? in
                            let line = (scratch + r * edgeBytes).assumingMemoryBound(to: UInt32.self)
                            for i in 0..<(2 * part.count + 2) {
                                let x = 2 * part.lowerBound - 1 + i
                                line[i] = columns.contains(x) ? rows[r]?[x] ?? 0 : 0
                            }
                            return UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self)
                        }
                        blur_halve_line(lines, out + 4 * part.lowerBound, part.count, avx2 ? 1 : 0)
                    }
                }
            }
        }
    }

    private static func bytes(_ row: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt8.self)
    }

    /// The Gaussian of `reducedSigma` over `surface`, into `image` inside a
    /// transparent border of `border` pixels, which the blur reaches into:
    /// row by row, the vertical pass into one Q7 line (the rows it reads
    /// stay in the cache from one output row to the next), then the
    /// horizontal pass out of it.
    private func convolve(_ source: Source, into image: Surface, border: Int, forEach: ParallelLoop) {
        let weights = Self.weights(sigma: reducedSigma)
        let radius = weights.count / 2
        let wide = source.width + 2 * border
        let columns = source.columns
        let zeros = [UInt8](repeating: 0, count: 4 * columns.count)
        weights.withUnsafeBufferPointer { w in
            zeros.withUnsafeBufferPointer { zeros in
                forEach(Self.bands(image.height)) { band in
                    // The Q7 line: radius + border transparent pixels each side of the
                    // frame's row, and its columns outside the image, never written.
                    let lineCount = 4 * (wide + 2 * radius)
                    let line = UnsafeMutablePointer<Int16>.allocate(capacity: lineCount)
                    defer { line.deallocate() }
                    line.initialize(repeating: 0, count: lineCount)
                    var rows = [UnsafePointer<UInt8>?](repeating: nil, count: w.count)
                    let first = band * Self.bandRows
                    for y in first..<min(first + Self.bandRows, image.height) {
                        // Output row y is frame row y − border.
                        for t in 0..<w.count {
                            rows[t] = source.row(y - border + t - radius).map {
                                UnsafeRawPointer($0 + columns.lowerBound).assumingMemoryBound(to: UInt8.self)
                            } ?? zeros.baseAddress
                        }
                        blur_line_vertical(rows, line + 4 * (radius + border + columns.lowerBound), 4 * columns.count,
                                           w.baseAddress!, w.count, avx2 ? 1 : 0)
                        blur_line_horizontal(line, Self.bytes(image.row(y)), wide, w.baseAddress!, w.count,
                                             avx2 ? 1 : 0)
                    }
                }
            }
        }
    }
}
