import SegueBasics
import Testing
@testable import SegueCompositor

@Suite struct MipmapTests {
    @Test("the mean of four pixels is each channel's rounded mean, for every byte pattern tried")
    func meanIsTheRoundedMean() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        for _ in 0..<20_000 {
            let p = (next(), next(), next(), next())
            let got = Mipmap.mean(p.0, p.1, p.2, p.3)
            for shift in [0, 8, 16, 24] as [UInt32] {
                let sum = [p.0, p.1, p.2, p.3].map { ($0 >> shift) & 0xFF }.reduce(0, +)
                #expect((got >> shift) & 0xFF == (sum + 2) / 4)
            }
        }
        #expect(Mipmap.mean(0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF) == 0xFFFF_FFFF)
    }

    @Test("halving keeps premultiplied pixels valid and repeats the edge of odd sizes")
    func halving() throws {
        let source = try Surface(width: 5, height: 3)
        for y in 0..<3 {
            for x in 0..<5 {
                let a = UInt32(40 * (x + y) + 15)
                source[x, y] = a << 24 | (a / 2) << 16 | (a / 3) << 8 | (a / 5)
            }
        }
        let half = try Mipmap.halve(source, region: source.bounds, across: true, down: true)
        #expect(half.width == 3 && half.height == 2)
        // The last column is the mean of column 4 with itself, rows 0 and 1.
        #expect(half[2, 0] == Mipmap.mean(source[4, 0], source[4, 0], source[4, 1], source[4, 1]))
        // The last row is row 2 with itself.
        #expect(half[0, 1] == Mipmap.mean(source[0, 2], source[1, 2], source[0, 2], source[1, 2]))
        for y in 0..<2 {
            for x in 0..<3 {
                let p = half[x, y], a = p >> 24
                #expect((p >> 16) & 0xFF <= a && (p >> 8) & 0xFF <= a && p & 0xFF <= a)
            }
        }
        let across = try Mipmap.halve(source, region: source.bounds, across: true, down: false)
        #expect(across.width == 3 && across.height == 3)
    }

    @Test("halving in blocks on three threads gives the pixels halving on one does")
    func halvingOnThreads() throws {
        let source = noiseSurface(width: 301, height: 203, seed: 9)
        let region = PixelRect(x0: 3, y0: 1, x1: 300, y1: 203)
        let pool = WorkerPool(threads: 3)
        for (across, down) in [(true, true), (true, false), (false, true)] {
            let serial = try Mipmap.halve(source, region: region, across: across, down: down)
            let threaded = try Mipmap.halve(source, region: region, across: across, down: down, forEach: pool.forEach)
            #expect(difference(threaded, serial).count == 0, "across \(across), down \(down)")
        }
    }

    @Test("only downscales beyond 2× halve, each axis on its own")
    func halvingCounts() {
        #expect(Mipmap.halvings(for: .scale(x: 0.5, y: 0.5)) == (0, 0))
        #expect(Mipmap.halvings(for: .scale(x: 0.3, y: 1)) == (1, 0))
        #expect(Mipmap.halvings(for: .scale(x: 0.1, y: -0.1)) == (3, 3))
        #expect(Mipmap.halvings(for: .rotation(0.3).concatenating(.scale(x: 0.1, y: 0.1))) == (0, 0))
        #expect(Mipmap.halvings(for: .scale(x: 0, y: 1)) == (0, 0))
    }

    @Test("a one-pixel checker drawn at 1/8 comes out as even grey, not aliased")
    func noAliasing() throws {
        let checker = try Surface(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 { checker[x, y] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } }
        let target = try Surface(width: 32, height: 32)
        try Compositor(threads: 1).render(Picture([DrawItem(source: .surface(checker),
                                                            transform: .scale(x: 0.125, y: 0.125))]),
                                          background: .clear, into: target)
        for y in 2..<30 {
            for x in 2..<30 {
                let grey = Int((target[x, y] >> 8) & 0xFF)
                #expect(abs(grey - 128) <= 2, "pixel (\(x), \(y)) is \(grey), not grey")
            }
        }
    }

    @Test("a downscaled image is drawn where the original would be, fast paths or not")
    func placement() throws {
        let source = try Surface(width: 200, height: 100)
        source.fill(0xFF20_4060)
        let picture = Picture([DrawItem(source: .surface(source),
                                        transform: .scale(x: 0.2, y: 0.2).concatenating(.translation(x: 7, y: 5)),
                                        crop: Rect(x: 10, y: 10, width: 180, height: 80))])
        let fast = try Surface(width: 60, height: 40), general = try Surface(width: 60, height: 40)
        try Compositor(threads: 1).render(picture, background: .clear, into: fast)
        try Compositor(threads: 1, fastPaths: false).render(picture, background: .clear, into: general)
        #expect(fast.hasSamePixels(as: general))
        // The 180×80 crop at 0.2 covers 36×16 pixels from (7, 5): its inside is solid, outside empty.
        #expect(fast[7 + 18, 5 + 8] == 0xFF20_4060)
        #expect(fast[3, 3] == 0 && fast[7 + 40, 5 + 8] == 0)
    }
}
