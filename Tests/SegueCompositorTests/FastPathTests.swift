import CPixman
import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

/// The compositor's fast paths — images drawn by the span kernels instead of
/// pixman, fused crossfades, first drawings that replace a cleared band,
/// groups drawn straight onto transparency — against the general path
/// (`fastPaths: false`, everything through pixman) byte for byte, against
/// pixman called directly, and against closed forms.
@Suite("Fast paths")
struct FastPathTests {
    // MARK: - Random pictures against the general path

    /// Sources: noise with every alpha, opaque noise, and noise whose colour
    /// bytes exceed alpha (pixman's saturating adds must clamp the same way).
    static func source(_ random: inout SeededRandom, width: Int, height: Int) -> Surface {
        let style = Int(random.next() % 3)
        let surface = noiseSurface(width: width, height: height, seed: random.next(), opaque: style == 1)
        if style == 2 {
            for y in 0..<height {
                for x in 0..<width where random.next() % 4 == 0 {
                    surface[x, y] = surface[x, y] | 0x00C0_40A0
                }
            }
        }
        return surface
    }

    /// Translations the kernels meet: whole pixels, fractions pixman's 7-bit
    /// weights hold exactly, any fraction, fractions below 1/128 (pixman
    /// copies), negative ones, and some that leave the target.
    static func offset(_ random: inout SeededRandom, limit: Int) -> Double {
        let whole = Double(Int(random.next() % UInt64(2 * limit)) - limit)
        switch random.next() % 6 {
        case 0: return whole
        case 1: return whole + Double(random.next() % 128) / 128
        case 2: return whole + 0.003
        case 3: return whole - 0.0001
        default: return whole + random.unit()
        }
    }

    static func colour(_ random: inout SeededRandom) -> Color {
        Color(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: 0.2 + 0.8 * random.unit())
    }

    /// One drawing of an image, with what the fast paths must handle and some
    /// of what they must leave to pixman.
    static func item(_ random: inout SeededRandom, width: Int, height: Int) -> DrawItem {
        let source = source(&random, width: 20 + Int(random.next() % 90), height: 10 + Int(random.next() % 100))
        var item = DrawItem(source: .surface(source),
                            transform: .translation(x: offset(&random, limit: width / 2),
                                                    y: offset(&random, limit: height / 2)))
        switch random.next() % 8 {
        case 0: item.opacity = Double(1 + random.next() % 254) / 255
        case 1: item.opacity = random.unit()
        case 2: item.opacity = 0.999
        default: break
        }
        switch random.next() % 6 {
        case 0: item.tint = colour(&random)
        case 1: item.channels = colour(&random)
        case 2: item.tint = colour(&random); item.channels = colour(&random)
        default: break
        }
        switch random.next() % 8 {
        case 0, 1, 2: item.blend = .plusLighter
        case 3: item.blend = .multiply
        default: break
        }
        switch random.next() % 10 {
        case 0: item.crop = Rect(x: 3, y: 2, width: 15, height: 7)
        case 1: item.crop = Rect(x: 1.5, y: 0, width: 30, height: 9.25)
        case 2: item.clip = .rect(Rect(x: 10, y: 5, width: Double(width / 2), height: Double(height / 2)))
        case 3: item.clip = .rect(Rect(x: 10.5, y: 5.25, width: 40, height: 50))
        case 4, 5:
            // Masks with an opaque core, which is drawn without the mask.
            var shape = Path()
            let r = Rect(x: 2.5 + random.unit() * 20, y: 1.25 + random.unit() * 20, width: 30 + random.unit() * 70,
                         height: 20 + random.unit() * 80)
            if random.next() % 2 == 0 { shape.addRoundedRect(in: r, cornerRadius: random.unit() * 12) } else { shape.addEllipse(in: r) }
            item.clip = .path(shape, .nonZero)
        default: break
        }
        return item
    }

    /// A picture of a few items, some of them nested (groups when faded or
    /// blended within).
    static func picture(seed: UInt64, width: Int, height: Int) -> Picture {
        var random = SeededRandom(seed: seed)
        var items: [DrawItem] = []
        for _ in 0..<(1 + random.next() % 4) {
            if random.next() % 4 == 0 {
                var inner = (0..<(1 + random.next() % 3)).map { _ in item(&random, width: width, height: height) }
                if random.next() % 2 == 0 { for k in inner.indices { inner[k].blend = .plusLighter } }
                var nest = DrawItem(source: .picture(Picture(inner)),
                                    transform: .translation(x: offset(&random, limit: 20), y: offset(&random, limit: 20)))
                switch random.next() % 5 {
                case 0: nest.opacity = random.unit()
                case 1: nest.blend = .plusLighter
                case 2: nest.channels = colour(&random)
                default: break
                }
                items.append(nest)
            } else {
                items.append(item(&random, width: width, height: height))
            }
        }
        return Picture(items)
    }

    /// Black too: a frame over it is drawn as over transparency, then made opaque.
    static let backgrounds: [Color] = [.clear, .black, Color(red: 0.1, green: 0.5, blue: 0.9), color8(30, 60, 90, 160)]

    /// 151 × 150: three bands, the last short, and a width that leaves one
    /// pixel after the four-pixel vector steps.
    @Test("random translated, faded, tinted, channel-scaled, cropped, nested images give the general path's bytes",
          arguments: 0..<48)
    func randomPictures(batch: Int) throws {
        let width = 151, height = 150
        for k in 0..<6 {
            let seed = UInt64(batch * 6 + k)
            let picture = Self.picture(seed: seed, width: width, height: height)
            let background = Self.backgrounds[Int(seed % 3)]
            let general = try Surface(width: width, height: height)
            try Compositor(threads: 1, fastPaths: false).render(picture, background: background, into: general)
            let fast = filledSurface(width: width, height: height, pixel: 0xDEAD_BEEF)
            try Compositor(threads: 1).render(picture, background: background, into: fast)
            let d = difference(fast, general)
            #expect(d.count == 0, "seed \(seed): \(d)")
            let threaded = try render(picture, width: width, height: height, background: background, threads: 3)
            #expect(difference(threaded, fast).count == 0, "seed \(seed): three threads differ from one")
        }
    }

    @Test("every sub-pixel weight, both directions, across the image's edges, equals the general path")
    func everyWeight() throws {
        let source = noiseSurface(width: 37, height: 23, seed: 71)
        for step in stride(from: 0, to: 128, by: 3) {
            let f = Double(step) / 128 + 0.001
            for (dx, dy) in [(f, 0.0), (0.0, f), (f, 1 - f), (-f, -0.5)] {
                let picture = Picture([DrawItem(source: .surface(source), transform: .translation(x: 5 + dx, y: 60 + dy))])
                let general = try Surface(width: 50, height: 100)
                try Compositor(threads: 1, fastPaths: false).render(picture, background: .clear, into: general)
                let fast = try render(picture, width: 50, height: 100)
                let d = difference(fast, general)
                #expect(d.count == 0, "offset (\(dx), \(dy)): \(d)")
            }
        }
    }

    // MARK: - Masks with an opaque core

