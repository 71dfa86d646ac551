// The vector inner loop of `AffineKernel` (see AffineKernel.swift): pixels
// whose four bilinear neighbours all lie inside the source. SSE2 is part of
// every x86-64, so no run-time check is needed. The arithmetic is pixman's
// SSE2 bilinear (vertical then horizontal `pmaddwd`, 7-bit weights, >> 14)
// and its `pix_multiply` / `over`: the same integers as the scalar
// functions. On other processors the stub at the end runs the scalar loop.

#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel

extension AffineKernel {
    /// True when `.best` runs a vector loop.
    static let hasSIMDPath = true

    /// Composites the pixels of `range` of one row (every one with all four
    /// neighbours inside the source).
    static func innerSpanVector(_ placement: Placement, _ span: Span, _ range: Range<Int>, _ op: Operator) {
        let masked = span.mask != nil, scaled = span.factor != 255
        switch op {
        case .over:
            if masked {
                run(placement, span, range, over: true, masked: true, scaled: false)
            } else if scaled {
                run(placement, span, range, over: true, masked: false, scaled: true)
            } else {
                run(placement, span, range, over: true, masked: false, scaled: false)
            }
        case .add:
            if masked {
                run(placement, span, range, over: false, masked: true, scaled: false)
            } else if scaled {
                run(placement, span, range, over: false, masked: false, scaled: true)
            } else {
                run(placement, span, range, over: false, masked: false, scaled: false)
            }
        case .source:
            // OVER onto transparency is the source: the range cleared, then drawn over.
            (span.destination + range.lowerBound).update(repeating: 0, count: range.count)
            innerSpanVector(placement, span, range, .over)
        }
    }

    /// The loop, specialised by the constant flags at each call above.
    @inline(__always)
    private static func run(_ placement: Placement, _ span: Span, _ range: Range<Int>,
                            over: Bool, masked: Bool, scaled: Bool) {
        let pixels = placement.pixels, stride = placement.stride
        let stepX = span.dx, stepY = span.dy
        var sx = span.x &+ stepX &* range.lowerBound
        var sy = span.y &+ stepY &* range.lowerBound
        var x = range.lowerBound
        let end = range.upperBound
        let factor = _mm_set1_epi16(Int16(span.factor))

        while end &- x >= 4 {
            let s0 = sample(pixels, stride, sx, sy)
            let s1 = sample(pixels, stride, sx &+ stepX, sy &+ stepY)
            let s2 = sample(pixels, stride, sx &+ 2 &* stepX, sy &+ 2 &* stepY)
            let s3 = sample(pixels, stride, sx &+ 3 &* stepX, sy &+ 3 &* stepY)
            sx &+= 4 &* stepX
            sy &+= 4 &* stepY
            let source = _mm_packus_epi16(_mm_packs_epi32(s0, s1), _mm_packs_epi32(s2, s3))
            let target = UnsafeMutableRawPointer(span.destination + x)
            let coverage: __m128i
            if masked {
                coverage = spreadCoverage(UnsafeRawPointer(span.mask! + x).loadUnaligned(as: UInt32.self))
            } else {
                coverage = factor
            }
            let result = combine4(source, target.loadUnaligned(as: __m128i.self), coverage,
                                  over: over, masked: masked, scaled: scaled)
            target.storeBytes(of: result, as: __m128i.self)
            x &+= 4
        }

        // One to three pixels left: through a four-pixel buffer (the unused
        // lanes are transparent and never written back).
        let count = end &- x
        guard count > 0 else { return }
        let zero = _mm_setzero_si128()
        let s0 = sample(pixels, stride, sx, sy)
        let s1 = count > 1 ? sample(pixels, stride, sx &+ stepX, sy &+ stepY) : zero
        let s2 = count > 2 ? sample(pixels, stride, sx &+ 2 &* stepX, sy &+ 2 &* stepY) : zero
        let source = _mm_packus_epi16(_mm_packs_epi32(s0, s1), _mm_packs_epi32(s2, zero))
        var target: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var coverageBytes: UInt32 = 0
        withUnsafeMutableBytes(of: &target) { buffer in
            let words = buffer.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for i in 0..<count { words[i] = span.destination[x &+ i] }
        }
        if masked {
            for i in 0..<count { coverageBytes |= UInt32(span.mask![x &+ i]) << (8 * i) }
        }
        let coverage = masked ? spreadCoverage(coverageBytes) : factor
        let result = combine4(source, unsafeBitCast(target, to: __m128i.self), coverage,
                              over: over, masked: masked, scaled: scaled)
        target = unsafeBitCast(result, to: (UInt32, UInt32, UInt32, UInt32).self)
        withUnsafeBytes(of: &target) { buffer in
            let words = buffer.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for i in 0..<count { span.destination[x &+ i] = words[i] }
        }
    }

