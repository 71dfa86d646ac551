// The vector steps of `YUV420Encoder` (see YUV420Encoder.swift): eight 2×2
// blocks at a time with AVX2 (CVectorKernels) where the processor has it,
// then four at a time with SSE2, the same integers as the scalar functions.
// On other processors there are none, and every block takes the scalar path.

#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel
import CVectorKernels
import SegueCompositor

extension YUV420Encoder {
    /// The vector steps, when they compute exactly what `luma` and `chroma` do.
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
        /// The AVX2 kernel's weights, nil when it is not used (see vector_kernels.h for its bounds).
        let wide: yuv420_weights?

        /// - Parameter avx2: false keeps to SSE2 even where AVX2 runs (for tests).
        init?(_ c: YUV420Encoder, avx2: Bool = Processor.hasAVX2) {
            let bits = YUV420Encoder.fractionBits
            let lumaMax = 255 * (c.lumaRed + c.lumaGreen + c.lumaBlue) + (c.lumaOffset << bits) + (1 << (bits - 1))
            let chroma = [c.cbRed, c.cbGreen, c.cbBlue, c.crRed, c.crGreen, c.crBlue]
            guard min(c.lumaRed, c.lumaGreen, c.lumaBlue) >= 0, lumaMax < 1 << 24,
                  chroma.allSatisfy({ abs($0) <= Int(Int16.max) }) else { return nil }
            let shift = bits + 2
            if avx2, max(c.lumaRed, c.lumaBlue) <= Int(Int16.max), c.lumaGreen < 98_304 {
                wide = yuv420_weights(
                    luma_red: Int32(c.lumaRed), luma_green: Int32(c.lumaGreen), luma_blue: Int32(c.lumaBlue),
                    luma_offset: Int32((c.lumaOffset << bits) + (1 << (bits - 1))),
                    cb_red: Int32(c.cbRed), cb_green: Int32(c.cbGreen), cb_blue: Int32(c.cbBlue),
                    cr_red: Int32(c.crRed), cr_green: Int32(c.crGreen), cr_blue: Int32(c.crBlue),
                    chroma_offset: Int32((128 << shift) + (1 << (shift - 1))))
            } else {
                wide = nil
            }
            lumaRed = _mm_set1_ps(Float(c.lumaRed))
            lumaGreen = _mm_set1_ps(Float(c.lumaGreen))
            lumaBlue = _mm_set1_ps(Float(c.lumaBlue))
            lumaOffset = _mm_set1_ps(Float((c.lumaOffset << bits) + (1 << (bits - 1))))
            // Block sums as 16-bit lanes (b, g, r, a): pairs (b, g), (r, a) × (kB, kG), (kR, 0).
            func pairs(_ r: Int, _ g: Int, _ b: Int) -> __m128i {
                _mm_set_epi16(0, Int16(r), Int16(g), Int16(b), 0, Int16(r), Int16(g), Int16(b))
            }
            cbWeights = pairs(c.cbRed, c.cbGreen, c.cbBlue)
            crWeights = pairs(c.crRed, c.crGreen, c.crBlue)
            chromaOffset = _mm_set1_epi32(Int32((128 << shift) + (1 << (shift - 1))))
        }

        /// Converts whole groups of eight blocks (sixteen pixels) with
        /// AVX2, then of four with SSE2 (none of them a repeated edge
        /// pixel), from the left; returns the blocks done.
        @inline(__always)
        func convert(top: UnsafeMutablePointer<UInt32>, bottom: UnsafeMutablePointer<UInt32>,
                     lumaTop: UnsafeMutablePointer<UInt8>, lumaBottom: UnsafeMutablePointer<UInt8>,
                     cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, width: Int) -> Int {
            var x = 0
            if var wide {
                x = 2 * yuv420_encode_rows_avx2(&wide, top, bottom, lumaTop, lumaBottom, cb, cr, width)
            }
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
                return _mm_srai_epi32(_mm_add_epi32(total, chromaOffset), Int32(YUV420Encoder.fractionBits + 2))
            }
            let both = _mm_packs_epi32(values(blocks(t0, b0)), values(blocks(t1, b1)))   // cb, cr, cb, cr, …
            let cbWords = _mm_and_si128(both, _mm_set1_epi32(0xFFFF)), crWords = _mm_srli_epi32(both, 16)
            let cbBytes = _mm_packus_epi16(_mm_packs_epi32(cbWords, cbWords), zero)
            let crBytes = _mm_packus_epi16(_mm_packs_epi32(crWords, crWords), zero)
            return (UInt32(bitPattern: _mm_cvtsi128_si32(cbBytes)), UInt32(bitPattern: _mm_cvtsi128_si32(crBytes)))
        }
    }
}

#else

extension YUV420Encoder {
    /// No vector path here.
    struct VectorSteps {
        func convert(top: UnsafeMutablePointer<UInt32>, bottom: UnsafeMutablePointer<UInt32>,
                     lumaTop: UnsafeMutablePointer<UInt8>, lumaBottom: UnsafeMutablePointer<UInt8>,
                     cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, width: Int) -> Int { 0 }
    }

    var vectorSteps: VectorSteps? { nil }
}

#endif
