// The properties the PNG fuzzer checks, shared with the regression tests.
//
// This file is compiled twice: here, by the tests (PNGFuzzRegressionTests.swift
// replays the inputs the fuzzer found), and in Fuzz/, where
// Fuzz/Sources/PNGFuzzer links to it. It uses only public API.
import SegueBasics
import SegueCompositor
import SegueImageIO

enum PNGFuzzing {
    static let name = "fuzz.png"

    /// Checks `PNG.read(bytes:name:)` on `bytes` with their chunks' CRCs
    /// corrected (so that mutations reach libpng's decoding rather than its
    /// CRC check): a file that reads gives a surface of a size Segue allows
    /// whose pixels are premultiplied; a refusal is a `SegueError` (`.format`,
    /// or `.outOfMemory`) naming the file. Returns what went wrong, or nil.
    static func check(_ input: [UInt8]) -> String? {
        let bytes = withCorrectCRCs(input)
        let surface: Surface
        do {
            surface = try bytes.withUnsafeBytes { try PNG.read(bytes: $0, name: name) }
        } catch let error as SegueError {
            guard error.code == .format || error.code == .outOfMemory else {
                return "\(bytes.count) bytes were refused with code \(error.code): \(error.message)"
            }
            guard error.message.contains("'\(name)'") else {
                return "\(bytes.count) bytes were refused without naming the file: \(error.message)"
            }
            return nil
        } catch {
            return "\(bytes.count) bytes were refused with \(type(of: error)), not a SegueError: \(error)"
        }
        let sides = 1...Surface.maximumSide
        guard sides.contains(surface.width), sides.contains(surface.height), surface.stride >= surface.width * 4 else {
            return "a \(surface.width)×\(surface.height) surface with stride \(surface.stride) was read"
        }
        // Premultiplied: no colour channel exceeds alpha. (Only the first
        // rows of a huge image, to keep each run fast.)
        for y in 0..<min(surface.height, max(1, 1 << 22 / surface.width)) {
            let row = surface.row(y)
            for x in 0..<surface.width {
                let pixel = row[x], alpha = pixel >> 24
                guard (pixel >> 16) & 0xFF <= alpha, (pixel >> 8) & 0xFF <= alpha, pixel & 0xFF <= alpha else {
                    return "pixel (\(x), \(y)) of a \(surface.width)×\(surface.height) PNG is not premultiplied: "
                        + "0x\(String(pixel, radix: 16))"
                }
            }
        }
        return nil
    }

    /// `bytes` with the CRC of every whole chunk after the 8-byte signature recomputed.
    static func withCorrectCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            guard length <= bytes.count - offset - 12 else { break }
            let crc = crc32(bytes[(offset + 4)..<(offset + 8 + length)])
            for i in 0..<4 { bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            offset += 12 + length
        }
        return bytes
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// The CRC-32 PNG chunks carry (ISO 3309).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
