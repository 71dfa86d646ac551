import SegueBasics
import SegueCompositor

/// Premultiplied ARGB32 to planar 4:2:0 Y'CbCr (I420: the Y plane, then Cb,
/// then Cr) in fixed point: coefficients scaled by 2¹⁶, chroma from the sum
/// of a 2×2 block (hence 2¹⁸), sited as in JPEG (the block's average).
///
/// Surfaces are premultiplied, so their colour channels already are the
/// colour composited over black; alpha is dropped.
///
/// This is the portable scalar code; `YUV420Encoder+SSE2.swift` beside it
/// converts eight pixels at a time where that gives the same integers, and
/// sixteen with AVX2 (CVectorKernels) where the processor has it.
public struct YUV420Encoder {
    public let width: Int
    public let height: Int
    public let chromaWidth: Int
    public let chromaHeight: Int
    public let matrix: YCbCr

    /// Y' = offset + scale · (kR R + kG G + kB B): 16 + 219/255 · … in limited range.
    let lumaRed: Int, lumaGreen: Int, lumaBlue: Int
    let lumaOffset: Int
    /// Cb = 128 + scale · (B − Y') / (2 (1 − kB)), scale 224/255 in limited
    /// range; Cr likewise with R.
    let cbRed: Int, cbGreen: Int, cbBlue: Int
    let crRed: Int, crGreen: Int, crBlue: Int

    static let fractionBits = 16

    public init(width: Int, height: Int, matrix: YCbCr = .bt709) {
        self.width = width
        self.height = height
        self.matrix = matrix
        chromaWidth = (width + 1) / 2
        chromaHeight = (height + 1) / 2
        let one = Double(1 << Self.fractionBits)
        func fixed(_ value: Double) -> Int { Int((value * one).rounded()) }
        let lumaScale = matrix.lumaScale, chromaScale = matrix.chromaScale
        let (kR, kG, kB) = (matrix.kr, matrix.kg, matrix.kb)
        lumaOffset = matrix.lumaOffset
        lumaRed = fixed(lumaScale * kR)
        lumaGreen = fixed(lumaScale * kG)
        lumaBlue = fixed(lumaScale * kB)
        let cbScale = chromaScale / (2 * (1 - kB))
        cbRed = fixed(-cbScale * kR)
        cbGreen = fixed(-cbScale * kG)
        cbBlue = fixed(cbScale * (1 - kB))
        let crScale = chromaScale / (2 * (1 - kR))
        crRed = fixed(crScale * (1 - kR))
        crGreen = fixed(-crScale * kG)
        crBlue = fixed(-crScale * kB)
    }

    /// Bytes of the three planes together.
    public var planeBytes: Int { width * height + 2 * chromaWidth * chromaHeight }

    /// Fills `planes` (Y, then Cb, then Cr) from `surface`, which must be
    /// `width`×`height`. Odd sizes repeat the last column or row into the
    /// final 2×2 block.
    ///
    /// Blocks go sixteen pixels at a time through AVX2 where the processor
    /// has it, then eight at a time through SSE2, where that gives the same
    /// integers as `luma` and `chroma` (see `vectorSteps`), the rest one
    /// block at a time; `vectorized: false`
    /// converts every block with the scalar functions (for tests). Bands of
    /// `bandBlockRows` rows of blocks go through `loop`, so the render
    /// threads can share a frame; each block is converted the same way
    /// whichever band it falls in.
    public func convert(_ surface: Surface, into planes: UnsafeMutablePointer<UInt8>, vectorized: Bool = true,
                        loop: ParallelLoop = serially) {
        convert(surface, into: planes, steps: vectorized ? vectorSteps : nil, loop: loop)
    }

