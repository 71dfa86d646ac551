import CPixman
import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

extension Primitive {
    var isGroup: Bool { if case .layer = plan { true } else { false } }
    var children: [Primitive] { if case .layer(let c) = plan { c } else { [] } }
}

/// Nested pictures: what folds into one composite, what needs a group, and
/// what the pixels show either way.
@Suite("Flattener")
struct FlattenerTests {
    static let width = 96, height = 80
    static let background = color8(40, 90, 130, 255)

    static func reference(background: Color = background) -> Surface {
        filledSurface(width: width, height: height, pixel: expectedPixel(background))
    }

    static func nested(_ items: [DrawItem], transform: AffineTransform = .identity, clip: Clip? = nil,
                       opacity: Double = 1, tint: Color? = nil, blend: BlendMode = .normal) -> DrawItem {
        DrawItem(source: .picture(Picture(items)), transform: transform, clip: clip, opacity: opacity, tint: tint, blend: blend)
    }

    static func fill(_ rect: Rect, _ color: Color, blend: BlendMode = .normal) -> DrawItem {
        DrawItem(source: .color(color), clip: .rect(rect), blend: blend)
    }

    // MARK: Folding

    @Test("ten nested single-item pictures fold into one composite with the product transform and 0.9¹⁰ opacity")
    func chainFolds() throws {
        let source = noiseSurface(width: 60, height: 40, seed: 31)
        // Innermost first. Binary fractions keep the product exact. The halving keeps the
        // bilinear filter (downscales beyond 2× switch to a box filter) and magnifies nothing,
        // so no bilinear fringe falls outside the image's bounds.
        let levels: [[Step]] = (0..<10).map { level in
            level == 4 ? [.scale(0.5, 0.5), .translate(1.5, 0.25)] : [.translate(1.5, 0.25)]
        }
        var item = DrawItem(source: .surface(source), transform: affine(levels[0]), opacity: 0.9)
        for steps in levels.dropFirst() {
            item = DrawItem(source: .picture(Picture([item])), transform: affine(steps), opacity: 0.9)
        }
        let picture = Picture([item])

        let primitives = try Flattener.primitives(of: picture)
        try #require(primitives.count == 1)
        let p = primitives[0]
        guard case .pixman(.image(let image, let crop, let transform)) = p.plan else {
            Issue.record("not an image: \(p.plan)")
            return
        }
        let product = affine(levels.flatMap { $0 })
        #expect(image === source && crop == nil)
        #expect(transform == product, "\(transform) vs \(product)")
        #expect(abs(p.opacity - pow(0.9, 10)) < 1e-12)
        // Scaled, the image keeps its edge: padded, and clipped to where it lands.
        #expect(p.blend == .normal && p.tint == nil && p.clipPaths.isEmpty && p.padsEdges)
        #expect(p.clipRect == product.boundingBox(of: source.bounds.rect))

        let target = try render(picture, width: Self.width, height: Self.height, background: Self.background)
        let reference = Self.reference()
        let mask = pixmanSolid(a: opacityByte(pow(0.9, 10)))
        defer { pixman_image_unref(mask) }
        pixmanComposite(PIXMAN_OP_OVER, source, placed: levels.flatMap { $0 }, mask: mask, into: reference)
        let d = difference(target, reference)
        #expect(d.count == 0, "\(d)")
    }

