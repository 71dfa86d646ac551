import CLCMS
import CZlib
import SegueBasics
import SegueCompositor

/// The ICC profile a photo carries (a phone's Display P3, a camera's Adobe
/// RGB), ready to convert its pictures to sRGB — the BT.709 primaries
/// and white the engine composites in and outputs are tagged with — by
/// Little CMS, relative colorimetric: colours inside sRGB keep their
/// appearance, those outside it are clipped to its edge. A photo without a
/// profile is sRGB already.
public final class ColourProfile {
    private let transform: cmsHTRANSFORM

    /// The largest profile read: real ones are a few kilobytes, with lookup tables a few hundred.
    static let maximumSize = 4 << 20

    /// Reads the profile `data` and prepares its conversion to sRGB.
    /// - Throws: `.invalidArgument` saying why when Little CMS cannot read
    ///   it, or it is not a profile for RGB pictures.
    public init(data: [UInt8]) throws {
        guard data.count <= Self.maximumSize,
              let profile = data.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            throw SegueError.invalidArgument("its ICC profile cannot be read")
        }
        defer { cmsCloseProfile(profile) }
        guard cmsGetColorSpace(profile) == cmsSigRgbData else {
            throw SegueError.invalidArgument("its ICC profile is not for RGB pictures")
        }
        let sRGB = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(sRGB) }
        let format = segue_lcms_bgra8()
        guard let transform = cmsCreateTransform(profile, format, sRGB, format, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                                 cmsUInt32Number(cmsFLAGS_COPY_ALPHA)) else {
            throw SegueError.invalidArgument("its ICC profile cannot be converted to sRGB")
        }
        self.transform = transform
    }

    deinit { cmsDeleteTransform(transform) }

    /// Converts `surface`'s pixels (premultiplied, in this profile's RGB) to sRGB, in place.
    public func convertToSRGB(_ surface: Surface) {
        for y in 0..<surface.height {
            let row = surface.row(y)
            // Little CMS converts colour, not colour times alpha: unpremultiply around it.
            for x in 0..<surface.width { row[x] = Self.unpremultiplied(row[x]) }
            cmsDoTransform(transform, row, row, cmsUInt32Number(surface.width))
            for x in 0..<surface.width { row[x] = Self.premultiplied(row[x]) }
        }
    }

    private static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        guard alpha != 255, alpha != 0 else { return pixel }
        func channel(_ shift: UInt32) -> UInt32 { min(255, ((pixel >> shift & 255) * 255 + alpha / 2) / alpha) << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }

    private static func premultiplied(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        guard alpha != 255 else { return pixel }
        func channel(_ shift: UInt32) -> UInt32 { ((pixel >> shift & 255) * alpha + 127) / 255 << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }

    /// The profile the PNG file at `path` carries in its iCCP chunk (see `embedded(inPNG:)`).
    /// - Throws: as `embedded(inPNG:)`; `.io` when the file cannot be read.
    public static func embedded(inPNGFile path: String) throws -> [UInt8]? {
        try contentsOfFile(path).withUnsafeBytes { try embedded(inPNG: $0) }
    }

    /// The profile PNG data carries in its iCCP chunk, or nil when it has
    /// none (or its chunks end before one).
    /// - Throws: `.invalidArgument` saying what is wrong with its iCCP chunk
    ///   (cut short, too large, not zlib).
    public static func embedded(inPNG bytes: UnsafeRawBufferPointer) throws -> [UInt8]? {
        var offset = 8  // past the signature
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            // iCCP comes before the image data, or not at all.
            if type == "IDAT" || type == "IEND" { return nil }
            guard type == "iCCP" else {
                offset = data + length + 4  // the data and its CRC
                continue
            }
            guard length <= maximumSize else { throw SegueError.invalidArgument("its ICC profile takes \(length) bytes, beyond \(maximumSize)") }
            guard length <= bytes.count - data, let nameEnd = bytes[data..<min(data + length, data + 80)].firstIndex(of: 0),
                  nameEnd + 2 <= data + length else {
                throw SegueError.invalidArgument("its ICC profile is cut short")
            }
            // The profile's name, a zero, the compression method (0: zlib), then the compressed profile.
            return try inflate(UnsafeRawBufferPointer(rebasing: bytes[(nameEnd + 2)..<(data + length)]))
        }
        return nil
    }

    /// zlib data inflated, up to `maximumSize` bytes.
    private static func inflate(_ compressed: UnsafeRawBufferPointer) throws -> [UInt8] {
        var capacity = 1 << 16
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = uLongf(capacity)
            let status = uncompress(&output, &size, compressed.baseAddress?.assumingMemoryBound(to: Bytef.self),
                                    uLong(compressed.count))
            if status == Z_OK { return Array(output[..<Int(size)]) }
            guard status == Z_BUF_ERROR, capacity < maximumSize else {
                throw SegueError.invalidArgument("its ICC profile does not inflate (zlib status \(status))")
            }
            capacity *= 4
        }
    }
}
