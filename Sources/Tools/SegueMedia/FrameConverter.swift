import CAV
import SegueBasics
import SegueCompositor
import SegueImageIO

/// Decoded frames (any pixel format FFmpeg decodes) to premultiplied ARGB32
/// surfaces through libswscale, with the colour matrix and range the frame
/// declares (BT.601 when it declares none, as FFmpeg assumes), resampled to
/// square pixels (`displayWidth`) and turned upright by the stream's rotation.
///
/// The scaler's flags are the `ffmpeg` tool's own (bicubic, chroma as
/// swscale's unscaled converters upsample it), so a frame here has the same
/// pixels as `ffmpeg -i clip -pix_fmt rgb24` gives. `[one thread per instance]`
final class FrameConverter {
    private var context: OpaquePointer?
    private var key: (Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, -1, 0, 0, 0)
    /// The width frames are shown at (before turning): their own, or as
    /// their sample aspect ratio widens or narrows them; nil for their own.
    var displayWidth: Int?

    /// The width `frame` is shown at with pixels of `aspect` (width ÷ height):
    /// its own for square or unknown pixels, else the nearest even width
    /// (what 4:2:0 output needs), within 1…`Surface.maximumSide`.
    static func displayWidth(of frame: UnsafeMutablePointer<AVFrame>, aspect: AVRational) -> Int {
        let width = Int(frame.pointee.width)
        guard aspect.num > 0, aspect.den > 0, aspect.num != aspect.den else { return width }
        let shown = (Double(width) * Double(aspect.num) / Double(aspect.den) / 2).rounded() * 2
        return Int(min(max(shown, 2), Double(Surface.maximumSide)))
    }

    deinit { if let context { sws_freeContext(context) } }

    /// Surfaces are reused: the frame shown now and the one after it.
    private var scratch: Surface?

    /// Converts `frame` into `target`, turned clockwise by `rotation` (0, 90,
    /// 180 or 270 degrees); `target` must have the upright size.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>, rotation: Int, into target: Surface, file: String) throws {
        let width = frame.pointee.width, height = frame.pointee.height
        let shown = Int32(displayWidth ?? Int(width))
        let format = frame.pointee.format
        let turned = rotation % 180 != 0
        guard Int(turned ? height : shown) == target.width, Int(turned ? shown : height) == target.height else {
            throw SegueError(.io, "cannot read '\(file)': its pictures change size (\(width)×\(height) after \(target.width)×\(target.height))")
        }
        var upright = target
        if rotation != 0 {
            if scratch?.width != Int(shown) || scratch?.height != Int(height) {
                scratch = try Surface(width: Int(shown), height: Int(height))
            }
            upright = scratch!
        }
        try prepare(width: width, height: height, shown: shown, format: format,
                    colorspace: frame.pointee.colorspace.rawValue, range: frame.pointee.color_range.rawValue, file: file)
        var destination: [UnsafeMutablePointer<UInt8>?] = [upright.pixels.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
        var destinationStride: [Int32] = [Int32(upright.stride), 0, 0, 0]
        let rows = withUnsafePointer(to: &frame.pointee.data) { data in
            data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                withUnsafePointer(to: &frame.pointee.linesize) { lines in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        sws_scale(context, planes, strides, 0, height, &destination, &destinationStride)
                    }
                }
            }
        }
        guard rows == height else { throw SegueError(.io, "cannot convert a frame of '\(file)' to RGB") }
        if let descriptor = av_pix_fmt_desc_get(AVPixelFormat(format)),
           descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 {
            Premultiplication.premultiplyInPlace(upright)
        }
        if rotation != 0 { Self.rotate(upright, clockwise: rotation, into: target) }
    }

    /// A scaler for this size and format, reused while they stay the same.
    private func prepare(width: Int32, height: Int32, shown: Int32, format: Int32, colorspace: UInt32, range: UInt32,
                         file: String) throws {
        let wanted = (width, height, shown, format, Int32(colorspace), Int32(range))
        if context != nil, wanted == key { return }
        sws_freeContext(context)
        context = sws_getContext(width, height, AVPixelFormat(format), shown, height, AV_PIX_FMT_BGRA,
                                 SWS_BICUBIC, nil, nil, nil)
        guard context != nil else {
            let name = av_get_pix_fmt_name(AVPixelFormat(format)).map { String(cString: $0) } ?? "format \(format)"
            throw SegueError(.io, "cannot convert the \(name) frames of '\(file)' to RGB")
        }
        key = wanted
        let matrix: Int32 = switch AVColorSpace(colorspace) {
        case AVCOL_SPC_BT709: SWS_CS_ITU709
        case AVCOL_SPC_FCC: SWS_CS_FCC
        case AVCOL_SPC_SMPTE240M: SWS_CS_SMPTE240M
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: SWS_CS_BT2020
        default: SWS_CS_ITU601
        }
        // yuvj* formats are full range whatever the frame says.
        let name = av_get_pix_fmt_name(AVPixelFormat(format)).map { String(cString: $0) } ?? ""
        let fullRange: Int32 = AVColorRange(range) == AVCOL_RANGE_JPEG || name.hasPrefix("yuvj") ? 1 : 0
        sws_setColorspaceDetails(context, sws_getCoefficients(matrix), fullRange, sws_getCoefficients(SWS_CS_DEFAULT),
                                 1, 0, 1 << 16, 1 << 16)
    }

    /// `source` turned clockwise by 90, 180 or 270 degrees into `target`.
    static func rotate(_ source: Surface, clockwise degrees: Int, into target: Surface) {
        let (w, h) = (source.width, source.height)
        for y in 0..<h {
            let row = source.row(y)
            for x in 0..<w {
                switch degrees {
                case 90: target.row(x)[h - 1 - y] = row[x]
                case 180: target.row(h - 1 - y)[w - 1 - x] = row[x]
                default: target.row(w - 1 - x)[y] = row[x]
                }
            }
        }
    }

    /// Degrees to turn clockwise for a display matrix (FFmpeg's convention:
    /// the matrix rotates counter-clockwise), or 0 without one.
    static func clockwiseRotation(_ matrix: UnsafePointer<UInt8>?) -> Int {
        guard let matrix else { return 0 }
        let degrees = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard degrees.isFinite else { return 0 }
        let turned = ((Int((-degrees).rounded()) % 360) + 360) % 360
        return (turned + 45) / 90 * 90 % 360
    }
}
