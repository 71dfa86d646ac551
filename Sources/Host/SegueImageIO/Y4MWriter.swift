#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel
#endif
import Glibc
import SegueBasics
import SegueCompositor

/// Writes surfaces as a YUV4MPEG2 stream (what `ffmpeg -i -` and most
/// encoders read): 4:2:0 chroma sited as in JPEG (the average of each 2×2
/// block), BT.709 colours in limited range (Y 16…235, Cb and Cr 16…240).
///
/// Surfaces are premultiplied, so their colour channels already are the
/// colour composited over black; alpha is dropped and a transparent pixel
/// comes out black. The stream carries no colour-matrix tag: tell the encoder
/// BT.709 (e.g. `-colorspace bt709`).
///
/// The writer does not own `file`: it neither flushes nor closes it.
/// `[one thread per instance]`
public final class Y4MWriter {
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    private let file: UnsafeMutablePointer<FILE>
    private let name: String?
    private let converter: Converter
    /// "FRAME\n", then the Y, Cb and Cr planes: one frame, ready for one fwrite.
    private let frame: UnsafeMutableRawBufferPointer
    private var hasWrittenHeader = false

    /// A writer for frames of `width`×`height` pixels. Nothing is written
    /// until the first frame. `name` (the file's path, say) is quoted in
    /// error messages.
    /// - Throws: `.invalidArgument` for a side outside 1…`Surface.maximumSide`
    ///   or a rate below 1; `.outOfMemory`.
    public init(
        file: UnsafeMutablePointer<FILE>, width: Int, height: Int, framesPerSecond: Int, name: String? = nil
    ) throws {
        let sides = 1...Surface.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw SegueError.invalidArgument("a YUV4MPEG2 frame of \(width)×\(height) is outside 1…\(Surface.maximumSide) on a side")
        }
        guard framesPerSecond >= 1 else {
            throw SegueError.invalidArgument("a YUV4MPEG2 stream needs at least 1 frame per second, not \(framesPerSecond)")
        }
        converter = Converter(width: width, height: height)
        let size = Self.frameMarker.utf8.count + converter.planeBytes
        guard let memory = malloc(size) else {
            throw SegueError(.outOfMemory, "cannot allocate a \(width)×\(height) YUV4MPEG2 frame")
        }
        frame = UnsafeMutableRawBufferPointer(start: memory, count: size)
        frame.copyBytes(from: Self.frameMarker.utf8)
        self.file = file
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.name = name
    }

    deinit {
        free(frame.baseAddress)
    }

    /// The stream header, written before the first frame.
    public var header: String {
        "YUV4MPEG2 W\(width) H\(height) F\(framesPerSecond):1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n"
    }

    /// Appends one frame (and, the first time, the header).
    /// - Throws: `.invalidArgument` when the surface is not `width`×`height`;
    ///   `.io` when the stream refuses the bytes.
    public func write(_ surface: Surface) throws {
        guard surface.width == width, surface.height == height else {
            throw SegueError.invalidArgument(
                "a \(surface.width)×\(surface.height) surface cannot be a frame of \(describeTarget()), which is \(width)×\(height)")
        }
        if !hasWrittenHeader {
            var text = header
            try text.withUTF8 { try put(UnsafeRawBufferPointer($0)) }
            hasWrittenHeader = true
        }
        let planes = frame.baseAddress! + Self.frameMarker.utf8.count
        converter.convert(surface, into: planes.assumingMemoryBound(to: UInt8.self))
        try put(UnsafeRawBufferPointer(frame))
    }

    private static let frameMarker = "FRAME\n"

    private func put(_ bytes: UnsafeRawBufferPointer) throws {
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else {
            throw SegueError(.io, "cannot write \(describeTarget()): \(describeErrno())")
        }
    }

    private func describeTarget() -> String {
        name.map { "'\($0)'" } ?? "the YUV4MPEG2 stream"
    }

    /// The closed-form BT.709 limited-range conversion of one gamma-encoded
    /// (R', G', B') colour, in double precision, rounded to nearest. It is
    /// the reference the fixed-point conversion is tested against.
    public static func yuv(r: UInt8, g: UInt8, b: UInt8) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let (red, green, blue) = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        let luma = BT709.red * red + BT709.green * green + BT709.blue * blue
        let cb = (blue - luma) / (2 * (1 - BT709.blue))
        let cr = (red - luma) / (2 * (1 - BT709.red))
        func code(_ value: Double) -> UInt8 { UInt8(value.rounded()) }
        return (code(16 + 219 * luma), code(128 + 224 * cb), code(128 + 224 * cr))
    }
}

extension Y4MWriter {
    /// BT.709's luma weights.
    enum BT709 {
        static let red = 0.2126
        static let green = 0.7152
        static let blue = 0.0722
    }

    /// Premultiplied ARGB32 to planar 4:2:0 Y'CbCr in fixed point: coefficients
    /// scaled by 2¹⁶, chroma from the sum of a 2×2 block (hence 2¹⁸).
    struct Converter {
        let width: Int
        let height: Int
        let chromaWidth: Int
        let chromaHeight: Int

