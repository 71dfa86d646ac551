import CVectorKernels

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
/// wherever a row starts, so bands and threads cannot change a byte.
///
/// This file is the portable scalar code; `SpanKernels+SSE2.swift` beside it
/// holds the vector loops for SSE2, the x86-64 baseline, which compute the
/// same integers four pixels at a time, and stubs that do nothing elsewhere.
/// The scalar functions also take the pixels at a row's edges.
enum SpanKernels {
    /// How the (masked, tinted) source meets the destination.
    enum Operator: Sendable {
        /// The destination is replaced: what OVER and ADD give on transparent pixels.
        case source
        case over
        case add

        /// The operator as `span_combine_avx2` names it.
        var vectorKernelCode: Int32 {
            switch self {
            case .source: Int32(SPAN_SOURCE)
            case .over: Int32(SPAN_OVER)
            case .add: Int32(SPAN_ADD)
            }
        }
    }

    /// What multiplies the source before it combines.
    enum Mask: Equatable, Sendable {
        case none
        /// One byte for every channel: an opacity.
        case uniform(UInt8)
        /// One byte per channel (a8r8g8b8 order), pixman's component alpha.
        case components(UInt32)
        /// Component alpha whose every byte is 0 or 255: channels kept or
        /// dropped. The same bytes as `.components`, with a mask instead of
        /// multiplications.
        case select(UInt32)

        /// `.select` for factors that only keep or drop channels, else `.components`.
        static func channels(_ factors: UInt32) -> Mask {
            let bytes = [factors & 0xFF, (factors >> 8) & 0xFF, (factors >> 16) & 0xFF, factors >> 24]
            return bytes.allSatisfy { $0 == 0 || $0 == 0xFF } ? .select(factors) : .components(factors)
        }
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
        let whole = s.wx == 0 && s.wt == 128
        if Processor.hasAVX2, tint != nil || !whole, let byte = Combiner(op, mask).uniformByte {
            drawSampledRow(s, tint, byte, mask, op, destination, count, start, end)
        } else if whole {
            dispatch(Direct(pixels: s.top + s.column, sampling: s), tint: tint, mask: mask, op, destination, count, start, end)
        } else if s.wx == 0 {
            dispatch(Vertical(top: s.top + s.column, bottom: s.bottom + s.column, sampling: s),
                     tint: tint, mask: mask, op, destination, count, start, end)
        } else if s.wt == 128 {
            dispatch(Horizontal(pixels: s.top + s.column, sampling: s), tint: tint, mask: mask, op, destination, count,
                     start, end)
        } else if !drawRowBlendingColumnsFirst(s, tint: tint, mask: mask, op, destination, count, start, end) {
            dispatch(Both(top: s.top + s.column, bottom: s.bottom + s.column, sampling: s),
                     tint: tint, mask: mask, op, destination, count, start, end)
        }
    }

    /// A row sampled between pixels, or tinted: the interior (outputs whose
    /// taps all lie inside the row) eight pixels at a time with AVX2 — a tint
    /// samples only the alpha — and the rest one pixel at a time.
    private static func drawSampledRow(_ s: Sampling, _ tint: UInt32?, _ byte: UInt8, _ mask: Mask, _ op: Operator,
                                       _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ start: Int,
                                       _ end: Int) {
        let (top, bottom) = (s.top + s.column + start, s.bottom + s.column + start)
        let weights = (Int32(128 - s.wx), Int32(s.wx), Int32(s.wt), Int32(s.wb))
        let done = start + (tint.map {
            tinted_span_avx2(destination + start, top, bottom, end - start, weights.0, weights.1, weights.2, weights.3,
                             $0, byte, op.vectorKernelCode)
        } ?? span_combine_avx2(destination + start, top, bottom, end - start, weights.0, weights.1, weights.2,
                               weights.3, byte, op.vectorKernelCode))
        let combiner = Combiner(op, mask)
        @inline(__always) func pixel(_ i: Int) {
            let sample = bilinear(s, i)
            destination[i] = combiner.scalar(tint.map { mulAll($0, sample &>> 24) } ?? sample, destination[i])
        }
        for i in 0..<start { pixel(i) }
        for i in done..<count { pixel(i) }
    }

    /// `count` whole pixels of `source` faded by `mask` (255: not at all)
    /// and combined by `op`: the bytes of `drawRow` for an image at whole
    /// pixels with at most an opacity, with little to decide per row — a
    /// particle system's sprites are hundreds of thousands of short rows a frame.
    static func drawWholeRow(_ source: UnsafePointer<UInt32>, mask: UInt8, _ op: Operator,
                             into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        var i = 0
        if Processor.hasAVX2 {
            i = span_combine_avx2(destination, source, source, count, 128, 0, 128, 0, mask, op.vectorKernelCode)
        }
        let combiner = Combiner(op, .uniform(mask))
        while i < count {
            destination[i] = combiner.scalar(source[i], destination[i])
            i &+= 1
        }
    }

