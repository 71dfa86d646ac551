// The span kernels' vector loops (see SpanKernels.swift): SSE2, the x86-64
// baseline, four pixels at a time, the same integers as the scalar code.
// On other processors the stubs at the end leave every pixel to it.

#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel

extension SpanKernels {
    /// A sampler with a vector path: what the dispatch needs here.
    typealias RowSampler = VectorSampler

    /// A sampler's weights or paint as 16-bit lanes, made once per row so the
    /// loops do not rebuild them for every four pixels.
    struct Lanes {
        let first: __m128i, second: __m128i, third: __m128i

        /// (wt, wb).
        static func vertical(_ s: Sampling) -> Lanes {
            Lanes(first: _mm_set1_epi16(Int16(s.wt)), second: _mm_set1_epi16(Int16(s.wb)), third: _mm_setzero_si128())
        }

        /// (128 − wx, wx).
        static func horizontal(_ s: Sampling) -> Lanes {
            Lanes(first: _mm_set1_epi16(Int16(128 - s.wx)), second: _mm_set1_epi16(Int16(s.wx)),
                  third: _mm_setzero_si128())
        }

        /// (wt, wb) and the pmaddwd pair (128 − wx, wx).
        static func both(_ s: Sampling) -> Lanes {
            Lanes(first: _mm_set1_epi16(Int16(s.wt)), second: _mm_set1_epi16(Int16(s.wb)),
                  third: _mm_set1_epi32(Int32(s.wx) << 16 | Int32(128 - s.wx)))
        }

        /// A premultiplied paint as 16-bit lanes.
        static func tint(_ paint: UInt32) -> Lanes {
            Lanes(first: _mm_unpacklo_epi8(_mm_set1_epi32(Int32(bitPattern: paint)), _mm_setzero_si128()),
                  second: _mm_setzero_si128(), third: _mm_setzero_si128())
        }
    }

    /// Output pixels i…i+3, all of whose taps lie inside the row.
    protocol VectorSampler: Sampler {
        func vector(_ i: Int) -> __m128i
    }

    /// Pixels from `start` on, four at a time while four remain before
    /// `end`; returns where the scalar loop carries on.
    @inline(__always)
    static func runVector<S: VectorSampler>(_ sampler: S, _ combiner: Combiner, needsDestination: Bool,
                                            _ destination: UnsafeMutablePointer<UInt32>, _ start: Int,
                                            _ end: Int) -> Int {
        let vector = VectorCombiner(combiner)
        var i = start
        while i &+ 4 <= end {
            let d = needsDestination ? load(UnsafePointer(destination + i)) : _mm_setzero_si128()
            store(vector.combine(sampler.vector(i), d), destination + i)
            i &+= 4
        }
        return i
    }

