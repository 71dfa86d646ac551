import CVectorKernels

/// Applies a `ColorMatrix` to premultiplied ARGB32 pixels in place: with
/// a pixel's channels r, g, b, a (0…255, colour premultiplied) and s the
/// alpha scale,
///
///     c' = round(clamp(s·M·(r, g, b) + s·a·o, 0, s·a))
///     a' = round(s·a)
///
/// which is `alphaScale · clamp(M·p + a·o, 0, a)` with the scale taken
/// inside the clamp. The weights are fixed point with up to 14 fractional
/// bits (fewer for matrices so large that a sum would not fit 31 bits),
/// so a channel is within a unit of the closed form; the pass runs in
/// CVectorKernels, AVX2 or baseline, integer for integer the same.
struct ColorMatrixKernel {
    private var weights: [[Int32]]
    private let bound: Int32
    private let shift: Int32
    /// Whether the pass may use AVX2 (false in tests of the baseline).
    var avx2 = Processor.hasAVX2

    init(_ m: ColorMatrix) {
        let scale = min(max(m.alphaScale, 0), 1)
        let rows = [m.red, m.green, m.blue].map { row in (0..<4).map { row[$0] * scale } }
        // The most fractional bits (up to 14) that keep every sum, 255 times the row's weights, within 31 bits.
        let largest = rows.map { $0.reduce(0) { $0 + abs($1) } }.max()! + 1
        var shift: Int32 = 14
        while shift > 1 && largest * 255 * Double(1 << shift) >= Double(Int32.max) { shift -= 1 }
        let one = Double(1 << shift), limit = Double(Int32.max) / 255 / 4
        weights = rows.map { row in row.map { Int32(min(max(($0 * one).rounded(), -limit), limit)) } }
        bound = Int32((scale * one).rounded())
        self.shift = shift
    }

    /// Rows per band when `forEach` shares the work.
    private static let bandRows = 32

    /// Adjusts every pixel of `surface`, in bands of rows through `forEach`.
    func apply(to surface: Surface, forEach: ParallelLoop = serially) {
        let bands = (surface.height + Self.bandRows - 1) / Self.bandRows
        let m = (tuple(0), tuple(1), tuple(2))
        forEach(bands) { band in
            var matrix = m
            withUnsafePointer(to: &matrix) { rows in
                rows.withMemoryRebound(to: (Int32, Int32, Int32, Int32).self, capacity: 3) { rows in
                    let first = band * Self.bandRows
                    for y in first..<min(first + Self.bandRows, surface.height) {
                        color_matrix_line(surface.row(y), surface.width, rows, bound, shift, avx2 ? 1 : 0)
                    }
                }
            }
        }
    }

    private func tuple(_ row: Int) -> (Int32, Int32, Int32, Int32) {
        (weights[row][0], weights[row][1], weights[row][2], weights[row][3])
    }
}
