import SegueBasics
import SegueCompositor
import Testing
@testable import SegueImageIO

/// The Y'CbCr definitions against values worked out by hand from the
/// standards, and the fixed-point encoder against the closed form for each.
@Suite struct YCbCrTests {
    @Test func bt601AndFullRangeHitTheirCodes() {
        #expect(YCbCr.bt601.encode(r: 255, g: 255, b: 255) == (235, 128, 128))
        // BT.601 red: Y' = 16 + 219 · 0.299 = 81.48; Cr reaches 240.
        #expect(YCbCr.bt601.encode(r: 255, g: 0, b: 0) == (81, 90, 240))
        let full = YCbCr.bt601.with(.full)
        #expect(full.encode(r: 0, g: 0, b: 0) == (0, 128, 128))
        #expect(full.encode(r: 255, g: 255, b: 255) == (255, 128, 128))
        // Y' = 255 · 0.299 = 76.2; Cb = 128 − 127.5 · 0.299 / 0.886 = 84.97; Cr = 128 + 127.5 → 255.
        #expect(full.encode(r: 255, g: 0, b: 0) == (76, 85, 255))
    }

    @Test(arguments: [YCbCr.bt709, .bt601, YCbCr.bt709.with(.full), YCbCr.bt601.with(.full)])
    func theEncoderMatchesTheClosedFormWithinOne(matrix: YCbCr) throws {
        let surface = try Surface(width: 16, height: 2)
        var random = SeededRandom(seed: 11)
        for x in 0..<16 {
            let grey = UInt32(random.below(256))
            for y in 0..<2 { surface[x, y] = 0xFF00_0000 | grey << 16 | grey << 8 | grey }
        }
        let encoder = YUV420Encoder(width: 16, height: 2, matrix: matrix)
        var planes = [UInt8](repeating: 0, count: encoder.planeBytes)
        planes.withUnsafeMutableBufferPointer { encoder.convert(surface, into: $0.baseAddress!) }
        for x in 0..<16 {
            let grey = UInt8(surface[x, 0] & 0xFF)
            let reference = matrix.encode(r: grey, g: grey, b: grey)
            #expect(abs(Int(planes[x]) - Int(reference.y)) <= 1, "x \(x)")
        }
        // Greys have no chroma in any of them.
        #expect(planes[32...].allSatisfy { abs(Int($0) - 128) <= 1 })
    }
}
