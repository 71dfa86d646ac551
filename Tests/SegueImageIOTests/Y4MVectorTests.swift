import Glibc
import SegueBasics
import SegueCompositor
import Testing

@testable import SegueImageIO

/// The YUV4MPEG2 conversion's SSE2 steps against its scalar functions: the
/// same bytes in every plane, whatever the size, content or position.
struct Y4MVectorTests {
    /// The three planes of `surface`, converted with or without the vector steps.
    /// The instructions a conversion may use.
    enum Steps: CaseIterable { case scalar, sse2, best }

    static func planes(_ surface: Surface, _ steps: Steps, matrix: YCbCr = .bt709,
                       loop: ParallelLoop = serially) -> [UInt8] {
        let converter = YUV420Encoder(width: surface.width, height: surface.height, matrix: matrix)
        var bytes = [UInt8](repeating: 0xA5, count: converter.planeBytes)
        let vector: YUV420Encoder.VectorSteps? = switch steps {
        case .scalar: nil
        case .sse2: YUV420Encoder.VectorSteps(converter, avx2: false)
        case .best: converter.vectorSteps
        }
        bytes.withUnsafeMutableBufferPointer { converter.convert(surface, into: $0.baseAddress!, steps: vector, loop: loop) }
        return bytes
    }

    /// The planes of every kind of step, which must all be the scalar's.
    static func expectAlike(_ surface: Surface, matrix: YCbCr = .bt709,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let scalar = planes(surface, .scalar, matrix: matrix)
        #expect(planes(surface, .sse2, matrix: matrix) == scalar, "SSE2", sourceLocation: sourceLocation)
        #expect(planes(surface, .best, matrix: matrix) == scalar, "AVX2 where it runs", sourceLocation: sourceLocation)
    }

    @Test func theVectorStepsExistHere() {
        #if arch(x86_64)
        #expect(YUV420Encoder(width: 2, height: 2).vectorSteps != nil)
        // Every processor CI runs on here has AVX2; the kernel must not be skipped unnoticed.
        #expect(YUV420Encoder(width: 2, height: 2).vectorSteps?.wide != nil || !Processor.hasAVX2)
        #endif
    }

    /// Every level of every channel meets every lane: a surface of 2¹⁸ colours
    /// (each channel in steps of 4, and 255), premultiplied or not.
    @Test(arguments: [YCbCr.bt709, .bt601])
    func aGridThroughTheColourCubeConvertsAlike(matrix: YCbCr) throws {
        let levels = Array(stride(from: UInt32(0), through: 252, by: 4)) + [255]
        let colours = levels.flatMap { r in levels.flatMap { g in levels.map { b in argb(255, r, g, b) } } }
        let width = 512
        let surface = try makeSurface(width: width, height: (colours.count + width - 1) / width) { x, y in
            let i = y * width + x
            return i < colours.count ? colours[i] : 0
        }
        Self.expectAlike(surface, matrix: matrix)
    }

    /// Random pixels (alpha ignored, colours above it included) at sizes that
    /// leave every remainder of the eight-pixel steps, odd heights included.
    @Test(arguments: [(1, 1), (7, 3), (8, 2), (9, 5), (15, 4), (16, 1), (17, 9), (24, 2), (31, 3), (33, 6), (1920, 4),
                      (1921, 3)])
    func randomPixelsConvertAlike(width: Int, height: Int) throws {
        var state: UInt64 = UInt64(width * 1000 + height)
        let surface = try makeSurface(width: width, height: height) { _, _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 24)
        }
        Self.expectAlike(surface)
    }

    /// Bands on four threads, and bands in reverse order, give the bytes of
    /// one pass (odd heights put the repeated row in the last band).
    @Test(arguments: [(1920, 1080), (641, 359), (64, 33)])
    func bandsOnThreadsConvertAlike(width: Int, height: Int) throws {
        var state: UInt64 = UInt64(width * 7 + height)
        let surface = try makeSurface(width: width, height: height) { _, _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 24)
        }
        let whole = Self.planes(surface, .best)
        let compositor = Compositor(threads: 4)
        #expect(Self.planes(surface, .best, loop: compositor.concurrently) == whole)
        #expect(Self.planes(surface, .best) { count, body in
            for i in (0..<count).reversed() { body(i) }
        } == whole)
    }
}
