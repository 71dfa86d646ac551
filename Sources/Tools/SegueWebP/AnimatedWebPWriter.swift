import CWebP
import Glibc
import SegueBasics
import SegueCompositor
import SegueImageIO

/// Writes surfaces as an animated WebP file, which browsers play in an
/// `<img>`: the previews of the demo gallery. Built on libwebp's
/// `WebPAnimEncoder`. `[one thread per instance]`
///
/// Usage: `init`, then `add` every frame with its duration, then `finish()`
/// once (or `abandon()`). The file appears only when `finish()` succeeds,
/// all at once (see `AtomicFileWriter`); any failure, and a writer released
/// unfinished, leave no file and an existing one untouched.
///
/// WebP stores straight (not premultiplied) alpha: frames are converted
/// here, with `Premultiplication`'s rounding, and nowhere else. In both
/// modes the alpha channel is stored losslessly (in lossy mode, pixels the
/// encoder deems unchanged, within the threshold below, are carried over
/// from the previous frame, alpha included).
///
/// Consecutive frames that come out identical (lossy: within a
/// quality-dependent threshold, 4 levels at quality 80) are merged into one
/// frame with the summed duration, so a decoder may count fewer frames than
/// were added; the playing time is kept. An animation that ends up with a
/// single frame is stored as a still image when that is smaller.
///
/// Encoder settings, measured on 24 frames of 480×270 (the demo's own
/// pictures, photographic stand-ins with grain, and transparent artwork):
/// - The default is lossless, level 4. On the demo's transitions it is
///   exact and mostly far smaller than lossy (crossfade 11 KiB against
///   527 KiB, move 205 against 855, pager 22 against 791; scale 1169 against
///   844), while lossy at any quality smears their fine stripes (4:2:0
///   chroma; PSNR 18–19 dB). Photographs are the opposite case (2.4 MiB
///   lossless against 70–100 KiB lossy at 36–37 dB): pass `.lossy(quality:
///   80)` for them. Level 4 takes 1–2 s for 24 frames, as small as level 6
///   (libwebp's default, 2–2.5 times slower) and 10–50 % smaller than level 2.
/// - Key frames (`kmin`/`kmax`): lossless 9/17 and lossy 3/5, as
///   `img2webp` and `gif2webp` choose. Between key frames the encoder stores
///   only the changed rectangle; a key frame is picked where it is smaller,
///   and in lossy mode it bounds the drift that builds up as unchanged-looking
///   pixels are carried over (a slow crossfade: 36.8 dB with key frames, 34.3
///   without). libwebp's own default disables key frames. Lossless 9/17
///   against none: up to 24 % smaller, 25–35 % slower.
/// - `allow_mixed` on in lossy mode only: frames with few colours (flat
///   artwork, text, transparent cut-outs) are also tried lossless and the
///   smaller wins (transparent card: 6 KiB exact against 26 KiB); frames
///   with many colours are unaffected, at no cost in time. Off in lossless
///   mode, where it would let libwebp store many-coloured frames lossy.
/// - Lossy: `method` 4 (libwebp's default; 6 saves 4–15 % at 2–10 times
///   the time), plain RGB to YUV (sharp YUV costs 18 % more bytes for
///   0.4 dB on photographs), one thread (the demo renders in parallel).
/// - `minimize_size` off: it tries every frame both ways, slowly.
public final class AnimatedWebPWriter {
    /// How colours are stored.
    public enum Compression: Equatable, Sendable {
        /// Lossy colour (VP8, 4:2:0 chroma) at `quality` 0…100, lossless
        /// alpha. Frames with few colours may be stored losslessly when
        /// that is smaller.
        case lossy(quality: Int)
        /// Exact pixels; `level` 0…9 trades encoding time for size, as
        /// libwebp's lossless presets (`cwebp -z`) do.
        case lossless(level: Int)
    }

    /// Exact previews, small for artwork and the demo's pictures; see the
    /// notes above.
    public static let defaultCompression = Compression.lossless(level: 4)
    /// The largest width or height WebP can store (`WEBP_MAX_DIMENSION`).
    public static let maximumSide = Int(WEBP_MAX_DIMENSION)
    /// The longest frame WebP can store, in milliseconds (a 24-bit field).
    public static let maximumDuration = 0xFF_FFFF
    /// The largest loop count WebP can store (16 bits); 0 loops forever.
    public static let maximumLoopCount = 0xFFFF

