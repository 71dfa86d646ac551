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

    /// What is left to do, innermost last: draw a picture's items from
    /// `next` on, or wrap the primitives of the group just drawn.
    private enum Task {
        case items(Picture, next: Int, Context)
        /// The group's primitives become one layer, drawn in `Context`.
        case layer(Context)
        /// The group's primitives go through `filters`, each drawn into the
        /// next; the last is drawn in `Context` (see `flattenFiltered`).
        case filters([LayerFilter], Context, stageFilter: SamplingFilter)
    }

    /// The flattening under way: tasks on a stack of their own rather than
    /// the thread's, so a picture may nest as deep as effects make it, and
    /// the primitives of each group being drawn, innermost last.
    private struct Work {
        var tasks: [Task] = []
        var groups: [[Primitive]] = [[]]
        /// How deep layers and filter stages nest in each group's primitives (0: none).
        var depths = [0]
        /// Items drawn so far, at every depth.
        var count = 0
        let budget: RenderBudget

        /// Ends the innermost group: its primitives, and how deep they nest.
        mutating func endGroup() -> (primitives: [Primitive], depth: Int) {
            (groups.removeLast(), depths.removeLast())
        }

        /// Notes that the group being drawn now holds primitives nested `depth` deep.
        mutating func holds(depth: Int) throws {
            guard depth <= RenderBudget.maximumLayerDepth else { throw Flattener.tooDeep }
            depths[depths.count - 1] = max(depths[depths.count - 1], depth)
        }
    }

    /// Clip path elements a primitive's mask draws without counting against
    /// the budget: a rounded rectangle, or the rotated edges of a piece of a
    /// piece of a piece (an explosion of an explosion of an explosion), cost
    /// about what drawing it does; a mask of thousands of edges is counted.
    static let freePathElements = 64

    /// Layers (and filter stages) nested beyond `RenderBudget.maximumLayerDepth`.
    static let tooDeep = SegueError(.overBudget, "layers nest more than \(RenderBudget.maximumLayerDepth) deep in "
        + "this frame: each effect that draws its view through an offscreen layer or a filter adds one")

    /// The primitives that draw `picture` in device space (picture coordinates are device pixels).
    /// - Throws: `.overBudget` beyond `budget.primitives` drawing operations
    ///   (see `count`), or for layers nested deeper than `RenderBudget.maximumLayerDepth`.
    static func primitives(of picture: Picture, budget: RenderBudget = .standard) throws -> [Primitive] {
        var work = Work(budget: budget)
        work.tasks.append(.items(picture, next: 0, Context()))
        while let task = work.tasks.popLast() {
            switch task {
            case .items(let picture, let index, let outer):
                guard index < picture.items.count else { continue }
                work.tasks.append(.items(picture, next: index + 1, outer))
                try visit(picture.items[index], outer, &work)
            case .layer(let context):
                let (children, depth) = work.endGroup()
                guard !children.isEmpty else { continue }
                try work.holds(depth: depth + 1)
                let childBounds = children.reduce(PixelRect.empty) { $0.union($1.bounds) }.rect
                try append(.layer(children), context, childBounds, &work)
            case .filters(let filters, let context, let stageFilter):
                let (children, depth) = work.endGroup()
                try work.holds(depth: depth + filters.count)
                try wrap(children, in: filters, context, stageFilter, &work)
            }
        }
        return work.groups[0]
    }

    /// Starts drawing `picture` in `context` as a group of its own, to be wrapped by `finish`.
    private static func group(_ picture: Picture, _ context: Context, then finish: Task, _ work: inout Work) throws {
        guard work.groups.count <= RenderBudget.maximumLayerDepth else { throw tooDeep }
        work.tasks.append(finish)
        work.groups.append([])
        work.depths.append(0)
        work.tasks.append(.items(picture, next: 0, context))
    }

    /// Draws `picture` in `context` into the group being drawn, after the task under way.
    private static func inline(_ picture: Picture, _ context: Context, _ work: inout Work) {
        work.tasks.append(.items(picture, next: 0, context))
    }

    private static func visit(_ item: DrawItem, _ outer: Context, _ work: inout Work) throws {
        try count(&work)
        var context = outer
        context.transform = item.transform.concatenating(outer.transform)
        guard context.transform.isFinite, item.opacity.isFinite else { return }
        if let clip = item.clip { context.add(clip.applying(outer.transform)) }
        context.opacity *= min(item.opacity, 1)
        context.tint = outer.tint ?? item.tint
        context.channels = Self.product(outer.channels, item.channels)
        context.blend = outer.blend ?? item.blend
        context.filter = outer.filter == .nearest ? .nearest : item.filter
        guard context.opacity > 0 else { return }
        if item.isFiltered {
            return try flattenFiltered(item, outer, context, &work)
        }

        switch item.source {
        case .surface(let surface):
            var crop: PixelRect?
            if let rect = item.crop {
                if rect.isIntegral {
                    crop = rect.enclosingPixels.intersection(surface.bounds)
                    guard !(crop!.isEmpty) else { return }
                } else {
                    context.add(Clip.rect(rect).applying(context.transform))
                }
            }
            let sourceRect = (crop ?? surface.bounds).rect
            let imageBounds = context.transform.boundingBox(of: sourceRect)
            // A scaled image that is not turned keeps its own edge: clipped to where it lands and
            // sampled with its edge pixels repeated beyond it, rather than blended with transparency
            // over the width of a source pixel (a dark or light line round an upscaled clip). A crop
            // of it is then that clip, and the image whole is sampled, so a piece's edge inside the
            // image blends with its neighbour as the image does.
            let padsEdges = context.transform.preservesAxes && !context.transform.isTranslation
            if padsEdges {
                context.add(.rect(imageBounds))
                crop = nil
            }
            let placement = crop.map {
                AffineTransform.translation(x: Double($0.x0), y: Double($0.y0)).concatenating(context.transform)
            } ?? context.transform
            try append(.pixman(.image(surface, crop: crop, transform: placement)), context, imageBounds, &work,
                       padsEdges: padsEdges)
        case .color(let color):
            try append(.pixman(.solid(color)), context, nil, &work)
        case .picture(let nested):
            if let crop = item.crop {
                if let image = Self.cropped(nested, to: crop) {
                    return inline(image, context, &work)
                }
                context.add(Clip.rect(crop).applying(context.transform))
            }
            if nested.items.count <= 1 {
                inline(nested, context, &work)
            } else if context.opacity == 1 && context.tint == nil && context.channels == nil
                        && context.clipPaths.isEmpty && context.clipRect?.isIntegral != false
                        && context.blend == .normal
                        && nested.items.allSatisfy({ $0.blend == .normal && $0.tint == nil && $0.channels == nil }) {
                context.blend = nil
                inline(nested, context, &work)
            } else {
                var inner = Context()
                inner.transform = context.transform
                inner.filter = context.filter
                try group(nested, inner, then: .layer(context), &work)
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
                                        _ work: inout Work) throws {
        var item = original
        if let distortion = item.distortion, item.projection != nil || item.colorMatrix != nil || item.blur != nil {
            // The other filters act on the distorted source: an item of its own inside them.
            let distorted = DrawItem(source: item.source, transform: item.transform, crop: item.crop,
                                     tint: item.tint, channels: item.channels, filter: item.filter,
                                     distortion: distortion)
            (item.source, item.transform, item.crop) = (.picture(Picture([distorted])), .identity, nil)
            (item.tint, item.channels, item.distortion) = (nil, nil, nil)
            return inline(Picture([item]), outer, &work)
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
            // Beyond 2^24 device pixels (the reach of any bounds here) a blur spreads wider than any
            // image Segue can hold: capped, so that its reach stays a number (and exceeds the budget).
            let sigma = min(blur.radius * abs(outer.transform.determinant).squareRoot(), Double(1 << 24))
            guard sigma.isFinite else { return }
            if sigma > 0 { filters.append(.blur(sigma: sigma, opaque: blur.opaque)) }
        }
        guard !filters.isEmpty else {
            return inline(Picture([plain]), outer, &work)
        }
        (plain.clip, plain.opacity, plain.blend) = (nil, 1, .normal)
        var inner = Context()
        inner.transform = childTransform
        inner.filter = context.filter
        var final = context
        (final.tint, final.channels) = (outer.tint, outer.channels)
        try group(Picture([plain]), inner, then: .filters(filters, final, stageFilter: context.filter), &work)
    }

    /// `children` (a filtered item drawn plainly) through `filters`: each
    /// filter's stage the child of the next, the last drawn in `context`.
    private static func wrap(_ drawn: [Primitive], in filters: [LayerFilter], _ context: Context,
                             _ stageFilter: SamplingFilter, _ work: inout Work) throws {
        var children = drawn
        // Bounded, so that a filtered colour that fills everywhere stays a finite image.
        let limit = PixelRect(x0: -(1 << 24), y0: -(1 << 24), x1: 1 << 24, y1: 1 << 24)
        for (index, filter) in filters.enumerated() {
            let source = children.reduce(PixelRect.empty) { $0.union($1.bounds) }.intersection(limit)
            guard !source.isEmpty, let bounds = filter.bounds(ofSource: source) else { return }
            if index == filters.count - 1 {
                try append(.filtered(children, filter), context, bounds, &work)
            } else {
                var stage = Primitive(plan: .filtered(children, filter), clipRect: nil, clipPaths: [], opacity: 1,
                                      tint: nil, channels: nil, blend: .normal, filter: stageFilter)
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

    /// Counts `operations` more against the budget's primitives: one for
    /// each item drawn (wherever it is reached, once each time), whether or
    /// not it shows — what flattening costs; an item makes at most a few
    /// primitives (a layer or a filter's stages, the pieces round a hole), so
    /// they are bounded too — and one for each element of the clip paths a
    /// primitive is masked by beyond its first `freePathElements`, which its
    /// mask rasterises.
    private static func count(_ work: inout Work, _ operations: Int = 1) throws {
        work.count += operations
        guard work.count <= work.budget.primitives else {
            throw SegueError(.overBudget, "this frame would take more than \(work.budget.primitives) drawing "
                + "operations (the render budget's primitives): each effect repeats the drawing of the effects "
                + "before it as often as it draws its view")
        }
    }

    /// Appends the primitive `plan` draws in `context` to the group being
    /// drawn; a colour or image clipped by a frame with a hole (see
    /// `wholePixelPieces`) as one per piece.
    private static func append(_ plan: Primitive.Plan, _ context: Context, _ sourceBounds: Rect?,
                               _ work: inout Work, padsEdges: Bool = false) throws {
        if case .pixman = plan {
            for (index, (path, rule)) in context.clipPaths.enumerated() {
                guard let pieces = wholePixelPieces(of: path, rule) else { continue }
                var rest = context
                rest.clipPaths.remove(at: index)
                for piece in pieces {
                    var part = rest
                    part.add(.rect(piece))
                    try append(plan, part, sourceBounds, &work, padsEdges: padsEdges)
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
        primitive.padsEdges = padsEdges
        // nil bounds (an unclipped colour) means everywhere: the target bounds it later.
        primitive.bounds = bounds.map(\.enclosingPixels) ?? PixelRect(x0: Int(Int32.min / 2), y0: Int(Int32.min / 2),
                                                                      x1: Int(Int32.max / 2), y1: Int(Int32.max / 2))
        if bounds?.isEmpty == true { return }
        try count(&work, max(0, context.clipPaths.reduce(0) { $0 + $1.0.elements.count } - freePathElements))
        work.groups[work.groups.count - 1].append(primitive)
    }
}
