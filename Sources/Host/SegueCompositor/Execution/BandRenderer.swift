import CPixman
import Glibc
import SegueBasics

/// Draws prepared primitives into one band of a frame (or a layer): each by
/// its plan, with a switch over every plan. Bands are independent, so a
/// frame's bands can be drawn on any threads in any order.
struct BandRenderer {
    let layers: LayerPool
    let pixman: PixmanPainter
    /// False draws everything with pixman, the way the fast paths are tested against.
    let usesFastPaths: Bool

    init(layers: LayerPool, usesFastPaths: Bool) {
        self.layers = layers
        self.pixman = PixmanPainter(layers: layers)
        self.usesFastPaths = usesFastPaths
    }

    /// Draws `primitives` over `area` of `destination`, which is first
    /// cleared to `fill`: consecutive images the span kernels can draw go
    /// row by row, all of them at once (a row stays in the cache while each
    /// draws onto it); the rest go to pixman one by one. On a transparent
    /// fill, the first drawing replaces what it covers instead of blending
    /// onto zeros (the same bytes: OVER and ADD onto 0 give the source).
    func draw(_ primitives: [Primitive], into destination: Destination, area: PixelRect,
              clearTo fill: UInt32) throws {
        func next(_ from: Int) -> Int {
            var k = from
            while k < primitives.count && primitives[k].bounds.intersection(area).isEmpty { k += 1 }
            return k
        }
        var filled = false
        var fill = fill
        var i = next(0)
        if usesFastPaths, fill == 0, i < primitives.count, case .pixman(.solid(let color)) = primitives[i].plan,
           primitives[i].mask == nil, primitives[i].tint == nil, primitives[i].isOverOrAdd,
           primitives[i].bounds.contains(area) {
            // A colour painted over the whole area first on transparency is what the
            // area is cleared to (OVER and ADD give its pixel there): what follows is
            // drawn onto it row by row (a fade through black's background and view).
            fill = SolidImage.pixel(premultiplied: PixmanPainter.paint(color, primitives[i].channels),
                                    times: primitives[i].opacity)
            i = next(i + 1)
        }
        if usesFastPaths, fill == 0, i < primitives.count {
            let first = primitives[i]
            let inner = first.bounds.intersection(area)
            switch first.plan {
            case .pixman(let source) where first.replacesTransparency:
                // An image pixman draws first on transparency: SRC over its bounds, the rest cleared.
                destination.fill(0, in: area, except: inner)
                try pixman.draw(source, first, into: destination.pixmanImage, origin: destination.origin, band: area,
                                replacing: true)
                filled = true
                i = next(i + 1)
            case .layer(let children) where first.drawsAsItsChildren:
                // A layer drawn first on transparency is its children drawn there directly.
                destination.fill(0, in: area, except: inner)
                try draw(children, into: destination, area: inner, clearTo: 0)
                filled = true
                i = next(i + 1)
            case .affine(let placement as AffineKernel.Sampled), .projective(let placement as AffineKernel.Sampled),
                 .distortion(let placement as AffineKernel.Sampled):
                // A sampled image drawn first on transparency writes its pixels (SRC) over its bounds, the rest cleared.
                destination.fill(0, in: area, except: inner)
                Self.drawSampled(first, placement, into: destination, area: area,
                                 under: Self.opaqueCover(over: i, of: primitives, in: area), replacing: true)
                filled = true
                i = next(i + 1)
            case .pixman, .layer, .span, .filtered:
                break
            }
        }
        while i < primitives.count {
            let primitive = primitives[i]
            switch primitive.plan {
            case .span:
                // Consecutive span images draw row by row, all at once.
                var run: [SpanImage] = []
                while i < primitives.count, case .span(let span, _, _) = primitives[i].plan {
                    run.append(span)
                    i = next(i + 1)
                }
                drawRows(run, into: destination, area: area, clearTo: filled ? nil : fill)
                filled = true
                continue
            case .layer(let children):
                try drawLayer(primitive, children, into: destination, area: area, clearingTo: filled ? nil : fill)
            case .affine(let placement as AffineKernel.Sampled), .projective(let placement as AffineKernel.Sampled),
                 .distortion(let placement as AffineKernel.Sampled):
                if !filled { destination.fill(fill, in: area) }
                Self.drawSampled(primitive, placement, into: destination, area: area,
                                 under: Self.opaqueCover(over: i, of: primitives, in: area))
            case .filtered:
                preconditionFailure("filtered primitives are drawn into images before the bands")
            case .pixman(let source):
                if !filled { destination.fill(fill, in: area) }
                try pixman.draw(source, primitive, into: destination.pixmanImage, origin: destination.origin, band: area)
            }
            filled = true
            i = next(i + 1)
        }
        if !filled { destination.fill(fill, in: area) }
    }