        /// Y' = 16 + 219/255 · (kR R + kG G + kB B).
        let lumaRed: Int, lumaGreen: Int, lumaBlue: Int
        /// Cb = 128 + 224/255 · (B − Y') / (2 (1 − kB)); Cr likewise with R.
        let cbRed: Int, cbGreen: Int, cbBlue: Int
        let crRed: Int, crGreen: Int, crBlue: Int

        static let fractionBits = 16

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            chromaWidth = (width + 1) / 2
            chromaHeight = (height + 1) / 2
            let one = Double(1 << Self.fractionBits)
            func fixed(_ value: Double) -> Int { Int((value * one).rounded()) }
            let lumaScale = 219.0 / 255, chromaScale = 224.0 / 255
            let (kR, kG, kB) = (BT709.red, BT709.green, BT709.blue)
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
        var planeBytes: Int { width * height + 2 * chromaWidth * chromaHeight }

        /// Fills `planes` (Y, then Cb, then Cr) from `surface`, which must be
        /// `width`×`height`. Odd sizes repeat the last column or row into the
        /// final 2×2 block.
        ///
        /// Blocks go eight pixels (four blocks) at a time through SSE2 where
        /// that gives the same integers as `luma` and `chroma` (see
        /// `vectorSteps`), the rest one block at a time; `vectorized: false`
        /// converts every block with the scalar functions (for tests).
        func convert(_ surface: Surface, into planes: UnsafeMutablePointer<UInt8>, vectorized: Bool = true) {
            let lumaPlane = planes
            let cbPlane = planes + width * height
            let crPlane = cbPlane + chromaWidth * chromaHeight
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
            let steps = vectorized ? vectorSteps : nil
            #endif
            for blockY in 0..<chromaHeight {
                let y0 = 2 * blockY, y1 = min(y0 + 1, height - 1)
                let top = surface.row(y0), bottom = surface.row(y1)
                let lumaTop = lumaPlane + y0 * width, lumaBottom = lumaPlane + y1 * width
                let cb = cbPlane + blockY * chromaWidth, cr = crPlane + blockY * chromaWidth
                var firstBlock = 0
                #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
                if let steps {
                    firstBlock = steps.convert(top: top, bottom: bottom, lumaTop: lumaTop, lumaBottom: lumaBottom,
                                               cb: cb, cr: cr, width: width)
                }
                #endif
                convertRowPair(from: firstBlock, top: top, bottom: bottom, lumaTop: lumaTop, lumaBottom: lumaBottom,
                               cb: cb, cr: cr)
            }
        }

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
            let offset = (16 << Self.fractionBits) + (1 << (Self.fractionBits - 1))
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

        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        /// The SSE2 steps, when they compute exactly what `luma` and `chroma` do.
        var vectorSteps: VectorSteps? { VectorSteps(self) }

        /// Four 2×2 blocks at a time with SSE2, the same integers as the scalar
        /// functions:
        /// - luma in single precision: every term and partial sum of
        ///   `kR·R + kG·G + kB·B + offset` is an integer below 2²⁴, which a
        ///   Float holds exactly, so the sum is exact and × 2⁻¹⁶ then
        ///   truncation is the scalar `>> 16`;
        /// - chroma with `pmaddwd` on the block sums (at most 1020, and every
        ///   coefficient fits 16 signed bits): exact 32-bit integer sums, then
        ///   the scalar's arithmetic `>> 18`.
        /// Nil (and the scalar path everywhere) when the coefficients break
        /// either bound.
        struct VectorSteps {
            let lumaRed: __m128, lumaGreen: __m128, lumaBlue: __m128, lumaOffset: __m128
            let cbWeights: __m128i, crWeights: __m128i, chromaOffset: __m128i

            init?(_ c: Converter) {
                let bits = Converter.fractionBits
                let lumaMax = 255 * (c.lumaRed + c.lumaGreen + c.lumaBlue) + (16 << bits) + (1 << (bits - 1))
                let chroma = [c.cbRed, c.cbGreen, c.cbBlue, c.crRed, c.crGreen, c.crBlue]
                guard min(c.lumaRed, c.lumaGreen, c.lumaBlue) >= 0, lumaMax < 1 << 24,
                      chroma.allSatisfy({ abs($0) <= Int(Int16.max) }) else { return nil }
                lumaRed = _mm_set1_ps(Float(c.lumaRed))
                lumaGreen = _mm_set1_ps(Float(c.lumaGreen))
                lumaBlue = _mm_set1_ps(Float(c.lumaBlue))
                lumaOffset = _mm_set1_ps(Float((16 << bits) + (1 << (bits - 1))))
                // Block sums as 16-bit lanes (b, g, r, a): pairs (b, g), (r, a) × (kB, kG), (kR, 0).
                func pairs(_ r: Int, _ g: Int, _ b: Int) -> __m128i {
                    _mm_set_epi16(0, Int16(r), Int16(g), Int16(b), 0, Int16(r), Int16(g), Int16(b))
                }
                cbWeights = pairs(c.cbRed, c.cbGreen, c.cbBlue)
                crWeights = pairs(c.crRed, c.crGreen, c.crBlue)
                let shift = bits + 2
                chromaOffset = _mm_set1_epi32(Int32((128 << shift) + (1 << (shift - 1))))
            }

