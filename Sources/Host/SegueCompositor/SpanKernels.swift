#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel
#endif

/// Row kernels for images that are only translated: premultiplied ARGB32
/// (pixman's a8r8g8b8) read at whole pixels or at one fixed sub-pixel offset,
/// optionally tinted or scaled per channel, and combined with a destination
/// row by SRC, OVER or ADD — the same bytes as pixman, in one pass.
///
/// The arithmetic is pixman 0.42's, integer for integer:
/// - `mul(x, y)` is `MUL_UN8`, x·y/255 rounded: `t = x·y + 0x80; (t + (t >> 8)) >> 8`,
///   which the SIMD path computes as pixman's SSE2 does, `((x·y + 0x80) · 0x101) >> 16`;
/// - sums saturate at 255 per channel (`_mm_adds_epu8`, `UN8x4_ADD_UN8x4`);
/// - with a uniform mask m (an opacity byte): SRC is `mul(s, m)`, ADD is
///   `d + mul(s, m)`, OVER is `mul(s, m) + mul(d, 255 − mul(sa, m))`;
/// - with a component-alpha mask F (channel factors): each channel is
///   `mul(s_c, F_c)`, and OVER uses `mul(sa, F_c)` as the channel's alpha
///   (`combine_over_ca`);
/// - a tint paints the source's alpha in a premultiplied colour P:
///   `mul(P_c, sa)` (pixman drawing a solid through the source as a mask);
/// - a fractional translation samples bilinearly as pixman does for it: the
///   16.16 offset's bits 9…15 are the weights (7 bits), and each channel is
///   `(tl·(128−wx)(128−wy) + tr·wx(128−wy) + bl·(128−wx)wy + br·wx·wy) >> 14`,
///   pixels outside the image transparent (REPEAT_NONE).
///
/// SRC here is what OVER and ADD give on a transparent destination, so a
/// first drawing onto a cleared band can simply write its pixels.
///
/// Every output pixel is computed from its own inputs only, the same way
/// wherever a row starts, so bands and threads cannot change a byte. The
/// vector paths use SSE2, the x86-64 baseline; elsewhere (and for the last
/// pixels of a row) the scalar functions compute the same integers.
enum SpanKernels {
    /// How the (masked, tinted) source meets the destination.
    enum Operator: Sendable {
        /// The destination is replaced: what OVER and ADD give on transparent pixels.
        case source
        case over
        case add
    }

    /// What multiplies the source before it combines.
    enum Mask: Equatable, Sendable {
        case none
        /// One byte for every channel: an opacity.
        case uniform(UInt8)
        /// One byte per channel (a8r8g8b8 order), pixman's component alpha.
        case components(UInt32)
    }

    /// Where the source pixels of one output row come from.
    struct Sampling {
        /// The source rows; with `wy` = 0 only `top` counts.
        var top: UnsafePointer<UInt32>
        var bottom: UnsafePointer<UInt32>
        /// Source pixels in a row: columns outside 0..<width are transparent.
        var width: Int
        /// The source column of the first output pixel (its left tap).
        var column: Int
        /// Horizontal weight of the right tap, 0…127.
        var wx: Int
        /// Vertical weights of the two rows: (128, 0) for one row; a row
        /// outside the image has weight 0 (with any valid pointer).
        var wt: Int
        var wb: Int
    }