    /// Fractional offsets both ways: each column's vertical blend once, kept
    /// as 16-bit lanes (8 bytes a pixel), then the horizontal blends from
    /// those, for the interior's columns start…end. False when there is no
    /// interior (the caller then samples every pixel with `Both`).
    @inline(__always)
    static func drawRowBlendingColumnsFirst(_ s: Sampling, tint: UInt32?, mask: Mask, _ op: Operator,
                                            _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
                                            _ start: Int, _ end: Int) -> Bool {
        guard end > start else { return false }
        let columns = end - start + 1
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: columns + 1) { buffer in
            let blended = buffer.baseAddress!
            verticalColumns(top: s.top + s.column + start, bottom: s.bottom + s.column + start,
                            wt: s.wt, wb: s.wb, count: columns, into: blended)
            let sampler = Blended(columns: blended - start, sampling: s)
            if let tint {
                dispatch(Tinted(inner: sampler, paint: tint), mask: mask, op, destination, count, start, end)
            } else {
                dispatch(sampler, mask: mask, op, destination, count, start, end)
            }
        }
        return true
    }

    /// `T·wt + B·wb` of `count` columns (each at most 255·128), as four
    /// 16-bit lanes per column.
    static func verticalColumns(top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>, wt: Int, wb: Int,
                                count: Int, into output: UnsafeMutablePointer<UInt64>) {
        let kt = _mm_set1_epi16(Int16(wt)), kb = _mm_set1_epi16(Int16(wb)), zero = _mm_setzero_si128()
        var i = 0
        while i &+ 4 <= count {
            let t = load(top + i), b = load(bottom + i)
            let low = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), kt),
                                    _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), kb))
            let high = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(t, zero), kt),
                                     _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), kb))
            UnsafeMutableRawPointer(output + i).storeBytes(of: low, as: __m128i.self)
            UnsafeMutableRawPointer(output + i + 2).storeBytes(of: high, as: __m128i.self)
            i &+= 4
        }
        while i < count {
            let t = UInt64(top[i]), b = UInt64(bottom[i])
            var lanes: UInt64 = 0
            for shift in stride(from: UInt64(0), to: 32, by: 8) {
                let v = ((t >> shift) & 0xFF) * UInt64(wt) + ((b >> shift) & 0xFF) * UInt64(wb)
                lanes |= v << (2 * shift)
            }
            output[i] = lanes
            i &+= 1
        }
    }

    /// The vector part of `drawRows`: whole groups of four pixels; returns
    /// where the scalar loop carries on.
    @inline(__always)
    static func drawRowsVector(_ firstMask: UInt8, _ firstSource: UnsafePointer<UInt32>,
                               then second: Operator, _ secondMask: UInt8, _ secondSource: UnsafePointer<UInt32>,
                               into destination: UnsafeMutablePointer<UInt32>, count: Int) -> Int {
        var i = 0
        let k1 = _mm_set1_epi16(Int16(firstMask)), k2 = _mm_set1_epi16(Int16(secondMask))
        let zero = _mm_setzero_si128()
        switch second {
        case .add:
            // mul(s₁, m₁) + mul(s₂, m₂) in 16-bit lanes, saturated by the pack.
            while i &+ 4 <= count {
                let a = load(firstSource + i), b = load(secondSource + i)
                let lo = _mm_add_epi16(mul16(_mm_unpacklo_epi8(a, zero), k1), mul16(_mm_unpacklo_epi8(b, zero), k2))
                let hi = _mm_add_epi16(mul16(_mm_unpackhi_epi8(a, zero), k1), mul16(_mm_unpackhi_epi8(b, zero), k2))
                store(_mm_packus_epi16(lo, hi), destination + i)
                i &+= 4
            }
        case .over where firstMask == 255 && secondMask == 255:
            // Where the second is opaque the first is not even read.
            let over = VectorCombiner(Combiner(.over, .none)), alpha = _mm_set1_epi32(Int32(bitPattern: 0xFF00_0000))
            while i &+ 4 <= count {
                let top = load(secondSource + i)
                if _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(top, alpha), alpha)) == 0xFFFF {
                    store(top, destination + i)
                } else {
                    store(over.combine(top, load(firstSource + i)), destination + i)
                }
                i &+= 4
            }
        case .over:
            let over = VectorCombiner(Combiner(.over, .uniform(secondMask)))
            while i &+ 4 <= count {
                let a = load(firstSource + i)
                let faded = _mm_packus_epi16(mul16(_mm_unpacklo_epi8(a, zero), k1), mul16(_mm_unpackhi_epi8(a, zero), k1))
                store(over.combine(load(secondSource + i), faded), destination + i)
                i &+= 4
            }
        case .source:
            break
        }
        return i
    }

    /// The vector part of `drawSplitRow`: whole groups of four pixels where
    /// both images cover the output and all their taps lie inside their
    /// rows. Each tap of the two images is merged first (the first's kept
    /// channels with the second's), then one bilinear blend with each
    /// channel's own weights gives both at once: the same integers, as the
    /// weights of a channel are those of the image it comes from. Returns the
    /// columns it drew.
    @inline(__always)
    static func splitRowVector(_ first: SplitSource, _ second: SplitSource, _ op: Operator,
                               into destination: UnsafeMutablePointer<UInt32>, count: Int) -> Range<Int> {
        let combiner = VectorCombiner(Combiner(op, .none))
        let a = first.sampling, b = second.sampling
        let horizontal = a.wx != 0 || b.wx != 0, vertical = a.wt != 128 || b.wt != 128
        let reach = horizontal ? 1 : 0
        let lo = max(first.columns.lowerBound, second.columns.lowerBound, -a.column, -b.column, 0)
        let hi = min(first.columns.upperBound, second.columns.upperBound, a.width - reach - a.column,
                     b.width - reach - b.column, count)
        guard hi - lo >= 4 else { return 0..<0 }
        let selectA = _mm_set1_epi32(Int32(bitPattern: first.select))
        let selectB = _mm_set1_epi32(Int32(bitPattern: second.select))
        /// Per 16-bit lane (two pixels): the weight of the image that lane's channel comes from.
        func lanes(_ wa: Int, _ wb: Int) -> __m128i {
            let byte = _mm_unpacklo_epi8(selectA, _mm_setzero_si128())    // 0x00FF where the first keeps it
            return _mm_or_si128(_mm_and_si128(byte, _mm_set1_epi16(Int16(wa))),
                                _mm_andnot_si128(byte, _mm_set1_epi16(Int16(wb))))
        }
        let kt = lanes(a.wt, b.wt), kb = lanes(a.wb, b.wb)
        // pmaddwd pairs (left, right) of each channel: (128 − wx, wx) of its image.
        let left = lanes(128 - a.wx, 128 - b.wx), right = lanes(a.wx, b.wx)
        let pairWeights = _mm_unpacklo_epi16(left, right)
        let zero = _mm_setzero_si128()
        @inline(__always) func merged(_ pa: UnsafePointer<UInt32>, _ pb: UnsafePointer<UInt32>) -> __m128i {
            _mm_or_si128(_mm_and_si128(load(pa), selectA), _mm_and_si128(load(pb), selectB))
        }
        @inline(__always) func blendRows(_ top: __m128i, _ bottom: __m128i) -> (__m128i, __m128i) {
            (_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(top, zero), kt),
                           _mm_mullo_epi16(_mm_unpacklo_epi8(bottom, zero), kb)),
             _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(top, zero), kt),
                           _mm_mullo_epi16(_mm_unpackhi_epi8(bottom, zero), kb)))
        }
        /// One pixel's channels from its left and right columns, interleaved.
        @inline(__always) func blendColumns(_ pairs: __m128i) -> __m128i {
            _mm_srli_epi32(_mm_madd_epi16(pairs, pairWeights), 14)
        }
        let topA = a.top + a.column, bottomA = a.bottom + a.column
        let topB = b.top + b.column, bottomB = b.bottom + b.column
        @inline(__always) func finish(_ result: __m128i, _ i: Int) {
            store(op == .source ? result : combiner.combine(result, load(UnsafePointer(destination + i))),
                  destination + i)
        }
        let end = lo + (hi - lo) / 4 * 4
        guard horizontal else {
            var i = lo
            while i < end {
                let top = merged(topA + i, topB + i)
                if vertical {
                    let (low, high) = blendRows(top, merged(bottomA + i, bottomB + i))
                    finish(_mm_packus_epi16(_mm_srli_epi16(low, 7), _mm_srli_epi16(high, 7)), i)
                } else {
                    finish(top, i)
                }
                i &+= 4
            }
            return lo..<end
        }
        // Each column's vertical blend once (16-bit lanes, 8 bytes a pixel), then
        // every output from its two columns: columns lo…end, one beyond the last output.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: end - lo + 4) { buffer in
            let columns = buffer.baseAddress! - lo
            var k = lo
            while k < end {
                let (low, high) = blendRows(merged(topA + k, topB + k), merged(bottomA + k, bottomB + k))
                UnsafeMutableRawPointer(columns + k).storeBytes(of: low, as: __m128i.self)
                UnsafeMutableRawPointer(columns + k + 2).storeBytes(of: high, as: __m128i.self)
                k &+= 4
            }
            // The last output's right column, alone (its taps are inside: `hi` allows the reach).
            let (last, _) = blendRows(_mm_cvtsi32_si128(Int32(bitPattern: (topA[end] & first.select) | (topB[end] & second.select))),
                                      _mm_cvtsi32_si128(Int32(bitPattern: (bottomA[end] & first.select) | (bottomB[end] & second.select))))
            UnsafeMutableRawPointer(columns + end).storeBytes(of: _mm_cvtsi128_si64(last), as: Int64.self)
            var i = lo
            while i < end {
                @inline(__always) func column(_ k: Int) -> __m128i {
                    UnsafeRawPointer(columns + k).loadUnaligned(as: __m128i.self)
                }
                let leftLow = column(i), leftHigh = column(i + 2), rightLow = column(i + 1), rightHigh = column(i + 3)
                let p0 = blendColumns(_mm_unpacklo_epi16(leftLow, rightLow))
                let p1 = blendColumns(_mm_unpackhi_epi16(leftLow, rightLow))
                let p2 = blendColumns(_mm_unpacklo_epi16(leftHigh, rightHigh))
                let p3 = blendColumns(_mm_unpackhi_epi16(leftHigh, rightHigh))
                finish(_mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3)), i)
                i &+= 4
            }
        }
        return lo..<end
    }

    // MARK: - Combining

    /// A `Combiner` four pixels at a time, its mask as 16-bit lanes.
    struct VectorCombiner {
        let op: Operator
        let mask: Mask
        /// The mask as 16-bit lanes for two pixels.
        let factors: __m128i
        /// A select mask's bytes for four pixels.
        let keep: __m128i

        @inline(__always)
        init(_ combiner: Combiner) {
            op = combiner.op
            mask = combiner.mask
            if case .select(let f) = mask {
                keep = _mm_set1_epi32(Int32(bitPattern: f))
            } else {
                keep = _mm_setzero_si128()
            }
            switch mask {
            case .none: factors = _mm_set1_epi16(255)
            case .uniform(let m): factors = _mm_set1_epi16(Int16(m))
            case .components(let f), .select(let f):
                factors = _mm_unpacklo_epi8(_mm_set1_epi32(Int32(bitPattern: f)), _mm_setzero_si128())
            }
        }

        @inline(__always)
        func combine(_ s: __m128i, _ d: __m128i) -> __m128i {
            let zero = _mm_setzero_si128()
            var source = s
            switch mask {
            case .none: break
            case .uniform, .components:
                source = _mm_packus_epi16(mul16(_mm_unpacklo_epi8(s, zero), factors),
                                          mul16(_mm_unpackhi_epi8(s, zero), factors))
            case .select:
                source = _mm_and_si128(s, keep)
            }
            switch op {
            case .source:
                return source
            case .add:
                return _mm_adds_epu8(source, d)
            case .over:
                if case .none = mask {
                    // pixman's shortcuts, the same bytes: opaque sources replace, transparent ones leave.
                    let alpha = _mm_set1_epi32(Int32(bitPattern: 0xFF00_0000))
                    if _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alpha), alpha)) == 0xFFFF { return s }
                    if _mm_movemask_epi8(_mm_cmpeq_epi32(s, zero)) == 0xFFFF { return d }
                }
                // 255 − alpha in every lane, as 16-bit lanes for two pixels each.
                var inverseLow: __m128i, inverseHigh: __m128i
                switch mask {
                case .components:
                    let (alphaLow, alphaHigh) = alphas16(s)
                    let all = _mm_set1_epi16(255)
                    inverseLow = _mm_xor_si128(mul16(alphaLow, factors), all)
                    inverseHigh = _mm_xor_si128(mul16(alphaHigh, factors), all)
                case .select:
                    // The factors' lanes are 0 or 255: multiplying by them keeps or drops the alpha.
                    let (alphaLow, alphaHigh) = alphas16(s)
                    let all = _mm_set1_epi16(255)
                    inverseLow = _mm_xor_si128(_mm_and_si128(alphaLow, factors), all)
                    inverseHigh = _mm_xor_si128(_mm_and_si128(alphaHigh, factors), all)
                case .none, .uniform:
                    (inverseLow, inverseHigh) = alphas16(_mm_xor_si128(source, _mm_set1_epi32(-1)))
                }
                let faded = _mm_packus_epi16(mul16(_mm_unpacklo_epi8(d, zero), inverseLow),
                                             mul16(_mm_unpackhi_epi8(d, zero), inverseHigh))
                return _mm_adds_epu8(source, faded)
            }
        }
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> __m128i {
        UnsafeRawPointer(p).loadUnaligned(as: __m128i.self)
    }

    @inline(__always)
    static func store(_ v: __m128i, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: __m128i.self)
    }

    /// pixman's `pix_multiply` on 16-bit lanes: ((x·y + 0x80) · 0x101) >> 16.
    @inline(__always)
    static func mul16(_ x: __m128i, _ y: __m128i) -> __m128i {
        _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(x, y), _mm_set1_epi16(0x80)), _mm_set1_epi16(0x101))
    }

    /// Each pixel's alpha byte in its four lanes, as 16-bit lanes: pixels 0–1, then 2–3.
    @inline(__always)
    static func alphas16(_ v: __m128i) -> (__m128i, __m128i) {
        let a = _mm_srli_epi32(v, 24)
        let pairs = _mm_or_si128(a, _mm_slli_epi32(a, 16))
        return (_mm_unpacklo_epi32(pairs, pairs), _mm_unpackhi_epi32(pairs, pairs))
    }

    /// Columns blended vertically before (`verticalColumns`), then
    /// (vL·(128 − wx) + vR·wx) >> 14 with `pmaddwd`: the same sums as `Both`.
    struct Blended: VectorSampler {
        var row: UnsafePointer<UInt32>? { nil }
        /// Column i of the output's left taps (valid over the interior, and one more).
        let columns: UnsafeMutablePointer<UInt64>
        let sampling: Sampling
        let lanes: Lanes

        init(columns: UnsafeMutablePointer<UInt64>, sampling: Sampling) {
            self.columns = columns
            self.sampling = sampling
            lanes = .both(sampling)
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
        @inline(__always) func vector(_ i: Int) -> __m128i {
            @inline(__always) func load(_ k: Int) -> __m128i {
                UnsafeRawPointer(columns + k).loadUnaligned(as: __m128i.self)
            }
            let leftLow = load(i), leftHigh = load(i + 2), rightLow = load(i + 1), rightHigh = load(i + 3)
            return horizontalBlend(leftLow, leftHigh, rightLow, rightHigh, lanes.third)
        }
    }

    /// Four pixels from their columns' vertical blends (16-bit lanes, two
    /// pixels a register): (vL·(128 − wx) + vR·wx) >> 14 with `pmaddwd`,
    /// `horizontal` holding the pair (128 − wx, wx).
    @inline(__always)
    static func horizontalBlend(_ leftLow: __m128i, _ leftHigh: __m128i, _ rightLow: __m128i, _ rightHigh: __m128i,
                                _ horizontal: __m128i) -> __m128i {
        @inline(__always) func blend(_ pairs: __m128i) -> __m128i {
            _mm_srli_epi32(_mm_madd_epi16(pairs, horizontal), 14)
        }
        let p0 = blend(_mm_unpacklo_epi16(leftLow, rightLow))
        let p1 = blend(_mm_unpackhi_epi16(leftLow, rightLow))
        let p2 = blend(_mm_unpacklo_epi16(leftHigh, rightHigh))
        let p3 = blend(_mm_unpackhi_epi16(leftHigh, rightHigh))
        return _mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3))
    }

    /// One row's vertical blend of four pixels, as 16-bit lanes: T·wt + B·wb.
    @inline(__always)
    static func verticalBlend(_ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>, _ kt: __m128i,
                              _ kb: __m128i) -> (low: __m128i, high: __m128i) {
        let zero = _mm_setzero_si128()
        let t = load(top), b = load(bottom)
        return (_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), kt),
                              _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), kb)),
                _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(t, zero), kt),
                              _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), kb)))
    }
}

