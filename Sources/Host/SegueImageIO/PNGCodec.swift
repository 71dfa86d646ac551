import CPNG
import Glibc
import SegueBasics
import SegueCompositor

/// PNG files in and out of premultiplied surfaces, with libpng's simplified
/// (`png_image`) API. `[thread-safe]`
///
/// Every colour type and bit depth is read, as 8-bit sRGB. PNG stores
/// straight alpha; the conversion to and from premultiplied alpha happens
/// here and nowhere else (see `Premultiplication` for the rounding).
///
/// 8-bit files and 16-bit sRGB (or untagged) files read exactly. 16-bit files
/// tagged as linear (gAMA 1.0) go through libpng's gamma tables, a 2.2 power
/// law rather than the sRGB curve: within 2 levels from mid-shadows up, up
/// to 7 levels too bright in the deepest shadows.
public enum PNG {
    /// Reads a PNG file into a new surface.
    /// - Throws: `.io` when the file cannot be opened or read (the message
    ///   quotes `path` and gives the system's reason); `.format` when it is
    ///   not a valid PNG or a side exceeds `Surface.maximumSide`;
    ///   `.outOfMemory`.
    public static func read(path: String) throws -> Surface {
        guard let file = fopen(path, "rbe") else {
            throw SegueError(.io, "cannot read '\(path)': \(describeErrno())")
        }
        defer { fclose(file) }
        var info = stat()
        if fstat(fileno(file), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
           let chunk = chunkBeyondTheEnd(size: Int(info.st_size), header: { header(of: file, at: $0) }) {
            throw invalid(path, "the file ends too early (the chunk at byte \(chunk.offset) declares \(chunk.length) bytes)")
        }
        rewind(file)
        return try decode(name: path) { image in
            png_image_begin_read_from_stdio(&image, file)
        } failure: { image in
            if ferror(file) != 0 {
                return SegueError(.io, "cannot read '\(path)': \(describeErrno())")
            }
            guard feof(file) != 0 else { return invalid(path, libpngMessage(image)) }
            return invalid(path, ftell(file) == 0 ? "the file is empty" : "the file ends too early")
        }
    }

    /// Decodes a PNG held in memory into a new surface. `name` is used in
    /// error messages only.
    /// - Throws: `.format` (quoting `name`) when `bytes` is not a valid PNG or
    ///   a side exceeds `Surface.maximumSide`; `.outOfMemory`.
    public static func read(bytes: UnsafeRawBufferPointer, name: String) throws -> Surface {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            throw invalid(name, "there is no data")
        }
        if let chunk = chunkBeyondTheEnd(size: bytes.count, header: { Array(bytes[$0..<($0 + 8)]) }) {
            throw invalid(name, "the data ends too early (the chunk at byte \(chunk.offset) declares \(chunk.length) bytes)")
        }
        return try decode(name: name) { image in
            png_image_begin_read_from_memory(&image, start, bytes.count)
        } failure: { image in
            invalid(name, libpngMessage(image))
        }
    }

    /// Writes a surface as an 8-bit sRGB PNG: RGB when every pixel is
    /// opaque, RGBA otherwise. The target is replaced atomically (see
    /// `AtomicFile`): on failure an existing file at `path` is untouched.
    /// - Throws: `.io` naming `path`; `.format` when the pixels would take
    ///   4 GiB or more (32768×32768 with transparency); `.outOfMemory`.
    public static func write(_ surface: Surface, to path: String) throws {
        let layout = StraightLayout(for: surface)
        let rowBytes = surface.width * layout.channels
        guard rowBytes * surface.height <= largestBuffer else {
            throw SegueError(.format, "cannot write '\(path)': \(surface.width)×\(surface.height) pixels with "
                + "\(layout.channels) channels exceed the 4 GiB libpng can encode at once")
        }
        guard let buffer = malloc(rowBytes * surface.height) else {
            throw SegueError(.outOfMemory, "cannot allocate \(surface.width)×\(surface.height) pixels to write '\(path)'")
        }
        defer { free(buffer) }
        layout.convert(surface, into: buffer.assumingMemoryBound(to: UInt8.self))

        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(surface.width)
        image.height = UInt32(surface.height)
        image.format = layout.format
        defer { png_image_free(&image) }
        try AtomicFile.write(to: path) { file in
            guard png_image_write_to_stdio(&image, file, 0, buffer, Int32(rowBytes), nil) != 0 else {
                let reason = ferror(file) != 0 ? describeErrno() : libpngMessage(image)
                throw SegueError(.io, "cannot write '\(path)': \(reason)")
            }
        }
    }

