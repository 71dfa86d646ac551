import SegueBasics
import Testing
@testable import SegueCompositor

/// Nearest sampling (`segue_draw.filter`, `SamplingFilter.nearest`) against
/// closed forms: a whole-number upscale repeats every pixel in a block, a
/// half-pixel shift picks one neighbour, and whole-pixel moves are the same
/// with either filter.
@Suite struct SamplingFilterTests {
    let source = noiseSurface(width: 24, height: 16, seed: 7)

    func render(_ transform: AffineTransform, _ filter: SamplingFilter, nested: Bool = false,
                threads: Int = 1) throws -> Surface {
        let target = try Surface(width: 96, height: 64)
        var recorder = PictureRecorder(frame: target.bounds.rect, content: Picture())
        if nested {
            var inner = PictureRecorder(frame: target.bounds.rect, content: Picture())
            inner.draw(source, transform: transform)
            inner.draw(source, transform: transform.translatedBy(x: 0, y: 40), opacity: 0.5)
            recorder.draw(inner.picture, transform: .identity, crop: nil, clip: nil, opacity: 1, tint: nil,
                          channels: nil, blend: .normal, filter: filter)
        } else {
            recorder.draw(source, transform: transform, filter: filter)
        }
        try Compositor(threads: threads).render(recorder.picture, background: .clear, into: target)
        return target
    }

    @Test(arguments: [false, true])
    func aWholeNumberUpscaleRepeatsEveryPixel(nested: Bool) throws {
        let output = try render(.scale(3), .nearest, nested: nested)
        for y in 0..<(nested ? 40 : 48) {
            for x in 0..<72 {
                #expect(output[x, y] == source[x / 3, y / 3], "pixel (\(x), \(y))")
            }
        }
        let smooth = try render(.scale(3), .bilinear)
        #expect(!smooth.hasSamePixels(as: output))
    }

    @Test func aShiftByPartOfAPixelPicksTheNearestPixel() throws {
        // Device pixel x samples source x − 0.25 at its centre, which is nearest to source x.
        let output = try render(.translation(x: 0.25, y: 0.75), .nearest)
        for y in 1..<16 {
            for x in 0..<24 {
                #expect(output[x, y] == source[x, y - 1], "pixel (\(x), \(y))")
            }
        }
    }

    @Test func wholePixelMovesAreTheSameEitherWay() throws {
        let move = AffineTransform.translation(x: 5, y: -3)
        #expect(try render(move, .nearest).hasSamePixels(as: try render(move, .bilinear)))
    }

    @Test func bandsAndThreadsDoNotChangeAByte() throws {
        let turn = AffineTransform.rotation(0.3, about: Point(x: 12, y: 8)).scaledBy(x: 2.5, y: 2.5)
        #expect(try render(turn, .nearest, threads: 1).hasSamePixels(as: try render(turn, .nearest, threads: 4)))
    }
}