extension SpanKernels.Direct: SpanKernels.VectorSampler {
    @inline(__always) func vector(_ i: Int) -> __m128i { SpanKernels.load(pixels + i) }
}

extension SpanKernels.Vertical: SpanKernels.VectorSampler {
    /// (T·wt + B·wb) >> 7.
    @inline(__always) func vector(_ i: Int) -> __m128i {
        let (lo, hi) = SpanKernels.verticalBlend(top + i, bottom + i, lanes.first, lanes.second)
        return _mm_packus_epi16(_mm_srli_epi16(lo, 7), _mm_srli_epi16(hi, 7))
    }
}

extension SpanKernels.Horizontal: SpanKernels.VectorSampler {
    /// (L·(128 − wx) + R·wx) >> 7.
    @inline(__always) func vector(_ i: Int) -> __m128i {
        let zero = _mm_setzero_si128()
        let wl = lanes.first, wr = lanes.second
        let l = SpanKernels.load(pixels + i), r = SpanKernels.load(pixels + i + 1)
        let lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(l, zero), wl),
                               _mm_mullo_epi16(_mm_unpacklo_epi8(r, zero), wr))
        let hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(l, zero), wl),
                               _mm_mullo_epi16(_mm_unpackhi_epi8(r, zero), wr))
        return _mm_packus_epi16(_mm_srli_epi16(lo, 7), _mm_srli_epi16(hi, 7))
    }
}

