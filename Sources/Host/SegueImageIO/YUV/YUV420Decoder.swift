import CVectorKernels
import SegueBasics
import SegueCompositor

/// 4:2:0 Y'CbCr to opaque ARGB32 in fixed point (coefficients scaled by
/// 2¹⁶), each pixel taking its 2×2 block's chroma sample, as FFmpeg's
/// unscaled converters do. Within 1 of `YCbCr.decode` on every channel.
///
/// Rows go sixteen pixels at a time through AVX2 (CVectorKernels) where the
/// processor has it, then eight at a time through Swift's SIMD types (SSE on
/// x86-64, NEON on ARM): the same integer arithmetic as the scalar code that
/// finishes each row, so all three give the same bytes.
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

    /// The AVX2 kernel's weights (see vector_kernels.h for its bounds).
    private var wide: yuv420_decode_weights {
        yuv420_decode_weights(luma: Int32(luma), luma_offset: Int32(lumaOffset), cr_red: Int32(crRed),
                              cb_blue: Int32(cbBlue), cb_green: Int32(cbGreen), cr_green: Int32(crGreen))
    }

    /// Fills `surface` (the planes' size) from `planes`. For tests:
    /// `vectorized: false` converts every pixel with the scalar code,
    /// `avx2: false` keeps to Swift's SIMD types where AVX2 runs.
    public func convert(_ planes: YUV420Planes, into surface: Surface, vectorized: Bool = true,
                        avx2: Bool = Processor.hasAVX2) {
        precondition(planes.width == surface.width && planes.height == surface.height)
        let half = 1 << (Self.fractionBits - 1)
        let step = planes.chromaStep
        var weights = wide
        for y in 0..<planes.height {
            let lumaRow = planes.luma + y * planes.lumaStride
            let cbRow = planes.cb + (y / 2) * planes.chromaStride
            let crRow = planes.cr + (y / 2) * planes.chromaStride
            let row = surface.row(y)
            var first = 0
            if vectorized && avx2 {
                first = yuv420_decode_row_avx2(&weights, lumaRow, cbRow, crRow, step, row, planes.width)
            }
            if vectorized {
                while first + 8 <= planes.width {
                    convertEight(lumaRun: lumaRow + first, cb: cbRow + first / 2 * step, cr: crRow + first / 2 * step,
                                 step: step, into: row + first)
                    first += 8
                }
            }
            for x in first..<planes.width {
                let l = (Int(lumaRow[x]) - lumaOffset) &* luma &+ half
                let cb = Int(cbRow[(x / 2) * step]) - 128, cr = Int(crRow[(x / 2) * step]) - 128
                let red = Self.clamp((l &+ crRed &* cr) >> Self.fractionBits)
                let green = Self.clamp((l &+ cbGreen &* cb &+ crGreen &* cr) >> Self.fractionBits)
                let blue = Self.clamp((l &+ cbBlue &* cb) >> Self.fractionBits)
                row[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
    }

    /// Pixels x … x + 7 (x even): the scalar arithmetic in eight Int32 lanes.
    @inline(__always)
    private func convertEight(lumaRun: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                              step: Int, into row: UnsafeMutablePointer<UInt32>) {
        let y = SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(lumaRun).loadUnaligned(as: SIMD8<UInt8>.self))
        func chroma(_ p: UnsafePointer<UInt8>) -> SIMD8<Int32> {
            let (a, b, c, d) = (Int32(p[0]), Int32(p[step]), Int32(p[2 * step]), Int32(p[3 * step]))
            return SIMD8<Int32>(a, a, b, b, c, c, d, d) &- SIMD8<Int32>(repeating: 128)
        }
        let u: SIMD8<Int32> = chroma(cb), v: SIMD8<Int32> = chroma(cr)
        let offset = SIMD8<Int32>(repeating: Int32(lumaOffset))
        let rounding = SIMD8<Int32>(repeating: Int32(1 << (Self.fractionBits - 1)))
        let l: SIMD8<Int32> = (y &- offset) &* Int32(luma) &+ rounding
        let redSum: SIMD8<Int32> = l &+ v &* Int32(crRed)
        let greenSum: SIMD8<Int32> = l &+ u &* Int32(cbGreen) &+ v &* Int32(crGreen)
        let blueSum: SIMD8<Int32> = l &+ u &* Int32(cbBlue)
        func channel(_ sum: SIMD8<Int32>) -> SIMD8<UInt32> {
            let shifted: SIMD8<Int32> = sum &>> Int32(Self.fractionBits)
            let clamped = shifted.clamped(lowerBound: SIMD8(repeating: 0), upperBound: SIMD8(repeating: 255))
            return SIMD8<UInt32>(truncatingIfNeeded: clamped)
        }
        let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        let pixels: SIMD8<UInt32> = opaque | channel(redSum) &<< 16 | channel(greenSum) &<< 8 | channel(blueSum)
        UnsafeMutableRawPointer(row).storeBytes(of: pixels, as: SIMD8<UInt32>.self)
    }

    @inline(__always)
    static func clamp(_ value: Int) -> UInt32 { UInt32(truncatingIfNeeded: min(max(value, 0), 255)) }
}
