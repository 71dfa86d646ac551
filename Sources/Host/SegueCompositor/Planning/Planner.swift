import SegueBasics

/// Turns flattened primitives into ones ready for a frame's bands: bounds
/// narrowed to the area drawn, what cannot show dropped, clip masks
/// prepared where clips are not whole-pixel rectangles, strong downscales
/// halved first, and — with fast paths — each image's plan upgraded from
/// pixman to the span or affine kernel where they give pixman's bytes.
enum Planner {
    /// - Parameters:
    ///   - area: the device pixels the frame draws.
    ///   - fastPaths: false keeps every primitive on pixman (for tests).
    ///   - forEach: runs a loop on the compositor's threads (for mipmaps).
    static func prepare(_ primitives: [Primitive], within area: PixelRect, fastPaths: Bool,
                        forEach: ParallelLoop) -> [Primitive] {
        var prepared: [Primitive] = []
        prepared.reserveCapacity(primitives.count)
        for original in primitives {
            var primitive = original
            primitive.bounds = primitive.bounds.intersection(area)
            guard !primitive.bounds.isEmpty else { continue }
            switch primitive.plan {
            case .layer(let children):
                let kept = prepare(children, within: primitive.bounds, fastPaths: fastPaths, forEach: forEach)
                guard !kept.isEmpty else { continue }
                primitive.plan = .layer(kept)
            case .filtered(let children, let filter):
                let source = children.reduce(PixelRect.empty) { $0.union($1.bounds) }
                let needed = filter.region(for: primitive.bounds, source: source)
                let kept = prepare(children, within: needed, fastPaths: fastPaths, forEach: forEach)
                guard !kept.isEmpty else { continue }
                primitive.plan = .filtered(kept, filter)
            case .pixman, .span, .affine, .projective, .distortion:
                break
            }
            let fractionalRect = primitive.clipRect.map { !$0.isIntegral } ?? false
            if !primitive.clipPaths.isEmpty || fractionalRect {
                primitive.mask = ClipMask(area: primitive.bounds, paths: primitive.clipPaths,
                                            rect: primitive.clipRect, opacity: primitive.opacity)
            }
            // Strong downscales draw a halved copy of the image (see `Mipmap`); nearest sampling picks pixels instead.
            if primitive.filter == .bilinear, case .pixman(.image(let surface, let crop, let transform)) = primitive.plan,
               let (reduced, placement) = Mipmap.reduce(surface, crop: crop, transform: transform,
                                                        halvings: Mipmap.halvings(for: transform), forEach: forEach) {
                primitive.plan = .pixman(.image(reduced, crop: nil, transform: placement))
            }
            append(primitive, fastPaths: fastPaths, into: &prepared)
        }
        return prepared
    }

    /// Sets `coversOpaquely` on the affine, projected and distorted images
    /// that hide what a sampling kernel draws under them (a turned photo
    /// over another, a wave over the view it replaces), in layers too: the
    /// pixels they cover are then not drawn twice. Only such images have
    /// their source read for opacity, once a frame, and only when what they
    /// may hide is at least a quarter of that source (reading it costs far
    /// less a pixel than sampling, but not nothing) and when they hide
    /// enough of what is drawn under them (`hidesEnough`). Filtered images
    /// must have been drawn (projections are planned then).
    static func markOpaqueCovers(_ primitives: inout [Primitive], forEach: ParallelLoop) {
        for j in primitives.indices {
            if case .layer(var children) = primitives[j].plan {
                primitives[j].plan = .layer([])  // the only reference left, so the children change in place
                markOpaqueCovers(&children, forEach: forEach)
                primitives[j].plan = .layer(children)
            }
            let cover = primitives[j]
            guard let placement = cover.cover, cover.opacity >= 1, cover.mask == nil,
                  cover.tint == nil, cover.channels == nil, cover.blend == .normal else { continue }
            let under = primitives[..<j].filter(\.isSampled)
            let hidden = under.map {
                let shared = $0.bounds.intersection(cover.bounds)
                return shared.width * shared.height
            }.max() ?? 0
            guard hidden > 0, 4 * hidden >= placement.sourceArea, hidesEnough(placement, within: cover.bounds, of: under)
            else { continue }
            primitives[j].coversOpaquely = placement.isOpaque(forEach: forEach)
        }
    }