    /// libpng's in-memory format that matches a native-endian 0xAARRGGBB
    /// pixel (straight alpha): BGRA on little-endian machines, ARGB otherwise.
    ///
    /// Formats are built from the `PNG_FORMAT_FLAG_*` macros because Swift
    /// does not import most composite ones (`PNG_FORMAT_RGBA`, `_ARGB`, …).
    #if _endian(little)
    private static let nativeFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA)
    #else
    private static let nativeFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_AFIRST)
    #endif

    /// The shared reading path: `begin` reads the header into the image,
    /// `failure` explains a failed libpng call.
    private static func decode(
        name: String,
        begin: (inout png_image) -> Int32,
        failure: (png_image) -> SegueError
    ) throws -> Surface {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard begin(&image) != 0 else { throw failure(image) }

        try checkSize(width: Int(image.width), height: Int(image.height), name: name)
        image.format = nativeFormat
        // A 16-bit file without gAMA/sRGB/iCCP is sRGB-encoded, as browsers
        // assume; libpng would otherwise take it as linear and brighten it.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let surface = try allocateSurface(width: Int(image.width), height: Int(image.height), name: name)
        guard png_image_finish_read(&image, nil, surface.pixels, Int32(surface.stride), nil) != 0 else {
            throw failure(image)
        }
        Premultiplication.premultiplyInPlace(surface)
        return surface
    }

    /// The largest pixel buffer, in bytes, that libpng's simplified API
    /// handles: `png_image_finish_read` and `png_image_write_*` refuse
    /// `height × row bytes` above 2³² − 1 ("image too large").
    private static let largestBuffer = Int(UInt32.max)

    /// Rejects sizes Segue or libpng's simplified reader cannot hold, before
    /// anything is allocated.
    private static func checkSize(width: Int, height: Int, name: String) throws {
        let sides = 1...Surface.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw invalid(name, "its size \(width)×\(height) exceeds \(Surface.maximumSide) pixels on a side")
        }
        guard width * 4 * height <= largestBuffer else {
            throw invalid(name, "its size \(width)×\(height) exceeds the 4 GiB libpng can decode at once")
        }
    }

    private static func allocateSurface(width: Int, height: Int, name: String) throws -> Surface {
        do {
            return try Surface(width: width, height: height)
        } catch let error as SegueError where error.code == .outOfMemory {
            throw SegueError(.outOfMemory, "cannot allocate \(width)×\(height) pixels for '\(name)'")
        }
    }

    /// The chunk before IEND that declares more bytes than follow it, if
    /// any. libpng allocates a chunk's declared length before reading it, so
    /// 64 bytes could make it ask for 1.9 GB (found by Fuzz/, png target);
    /// anything else is left for libpng to judge.
    /// - Parameters:
    ///   - size: the PNG's length in bytes.
    ///   - header: the 8 bytes at an offset (which leaves at least 8); nil
    ///     when they cannot be read.
    private static func chunkBeyondTheEnd(size: Int, header: (Int) -> [UInt8]?) -> (offset: Int, length: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard size >= 8, header(0) == signature else { return nil }
        var offset = signature.count
        while size - offset >= 8, let bytes = header(offset) {
            let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= size - offset - 12 else { return (offset, length) }
            if bytes[4..<8].elementsEqual("IEND".utf8) { return nil }
            offset += 12 + length
        }
        return nil
    }

    /// The 8 bytes at `offset` of an open file.
    private static func header(of file: UnsafeMutablePointer<FILE>, at offset: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 8)
        guard fseeko(file, off_t(offset), SEEK_SET) == 0, fread(&bytes, 1, 8, file) == 8 else { return nil }
        return bytes
    }

    private static func invalid(_ name: String, _ reason: String) -> SegueError {
        SegueError(.format, "'\(name)' is not a valid PNG: \(reason)")
    }

    /// The message libpng left in the image after a failed call.
    private static func libpngMessage(_ image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }
}

/// How a surface is laid out for writing: straight alpha, bytes in R, G, B
/// (, A) order, so the result does not depend on the machine's endianness.
private struct StraightLayout {
    /// 3 when every pixel is opaque (alpha is dropped), else 4.
    let channels: Int

    init(for surface: Surface) {
        channels = surface.isOpaque ? 3 : 4
    }

    var format: UInt32 {
        UInt32(channels == 3 ? PNG_FORMAT_FLAG_COLOR : PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    }

    /// Writes every pixel, unpremultiplied, `channels` bytes each, rows packed.
    func convert(_ surface: Surface, into buffer: UnsafeMutablePointer<UInt8>) {
        var out = buffer
        for y in 0..<surface.height {
            let row = surface.row(y)
            for x in 0..<surface.width {
                let pixel = row[x]
                let alpha = pixel &>> 24
                out[0] = UInt8(Premultiplication.unpremultiply((pixel &>> 16) & 0xFF, alpha))
                out[1] = UInt8(Premultiplication.unpremultiply((pixel &>> 8) & 0xFF, alpha))
                out[2] = UInt8(Premultiplication.unpremultiply(pixel & 0xFF, alpha))
                if channels == 4 { out[3] = UInt8(alpha) }
                out += channels
            }
        }
    }
}
