import CPNG
import Glibc
import SegueBasics
import SegueCompositor
import Testing

@testable import SegueImageIO

struct PNGReadTests {
    /// The premultiplied pixel of a straight 8-bit colour.
    static func premultiplied(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        func times(_ c: UInt32) -> UInt32 { UInt32((Double(c * a) / 255).rounded()) }
        return argb(a, times(r), times(g), times(b))
    }

    static func read(_ png: [UInt8], name: String = "test.png") throws -> Surface {
        try png.withUnsafeBytes { try PNG.read(bytes: $0, name: name) }
    }

    // MARK: Flavours

    @Test func eightBitGrayFromMemoryAndFromAFile() throws {
        let levels: [UInt8] = [0, 1, 128, 254, 255]
        let png = try encodePNG(width: 5, height: 1, format: Format.gray, bytes: levels)
        let expected = levels.map { argb(255, UInt32($0), UInt32($0), UInt32($0)) }
        #expect(pixels(of: try Self.read(png)) == expected)
        try withTemporaryFolder { folder in
            try writeFile(folder + "/gray.png", png)
            #expect(pixels(of: try PNG.read(path: folder + "/gray.png")) == expected)
        }
    }

    @Test func grayWithAlpha() throws {
        let pairs: [(gray: UInt8, alpha: UInt8)] = [(200, 255), (200, 128), (17, 1), (255, 0), (99, 64)]
        let png = try encodePNG(width: pairs.count, height: 1, format: Format.grayAlpha,
                                bytes: pairs.flatMap { [$0.gray, $0.alpha] })
        let expected = pairs.map { pair in
            let g = UInt32(pair.gray)
            return Self.premultiplied(UInt32(pair.alpha), g, g, g)
        }
        #expect(pixels(of: try Self.read(png)) == expected)
    }

    @Test func rgbWithoutAlpha() throws {
        let png = try encodePNG(width: 3, height: 1, format: Format.rgb, bytes: [255, 0, 0, 0, 255, 0, 1, 2, 3])
        #expect(pixels(of: try Self.read(png)) == [argb(255, 255, 0, 0), argb(255, 0, 255, 0), argb(255, 1, 2, 3)])
    }