    /// `convert` with the vector steps given (nil: every block scalar).
    func convert(_ surface: Surface, into planes: UnsafeMutablePointer<UInt8>, steps: VectorSteps?,
                 loop: ParallelLoop = serially) {
        let lumaPlane = planes
        let cbPlane = planes + width * height
        let crPlane = cbPlane + chromaWidth * chromaHeight
        let bands = (chromaHeight + Self.bandBlockRows - 1) / Self.bandBlockRows
        loop(bands) { band in
            let firstRow = band * Self.bandBlockRows
            for blockY in firstRow..<min(firstRow + Self.bandBlockRows, chromaHeight) {
                let y0 = 2 * blockY, y1 = min(y0 + 1, height - 1)
                let top = surface.row(y0), bottom = surface.row(y1)
                let lumaTop = lumaPlane + y0 * width, lumaBottom = lumaPlane + y1 * width
                let cb = cbPlane + blockY * chromaWidth, cr = crPlane + blockY * chromaWidth
                let firstBlock = steps?.convert(top: top, bottom: bottom, lumaTop: lumaTop, lumaBottom: lumaBottom,
                                                cb: cb, cr: cr, width: width) ?? 0
                convertRowPair(from: firstBlock, top: top, bottom: bottom, lumaTop: lumaTop, lumaBottom: lumaBottom,
                               cb: cb, cr: cr)
            }
        }
    }

    /// Rows of 2×2 blocks (twice as many pixel rows) per band of `convert`.
    static let bandBlockRows = 16

    /// One row of 2×2 blocks, from block `firstBlock` on. When `bottom`
    /// is `top` (odd height) the same luma row is written twice, which is
    /// harmless; likewise the last column when the width is odd.
    @inline(__always)
    private func convertRowPair(
        from firstBlock: Int,
        top: UnsafeMutablePointer<UInt32>, bottom: UnsafeMutablePointer<UInt32>,
        lumaTop: UnsafeMutablePointer<UInt8>, lumaBottom: UnsafeMutablePointer<UInt8>,
        cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>
    ) {
        for blockX in firstBlock..<chromaWidth {
            let x0 = 2 * blockX, x1 = min(x0 + 1, width - 1)
            var block = BlockSum()
            lumaTop[x0] = luma(top[x0], adding: &block)
            lumaTop[x1] = luma(top[x1], adding: &block)
            lumaBottom[x0] = luma(bottom[x0], adding: &block)
            lumaBottom[x1] = luma(bottom[x1], adding: &block)
            (cb[blockX], cr[blockX]) = chroma(block)
        }
    }

    /// The colour channels of four pixels, added up.
    struct BlockSum {
        var red = 0, green = 0, blue = 0
    }

    /// Y' of one pixel; adds its channels to `block`.
    @inline(__always)
    func luma(_ pixel: UInt32, adding block: inout BlockSum) -> UInt8 {
        let red = Int(truncatingIfNeeded: (pixel &>> 16) & 0xFF)
        let green = Int(truncatingIfNeeded: (pixel &>> 8) & 0xFF)
        let blue = Int(truncatingIfNeeded: pixel & 0xFF)
        block.red &+= red
        block.green &+= green
        block.blue &+= blue
        let offset = (lumaOffset << Self.fractionBits) + (1 << (Self.fractionBits - 1))
        let sum = lumaRed &* red &+ lumaGreen &* green &+ lumaBlue &* blue &+ offset
        return UInt8(truncatingIfNeeded: sum &>> Self.fractionBits)
    }

    /// Cb and Cr of the average of a 2×2 block, from its sum.
    @inline(__always)
    func chroma(_ block: BlockSum) -> (cb: UInt8, cr: UInt8) {
        let shift = Self.fractionBits + 2
        let offset = (128 << shift) + (1 << (shift - 1))
        let cb = cbRed &* block.red &+ cbGreen &* block.green &+ cbBlue &* block.blue &+ offset
        let cr = crRed &* block.red &+ crGreen &* block.green &+ crBlue &* block.blue &+ offset
        return (UInt8(truncatingIfNeeded: cb &>> shift), UInt8(truncatingIfNeeded: cr &>> shift))
    }
}
