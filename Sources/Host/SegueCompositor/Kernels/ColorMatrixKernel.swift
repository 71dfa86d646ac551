/// Applies a `ColorMatrix` to premultiplied ARGB32 pixels in place: with
/// a pixel's channels r, g, b, a (0…255, colour premultiplied),
///
///     c' = round(alphaScale · clamp(M·(r, g, b) + a·o, 0, a))
///     a' = round(alphaScale · a)
///
/// in single precision, one pixel per 4-lane vector (b, g, r, a, the
/// bytes' order). Every step is exact in Float except the products and
/// sums, whose rounding is far below half a unit of the result, so the
/// bytes are those of the closed form (`ColorMatrix.apply`) rounded, or
/// one off where the closed form lands within 10⁻⁴ of a half. Single
/// precision without fused multiply-adds is the same on every processor.
struct ColorMatrixKernel {
    /// Columns of the map on (r, g, b, a), as (b, g, r, a) lanes.
    private let red: SIMD4<Float>, green: SIMD4<Float>, blue: SIMD4<Float>, alpha: SIMD4<Float>
    private let scale: Float

    init(_ m: ColorMatrix) {
        func column(_ i: Int) -> SIMD4<Float> {
            SIMD4(Float(m.blue[i]), Float(m.green[i]), Float(m.red[i]), i == 3 ? 1 : 0)
        }
        red = column(0)
        green = column(1)
        blue = column(2)
        alpha = column(3)
        scale = Float(min(max(m.alphaScale, 0), 1))
    }

    /// Rows per band when `forEach` shares the work.
    private static let bandRows = 32

    /// Adjusts every pixel of `surface`, in bands of rows through `forEach`.
    func apply(to surface: Surface, forEach: ParallelLoop = serially) {
        let bands = (surface.height + Self.bandRows - 1) / Self.bandRows
        forEach(bands) { band in
            let first = band * Self.bandRows
            for y in first..<min(first + Self.bandRows, surface.height) {
                apply(to: surface.row(y), count: surface.width)
            }
        }
    }

    /// Adjusts `count` pixels from `row` on.
    func apply(to row: UnsafeMutablePointer<UInt32>, count: Int) {
        let byte = SIMD4<UInt32>(repeating: 0xFF)
        let shifts = SIMD4<UInt32>(0, 8, 16, 24)
        for x in 0..<count {
            let pixel = row[x]
            guard pixel != 0 else { continue }   // transparent stays transparent: M·0 + 0·o = 0
            let channels = SIMD4<Float>((SIMD4(repeating: pixel) &>> shifts) & byte)
            let a = channels.w
            var v = red * channels.z + green * channels.y + blue * channels.x + alpha * a
            v = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: a))
            v = v * scale + 0.5
            let bytes = SIMD4<UInt32>(v.rounded(.down)) &<< shifts
            row[x] = bytes.x | bytes.y | bytes.z | bytes.w
        }
    }
}
