import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

struct BadTransform: Sendable, CustomTestStringConvertible {
    let name: String
    let transform: AffineTransform
    var testDescription: String { name }

    static let all: [BadTransform] = [
        BadTransform(name: "NaN scale", transform: AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
        BadTransform(name: "NaN translation", transform: .translation(x: 3, y: .nan)),
        BadTransform(name: "infinite translation", transform: .translation(x: .infinity, y: 0)),
        BadTransform(name: "infinite scale", transform: .scale(x: -.infinity, y: 1)),
        BadTransform(name: "zero determinant (collapsed x)", transform: .scale(x: 0, y: 1)),
        BadTransform(name: "zero determinant (shear to a line)", transform: AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 5)),
        BadTransform(name: "all zero", transform: AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 10, ty: 10)),
        BadTransform(name: "determinant 1e-26", transform: .scale(x: 1e-13, y: 1e-13)),
        BadTransform(name: "huge translation", transform: .translation(x: 1e12, y: -1e12)),
        BadTransform(name: "huge integer translation", transform: .translation(x: 4_294_967_296, y: 0)),
        BadTransform(name: "huge scale", transform: .scale(x: 1e6, y: 1e6).concatenating(.translation(x: -5e6, y: -5e6))),
        BadTransform(name: "greatest finite", transform: .scale(x: .greatestFiniteMagnitude, y: .greatestFiniteMagnitude)),
    ]
}

@Suite("Robustness")
struct RobustnessTests {
    static let surface = noiseSurface(width: 40, height: 30, seed: 201)

