import CPNG
import Glibc
import SegueBasics
import SegueCompositor
import Testing

@testable import SegueImageIO

/// Runs `body` with a new empty folder under /tmp, removed afterwards with
/// everything in it.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    var template = Array("/tmp/segue-imageio-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
        throw SegueError(.io, "mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    let folder = String(cString: created)
    defer { removeTree(folder) }
    return try body(folder)
}

/// Deletes a file or a folder and its contents.
func removeTree(_ path: String) {
    if let directory = opendir(path) {
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { removeTree(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// The names in a folder, without "." and "..", sorted.
func folderEntries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw SegueError(.io, "cannot open '\(path)'") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return bytes
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    guard let file = fopen(path, "wb") else { throw SegueError(.io, "cannot create '\(path)'") }
    defer { fclose(file) }
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw SegueError(.io, "cannot write '\(path)'") }
}

/// Everything `body` writes to a stdio stream, captured in memory.
func captureStream(_ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws -> [UInt8] {
    // open_memstream keeps these addresses and updates them on flush.
    let buffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
    let size = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    buffer.initialize(to: nil)
    size.initialize(to: 0)
    defer {
        free(buffer.pointee)
        buffer.deallocate()
        size.deallocate()
    }
    guard let stream = open_memstream(buffer, size) else { throw SegueError(.io, "open_memstream failed") }
    do {
        try body(stream)
    } catch {
        fclose(stream)
        throw error
    }
    fclose(stream)
    return Array(UnsafeRawBufferPointer(start: buffer.pointee, count: size.pointee))
}

/// What `body` writes to a temporary file (one with a descriptor, unlike
/// `captureStream`'s memory stream).
func captureFile(_ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws -> [UInt8] {
    guard let file = tmpfile() else { throw SegueError(.io, "tmpfile failed") }
    defer { fclose(file) }
    try body(file)
    fflush(file)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    rewind(file)
    while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
    return bytes
}

/// A surface filled by `pixel(x, y)`.
func makeSurface(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) throws -> Surface {
    let surface = try Surface(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width { surface[x, y] = pixel(x, y) }
    }
    return surface
}

func argb(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
    a << 24 | r << 16 | g << 8 | b
}

/// All pixels of a surface, row by row.
func pixels(of surface: Surface) -> [UInt32] {
    (0..<surface.height).flatMap { y in (0..<surface.width).map { x in surface[x, y] } }
}

/// libpng's formats, from flags (Swift does not import most composite macros).
enum Format {
    static let gray = UInt32(0)
    static let grayAlpha = UInt32(PNG_FORMAT_FLAG_ALPHA)
    static let rgb = UInt32(PNG_FORMAT_FLAG_COLOR)
    static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    static let linearRGBA = rgba | UInt32(PNG_FORMAT_FLAG_LINEAR)
    static let rgbaColormap = rgba | UInt32(PNG_FORMAT_FLAG_COLORMAP)
}

/// Encodes samples as a PNG with libpng's simplified writer, independently
/// of `PNG.write`. `samples` are bytes, or native-endian UInt16 for linear formats.
func encodePNG(
    width: Int, height: Int, format: UInt32, samples: UnsafeRawBufferPointer,
    colormap: [UInt8]? = nil, colormapEntries: Int = 0
) throws -> [UInt8] {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = format
    image.colormap_entries = UInt32(colormapEntries)
    defer { png_image_free(&image) }
    var size = 0
    guard png_image_write_to_memory(&image, nil, &size, 0, samples.baseAddress, 0, colormap) != 0 else {
        throw SegueError(.format, "libpng cannot size the test PNG")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    guard png_image_write_to_memory(&image, &bytes, &size, 0, samples.baseAddress, 0, colormap) != 0 else {
        throw SegueError(.format, "libpng cannot encode the test PNG")
    }
    return Array(bytes[..<size])
}

func encodePNG(width: Int, height: Int, format: UInt32, bytes: [UInt8],
               colormap: [UInt8]? = nil, colormapEntries: Int = 0) throws -> [UInt8] {
    try bytes.withUnsafeBytes {
        try encodePNG(width: width, height: height, format: format, samples: $0,
                      colormap: colormap, colormapEntries: colormapEntries)
    }
}

/// A PNG file decoded by libpng directly into straight RGBA bytes, and the
/// format libpng reports for the file.
func decodeStraightRGBA(path: String) throws -> (fileFormat: UInt32, rgba: [UInt8]) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    guard png_image_begin_read_from_file(&image, path) != 0 else {
        throw SegueError(.format, "libpng cannot read '\(path)'")
    }
    let fileFormat = image.format
    image.format = Format.rgba
    var rgba = [UInt8](repeating: 0, count: Int(image.width * image.height) * 4)
    guard png_image_finish_read(&image, nil, &rgba, 0, nil) != 0 else {
        throw SegueError(.format, "libpng cannot decode '\(path)'")
    }
    return (fileFormat, rgba)
}

/// PNG chunk surgery for crafted inputs.
enum Chunks {
    static let signatureLength = 8

    /// `png` without the chunks whose type is in `types`.
    static func removing(_ types: Set<String>, from png: [UInt8]) -> [UInt8] {
        var result = Array(png[..<signatureLength])
        var offset = signatureLength
        while offset + 12 <= png.count {
            let length = Int(bigEndian(png, at: offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            if !types.contains(type) { result += png[offset..<end] }
            offset = end
        }
        return result
    }

    /// `png` with the IHDR's width and height replaced and its CRC fixed.
    static func resizingHeader(of png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var bytes = png
        let data = signatureLength + 8  // IHDR is first: length, "IHDR", data
        storeBigEndian(width, in: &bytes, at: data)
        storeBigEndian(height, in: &bytes, at: data + 4)
        storeBigEndian(crc32(bytes[(data - 4)..<(data + 13)]), in: &bytes, at: data + 13)
        return bytes
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func storeBigEndian(_ value: UInt32, in bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
    }

    /// The CRC-32 PNG puts after each chunk (over type and data).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
