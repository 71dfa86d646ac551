import SegueBasics
import Testing
@testable import SegueCompositor

/// A scaled image keeps its own edge: its outermost rows and columns are its
/// edge pixels, not a blend of them with transparency over the width of a
/// source pixel (a dark line round an upscaled clip over black, a light one
/// over white). The fast paths give pixman's bytes for it.
@Suite struct ScaledEdgeTests {
    /// Solid #C86432, opaque.
    static let orange: UInt32 = 0xFFC8_6432

    /// `image` drawn scaled by (`sx`, `sy`) and moved to (`x`, `y`).
    static func placed(_ image: Surface, _ sx: Double, _ sy: Double, at x: Double, _ y: Double) -> Picture {
        Picture([DrawItem(source: .surface(image), transform: AffineTransform.scale(x: sx, y: sy)
            .concatenating(.translation(x: x, y: y)))])
    }

    /// A pixel's channel `i` (0 blue … 3 alpha).
    static func channel(_ p: UInt32, _ i: Int) -> Int { Int((p >> UInt32(8 * i)) & 0xFF) }

    /// The largest difference between two pixels' channels.
    static func channelsDiffer(_ a: UInt32, _ b: UInt32) -> Int {
        var most = 0
        for i in 0..<4 { most = max(most, abs(channel(a, i) - channel(b, i))) }
        return most
    }

    /// The mean of two pixels, channel by channel, rounded.
    static func half(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var mean: UInt32 = 0
        for i in 0..<4 { mean |= UInt32((channel(a, i) + channel(b, i) + 1) / 2) << UInt32(8 * i) }
        return mean
    }

    @Test("an opaque picture upscaled ×1.5, ×2.25, ×3.6, and a 1×1 one, is its colour to its edge",
          arguments: [(64, 36, 1.5), (64, 36, 2.25), (40, 30, 3.6), (1, 1, 50.0)])
    func upscaledEdges(width: Int, height: Int, scale: Double) throws {
        let image = filledSurface(width: width, height: height, pixel: Self.orange)
        let side = (Int((Double(width) * scale).rounded(.up)) + 8, Int((Double(height) * scale).rounded(.up)) + 8)
        // At (4, 4): whole-pixel edges where the scaled size is whole.
        let picture = Self.placed(image, scale, scale, at: 4, 4)
        let target = try render(picture, width: side.0, height: side.1)
        let right = 4 + Int((Double(width) * scale).rounded(.down)) - 1
        let bottom = 4 + Int((Double(height) * scale).rounded(.down)) - 1
        for (x, y) in [(4, 4), (right, 4), (4, bottom), (right, bottom), (4, side.1 / 2), (side.0 / 2, 4)] {
            #expect(target[x, y] == Self.orange, "(\(x), \(y)) is \(hex(target[x, y]))")
        }
        #expect(target[3, side.1 / 2] == 0 && target[side.0 / 2, 3] == 0, "nothing outside")
        // The fast paths draw it as pixman does, on one thread and three.
        for threads in [1, 3] {
            let d = try fastPathDifference(picture, width: side.0, height: side.1, threads: threads)
            #expect(d.count == 0, "\(threads) threads: \(d)")
        }
    }

    @Test("magnified so far that the whole output lies within its edge pixels, it is their colour",
          arguments: [(0.0, 0.0), (-23_700.0, 0.0), (0.0, -15_700.0)])
    func magnifiedWithinTheEdge(x: Double, y: Double) throws {
        // 24 × 16 scaled ×1000: each output pixel samples less than a source pixel's half from the picture's
        // corner or side, so every column of a row is an edge column (the `.scale(scale: 1000)` corner).
        let image = filledSurface(width: 24, height: 16, pixel: Self.orange)
        image[0, 0] = 0xFF10_2030
        image[23, 0] = 0xFF40_5060
        image[0, 15] = 0xFF70_8090
        let picture = Self.placed(image, 1000, 1000, at: x, y)
        let target = try render(picture, width: 20, height: 13)
        let corner = x == 0 && y == 0 ? image[0, 0] : x != 0 ? image[23, 0] : image[0, 15]
        for (px, py) in [(0, 0), (19, 0), (0, 12), (19, 12), (9, 6)] {
            #expect(target[px, py] == corner, "(\(px), \(py)) is \(hex(target[px, py]))")
        }
        for threads in [1, 3] {
            let d = try fastPathDifference(picture, width: 20, height: 13, threads: threads)
            #expect(d.count == 0, "\(threads) threads: \(d)")
        }
    }