    @Test("broken transforms do not crash, and the rest of the picture still draws", arguments: BadTransform.all)
    func badTransforms(_ bad: BadTransform) throws {
        let fill = DrawItem(source: .color(.white), clip: .rect(Rect(x: 2, y: 2, width: 4, height: 4)))
        var circle = Path()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 30, height: 30))
        let picture = Picture([
            DrawItem(source: .surface(Self.surface), transform: bad.transform),
            DrawItem(source: .surface(Self.surface), transform: bad.transform, clip: .path(circle, .nonZero), opacity: 0.5,
                     tint: .white),
            DrawItem(source: .picture(Picture([fill, fill])), transform: bad.transform, opacity: 0.5),
            DrawItem(source: .color(.white), transform: bad.transform, clip: .path(circle, .evenOdd)),
            fill,
        ])
        let target = try render(picture, width: 64, height: 48, threads: 2)
        #expect(target[3, 3] == 0xFFFF_FFFF)
    }

    @Test("transforms that collapse the plane or are not finite draw nothing")
    func collapsedDrawsNothing() throws {
        for bad in BadTransform.all.prefix(8) {
            let target = try render(Picture([DrawItem(source: .surface(Self.surface), transform: bad.transform)]), width: 64, height: 48)
            #expect(target.hasSamePixels(as: filledSurface(width: 64, height: 48, pixel: 0)), "\(bad.name)")
        }
    }

    @Test("opacity NaN, infinite or negative draws nothing", arguments: [Double.nan, .infinity, -.infinity, -0.5, 0])
    func badOpacity(_ opacity: Double) throws {
        let picture = Picture([
            DrawItem(source: .surface(Self.surface), opacity: opacity),
            DrawItem(source: .color(.white), clip: .rect(Rect(x: 0, y: 0, width: 8, height: 8)), opacity: opacity),
            DrawItem(source: .picture(Picture([DrawItem(source: .surface(Self.surface), opacity: 0.5)])), opacity: opacity),
            DrawItem(source: .picture(Picture([DrawItem(source: .surface(Self.surface), opacity: opacity)])), opacity: 0.5),
        ])
        let target = try render(picture, width: 40, height: 30)
        #expect(target.hasSamePixels(as: filledSurface(width: 40, height: 30, pixel: 0)))
        // A canvas does not even record it, except +∞, which it clamps to 1 as documented.
        var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: 4, height: 4), content: Picture())
        canvas.draw(Self.surface, opacity: opacity)
        canvas.drawContent(opacity: opacity)
        #expect(canvas.picture.items.map(\.opacity) == (opacity == .infinity ? [1, 1] : []))
    }

    @Test("opacity above 1 counts as 1 at every level of nesting", arguments: [1.5, 2, 1e300])
    func opacityAboveOne(_ opacity: Double) throws {
        let plain = Picture([DrawItem(source: .surface(Self.surface), opacity: 0.5)])
        let boosted = Picture([DrawItem(source: .picture(Picture([DrawItem(source: .surface(Self.surface), opacity: 0.5)])),
                                        opacity: opacity)])
        let innerBoost = Picture([DrawItem(source: .picture(Picture([DrawItem(source: .surface(Self.surface), opacity: opacity)])),
                                           opacity: 0.5)])
        let expected = try render(plain, width: 40, height: 30)
        #expect(difference(try render(boosted, width: 40, height: 30), expected).count == 0)
        #expect(difference(try render(innerBoost, width: 40, height: 30), expected).count == 0)
        // Through a canvas, values are clamped as documented.
        var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: 4, height: 4), content: Picture())
        canvas.draw(Self.surface, opacity: opacity)
        #expect(canvas.picture.items.map(\.opacity) == [1])
    }

    @Test("non-finite colours and tints are clamped, not propagated")
    func badColours() throws {
        let nanColor = Color(red: .nan, green: .infinity, blue: -1, alpha: .nan)
        let picture = Picture([
            DrawItem(source: .color(nanColor), clip: .rect(Rect(x: 0, y: 0, width: 4, height: 4))),
            DrawItem(source: .color(Color(red: 2, green: .nan, blue: 0.5, alpha: 1)), clip: .rect(Rect(x: 4, y: 0, width: 4, height: 4))),
            DrawItem(source: .surface(Self.surface), transform: .translation(x: 0, y: 4), tint: nanColor),
        ])
        let target = try render(picture, width: 8, height: 8, background: nanColor)
        #expect(target[1, 1] == 0)
        #expect(target[5, 1] == 0xFFFF_0080)
        #expect(target[1, 6] == 0)
    }

    @Test("a 1×1 target")
    func onePixel() throws {
        let red = filledSurface(width: 8, height: 8, pixel: 0xFFFF_0000)
        let covered = try render(Picture([DrawItem(source: .surface(red), transform: .rotation(0.3).concatenating(.translation(x: -2, y: -3)))]),
                                 width: 1, height: 1)
        #expect(covered[0, 0] == 0xFFFF_0000)
        let half = try render({ $0.fill(Rect(x: 0.25, y: 0, width: 0.5, height: 1), with: .white) }, width: 1, height: 1)
        #expect(abs(alpha(half[0, 0]) - 128) <= 15)
        var dot = Path()
        dot.addEllipse(in: Rect(x: 0, y: 0, width: 1, height: 1))
        let disc = try render({ $0.fill(dot, with: .white); $0.draw(Picture([DrawItem(source: .surface(red))]), opacity: 0.5) },
                              width: 1, height: 1, background: .black, threads: 4)
        #expect(alpha(disc[0, 0]) == 255)
    }

    @Test("a 4000×1 target")
    func oneRow() throws {
        let picture = Picture([
            DrawItem(source: .color(.white), clip: .rect(Rect(x: 0.5, y: 0, width: 3999, height: 1))),
            DrawItem(source: .surface(Self.surface), transform: .rotation(0.1).concatenating(.translation(x: 1000.5, y: -10)), opacity: 0.7),
        ])
        let target = try render(picture, width: 4000, height: 1, threads: 4)
        #expect(abs(alpha(target[0, 0]) - 128) <= 15 && abs(alpha(target[3999, 0]) - 128) <= 15)
        #expect(target[1, 0] == 0xFFFF_FFFF && target[3998, 0] == 0xFFFF_FFFF)
        #expect(target[500, 0] == 0xFFFF_FFFF)
    }

    @Test("a picture of 10 000 items: every item lands, in reasonable time")
    func tenThousandItems() throws {
        var items: [DrawItem] = []
        var expected = [UInt32](repeating: 0, count: 100 * 100)
        for i in 0..<10_000 {
            let x = i % 100, y = i / 100
            let color = color8(i % 256, (i / 7) % 256, 255, 255)
            items.append(DrawItem(source: .color(color), clip: .rect(Rect(x: Double(x), y: Double(y), width: 1, height: 1))))
            expected[i] = expectedPixel(color)
        }
        let clock = ContinuousClock()
        var target: Surface!
        let elapsed = try clock.measure { target = try render(Picture(items), width: 100, height: 100, threads: 2) }
        var wrong = 0
        for i in 0..<10_000 where target[i % 100, i / 100] != expected[i] { wrong += 1 }
        #expect(wrong == 0)
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test("10 000 anti-aliased, transformed items complete in reasonable time")
    func tenThousandComplexItems() throws {
        var random = SeededRandom(seed: 7)
        let small = noiseSurface(width: 12, height: 9, seed: 202)
        var items: [DrawItem] = []
        for i in 0..<10_000 {
            let x = random.unit() * 400, y = random.unit() * 300
            if i % 2 == 0 {
                items.append(DrawItem(source: .surface(small),
                                      transform: .rotation(random.unit() * 6).concatenating(.translation(x: x, y: y)),
                                      opacity: 0.5 + random.unit() / 2))
            } else {
                var p = Path()
                p.addEllipse(in: Rect(x: x, y: y, width: 3 + random.unit() * 10, height: 3 + random.unit() * 10))
                items.append(DrawItem(source: .color(Color(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: 0.8)),
                                      clip: .path(p, .nonZero)))
            }
        }
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try render(Picture(items), width: 400, height: 300, threads: 2) }
        #expect(elapsed < .seconds(20), "took \(elapsed)")
    }

    @Test("200 nested single-item pictures fold into one primitive and land where the transforms say")
    func deepSingleChain() throws {
        let white = filledSurface(width: 4, height: 4, pixel: 0xFFFF_FFFF)
        var item = DrawItem(source: .surface(white))
        for _ in 0..<200 { item = DrawItem(source: .picture(Picture([item])), transform: .translation(x: 1, y: 0)) }
        let picture = Picture([item])
        #expect(try Flattener.primitives(of: picture).count == 1)
        let target = try render(picture, width: 210, height: 4)
        #expect(target[199, 1] == 0 && target[200, 1] == 0xFFFF_FFFF && target[203, 1] == 0xFFFF_FFFF && target[204, 1] == 0)
    }

    /// `levels` groups nested in one another, each faded (so a layer) and moved a little, round a white square.
    static func nestedGroups(_ levels: Int) -> Picture {
        var picture = Picture([DrawItem(source: .color(.white), clip: .rect(Rect(x: 20, y: 20, width: 10, height: 10)))])
        for level in 0..<levels {
            let color = Color(red: Double(level % 7) / 6, green: 0.5, blue: 1, alpha: 1)
            picture = Picture([
                DrawItem(source: .color(color), clip: .rect(Rect(x: Double(level % 50), y: 0, width: 1, height: 10))),
                DrawItem(source: .picture(picture), transform: .translation(x: 0.25, y: 0.125), opacity: 0.99),
            ])
        }
        return picture
    }

    @Test("groups nested as deep as allowed render, the same on one thread and on four; one more is refused")
    func deepGroups() throws {
        let deepest = RenderBudget.maximumLayerDepth
        let picture = Self.nestedGroups(deepest + 1)  // the innermost picture has one item: inlined
        var depth = 0
        var level = try Flattener.primitives(of: picture)
        while let group = level.first(where: \.isGroup) { depth += 1; level = group.children }
        #expect(depth == deepest)
        let one = try render(picture, width: 128, height: 100, threads: 1)
        let four = try render(picture, width: 128, height: 100, threads: 4)
        #expect(difference(one, four).count == 0)
        // The innermost white square, moved by 33 × (0.25, 0.125) to (28.25, 24.125), went through
        // 33 fades of 0.99 (32 layers, and the outermost group drawn in place), each a mask byte of
        // 252 applied with pixman's rounded a·b/255.
        var expected = 255
        for _ in 0...deepest { let t = expected * 252 + 0x80; expected = ((t >> 8) + t) >> 8 }
        #expect(expected == 174)   // not 255 · 0.99³³ ≈ 183: rounding at every level adds up
        #expect(one[33, 29] == UInt32(expected) * 0x0101_0101, "got \(hex(one[33, 29]))")
        #expect(one[33, 40] == 0)
        #expect(throws: SegueError.self) { try Flattener.primitives(of: Self.nestedGroups(deepest + 2)) }
        do {
            _ = try render(Self.nestedGroups(deepest + 2), width: 128, height: 100)
            Issue.record("one layer too deep was drawn")
        } catch let error as SegueError {
            #expect(error.code == .overBudget && error.message.contains("nest more than \(deepest) deep"))
        }
    }

    @Test("the deepest nesting allowed, layers and blurs in turn, renders on a thread with a 256 KB stack")
    func deepNestingOnASmallStack() throws {
        let image = noiseSurface(width: 64, height: 48, seed: 7)
        var picture = Picture([DrawItem(source: .surface(image))])
        for level in 0..<RenderBudget.maximumLayerDepth {
            let item = level % 2 == 0
                ? DrawItem(source: .picture(picture), blur: Blur(radius: 0.5))
                : DrawItem(source: .picture(Picture([DrawItem(source: .picture(picture)),
                                                     DrawItem(source: .surface(image), opacity: 0.5)])), opacity: 0.9)
            picture = Picture([item])
        }
        let deep = picture
        let onSmallStack = try onThread(stackSize: 256 * 1024) { try render(deep, width: 64, height: 48, threads: 1) }
        let onMain = try render(deep, width: 64, height: 48, threads: 1)
        #expect(difference(onSmallStack, onMain).count == 0)
        #expect(onMain[32, 24] != 0)
    }
}