    /// Draws `count` pixels of one row: `destination[i] = destination[i] op
    /// colour(sample(i)) × mask`, where colour is the sample itself or, with
    /// `tint`, the tint painted with the sample's alpha.
    static func drawRow(_ sampling: Sampling, tint: UInt32?, mask: Mask, _ op: Operator,
                        into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        guard count > 0 else { return }
        let s = sampling
        // Outputs whose taps all lie inside the row take the vector path.
        let reach = s.wx == 0 ? 0 : 1
        let start = min(max(0, -s.column), count)
        let end = max(start, min(count, s.width - reach - s.column))
        if s.wx == 0 && s.wt == 128 {
            dispatch(Direct(pixels: s.top + s.column, sampling: s), tint: tint, mask: mask, op, destination, count, start, end)
        } else if s.wx == 0 {
            dispatch(Vertical(top: s.top + s.column, bottom: s.bottom + s.column, sampling: s),
                     tint: tint, mask: mask, op, destination, count, start, end)
        } else if s.wt == 128 {
            dispatch(Horizontal(pixels: s.top + s.column, sampling: s), tint: tint, mask: mask, op, destination, count,
                     start, end)
        } else {
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
            // Each column's vertical blend once, kept as 16-bit lanes (8 bytes a pixel),
            // then the horizontal blends from those: the interior's columns start…end.
            let columns = end - start + 1
            if end > start {
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: columns + 1) { buffer in
                    let blended = buffer.baseAddress!
                    verticalColumns(top: s.top + s.column + start, bottom: s.bottom + s.column + start,
                                    wt: s.wt, wb: s.wb, count: columns, into: blended)
                    dispatch(Blended(columns: blended - start, sampling: s), tint: tint, mask: mask, op, destination,
                             count, start, end)
                }
                return
            }
            #endif
            dispatch(Both(top: s.top + s.column, bottom: s.bottom + s.column, sampling: s),
                     tint: tint, mask: mask, op, destination, count, start, end)
        }
    }

    #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
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
    #endif

    /// Two whole-pixel sources with uniform masks in one pass — a crossfade:
    /// `d = mul(s₁, m₁) op mul(s₂, m₂)` (the first replacing the destination),
    /// the bytes of two `drawRow`s with the destination written once.
    static func drawRows(_ firstMask: UInt8, _ firstSource: UnsafePointer<UInt32>,
                         then second: Operator, _ secondMask: UInt8, _ secondSource: UnsafePointer<UInt32>,
                         into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        let c1 = Combiner(.source, .uniform(firstMask)), c2 = Combiner(second, .uniform(secondMask))
        var i = 0
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
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
            let over = Combiner(.over, .none), alpha = _mm_set1_epi32(Int32(bitPattern: 0xFF00_0000))
            while i &+ 4 <= count {
                let top = load(secondSource + i)
                if _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(top, alpha), alpha)) == 0xFFFF {
                    store(top, destination + i)
                } else {
                    store(over.vector(top, load(firstSource + i)), destination + i)
                }
                i &+= 4
            }
        case .over:
            let over = Combiner(.over, .uniform(secondMask))
            while i &+ 4 <= count {
                let a = load(firstSource + i)
                let faded = _mm_packus_epi16(mul16(_mm_unpacklo_epi8(a, zero), k1), mul16(_mm_unpackhi_epi8(a, zero), k1))
                store(over.vector(load(secondSource + i), faded), destination + i)
                i &+= 4
            }
        case .source:
            break
        }
        #endif
        while i < count {
            destination[i] = c2.scalar(secondSource[i], c1.scalar(firstSource[i], destination[i]))
            i &+= 1
        }
    }

    // MARK: - Dispatch: one specialised loop per sampling, tint and operator

    @inline(__always)
    private static func dispatch<S: Sampler>(_ sampler: S, tint: UInt32?, mask: Mask, _ op: Operator,
                                            _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
                                            _ start: Int, _ end: Int) {
        if let tint {
            dispatch(Tinted(inner: sampler, paint: tint), mask: mask, op, destination, count, start, end)
        } else {
            dispatch(sampler, mask: mask, op, destination, count, start, end)
        }
    }

    @inline(__always)
    private static func dispatch<S: Sampler>(_ sampler: S, mask: Mask, _ op: Operator,
                                            _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
                                            _ start: Int, _ end: Int) {
        // Outside the taps' range: the scalar path, which reads transparent there.
        let edges = Combiner(op, mask)
        for i in 0..<start { destination[i] = edges.scalar(sampler.scalar(i), destination[i]) }
        for i in end..<count { destination[i] = edges.scalar(sampler.scalar(i), destination[i]) }
        // Each case builds its combiner from constants, so its loop is specialised.
        switch (op, mask) {
        case (.source, .none):
            if let row = sampler.row {
                (destination + start).update(from: row + start, count: end - start)
            } else {
                run(sampler, Combiner(.source, .none), needsDestination: false, destination, start, end)
            }
        case (.source, .uniform(let m)):
            run(sampler, Combiner(.source, .uniform(m)), needsDestination: false, destination, start, end)
        case (.source, .components(let f)):
            run(sampler, Combiner(.source, .components(f)), needsDestination: false, destination, start, end)
        case (.over, .none):
            run(sampler, Combiner(.over, .none), needsDestination: true, destination, start, end)
        case (.over, .uniform(let m)):
            run(sampler, Combiner(.over, .uniform(m)), needsDestination: true, destination, start, end)
        case (.over, .components(let f)):
            run(sampler, Combiner(.over, .components(f)), needsDestination: true, destination, start, end)
        case (.add, .none):
            run(sampler, Combiner(.add, .none), needsDestination: true, destination, start, end)
        case (.add, .uniform(let m)):
            run(sampler, Combiner(.add, .uniform(m)), needsDestination: true, destination, start, end)
        case (.add, .components(let f)):
            run(sampler, Combiner(.add, .components(f)), needsDestination: true, destination, start, end)
        }
    }

    @inline(__always)
    private static func run<S: Sampler>(_ sampler: S, _ combiner: Combiner, needsDestination: Bool,
                                        _ destination: UnsafeMutablePointer<UInt32>, _ start: Int, _ end: Int) {
        var i = start
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        while i &+ 4 <= end {
            let d = needsDestination ? load(UnsafePointer(destination + i)) : _mm_setzero_si128()
            store(combiner.vector(sampler.vector(i), d), destination + i)
            i &+= 4
        }
        #endif
        while i < end {
            destination[i] = combiner.scalar(sampler.scalar(i), destination[i])
            i &+= 1
        }
    }

    // MARK: - Scalar arithmetic (pixman's C macros)

    /// `MUL_UN8`: x·y/255 rounded, for x, y ≤ 255.
    @inline(__always)
    static func mul(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 0x80
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Each channel of `p` times the matching byte of `f`.
    @inline(__always)
    static func mulChannels(_ p: UInt32, _ f: UInt32) -> UInt32 {
        mul(p & 0xFF, f & 0xFF) | mul((p &>> 8) & 0xFF, (f &>> 8) & 0xFF) &<< 8
            | mul((p &>> 16) & 0xFF, (f &>> 16) & 0xFF) &<< 16 | mul(p &>> 24, f &>> 24) &<< 24
    }

    /// Each channel of `p` times `m` (`UN8x4_MUL_UN8`).
    @inline(__always)
    static func mulAll(_ p: UInt32, _ m: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
        rb = ((rb &+ ((rb &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        var ag = ((p &>> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        ag = (ag &+ ((ag &>> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Per-channel sum, saturating at 255 (`UN8x4_ADD_UN8x4`).
    @inline(__always)
    static func addSaturating(_ x: UInt32, _ y: UInt32) -> UInt32 {
        @inline(__always) func half(_ x: UInt32, _ y: UInt32) -> UInt32 {
            var t = x &+ y
            t |= 0x0100_0100 &- ((t &>> 8) & 0x00FF_00FF)
            return t & 0x00FF_00FF
        }
        return half(x & 0x00FF_00FF, y & 0x00FF_00FF) | half((x &>> 8) & 0x00FF_00FF, (y &>> 8) & 0x00FF_00FF) &<< 8
    }

    /// One bilinear sample with the edges' taps transparent.
    @inline(__always)
    static func bilinear(_ s: Sampling, _ i: Int) -> UInt32 {
        let x = s.column &+ i
        @inline(__always) func tap(_ row: UnsafePointer<UInt32>, _ column: Int) -> UInt32 {
            column >= 0 && column < s.width ? row[column] : 0
        }
        let tl = tap(s.top, x), bl = s.wb == 0 ? 0 : tap(s.bottom, x)
        let tr = s.wx == 0 ? 0 : tap(s.top, x &+ 1)
        let br = s.wx == 0 || s.wb == 0 ? 0 : tap(s.bottom, x &+ 1)
        let wl = UInt32(128 &- s.wx), wr = UInt32(s.wx), wt = UInt32(s.wt), wb = UInt32(s.wb)
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            @inline(__always) func c(_ p: UInt32) -> UInt32 { (p &>> shift) & 0xFF }
            let sum = (c(tl) &* wl &+ c(tr) &* wr) &* wt &+ (c(bl) &* wl &+ c(br) &* wr) &* wb
            result |= (sum &>> 14) &<< shift
            shift &+= 8
        }
        return result
    }

    // MARK: - Combining

    /// The operator and mask, applied to a sample and a destination pixel.
    struct Combiner {
        let op: Operator
        let mask: Mask
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        /// The mask as 16-bit lanes for two pixels.
        let factors: __m128i
        #endif

        init(_ op: Operator, _ mask: Mask) {
            self.op = op
            self.mask = mask
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
            switch mask {
            case .none: factors = _mm_set1_epi16(255)
            case .uniform(let m): factors = _mm_set1_epi16(Int16(m))
            case .components(let f):
                factors = _mm_unpacklo_epi8(_mm_set1_epi32(Int32(bitPattern: f)), _mm_setzero_si128())
            }
            #endif
        }

        @inline(__always)
        func scalar(_ s: UInt32, _ d: UInt32) -> UInt32 {
            let source: UInt32, alpha: UInt32
            switch mask {
            case .none:
                source = s
                alpha = s &>> 24
            case .uniform(let m):
                source = SpanKernels.mulAll(s, UInt32(m))
                alpha = source &>> 24
            case .components(let f):
                source = SpanKernels.mulChannels(s, f)
                alpha = 0
            }
            switch op {
            case .source:
                return source
            case .add:
                return SpanKernels.addSaturating(d, source)
            case .over:
                if case .components(let f) = mask {
                    let alphas = SpanKernels.mulChannels((s &>> 24) &* 0x0101_0101, f)
                    return SpanKernels.addSaturating(source, SpanKernels.mulChannels(d, ~alphas))
                }
                return SpanKernels.addSaturating(source, SpanKernels.mulAll(d, 255 &- alpha))
            }
        }

        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        @inline(__always)
        func vector(_ s: __m128i, _ d: __m128i) -> __m128i {
            let zero = _mm_setzero_si128()
            var source = s
            switch mask {
            case .none: break
            case .uniform, .components:
                source = _mm_packus_epi16(mul16(_mm_unpacklo_epi8(s, zero), factors),
                                          mul16(_mm_unpackhi_epi8(s, zero), factors))
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
                if case .components = mask {
                    let (alphaLow, alphaHigh) = alphas16(s)
                    let all = _mm_set1_epi16(255)
                    inverseLow = _mm_xor_si128(mul16(alphaLow, factors), all)
                    inverseHigh = _mm_xor_si128(mul16(alphaHigh, factors), all)
                } else {
                    (inverseLow, inverseHigh) = alphas16(_mm_xor_si128(source, _mm_set1_epi32(-1)))
                }
                let faded = _mm_packus_epi16(mul16(_mm_unpacklo_epi8(d, zero), inverseLow),
                                             mul16(_mm_unpackhi_epi8(d, zero), inverseHigh))
                return _mm_adds_epu8(source, faded)
            }
        }
        #endif
    }

    #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
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
    #endif

    // MARK: - Samplers

    /// Produces the (tinted) source pixels of one output row.
    protocol Sampler {
        /// The source row itself, when output pixel i is source pixel i.
        var row: UnsafePointer<UInt32>? { get }
        /// Output pixel i; taps outside the row are transparent.
        func scalar(_ i: Int) -> UInt32
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        /// Output pixels i…i+3, all of whose taps lie inside the row.
        func vector(_ i: Int) -> __m128i
        #endif
    }

    /// Whole pixels: the source row itself.
    struct Direct: Sampler {
        let pixels: UnsafePointer<UInt32>
        let sampling: Sampling

        var row: UnsafePointer<UInt32>? { pixels }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        @inline(__always) func vector(_ i: Int) -> __m128i { SpanKernels.load(pixels + i) }
        #endif
    }

    /// A fractional row offset: (T·wt + B·wb) >> 7.
    struct Vertical: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>
        let sampling: Sampling
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        let wt: __m128i, wb: __m128i
        #endif

        init(top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>, sampling: Sampling) {
            self.top = top
            self.bottom = bottom
            self.sampling = sampling
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
            wt = _mm_set1_epi16(Int16(sampling.wt))
            wb = _mm_set1_epi16(Int16(sampling.wb))
            #endif
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        @inline(__always) func vector(_ i: Int) -> __m128i {
            let zero = _mm_setzero_si128()
            let t = SpanKernels.load(top + i), b = SpanKernels.load(bottom + i)
            let lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), wt),
                                   _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), wb))
            let hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(t, zero), wt),
                                   _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), wb))
            return _mm_packus_epi16(_mm_srli_epi16(lo, 7), _mm_srli_epi16(hi, 7))
        }
        #endif
    }

    /// A fractional column offset: (L·(128 − wx) + R·wx) >> 7.
    struct Horizontal: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let pixels: UnsafePointer<UInt32>
        let sampling: Sampling
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        let wl: __m128i, wr: __m128i
        #endif

        init(pixels: UnsafePointer<UInt32>, sampling: Sampling) {
            self.pixels = pixels
            self.sampling = sampling
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
            wl = _mm_set1_epi16(Int16(128 - sampling.wx))
            wr = _mm_set1_epi16(Int16(sampling.wx))
            #endif
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        @inline(__always) func vector(_ i: Int) -> __m128i {
            let zero = _mm_setzero_si128()
            let l = SpanKernels.load(pixels + i), r = SpanKernels.load(pixels + i + 1)
            let lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(l, zero), wl),
                                   _mm_mullo_epi16(_mm_unpacklo_epi8(r, zero), wr))
            let hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(l, zero), wl),
                                   _mm_mullo_epi16(_mm_unpackhi_epi8(r, zero), wr))
            return _mm_packus_epi16(_mm_srli_epi16(lo, 7), _mm_srli_epi16(hi, 7))
        }
        #endif
    }

    /// Fractional offsets both ways: v = T·wt + B·wb per column (≤ 255·128,
    /// 16 bits), then (vL·(128 − wx) + vR·wx) >> 14 with `pmaddwd`, as pixman's SSE2.
    struct Both: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>
        let sampling: Sampling
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        let wt: __m128i, wb: __m128i, horizontal: __m128i
        #endif

        init(top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>, sampling: Sampling) {
            self.top = top
            self.bottom = bottom
            self.sampling = sampling
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
            wt = _mm_set1_epi16(Int16(sampling.wt))
            wb = _mm_set1_epi16(Int16(sampling.wb))
            horizontal = _mm_set1_epi32(Int32(sampling.wx) << 16 | Int32(128 - sampling.wx))
            #endif
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        @inline(__always) func vector(_ i: Int) -> __m128i {
            let zero = _mm_setzero_si128()
            @inline(__always) func column(_ offset: Int) -> (__m128i, __m128i) {
                let t = SpanKernels.load(top + offset), b = SpanKernels.load(bottom + offset)
                return (_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), wt),
                                      _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), wb)),
                        _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(t, zero), wt),
                                      _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), wb)))
            }
            let (leftLow, leftHigh) = column(i), (rightLow, rightHigh) = column(i + 1)
            @inline(__always) func blend(_ pairs: __m128i) -> __m128i {
                _mm_srli_epi32(_mm_madd_epi16(pairs, horizontal), 14)
            }
            let p0 = blend(_mm_unpacklo_epi16(leftLow, rightLow))
            let p1 = blend(_mm_unpackhi_epi16(leftLow, rightLow))
            let p2 = blend(_mm_unpacklo_epi16(leftHigh, rightHigh))
            let p3 = blend(_mm_unpackhi_epi16(leftHigh, rightHigh))
            return _mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3))
        }
        #endif
    }

    #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
    /// Fractional offsets both ways from columns blended vertically before
    /// (`verticalColumns`): (vL·(128 − wx) + vR·wx) >> 14 with `pmaddwd`,
    /// the same sums as `Both`.
    struct Blended: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        /// Column i of the output's left taps (valid over the interior, and one more).
        let columns: UnsafeMutablePointer<UInt64>
        let sampling: Sampling
        let horizontal: __m128i

        init(columns: UnsafeMutablePointer<UInt64>, sampling: Sampling) {
            self.columns = columns
            self.sampling = sampling
            horizontal = _mm_set1_epi32(Int32(sampling.wx) << 16 | Int32(128 - sampling.wx))
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
        @inline(__always) func vector(_ i: Int) -> __m128i {
            @inline(__always) func load(_ k: Int) -> __m128i {
                UnsafeRawPointer(columns + k).loadUnaligned(as: __m128i.self)
            }
            let leftLow = load(i), leftHigh = load(i + 2), rightLow = load(i + 1), rightHigh = load(i + 3)
            @inline(__always) func blend(_ pairs: __m128i) -> __m128i {
                _mm_srli_epi32(_mm_madd_epi16(pairs, horizontal), 14)
            }
            let p0 = blend(_mm_unpacklo_epi16(leftLow, rightLow))
            let p1 = blend(_mm_unpackhi_epi16(leftLow, rightLow))
            let p2 = blend(_mm_unpacklo_epi16(leftHigh, rightHigh))
            let p3 = blend(_mm_unpackhi_epi16(leftHigh, rightHigh))
            return _mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3))
        }
    }
    #endif

    /// The tint painted with the inner sampler's alpha: `mul(P_c, sa)`.
    struct Tinted<Inner: Sampler>: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let inner: Inner
        let paint: UInt32
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        let paint16: __m128i
        #endif

        init(inner: Inner, paint: UInt32) {
            self.inner = inner
            self.paint = paint
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
            paint16 = _mm_unpacklo_epi8(_mm_set1_epi32(Int32(bitPattern: paint)), _mm_setzero_si128())
            #endif
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.mulAll(paint, inner.scalar(i) &>> 24) }
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        @inline(__always) func vector(_ i: Int) -> __m128i {
            let (low, high) = SpanKernels.alphas16(inner.vector(i))
            return _mm_packus_epi16(SpanKernels.mul16(paint16, low), SpanKernels.mul16(paint16, high))
        }
        #endif
    }
}
