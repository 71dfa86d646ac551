import Glibc
import SegueBasics
import SegueCompositor
import Testing

@testable import SegueImageIO

struct Y4MWriterTests {
    static let header4x2 = "YUV4MPEG2 W4 H2 F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n"

    /// The stream of `frames`, written at 30 fps.
    static func stream(_ frames: [Surface]) throws -> [UInt8] {
        try captureStream { file in
            let writer = try Y4MWriter(file: file, width: frames[0].width, height: frames[0].height, frameRate: FrameRate(30)!)
            for frame in frames { try writer.write(frame) }
            try writer.finish()
        }
    }

    /// The Y, Cb and Cr planes of the only frame of a stream.
    static func planes(of surface: Surface) throws -> (y: [UInt8], cb: [UInt8], cr: [UInt8]) {
        let bytes = try stream([surface])
        let headerEnd = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        let start = headerEnd + "FRAME\n".utf8.count
        let lumaCount = surface.width * surface.height
        let chromaCount = ((surface.width + 1) / 2) * ((surface.height + 1) / 2)
        #expect(bytes.count == start + lumaCount + 2 * chromaCount)
        let cbStart = start + lumaCount, crStart = cbStart + chromaCount
        return (Array(bytes[start..<cbStart]), Array(bytes[cbStart..<crStart]), Array(bytes[crStart...]))
    }

    static func solid(_ pixel: UInt32, width: Int = 4, height: Int = 2) throws -> Surface {
        try makeSurface(width: width, height: height) { _, _ in pixel }
    }

    @Test func theHeaderIsExact() throws {
        let bytes = try Self.stream([try Self.solid(0)])
        let header = Array(Self.header4x2.utf8)
        #expect(Array(bytes[..<header.count]) == header)
        #expect(Array(bytes[header.count..<(header.count + 6)]) == Array("FRAME\n".utf8))
        _ = try captureStream { file in
            let writer = try Y4MWriter(file: file, width: 4, height: 2, frameRate: FrameRate(30)!)
            #expect(writer.header == Self.header4x2)
        }
    }

    @Test func anNTSCRateIsWrittenAsItsRatio() throws {
        _ = try captureStream { file in
            let writer = try Y4MWriter(file: file, width: 4, height: 2, frameRate: FrameRate(frames: 30000, per: 1001)!)
            #expect(writer.header == "YUV4MPEG2 W4 H2 F30000:1001 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n")
        }
    }

    @Test func framesHaveTheExactSize() throws {
        let frame = try Self.solid(argb(255, 1, 2, 3), width: 5, height: 3)
        let bytes = try Self.stream([frame, frame, frame])
        let header = "YUV4MPEG2 W5 H3 F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n"
        let frameBytes = 6 + 5 * 3 + 2 * (3 * 2)
        #expect(bytes.count == header.utf8.count + 3 * frameBytes)
        for index in 0..<3 {
            let start = header.utf8.count + index * frameBytes
            #expect(Array(bytes[start..<(start + 6)]) == Array("FRAME\n".utf8))
        }
    }

    @Test func blackAndWhiteAreTheRangeEnds() throws {
        let black = try Self.planes(of: try Self.solid(argb(255, 0, 0, 0)))
        #expect(black.y == [UInt8](repeating: 16, count: 8))
        #expect(black.cb == [128, 128] && black.cr == [128, 128])
        let white = try Self.planes(of: try Self.solid(argb(255, 255, 255, 255)))
        #expect(white.y == [UInt8](repeating: 235, count: 8))
        #expect(white.cb == [128, 128] && white.cr == [128, 128])
        #expect(YCbCr.bt709.encode(r: 0, g: 0, b: 0) == (16, 128, 128))
        #expect(YCbCr.bt709.encode(r: 255, g: 255, b: 255) == (235, 128, 128))
    }

    @Test(arguments: [
        (255, 0, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128), (255, 255, 0), (12, 200, 99),
    ] as [(UInt8, UInt8, UInt8)])
    func solidColoursMatchTheReference(r: UInt8, g: UInt8, b: UInt8) throws {
        let planes = try Self.planes(of: try Self.solid(argb(255, UInt32(r), UInt32(g), UInt32(b))))
        let reference = YCbCr.bt709.encode(r: r, g: g, b: b)
        #expect(planes.y.allSatisfy { abs(Int($0) - Int(reference.y)) <= 1 }, "\(planes.y) vs \(reference.y)")
        #expect(planes.cb.allSatisfy { abs(Int($0) - Int(reference.cb)) <= 1 }, "\(planes.cb) vs \(reference.cb)")
        #expect(planes.cr.allSatisfy { abs(Int($0) - Int(reference.cr)) <= 1 }, "\(planes.cr) vs \(reference.cr)")
    }

    @Test func primariesHitTheirReferenceCodes() {
        // BT.709 limited range: the chroma of blue and red reach 240 exactly.
        #expect(YCbCr.bt709.encode(r: 0, g: 0, b: 255).cb == 240)
        #expect(YCbCr.bt709.encode(r: 255, g: 0, b: 0).cr == 240)
        #expect(YCbCr.bt709.encode(r: 255, g: 0, b: 0).y == 63)
        #expect(YCbCr.bt709.encode(r: 0, g: 255, b: 0).y == 173)
        #expect(YCbCr.bt709.encode(r: 0, g: 0, b: 255).y == 32)
    }