    /// The topmost image after primitive `i` that covers opaquely within
    /// `area`: its placement and bounds.
    private static func opaqueCover(over i: Int, of primitives: [Primitive],
                                    in area: PixelRect) -> (AffineKernel.Cover, PixelRect)? {
        for cover in primitives[(i + 1)...].reversed() where cover.coversOpaquely {
            let bounds = cover.bounds.intersection(area)
            if !bounds.isEmpty, let placement = cover.cover { return (placement, bounds) }
        }
        return nil
    }

    /// Draws a rotated, sheared (affine kernel), projected (projective
    /// kernel) or distorted (distortion kernel) image with the primitive's
    /// clip mask or opacity and blend mode: pixman's bilinear sampling
    /// without its generic (slow) fetcher; `replacing`, onto a band not yet
    /// cleared under it, by SRC (what OVER and ADD give onto transparency).
    /// Where `cover`, drawn later, hides it whole, it draws nothing (what is
    /// there, cleared or not, the opaque cover replaces).
    private static func drawSampled(_ primitive: Primitive, _ placement: AffineKernel.Sampled,
                                    into destination: Destination, area: PixelRect,
                                    under cover: (AffineKernel.Cover, PixelRect)?, replacing: Bool = false) {
        let region = primitive.bounds.intersection(area)
        guard !region.isEmpty else { return }
        let mask = primitive.mask?.rasterize(region)
        let coverage: AffineKernel.Coverage = mask.map {
            .mask(UnsafePointer($0.bytes.assumingMemoryBound(to: UInt8.self)), stride: $0.stride,
                  origin: ($0.area.x0, $0.area.y0))
        } ?? .opacity(primitive.opacity)
        let op: AffineKernel.Operator = replacing ? .source : primitive.blend == .plusLighter ? .add : .over
        func draw(_ part: PixelRect) {
            placement.composite(op, coverage: coverage,
                                into: destination.surface.pixels, destinationStride: destination.surface.stride,
                                origin: destination.origin, area: part)
        }
        withExtendedLifetime(mask) {
            guard let (cover, bounds) = cover, case let shared = bounds.intersection(region), !shared.isEmpty
            else { return draw(region) }
            for y in region.y0..<region.y1 {
                let hidden = y >= shared.y0 && y < shared.y1 ? cover.innerColumns(y, within: shared.x0..<shared.x1) : 0..<0
                if hidden.isEmpty {
                    draw(PixelRect(x0: region.x0, y0: y, x1: region.x1, y1: y + 1))
                } else {
                    draw(PixelRect(x0: region.x0, y0: y, x1: hidden.lowerBound, y1: y + 1))
                    draw(PixelRect(x0: hidden.upperBound, y0: y, x1: region.x1, y1: y + 1))
                }
            }
        }
    }

