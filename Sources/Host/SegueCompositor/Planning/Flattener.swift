import SegueBasics

/// Reduces a picture to device-space primitives.
///
/// Every nested picture is a compositing group: its items blend with one
/// another, and the result is drawn into the parent with the nesting item's
/// opacity, tint and blend mode. A nested picture is inlined when that cannot
/// change a pixel: always when it has one item (anything blended over a
/// transparent backdrop is itself, so only the nesting item's blend counts),
/// and when its items all blend normally and nothing fades or tints them as a
/// whole (an anti-aliased clip fades its edge pixels, so it needs a group too).
/// Otherwise it becomes a layer, drawn offscreen and composited once.
/// Transforms always fold.
struct Flattener {
    private struct Context {
        var transform: AffineTransform = .identity
        var clipRect: Rect?
        var clipPaths: [(Path, FillRule)] = []
        var opacity = 1.0
        var tint: Color?
        var channels: Color?
        /// The blend mode the items are drawn with as a whole; nil means each
        /// item's own (at the root, and inside groups).
        var blend: BlendMode?
        /// Nearest once any enclosing item asks for it.
        var filter: SamplingFilter = .bilinear

        /// A path that is a rectangle of whole pixels (a plugin's filled frame)
        /// clips as that rectangle: the same pixels, and no mask to rasterise.
        mutating func add(_ clip: Clip) {
            switch clip {
            case .rect(let r): clipRect = clipRect.map { $0.intersection(r) } ?? r
            case .path(let p, _) where p.rectangle?.isIntegral == true: add(.rect(p.rectangle!))
            case .path(let p, let rule): clipPaths.append((p, rule))
            }
        }

        /// Device bounds of the clips; nil when nothing clips.
        var clipBounds: Rect? {
            var bounds = clipRect
            for (path, _) in clipPaths {
                let box = path.boundingBox
                bounds = bounds.map { $0.intersection(box) } ?? box
            }
            return bounds
        }
    }

    /// The primitives that draw `picture` in device space (picture coordinates are device pixels).
    static func primitives(of picture: Picture) -> [Primitive] {
        var result: [Primitive] = []
        flatten(picture, Context(), into: &result)
        return result
    }

    private static func flatten(_ picture: Picture, _ outer: Context, into result: inout [Primitive]) {
        result.reserveCapacity(result.count + picture.items.count)
        for item in picture.items {
            var context = outer
            context.transform = item.transform.concatenating(outer.transform)
            guard context.transform.isFinite, item.opacity.isFinite else { continue }
            if let clip = item.clip { context.add(clip.applying(outer.transform)) }
            context.opacity *= min(item.opacity, 1)
            context.tint = outer.tint ?? item.tint
            context.channels = Self.product(outer.channels, item.channels)
            context.blend = outer.blend ?? item.blend
            context.filter = outer.filter == .nearest ? .nearest : item.filter
            guard context.opacity > 0 else { continue }
            if item.isFiltered {
                flattenFiltered(item, outer, context, into: &result)
                continue
            }

            switch item.source {
            case .surface(let surface):
                var crop: PixelRect?
                if let rect = item.crop {
                    if rect.isIntegral {
                        crop = rect.enclosingPixels.intersection(surface.bounds)
                        guard !(crop!.isEmpty) else { continue }
                    } else {
                        context.add(Clip.rect(rect).applying(context.transform))
                    }
                }
                let placement = crop.map {
                    AffineTransform.translation(x: Double($0.x0), y: Double($0.y0)).concatenating(context.transform)
                } ?? context.transform
                let sourceRect = (crop ?? surface.bounds).rect
                let imageBounds = context.transform.boundingBox(of: sourceRect)
                append(.pixman(.image(surface, crop: crop, transform: placement)), context, imageBounds, into: &result)
            case .color(let color):
                append(.pixman(.solid(color)), context, nil, into: &result)
            case .picture(let nested):
                if let crop = item.crop {
                    if let image = Self.cropped(nested, to: crop) {
                        flatten(image, context, into: &result)
                        continue
                    }
                    context.add(Clip.rect(crop).applying(context.transform))
                }
                if nested.items.count <= 1 {
                    flatten(nested, context, into: &result)
                } else if context.opacity == 1 && context.tint == nil && context.channels == nil
                            && context.clipPaths.isEmpty && context.clipRect?.isIntegral != false
                            && context.blend == .normal
                            && nested.items.allSatisfy({ $0.blend == .normal && $0.tint == nil && $0.channels == nil }) {
                    context.blend = nil
                    flatten(nested, context, into: &result)
                } else {
                    var inner = Context()
                    inner.transform = context.transform
                    inner.filter = context.filter
                    var children: [Primitive] = []
                    flatten(nested, inner, into: &children)
                    guard !children.isEmpty else { continue }
                    let childBounds = children.reduce(PixelRect.empty) { $0.union($1.bounds) }.rect
                    append(.layer(children), context, childBounds, into: &result)
                }
            }
        }
    }