    /// Half-transparent red is premultiplied to (128, 0, 0): red over black.
    @Test func translucentPixelsAreCompositedOverBlack() throws {
        let translucent = try Self.planes(of: try Self.solid(argb(128, 128, 0, 0)))
        let overBlack = try Self.planes(of: try Self.solid(argb(255, 128, 0, 0)))
        #expect(translucent.y == overBlack.y && translucent.cb == overBlack.cb && translucent.cr == overBlack.cr)
        let reference = YCbCr.bt709.encode(r: 128, g: 0, b: 0)
        #expect(abs(Int(translucent.y[0]) - Int(reference.y)) <= 1)
        #expect(abs(Int(translucent.cb[0]) - Int(reference.cb)) <= 1)
        #expect(abs(Int(translucent.cr[0]) - Int(reference.cr)) <= 1)
        let transparent = try Self.planes(of: try Self.solid(0))
        #expect(transparent.y.allSatisfy { $0 == 16 })
    }

    /// 3×3: the last column and row are repeated into the edge blocks.
    @Test func oddSizesRepeatTheEdge() throws {
        let colours: [[(UInt8, UInt8, UInt8)]] = [
            [(255, 0, 0), (0, 255, 0), (0, 0, 255)],
            [(10, 20, 30), (200, 100, 50), (255, 255, 255)],
            [(0, 0, 0), (90, 180, 45), (33, 66, 99)],
        ]
        let surface = try makeSurface(width: 3, height: 3) { x, y in
            let (r, g, b) = colours[y][x]
            return argb(255, UInt32(r), UInt32(g), UInt32(b))
        }
        let planes = try Self.planes(of: surface)
        #expect(planes.y.count == 9 && planes.cb.count == 4 && planes.cr.count == 4)
        for y in 0..<3 {
            for x in 0..<3 {
                let (r, g, b) = colours[y][x]
                #expect(abs(Int(planes.y[y * 3 + x]) - Int(YCbCr.bt709.encode(r: r, g: g, b: b).y)) <= 1)
            }
        }
        for blockY in 0..<2 {
            for blockX in 0..<2 {
                let xs = [2 * blockX, min(2 * blockX + 1, 2)], ys = [2 * blockY, min(2 * blockY + 1, 2)]
                let block = ys.flatMap { y in xs.map { x in colours[y][x] } }
                let references = block.map { YCbCr.bt709.encode(r: $0.0, g: $0.1, b: $0.2) }
                let cb = Double(references.map { Int($0.cb) }.reduce(0, +)) / 4
                let cr = Double(references.map { Int($0.cr) }.reduce(0, +)) / 4
                #expect(abs(Double(planes.cb[blockY * 2 + blockX]) - cb) <= 1, "block \(blockX),\(blockY)")
                #expect(abs(Double(planes.cr[blockY * 2 + blockX]) - cr) <= 1, "block \(blockX),\(blockY)")
            }
        }
        // The corner block holds only the corner pixel.
        let corner = YCbCr.bt709.encode(r: 33, g: 66, b: 99)
        #expect(abs(Int(planes.cb[3]) - Int(corner.cb)) <= 1 && abs(Int(planes.cr[3]) - Int(corner.cr)) <= 1)
    }

