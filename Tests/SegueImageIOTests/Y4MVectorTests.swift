import Glibc
import SegueBasics
import SegueCompositor
import Testing

@testable import SegueImageIO

/// The YUV4MPEG2 conversion's SSE2 steps against its scalar functions: the
/// same bytes in every plane, whatever the size, content or position.
struct Y4MVectorTests {
    /// The three planes of `surface`, converted with or without the vector steps.
    static func planes(_ surface: Surface, vectorized: Bool) -> [UInt8] {
        let converter = YUV420Encoder(width: surface.width, height: surface.height)
        var bytes = [UInt8](repeating: 0xA5, count: converter.planeBytes)
        bytes.withUnsafeMutableBufferPointer { converter.convert(surface, into: $0.baseAddress!, vectorized: vectorized) }
        return bytes
    }

    @Test func theVectorStepsExistHere() {
        #if arch(x86_64)
        #expect(YUV420Encoder(width: 2, height: 2).vectorSteps != nil)
        #endif
    }

    /// Every level of every channel meets every lane: a surface of 2¹⁸ colours
    /// (each channel in steps of 4, and 255), premultiplied or not.
    @Test func aGridThroughTheColourCubeConvertsAlike() throws {
        let levels = Array(stride(from: UInt32(0), through: 252, by: 4)) + [255]
        let colours = levels.flatMap { r in levels.flatMap { g in levels.map { b in argb(255, r, g, b) } } }
        let width = 512
        let surface = try makeSurface(width: width, height: (colours.count + width - 1) / width) { x, y in
            let i = y * width + x
            return i < colours.count ? colours[i] : 0
        }
        #expect(Self.planes(surface, vectorized: true) == Self.planes(surface, vectorized: false))
    }

    /// Random pixels (alpha ignored, colours above it included) at sizes that
    /// leave every remainder of the eight-pixel steps, odd heights included.
    @Test(arguments: [(1, 1), (7, 3), (8, 2), (9, 5), (15, 4), (16, 1), (17, 9), (33, 6), (1920, 4), (1921, 3)])
    func randomPixelsConvertAlike(width: Int, height: Int) throws {
        var state: UInt64 = UInt64(width * 1000 + height)
        let surface = try makeSurface(width: width, height: height) { _, _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 24)
        }
        #expect(Self.planes(surface, vectorized: true) == Self.planes(surface, vectorized: false))
    }
}