    /// Two whole-pixel sources with uniform masks in one pass — a crossfade:
    /// `d = mul(s₁, m₁) op mul(s₂, m₂)` (the first replacing the destination),
    /// the bytes of two `drawRow`s with the destination written once.
    static func drawRows(_ firstMask: UInt8, _ firstSource: UnsafePointer<UInt32>,
                         then second: Operator, _ secondMask: UInt8, _ secondSource: UnsafePointer<UInt32>,
                         into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        let c1 = Combiner(.source, .uniform(firstMask)), c2 = Combiner(second, .uniform(secondMask))
        var i = 0
        if Processor.hasAVX2, second != .source {
            i = crossfade_avx2(destination, firstSource, firstMask, secondSource, secondMask, count,
                               second.vectorKernelCode)
        }
        i &+= drawRowsVector(firstMask, firstSource + i, then: second, secondMask, secondSource + i,
                             into: destination + i, count: count &- i)
        while i < count {
            destination[i] = c2.scalar(secondSource[i], c1.scalar(firstSource[i], destination[i]))
            i &+= 1
        }
    }

    /// One of the two images of a channel split: where its pixels come from,
    /// the channels it keeps (every byte 0 or 255), and the output columns it
    /// covers, relative to the row's first column.
    struct SplitSource {
        var sampling: Sampling
        var select: UInt32
        var columns: Range<Int>
    }

    /// Two images whose kept channels do not overlap, as drawn onto a
    /// cleared row (or layer) — the first replacing, the second added or
    /// drawn over — then combined with the destination by `op` (`.source`:
    /// the row is cleared): each channel comes from the one image that keeps
    /// it, so the pair is the two selections OR-ed. The bytes of the two
    /// `drawRow`s (and of the layer drawn with `op`), in one pass. (TikTok's
    /// colour fringe: red and alpha from one copy, green and blue from the
    /// other.) Pixels outside an image's columns take nothing from it.
    static func drawSplitRow(_ first: SplitSource, _ second: SplitSource, _ op: Operator,
                             into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        @inline(__always) func part(_ source: SplitSource, _ i: Int) -> UInt32 {
            source.columns.contains(i) ? bilinear(source.sampling, i) & source.select : 0
        }
        let combiner = Combiner(op, .none)
        let interior = splitRowVector(first, second, op, into: destination, count: count)
        for i in 0..<interior.lowerBound {
            destination[i] = combiner.scalar(part(first, i) | part(second, i), destination[i])
        }
        for i in interior.upperBound..<count {
            destination[i] = combiner.scalar(part(first, i) | part(second, i), destination[i])
        }
    }

    // MARK: - Dispatch: one specialised loop per sampling, tint and operator

    @inline(__always)
    private static func dispatch<S: RowSampler>(_ sampler: S, tint: UInt32?, mask: Mask, _ op: Operator,
                                               _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
                                               _ start: Int, _ end: Int) {
        if let tint {
            dispatch(Tinted(inner: sampler, paint: tint), mask: mask, op, destination, count, start, end)
        } else {
            dispatch(sampler, mask: mask, op, destination, count, start, end)
        }
    }