    /// The clip effect's shape: a rounded rectangle on fractional edges.
    @Test("a mask's opaque core is all 255s, holds the straight part of a rounded rectangle, and is drawn the same")
    func opaqueCore() throws {
        let area = PixelRect(width: 300, height: 200)
        var shape = Path()
        shape.addRoundedRect(in: Rect(x: 10.5, y: 20.25, width: 279, height: 159.5), cornerRadius: 15)
        let clip = ClipMask(area: area, paths: [(shape, .nonZero)], rect: nil, opacity: 1)
        let core = clip.opaqueCore
        let mask = clip.rasterize(area)
        #expect(core.contains(PixelRect(x0: 11, y0: 36, x1: 289, y1: 164)), "\(core)")
        #expect(!core.contains(PixelRect(x0: 10, y0: 36, x1: 289, y1: 164)), "the anti-aliased edge is not opaque")
        let bytes = mask.bytes.assumingMemoryBound(to: UInt8.self)
        var notOpaque = 0
        for y in core.y0..<core.y1 {
            for x in core.x0..<core.x1 where bytes[y * mask.stride + x] != 255 { notOpaque += 1 }
        }
        #expect(notOpaque == 0)
        #expect(ClipMask(area: area, paths: [(shape, .nonZero)], rect: nil, opacity: 0.5).opaqueCore.isEmpty,
                "a faded mask has no 255s")