    /// The bilinear sample at reference point (`sx`, `sy`) (16.16), as four
    /// 32-bit channels (b, g, r, a), each 0…255.
    @inline(__always)
    private static func sample(_ pixels: UnsafeRawPointer, _ stride: Int, _ sx: Int, _ sy: Int) -> __m128i {
        let top = pixels + ((sy &>> 16) &* stride &+ (sx &>> 16) &* 4)
        let upper = _mm_cvtsi64_si128(top.loadUnaligned(as: Int64.self))            // tl, tr
        let lower = _mm_cvtsi64_si128((top + stride).loadUnaligned(as: Int64.self)) // bl, br
        let dx = Int32(truncatingIfNeeded: (sx &>> 9) & 127)
        let dy = Int32(truncatingIfNeeded: (sy &>> 9) & 127)
        let zero = _mm_setzero_si128()
        let upper16 = _mm_unpacklo_epi8(upper, zero), lower16 = _mm_unpacklo_epi8(lower, zero)
        // Vertical: (top, bottom) pairs × (128 − dy, dy), each ≤ 255 · 128.
        let vertical = _mm_set1_epi32((dy &<< 16) | (128 &- dy))
        let left = _mm_madd_epi16(_mm_unpacklo_epi16(upper16, lower16), vertical)
        let right = _mm_madd_epi16(_mm_unpackhi_epi16(upper16, lower16), vertical)
        // Horizontal: (left, right) pairs × (128 − dx, dx), then / 2¹⁴, truncating.
        let horizontal = _mm_set1_epi32((dx &<< 16) | (128 &- dx))
        let pairs = _mm_or_si128(left, _mm_slli_epi32(right, 16))
        return _mm_srli_epi32(_mm_madd_epi16(pairs, horizontal), 14)
    }

    /// Four coverage bytes, each repeated over its pixel's four channels.
    @inline(__always)
    private static func spreadCoverage(_ bytes: UInt32) -> __m128i {
        let v = _mm_cvtsi32_si128(Int32(bitPattern: bytes))
        let doubled = _mm_unpacklo_epi8(v, v)
        return _mm_unpacklo_epi16(doubled, doubled)
    }

    /// x · a / 255 per 16-bit lane, pixman's `pix_multiply`: ((x·a + 128) · 257) >> 16.
    @inline(__always)
    private static func multiply16(_ x: __m128i, _ a: __m128i) -> __m128i {
        _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(x, a), _mm_set1_epi16(0x80)), _mm_set1_epi16(0x101))
    }

    /// Four source pixels (already filtered) times the coverage, combined with
    /// four destination pixels. With `masked` the coverage holds a byte per
    /// channel; otherwise one 16-bit factor in every lane.
    @inline(__always)
    private static func combine4(_ source: __m128i, _ destination: __m128i, _ coverage: __m128i,
                                 over: Bool, masked: Bool, scaled: Bool) -> __m128i {
        let zero = _mm_setzero_si128()
        var s = source
        if masked {
            s = _mm_packus_epi16(multiply16(_mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi8(coverage, zero)),
                                 multiply16(_mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi8(coverage, zero)))
        } else if scaled {
            s = _mm_packus_epi16(multiply16(_mm_unpacklo_epi8(s, zero), coverage),
                                 multiply16(_mm_unpackhi_epi8(s, zero), coverage))
        }
        guard over else { return _mm_adds_epu8(s, destination) }
        // Transparent everywhere: the destination stays; opaque everywhere: the source replaces it.
        if _mm_movemask_epi8(_mm_cmpeq_epi8(s, zero)) == 0xFFFF { return destination }
        let alphaBits = _mm_set1_epi32(Int32(bitPattern: 0xFF00_0000))
        if _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(s, alphaBits), alphaBits)) == 0xFFFF { return s }
        var inverse = _mm_srli_epi32(s, 24)
        inverse = _mm_or_si128(inverse, _mm_slli_epi32(inverse, 8))
        inverse = _mm_or_si128(inverse, _mm_slli_epi32(inverse, 16))
        inverse = _mm_xor_si128(inverse, _mm_set1_epi32(-1))     // 255 − α in every byte
        let faded = _mm_packus_epi16(
            multiply16(_mm_unpacklo_epi8(destination, zero), _mm_unpacklo_epi8(inverse, zero)),
            multiply16(_mm_unpackhi_epi8(destination, zero), _mm_unpackhi_epi8(inverse, zero)))
        return _mm_adds_epu8(s, faded)
    }
}
#else

// No vector path: the scalar loop.
extension AffineKernel {
    static let hasSIMDPath = false

    static func innerSpanVector(_ placement: Placement, _ span: Span, _ range: Range<Int>, _ op: Operator) {
        placement.innerPixelsScalar(span, range, op)
    }
}

#endif
