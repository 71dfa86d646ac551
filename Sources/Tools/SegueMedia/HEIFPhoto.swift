import CHeif
import SegueBasics
import SegueCompositor

/// A HEIC or AVIF photo (what phones save) read by libheif: its primary
/// image upright and mirrored as its `irot` and `imir` properties say (the
/// EXIF orientation inside a HEIF file is not applied on top: MIAF makes
/// the properties the ones that count), as a premultiplied surface, with
/// the ICC profile it carries. Grid images (a phone's tiles) come whole.
public enum HEIFPhoto {
    /// The file types read this way.
    public static let extensions = [".heic", ".heif", ".avif"]

    /// The most pixels a photo may declare: 2²⁷, about 134 million, so a
    /// 108-megapixel phone photo fits, and decoding one (libheif's planes,
    /// its RGBA copy and Segue's surface) stays under 1.3 GB.
    public static let largestArea = 1 << 27

    /// The longest side a photo may declare. HEVC and AV1 pictures are
    /// coded in tiles well below this, joined by a grid.
    public static let longestSide = 16384

    /// The side up to which a picture decoded for a photo (the photo, or a
    /// tile of its grid) may exceed the photo's declared size.
    private static let smallestDecodingLimit = 4096

    public static func handles(_ path: String) -> Bool {
        extensions.contains { path.lowercased().hasSuffix($0) }
    }

    private static let loaded: Result<Void, SegueError> = {
        var reason = [CChar](repeating: 0, count: 512)
        guard segue_heif_load(&reason, reason.count) == 0 else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return .failure(SegueError(.io, "\(text) (Debian and Ubuntu: apt-get install libheif1)"))
        }
        return .success(())
    }()

    /// The photo at `path` and its ICC profile, if it has one.
    /// - Throws: as `read(bytes:name:)`; `.io` when the file cannot be read.
    public static func read(path: String) throws -> (picture: Surface, profile: [UInt8]?) {
        try contentsOfFile(path).withUnsafeBytes { try read(bytes: $0, name: path) }
    }

    /// The photo in `bytes` (from the file `name`) and its ICC profile, if it has one.
    /// - Throws: `.io` naming the file and saying what libheif refused (not
    ///   HEIF, a codec it cannot decode, damage), or that libheif is missing.
    public static func read(bytes: UnsafeRawBufferPointer, name path: String) throws -> (picture: Surface, profile: [UInt8]?) {
        try loaded.get()
        func check(_ error: heif_error) throws {
            guard error.code != heif_error_Ok else { return }
            let text = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
            throw SegueError(.io, "cannot read '\(path)' as a HEIF photo: \(text)")
        }
        guard let context = heif_context_alloc() else { throw SegueError(.outOfMemory, "cannot read '\(path)': out of memory") }
        defer { heif_context_free(context) }
        try check(heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil))
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        defer { heif_image_handle_release(handle) }
        let (declaredWidth, declaredHeight) = try declaredSize(of: handle, context: context, path: path)

        var profile: [UInt8]?
        let profileSize = heif_image_handle_get_raw_color_profile_size(handle)
        if profileSize > 0, profileSize <= ColourProfile.maximumSize {
            var bytes = [UInt8](repeating: 0, count: profileSize)
            if heif_image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok { profile = bytes }
        }

        // Decoding applies the transformations (clean aperture, irot, imir).
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil))
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw SegueError(.io, "cannot read '\(path)' as a HEIF photo: its image has no pixels")
        }
        guard width * height <= declaredWidth * declaredHeight, max(width, height) <= max(declaredWidth, declaredHeight) else {
            throw SegueError(.io, "cannot read '\(path)' as a HEIF photo: it declares \(declaredWidth)×\(declaredHeight) "
                + "pixels but decodes as \(width)×\(height)")
        }
        let surface = try Surface(width: width, height: height)
        for y in 0..<height {
            let source = plane + y * Int(stride)
            let row = surface.row(y)
            for x in 0..<width {
                let r = UInt32(source[4 * x]), g = UInt32(source[4 * x + 1]), b = UInt32(source[4 * x + 2])
                let a = UInt32(source[4 * x + 3])
                func premultiplied(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                row[x] = a << 24 | premultiplied(r) << 16 | premultiplied(g) << 8 | premultiplied(b)
            }
        }
        return (surface, profile)
    }

    /// The size the photo's `ispe` property declares, checked against
    /// `largestArea` and `longestSide`. It also bounds what libheif decodes:
    /// libheif sizes each picture by its codec's own headers, which a file
    /// can set apart from the declared size (Fuzz/, heif target: 649 bytes
    /// declared an 8×8 grid whose tile decoded as 14441×27759 and took 2.8
    /// GB), so no picture decoded for it may have a side longer than the
    /// photo's, or than `smallestDecodingLimit` for small photos whose grid
    /// tiles overhang them.
    private static func declaredSize(of handle: OpaquePointer?, context: OpaquePointer, path: String) throws -> (Int, Int) {
        let width = Int(heif_image_handle_get_ispe_width(handle)), height = Int(heif_image_handle_get_ispe_height(handle))
        guard width > 0, height > 0 else {
            throw SegueError(.io, "cannot read '\(path)' as a HEIF photo: it declares no size (no 'ispe' property)")
        }
        guard width <= longestSide, height <= longestSide, width * height <= largestArea else {
            throw SegueError(.io, "cannot read '\(path)' as a HEIF photo: it declares \(width)×\(height) pixels, "
                + "above \(longestSide) on a side or above \(largestArea / 1_000_000) megapixels")
        }
        heif_context_set_maximum_image_size_limit(context, Int32(max(width, height, smallestDecodingLimit)))
        return (width, height)
    }
}