    /// The fixed-point conversion against the double-precision reference on
    /// a grid through the whole RGB cube (every 5th level, ends included).
    @Test func fixedPointStaysWithinOneOfTheReference() {
        let converter = YUV420Encoder(width: 2, height: 2)
        let levels = Array(stride(from: 0, through: 255, by: 5)).map(UInt32.init)
        var worst = 0
        for r in levels {
            for g in levels {
                for b in levels {
                    let pixel = argb(255, r, g, b)
                    var block = YUV420Encoder.BlockSum()
                    var luma = converter.luma(pixel, adding: &block)
                    for _ in 0..<3 { luma = converter.luma(pixel, adding: &block) }
                    let (cb, cr) = converter.chroma(block)
                    let reference = YCbCr.bt709.encode(r: UInt8(r), g: UInt8(g), b: UInt8(b))
                    worst = max(worst, abs(Int(luma) - Int(reference.y)),
                                abs(Int(cb) - Int(reference.cb)), abs(Int(cr) - Int(reference.cr)))
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test func everyGreyHasNeutralChroma() {
        let converter = YUV420Encoder(width: 2, height: 2)
        for level in UInt32(0)...255 {
            var block = YUV420Encoder.BlockSum()
            for _ in 0..<4 { _ = converter.luma(argb(255, level, level, level), adding: &block) }
            let (cb, cr) = converter.chroma(block)
            #expect(cb == 128 && cr == 128, "grey \(level)")
        }
    }

    /// Planes kept alive by an owner are written from their own memory (a
    /// file's descriptor, by writev), padded rows skipped, the owner held
    /// until then: the stream is the one copied planes give.
    @Test func borrowedPlanesGiveTheBytesOfCopiedOnes() throws {
        final class Owner {}
        let (width, height) = (6, 3)
        func samples(_ count: Int, _ seed: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + seed) } }
        // Padded rows (strides 8 and 5), then rows without padding (one part a plane).
        var (paddedLuma, paddedCb, paddedCr) = (samples(8 * 3, 1), samples(5 * 2, 2), samples(5 * 2, 3))
        var packed = samples(width * height + 2 * 3 * 2, 4)
        let streams = try [false, true].map { borrowing -> [UInt8] in
            weak var released: Owner?
            let bytes = try paddedLuma.withUnsafeMutableBufferPointer { luma in
                try paddedCb.withUnsafeMutableBufferPointer { cb in
                    try paddedCr.withUnsafeMutableBufferPointer { cr in
                        try packed.withUnsafeMutableBufferPointer { plain in
                            var padded = YUV420Planes(width: width, height: height, matrix: .bt709, luma: luma.baseAddress!,
                                                      cb: cb.baseAddress!, cr: cr.baseAddress!, lumaStride: 8, chromaStride: 5)
                            var unpadded = YUV420Planes(packed: plain.baseAddress!, width: width, height: height, matrix: .bt709)
                            if borrowing {
                                let owner = Owner()
                                released = owner
                                (padded.owner, unpadded.owner) = (owner, owner)
                            }
                            return try captureFile { file in
                                let writer = try Y4MWriter(file: file, width: width, height: height, frameRate: FrameRate(30)!)
                                try writer.write(padded)
                                try writer.write(unpadded)
                                (padded.owner, unpadded.owner) = (nil, nil)
                                try writer.finish()
                            }
                        }
                    }
                }
            }
            #expect(released == nil)
            return bytes
        }
        #expect(streams[1] == streams[0])
        let frameBytes = 6 + width * height + 2 * 3 * 2
        #expect(streams[0].count == "YUV4MPEG2 W6 H3 F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n".utf8.count
                + 2 * frameBytes)
        let lumaRows = (0..<height).flatMap { paddedLuma[($0 * 8)..<($0 * 8 + width)] }
        #expect(Array(streams[1].suffix(2 * frameBytes).prefix(6 + width * height)) == Array("FRAME\n".utf8) + lumaRows)
        #expect(Array(streams[1].suffix(frameBytes - 6)) == packed)
    }

    /// A borrowed frame's owner is kept while its bytes wait to be written
    /// (here: a pipe no one reads yet holds less than a frame) and let go
    /// once they are.
    @Test func theOwnerIsKeptUntilItsFrameIsWritten() throws {
        final class Owner {}
        let (width, height) = (512, 256)
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        let file = try #require(fdopen(pipeEnds[1], "wb"))
        defer { fclose(file) }
        let samples = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width * height * 3 / 2)
        samples.initialize(repeating: 77)
        defer { samples.deallocate() }
        weak var released: Owner?
        let writer = try Y4MWriter(file: file, width: width, height: height, frameRate: FrameRate(30)!)
        try {
            var planes = YUV420Planes(packed: samples.baseAddress!, width: width, height: height, matrix: .bt709)
            let owner = Owner()
            (planes.owner, released) = (owner, owner)
            try writer.write(planes)
        }()
        #expect(released != nil, "the frame cannot all be in the pipe yet")
        var bytes = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        let expected = writer.header.utf8.count + 6 + samples.count
        while bytes < expected, case let count = read(pipeEnds[0], &chunk, chunk.count), count > 0 { bytes += count }
        try writer.finish()
        close(pipeEnds[0])
        #expect(bytes == expected)
        #expect(released == nil)
    }

    @Test func aSurfaceOfTheWrongSizeIsRejected() throws {
        _ = try captureStream { file in
            let writer = try Y4MWriter(file: file, width: 4, height: 2, frameRate: FrameRate(25)!)
            let error = #expect(throws: SegueError.self) { try writer.write(try Surface(width: 2, height: 4)) }
            #expect(error?.code == .invalidArgument)
        }
    }

    @Test func badParametersAreRejected() throws {
        for (width, height) in [(0, 2), (2, 0), (Surface.maximumSide + 1, 2)] {
            let bytes = try captureStream { file in
                let error = #expect(throws: SegueError.self) {
                    _ = try Y4MWriter(file: file, width: width, height: height, frameRate: FrameRate(30)!)
                }
                #expect(error?.code == .invalidArgument)
            }
            #expect(bytes.isEmpty)
        }
    }

    @Test func aFullDeviceIsAnIOError() throws {
        let file = try #require(fopen("/dev/full", "wb"))
        defer { fclose(file) }
        setvbuf(file, nil, _IONBF, 0)
        let writer = try Y4MWriter(file: file, width: 4, height: 2, frameRate: FrameRate(30)!, name: "/dev/full")
        // Frames are written on the writer's own thread: the error comes back by finish() at the latest.
        let error = #expect(throws: SegueError.self) {
            try writer.write(try Self.solid(0))
            try writer.finish()
        }
        #expect(error?.code == .io)
        #expect(error?.message == "cannot write '/dev/full': No space left on device")
    }
}