    /// Draws a layer: its children into a pooled surface (cleared by their
    /// own drawing), then that over `area` — by the span kernels when they
    /// can, else by pixman — after clearing `area` to `fill` if given.
    private func drawLayer(_ primitive: Primitive, _ children: [Primitive], into destination: Destination,
                           area: PixelRect, clearingTo fill: UInt32?) throws {
        // A layer that is only a channel split, drawn plainly: the split combined
        // with the destination row by row, the bytes of the layer drawn there.
        if usesFastPaths, children.count == 2, case .span(let first, _, _) = children[0].plan,
           case .span(let second, _, _) = children[1].plan, SpanImage.formSplit(first, second),
           primitive.opacity == 1, primitive.mask == nil, primitive.tint == nil, primitive.channels == nil,
           primitive.isOverOrAdd {
            if let fill { destination.fill(fill, in: area) }
            let inner = primitive.bounds.intersection(area)
            let op: SpanKernels.Operator = primitive.blend == .plusLighter ? .add : .over
            for y in inner.y0..<inner.y1 { Self.drawSplit(first, second, y, inner, op, into: destination.row(y)) }
            return
        }
        let inner = primitive.bounds.intersection(area)
        try layers.withLayer(width: inner.width, height: inner.height, cleared: !usesFastPaths) { layer in
            let layerDestination = Destination(layer, origin: (inner.x0, inner.y0))
            try draw(children, into: layerDestination, area: inner, clearTo: 0)
            let placement = AffineTransform.translation(x: Double(inner.x0), y: Double(inner.y0))
            if usesFastPaths, let span = SpanImage(layer, crop: nil, transform: placement, primitive) {
                // On transparency the layer replaces what it covers.
                let replacing = fill == 0
                if let fill { destination.fill(fill, in: area, except: replacing ? inner : .empty) }
                drawRows([span], into: destination, area: inner, clearTo: nil, replacing: replacing)
            } else {
                if let fill { destination.fill(fill, in: area) }
                let layerImage = layer.makePixmanImage()
                defer { pixman_image_unref(layerImage) }
                _ = try pixman.composite(layerImage, transform: ProjectiveTransform(placement), primitive,
                                         into: destination.pixmanImage,
                                  origin: destination.origin, area: inner)
            }
        }
    }