    @inline(__always)
    static func dispatch<S: RowSampler>(_ sampler: S, mask: Mask, _ op: Operator,
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
        case (.source, .select(let f)):
            run(sampler, Combiner(.source, .select(f)), needsDestination: false, destination, start, end)
        case (.over, .none):
            run(sampler, Combiner(.over, .none), needsDestination: true, destination, start, end)
        case (.over, .uniform(let m)):
            run(sampler, Combiner(.over, .uniform(m)), needsDestination: true, destination, start, end)
        case (.over, .components(let f)):
            run(sampler, Combiner(.over, .components(f)), needsDestination: true, destination, start, end)
        case (.over, .select(let f)):
            run(sampler, Combiner(.over, .select(f)), needsDestination: true, destination, start, end)
        case (.add, .none):
            run(sampler, Combiner(.add, .none), needsDestination: true, destination, start, end)
        case (.add, .uniform(let m)):
            run(sampler, Combiner(.add, .uniform(m)), needsDestination: true, destination, start, end)
        case (.add, .components(let f)):
            run(sampler, Combiner(.add, .components(f)), needsDestination: true, destination, start, end)
        case (.add, .select(let f)):
            run(sampler, Combiner(.add, .select(f)), needsDestination: true, destination, start, end)
        }
    }

    /// Pixels start..<end: as many as the vector loops take (AVX2 for a
    /// whole-pixel row faded by at most one byte, where the processor has
    /// it), the rest here.
    @inline(__always)
    private static func run<S: RowSampler>(_ sampler: S, _ combiner: Combiner, needsDestination: Bool,
                                           _ destination: UnsafeMutablePointer<UInt32>, _ start: Int, _ end: Int) {
        var i = start
        if Processor.hasAVX2, let row = sampler.row, let byte = combiner.uniformByte {
            i &+= span_combine_avx2(destination + i, row + i, row + i, end &- i, 128, 0, 128, 0, byte,
                                    combiner.op.vectorKernelCode)
        }
        i = runVector(sampler, combiner, needsDestination: needsDestination, destination, i, end)
        while i < end {
            destination[i] = combiner.scalar(sampler.scalar(i), destination[i])
            i &+= 1
        }
    }

    /// True when each of `count` pixels from `pixels` is opaque (alpha 255).
    /// Reads them in blocks, stopping after the first block with a
    /// translucent one.
    static func isOpaque(_ pixels: UnsafePointer<UInt32>, count: Int) -> Bool {
        var start = 0
        while start < count {
            let end = min(count, start + 256)
            var all: UInt32 = 0xFF00_0000
            for x in start..<end { all &= pixels[x] }
            guard all >= 0xFF00_0000 else { return false }
            start = end
        }
        return true
    }

    /// The opaque stretch of `columns` of `row`: from its first opaque
    /// pixel to its last, when every pixel between is opaque too (what lies
    /// outside is translucent: a soft edge); nil otherwise.
    static func opaqueStretch(_ row: UnsafePointer<UInt32>, _ columns: Range<Int>) -> Range<Int>? {
        guard let first = columns.first(where: { row[$0] >= 0xFF00_0000 }),
              let last = columns.reversed().first(where: { row[$0] >= 0xFF00_0000 }),
              isOpaque(row + first, count: last + 1 - first) else { return nil }
        return first..<last + 1
    }

    // MARK: - Arithmetic (pixman's C macros)

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

        init(_ op: Operator, _ mask: Mask) {
            self.op = op
            self.mask = mask
        }

        /// The mask as one byte for every channel (255: none), when it is one.
        var uniformByte: UInt8? {
            switch mask {
            case .none: 255
            case .uniform(let m): m
            case .components, .select: nil
            }
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
            case .select(let f):
                source = s & f
                alpha = 0
            }
            switch op {
            case .source:
                return source
            case .add:
                return SpanKernels.addSaturating(d, source)
            case .over:
                switch mask {
                case .components(let f):
                    let alphas = SpanKernels.mulChannels((s &>> 24) &* 0x0101_0101, f)
                    return SpanKernels.addSaturating(source, SpanKernels.mulChannels(d, ~alphas))
                case .select(let f):
                    let alphas = (s &>> 24) &* 0x0101_0101 & f
                    return SpanKernels.addSaturating(source, SpanKernels.mulChannels(d, ~alphas))
                case .none, .uniform:
                    break
                }
                return SpanKernels.addSaturating(source, SpanKernels.mulAll(d, 255 &- alpha))
            }
        }
    }

    // MARK: - Samplers

    /// Produces the (tinted) source pixels of one output row. The vector
    /// loops need `RowSampler` (`SpanKernels+SSE2.swift`), which adds four
    /// pixels at a time on processors that have a vector path; a sampler's
    /// `Lanes` are the constants those loops use, made once when it is.
    protocol Sampler {
        /// The source row itself, when output pixel i is source pixel i.
        var row: UnsafePointer<UInt32>? { get }
        /// Output pixel i; taps outside the row are transparent.
        func scalar(_ i: Int) -> UInt32
    }

    /// Whole pixels: the source row itself.
    struct Direct: Sampler {
        let pixels: UnsafePointer<UInt32>
        let sampling: Sampling

        var row: UnsafePointer<UInt32>? { pixels }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
    }

    /// A fractional row offset: (T·wt + B·wb) >> 7.
    struct Vertical: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>
        let sampling: Sampling
        /// The weights as the vector loop wants them, made once per row.
        let lanes: Lanes

        init(top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>, sampling: Sampling) {
            self.top = top
            self.bottom = bottom
            self.sampling = sampling
            lanes = .vertical(sampling)
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
    }

    /// A fractional column offset: (L·(128 − wx) + R·wx) >> 7.
    struct Horizontal: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let pixels: UnsafePointer<UInt32>
        let sampling: Sampling
        let lanes: Lanes

        init(pixels: UnsafePointer<UInt32>, sampling: Sampling) {
            self.pixels = pixels
            self.sampling = sampling
            lanes = .horizontal(sampling)
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
    }

    /// Fractional offsets both ways: v = T·wt + B·wb per column (≤ 255·128,
    /// 16 bits), then (vL·(128 − wx) + vR·wx) >> 14, as pixman's SSE2.
    struct Both: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>
        let sampling: Sampling
        let lanes: Lanes

        init(top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>, sampling: Sampling) {
            self.top = top
            self.bottom = bottom
            self.sampling = sampling
            lanes = .both(sampling)
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.bilinear(sampling, i) }
    }

    /// The tint painted with the inner sampler's alpha: `mul(P_c, sa)`.
    struct Tinted<Inner: Sampler>: Sampler {
        var row: UnsafePointer<UInt32>? { nil }
        let inner: Inner
        let paint: UInt32
        let lanes: Lanes

        init(inner: Inner, paint: UInt32) {
            self.inner = inner
            self.paint = paint
            lanes = .tint(paint)
        }

        @inline(__always) func scalar(_ i: Int) -> UInt32 { SpanKernels.mulAll(paint, inner.scalar(i) &>> 24) }
    }
}