    public let path: String
    public let width: Int
    public let height: Int
    public let compression: Compression
    /// Frames added so far (before identical frames are merged).
    public private(set) var frameCount = 0
    /// The animation's length so far: the sum of the frames' durations.
    public private(set) var durationMilliseconds = 0

    private var encoder: OpaquePointer?
    private var file: AtomicFileWriter?
    private var config = WebPConfig()
    /// One straight-alpha ARGB frame, reused: libwebp copies it on `add`.
    private var picture = WebPPicture()
    private var hasPicture = false

    /// Starts an animation of `width`×`height` frames that will replace
    /// `path`. The file's temporary sibling is created now, so an unwritable
    /// folder fails here, before any frame is rendered.
    ///
    /// - Parameters:
    ///   - compression: lossless (the default) or lossy; see the notes above.
    ///   - loopCount: how many times browsers play the animation; 0 loops
    ///     forever.
    /// - Throws: `.invalidArgument` naming `path` for a side outside
    ///   1…`maximumSide`, a quality outside 0…100, a level outside 0…9, a
    ///   loop count outside 0…`maximumLoopCount`, or a path that names no
    ///   file; `.io` naming `path` when its folder is missing or not
    ///   writable; `.outOfMemory`.
    public init(
        path: String, width: Int, height: Int,
        compression: Compression = AnimatedWebPWriter.defaultCompression, loopCount: Int = 0
    ) throws {
        self.path = path
        self.width = width
        self.height = height
        self.compression = compression
        let sides = 1...Self.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw SegueError.invalidArgument(
                "cannot write '\(path)': a WebP frame of \(width)×\(height) is outside 1…\(Self.maximumSide) on a side")
        }
        guard (0...Self.maximumLoopCount).contains(loopCount) else {
            throw SegueError.invalidArgument(
                "cannot write '\(path)': loop count \(loopCount) is outside 0…\(Self.maximumLoopCount)")
        }
        config = try Self.makeConfig(compression, path: path)

        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw SegueError(.format, "cannot write '\(path)': the libwebp library does not match its headers")
        }
        let isLossless = config.lossless != 0
        options.anim_params.loop_count = Int32(loopCount)
        options.anim_params.bgcolor = 0  // transparent; browsers ignore it anyway
        options.minimize_size = 0
        options.kmin = isLossless ? 9 : 3
        options.kmax = isLossless ? 17 : 5
        options.allow_mixed = isLossless ? 0 : 1

        guard WebPPictureInit(&picture) != 0 else {
            throw SegueError(.format, "cannot write '\(path)': the libwebp library does not match its headers")
        }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else {
            throw SegueError(.outOfMemory, "cannot allocate a \(width)×\(height) WebP frame for '\(path)'")
        }
        hasPicture = true
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw SegueError(.outOfMemory, "cannot allocate a \(width)×\(height) WebP encoder for '\(path)'")
        }
        self.encoder = encoder
        file = try AtomicFileWriter(path: path)
    }

    deinit {
        abandon()
        if hasPicture { WebPPictureFree(&picture) }
    }

    /// Encodes one more frame, shown for `durationMilliseconds`.
    /// - Throws: `.invalidArgument` naming `path` when the surface is not
    ///   `width`×`height`, the duration is outside 1…`maximumDuration`, the
    ///   animation would pass 2³¹ − 1 ms, or the writer is finished (nothing
    ///   is added, and the writer stays usable unless it was finished);
    ///   `.outOfMemory` or `.format` when libwebp fails, after which the
    ///   writer is abandoned.
    public func add(_ frame: Surface, durationMilliseconds duration: Int) throws {
        let encoder = try activeEncoder()
        guard frame.width == width, frame.height == height else {
            throw SegueError.invalidArgument(
                "cannot write '\(path)': a \(frame.width)×\(frame.height) surface cannot be a frame of a \(width)×\(height) animation")
        }
        guard (1...Self.maximumDuration).contains(duration) else {
            throw SegueError.invalidArgument(
                "cannot write '\(path)': a frame duration of \(duration) ms is outside 1…\(Self.maximumDuration)")
        }
        guard durationMilliseconds <= Int(Int32.max) - duration else {
            throw SegueError.invalidArgument("cannot write '\(path)': the animation would last longer than \(Int32.max) ms")
        }
        Self.straighten(frame, into: picture.argb!, stride: Int(picture.argb_stride))
        picture.error_code = VP8_ENC_OK
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(durationMilliseconds), &config) != 0 else {
            let error = encoderError(encoder, code: picture.error_code, doing: "encode frame \(frameCount)")
            abandon()
            throw error
        }
        frameCount += 1
        durationMilliseconds += duration
    }

    /// Assembles the animation and writes it to `path`, atomically. The
    /// writer is finished afterwards, whether this succeeds or not.
    /// - Throws: `.invalidArgument` naming `path` when no frame was added
    ///   (no file is written: an empty animation is not a valid WebP) or the
    ///   writer is already finished; `.io` naming `path` when the file cannot
    ///   be written; `.outOfMemory` or `.format` when libwebp fails.
    public func finish() throws {
        let encoder = try activeEncoder()
        defer { abandon() }
        guard frameCount > 0 else {
            throw SegueError.invalidArgument("cannot write '\(path)': an animation needs at least one frame")
        }
        // A last, empty frame gives the final frame its duration.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(durationMilliseconds), nil) != 0 else {
            throw encoderError(encoder, code: VP8_ENC_OK, doing: "end the animation")
        }
        var data = WebPData()
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw encoderError(encoder, code: VP8_ENC_OK, doing: "assemble the animation")
        }
        guard let file else { throw finishedError() }  // checked by activeEncoder()
        guard fwrite(bytes, 1, data.size, file.file) == data.size else {
            throw SegueError(.io, "cannot write '\(path)': \(describeErrno())")
        }
        self.file = nil
        try file.commit()
    }

    /// Drops the animation: frees the encoder and removes the temporary
    /// file; `path` is untouched. Does nothing once finished or abandoned.
    public func abandon() {
        if let encoder {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
        }
        file?.abandon()
        file = nil
    }

    private func activeEncoder() throws -> OpaquePointer {
        guard let encoder, file != nil else { throw finishedError() }
        return encoder
    }

    private func finishedError() -> SegueError {
        SegueError.invalidArgument("cannot write '\(path)': the animation was already finished or abandoned")
    }

    /// The error libwebp reported for `encoder`, naming the file.
    private func encoderError(_ encoder: OpaquePointer, code: WebPEncodingError, doing what: String) -> SegueError {
        let reason = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        let detail = reason.isEmpty ? "libwebp gave no reason" : "libwebp: \(reason)"
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY:
            return SegueError(.outOfMemory, "cannot write '\(path)': out of memory to \(what) (\(detail))")
        default:
            if reason.lowercased().contains("memory") {
                return SegueError(.outOfMemory, "cannot write '\(path)': out of memory to \(what) (\(detail))")
            }
            return SegueError(.format, "cannot write '\(path)': cannot \(what) (\(detail))")
        }
    }

    /// The per-frame settings; see the type's notes for the choices.
    private static func makeConfig(_ compression: Compression, path: String) throws -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw SegueError(.format, "cannot write '\(path)': the libwebp library does not match its headers")
        }
        switch compression {
        case .lossy(let quality):
            guard (0...100).contains(quality) else {
                throw SegueError.invalidArgument("cannot write '\(path)': WebP quality \(quality) is outside 0…100")
            }
            config.lossless = 0
            config.quality = Float(quality)
            config.method = 4
        case .lossless(let level):
            guard (0...9).contains(level), WebPConfigLosslessPreset(&config, Int32(level)) != 0 else {
                throw SegueError.invalidArgument("cannot write '\(path)': WebP lossless level \(level) is outside 0…9")
            }
        }
        config.alpha_quality = 100
        config.use_sharp_yuv = 0
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw SegueError.invalidArgument("cannot write '\(path)': libwebp refuses \(compression)")
        }
        return config
    }

    /// Copies `surface` into libwebp's ARGB plane (native-endian 0xAARRGGBB,
    /// like a surface, but straight alpha); `stride` is in pixels.
    private static func straighten(_ surface: Surface, into argb: UnsafeMutablePointer<UInt32>, stride: Int) {
        for y in 0..<surface.height {
            let source = surface.row(y)
            let target = argb + y * stride
            for x in 0..<surface.width {
                target[x] = Premultiplication.unpremultiplied(source[x])
            }
        }
    }
}