    /// Draws images with the span kernels, row by row over `area`, clearing
    /// each row to `fill` first when given (`replacing`: to 0). On a cleared
    /// row, each image replaces the pixels no earlier image has drawn on
    /// (OVER and ADD onto 0 give the source: the same bytes) and blends only
    /// where one has; what none covers is cleared last. A crossfade — two
    /// whole-pixel images over the same pixels — is one pass, and so is a
    /// channel split: two images keeping channels the other drops. Where
    /// the topmost image that can hide others is opaque on a row (an
    /// opaque view sliding or growing over another), it is drawn by SRC
    /// first and nothing under it is drawn or cleared there.
    private func drawRows(_ run: [SpanImage], into destination: Destination, area: PixelRect, clearTo fill: UInt32?,
                          replacing: Bool = false) {
        let clearing = fill ?? (replacing ? 0 : nil)
        if run.count > Self.manyImages {
            if clearing == 0, let apart = Self.onRowsOfTheirOwn(run, area) {
                Self.drawApart(run, apart, into: destination, area: area)
            } else {
                Self.drawEach(run, into: destination, area: area, clearTo: clearing)
            }
            return
        }
        // The topmost image that can hide others drawn under it; on rows
        // being cleared it is tried first, until a row shows it translucent.
        var top = clearing == nil ? nil : run.indices.dropFirst().last { run[$0].canHide }
        for y in area.y0..<area.y1 {
            let row = destination.row(y)
            // The columns the top image, drawn by SRC first, settles: what is under it
            // is drawn around them (or the row is drawn as if it were not tried). They
            // are where it is opaque; or, on a row cleared to transparency where no image
            // under it reaches its columns (a wipe's two sides), all of them without a
            // look, as SRC is what OVER gives there whatever its alpha.
            var hidden: (image: Int, columns: Range<Int>)?
            if let k = top, let c = run[k].columns(y, area) {
                run[k].drawRow(y, c, .source, into: row)
                if clearing == 0, !run[..<k].contains(where: { $0.columns(y, area)?.overlaps(c) == true }) {
                    hidden = (k, c)
                } else if let h = SpanKernels.opaqueStretch(row, c) {
                    hidden = (k, h)
                } else {
                    top = nil
                }
            }
            // Draws `columns` of image k, or of the fill (which lies under every image: k = 0
            // will do), around the hidden columns when the image lies under the top one.
            func eachPart(_ k: Int, _ columns: Range<Int>, _ draw: (Range<Int>) -> Void) {
                guard let hidden, k <= hidden.image else { return draw(columns) }
                let h = hidden.columns
                let left = columns.lowerBound..<max(columns.lowerBound, min(columns.upperBound, h.lowerBound))
                let right = min(columns.upperBound, max(columns.lowerBound, h.upperBound))..<columns.upperBound
                if !left.isEmpty { draw(left) }
                if !right.isEmpty { draw(right) }
            }
            guard clearing == 0 else {
                if let clearing {
                    eachPart(0, area.x0..<area.x1) { Destination.fill(row, clearing, from: $0.lowerBound, to: $0.upperBound) }
                }
                for (k, span) in run.enumerated() {
                    guard let c = span.columns(y, area) else { continue }
                    eachPart(k, c) { span.drawRow(y, $0, span.op, into: row) }
                }
                continue
            }
            // Pixels lo..<hi have been drawn on (or cleared); the rest of the row is untouched.
            var lo = 0, hi = 0
            var start = 0
            if let hidden {
                (lo, hi) = (hidden.columns.lowerBound, hidden.columns.upperBound)
            } else if run.count > 1, SpanImage.formSplit(run[0], run[1]) {
                if let both = Self.drawSplit(run[0], run[1], y, area, .source, into: row) {
                    (lo, hi, start) = (both.lowerBound, both.upperBound, 2)
                }
            } else if run.count > 1, let a = run[0].columns(y, area), let b = run[1].columns(y, area), a == b,
                      let first = run[0].wholeRow(y, a), let second = run[1].wholeRow(y, a) {
                SpanKernels.drawRows(first.mask, first.pixels, then: run[1].op, second.mask, second.pixels,
                                     into: row + a.lowerBound, count: a.count)
                (lo, hi, start) = (a.lowerBound, a.upperBound, 2)
            }
            for k in run.indices[start...] {
                let span = run[k]
                guard let columns = span.columns(y, area) else { continue }
                eachPart(k, columns) { c in
                    if lo == hi {
                        span.drawRow(y, c, .source, into: row)
                        (lo, hi) = (c.lowerBound, c.upperBound)
                        return
                    }
                    if c.lowerBound < lo {
                        let end = min(c.upperBound, lo)
                        Destination.fill(row, 0, from: end, to: lo)
                        span.drawRow(y, c.lowerBound..<end, .source, into: row)
                    }
                    if c.upperBound > hi {
                        let begin = max(c.lowerBound, hi)
                        Destination.fill(row, 0, from: hi, to: begin)
                        span.drawRow(y, begin..<c.upperBound, .source, into: row)
                    }
                    let m0 = max(c.lowerBound, lo), m1 = min(c.upperBound, hi)
                    if m0 < m1 { span.drawRow(y, m0..<m1, span.op, into: row) }
                    (lo, hi) = (min(lo, c.lowerBound), max(hi, c.upperBound))
                }
            }
            if lo == hi {
                Destination.fill(row, 0, from: area.x0, to: area.x1)
            } else {
                Destination.fill(row, 0, from: area.x0, to: lo)
                Destination.fill(row, 0, from: hi, to: area.x1)
            }
        }
    }

    /// Beyond this many images in a run, `drawEach` draws them.
    static let manyImages = 16

