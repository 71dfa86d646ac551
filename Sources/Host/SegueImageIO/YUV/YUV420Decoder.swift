import SegueCompositor

/// 4:2:0 Y'CbCr to opaque ARGB32 in fixed point (coefficients scaled by
/// 2¹⁶), each pixel taking its 2×2 block's chroma sample, as FFmpeg's
/// unscaled converters do. Within 1 of `YCbCr.decode` on every channel.
public struct YUV420Decoder {
    public let matrix: YCbCr
    /// R = (Y' − offset)·luma + (Cr − 128)·crRed, B likewise with Cb, G from both.
    let luma: Int, lumaOffset: Int
    let crRed: Int, cbBlue: Int, cbGreen: Int, crGreen: Int

    static let fractionBits = 16

    public init(matrix: YCbCr) {
        self.matrix = matrix
        let one = Double(1 << Self.fractionBits)
        func fixed(_ value: Double) -> Int { Int((value * one).rounded()) }
        let (kR, kG, kB) = (matrix.kr, matrix.kg, matrix.kb)
        let chroma = matrix.chromaScale
        luma = fixed(1 / matrix.lumaScale)
        lumaOffset = matrix.lumaOffset
        crRed = fixed(2 * (1 - kR) / chroma)
        cbBlue = fixed(2 * (1 - kB) / chroma)
        cbGreen = fixed(-2 * kB * (1 - kB) / (kG * chroma))
        crGreen = fixed(-2 * kR * (1 - kR) / (kG * chroma))
    }

    /// Fills `surface` (the planes' size) from `planes`.
    public func convert(_ planes: YUV420Planes, into surface: Surface) {
        precondition(planes.width == surface.width && planes.height == surface.height)
        let half = 1 << (Self.fractionBits - 1)
        let step = planes.chromaStep
        for y in 0..<planes.height {
            let lumaRow = planes.luma + y * planes.lumaStride
            let cbRow = planes.cb + (y / 2) * planes.chromaStride
            let crRow = planes.cr + (y / 2) * planes.chromaStride
            let row = surface.row(y)
            for x in 0..<planes.width {
                let l = (Int(lumaRow[x]) - lumaOffset) &* luma &+ half
                let cb = Int(cbRow[(x / 2) * step]) - 128, cr = Int(crRow[(x / 2) * step]) - 128
                let red = Self.clamp((l &+ crRed &* cr) >> Self.fractionBits)
                let green = Self.clamp((l &+ cbGreen &* cb &+ crGreen &* cr) >> Self.fractionBits)
                let blue = Self.clamp((l &+ cbBlue &* cb) >> Self.fractionBits)
                row[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
    }

    @inline(__always)
    static func clamp(_ value: Int) -> UInt32 { UInt32(truncatingIfNeeded: min(max(value, 0), 255)) }
}