    /// An item with a distortion, projection, colour matrix or blur: the
    /// item drawn plainly (its transform, crop, tint and channels, in device
    /// space) becomes the children of a `.filtered` primitive per filter, in
    /// the order distortion, projection, colour, blur; the outermost is drawn
    /// with the item's clip, opacity and blend mode. Filters' sizes go to
    /// device space: a blur's radius scales with the transform's area scale.
    /// A distortion's map works in picture coordinates: under a device
    /// transform that is more than a translation it runs on the picture's
    /// own pixels, which the transform then places (as a projection).
    private static func flattenFiltered(_ original: DrawItem, _ outer: Context, _ context: Context,
                                        into result: inout [Primitive]) {
        var item = original
        if let distortion = item.distortion, item.projection != nil || item.colorMatrix != nil || item.blur != nil {
            // The other filters act on the distorted source: an item of its own inside them.
            let distorted = DrawItem(source: item.source, transform: item.transform, crop: item.crop,
                                     tint: item.tint, channels: item.channels, filter: item.filter,
                                     distortion: distortion)
            (item.source, item.transform, item.crop) = (.picture(Picture([distorted])), .identity, nil)
            (item.tint, item.channels, item.distortion) = (nil, nil, nil)
            flatten(Picture([item]), outer, into: &result)
            return
        }
        // Consecutive colour adjustments fold into one map, one pass: the item's
        // source may be a picture that only adjusts the colour of its own source.
        while item.projection == nil, let outerMatrix = item.colorMatrix, case .picture(let nested) = item.source,
              nested.items.count == 1, let inner = nested.items.first, inner.onlyAdjustsColour,
              let innerMatrix = inner.colorMatrix {
            item.source = inner.source
            item.colorMatrix = innerMatrix.concatenating(outerMatrix)
        }
        var plain = item
        (plain.distortion, plain.projection, plain.colorMatrix, plain.blur) = (nil, nil, nil, nil)
        var filters: [LayerFilter] = []
        var childTransform = outer.transform
        if let distortion = item.distortion {
            let frame = distortion.frame
            let device = outer.transform
            let origin = device.isTranslation ? Point(x: frame.minX + device.tx, y: frame.minY + device.ty) : frame.origin
            guard let output = Self.pixelCentres(in: Rect(origin: origin, size: frame.size)) else { return }
            filters.append(.distortion(distortion, origin: origin, output: output))
            if !device.isTranslation {
                childTransform = .identity
                filters.append(.projection(ProjectiveTransform(device)))
            }
        }
        if let projection = item.projection {
            // A projection that is not finite, or a collapsed device transform, shows nothing.
            guard let deviceToPicture = outer.transform.inverted else { return }
            let device = ProjectiveTransform(deviceToPicture).concatenating(projection)
                .concatenating(ProjectiveTransform(outer.transform))
            guard device.isFinite else { return }
            filters.append(.projection(device))
        }
        if let matrix = item.colorMatrix {
            guard matrix.isFinite else { return }
            filters.append(.colorMatrix(matrix))
        }
        if let blur = item.blur {
            let sigma = blur.radius * abs(outer.transform.determinant).squareRoot()
            guard sigma.isFinite else { return }
            if sigma > 0 { filters.append(.blur(sigma: sigma, opaque: blur.opaque)) }
        }
        guard !filters.isEmpty else {
            flatten(Picture([plain]), outer, into: &result)
            return
        }
        (plain.clip, plain.opacity, plain.blend) = (nil, 1, .normal)
        var inner = Context()
        inner.transform = childTransform
        inner.filter = context.filter
        var children: [Primitive] = []
        flatten(Picture([plain]), inner, into: &children)
        // Bounded, so that a filtered colour that fills everywhere stays a finite image.
        let limit = PixelRect(x0: -(1 << 24), y0: -(1 << 24), x1: 1 << 24, y1: 1 << 24)
        for (index, filter) in filters.enumerated() {
            let source = children.reduce(PixelRect.empty) { $0.union($1.bounds) }.intersection(limit)
            guard !source.isEmpty, let bounds = filter.bounds(ofSource: source) else { return }
            if index == filters.count - 1 {
                var final = context
                (final.tint, final.channels) = (outer.tint, outer.channels)
                append(.filtered(children, filter), final, bounds, into: &result)
            } else {
                var stage = Primitive(plan: .filtered(children, filter), clipRect: nil, clipPaths: [], opacity: 1,
                                      tint: nil, channels: nil, blend: .normal, filter: context.filter)
                stage.bounds = bounds.enclosingPixels
                children = [stage]
            }
        }
    }

    /// The pixels whose centres lie in `rect`, or nil for none (or for a
    /// rectangle too far out to address).
    private static func pixelCentres(in rect: Rect) -> PixelRect? {
        let limit = Double(1 << 24)
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        func first(_ v: Double) -> Int { Int(min(max(v - 0.5, -limit), limit).rounded(.up)) }
        let pixels = PixelRect(x0: first(rect.minX), y0: first(rect.minY), x1: first(rect.maxX), y1: first(rect.maxY))
        return pixels.isEmpty ? nil : pixels
    }