    @Test("a fractional edge is the picture's colour at the pixel's coverage, over black and over white")
    func fractionalEdges() throws {
        let image = filledSurface(width: 40, height: 30, pixel: Self.orange)
        // 40 × 2.25 = 90 wide from x = 3.5: the first and last columns are half covered.
        let picture = Self.placed(image, 2.25, 2.25, at: 3.5, 4)
        for background in [Color.black, Color.white] {
            let target = try render(picture, width: 100, height: 80, background: background)
            let inside = target[50, 40]
            #expect(inside == Self.orange | 0xFF00_0000)
            // Half of the picture over half of the background, within what pixman's coverage of a clip's
            // edge allows: it samples 17 points across a pixel, so half is 8/17 or 9/17 (±8 levels).
            let bg: UInt32 = background == .black ? 0xFF00_0000 : 0xFFFF_FFFF
            for edge in [3, 93] {
                #expect(Self.channelsDiffer(target[edge, 40], Self.half(Self.orange, bg)) <= 8,
                        "column \(edge) over \(background): \(hex(target[edge, 40]))")
            }
            #expect(target[4, 40] == inside && target[92, 40] == inside, "the columns inside the edge are whole")
            let d = try fastPathDifference(picture, width: 100, height: 80, background: background, threads: 2)
            #expect(d.count == 0, "\(d)")
        }
    }

    @Test("a transparent edge stays transparent: the picture's own edge is kept")
    func transparentEdge() throws {
        let image = filledSurface(width: 20, height: 20, pixel: Self.orange)
        for i in 0..<20 { image[i, 0] = 0; image[i, 19] = 0; image[0, i] = 0; image[19, i] = 0 }
        let target = try render(Self.placed(image, 3, 3, at: 0, 0), width: 60, height: 60)
        #expect(target[0, 30] == 0 && target[30, 0] == 0 && target[59, 30] == 0)
        #expect(target[30, 30] == Self.orange)
    }

    @Test("a turned picture is not padded: its edge is antialiased by the filter, as before")
    func turnedIsNotPadded() throws {
        let image = filledSurface(width: 20, height: 20, pixel: Self.orange)
        let picture = Picture([DrawItem(source: .surface(image), transform: AffineTransform.scale(x: 2, y: 2)
            .concatenating(.rotation(0.3, about: Point(x: 20, y: 20))).concatenating(.translation(x: 10, y: 10)))])
        #expect(try Flattener.primitives(of: picture).allSatisfy { !$0.padsEdges })
        #expect(try Flattener.primitives(of: Self.placed(image, 2, 2, at: 0, 0)).allSatisfy(\.padsEdges))
        #expect(try Flattener.primitives(of: Self.placed(image, 1, 1, at: 0.5, 0)).allSatisfy { !$0.padsEdges },
                "a moved picture is not scaled")
    }

    @Test("pieces of a scaled picture blend with their neighbours inside it, and pad at its own edge")
    func scaledPieces() throws {
        let image = noiseSurface(width: 16, height: 12, seed: 3, opaque: true)
        let scale = AffineTransform.scale(x: 3, y: 3)
        let whole = try render(Picture([DrawItem(source: .surface(image), transform: scale)]), width: 48, height: 36)
        let left = DrawItem(source: .surface(image), transform: scale, crop: Rect(x: 0, y: 0, width: 8, height: 12))
        let right = DrawItem(source: .surface(image), transform: scale, crop: Rect(x: 8, y: 0, width: 8, height: 12))
        let pieces = try render(Picture([left, right]), width: 48, height: 36)
        #expect(difference(pieces, whole).count == 0, "two halves at rest draw the whole")
    }
}