    /// Gives each span image in a run of more than `BandRenderer.manyImages`
    /// consecutive ones (what `drawEach` draws: a particle system's sprites,
    /// in a layer or not) its image's ink extents, worked out once per image
    /// and frame, so that each drawing skips the columns that cannot show.
    /// Finding them stops at a row's first and last pixels that reach every
    /// level, so an opaque image costs a few pixels a row.
    static func findInk(_ primitives: inout [Primitive], forEach: ParallelLoop) {
        struct Image: Hashable {
            let pixels: UnsafePointer<UInt32>, width: Int, height: Int, pitch: Int
            init(_ span: SpanImage) { (pixels, width, height, pitch) = (span.pixels, span.width, span.height, span.pitch) }
        }
        var found: [Image: InkExtents] = [:]
        var last: (image: Image, ink: InkExtents)?
        var j = primitives.startIndex
        while j < primitives.endIndex {
            if case .layer(var children) = primitives[j].plan {
                primitives[j].plan = .layer([])  // the only reference left, so the children change in place
                findInk(&children, forEach: forEach)
                primitives[j].plan = .layer(children)
            }
            var end = j
            while end < primitives.endIndex, case .span = primitives[end].plan { end += 1 }
            guard end - j > BandRenderer.manyImages else {
                j = max(end, j + 1)
                continue
            }
            for k in j..<end {
                guard case .span(var span, let surface, _) = primitives[k].plan else { continue }
                let image = Image(span)
                let ink: InkExtents
                if let last, last.image == image {
                    ink = last.ink
                } else {
                    ink = found[image] ?? InkExtents(pixels: span.pixels, width: span.width, height: span.height,
                                                     pitch: span.pitch, forEach: forEach)
                    found[image] = ink
                    last = (image, ink)
                }
                span.skipBlankColumns(ink)
                primitives[k].plan = .span(span, surface, ink)
            }
            j = end
        }
    }

    /// True when, on rows spread over `bounds`, the inner pixels of `cover`
    /// hide more inner pixels of the sampled images `under` than finding
    /// them costs: the cover's `innerColumnsCost` times its pixels there.
    /// Finding a projected or distorted cover's inner pixels means computing
    /// its points again, for every row drawn under it: it pays when the
    /// images under it would have been drawn there (a wave over the view it
    /// replaces), not when they lie beside it (two views shifted apart).
    /// Measured side by side: `.wave` 0.85× the time with its cover;
    /// `.slideAway` at progress 0.5, half hidden, took 1.05× with one.
    static func hidesEnough(_ cover: AffineKernel.Cover, within bounds: PixelRect,
                            of under: [Primitive]) -> Bool {
        guard cover.innerColumnsCost > 0 else { return true }
        let rows = 9
        var hidden = 0
        for k in 0..<rows {
            let y = bounds.y0 + (2 * k + 1) * bounds.height / (2 * rows)
            let inner = cover.innerColumns(y, within: bounds.x0..<bounds.x1)
            for primitive in under {
                guard let placement = primitive.cover, (primitive.bounds.y0..<primitive.bounds.y1).contains(y) else {
                    continue
                }
                let columns = inner.clamped(to: primitive.bounds.x0..<primitive.bounds.x1)
                hidden += placement.innerColumns(y, within: columns).count
            }
        }
        return Double(hidden) >= cover.innerColumnsCost * Double(rows * bounds.width)
    }

    /// The primitive with the span or affine kernel as its plan when one of
    /// them gives pixman's bytes for it (also for filtered images, once drawn).
    static func kernelPlan(for primitive: Primitive) -> Primitive {
        guard case .pixman(.image(let surface, let crop, let transform)) = primitive.plan else { return primitive }
        var planned = primitive
        if let span = SpanImage(surface, crop: crop, transform: transform, primitive) {
            planned.plan = .span(span, surface, nil)
        } else if primitive.kernelsCanSample,
                  let placement = AffineKernel.Placement(source: surface, crop: crop, transform: transform,
                                                         pads: primitive.padsEdges),
                  !transform.preservesAxes || placement.magnifiesAcross && primitive.mask == nil {
            // Other axis-aligned scales stay with pixman, whose SSE2 scaled-bilinear path is faster for them;
            // an unmasked magnification (a blur's reduced image drawn back) is faster still row by row.
            planned.plan = .affine(placement)
        }
        return planned
    }

    /// Appends `primitive` to `prepared`, with fast paths on its kernel plan
    /// (`kernelPlan(for:)`); an untinted clipped image whose mask is opaque
    /// over most of its bounds goes in as that opaque core drawn without the
    /// mask — which the span and affine kernels can then draw, and which
    /// reads no mask — and the rim around it drawn with the mask. The same
    /// bytes: a mask byte of 255 leaves pixman's source as it is, and the
    /// kernels give pixman's bytes.
    private static func append(_ primitive: Primitive, fastPaths: Bool, into prepared: inout [Primitive]) {
        guard fastPaths else { return prepared.append(primitive) }
        let bounds = primitive.bounds
        guard case .pixman(.image) = primitive.plan, let mask = primitive.mask, primitive.tint == nil,
              primitive.channels == nil, case let core = mask.opaqueCore.intersection(bounds), !core.isEmpty,
              core.width * core.height * 2 >= bounds.width * bounds.height else {
            return prepared.append(kernelPlan(for: primitive))
        }
        var inner = primitive
        inner.mask = nil
        inner.bounds = core
        prepared.append(kernelPlan(for: inner))
        let rim = [
            PixelRect(x0: bounds.x0, y0: bounds.y0, x1: bounds.x1, y1: core.y0),
            PixelRect(x0: bounds.x0, y0: core.y0, x1: core.x0, y1: core.y1),
            PixelRect(x0: core.x1, y0: core.y0, x1: bounds.x1, y1: core.y1),
            PixelRect(x0: bounds.x0, y0: core.y1, x1: bounds.x1, y1: bounds.y1),
        ]
        for part in rim where !part.isEmpty {
            var piece = primitive
            piece.bounds = part
            prepared.append(kernelPlan(for: piece))
        }
    }
}