    @Test("nested transforms apply inner first: the item's, then its picture's placement")
    func transformOrder() throws {
        let red = filledSurface(width: 4, height: 4, pixel: 0xFFFF_0000)
        let inner = DrawItem(source: .surface(red), transform: .translation(x: 3, y: 1))
        let picture = Picture([Self.nested([inner], transform: .scale(x: 2, y: 2))])
        // Source [0, 4)² → [3, 7) × [1, 5) → [6, 14) × [2, 10).
        let primitives = try Flattener.primitives(of: picture)
        #expect(primitives.count == 1)
        if case .pixman(.image(_, _, let t))? = primitives.first?.plan {
            #expect(t == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 6, ty: 2))
        }
        let target = try render(picture, width: 16, height: 12)
        for y in 3..<9 { for x in 7..<13 { #expect(target[x, y] == 0xFFFF_0000, "(\(x), \(y))") } }
        for x in 0..<6 { #expect(target[x, 5] == 0, "column \(x) is left of the image") }
    }

    @Test("a nested item's clip is in its picture's coordinates, mapped by the nesting transform")
    func nestedClipMapping() throws {
        let inner = Self.fill(Rect(x: 3, y: 1, width: 2, height: 2), .white)
        let nesting = AffineTransform.scale(x: 2, y: 2).concatenating(.translation(x: 5, y: 0))
        let target = try render(Picture([Self.nested([inner], transform: nesting)]), width: 24, height: 8)
        // (3, 1)–(5, 3) → scaled (6, 2)–(10, 6) → moved (11, 2)–(15, 6).
        let expected = PixelRect(x0: 11, y0: 2, x1: 15, y1: 6)
        for y in 0..<8 {
            for x in 0..<24 {
                #expect(target[x, y] == (expected.contains(x: x, y: y) ? 0xFFFF_FFFF : 0), "(\(x), \(y))")
            }
        }
        // A clip on the nesting item is in the outer picture's coordinates and applies too.
        let clipped = try render(Picture([Self.nested([inner], transform: nesting, clip: .rect(Rect(x: 0, y: 0, width: 13, height: 4)))]),
                                 width: 24, height: 8)
        #expect(clipped[12, 3] == 0xFFFF_FFFF && clipped[13, 3] == 0 && clipped[12, 4] == 0)
    }

    @Test("a multi-item picture at full opacity, blending normally, is inlined; fading it makes a group")
    func inlineOrGroup() throws {
        let items = [Self.fill(Rect(x: 0, y: 0, width: 10, height: 10), .white),
                     Self.fill(Rect(x: 5, y: 5, width: 10, height: 10), .black)]
        #expect(try Flattener.primitives(of: Picture([Self.nested(items)])).map(\.isGroup) == [false, false])
        #expect(try Flattener.primitives(of: Picture([Self.nested(items, transform: .rotation(0.3))])).map(\.isGroup) == [false, false])
        #expect(try Flattener.primitives(of: Picture([Self.nested(items, opacity: 0.5)])).map(\.isGroup) == [true])
        #expect(try Flattener.primitives(of: Picture([Self.nested(items, tint: .white)])).map(\.isGroup) == [true])
        #expect(try Flattener.primitives(of: Picture([Self.nested(items, blend: .multiply)])).map(\.isGroup) == [true])
        var mixed = items
        mixed[1].blend = .plusLighter
        #expect(try Flattener.primitives(of: Picture([Self.nested(mixed)])).map(\.isGroup) == [true])
        #expect(try Flattener.primitives(of: Picture([Self.nested([])])).isEmpty)
    }

    // MARK: Group semantics

    @Test("two overlapping items drawn at opacity 0.5 composite as a group, not as two faded items")
    func groupOpacity() throws {
        let a = noiseSurface(width: 40, height: 30, seed: 41), b = noiseSurface(width: 40, height: 30, seed: 42)
        let items = [DrawItem(source: .surface(a), transform: .translation(x: 10, y: 10)),
                     DrawItem(source: .surface(b), transform: .translation(x: 25, y: 20))]
        let picture = Picture([Self.nested(items, opacity: 0.5)])
        let primitives = try Flattener.primitives(of: picture)
        #expect(primitives.count == 1 && primitives[0].children.count == 2 && primitives[0].opacity == 0.5)

        let target = try render(picture, width: Self.width, height: Self.height, background: Self.background)
        // The group: both items at full opacity into a transparent layer, the layer at 0.5.
        let layer = try Surface(width: Self.width, height: Self.height)
        pixmanComposite(PIXMAN_OP_OVER, a, placed: [.translate(10, 10)], into: layer)
        pixmanComposite(PIXMAN_OP_OVER, b, placed: [.translate(25, 20)], into: layer)
        let half = pixmanSolid(a: 128)
        defer { pixman_image_unref(half) }
        let reference = Self.reference()
        pixmanComposite(PIXMAN_OP_OVER, layer, mask: half, into: reference)
        let d = difference(target, reference)
        #expect(d.count == 0, "\(d)")
        // Two separately faded items give something else where they overlap.
        let naive = Self.reference()
        pixmanComposite(PIXMAN_OP_OVER, a, placed: [.translate(10, 10)], mask: half, into: naive)
        pixmanComposite(PIXMAN_OP_OVER, b, placed: [.translate(25, 20)], mask: half, into: naive)
        #expect(difference(reference, naive, in: PixelRect(x0: 25, y0: 20, x1: 50, y1: 40)).count > 400)
        #expect(difference(reference, naive, in: PixelRect(x0: 10, y0: 10, x1: 25, y1: 20)).count == 0)
    }

    @Test("plusLighter inside a nested picture adds within the group only, not onto the backdrop")
    func plusLighterIsolation() throws {
        let backdrop = noiseSurface(width: Self.width, height: Self.height, seed: 51, opaque: true)
        let r1 = PixelRect(x0: 10, y0: 10, x1: 50, y1: 40), r2 = PixelRect(x0: 30, y0: 25, x1: 70, y1: 60)
        let c1 = color8(128, 0, 0, 128), c2 = color8(0, 40, 100, 128)
        let picture = Picture([
            DrawItem(source: .surface(backdrop)),
            Self.nested([Self.fill(r1.rect, c1, blend: .plusLighter), Self.fill(r2.rect, c2, blend: .plusLighter)]),
        ])
        let target = try render(picture, width: Self.width, height: Self.height)

        let layer = try Surface(width: Self.width, height: Self.height)
        pixmanFill(PIXMAN_OP_ADD, pixel: expectedPixel(c1), rect: r1, into: layer)
        pixmanFill(PIXMAN_OP_ADD, pixel: expectedPixel(c2), rect: r2, into: layer)
        let reference = filledSurface(width: Self.width, height: Self.height, pixel: 0)
        pixmanComposite(PIXMAN_OP_SRC, backdrop, into: reference)
        pixmanComposite(PIXMAN_OP_OVER, layer, into: reference)
        let d = difference(target, reference)
        #expect(d.count == 0, "\(d)")

        let leaky = filledSurface(width: Self.width, height: Self.height, pixel: 0)
        pixmanComposite(PIXMAN_OP_SRC, backdrop, into: leaky)
        pixmanFill(PIXMAN_OP_ADD, pixel: expectedPixel(c1), rect: r1, into: leaky)
        pixmanFill(PIXMAN_OP_ADD, pixel: expectedPixel(c2), rect: r2, into: leaky)
        #expect(difference(reference, leaky).count > 1000, "the test must tell isolation from leaking")
    }

    /// The designed rule: a picture of one item is inlined, and only the
    /// nesting item's blend mode counts, because any mode blended over the
    /// group's transparent backdrop leaves the item unchanged.
    @Test("a single-item nested picture takes its nesting item's blend mode, not its item's")
    func singleItemBlend() throws {
        let backdrop = noiseSurface(width: Self.width, height: Self.height, seed: 52, opaque: true)
        let rect = PixelRect(x0: 10, y0: 10, x1: 60, y1: 70), color = color8(100, 20, 60, 160)
        func picture(inner: BlendMode, outer: BlendMode) -> Picture {
            Picture([DrawItem(source: .surface(backdrop)), Self.nested([Self.fill(rect.rect, color, blend: inner)], blend: outer)])
        }
        func reference(_ op: pixman_op_t) -> Surface {
            let r = filledSurface(width: Self.width, height: Self.height, pixel: 0)
            pixmanComposite(PIXMAN_OP_SRC, backdrop, into: r)
            pixmanFill(op, pixel: expectedPixel(color), rect: rect, into: r)
            return r
        }
        let innerAdd = picture(inner: .plusLighter, outer: .normal)
        #expect(try Flattener.primitives(of: innerAdd).map(\.blend) == [.normal, .normal])
        let d1 = difference(try render(innerAdd, width: Self.width, height: Self.height), reference(PIXMAN_OP_OVER))
        #expect(d1.count == 0, "plusLighter inside normal: \(d1)")

        let outerAdd = picture(inner: .normal, outer: .plusLighter)
        #expect(try Flattener.primitives(of: outerAdd).map(\.blend) == [.normal, .plusLighter])
        let d2 = difference(try render(outerAdd, width: Self.width, height: Self.height), reference(PIXMAN_OP_ADD))
        #expect(d2.count == 0, "normal inside plusLighter: \(d2)")
    }

    @Test("an anti-aliased clip on a multi-item picture clips the group once: no conflation at the edge")
    func clipAppliesToTheGroup() throws {
        // Two identical opaque items: as a group they are one item, so the
        // clipped group must equal one clipped item, edge pixels included.
        let opaque = color8(200, 120, 40, 255)
        let rect = Rect(x: 0, y: 0, width: 96, height: 80)
        var circle = Path()
        circle.addEllipse(in: Rect(x: 10.3, y: 5.6, width: 70, height: 66))
        for clip in [Clip.path(circle, .nonZero), Clip.rect(Rect(x: 10.5, y: 20.25, width: 50, height: 30.5))] {
            let twice = Picture([Self.nested([Self.fill(rect, opaque), Self.fill(rect, opaque)], clip: clip)])
            let once = Picture([Self.nested([Self.fill(rect, opaque)], clip: clip)])
            let a = try render(twice, width: Self.width, height: Self.height, background: Self.background)
            let b = try render(once, width: Self.width, height: Self.height, background: Self.background)
            let d = difference(a, b)
            #expect(d.count == 0, "\(clip): \(d)")
        }
    }

    @Test("a transformed image inside a group has the same pixels as drawn directly")
    func groupDoesNotResampleDifferently() throws {
        let a = noiseSurface(width: 80, height: 70, seed: 81)
        let place = AffineTransform.scale(x: 1.3, y: 0.9).concatenating(.rotation(0.7)).concatenating(.translation(x: 60.3, y: 10.1))
        let elsewhere = Self.fill(Rect(x: 0, y: 0, width: 1, height: 1), .white, blend: .plusLighter)
        let direct = Picture([DrawItem(source: .surface(a), transform: place)])
        // A group (the plusLighter item forces one) inside another group, layers starting at odd origins.
        let grouped = Picture([Self.nested([Self.nested([DrawItem(source: .surface(a), transform: place), elsewhere]), elsewhere])])
        #expect(try Flattener.primitives(of: grouped).first?.children.first?.isGroup == true)
        let d = difference(try render(direct, width: 200, height: 160), try render(grouped, width: 200, height: 160),
                           in: PixelRect(x0: 1, y0: 1, x1: 200, y1: 160))
        #expect(d.count == 0, "\(d)")
    }

    // MARK: Crop

    @Test("an integral crop draws exactly that rectangle of the source, where it was")
    func integralCrop() throws {
        let source = noiseSurface(width: 40, height: 30, seed: 61)
        let crop = PixelRect(x0: 5, y0: 7, x1: 25, y1: 17)
        for (tx, ty) in [(3, 4), (-4, 50)] {
            let picture = Picture([DrawItem(source: .surface(source), transform: .translation(x: Double(tx), y: Double(ty)),
                                            crop: crop.rect)])
            let target = try render(picture, width: Self.width, height: Self.height)
            var wrong = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let inside = crop.contains(x: x - tx, y: y - ty)
                    if target[x, y] != (inside ? source[x - tx, y - ty] : 0) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "translation (\(tx), \(ty)): \(wrong) pixels wrong")
        }
        // A crop reaching past the source is limited to it; one wholly outside draws nothing.
        let past = Picture([DrawItem(source: .surface(source), crop: Rect(x: -10, y: -10, width: 100, height: 100))])
        #expect(try render(past, width: 40, height: 30).hasSamePixels(as: source))
        let outside = Picture([DrawItem(source: .surface(source), crop: Rect(x: 50, y: 0, width: 10, height: 10))])
        #expect(try Flattener.primitives(of: outside).isEmpty)
    }

    @Test("an integral crop under a magnifying transform: the inside matches the uncropped image, the outside is untouched")
    func cropUnderScale() throws {
        let source = noiseSurface(width: 40, height: 30, seed: 62, opaque: true)
        let placement = AffineTransform.scale(x: 2, y: 2).concatenating(.translation(x: 3, y: 4))
        let crop = Rect(x: 5, y: 7, width: 20, height: 10)   // device (13, 18)–(53, 38)
        let whole = try render(Picture([DrawItem(source: .surface(source), transform: placement)]), width: Self.width, height: Self.height)
        let cropped = try render(Picture([DrawItem(source: .surface(source), transform: placement, crop: crop)]),
                                 width: Self.width, height: Self.height)
        // Away from the crop's edges bilinear sees the same neighbours.
        let d = difference(cropped, whole, in: PixelRect(x0: 15, y0: 20, x1: 51, y1: 36))
        #expect(d.count == 0, "\(d)")
        for y in 0..<Self.height {
            for x in 0..<Self.width where !PixelRect(x0: 13, y0: 18, x1: 53, y1: 38).contains(x: x, y: y) {
                #expect(cropped[x, y] == 0, "(\(x), \(y)) outside the crop")
            }
        }
    }

    @Test("a fractional crop cuts through a pixel column with partial coverage")
    func fractionalCrop() throws {
        let source = filledSurface(width: 40, height: 30, pixel: 0xFFFF_FFFF)
        let picture = Picture([DrawItem(source: .surface(source), transform: .translation(x: 3, y: 4),
                                        crop: Rect(x: 5.5, y: 7, width: 20, height: 10))])
        let target = try render(picture, width: 48, height: 40)
        // Device x from 8.5 to 28.5, y from 11 to 21.
        for y in 11..<21 {
            #expect(target[7, y] == 0 && target[9, y] == 0xFFFF_FFFF && target[27, y] == 0xFFFF_FFFF && target[29, y] == 0)
            #expect(abs(alpha(target[8, y]) - 128) <= 15 && abs(alpha(target[28, y]) - 128) <= 15, "row \(y)")
        }
        #expect(target[15, 10] == 0 && target[15, 21] == 0)
    }

    // MARK: A frame with a hole

    /// A background filled round a window: a whole-pixel rectangle with a
    /// whole-pixel hole, even-odd. Colours and images clipped by it are drawn
    /// as the four pieces round the hole, without a clip path; each pixel is
    /// the unclipped drawing's inside the frame and out of the hole, and the
    /// background's elsewhere.
    @Test("a frame with a whole-pixel hole clips as up to four rectangles, to exactly its pixels",
          arguments: [PixelRect(x0: 10, y0: 8, x1: 70, y1: 58), PixelRect(x0: 0, y0: 0, x1: 30, y1: 80),
                      PixelRect(x0: 20, y0: 30, x1: 40, y1: 30), PixelRect(x0: 0, y0: 0, x1: 96, y1: 80)])
    func frameWithHole(window: PixelRect) throws {
        let frame = PixelRect(x0: 0, y0: 0, x1: Self.width, y1: Self.height)
        let area = Path { path in
            path.addRect(frame.rect)
            path.addRect(window.rect)
        }
        let image = noiseSurface(width: 90, height: 70, seed: 64)
        let sources: [DrawItem] = [DrawItem(source: .color(color8(200, 40, 10, 255))),
                                   DrawItem(source: .surface(image), transform: .translation(x: 3, y: 5), opacity: 0.7)]
        for var item in sources {
            let unclipped = try render(Picture([item]), width: Self.width, height: Self.height,
                                       background: Self.background)
            item.clip = .path(area, .evenOdd)
            let primitives = try Flattener.primitives(of: Picture([item]))
            #expect(primitives.allSatisfy { $0.clipPaths.isEmpty && $0.clipRect?.isIntegral == true })
            let rows = window.y1 > window.y0
            #expect(primitives.count == [window.y0 > 0, rows && window.x0 > 0, rows && window.x1 < Self.width,
                                         window.y1 < Self.height].filter { $0 }.count)
            let clipped = try render(Picture([item]), width: Self.width, height: Self.height,
                                     background: Self.background, threads: 2)
            var wrong = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let shown = !window.contains(x: x, y: y)
                    if clipped[x, y] != (shown ? unclipped[x, y] : expectedPixel(Self.background)) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "hole \(window), \(item.source): \(wrong) pixels wrong")
        }
    }

    /// Anything else keeps its path: a hole between pixels (the frame moved
    /// by half a pixel), one reaching out of the frame, the non-zero rule.
    @Test("a frame with a hole between pixels, a hole across its edge or a non-zero fill keeps its path")
    func framesThatKeepTheirPath() throws {
        func frame(with hole: Rect) -> Path {
            Path { path in
                path.addRect(Rect(x: 0, y: 0, width: 96, height: 80))
                path.addRect(hole)
            }
        }
        let inside = Rect(x: 10, y: 10, width: 40, height: 30)
        let clips: [Clip] = [.path(frame(with: inside).applying(.translation(x: 0.5, y: 0)), .evenOdd),
                             .path(frame(with: Rect(x: 80, y: 10, width: 40, height: 30)), .evenOdd),
                             .path(frame(with: inside), .nonZero)]
        for clip in clips {
            let primitives = try Flattener.primitives(of: Picture([DrawItem(source: .color(.black), clip: clip)]))
            #expect(primitives.count == 1 && primitives[0].clipPaths.count == 1, "\(clip)")
        }
        #expect(Flattener.wholePixelPieces(of: frame(with: inside), .evenOdd)?.count == 4)
    }

    // MARK: Tint

    @Test("a tint paints the source's alpha in the colour: premultiplied tint × source alpha", arguments: [1.0, 0.5])
    func tint(opacity: Double) throws {
        let source = noiseSurface(width: 40, height: 30, seed: 71)
        let tint = color8(255, 153, 0, 255)
        let picture = Picture([DrawItem(source: .surface(source), transform: .translation(x: 2, y: 3), opacity: opacity, tint: tint)])
        let target = try render(picture, width: 48, height: 40)
        let t = channels(expectedPixel(tint)), k = Double(opacityByte(opacity)) / 255
        var worst = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let a = Double(alpha(source[x, y])) * k
                let want = t.map { Int((Double($0) * a / 255).rounded()) }
                worst = max(worst, zip(channels(target[x + 2, y + 3]), want).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 1, "off by up to \(worst)")
        #expect(target[1, 1] == 0 && target[45, 35] == 0)
    }

    @Test("a tint and a path clip both apply")
    func tintAndClip() throws {
        let source = noiseSurface(width: 60, height: 60, seed: 72)
        let tint = color8(0, 200, 255, 255)
        var circle = Path()
        circle.addEllipse(in: Rect(x: 10.5, y: 12.25, width: 40, height: 40))
        let picture = Picture([DrawItem(source: .surface(source), clip: .path(circle, .nonZero), tint: tint)])
        let target = try render(picture, width: 60, height: 60)
        let coverage = rasterize(circle, in: PixelRect(width: 60, height: 60))
        let t = channels(expectedPixel(tint))
        var worst = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let a = Double(alpha(source[x, y])) * Double(coverage[x, y]) / 255
                let want = t.map { Int((Double($0) * a / 255).rounded()) }
                worst = max(worst, zip(channels(target[x, y]), want).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 2, "off by up to \(worst)")
        #expect(target[30, 32] != 0 && target[2, 2] == 0 && target[58, 58] == 0)
    }

    @Test("a tint applies to colour sources too: a tinted fill is painted in the tint")
    func tintedFill() throws {
        let rect = PixelRect(x0: 4, y0: 4, x1: 12, y1: 12)
        let shape = color8(0, 0, 128, 128)   // half-transparent blue
        let tint = Color(red: 1, green: 0, blue: 0)
        var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: 16, height: 16),
                            content: Picture([Self.fill(rect.rect, shape)]))
        canvas.drawContent(tint: tint)
        let target = try render(canvas.picture, width: 16, height: 16)
        #expect(target[8, 8] == 0x8080_0000, "got \(hex(target[8, 8])): the fill's alpha in red")
        #expect(target[2, 2] == 0)
        // The same through a group (two items), for comparison.
        var two = PictureRecorder(frame: Rect(x: 0, y: 0, width: 16, height: 16),
                         content: Picture([Self.fill(rect.rect, shape), Self.fill(Rect(x: 0, y: 0, width: 1, height: 1), shape)]))
        two.drawContent(tint: tint)
        #expect(try render(two.picture, width: 16, height: 16)[8, 8] == 0x8080_0000)
    }

    @Test("a tinted group paints the group's combined alpha")
    func tintedGroup() throws {
        let c1 = color8(0, 0, 128, 128), c2 = color8(0, 64, 0, 64)
        let r1 = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10), r2 = PixelRect(x0: 5, y0: 5, x1: 15, y1: 15)
        let picture = Picture([Self.nested([Self.fill(r1.rect, c1), Self.fill(r2.rect, c2)], tint: .white)])
        let target = try render(picture, width: 16, height: 16)
        // Overlap alpha: 64 + 128·(255 − 64)/255 ≈ 159.9.
        #expect(abs(alpha(target[7, 7]) - 160) <= 1 && channels(target[7, 7]).allSatisfy { $0 == alpha(target[7, 7]) })
        #expect(target[2, 2] == 0x8080_8080 && target[12, 12] == 0x4040_4040)
    }
}
