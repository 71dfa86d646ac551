import Glibc
import SegueBasics
import SegueCompositor

/// Writes surfaces as a YUV4MPEG2 stream (what `ffmpeg -i -` and most
/// encoders read): 4:2:0 chroma sited as in JPEG (the average of each 2×2
/// block), BT.709 colours (or the `matrix` asked for) in limited range
/// (Y 16…235, Cb and Cr 16…240), converted by `YUV420Encoder`; or 4:2:0
/// frames that already are in that form, their samples as they are
/// (written from the decoder's own memory when it is kept for them).
///
/// Surfaces are premultiplied, so their colour channels already are the
/// colour composited over black; alpha is dropped and a transparent pixel
/// comes out black. The stream carries no colour-matrix tag: tell the encoder
/// which (e.g. `-colorspace bt709`; FFmpeg assumes BT.601 without one).
///
/// Frames are written in order on a thread of the writer's own
/// (`BlockWriter`), so converting the next frame overlaps writing this one;
/// `finish()` waits for them. The writer does not own `file`: it neither
/// flushes nor closes it. `[one thread per instance]`
public final class Y4MWriter {
    public let width: Int
    public let height: Int
    public let frameRate: FrameRate
    private let name: String?
    private let encoder: YUV420Encoder
    private let loop: ParallelLoop
    /// Frames go out in blocks: "FRAME\n", then the Y, Cb and Cr planes.
    private let output: BlockWriter
    private var hasWrittenHeader = false

    /// A writer for frames of `width`×`height` pixels. Nothing is written
    /// until the first frame. `name` (the file's path, say) is quoted in
    /// error messages; `afterEachFrame` runs on the writing thread after
    /// each frame is written (see `AtomicFileWriter.startWriteback()`);
    /// `loop` shares each surface's conversion among threads (the engine's
    /// `concurrently`, say).
    /// - Throws: `.invalidArgument` for a side outside 1…`Surface.maximumSide`;
    ///   `.outOfMemory`.
    public init(
        file: UnsafeMutablePointer<FILE>, width: Int, height: Int, frameRate: FrameRate, matrix: YCbCr = .bt709,
        name: String? = nil, afterEachFrame: (() -> Void)? = nil, loop: @escaping ParallelLoop = serially
    ) throws {
        let sides = 1...Surface.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw SegueError.invalidArgument("a YUV4MPEG2 frame of \(width)×\(height) is outside 1…\(Surface.maximumSide) on a side")
        }
        guard matrix.range == .limited else {
            throw SegueError.invalidArgument("YUV4MPEG2 frames are written in limited range")
        }
        encoder = YUV420Encoder(width: width, height: height, matrix: matrix)
        self.loop = loop
        // A block holds a frame or the header line, whichever is longer.
        output = try BlockWriter(file: file, capacity: max(256, Self.frameMarkerBytes.count + encoder.planeBytes),
                                 name: name.map { "'\($0)'" } ?? "the YUV4MPEG2 stream", afterEachWrite: afterEachFrame)
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.name = name
    }

    deinit {
        output.stop()
    }

    /// Waits until every frame is written.
    /// - Throws: `.io` when the stream refused bytes.
    public func finish() throws {
        try output.finish()
    }

    /// Stops writing, dropping frames not yet written (the output is being abandoned).
    public func abandon() {
        output.stop()
    }

    /// The stream header, written before the first frame.
    public var header: String {
        "YUV4MPEG2 W\(width) H\(height) F\(frameRate.frames):\(frameRate.seconds) Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n"
    }

    /// Appends one frame (and, the first time, the header).
    /// - Throws: `.invalidArgument` when the surface is not `width`×`height`;
    ///   `.io` when the stream refuses the bytes.
    public func write(_ surface: Surface) throws {
        guard surface.width == width, surface.height == height else {
            throw SegueError.invalidArgument(
                "a \(surface.width)×\(surface.height) surface cannot be a frame of \(describeTarget()), which is \(width)×\(height)")
        }
        try writeFrame { encoder.convert(surface, into: $0, loop: loop) }
    }

    /// The colour definition frames are written in.
    public var matrix: YCbCr { encoder.matrix }

    /// Appends one frame that already is 4:2:0 in this stream's `matrix`
    /// (a decoded video frame), its samples as they are. Planar frames with
    /// an `owner` are written from their own memory, the owner kept until
    /// then; others are copied first.
    /// - Throws: `.invalidArgument` when its size or matrix differ; `.io`.
    public func write(_ planes: YUV420Planes) throws {
        guard planes.width == width, planes.height == height, planes.matrix == encoder.matrix else {
            throw SegueError.invalidArgument(
                "a \(planes.width)×\(planes.height) 4:2:0 frame in other colours cannot be a frame of \(describeTarget())")
        }
        guard let owner = planes.owner, planes.chromaStep == 1 else {
            return try writeFrame { packed in
                YUV420Planes(packed: packed, width: width, height: height, matrix: planes.matrix).copy(from: planes)
            }
        }
        try writeHeaderOnce()
        try output.submit(borrowing: [Self.frameMarkerBytes] + Self.rows(of: planes), keeping: owner)
    }

    private static let frameMarker: StaticString = "FRAME\n"
    private static var frameMarkerBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: frameMarker.utf8Start, count: frameMarker.utf8CodeUnitCount)
    }

    /// The planes' rows in stream order (Y', Cb, Cr): a plane whose rows
    /// follow each other without padding is one part.
    private static func rows(of planes: YUV420Planes) -> [UnsafeRawBufferPointer] {
        func plane(_ base: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) -> [UnsafeRawBufferPointer] {
            if stride == width { return [UnsafeRawBufferPointer(start: base, count: width * height)] }
            return (0..<height).map { UnsafeRawBufferPointer(start: base + $0 * stride, count: width) }
        }
        let (chromaWidth, chromaHeight) = (planes.chromaWidth, planes.chromaHeight)
        return plane(planes.luma, stride: planes.lumaStride, width: planes.width, height: planes.height)
            + plane(planes.cb, stride: planes.chromaStride, width: chromaWidth, height: chromaHeight)
            + plane(planes.cr, stride: planes.chromaStride, width: chromaWidth, height: chromaHeight)
    }

    private var frameBytes: Int { Self.frameMarkerBytes.count + encoder.planeBytes }

    /// Writes the header the first time, then one frame: the marker, and the
    /// packed planes `fill` writes into the frame's block.
    private func writeFrame(_ fill: (UnsafeMutablePointer<UInt8>) -> Void) throws {
        try writeHeaderOnce()
        let frame = try output.block()
        frame.copyBytes(from: Self.frameMarkerBytes)
        fill((frame.baseAddress! + Self.frameMarkerBytes.count).assumingMemoryBound(to: UInt8.self))
        try output.submit(frameBytes)
    }

    private func writeHeaderOnce() throws {
        guard !hasWrittenHeader else { return }
        let block = try output.block()
        let bytes = Array(header.utf8)
        block.copyBytes(from: bytes)
        try output.submit(bytes.count)
        hasWrittenHeader = true
    }

    private func describeTarget() -> String {
        name.map { "'\($0)'" } ?? "the YUV4MPEG2 stream"
    }
}
