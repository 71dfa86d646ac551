import Glibc
import SegueBasics
import SegueCompositor

/// Writes surfaces as a YUV4MPEG2 stream (what `ffmpeg -i -` and most
/// encoders read): 4:2:0 chroma sited as in JPEG (the average of each 2×2
/// block), BT.709 colours (or the `matrix` asked for) in limited range
/// (Y 16…235, Cb and Cr 16…240), converted by `YUV420Encoder`; or 4:2:0
/// frames that already are in that form, copied as they are.
///
/// Surfaces are premultiplied, so their colour channels already are the
/// colour composited over black; alpha is dropped and a transparent pixel
/// comes out black. The stream carries no colour-matrix tag: tell the encoder
/// which (e.g. `-colorspace bt709`; FFmpeg assumes BT.601 without one).
///
/// The writer does not own `file`: it neither flushes nor closes it.
/// `[one thread per instance]`
public final class Y4MWriter {
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    private let file: UnsafeMutablePointer<FILE>
    private let name: String?
    private let encoder: YUV420Encoder
    /// "FRAME\n", then the Y, Cb and Cr planes: one frame, ready for one fwrite.
    private let frame: UnsafeMutableRawBufferPointer
    private var hasWrittenHeader = false

    /// A writer for frames of `width`×`height` pixels. Nothing is written
    /// until the first frame. `name` (the file's path, say) is quoted in
    /// error messages.
    /// - Throws: `.invalidArgument` for a side outside 1…`Surface.maximumSide`
    ///   or a rate below 1; `.outOfMemory`.
    public init(
        file: UnsafeMutablePointer<FILE>, width: Int, height: Int, framesPerSecond: Int, matrix: YCbCr = .bt709,
        name: String? = nil
    ) throws {
        let sides = 1...Surface.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw SegueError.invalidArgument("a YUV4MPEG2 frame of \(width)×\(height) is outside 1…\(Surface.maximumSide) on a side")
        }
        guard framesPerSecond >= 1 else {
            throw SegueError.invalidArgument("a YUV4MPEG2 stream needs at least 1 frame per second, not \(framesPerSecond)")
        }
        guard matrix.range == .limited else {
            throw SegueError.invalidArgument("YUV4MPEG2 frames are written in limited range")
        }
        encoder = YUV420Encoder(width: width, height: height, matrix: matrix)
        let size = Self.frameMarker.utf8.count + encoder.planeBytes
        guard let memory = malloc(size) else {
            throw SegueError(.outOfMemory, "cannot allocate a \(width)×\(height) YUV4MPEG2 frame")
        }
        frame = UnsafeMutableRawBufferPointer(start: memory, count: size)
        frame.copyBytes(from: Self.frameMarker.utf8)
        self.file = file
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.name = name
    }

    deinit {
        free(frame.baseAddress)
    }

    /// The stream header, written before the first frame.
    public var header: String {
        "YUV4MPEG2 W\(width) H\(height) F\(framesPerSecond):1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n"
    }

    /// Appends one frame (and, the first time, the header).
    /// - Throws: `.invalidArgument` when the surface is not `width`×`height`;
    ///   `.io` when the stream refuses the bytes.
    public func write(_ surface: Surface) throws {
        guard surface.width == width, surface.height == height else {
            throw SegueError.invalidArgument(
                "a \(surface.width)×\(surface.height) surface cannot be a frame of \(describeTarget()), which is \(width)×\(height)")
        }
        try writeHeaderOnce()
        let planes = frame.baseAddress! + Self.frameMarker.utf8.count
        encoder.convert(surface, into: planes.assumingMemoryBound(to: UInt8.self))
        try put(UnsafeRawBufferPointer(frame))
    }

    /// The colour definition frames are written in.
    public var matrix: YCbCr { encoder.matrix }

    /// Appends one frame that already is 4:2:0 in this stream's `matrix`
    /// (a decoded video frame), copied as it is.
    /// - Throws: `.invalidArgument` when its size or matrix differ; `.io`.
    public func write(_ planes: YUV420Planes) throws {
        guard planes.width == width, planes.height == height, planes.matrix == encoder.matrix else {
            throw SegueError.invalidArgument(
                "a \(planes.width)×\(planes.height) 4:2:0 frame in other colours cannot be a frame of \(describeTarget())")
        }
        try writeHeaderOnce()
        let packed = frame.baseAddress! + Self.frameMarker.utf8.count
        YUV420Planes(packed: packed.assumingMemoryBound(to: UInt8.self), width: width, height: height,
                     matrix: planes.matrix).copy(from: planes)
        try put(UnsafeRawBufferPointer(frame))
    }

    private static let frameMarker = "FRAME\n"

    private func writeHeaderOnce() throws {
        guard !hasWrittenHeader else { return }
        var text = header
        try text.withUTF8 { try put(UnsafeRawBufferPointer($0)) }
        hasWrittenHeader = true
    }

    private func put(_ bytes: UnsafeRawBufferPointer) throws {
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else {
            throw SegueError(.io, "cannot write \(describeTarget()): \(describeErrno())")
        }
    }

    private func describeTarget() -> String {
        name.map { "'\($0)'" } ?? "the YUV4MPEG2 stream"
    }
}