    @Test func rgbaWithStraightAlpha() throws {
        let png = try encodePNG(width: 2, height: 2, format: Format.rgba,
                                bytes: [255, 0, 0, 128, 10, 100, 200, 51, 9, 9, 9, 0, 1, 2, 3, 255])
        #expect(pixels(of: try Self.read(png)) == [
            argb(128, 128, 0, 0), argb(51, 2, 20, 40), 0, argb(255, 1, 2, 3),
        ])
    }

    /// libpng's linear 16-bit format is premultiplied linear light; the file
    /// gets gAMA 1.0, and reading converts to 8-bit sRGB with straight alpha,
    /// which we premultiply.
    ///
    /// libpng's direct read path encodes with a 2.2 power law through
    /// shifted 16-bit tables, not the exact sRGB curve its header promises:
    /// within 2 levels of sRGB from about 4% linear up, but up to 7 levels
    /// off in deep shadows (linear 100/65535 reads as 12, sRGB says 5). The
    /// samples stay in the accurate range.
    @Test func sixteenBitLinearRGBA() throws {
        let samples: [[UInt16]] = [
            [0, 0, 0, 65535], [65535, 65535, 65535, 65535], [16384, 3000, 50000, 65535],
            [8192, 0, 32768, 32768], [1000, 2000, 3000, 4000],
        ]
        let flat: [UInt16] = Array(samples.joined())
        let png = try flat.withUnsafeBytes {
            try encodePNG(width: samples.count, height: 1, format: Format.linearRGBA, samples: $0)
        }
        let surface = try Self.read(png)
        for (x, sample) in samples.enumerated() {
            let alpha = (Double(sample[3]) / 257).rounded()
            func expected(_ linear: UInt16) -> Double {
                let straight = Double(linear) / Double(sample[3])
                let encoded = straight <= 0.0031308 ? 12.92 * straight : 1.055 * pow(straight, 1 / 2.4) - 0.055
                return ((encoded * 255).rounded() * alpha / 255).rounded()
            }
            let pixel = surface[x, 0]
            #expect(Double(pixel >> 24) == alpha)
            for (channel, shift) in zip(sample[..<3], [16, 8, 0] as [UInt32]) {
                let actual = Double((pixel >> shift) & 0xFF)
                #expect(abs(actual - expected(channel)) <= 2, "pixel \(x) shift \(shift): \(actual) vs \(expected(channel))")
            }
        }
    }

    /// Without gAMA (or sRGB/iCCP) a 16-bit file is taken as sRGB, as
    /// browsers do, so 257·v reads back as v exactly.
    @Test func sixteenBitWithoutGammaIsSRGB() throws {
        let values: [UInt16] = [0, 257 * 37, 257 * 128, 65535]
        let samples: [UInt16] = values.flatMap { v -> [UInt16] in [v, v, 65535 - v, 65535] }
        let tagged = try samples.withUnsafeBytes {
            try encodePNG(width: values.count, height: 1, format: Format.linearRGBA, samples: $0)
        }
        let untagged = Chunks.removing(["gAMA", "cHRM", "sRGB", "iCCP"], from: tagged)
        #expect(untagged.count < tagged.count)
        let expected = values.map { v -> UInt32 in
            let level = UInt32(v / 257)
            return argb(255, level, level, 255 - level)
        }
        #expect(pixels(of: try Self.read(untagged)) == expected)
    }

    @Test func colourMappedWithTransparency() throws {
        let palette: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]
        let png = try encodePNG(width: 4, height: 2, format: Format.rgbaColormap,
                                bytes: [0, 1, 2, 3, 3, 2, 1, 0], colormap: palette, colormapEntries: 4)
        let entries: [UInt32] = (0..<4).map { (i: Int) -> UInt32 in
            let entry = palette[(4 * i)..<(4 * i + 4)].map(UInt32.init)
            return Self.premultiplied(entry[3], entry[0], entry[1], entry[2])
        }
        #expect(pixels(of: try Self.read(png)) == [0, 1, 2, 3, 3, 2, 1, 0].map { entries[$0] })
    }

    // MARK: Errors

    @Test func aMissingFileIsAnIOError() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/missing.png"
            let error = #expect(throws: SegueError.self) { try PNG.read(path: path) }
            #expect(error?.code == .io)
            #expect(error?.message == "cannot read '\(path)': No such file or directory")
        }
    }

    @Test func aFolderIsAnIOError() throws {
        try withTemporaryFolder { folder in
            let error = #expect(throws: SegueError.self) { try PNG.read(path: folder) }
            #expect(error?.code == .io)
            #expect(error?.message == "cannot read '\(folder)': Is a directory")
        }
    }

    @Test func aTextFileIsAFormatError() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.png"
            try writeFile(path, Array("This is not a picture, it is a text file.\n".utf8))
            let error = #expect(throws: SegueError.self) { try PNG.read(path: path) }
            #expect(error?.code == .format)
            #expect(error?.message.hasPrefix("'\(path)' is not a valid PNG: ") == true)
        }
    }

    @Test func anEmptyFileIsAFormatError() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/empty.png"
            try writeFile(path, [])
            let error = #expect(throws: SegueError.self) { try PNG.read(path: path) }
            #expect(error?.code == .format)
            #expect(error?.message == "'\(path)' is not a valid PNG: the file is empty")
        }
        let error = #expect(throws: SegueError.self) { try Self.read([], name: "nothing.png") }
        #expect(error?.code == .format)
        #expect(error?.message == "'nothing.png' is not a valid PNG: there is no data")
    }

    static func noisyPNG() throws -> [UInt8] {
        var state: UInt32 = 12345
        let bytes = (0..<(64 * 64 * 4)).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        return try encodePNG(width: 64, height: 64, format: Format.rgba, bytes: bytes)
    }

    @Test func theFirstHalfOfAPNGIsAFormatError() throws {
        let png = try Self.noisyPNG()
        let half = Array(png[..<(png.count / 2)])
        let error = #expect(throws: SegueError.self) { try Self.read(half, name: "half.png") }
        #expect(error?.code == .format)
        #expect(error?.message.hasPrefix("'half.png' is not a valid PNG: ") == true)
        try withTemporaryFolder { folder in
            let path = folder + "/half.png"
            try writeFile(path, half)
            let error = #expect(throws: SegueError.self) { try PNG.read(path: path) }
            #expect(error?.code == .format)
            // Caught from the chunk lengths, before libpng reads the missing bytes.
            #expect(error?.message.hasPrefix(
                "'\(path)' is not a valid PNG: the file ends too early (the chunk at byte ") == true)
        }
    }

    @Test func aSideAboveTheMaximumIsAFormatError() throws {
        let png = try encodePNG(width: 100_000, height: 1, format: Format.gray,
                                bytes: [UInt8](repeating: 0, count: 100_000))
        let error = #expect(throws: SegueError.self) { try Self.read(png, name: "wide.png") }
        #expect(error?.code == .format)
        #expect(error?.message.contains("'wide.png'") == true)
        #expect(error?.message.contains("100000×1") == true)
    }

    /// 32768² is within Segue's sides, but its 4 GiB buffer is more than
    /// png_image_finish_read accepts: refused before anything is allocated.
    @Test func aPictureLibpngCannotDecodeAtOnceIsAFormatError() throws {
        let small = try encodePNG(width: 1, height: 1, format: Format.gray, bytes: [0])
        let huge = Chunks.resizingHeader(of: small, width: 32768, height: 32768)
        let error = #expect(throws: SegueError.self) { try Self.read(huge, name: "huge.png") }
        #expect(error?.code == .format)
        #expect(error?.message.contains("32768×32768") == true)
        #expect(error?.message.contains("4 GiB") == true)
    }

    /// A small fuzz: every prefix and every single-byte corruption of a valid
    /// file either decodes or throws a SegueError; nothing crashes.
    @Test func damagedFilesNeverCrash() throws {
        let png = try encodePNG(width: 5, height: 4, format: Format.rgba,
                                bytes: (0..<80).map { UInt8($0 * 3) })
        var decoded = 0, refused = 0
        func attempt(_ bytes: [UInt8]) {
            do {
                let surface = try Self.read(bytes)
                #expect(surface.width >= 1 && surface.height >= 1)
                decoded += 1
            } catch let error as SegueError {
                #expect(error.code == .format || error.code == .outOfMemory, "\(error.message)")
                refused += 1
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        for length in 0..<png.count { attempt(Array(png[..<length])) }
        for index in png.indices {
            var damaged = png
            damaged[index] ^= 0xA5
            attempt(damaged)
        }
        #expect(refused >= png.count)
        #expect(decoded + refused == 2 * png.count)
    }
}