        let source = noiseSurface(width: 300, height: 200, seed: 5, opaque: true)
        for background in Self.backgrounds {
            let picture = Picture([DrawItem(source: .surface(source), clip: .path(shape, .nonZero))])
            let general = try Surface(width: 300, height: 200)
            try Compositor(threads: 1, fastPaths: false).render(picture, background: background, into: general)
            let fast = try render(picture, width: 300, height: 200, background: background, threads: 2)
            #expect(difference(fast, general).count == 0)
        }
    }

    // MARK: - The crossfade

    /// The plusLighter crossfade the engine draws: two images, faded to 1 − p
    /// and p, added onto a cleared target. pixman's own: fill 0, ADD with a
    /// solid mask, ADD with a solid mask.
    @Test("the fused crossfade equals pixman's fill and two masked ADDs", arguments: [0.0, 0.1, 0.25, 0.5, 0.73, 0.999, 1])
    func crossfade(p: Double) throws {
        let a = noiseSurface(width: 203, height: 130, seed: 81)
        let b = noiseSurface(width: 203, height: 130, seed: 82, opaque: true)
        let picture = Picture([DrawItem(source: .surface(a), opacity: 1 - p, blend: .plusLighter),
                               DrawItem(source: .surface(b), opacity: p, blend: .plusLighter)])
        let target = try render(picture, width: 203, height: 130, threads: 2)
        let expected = try Surface(width: 203, height: 130)
        for (surface, opacity) in [(a, 1 - p), (b, p)] where opacity > 0 {
            let mask = pixmanSolid(a: opacityByte(opacity))
            defer { pixman_image_unref(mask) }
            pixmanComposite(PIXMAN_OP_ADD, surface, mask: opacity < 1 ? mask : nil, into: expected)
        }
        let d = difference(target, expected)
        #expect(d.count == 0, "\(d)")
    }

    /// Sprites, as a particle system draws them: one small image many times,
    /// at whole and fractional places, faded and added or drawn over each
    /// other and across the bands' edges — the runs `drawEach` takes.
    @Test("many drawings of one small image give the general path's bytes", arguments: 0..<3)
    func manySprites(seed: UInt64) throws {
        let width = 151, height = 150
        var random = SeededRandom(seed: 700 + seed)
        let sprite = Self.source(&random, width: 9 + Int(random.next() % 30), height: 9 + Int(random.next() % 30))
        let count = BandRenderer.manyImages + 1 + Int(random.next() % 200)
        let items = (0..<count).map { _ in
            var item = DrawItem(source: .surface(sprite),
                                transform: .translation(x: Self.offset(&random, limit: width / 2) + Double(width / 2),
                                                        y: Self.offset(&random, limit: height / 2) + Double(height / 2)))
            item.opacity = random.unit()
            item.blend = random.next() % 3 == 0 ? .normal : .plusLighter
            return item
        }
        for background in Self.backgrounds {
            let general = try Surface(width: width, height: height)
            try Compositor(threads: 1, fastPaths: false).render(Picture(items), background: background, into: general)
            let fast = filledSurface(width: width, height: height, pixel: 0xDEAD_BEEF)
            try Compositor(threads: 1).render(Picture(items), background: background, into: fast)
            #expect(difference(fast, general).count == 0, "\(count) sprites on \(background)")
            let threaded = try render(Picture(items), width: width, height: height, background: background, threads: 3)
            #expect(difference(threaded, fast).count == 0, "\(count) sprites: three threads differ from one")
        }
    }

    /// A soft sprite, as a particle system's: a disc whose bytes fall off to
    /// 0 towards transparent corners, its faint rim what faint drawings skip
    /// (its ink extents); a few pixels with colour but no alpha, which an
    /// added drawing still adds.
    static func softSprite(_ random: inout SeededRandom, side: Int) -> Surface {
        let surface = filledSurface(width: side, height: side, pixel: 0)
        let middle = Double(side) / 2, colour = (random.unit(), random.unit(), random.unit())
        for y in 0..<side {
            for x in 0..<side {
                let d = ((Double(x) + 0.5 - middle) * (Double(x) + 0.5 - middle)
                    + (Double(y) + 0.5 - middle) * (Double(y) + 0.5 - middle)).squareRoot() / middle
                let a = 255 * max(0, 1 - d) * max(0, 1 - d)
                func c(_ v: Double) -> UInt32 { UInt32((v * a).rounded()) }
                surface[x, y] = UInt32(a.rounded()) << 24 | c(colour.0) << 16 | c(colour.1) << 8 | c(colour.2)
                if random.next() % 97 == 0 { surface[x, y] = 0x0000_0301 }
            }
        }
        return surface
    }

    /// Soft sprites many times, faint and strong, whole and between pixels,
    /// some tinted or with channel factors: drawing only the columns their
    /// ink extents keep gives the general path's bytes.
    @Test("many faint drawings of a soft sprite give the general path's bytes", arguments: 0..<4)
    func manySoftSprites(seed: UInt64) throws {
        let width = 151, height = 150
        var random = SeededRandom(seed: 900 + seed)
        let sprite = Self.softSprite(&random, side: 20 + Int(random.next() % 40))
        let count = BandRenderer.manyImages + 1 + Int(random.next() % 150)
        let items = (0..<count).map { _ in
            var item = DrawItem(source: .surface(sprite),
                                transform: .translation(x: Self.offset(&random, limit: width / 2) + Double(width / 2) - 20,
                                                        y: Self.offset(&random, limit: height / 2) + Double(height / 2) - 20))
            let u = random.unit()
            item.opacity = u * u * u
            item.blend = random.next() % 3 == 0 ? .normal : .plusLighter
            switch random.next() % 8 {
            case 0: item.tint = Self.colour(&random)
            case 1: item.channels = Self.colour(&random)
            default: break
            }
            return item
        }
        for background in Self.backgrounds {
            let general = try Surface(width: width, height: height)
            try Compositor(threads: 1, fastPaths: false).render(Picture(items), background: background, into: general)
            let fast = try render(Picture(items), width: width, height: height, background: background, threads: 2)
            #expect(difference(fast, general).count == 0, "\(count) soft sprites on \(background)")
        }
    }

    /// A turned image drawn first on a clear target writes its pixels (SRC)
    /// instead of blending over a cleared band: faded (down to nothing),
    /// clipped, added, and under an opaque turned image that hides part of
    /// it (what it leaves unwritten there, the cover replaces).
    @Test("a turned image drawn first on a clear target gives the general path's bytes", arguments: 0..<5)
    func turnedImageFirstOnClear(variant: Int) throws {
        let width = 151, height = 150
        let image = noiseSurface(width: 120, height: 100, seed: 61)
        let top = noiseSurface(width: 90, height: 80, seed: 62, opaque: true)
        let turn = AffineTransform.rotation(0.3).concatenating(.translation(x: 40.25, y: 3.5))
        var first = DrawItem(source: .surface(image), transform: turn)
        switch variant {
        case 1: first.opacity = 0.6
        case 2: first.clip = .path(Path(ellipseIn: Rect(x: 20, y: 10, width: 110, height: 120)), .nonZero)
        case 3: first.blend = .plusLighter
        case 4: first.opacity = 0.001  // nothing shows: SRC still writes transparency
        default: break
        }
        let cover = DrawItem(source: .surface(top), transform: AffineTransform.rotation(-0.2)
            .concatenating(.translation(x: 30, y: 40)))
        for picture in [Picture([first]), Picture([first, cover])] {
            let d = try fastPathDifference(picture, width: width, height: height, threads: 2)
            #expect(d.count == 0, "variant \(variant), \(picture.items.count) items: \(d)")
        }
    }

    /// An opaque view sliding or growing over others hides them: drawn by SRC
    /// first, the images under it drawn around it. Its soft edges, a
    /// translucent top image, one with a translucent row, and one drawn
    /// faded, added or tinted must all still blend.
    @Test("an opaque image over others hides them, on clear and coloured targets, in a group and not",
          arguments: 0..<8)
    func opaqueImageHidesWhatIsUnder(variant: Int) throws {
        let width = 151, height = 150
        let under = noiseSurface(width: 140, height: 130, seed: 71)
        let opaque = noiseSurface(width: 100, height: 90, seed: 72, opaque: true)
        let top: Surface
        switch variant {
        case 5:
            top = noiseSurface(width: 100, height: 90, seed: 73, opaque: true)
            for y in 0..<90 { top[50, y] &= 0x7FFF_FFFF }  // a translucent column in the middle of every row
        case 6:
            top = noiseSurface(width: 100, height: 90, seed: 74, opaque: true)
            top[50, 40] &= 0x7FFF_FFFF  // one translucent pixel
        default: top = opaque
        }
        let offsets = [(30.0, 20.0), (25.5, 12.25), (-20.375, 70.0), (80.0, -10.5), (5.003, 30.0)]
        let (x, y) = offsets[variant % offsets.count]
        var cover = DrawItem(source: .surface(top), transform: .translation(x: x, y: y))
        switch variant {
        case 7: cover.opacity = 0.999
        default: break
        }
        let second = DrawItem(source: .surface(opaque), transform: .translation(x: 60.5, y: 50))
        let above = DrawItem(source: .surface(under), transform: .translation(x: 70.25, y: 80), opacity: 0.5)
        let base = DrawItem(source: .surface(under), transform: .translation(x: 3, y: 4))
        var pictures = [Picture([base, cover]), Picture([base, second, cover, above]),
                        Picture([DrawItem(source: .picture(Picture([base, cover])), transform: .translation(x: 2, y: 1),
                                          opacity: 0.7)])]
        var added = cover
        added.blend = .plusLighter
        var tinted = cover
        tinted.tint = Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 1)
        pictures += [Picture([base, added]), Picture([base, tinted])]
        for (index, picture) in pictures.enumerated() {
            for background in Self.backgrounds {
                let d = try fastPathDifference(picture, width: width, height: height, background: background, threads: 2)
                #expect(d.count == 0, "variant \(variant), picture \(index), \(background): \(d)")
            }
        }
    }

    /// The two sides of a wipe: translucent images beside each other. On a
    /// clear target the top one is taken as drawn (SRC) without a look at its
    /// opacity on rows where nothing under it reaches its columns; where
    /// something does (the lower rows of the third placement), and on a
    /// coloured target, it still blends.
    @Test("translucent images side by side, apart or sharing some rows' columns, give the general path's bytes",
          arguments: 0..<3)
    func translucentImagesSideBySide(variant: Int) throws {
        let width = 151, height = 150
        let left = noiseSurface(width: 70, height: 150, seed: 81)
        let right = noiseSurface(width: 81, height: 150, seed: 82)
        let (x, y) = [(71.0, 0.0), (70.0, 0.0), (60.0, 75.0)][variant]  // apart, touching, sharing columns below
        let base = DrawItem(source: .surface(left), transform: .identity)
        let top = DrawItem(source: .surface(right), transform: .translation(x: x, y: y))
        let above = DrawItem(source: .surface(left), transform: .translation(x: 100, y: 40), opacity: 0.5)
        for picture in [Picture([base, top]), Picture([base, top, above])] {
            for background in Self.backgrounds {
                let d = try fastPathDifference(picture, width: width, height: height, background: background, threads: 2)
                #expect(d.count == 0, "variant \(variant), \(picture.items.count) items, \(background): \(d)")
            }
        }
    }

    /// A colour painted over the whole frame first (a rectangle of whole pixels,
    /// which clips without a mask) is the colour the frame is cleared to, and
    /// the images after it are drawn onto it; one that leaves pixels out, is
    /// masked, tinted or blended otherwise is drawn as before.
    @Test("a colour over the whole frame first, then images, gives the general path's bytes", arguments: 0..<7)
    func colourFirstThenImages(variant: Int) throws {
        let width = 97, height = 61
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let image = noiseSurface(width: 80, height: 50, seed: 91)
        let colour = variant == 1 ? Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 0.55) : Color.black
        let area: Path = switch variant {
        case 2: Path(Rect(x: 0, y: 0, width: Double(width), height: 40))  // leaves rows out
        case 3: Path(Rect(x: -0.5, y: 0, width: Double(width) + 1, height: Double(height)))  // fractional: masked
        default: Path(frame)
        }
        var fill = DrawItem(source: .color(colour), transform: .identity, clip: .path(area, .evenOdd))
        switch variant {
        case 4: fill.opacity = 0.4
        case 5: fill.blend = .plusLighter
        case 6: fill.tint = Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.7)
        default: break
        }
        let view = DrawItem(source: .surface(image), transform: .translation(x: 9, y: 4), opacity: 0.6)
        let layer = DrawItem(source: .picture(Picture([fill, view])), transform: .identity, opacity: 0.8)
        for picture in [Picture([fill, view]), Picture([fill]), Picture([fill, view, layer])] {
            let d = try fastPathDifference(picture, width: width, height: height, threads: 2)
            #expect(d.count == 0, "variant \(variant), \(picture.items.count) items: \(d)")
        }
        // The frame filled by a path is the colour's pixel everywhere, exactly.
        if variant == 0 {
            let filled = try render(Picture([fill]), width: width, height: height)
            #expect(difference(filled, filledSurface(width: width, height: height, pixel: 0xFF00_0000)).count == 0)
        }
    }

    /// A squeeze: many single rows of a translucent image, each on a row of
    /// its own below the one before (with gaps), drawn by SRC with the rest
    /// cleared; when one is faded or added, when two share a row, or on a
    /// coloured target, they are drawn as before.
    @Test("many images on rows of their own give the general path's bytes", arguments: 0..<4)
    func imagesOnRowsOfTheirOwn(variant: Int) throws {
        let width = 83, height = 120
        let image = noiseSurface(width: 70, height: 100, seed: 95)
        var items: [DrawItem] = []
        for (index, target) in stride(from: 3, to: 110, by: 3).enumerated() {  // every third row: gaps between
            let source = index * 2 % 100  // the image's row shown on device row `target`
            var item = DrawItem(source: .surface(image), transform: .translation(x: Double(5 + index % 4),
                                                                                 y: Double(target - source)),
                                crop: Rect(x: 0, y: Double(source), width: 70, height: 1))
            if variant == 1 && index % 5 == 0 { item.opacity = 0.5 }
            if variant == 2 && index % 7 == 0 { item.blend = .plusLighter }
            items.append(item)
        }
        if variant == 3 { items.append(items[4]) }  // two on one row
        #expect(items.count > 16)  // drawn image by image (drawEach)
        for background in Self.backgrounds {
            let d = try fastPathDifference(Picture(items), width: width, height: height, background: background,
                                           threads: 2)
            #expect(d.count == 0, "variant \(variant), \(background): \(d)")
        }
    }

    /// Over opaque black, a frame whose every top-level drawing is OVER or
    /// ADD is drawn as over transparency, then made opaque: a video's
    /// crossfade (two views added in a group over the background, as the
    /// engine draws a plusLighter scene), groups whose insides multiply,
    /// masks, faded and turned images. A top-level multiply cannot be: its
    /// colour depends on the alpha under it.
    @Test("over opaque black, a frame drawn as over transparency then made opaque gives the general path's bytes",
          arguments: 0..<6)
    func overOpaqueBlack(variant: Int) throws {
        let width = 151, height = 150
        let a = noiseSurface(width: 151, height: 150, seed: 91, opaque: true)
        let b = noiseSurface(width: 130, height: 120, seed: 92)
        var first = DrawItem(source: .surface(a), opacity: 0.4, blend: .plusLighter)
        var second = DrawItem(source: .surface(b), transform: .translation(x: 10.5, y: 7), opacity: 0.7,
                              blend: .plusLighter)
        switch variant {
        case 1: second.clip = .path(Path(ellipseIn: Rect(x: 20, y: 10, width: 110, height: 120)), .nonZero)
        case 2: second.transform = AffineTransform.rotation(0.3).concatenating(.translation(x: 40.25, y: 3.5))
        case 3: (first.blend, second.blend) = (.normal, .multiply)
        case 4: (first.blend, second.blend) = (.normal, .normal)
        case 5: second.tint = Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 1)
        default: break
        }
        let views = [first, second]
        var pictures = [Picture(views), Picture([DrawItem(source: .picture(Picture(views)))]),
                        Picture([DrawItem(source: .surface(b), transform: .translation(x: -5, y: 9)),
                                 DrawItem(source: .picture(Picture(views)), opacity: 0.8)])]
        if variant == 3 {
            pictures.append(Picture([second]))  // a top-level multiply: drawn over black itself
        }
        for (index, picture) in pictures.enumerated() {
            let d = try fastPathDifference(picture, width: width, height: height, background: .black, threads: 2)
            #expect(d.count == 0, "variant \(variant), picture \(index): \(d)")
        }
    }

    @Test("a crossfade whose images are offset, or drawn normally, equals pixman too")
    func crossfadeVariants() throws {
        let a = noiseSurface(width: 120, height: 90, seed: 83)
        let b = noiseSurface(width: 100, height: 80, seed: 84)
        for blend in [BlendMode.plusLighter, .normal] {
            let picture = Picture([DrawItem(source: .surface(a), transform: .translation(x: 3, y: 2), opacity: 0.6, blend: blend),
                                   DrawItem(source: .surface(b), transform: .translation(x: 10, y: 7), opacity: 0.4, blend: blend)])
            let target = try render(picture, width: 130, height: 100)
            let expected = try Surface(width: 130, height: 100)
            let op = blend == .normal ? PIXMAN_OP_OVER : PIXMAN_OP_ADD
            for (surface, opacity, x, y) in [(a, 0.6, 3.0, 2.0), (b, 0.4, 10.0, 7.0)] {
                let mask = pixmanSolid(a: opacityByte(opacity))
                defer { pixman_image_unref(mask) }
                pixmanComposite(op, surface, placed: [.translate(x, y)], mask: mask, into: expected)
            }
            let d = difference(target, expected)
            #expect(d.count == 0, "\(blend): \(d)")
        }
    }

    // MARK: - First drawings onto a clear target

    @Test("an image at whole pixels on a clear target is its pixels, and zero elsewhere")
    func identityIsACopy() throws {
        let source = noiseSurface(width: 64, height: 70, seed: 85)
        for (dx, dy) in [(0, 0), (10, 5), (-7, 66), (100, 100)] {
            let picture = Picture([DrawItem(source: .surface(source), transform: .translation(x: Double(dx), y: Double(dy)))])
            let target = try render(picture, width: 90, height: 80)
            var wrong = 0
            for y in 0..<80 {
                for x in 0..<90 {
                    let sx = x - dx, sy = y - dy
                    let want: UInt32 = sx >= 0 && sx < 64 && sy >= 0 && sy < 70 ? source[sx, sy] : 0
                    if target[x, y] != want { wrong += 1 }
                }
            }
            #expect(wrong == 0, "(\(dx), \(dy)): \(wrong) pixels")
        }
    }

    @Test("a group drawn first on a clear target equals its layer composited there")
    func groupOntoClear() throws {
        let a = noiseSurface(width: 80, height: 70, seed: 86), b = noiseSurface(width: 60, height: 90, seed: 87)
        let inner = Picture([DrawItem(source: .surface(a), transform: .translation(x: -3.5, y: 2.25), channels: Color(red: 1, green: 0, blue: 0),
                                      blend: .plusLighter),
                             DrawItem(source: .surface(a), transform: .translation(x: 3.5, y: -2.25), channels: Color(red: 0, green: 1, blue: 1, alpha: 0),
                                      blend: .plusLighter),
                             DrawItem(source: .surface(b), transform: .translation(x: 30, y: 10), tint: .white, blend: .plusLighter)])
        for background in Self.backgrounds {
            for blend in [BlendMode.normal, .plusLighter, .screen] {
                let picture = Picture([DrawItem(source: .picture(inner), transform: .translation(x: 5, y: 40), blend: blend),
                                       DrawItem(source: .surface(b), transform: .translation(x: 50.5, y: 3), opacity: 0.5)])
                let general = try Surface(width: 120, height: 140)
                try Compositor(threads: 1, fastPaths: false).render(picture, background: background, into: general)
                let fast = try render(picture, width: 120, height: 140, background: background, threads: 2)
                let d = difference(fast, general)
                #expect(d.count == 0, "\(blend) on \(background): \(d)")
            }
        }
    }

    /// Scales, turns, downscales (pixman's box filter), faded or not, added or
    /// not, one whose inverse is beyond pixman's 16.16 range (it draws
    /// nothing, and its bounds must still be cleared), then a second
    /// image over them: drawn first with SRC over the image's bounds.
    @Test("an image pixman draws first on a clear target gives the general path's bytes",
          arguments: [AffineTransform.scale(x: 0.5, y: 0.5).about(Point(x: 60, y: 50)),
                      AffineTransform.rotation(0.3).concatenating(.translation(x: 20.5, y: -3)),
                      AffineTransform.scale(x: 2.5, y: 1.75).concatenating(.translation(x: -10, y: 4.25)),
                      AffineTransform.scale(x: 0.2, y: 0.3).concatenating(.translation(x: 7, y: 9)),
                      AffineTransform.scale(x: -1, y: 1).concatenating(.translation(x: 100, y: 0)),
                      AffineTransform.scale(x: 1.5, y: 1).concatenating(.translation(x: 40_000.5, y: 0)),
                      AffineTransform.scale(x: 0.001, y: 1).concatenating(.translation(x: 50, y: 0))])
    func pixmanImageFirst(transform: AffineTransform) throws {
        let a = noiseSurface(width: 110, height: 90, seed: 96), b = noiseSurface(width: 30, height: 20, seed: 97)
        for (opacity, blend) in [(1.0, BlendMode.normal), (0.6, .normal), (0.3, .plusLighter)] {
            let picture = Picture([DrawItem(source: .surface(a), transform: transform, opacity: opacity, blend: blend),
                                   DrawItem(source: .surface(b), transform: .translation(x: 50, y: 60.5))])
            let general = try Surface(width: 120, height: 100)
            try Compositor(threads: 1, fastPaths: false).render(picture, background: .clear, into: general)
            let marked = filledSurface(width: 120, height: 100, pixel: 0xDEAD_BEEF)
            try Compositor(threads: 2).render(picture, background: .clear, into: marked)
            let d = difference(marked, general)
            #expect(d.count == 0, "opacity \(opacity) \(blend): \(d)")
        }
    }

    /// A scaled image (pixman's, first on a clear band) then a group that
    /// could draw as its children: the group must land over the image, not
    /// clear it (a slip the first-drawing shortcuts once made).
    @Test("a group after an image pixman draws first keeps that image")
    func groupAfterPixmanImage() throws {
        let a = noiseSurface(width: 110, height: 90, seed: 98), b = noiseSurface(width: 40, height: 30, seed: 99)
        let group = Picture([DrawItem(source: .surface(b), transform: .translation(x: -2, y: 0), channels: Color(red: 1, green: 0, blue: 0),
                                      blend: .plusLighter),
                             DrawItem(source: .surface(b), transform: .translation(x: 2, y: 0), channels: Color(red: 0, green: 1, blue: 1, alpha: 0),
                                      blend: .plusLighter)])
        let picture = Picture([DrawItem(source: .surface(a), transform: .scale(x: 0.8, y: 0.8).about(Point(x: 55, y: 45))),
                               DrawItem(source: .picture(group), transform: .translation(x: 30, y: 20))])
        let general = try Surface(width: 120, height: 100)
        try Compositor(threads: 1, fastPaths: false).render(picture, background: .clear, into: general)
        let fast = try render(picture, width: 120, height: 100, background: .clear, threads: 2)
        let d = difference(fast, general)
        #expect(d.count == 0, "\(d)")
    }

    /// The tiktok transition's shape: each view a group of two channel
    /// copies at sub-pixel offsets, added; the second group over the first
    /// (the split drawn straight onto the destination), and under a clip.
    @Test("channel-split groups give the general path's bytes", arguments: [(0.0, 0.0), (-6, -4.5), (3.25, -2.75), (12, 9)])
    func channelSplitGroups(dx: Double, dy: Double) throws {
        let a = noiseSurface(width: 120, height: 90, seed: 100), b = noiseSurface(width: 120, height: 90, seed: 101)
        func fringe(_ surface: Surface) -> Picture {
            Picture([DrawItem(source: .surface(surface), transform: .translation(x: -dx, y: -dy),
                              channels: Color(red: 1, green: 0, blue: 0, alpha: 1), blend: .plusLighter),
                     DrawItem(source: .surface(surface), transform: .translation(x: dx, y: dy),
                              channels: Color(red: 0, green: 1, blue: 1, alpha: 0), blend: .plusLighter)])
        }
        for (blend, background) in [(BlendMode.normal, Color.clear), (.plusLighter, .clear), (.normal, Color(white: 0.3))] {
            let picture = Picture([DrawItem(source: .picture(fringe(a)), blend: blend),
                                   DrawItem(source: .picture(fringe(b)), transform: .translation(x: 4, y: 3), blend: blend),
                                   DrawItem(source: .picture(fringe(a)), clip: .rect(Rect(x: 10, y: 5, width: 60, height: 40)))])
            let general = try Surface(width: 130, height: 100)
            try Compositor(threads: 1, fastPaths: false).render(picture, background: background, into: general)
            let fast = try render(picture, width: 130, height: 100, background: background, threads: 2)
            let d = difference(fast, general)
            #expect(d.count == 0, "\(blend) on \(background), offset (\(dx), \(dy)): \(d)")
        }
    }

    // MARK: - Crops of a placed picture

    /// The explode and sliding-door shape: a whole-pixel crop of the content,
    /// a picture that places one image at whole pixels, drawn turned or moved.
    static func placedContent(_ source: Surface, at x: Double, _ y: Double, clip: Clip? = nil) -> Picture {
        Picture([DrawItem(source: .surface(source), transform: .translation(x: x, y: y), clip: clip)])
    }

    @Test("a whole-pixel crop of a placed picture is a crop of its image: no clip path, no mask")
    func cropBecomesImageCrop() throws {
        let source = noiseSurface(width: 60, height: 40, seed: 93)
        let content = Self.placedContent(source, at: 10, 20)
        let turn = AffineTransform.rotation(0.4).about(Point(x: 40, y: 35))
        let primitives = try Flattener.primitives(of: Picture([DrawItem(source: .picture(content), transform: turn,
                                                                    crop: Rect(x: 25, y: 30, width: 20, height: 10))]))
        #expect(primitives.count == 1)
        guard let primitive = primitives.first, case .pixman(.image(let image, let crop, let transform)) = primitive.plan else {
            Issue.record("not one image: \(primitives.map(\.plan))")
            return
        }
        #expect(image === source && crop == PixelRect(x0: 15, y0: 10, x1: 35, y1: 20))
        #expect(primitive.clipPaths.isEmpty && primitive.clipRect == nil)
        // The crop's corner (25, 30) in content coordinates lands where the turn puts it.
        let corner = transform.apply(Point(x: 0, y: 0)), want = turn.apply(Point(x: 25, y: 30))
        #expect(abs(corner.x - want.x) < 1e-9 && abs(corner.y - want.y) < 1e-9)
        // A crop outside the image draws nothing; a fractional crop, or a clip path, stays a clip.
        let outside = Picture([DrawItem(source: .picture(content), crop: Rect(x: 0, y: 0, width: 5, height: 5))])
        #expect(try Flattener.primitives(of: outside).isEmpty)
        let fractional = Picture([DrawItem(source: .picture(content), transform: turn, crop: Rect(x: 25.5, y: 30, width: 20, height: 10))])
        #expect(try Flattener.primitives(of: fractional).first?.clipPaths.isEmpty == false)
    }

    @Test("cropped pieces of a placed picture at whole pixels are exact copies of those pieces, masks or not")
    func croppedPiecesAtWholePixels() throws {
        let source = noiseSurface(width: 64, height: 48, seed: 94, opaque: true)
        let content = Self.placedContent(source, at: 8, 6, clip: .rect(Rect(x: 8, y: 6, width: 60, height: 40)))
        var items: [DrawItem] = []
        for (k, piece) in [Rect(x: 8, y: 6, width: 30, height: 20), Rect(x: 38, y: 6, width: 40, height: 20),
                           Rect(x: 8, y: 26, width: 70, height: 28)].enumerated() {
            items.append(DrawItem(source: .picture(content), transform: .translation(x: Double(5 * k), y: Double(3 - k)),
                                  crop: piece))
        }
        let target = try render(Picture(items), width: 100, height: 70)
        let expected = try Surface(width: 100, height: 70)
        // Drawn in order (opaque, so later pieces cover earlier ones): each piece, limited to the
        // image's clip (x 8..<68, y 6..<46), copied where it moved.
        for (k, piece) in [PixelRect(x0: 8, y0: 6, x1: 38, y1: 26), PixelRect(x0: 38, y0: 6, x1: 78, y1: 26),
                           PixelRect(x0: 8, y0: 26, x1: 78, y1: 54)].enumerated() {
            let visible = piece.intersection(PixelRect(x0: 8, y0: 6, x1: 68, y1: 46))
            for y in visible.y0..<visible.y1 {
                for x in visible.x0..<visible.x1 {
                    let tx = x + 5 * k, ty = y + 3 - k
                    if tx >= 0 && tx < 100 && ty >= 0 && ty < 70 { expected[tx, ty] = source[x - 8, y - 6] }
                }
            }
        }
        let d = difference(target, expected)
        #expect(d.count == 0, "\(d)")
    }

    @Test("a turned crop of a placed picture draws as the same crop of the image itself")
    func turnedCropIsTheImageCrop() throws {
        let source = noiseSurface(width: 60, height: 40, seed: 95)
        let turn = AffineTransform.rotation(-0.7).about(Point(x: 50, y: 40)).concatenating(.translation(x: 3.25, y: -1.5))
        let viaPicture = Picture([DrawItem(source: .picture(Self.placedContent(source, at: 20, 15)), transform: turn,
                                           crop: Rect(x: 30, y: 25, width: 25, height: 18), opacity: 0.7)])
        let direct = Picture([DrawItem(source: .surface(source),
                                       transform: AffineTransform.translation(x: 20, y: 15).concatenating(turn),
                                       crop: Rect(x: 10, y: 10, width: 25, height: 18), opacity: 0.7)])
        let a = try render(viaPicture, width: 100, height: 90, threads: 2)
        let b = try render(direct, width: 100, height: 90)
        let d = difference(a, b)
        #expect(d.count == 0, "\(d)")
    }

    // MARK: - Opaque covers

    /// A picture of turned images (each at its own angle about its own
    /// point), every one opaque or not, faded or not, added or not: what a
    /// rotation transition and its relatives draw.
    static func turnedImages(seed: UInt64, width: Int, height: Int) -> Picture {
        var random = SeededRandom(seed: seed)
        let items = (0..<2 + Int(random.next() % 3)).map { _ -> DrawItem in
            let w = 30 + Int(random.next() % 120), h = 30 + Int(random.next() % 110)
            let source = noiseSurface(width: w, height: h, seed: random.next(), opaque: random.next() % 4 != 0)
            let angle = random.next() % 5 == 0 ? 0.004 : (random.unit() - 0.5) * 3.3
            let turn = AffineTransform.rotation(angle, about: Point(x: Double(w) / 2, y: Double(h) / 2))
                .concatenating(.translation(x: offset(&random, limit: width / 3), y: offset(&random, limit: height / 3)))
            var item = DrawItem(source: .surface(source), transform: turn)
            if random.next() % 5 == 0 { item.opacity = random.unit() }
            if random.next() % 6 == 0 { item.blend = .plusLighter }
            return item
        }
        return Picture(items)
    }

    @Test("turned images under opaque turned ones give the general path's bytes, on one thread or three",
          arguments: 0..<24)
    func opaqueCovers(seed: Int) throws {
        let width = 151, height = 150
        let picture = Self.turnedImages(seed: UInt64(seed), width: width, height: height)
        let background = Self.backgrounds[seed % 3]
        let general = try Surface(width: width, height: height)
        try Compositor(threads: 1, fastPaths: false).render(picture, background: background, into: general)
        for threads in [1, 3] {
            let fast = filledSurface(width: width, height: height, pixel: 0xDEAD_BEEF)
            try Compositor(threads: threads).render(picture, background: background, into: fast)
            let d = difference(fast, general)
            #expect(d.count == 0, "seed \(seed), \(threads) threads: \(d)")
        }
    }

    @Test("images turned in 3-D under opaque ones give the bytes of drawing them one after the other",
          arguments: 0..<12)
    func projectedOpaqueCovers(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let width = 160, height = 120
        // Two views of the frame's size turned about a vertical or slanted axis, as .rotation3D
        // and .flip turn them, sometimes a little smaller or moved; the lower one opaque or not.
        func turned(_ opaque: Bool) -> DrawItem {
            let source = noiseSurface(width: width, height: height, seed: random.next(), opaque: opaque)
            let h = ProjectiveTransform.rotation3D(degrees: -80 + 160 * random.unit(),
                                                   axis: (random.next() % 3 == 0 ? 0.3 : 0, 1, 0),
                                                   anchor: Point(x: Double(width) / 2, y: Double(height) / 2), anchorZ: 0,
                                                   perspective: 1, size: (Double(width), Double(height)))
            let placement = random.next() % 2 == 0 ? AffineTransform.identity
                : AffineTransform.scale(x: 0.9, y: 0.9).concatenating(.translation(x: 9.5, y: -4))
            return DrawItem(source: .surface(source), transform: placement, projection: h)
        }
        let lower = turned(random.next() % 4 != 0), upper = turned(true)
        try expectSameAsDrawnApart(lower, upper, width: width, height: height, background: Self.backgrounds[seed % 3],
                                   "seed \(seed)")
    }

    @Test("an opaque image turned in 3-D over another covers it, alone or in a layer; a translucent one does not")
    func projectedCoversAreMarked() throws {
        let (width, height) = (160, 120)
        func view(_ degrees: Double, opaque: Bool = true) -> DrawItem {
            let h = ProjectiveTransform.rotation3D(degrees: degrees, axis: (0, 1, 0), anchor: Point(x: 80, y: 60),
                                                   anchorZ: 0, perspective: 1, size: (160, 120))
            return DrawItem(source: .surface(noiseSurface(width: width, height: height, seed: 9, opaque: opaque)),
                            projection: h)
        }
        let compositor = Compositor(threads: 1)
        let area = PixelRect(width: width, height: height)
        let plain = try compositor.prepare(Picture([view(-30), view(20)]), within: area).primitives
        #expect(plain.count == 2 && plain[0].isSampled && plain[1].coversOpaquely && !plain[0].coversOpaquely)
        let translucent = try compositor.prepare(Picture([view(-30), view(20, opaque: false)]), within: area).primitives
        #expect(translucent.count == 2 && !translucent[1].coversOpaquely)
        // A group at half opacity is a layer; its children are marked in it.
        let group = DrawItem(source: .picture(Picture([view(-30), view(20)])), opacity: 0.5)
        let layered = try compositor.prepare(Picture([group]), within: area).primitives
        guard case .layer(let children) = layered.first?.plan else {
            Issue.record("the group is not a layer")
            return
        }
        #expect(children.count == 2 && children[1].coversOpaquely)
    }

    @Test("only an opaque, unfaded, normally blended turned image over a turned one covers it")
    func whatCovers() throws {
        let opaque = noiseSurface(width: 80, height: 60, seed: 5, opaque: true)
        let translucentPixel = noiseSurface(width: 80, height: 60, seed: 5, opaque: true)
        translucentPixel[79, 59] = 0x8040_2010
        func covers(_ top: Surface, opacity: Double = 1, blend: BlendMode = .normal, under: Double = 0.3,
                    scale: Double = 1) throws -> Bool {
            let turned = AffineTransform.scale(x: scale, y: scale).concatenating(.rotation(0.5, about: Point(x: 40, y: 30)))
            let picture = Picture([
                DrawItem(source: .surface(opaque), transform: .rotation(under, about: Point(x: 40, y: 30))),
                DrawItem(source: .surface(top), transform: turned, opacity: opacity, blend: blend),
            ])
            var planned = Planner.prepare(try Flattener.primitives(of: picture), within: PixelRect(width: 100, height: 90),
                                          fastPaths: true, forEach: serially)
            Planner.markOpaqueCovers(&planned, forEach: serially)
            #expect(planned.count == 2 && planned[1].isSampled && !planned[0].coversOpaquely)
            return planned[1].coversOpaquely
        }
        #expect(try covers(opaque))
        #expect(try !covers(translucentPixel), "one translucent pixel anywhere")
        #expect(try !covers(opaque, opacity: 0.99))
        #expect(try !covers(opaque, blend: .plusLighter))
        #expect(try !covers(opaque, under: 0), "nothing sampled under it: an unturned image is a span")
        #expect(try !covers(opaque, scale: 0.4), "what it may hide is less than a quarter of its source: not worth reading")
    }

    // MARK: - Translation sampling against closed forms

    /// The bilinear value of `source` at device pixel (x, y) for a placement
    /// by (dx, dy), in double precision, pixels outside transparent.
    static func exactBilinear(_ source: Surface, _ dx: Double, _ dy: Double, _ x: Int, _ y: Int) -> [Double] {
        let sx = Double(x) - dx, sy = Double(y) - dy
        let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
        let fx = sx - Double(x0), fy = sy - Double(y0)
        var result = [0.0, 0.0, 0.0, 0.0]
        for (tx, ty, w) in [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)),
                            (x0, y0 + 1, (1 - fx) * fy), (x0 + 1, y0 + 1, fx * fy)] {
            guard tx >= 0, tx < source.width, ty >= 0, ty < source.height else { continue }
            for (c, v) in channels(source[tx, ty]).enumerated() { result[c] += w * Double(v) }
        }
        return result
    }

    /// Offsets of whole 128ths: pixman's 7-bit weights are exact, and its sum
    /// truncates, so every channel is the exact bilinear value rounded down.
    @Test("at offsets of whole 128ths every channel is the exact bilinear value, rounded down",
          arguments: [(10.5, 5.25), (-3.375, 7.0), (0.0078125, -0.9921875), (20.0, 0.5)])
    func exactWeights(dx: Double, dy: Double) throws {
        let source = noiseSurface(width: 50, height: 40, seed: 88)
        let target = try render(Picture([DrawItem(source: .surface(source), transform: .translation(x: dx, y: dy))]),
                                width: 80, height: 70)
        var wrong = 0
        for y in 0..<70 {
            for x in 0..<80 {
                let want = Self.exactBilinear(source, dx, dy, x, y).map { Int(($0 + 1e-9).rounded(.down)) }
                if channels(target[x, y]) != want { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from ⌊bilinear⌋")
    }

    /// Any offset: pixman keeps 7 bits of each weight (an error below 1/128
    /// each way) and truncates the sum, so a channel lies within
    /// 255 · 2/128 + 1 < 5 of the exact value.
    @Test("at any offset every channel is within 5 of the exact bilinear value")
    func anyWeights() throws {
        let source = noiseSurface(width: 50, height: 40, seed: 89)
        var random = SeededRandom(seed: 90)
        var worst = 0.0
        for _ in 0..<12 {
            let dx = Double(Int(random.next() % 30)) + random.unit(), dy = Double(Int(random.next() % 30)) - random.unit()
            let target = try render(Picture([DrawItem(source: .surface(source), transform: .translation(x: dx, y: dy))]),
                                    width: 80, height: 70)
            for y in 0..<70 {
                for x in 0..<80 {
                    let want = Self.exactBilinear(source, dx, dy, x, y)
                    for (got, exact) in zip(channels(target[x, y]), want) { worst = max(worst, abs(Double(got) - exact)) }
                }
            }
        }
        #expect(worst < 5, "off by up to \(worst)")
    }

    // MARK: - The kernels themselves

    /// Every combination of operator and mask on random pixels (valid and
    /// not premultiplied), each pixel of a row compared with pixman's
    /// per-pixel formulas written out here; rows of every length 0…19 so
    /// each lane and tail position is met.
    @Test("the kernels' operators equal pixman's formulas on every lane and tail position")
    func operatorsAgainstFormulas() {
        func mul(_ x: Int, _ y: Int) -> Int { let t = x * y + 0x80; return (t + (t >> 8)) >> 8 }
        func bytes(_ p: UInt32) -> [Int] { [Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24)] }
        func pixel(_ c: [Int]) -> UInt32 { UInt32(c[0]) | UInt32(c[1]) << 8 | UInt32(c[2]) << 16 | UInt32(c[3]) << 24 }
        var random = SeededRandom(seed: 91)
        let masks: [SpanKernels.Mask] = [.none, .uniform(0), .uniform(77), .uniform(255), .components(0x80FF_2000),
                                         .components(0xFFFF_FFFF), .components(0x00FF_FFFF), .select(0xFFFF_0000),
                                         .select(0x0000_FFFF), .select(0xFF00_FF00), .select(0)]
        for op in [SpanKernels.Operator.source, .over, .add] {
            for mask in masks {
                for count in 0..<40 {
                    let source = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) | (random.next() % 3 == 0 ? 0xFF00_0000 : 0) }
                    let destination = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
                    var output = destination
                    source.withUnsafeBufferPointer { s in
                        output.withUnsafeMutableBufferPointer { d in
                            let sampling = SpanKernels.Sampling(top: s.baseAddress ?? UnsafePointer(bitPattern: 16)!,
                                                                bottom: s.baseAddress ?? UnsafePointer(bitPattern: 16)!,
                                                                width: count, column: 0, wx: 0, wt: 128, wb: 0)
                            SpanKernels.drawRow(sampling, tint: nil, mask: mask, op, into: d.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!,
                                                count: count)
                        }
                    }
                    for i in 0..<count {
                        let s = bytes(source[i]), d = bytes(destination[i])
                        let factors: [Int] = switch mask {
                        case .none: [255, 255, 255, 255]
                        case .uniform(let m): [Int(m), Int(m), Int(m), Int(m)]
                        case .components(let f), .select(let f): bytes(f)
                        }
                        let masked = (0..<4).map { mul(s[$0], factors[$0]) }
                        let alpha = (0..<4).map { mul(s[3], factors[$0]) }
                        let want: [Int] = switch op {
                        case .source: masked
                        case .add: (0..<4).map { min(255, d[$0] + masked[$0]) }
                        case .over: (0..<4).map { min(255, masked[$0] + mul(d[$0], 255 - alpha[$0])) }
                        }
                        if output[i] != pixel(want) {
                            Issue.record("\(op) \(mask) length \(count) pixel \(i): got \(hex(output[i])), want \(hex(pixel(want)))")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("the fused two-image pass equals two single passes")
    func fusedEqualsTwoPasses() {
        var random = SeededRandom(seed: 92)
        for second in [SpanKernels.Operator.add, .over] {
            for (m1, m2) in [(UInt8(255), UInt8(255)), (128, 127), (0, 255), (255, 3), (90, 200)] {
                for count in 0..<23 {
                    let a = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
                    let b = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) | (random.next() % 2 == 0 ? 0xFF00_0000 : 0) }
                    var fused = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
                    var twice = fused
                    a.withUnsafeBufferPointer { pa in
                        b.withUnsafeBufferPointer { pb in
                            let first = pa.baseAddress ?? UnsafePointer(bitPattern: 16)!
                            let next = pb.baseAddress ?? UnsafePointer(bitPattern: 16)!
                            fused.withUnsafeMutableBufferPointer { d in
                                SpanKernels.drawRows(m1, first, then: second, m2, next, into: d.baseAddress!, count: count)
                            }
                            twice.withUnsafeMutableBufferPointer { d in
                                for (source, m, op) in [(first, m1, SpanKernels.Operator.source), (next, m2, second)] {
                                    let sampling = SpanKernels.Sampling(top: source, bottom: source, width: count, column: 0,
                                                                        wx: 0, wt: 128, wb: 0)
                                    SpanKernels.drawRow(sampling, tint: nil, mask: .uniform(m), op, into: d.baseAddress!, count: count)
                                }
                            }
                        }
                    }
                    #expect(fused == twice, "\(second) masks \(m1), \(m2) length \(count)")
                }
            }
        }
    }

    /// TikTok's colour fringe: one copy keeps red and alpha, the other
    /// green and blue. At every sub-pixel offset, over any overlap of the two
    /// copies' columns and across their edges, the one-pass split must give
    /// the bytes of drawing the first onto a cleared layer, adding the second,
    /// and combining that layer with the destination (or of the two draws
    /// onto a cleared row, for `.source`).
    @Test("the channel split equals two single passes", arguments: [SpanKernels.Operator.source, .over, .add])
    func channelSplitEqualsTwoPasses(op: SpanKernels.Operator) {
        var random = SeededRandom(seed: 93)
        let selections: [(UInt32, UInt32)] = [(0xFFFF_0000, 0x0000_FFFF), (0x0000_FFFF, 0xFFFF_0000),
                                              (0xFF00_FF00, 0x00FF_00FF), (0xFFFF_FFFF, 0)]
        for trial in 0..<400 {
            let width = 1 + random.below(40), count = 1 + random.below(40)
            let pixels = (0..<(2 * width * 2)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let (keepA, keepB) = selections[trial % selections.count]
            func sampling(_ base: UnsafePointer<UInt32>) -> SpanKernels.Sampling {
                let wy = [0, 0, 64, 1 + random.below(127)][random.below(4)]
                let single = wy == 0 || random.below(5) == 0
                return SpanKernels.Sampling(top: base, bottom: base + width, width: width, column: random.below(21) - 10,
                                            wx: [0, 0, 64, 1 + random.below(127)][random.below(4)],
                                            wt: single ? 128 : 128 - wy, wb: single ? 0 : wy)
            }
            func columns() -> Range<Int> {
                let lo = random.below(count + 1)
                return lo..<(lo + random.below(count - lo + 1))
            }
            let destination = (0..<count).map { _ in
                op == .source ? 0 : UInt32(truncatingIfNeeded: random.next()) | (random.next() % 3 == 0 ? 0xFF00_0000 : 0)
            }
            var split = destination, layer = [UInt32](repeating: 0, count: count)
            pixels.withUnsafeBufferPointer { p in
                let a = SpanKernels.SplitSource(sampling: sampling(p.baseAddress!), select: keepA, columns: columns())
                let b = SpanKernels.SplitSource(sampling: sampling(p.baseAddress! + 2 * width), select: keepB,
                                                columns: columns())
                split.withUnsafeMutableBufferPointer { SpanKernels.drawSplitRow(a, b, op, into: $0.baseAddress!, count: count) }
                layer.withUnsafeMutableBufferPointer { d in
                    for (source, first) in [(a, SpanKernels.Operator.source), (b, .add)] where !source.columns.isEmpty {
                        var shifted = source.sampling
                        shifted.column += source.columns.lowerBound
                        SpanKernels.drawRow(shifted, tint: nil, mask: .select(source.select), first,
                                            into: d.baseAddress! + source.columns.lowerBound, count: source.columns.count)
                    }
                }
            }
            let combine = SpanKernels.Combiner(op, .none)
            let twice = zip(layer, destination).map { combine.scalar($0, $1) }
            if split != twice {
                Issue.record("\(op) trial \(trial): \(split.map(hex)) vs \(twice.map(hex))")
                return
            }
        }
    }
}