    /// A whole-pixel crop of a picture that only places one image by whole
    /// pixels (the usual content: an input, placed) is a crop of that image:
    /// no clip path and no mask, however the crop is then transformed; the
    /// image's own edges (transparent beyond, under pixman's REPEAT_NONE)
    /// bound it. Nil for anything else.
    private static func cropped(_ picture: Picture, to crop: Rect) -> Picture? {
        guard crop.isIntegral, picture.items.count == 1, var item = picture.items.first,
              case .surface(let surface) = item.source, item.transform.isIntegerTranslation,
              abs(item.transform.tx) < 1e9, abs(item.transform.ty) < 1e9 else { return nil }
        // The crop, and the item's own clip, in the item's picture coordinates.
        var visible = crop
        switch item.clip {
        case nil: break
        case .rect(let r) where r.isIntegral: visible = visible.intersection(r)
        default: return nil
        }
        // In the image's coordinates, within its own crop.
        let t = item.transform
        var part = Rect(x: visible.minX - t.tx, y: visible.minY - t.ty, width: visible.width, height: visible.height)
        if let own = item.crop {
            guard own.isIntegral else { return nil }
            part = part.intersection(own)
        }
        guard !visible.isEmpty, !part.isEmpty else { return Picture() }
        part = part.intersection(surface.bounds.rect)
        guard !part.isEmpty else { return Picture() }
        item.crop = part
        item.clip = nil
        return Picture([item])
    }

    /// Channel factors applied one after the other.
    private static func product(_ a: Color?, _ b: Color?) -> Color? {
        guard let a, let b else { return a ?? b }
        return Color(red: a.red * b.red, green: a.green * b.green, blue: a.blue * b.blue, alpha: a.alpha * b.alpha)
    }

    /// What an even-odd path of two whole-pixel rectangles, one inside the
    /// other, covers (a frame with a hole: a plugin's background round a
    /// window), as up to four disjoint whole-pixel rectangles: the rows above
    /// and below the hole, the columns left and right of it. Drawn through
    /// those, a colour or image needs no mask, and, their edges lying on
    /// whole device pixels, no pixel is softened where two meet. Nil for any
    /// other path or rule; a transform between pixels keeps the path.
    static func wholePixelPieces(of path: Path, _ rule: FillRule) -> [Rect]? {
        guard rule == .evenOdd, let rects = path.rectangles, rects.count == 2,
              rects.allSatisfy(\.isIntegral) else { return nil }
        let (outer, hole) = rects[0].contains(rects[1]) ? (rects[0], rects[1]) : (rects[1], rects[0])
        guard outer.contains(hole) else { return nil }
        return [Rect(x: outer.minX, y: outer.minY, width: outer.width, height: hole.minY - outer.minY),
                Rect(x: outer.minX, y: hole.minY, width: hole.minX - outer.minX, height: hole.height),
                Rect(x: hole.maxX, y: hole.minY, width: outer.maxX - hole.maxX, height: hole.height),
                Rect(x: outer.minX, y: hole.maxY, width: outer.width, height: outer.maxY - hole.maxY)]
            .filter { !$0.isEmpty }
    }

    /// Appends the primitive `plan` draws in `context`; a colour or image
    /// clipped by a frame with a hole (see `wholePixelPieces`) as one per piece.
    private static func append(_ plan: Primitive.Plan, _ context: Context, _ sourceBounds: Rect?,
                               into result: inout [Primitive]) {
        if case .pixman = plan {
            for (index, (path, rule)) in context.clipPaths.enumerated() {
                guard let pieces = wholePixelPieces(of: path, rule) else { continue }
                var rest = context
                rest.clipPaths.remove(at: index)
                for piece in pieces {
                    var part = rest
                    part.add(.rect(piece))
                    append(plan, part, sourceBounds, into: &result)
                }
                return
            }
        }
        let clipBounds = context.clipBounds
        let bounds: Rect? = switch (sourceBounds, clipBounds) {
        case let (s?, c?): s.intersection(c)
        case let (s?, nil): s
        case let (nil, c?): c
        case (nil, nil): nil
        }
        var primitive = Primitive(plan: plan, clipRect: context.clipRect, clipPaths: context.clipPaths,
                                  opacity: context.opacity, tint: context.tint, channels: context.channels,
                                  blend: context.blend ?? .normal, filter: context.filter)
        // nil bounds (an unclipped colour) means everywhere: the target bounds it later.
        primitive.bounds = bounds.map(\.enclosingPixels) ?? PixelRect(x0: Int(Int32.min / 2), y0: Int(Int32.min / 2),
                                                                      x1: Int(Int32.max / 2), y1: Int(Int32.max / 2))
        if bounds?.isEmpty == true { return }
        result.append(primitive)
    }
}