            /// Converts whole groups of four blocks (eight pixels, none of them
            /// a repeated edge pixel) from the left; returns the blocks done.
            @inline(__always)
            func convert(top: UnsafeMutablePointer<UInt32>, bottom: UnsafeMutablePointer<UInt32>,
                         lumaTop: UnsafeMutablePointer<UInt8>, lumaBottom: UnsafeMutablePointer<UInt8>,
                         cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, width: Int) -> Int {
                var x = 0
                while x &+ 8 <= width {
                    let t0 = load(top + x), t1 = load(top + (x &+ 4))
                    let b0 = load(bottom + x), b1 = load(bottom + (x &+ 4))
                    _mm_storel_epi64(UnsafeMutableRawPointer(lumaTop + x).assumingMemoryBound(to: __m128i.self),
                                     luma8(t0, t1))
                    _mm_storel_epi64(UnsafeMutableRawPointer(lumaBottom + x).assumingMemoryBound(to: __m128i.self),
                                     luma8(b0, b1))
                    let (cb4, cr4) = chroma4(t0, t1, b0, b1)
                    UnsafeMutableRawPointer(cb + x / 2).storeBytes(of: cb4, as: UInt32.self)
                    UnsafeMutableRawPointer(cr + x / 2).storeBytes(of: cr4, as: UInt32.self)
                    x &+= 8
                }
                return x / 2
            }

            @inline(__always)
            private func load(_ p: UnsafeMutablePointer<UInt32>) -> __m128i {
                UnsafeRawPointer(p).loadUnaligned(as: __m128i.self)
            }

            /// Y' of four pixels as 32-bit lanes.
            @inline(__always)
            private func luma4(_ p: __m128i) -> __m128i {
                let byte = _mm_set1_epi32(0xFF)
                let r = _mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(p, 16), byte))
                let g = _mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(p, 8), byte))
                let b = _mm_cvtepi32_ps(_mm_and_si128(p, byte))
                let sum = _mm_add_ps(_mm_add_ps(_mm_mul_ps(r, lumaRed), _mm_mul_ps(g, lumaGreen)),
                                     _mm_add_ps(_mm_mul_ps(b, lumaBlue), lumaOffset))
                return _mm_cvttps_epi32(_mm_mul_ps(sum, _mm_set1_ps(1.0 / 65536)))
            }

            /// Y' of eight pixels in the low eight bytes.
            @inline(__always)
            private func luma8(_ p0: __m128i, _ p1: __m128i) -> __m128i {
                let words = _mm_packs_epi32(luma4(p0), luma4(p1))
                return _mm_packus_epi16(words, words)
            }

            /// Cb and Cr of the four blocks of two rows of eight pixels, as four bytes each.
            @inline(__always)
            private func chroma4(_ t0: __m128i, _ t1: __m128i, _ b0: __m128i, _ b1: __m128i) -> (UInt32, UInt32) {
                let zero = _mm_setzero_si128()
                /// Two blocks' sums (b, g, r, a per block) from four columns of two rows.
                @inline(__always) func blocks(_ t: __m128i, _ b: __m128i) -> __m128i {
                    let left = _mm_add_epi16(_mm_unpacklo_epi8(t, zero), _mm_unpacklo_epi8(b, zero))    // columns 0, 1
                    let right = _mm_add_epi16(_mm_unpackhi_epi8(t, zero), _mm_unpackhi_epi8(b, zero))   // columns 2, 3
                    return _mm_add_epi16(_mm_unpacklo_epi64(left, right), _mm_unpackhi_epi64(left, right))
                }
                /// (Cb, Cr, Cb, Cr) of two blocks as 32-bit lanes.
                @inline(__always) func values(_ sums: __m128i) -> __m128i {
                    let cbParts = _mm_madd_epi16(sums, cbWeights), crParts = _mm_madd_epi16(sums, crWeights)
                    let low = _mm_unpacklo_epi32(cbParts, crParts), high = _mm_unpackhi_epi32(cbParts, crParts)
                    let total = _mm_add_epi32(_mm_unpacklo_epi64(low, high), _mm_unpackhi_epi64(low, high))
                    return _mm_srai_epi32(_mm_add_epi32(total, chromaOffset), Int32(Converter.fractionBits + 2))
                }
                let both = _mm_packs_epi32(values(blocks(t0, b0)), values(blocks(t1, b1)))   // cb, cr, cb, cr, …
                let cbWords = _mm_and_si128(both, _mm_set1_epi32(0xFFFF)), crWords = _mm_srli_epi32(both, 16)
                let cbBytes = _mm_packus_epi16(_mm_packs_epi32(cbWords, cbWords), zero)
                let crBytes = _mm_packus_epi16(_mm_packs_epi32(crWords, crWords), zero)
                return (UInt32(bitPattern: _mm_cvtsi128_si32(cbBytes)), UInt32(bitPattern: _mm_cvtsi128_si32(crBytes)))
            }
        }
        #endif
    }
}
