// The properties the photo fuzzers check, shared with the regression tests.
//
// This file is compiled twice: here, by the tests (PhotoFuzzRegressionTests.swift
// replays the committed corpus), and in Fuzz/, where Fuzz/Sources/ICCFuzzer
// and Fuzz/Sources/HEIFFuzzer link to it. It uses only public API.
import SegueBasics
import SegueCompositor
import SegueMedia

enum PhotoFuzzing {
    static let name = "fuzz.heic"

    /// The input as an ICC profile, and as PNG data whose iCCP chunk is read:
    /// a profile that opens converts a small picture to sRGB, premultiplied
    /// as it came; every refusal is a `SegueError` `.invalidArgument`.
    /// Returns what went wrong, or nil.
    static func checkICC(_ input: [UInt8]) -> String? {
        var profiles = [input]
        do {
            if let embedded = try input.withUnsafeBytes({ try ColourProfile.embedded(inPNG: $0) }) {
                guard embedded.count <= 4 << 20 else { return "an iCCP chunk inflated to \(embedded.count) bytes" }
                profiles.append(embedded)
            }
        } catch let error as SegueError where error.code == .invalidArgument {
        } catch {
            return "reading the iCCP chunk of \(input.count) bytes failed with \(error)"
        }
        for data in profiles {
            let profile: ColourProfile
            do {
                profile = try ColourProfile(data: data)
            } catch let error as SegueError where error.code == .invalidArgument {
                continue
            } catch {
                return "a profile of \(data.count) bytes was refused with \(error)"
            }
            guard let surface = try? Surface(width: 4, height: 2) else { return "no surface" }
            for x in 0..<4 {
                surface.row(0)[x] = 0xFF00_0000 | UInt32(x * 60) << 16 | 0x80 << 8 | 0x20
                surface.row(1)[x] = UInt32(x * 60) << 24 | UInt32(x * 30) << 16 | UInt32(x * 20)
            }
            profile.convertToSRGB(surface)
            if let failure = premultiplied(surface, what: "converted by a \(data.count)-byte profile") { return failure }
        }
        return nil
    }

    /// The input as a HEIF photo: one that reads is a surface of a size
    /// Segue allows, premultiplied; a refusal is a `SegueError` (`.io` or
    /// `.outOfMemory`) naming the file.
    static func checkHEIF(_ input: [UInt8]) -> String? {
        do {
            let photo = try input.withUnsafeBytes { try HEIFPhoto.read(bytes: $0, name: name) }
            let (width, height) = (photo.picture.width, photo.picture.height)
            let sides = 1...HEIFPhoto.longestSide
            guard sides.contains(width), sides.contains(height), width * height <= HEIFPhoto.largestArea else {
                return "a \(width)×\(height) photo was read"
            }
            return premultiplied(photo.picture, what: "a HEIF photo of \(input.count) bytes")
        } catch let error as SegueError where error.code == .io || error.code == .outOfMemory {
            return error.message.contains("'\(name)'") ? nil : "refused without naming the file: \(error.message)"
        } catch {
            return "\(input.count) bytes were refused with \(error)"
        }
    }

    private static func premultiplied(_ surface: Surface, what: String) -> String? {
        for y in 0..<min(surface.height, max(1, 1 << 20 / surface.width)) {
            let row = surface.row(y)
            for x in 0..<surface.width {
                let pixel = row[x], alpha = pixel >> 24
                guard pixel >> 16 & 0xFF <= alpha, pixel >> 8 & 0xFF <= alpha, pixel & 0xFF <= alpha else {
                    return "pixel (\(x), \(y)) of \(what) is not premultiplied: 0x\(String(pixel, radix: 16))"
                }
            }
        }
        return nil
    }
}
