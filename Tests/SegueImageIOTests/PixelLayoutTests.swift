import CVectorKernels
import SegueBasics
import SegueCompositor
import Testing
@testable import SegueImageIO

/// The edge conversions of segue/pixels.h: 4:2:0 decoding against the closed
/// form, NV12 against I420, straight-alpha bytes against premultiplication,
/// and opaque 3-byte pixels against their bytes.
@Suite struct PixelLayoutTests {
    @Test(arguments: [YCbCr.bt709, .bt601, YCbCr.bt709.with(.full), YCbCr.bt601.with(.full)])
    func theDecoderMatchesTheClosedFormWithinOne(matrix: YCbCr) throws {
        // Every Y' with a spread of chroma pairs: one 2×2 block per (Cb, Cr), its four lumas different.
        var random = SeededRandom(seed: 5)
        let (width, height) = (64, 64)
        var luma = [UInt8](repeating: 0, count: width * height)
        var cb = [UInt8](repeating: 0, count: 32 * 32), cr = cb
        for index in luma.indices { luma[index] = UInt8(index % 256) }
        for index in cb.indices {
            cb[index] = UInt8(random.below(256))
            cr[index] = UInt8(random.below(256))
        }
        let surface = try Surface(width: width, height: height)
        luma.withUnsafeMutableBufferPointer { y in
            cb.withUnsafeMutableBufferPointer { u in
                cr.withUnsafeMutableBufferPointer { v in
                    let planes = YUV420Planes(width: width, height: height, matrix: matrix, luma: y.baseAddress!,
                                              cb: u.baseAddress!, cr: v.baseAddress!, lumaStride: width, chromaStride: 32)
                    YUV420Decoder(matrix: matrix).convert(planes, into: surface)
                }
            }
        }
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let block = (y / 2) * 32 + x / 2
                let expected = matrix.decode(y: luma[y * width + x], cb: cb[block], cr: cr[block])
                let pixel = surface[x, y]
                #expect(pixel >> 24 == 255)
                for (got, want) in [(pixel >> 16 & 0xFF, expected.r), (pixel >> 8 & 0xFF, expected.g),
                                    (pixel & 0xFF, expected.b)] {
                    worst = max(worst, abs(Int(got) - Int(want)))
                }
            }
        }
        #expect(worst <= 1, "worst channel difference \(worst)")
    }

    @Test func theVectorRowsGiveTheScalarBytes() throws {
        var random = SeededRandom(seed: 21)
        // Three sixteen-pixel AVX2 runs, an eight-pixel SIMD run, a scalar tail; odd sides.
        let (width, height) = (61, 9)
        var bytes = [UInt8](repeating: 0, count: 64 * height + 2 * 32 * 5)
        for index in bytes.indices { bytes[index] = UInt8(random.below(256)) }
        // Chroma planes (I420), interleaved Cb first (NV12) and interleaved Cr first.
        for (step, crFirst, matrix) in [(1, false, YCbCr.bt709), (2, false, YCbCr.bt601.with(.full)),
                                        (2, true, YCbCr.bt709.with(.full))] {
            let avx2 = try Surface(width: width, height: height), simd = try Surface(width: width, height: height)
            let scalar = try Surface(width: width, height: height)
            bytes.withUnsafeMutableBufferPointer { b in
                let chroma = b.baseAddress! + 64 * height
                let (cb, cr) = step == 1 ? (chroma, chroma + 32 * 5) : crFirst ? (chroma + 1, chroma) : (chroma, chroma + 1)
                let planes = YUV420Planes(width: width, height: height, matrix: matrix, luma: b.baseAddress!,
                                          cb: cb, cr: cr, lumaStride: 64, chromaStride: step == 2 ? 64 : 32,
                                          chromaStep: step)
                YUV420Decoder(matrix: matrix).convert(planes, into: avx2)
                YUV420Decoder(matrix: matrix).convert(planes, into: simd, avx2: false)
                YUV420Decoder(matrix: matrix).convert(planes, into: scalar, vectorized: false)
            }
            #expect(avx2.hasSamePixels(as: scalar), "AVX2, chroma step \(step), Cr first: \(crFirst)")
            #expect(simd.hasSamePixels(as: scalar), "SIMD, chroma step \(step), Cr first: \(crFirst)")
        }
    }

    @Test func decodingInvertsEncodingOnGreys() {
        for matrix in [YCbCr.bt709, .bt601, YCbCr.bt601.with(.full)] {
            for grey in stride(from: 0, through: 255, by: 5) {
                let code = matrix.encode(r: UInt8(grey), g: UInt8(grey), b: UInt8(grey))
                let back = matrix.decode(y: code.y, cb: code.cb, cr: code.cr)
                #expect(abs(Int(back.r) - grey) <= 1 && back.r == back.g && back.g == back.b)
            }
        }
    }

    @Test func nv12AndI420GiveTheSamePixelsBothWays() throws {
        let (width, height) = (21, 13)  // odd sides: the last chroma column and row cover one pixel
        let source = try Surface(width: width, height: height)
        var random = SeededRandom(seed: 9)
        for y in 0..<height { for x in 0..<width { source[x, y] = 0xFF00_0000 | UInt32(random.below(1 << 24)) } }
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        var i420 = [UInt8](repeating: 0, count: 40 * height + 2 * 20 * ch)
        var nv12 = [UInt8](repeating: 0, count: 40 * height + 40 * ch)
        let results = try i420.withUnsafeMutableBytes { a in
            try nv12.withUnsafeMutableBytes { b -> (Surface, Surface) in
                let planar = try ForeignPixels(layout: .i420, width: width, height: height, matrix: .bt601,
                                               planes: [a.baseAddress!, a.baseAddress! + 40 * height,
                                                        a.baseAddress! + 40 * height + 20 * ch],
                                               strides: [40, 20, 20])
                let interleaved = try ForeignPixels(layout: .nv12, width: width, height: height, matrix: .bt601,
                                                    planes: [b.baseAddress!, b.baseAddress! + 40 * height, nil],
                                                    strides: [40, 40, 0])
                try planar.exporting(from: source)
                try interleaved.exporting(from: source)
                let one = try Surface(width: width, height: height), two = try Surface(width: width, height: height)
                try planar.importing(into: one)
                try interleaved.importing(into: two)
                return (one, two)
            }
        }
        #expect(results.0.hasSamePixels(as: results.1))
        // The chroma samples agree sample for sample.
        for row in 0..<ch {
            for x in 0..<cw {
                #expect(i420[40 * height + row * 20 + x] == nv12[40 * height + row * 40 + 2 * x])
                #expect(i420[40 * height + 20 * ch + row * 20 + x] == nv12[40 * height + row * 40 + 2 * x + 1])
            }
        }
    }

    @Test func straightBytesArePremultipliedAndBack() throws {
        let width = 256
        // Bytes R, G, B, A: every alpha, colours above and below it.
        var rgba = [UInt8](repeating: 0, count: width * 4)
        for x in 0..<width { rgba[4 * x ..< 4 * x + 4] = [UInt8(255 - x), UInt8(x / 2), 200, UInt8(x)] }
        let surface = try Surface(width: width, height: 1)
        var bgra = [UInt8](repeating: 0, count: width * 4)
        try rgba.withUnsafeMutableBytes { bytes in
            let pixels = try ForeignPixels(layout: .rgba, width: width, height: 1, matrix: .bt709,
                                           planes: [bytes.baseAddress!], strides: [width * 4])
            try pixels.importing(into: surface)
        }
        for x in 0..<width {
            let a = UInt32(x)
            let expected = a << 24 | Premultiplication.premultiply(UInt32(255 - x), a) << 16
                | Premultiplication.premultiply(UInt32(x / 2), a) << 8 | Premultiplication.premultiply(200, a)
            #expect(surface[x, 0] == expected, "x \(x)")
        }
        try bgra.withUnsafeMutableBytes { bytes in
            let pixels = try ForeignPixels(layout: .bgra, width: width, height: 1, matrix: .bt709,
                                           planes: [bytes.baseAddress!], strides: [width * 4])
            try pixels.exporting(from: surface)
        }
        for x in 0..<width {
            let a = UInt32(x)
            let expected = [Premultiplication.unpremultiply(Premultiplication.premultiply(200, a), a),
                            Premultiplication.unpremultiply(Premultiplication.premultiply(UInt32(x / 2), a), a),
                            Premultiplication.unpremultiply(Premultiplication.premultiply(UInt32(255 - x), a), a), a]
            #expect(bgra[4 * x ..< 4 * x + 4].map(UInt32.init) == (x == 0 ? [0, 0, 0, 0] : expected), "x \(x)")
        }
    }

    @Test(arguments: [PixelLayout.rgb24, .bgr24])
    func opaqueThreeBytePixelsAreTheirBytesBothWays(layout: PixelLayout) throws {
        // An odd width (the vector loop's tail) and padded rows.
        let width = 37, height = 3, stride = 3 * width + 5
        let bytes = (0..<stride * height).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var picture = bytes
        let surface = try Surface(width: width, height: height)
        try picture.withUnsafeMutableBytes { memory in
            try ForeignPixels(layout: layout, width: width, height: height, matrix: .bt709,
                              planes: [memory.baseAddress!], strides: [stride]).importing(into: surface)
        }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * stride + 3 * x
                let (r, g, b) = layout == .rgb24 ? (bytes[i], bytes[i + 1], bytes[i + 2])
                                                 : (bytes[i + 2], bytes[i + 1], bytes[i])
                #expect(surface[x, y] == 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b), "(\(x), \(y))")
            }
        }
        var back = [UInt8](repeating: 0xEE, count: stride * height)
        try back.withUnsafeMutableBytes { memory in
            try ForeignPixels(layout: layout, width: width, height: height, matrix: .bt709,
                              planes: [memory.baseAddress!], strides: [stride]).exporting(from: surface)
        }
        for y in 0..<height {
            #expect(back[y * stride ..< y * stride + 3 * width] == bytes[y * stride ..< y * stride + 3 * width])
            #expect(back[y * stride + 3 * width ..< (y + 1) * stride].allSatisfy { $0 == 0xEE }, "padding row \(y)")
        }
    }

    /// Every (channel, alpha) pair through the row kernels, baseline and AVX2,
    /// against Premultiplication's scalar integers.
    @Test func theRowKernelsGiveTheScalarBytesOnEveryPath() {
        // Pixel i: alpha i >> 8, red i & 255, green and blue other channels of it; then opaque
        // pixels with every 13th at alpha 128, so runs of eight are opaque or mixed.
        let straight = (0..<UInt32(65536 + 4096)).map { (i: UInt32) -> UInt32 in
            let alpha: UInt32 = i < 65536 ? i >> 8 : i % 13 == 0 ? 128 : 255, red: UInt32 = i & 255
            let green: UInt32 = (255 - red) & 255, blue: UInt32 = (i &* 7) & 255
            return alpha << 24 | red << 16 | green << 8 | blue
        }
        let count = straight.count
        func swapped(_ p: UInt32) -> UInt32 { p & 0xFF00_FF00 | (p & 0xFF) << 16 | (p >> 16) & 0xFF }
        let paths: [Int32] = Processor.hasAVX2 ? [0, 1] : [0]
        for avx2 in paths {
            for rgba: Int32 in [0, 1] {
                // With rgba, the words in memory are R, G, B, A bytes: ARGB with red and blue swapped.
                let order = rgba == 1 ? swapped : { $0 }
                var premultiplied = [UInt32](repeating: 0, count: count)
                var back = [UInt32](repeating: 0, count: count)
                straight_to_premultiplied(straight.map(order), &premultiplied, count, rgba, avx2)
                premultiplied_to_straight(premultiplied, &back, count, rgba, avx2)
                #expect(premultiplied == straight.map(Premultiplication.premultiplied), "avx2 \(avx2), rgba \(rgba)")
                #expect(back == premultiplied.map { order(Premultiplication.unpremultiplied($0)) },
                        "avx2 \(avx2), rgba \(rgba)")
                // Channels above their alpha (not valid premultiplied data) clamp as the scalar code does.
                var clamped = [UInt32](repeating: 0, count: count)
                premultiplied_to_straight(straight, &clamped, count, rgba, avx2)
                #expect(clamped == straight.map { order(Premultiplication.unpremultiplied($0)) },
                        "avx2 \(avx2), rgba \(rgba)")
            }
        }
        let bytes = (0..<3 * 1001).map { UInt8(truncatingIfNeeded: $0 &* 91 &+ 3) }
        for blueFirst: Int32 in [0, 1] {
            var words = [[UInt32]](repeating: [UInt32](repeating: 0, count: 1001), count: 2)
            var packed = [[UInt8]](repeating: [UInt8](repeating: 0, count: 3 * 1001), count: 2)
            for avx2 in paths {
                packed_rgb_to_argb(bytes, &words[Int(avx2)], 1001, blueFirst, avx2)
                argb_to_packed_rgb(words[Int(avx2)], &packed[Int(avx2)], 1001, blueFirst, avx2)
            }
            #expect(packed[0] == bytes)
            if Processor.hasAVX2 { #expect(words[1] == words[0] && packed[1] == packed[0]) }
        }
    }

    @Test func badDescriptionsAreRefusedBeforeAnyPixelIsTouched() throws {
        var bytes = [UInt8](repeating: 0, count: 64)
        try bytes.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress!
            #expect(throws: SegueError.self) {
                _ = try ForeignPixels(layout: .i420, width: 4, height: 4, matrix: .bt709, planes: [base, nil, base],
                                      strides: [4, 2, 2])
            }
            #expect(throws: SegueError.self) {
                _ = try ForeignPixels(layout: .rgba, width: 4, height: 4, matrix: .bt709, planes: [base], strides: [15])
            }
            #expect(throws: SegueError.self) {
                _ = try ForeignPixels(layout: .rgba, width: 0, height: 4, matrix: .bt709, planes: [base], strides: [16])
            }
            let pixels = try ForeignPixels(layout: .rgba, width: 4, height: 4, matrix: .bt709, planes: [base],
                                           strides: [16])
            #expect(throws: SegueError.self) { try pixels.importing(into: try Surface(width: 5, height: 4)) }
        }
    }
}