extension SpanKernels.Both: SpanKernels.VectorSampler {
    @inline(__always) func vector(_ i: Int) -> __m128i {
        let left = SpanKernels.verticalBlend(top + i, bottom + i, lanes.first, lanes.second)
        let right = SpanKernels.verticalBlend(top + i + 1, bottom + i + 1, lanes.first, lanes.second)
        return SpanKernels.horizontalBlend(left.low, left.high, right.low, right.high, lanes.third)
    }
}

extension SpanKernels.Tinted: SpanKernels.VectorSampler where Inner: SpanKernels.VectorSampler {
    @inline(__always) func vector(_ i: Int) -> __m128i {
        let (low, high) = SpanKernels.alphas16(inner.vector(i))
        return _mm_packus_epi16(SpanKernels.mul16(lanes.first, low), SpanKernels.mul16(lanes.first, high))
    }
}

#else

// No vector path: every pixel goes through the scalar loops.
extension SpanKernels {
    typealias RowSampler = Sampler

    /// Nothing to keep for loops that do not exist.
    struct Lanes {
        static func vertical(_ s: Sampling) -> Lanes { Lanes() }
        static func horizontal(_ s: Sampling) -> Lanes { Lanes() }
        static func both(_ s: Sampling) -> Lanes { Lanes() }
        static func tint(_ paint: UInt32) -> Lanes { Lanes() }
    }

    @inline(__always)
    static func runVector<S: Sampler>(_ sampler: S, _ combiner: Combiner, needsDestination: Bool,
                                      _ destination: UnsafeMutablePointer<UInt32>, _ start: Int, _ end: Int) -> Int {
        start
    }

    @inline(__always)
    static func drawRowBlendingColumnsFirst(_ s: Sampling, tint: UInt32?, mask: Mask, _ op: Operator,
                                            _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
                                            _ start: Int, _ end: Int) -> Bool {
        false
    }

    @inline(__always)
    static func drawRowsVector(_ firstMask: UInt8, _ firstSource: UnsafePointer<UInt32>,
                               then second: Operator, _ secondMask: UInt8, _ secondSource: UnsafePointer<UInt32>,
                               into destination: UnsafeMutablePointer<UInt32>, count: Int) -> Int {
        0
    }

    @inline(__always)
    static func splitRowVector(_ first: SplitSource, _ second: SplitSource, _ op: Operator,
                               into destination: UnsafeMutablePointer<UInt32>, count: Int) -> Range<Int> {
        0..<0
    }
}

#endif
