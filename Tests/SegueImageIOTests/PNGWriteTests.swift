import CPNG
import Glibc
import SegueBasics
import SegueCompositor
import Testing

@testable import SegueImageIO

extension FileWritingTests {
    struct PNGWriteTests {
        /// x is a colour value, y the alpha; pixels with x > y would not be
        /// valid premultiplied data and hold x = y instead. Green and blue
        /// carry other valid values so swapped channels would show.
        static func everyValidPremultipliedValue() throws -> Surface {
            try makeSurface(width: 256, height: 256) { x, y in
                let alpha = UInt32(y), red = UInt32(min(x, y))
                return argb(alpha, red, alpha - red, red / 2)
            }
        }

        @Test func everyValidPremultipliedValueSurvivesARoundTrip() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/all.png"
                let surface = try Self.everyValidPremultipliedValue()
                try PNG.write(surface, to: path)
                let back = try PNG.read(path: path)
                #expect(back.width == 256 && back.height == 256)
                #expect(back.hasSamePixels(as: surface))
                #expect(folderEntries(folder) == ["all.png"])
            }
        }

        /// Decoded by libpng itself, the file holds straight RGBA.
        @Test func theFileHoldsStraightAlpha() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/straight.png"
                let surface = try makeSurface(width: 4, height: 1) { x, _ in
                    [argb(128, 128, 64, 0), argb(0, 0, 0, 0), argb(255, 10, 20, 30), argb(51, 2, 20, 40)][x]
                }
                try PNG.write(surface, to: path)
                let (format, rgba) = try decodeStraightRGBA(path: path)
                #expect(format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0)
                #expect(rgba == [255, 128, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255, 10, 100, 200, 51])
            }
        }

        @Test func anOpaqueSurfaceIsWrittenWithoutAlpha() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/opaque.png"
                let surface = try makeSurface(width: 3, height: 2) { x, y in
                    argb(255, UInt32(x * 100), UInt32(y * 200), 7)
                }
                try PNG.write(surface, to: path)
                let (format, rgba) = try decodeStraightRGBA(path: path)
                #expect(format == Format.rgb)
                #expect(rgba[..<8] == [0, 0, 7, 255, 100, 0, 7, 255])
                #expect(try PNG.read(path: path).hasSamePixels(as: surface))
            }
        }

        @Test func aWideSurfaceWithStridePaddingIsWrittenRowByRow() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/padded.png"
                let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * 3)
                defer { memory.deallocate() }
                memory.initialize(repeating: 0xDEAD_BEEF, count: 8 * 3)
                let surface = try Surface(wrapping: memory, width: 5, height: 3, stride: 32)
                surface.fill(argb(255, 1, 2, 3))
                surface[4, 2] = argb(128, 100, 0, 0)
                try PNG.write(surface, to: path)
                let back = try PNG.read(path: path)
                #expect(back.stride == 20)
                #expect(back.hasSamePixels(as: surface))
            }
        }

        /// 32768² with alpha is 4 GiB, one byte more than libpng's writer
        /// takes: refused before converting or creating anything. (The
        /// surface's memory is never touched beyond its first pixel.)
        @Test func aSurfaceLibpngCannotEncodeAtOnceIsAFormatError() throws {
            guard let surface = try? Surface(width: Surface.maximumSide, height: Surface.maximumSide) else { return }
            try withTemporaryFolder { folder in
                let path = folder + "/huge.png"
                let error = #expect(throws: SegueError.self) { try PNG.write(surface, to: path) }
                #expect(error?.code == .format)
                #expect(error?.message.contains("'\(path)'") == true)
                #expect(error?.message.contains("4 GiB") == true)
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test func writingIntoAMissingFolderIsAnIOErrorAndCreatesNothing() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/no/such/folder/out.png"
                let error = #expect(throws: SegueError.self) {
                    try PNG.write(try Surface(width: 2, height: 2), to: path)
                }
                #expect(error?.code == .io)
                #expect(error?.message.contains("'\(path)'") == true)
                #expect(folderEntries(folder).isEmpty)
            }
        }

        /// The PNG is encoded in full, then the rename fails: the temporary
        /// file must go and the folder in the way must stay.
        @Test func aFailedRenameLeavesNoTemporaryFile() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/taken"
                #expect(mkdir(path, 0o755) == 0)
                try writeFile(path + "/inside", [1, 2, 3])
                let error = #expect(throws: SegueError.self) {
                    try PNG.write(try Surface(width: 2, height: 2), to: path)
                }
                #expect(error?.code == .io)
                #expect(error?.message.contains("'\(path)'") == true)
                #expect(folderEntries(folder) == ["taken"])
                #expect(try readFile(path + "/inside") == [1, 2, 3])
            }
        }
    }
}
