import CWebP
import CWebP.Demux
import Glibc
import SegueBasics
import SegueCompositor
import Testing

@testable import SegueImageIO
import SegueWebP

/// An animated WebP file as libwebp's own animation decoder sees it: the
/// independent check on `AnimatedWebPWriter`.
private struct DecodedWebP {
    var width = 0
    var height = 0
    var loopCount = 0
    /// Whether the file has an ANIM chunk (an animation, not a still image).
    var isAnimation = false
    /// Every frame as the full canvas, premultiplied 0xAARRGGBB like a
    /// surface, with how long it is shown.
    var frames: [(pixels: [UInt32], duration: Int)] = []

    /// Decodes `path` with `WebPAnimDecoder`, into straight RGBA bytes that
    /// are then premultiplied with `Premultiplication`: premultiplying what
    /// the writer unpremultiplied gives back the surface's exact values.
    init(path: String) throws {
        var bytes = try readFile(path)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw SegueError(.format, "libwebp version mismatch") }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw SegueError(.format, "libwebp cannot decode '\(path)'")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw SegueError(.format, "no info in '\(path)'") }
            (width, height, loopCount) = (Int(info.canvas_width), Int(info.canvas_height), Int(info.loop_count))
            isAnimation = WebPDemuxGetI(WebPAnimDecoderGetDemuxer(decoder), WEBP_FF_FORMAT_FLAGS)
                & UInt32(ANIMATION_FLAG.rawValue) != 0
            var previous: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var rgba: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &rgba, &timestamp) != 0, let rgba else {
                    throw SegueError(.format, "libwebp cannot decode frame \(frames.count) of '\(path)'")
                }
                let pixels = (0..<(width * height)).map { index in
                    let p = rgba + 4 * index
                    return Premultiplication.premultiplied(argb(UInt32(p[3]), UInt32(p[0]), UInt32(p[1]), UInt32(p[2])))
                }
                frames.append((pixels, Int(timestamp - previous)))
                previous = timestamp
            }
            guard frames.count == Int(info.frame_count) else {
                throw SegueError(.format, "'\(path)' announces \(info.frame_count) frames but holds \(frames.count)")
            }
        }
    }

    var durations: [Int] { frames.map(\.duration) }
}

/// The largest and the mean difference, over every channel of every pixel.
private func channelError(_ decoded: [UInt32], _ expected: Surface) -> (max: Int, mean: Double) {
    let original = pixels(of: expected)
    var worst = 0, total = 0
    for (a, b) in zip(decoded, original) {
        for shift in stride(from: 0, through: 24, by: 8) {
            let difference = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
            worst = max(worst, difference)
            total += difference
        }
    }
    return (worst, Double(total) / Double(4 * original.count))
}

/// The alpha channel of every pixel.
private func alphas(_ pixels: [UInt32]) -> [UInt32] { pixels.map { $0 >> 24 } }