    /// Many images (a particle system's sprites, say), each drawn whole in
    /// turn over `area`, after the area is cleared to `fill` if given (on
    /// transparency, the first image replacing what it covers). Every
    /// pixel still meets the images in their order, so the bytes are those
    /// of drawing row by row; but each image's rows are visited once,
    /// instead of every row asking every image whether it reaches it, and
    /// only the columns its ink extents say can show are drawn.
    private static func drawEach(_ run: [SpanImage], into destination: Destination, area: PixelRect,
                                 clearTo fill: UInt32?) {
        // On transparency the first image replaces what it covers (SRC: what
        // OVER and ADD give there, a copy for a view) and the rest is cleared.
        let replaced = fill == 0 ? run[0].bounds.intersection(area) : .empty
        if let fill { destination.fill(fill, in: area, except: replaced) }
        for y in replaced.y0..<replaced.y1 {
            run[0].drawRow(y, replaced.x0..<replaced.x1, .source, into: destination.row(y))
        }
        run.withUnsafeBufferPointer { images in
            for k in images.indices.dropFirst(replaced.isEmpty ? 0 : 1) {
                let drawn = images[k].bounds.intersection(area)
                guard !drawn.isEmpty else { continue }
                for y in drawn.y0..<drawn.y1 {
                    let columns = images[k].inkedColumns(y, within: drawn.x0..<drawn.x1)
                    guard !columns.isEmpty else { continue }
                    let row = destination.row(y)
                    if let whole = images[k].wholeRow(y, columns) {
                        SpanKernels.drawWholeRow(whole.pixels, mask: whole.mask, images[k].op,
                                                 into: row + columns.lowerBound, count: columns.count)
                    } else {
                        images[k].drawRow(y, columns, images[k].op, into: row)
                    }
                }
            }
        }
    }

    /// Many images on rows of their own (`onRowsOfTheirOwn`: the rows a
    /// squeeze shows) on a transparent area: each drawn by SRC, what OVER and
    /// ADD give there, and the rest of the area cleared.
    @inline(never)
    private static func drawApart(_ run: [SpanImage], _ apart: [(image: Int, drawn: PixelRect)],
                                  into destination: Destination, area: PixelRect) {
        var y = area.y0
        for (k, drawn) in apart {
            destination.fill(0, in: PixelRect(x0: area.x0, y0: y, x1: area.x1, y1: drawn.y0))
            for row in drawn.y0..<drawn.y1 {
                let pixels = destination.row(row)
                Destination.fill(pixels, 0, from: area.x0, to: drawn.x0)
                run[k].drawRow(row, drawn.x0..<drawn.x1, .source, into: pixels)
                Destination.fill(pixels, 0, from: drawn.x1, to: area.x1)
            }
            y = drawn.y1
        }
        destination.fill(0, in: PixelRect(x0: area.x0, y0: y, x1: area.x1, y1: area.y1))
    }

    /// The images of `run` that reach `area` and what of it they draw, when
    /// each is drawn as it is (untinted, unfaded: a copy where nothing lies
    /// under it) and each lies on rows below the one before (a squeeze's
    /// rows, in order); nil otherwise, as soon as it shows (sprites, which
    /// come in any order and also skip their blank columns).
    @inline(never)
    private static func onRowsOfTheirOwn(_ run: [SpanImage], _ area: PixelRect) -> [(image: Int, drawn: PixelRect)]? {
        var reaching: [(image: Int, drawn: PixelRect)] = []
        for k in run.indices {
            guard run[k].canHide else { return nil }
            let drawn = run[k].bounds.intersection(area)
            guard !drawn.isEmpty else { continue }
            if let last = reaching.last, drawn.y0 < last.drawn.y1 { return nil }
            reaching.append((k, drawn))
        }
        return reaching
    }

    /// Row `y` of a channel split of `first` and `second` (see
    /// `SpanImage.formSplit`) within `area`, combined with the row by `op`;
    /// the columns it covered, or nil when neither has pixels there.
    @discardableResult
    private static func drawSplit(_ first: SpanImage, _ second: SpanImage, _ y: Int, _ area: PixelRect,
                                  _ op: SpanKernels.Operator, into row: UnsafeMutablePointer<UInt32>) -> Range<Int>? {
        let a = first.columns(y, area), b = second.columns(y, area)
        let both: Range<Int>
        switch (a, b) {
        case let (a?, b?): both = min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
        case let (a?, nil): both = a
        case let (nil, b?): both = b
        case (nil, nil): return nil
        }
        SpanKernels.drawSplitRow(first.splitSource(y, over: both, drawing: a), second.splitSource(y, over: both, drawing: b),
                                 op, into: row + both.lowerBound, count: both.count)
        return both
    }
}