/// Whether the RIFF file holds a chunk of this four-character type
/// (frames are nested in ANMF chunks, so this scans the bytes).
private func containsChunk(_ type: String, in bytes: [UInt8]) -> Bool {
    let pattern = Array(type.utf8)
    return bytes.count >= pattern.count
        && (0...(bytes.count - pattern.count)).contains { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
}

/// Peak signal-to-noise ratio over every channel, in dB.
private func psnr(_ decoded: [UInt32], _ expected: Surface) -> Double {
    var squares = 0.0, count = 0
    for (a, b) in zip(decoded, pixels(of: expected)) {
        for shift: UInt32 in [0, 8, 16, 24] {
            let difference = Double(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
            squares += difference * difference
            count += 1
        }
    }
    return squares == 0 ? .infinity : 10 * log10(255 * 255 * Double(count) / squares)
}

extension FileWritingTests {
    struct WebPTests {
        /// Frame `index` of a small animation: a diagonal gradient, a square
        /// that moves, and a band of every alpha value, premultiplied.
        static func frame(_ index: Int, width: Int = 48, height: Int = 32) throws -> Surface {
            try makeSurface(width: width, height: height) { x, y in
                if y >= height - 4 {  // a band of alpha values, with colour
                    let alpha = UInt32((x * 255) / (width - 1))
                    return Premultiplication.premultiplied(argb(alpha, 200, UInt32(40 + index), 90))
                }
                let inSquare = (index * 3...index * 3 + 9).contains(x) && (8...17).contains(y)
                if inSquare { return argb(255, 250, 250, 240) }
                return argb(255, UInt32((x * 5 + index * 7) & 0xFF), UInt32((y * 7) & 0xFF), UInt32(((x + y) * 3) & 0xFF))
            }
        }

        /// Frame `index` of photograph-like content, where lossy coding is
        /// meant to be used: smooth colour fields with many colours, a disc
        /// that moves, and a translucent band whose alpha runs 0…255.
        static func smoothFrame(_ index: Int, width: Int = 96, height: Int = 64) throws -> Surface {
            try makeSurface(width: width, height: height) { x, y in
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                let dx = x - 20 - 6 * index, dy = y - 28
                if dx * dx + dy * dy < 100 { return argb(255, 240, 220, 60) }
                let red = UInt32(128 + 100 * sin(6 * fx) * cos(3 * fy))
                let green = UInt32(40 + 180 * fy)
                let blue = UInt32(128 + 90 * cos(5 * (fx + fy) + Double(index) / 4))
                let alpha: UInt32 = y >= height - 6 ? UInt32(x * 255 / (width - 1)) : 255
                return Premultiplication.premultiplied(argb(alpha, red, green, blue))
            }
        }

        /// Writes `frames` with `durations` and decodes the result.
        private static func roundTrip(
            _ frames: [Surface], durations: [Int], compression: AnimatedWebPWriter.Compression = .lossless(level: 4),
            loopCount: Int = 0, in folder: String
        ) throws -> (decoded: DecodedWebP, bytes: [UInt8]) {
            let path = folder + "/anim.webp"
            let writer = try AnimatedWebPWriter(
                path: path, width: frames[0].width, height: frames[0].height, compression: compression, loopCount: loopCount)
            for (frame, duration) in zip(frames, durations) {
                try writer.add(frame, durationMilliseconds: duration)
            }
            #expect(!fileExists(path))
            try writer.finish()
            #expect(folderEntries(folder) == ["anim.webp"])
            #expect(writer.frameCount == frames.count)
            #expect(writer.durationMilliseconds == durations.reduce(0, +))
            return (try DecodedWebP(path: path), try readFile(path))
        }

        /// The default writer is lossless: every frame comes back exactly,
        /// with its duration, and the loop count is kept.
        @Test func theDefaultIsLosslessAndRoundTripsExactly() throws {
            #expect(AnimatedWebPWriter.defaultCompression == .lossless(level: 4))
            try withTemporaryFolder { folder in
                let path = folder + "/anim.webp"
                let frames = try (0..<5).map { try Self.frame($0) }
                let durations = [40, 80, 120, 1000, 33]
                let writer = try AnimatedWebPWriter(path: path, width: 48, height: 32, loopCount: 3)
                for (frame, duration) in zip(frames, durations) {
                    try writer.add(frame, durationMilliseconds: duration)
                }
                try writer.finish()
                let decoded = try DecodedWebP(path: path)
                #expect(decoded.isAnimation)
                #expect(decoded.width == 48 && decoded.height == 32)
                #expect(decoded.loopCount == 3)
                #expect(decoded.durations == durations)
                for (index, frame) in frames.enumerated() {
                    #expect(decoded.frames[index].pixels == pixels(of: frame), "frame \(index)")
                }
                let bytes = try readFile(path)
                #expect(containsChunk("VP8L", in: bytes) && !containsChunk("VP8 ", in: bytes))
            }
        }

        /// Lossy, quality 80, looping forever. Tolerance, per frame: at
        /// least 30 dB PSNR and a mean error of at most 3 levels over the
        /// four channels (measured with libwebp 1.2.4: 32.2–37.3 dB, mean
        /// 1.7–2.0). No bound on the worst pixel: at the disc's edge 4:2:0
        /// chroma errs by over 100 levels, as lossy WebP does. Alpha exact,
        /// because the alpha plane is always stored losslessly.
        @Test func lossyFramesRoundTripWithinTolerance() throws {
            try withTemporaryFolder { folder in
                let frames = try (0..<8).map { try Self.smoothFrame($0) }
                let durations = [Int](repeating: 42, count: 8)
                let (decoded, bytes) = try Self.roundTrip(
                    frames, durations: durations, compression: .lossy(quality: 80), in: folder)
                #expect(containsChunk("VP8 ", in: bytes))
                #expect(decoded.isAnimation)
                #expect(decoded.width == 96 && decoded.height == 64)
                #expect(decoded.loopCount == 0)
                #expect(decoded.durations == durations)
                for (index, frame) in frames.enumerated() {
                    let decodedPixels = decoded.frames[index].pixels
                    let (_, mean) = channelError(decodedPixels, frame)
                    let quality = psnr(decodedPixels, frame)
                    #expect(quality >= 30 && mean <= 3, "frame \(index): \(quality) dB, mean error \(mean)")
                    #expect(alphas(decodedPixels) == alphas(pixels(of: frame)), "frame \(index)")
                }
            }
        }

        /// A half-transparent frame keeps its alpha exactly, in both modes,
        /// and its colour: exactly when lossless; lossy, within a mean of
        /// 2 levels and a worst of 16 (measured: 0.9 and 7; premultiplied
        /// by alpha 128, so straight errors are halved).
        @Test(arguments: [AnimatedWebPWriter.Compression.lossless(level: 4), .lossy(quality: 80)])
        func halfTransparentFramesKeepTheirAlpha(compression: AnimatedWebPWriter.Compression) throws {
            try withTemporaryFolder { folder in
                let half = try makeSurface(width: 40, height: 30) { x, y in
                    Premultiplication.premultiplied(argb(128, UInt32(x * 6), UInt32(y * 8), 77))
                }
                let clear = try makeSurface(width: 40, height: 30) { _, _ in 0 }
                let (decoded, _) = try Self.roundTrip([half, clear], durations: [100, 100], compression: compression, in: folder)
                #expect(decoded.frames.count == 2)
                #expect(alphas(decoded.frames[0].pixels) == [UInt32](repeating: 128, count: 40 * 30))
                let error = channelError(decoded.frames[0].pixels, half)
                if case .lossless = compression {
                    #expect(error.max == 0)
                } else {
                    #expect(error.mean <= 2 && error.max <= 16, "\(error)")
                }
                #expect(decoded.frames[1].pixels == [UInt32](repeating: 0, count: 40 * 30))
            }
        }

        /// WebPAnimEncoder merges a frame identical to the one before into it:
        /// fewer frames, same playing time.
        @Test func identicalFramesMergeAndKeepTheirTime() throws {
            try withTemporaryFolder { folder in
                let (a, b) = (try Self.frame(0), try Self.frame(5))
                let (decoded, _) = try Self.roundTrip([a, a, a, b], durations: [50, 50, 50, 200], in: folder)
                #expect(decoded.durations == [150, 200])
                #expect(decoded.frames[0].pixels == pixels(of: a) && decoded.frames[1].pixels == pixels(of: b))
            }
        }

        /// One frame is a valid file; libwebp may store it as a still image.
        @Test func aSingleFrameIsAValidFile() throws {
            try withTemporaryFolder { folder in
                let frame = try Self.frame(2)
                let (decoded, _) = try Self.roundTrip([frame], durations: [500], in: folder)
                #expect(decoded.frames.count == 1)
                #expect(decoded.frames[0].pixels == pixels(of: frame))
            }
        }

        @Test func aFrameOfTheWrongSizeIsRefused() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/wrong.webp"
                do {
                    let writer = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                    for surface in [try Self.frame(0, width: 47), try Self.frame(0, height: 33)] {
                        let error = #expect(throws: SegueError.self) { try writer.add(surface, durationMilliseconds: 40) }
                        #expect(error?.code == .invalidArgument)
                        #expect(error?.message.contains(path) == true)
                    }
                    #expect(writer.frameCount == 0)
                    #expect(!fileExists(path))
                    // Nothing was added; the writer is still usable.
                    try writer.add(try Self.frame(0), durationMilliseconds: 40)
                    #expect(writer.frameCount == 1)
                }
                // Released unfinished: no file, no temporary file.
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test(arguments: [(0, 10), (10, 0), (-1, 10), (10, -5), (16384, 10), (10, 16384), (Int.max, 1), (1, Int.min)])
        func badSizesAreRefusedWithoutAFile(width: Int, height: Int) throws {
            try withTemporaryFolder { folder in
                let path = folder + "/bad.webp"
                let error = #expect(throws: SegueError.self) {
                    _ = try AnimatedWebPWriter(path: path, width: width, height: height)
                }
                #expect(error?.code == .invalidArgument)
                #expect(error?.message.contains(path) == true)
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test func theLargestSizeIsAccepted() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/wide.webp"
                let writer = try AnimatedWebPWriter(path: path, width: 16383, height: 1)
                try writer.add(try Surface(width: 16383, height: 1), durationMilliseconds: 10)
                try writer.finish()
                let decoded = try DecodedWebP(path: path)
                #expect(decoded.width == 16383 && decoded.height == 1)
            }
        }

        @Test func badSettingsAndDurationsAreRefused() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/bad.webp"
                let settings: [(AnimatedWebPWriter.Compression, Int)] = [
                    (.lossy(quality: -1), 0), (.lossy(quality: 101), 0), (.lossless(level: -1), 0),
                    (.lossless(level: 10), 0), (.lossless(level: 4), -1), (.lossy(quality: 80), 65536),
                ]
                for (compression, loopCount) in settings {
                    let error = #expect(throws: SegueError.self) {
                        _ = try AnimatedWebPWriter(path: path, width: 8, height: 8, compression: compression, loopCount: loopCount)
                    }
                    #expect(error?.code == .invalidArgument)
                    #expect(error?.message.contains(path) == true)
                }
                #expect(folderEntries(folder).isEmpty)
                let writer = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                let frame = try Self.frame(0)
                for duration in [0, -40, 0x100_0000, Int.max, Int.min] {
                    let error = #expect(throws: SegueError.self) { try writer.add(frame, durationMilliseconds: duration) }
                    #expect(error?.code == .invalidArgument)
                    #expect(error?.message.contains(path) == true)
                }
                // The animation's length must fit libwebp's int timestamps:
                // 128 frames of the longest duration do, a 129th does not.
                for _ in 0..<128 { try writer.add(frame, durationMilliseconds: AnimatedWebPWriter.maximumDuration) }
                let error = #expect(throws: SegueError.self) {
                    try writer.add(frame, durationMilliseconds: AnimatedWebPWriter.maximumDuration)
                }
                #expect(error?.code == .invalidArgument)
                writer.abandon()
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test func anUnwritableFolderIsAnIOError() throws {
            try withTemporaryFolder { folder in
                try writeFile(folder + "/plain", [1, 2, 3])
                // Tests may run as root, which ignores permission bits, so use
                // folders that cannot hold files at all: a missing one and a
                // regular file.
                for path in [folder + "/missing/anim.webp", folder + "/plain/anim.webp"] {
                    let error = #expect(throws: SegueError.self) {
                        _ = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                    }
                    #expect(error?.code == .io)
                    #expect(error?.message.contains(path) == true)
                }
                #expect(folderEntries(folder) == ["plain"])
            }
        }

        @Test func zeroFramesIsAnErrorAndWritesNothing() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/empty.webp"
                let writer = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                let error = #expect(throws: SegueError.self) { try writer.finish() }
                #expect(error?.code == .invalidArgument)
                #expect(error?.message.contains(path) == true)
                #expect(error?.message.contains("at least one frame") == true)
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test func aFinishedWriterRefusesMoreWork() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/done.webp"
                let writer = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                try writer.add(try Self.frame(0), durationMilliseconds: 100)
                try writer.add(try Self.frame(1), durationMilliseconds: 100)
                try writer.finish()
                let written = try readFile(path)
                let attempts: [() throws -> Void] = [
                    { try writer.add(try Self.frame(2), durationMilliseconds: 100) }, { try writer.finish() },
                ]
                for attempt in attempts {
                    let error = #expect(throws: SegueError.self) { try attempt() }
                    #expect(error?.code == .invalidArgument)
                    #expect(error?.message.contains(path) == true)
                }
                writer.abandon()
                #expect(try readFile(path) == written)
                #expect(folderEntries(folder) == ["done.webp"])
            }
        }

        /// The target changes only on a successful `finish()`: abandoning
        /// (explicitly or by release) keeps the old file.
        @Test func anExistingFileIsReplacedOnlyByFinish() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/preview.webp"
                try writeFile(path, [7, 7, 7])
                let abandoned = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                try abandoned.add(try Self.frame(0), durationMilliseconds: 100)
                abandoned.abandon()
                abandoned.abandon()
                do {
                    let released = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                    try released.add(try Self.frame(0), durationMilliseconds: 100)
                }
                #expect(try readFile(path) == [7, 7, 7])
                #expect(folderEntries(folder) == ["preview.webp"])
                let writer = try AnimatedWebPWriter(path: path, width: 48, height: 32)
                try writer.add(try Self.frame(0), durationMilliseconds: 100)
                try writer.add(try Self.frame(1), durationMilliseconds: 100)
                try writer.finish()
                #expect(try DecodedWebP(path: path).frames.count == 2)
                #expect(folderEntries(folder) == ["preview.webp"])
            }
        }
    }
}
