import Glibc
import SegueBasics
import SegueCompositor

/// Writes surfaces as a YUV4MPEG2 stream (what `ffmpeg -i -` and most
/// encoders read): 4:2:0 chroma sited as in JPEG (the average of each 2×2
/// block), BT.709 colours in limited range (Y 16…235, Cb and Cr 16…240).
///
/// Surfaces are premultiplied, so their colour channels already are the
/// colour composited over black; alpha is dropped and a transparent pixel
/// comes out black. The stream carries no colour-matrix tag: tell the encoder
/// BT.709 (e.g. `-colorspace bt709`).
///
/// The writer does not own `file`: it neither flushes nor closes it.
/// `[one thread per instance]`
public final class Y4MWriter {
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    private let file: UnsafeMutablePointer<FILE>
    private let name: String?
    private let converter: Converter
    /// "FRAME\n", then the Y, Cb and Cr planes: one frame, ready for one fwrite.
    private let frame: UnsafeMutableRawBufferPointer
    private var hasWrittenHeader = false

    /// A writer for frames of `width`×`height` pixels. Nothing is written
    /// until the first frame. `name` (the file's path, say) is quoted in
    /// error messages.
    /// - Throws: `.invalidArgument` for a side outside 1…`Surface.maximumSide`
    ///   or a rate below 1; `.outOfMemory`.
    public init(
        file: UnsafeMutablePointer<FILE>, width: Int, height: Int, framesPerSecond: Int, name: String? = nil
    ) throws {
        let sides = 1...Surface.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw SegueError.invalidArgument("a YUV4MPEG2 frame of \(width)×\(height) is outside 1…\(Surface.maximumSide) on a side")
        }
        guard framesPerSecond >= 1 else {
            throw SegueError.invalidArgument("a YUV4MPEG2 stream needs at least 1 frame per second, not \(framesPerSecond)")
        }
        converter = Converter(width: width, height: height)
        let size = Self.frameMarker.utf8.count + converter.planeBytes
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
        if !hasWrittenHeader {
            var text = header
            try text.withUTF8 { try put(UnsafeRawBufferPointer($0)) }
            hasWrittenHeader = true
        }
        let planes = frame.baseAddress! + Self.frameMarker.utf8.count
        converter.convert(surface, into: planes.assumingMemoryBound(to: UInt8.self))
        try put(UnsafeRawBufferPointer(frame))
    }

    private static let frameMarker = "FRAME\n"

    private func put(_ bytes: UnsafeRawBufferPointer) throws {
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else {
            throw SegueError(.io, "cannot write \(describeTarget()): \(describeErrno())")
        }
    }

    private func describeTarget() -> String {
        name.map { "'\($0)'" } ?? "the YUV4MPEG2 stream"
    }

    /// The closed-form BT.709 limited-range conversion of one gamma-encoded
    /// (R', G', B') colour, in double precision, rounded to nearest. It is
    /// the reference the fixed-point conversion is tested against.
    public static func yuv(r: UInt8, g: UInt8, b: UInt8) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let (red, green, blue) = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        let luma = BT709.red * red + BT709.green * green + BT709.blue * blue
        let cb = (blue - luma) / (2 * (1 - BT709.blue))
        let cr = (red - luma) / (2 * (1 - BT709.red))
        func code(_ value: Double) -> UInt8 { UInt8(value.rounded()) }
        return (code(16 + 219 * luma), code(128 + 224 * cb), code(128 + 224 * cr))
    }
}

extension Y4MWriter {
    /// BT.709's luma weights.
    enum BT709 {
        static let red = 0.2126
        static let green = 0.7152
        static let blue = 0.0722
    }

    /// Premultiplied ARGB32 to planar 4:2:0 Y'CbCr in fixed point: coefficients
    /// scaled by 2¹⁶, chroma from the sum of a 2×2 block (hence 2¹⁸).
    struct Converter {
        let width: Int
        let height: Int
        let chromaWidth: Int
        let chromaHeight: Int

        /// Y' = 16 + 219/255 · (kR R + kG G + kB B).
        let lumaRed: Int, lumaGreen: Int, lumaBlue: Int
        /// Cb = 128 + 224/255 · (B − Y') / (2 (1 − kB)); Cr likewise with R.
        let cbRed: Int, cbGreen: Int, cbBlue: Int
        let crRed: Int, crGreen: Int, crBlue: Int

        static let fractionBits = 16

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            chromaWidth = (width + 1) / 2
            chromaHeight = (height + 1) / 2
            let one = Double(1 << Self.fractionBits)
            func fixed(_ value: Double) -> Int { Int((value * one).rounded()) }
            let lumaScale = 219.0 / 255, chromaScale = 224.0 / 255
            let (kR, kG, kB) = (BT709.red, BT709.green, BT709.blue)
            lumaRed = fixed(lumaScale * kR)
            lumaGreen = fixed(lumaScale * kG)
            lumaBlue = fixed(lumaScale * kB)
            let cbScale = chromaScale / (2 * (1 - kB))
            cbRed = fixed(-cbScale * kR)
            cbGreen = fixed(-cbScale * kG)
            cbBlue = fixed(cbScale * (1 - kB))
            let crScale = chromaScale / (2 * (1 - kR))
            crRed = fixed(crScale * (1 - kR))
            crGreen = fixed(-crScale * kG)
            crBlue = fixed(-crScale * kB)
        }

        /// Bytes of the three planes together.
        var planeBytes: Int { width * height + 2 * chromaWidth * chromaHeight }

        /// Fills `planes` (Y, then Cb, then Cr) from `surface`, which must be
        /// `width`×`height`. Odd sizes repeat the last column or row into the
        /// final 2×2 block.
        func convert(_ surface: Surface, into planes: UnsafeMutablePointer<UInt8>) {
            let lumaPlane = planes
            let cbPlane = planes + width * height
            let crPlane = cbPlane + chromaWidth * chromaHeight
            for blockY in 0..<chromaHeight {
                let y0 = 2 * blockY, y1 = min(y0 + 1, height - 1)
                convertRowPair(
                    top: surface.row(y0), bottom: surface.row(y1),
                    lumaTop: lumaPlane + y0 * width, lumaBottom: lumaPlane + y1 * width,
                    cb: cbPlane + blockY * chromaWidth, cr: crPlane + blockY * chromaWidth)
            }
        }

        /// One row of 2×2 blocks. When `bottom` is `top` (odd height) the same
        /// luma row is written twice, which is harmless; likewise the last
        /// column when the width is odd.
        @inline(__always)
        private func convertRowPair(
            top: UnsafeMutablePointer<UInt32>, bottom: UnsafeMutablePointer<UInt32>,
            lumaTop: UnsafeMutablePointer<UInt8>, lumaBottom: UnsafeMutablePointer<UInt8>,
            cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>
        ) {
            for blockX in 0..<chromaWidth {
                let x0 = 2 * blockX, x1 = min(x0 + 1, width - 1)
                var block = BlockSum()
                lumaTop[x0] = luma(top[x0], adding: &block)
                lumaTop[x1] = luma(top[x1], adding: &block)
                lumaBottom[x0] = luma(bottom[x0], adding: &block)
                lumaBottom[x1] = luma(bottom[x1], adding: &block)
                (cb[blockX], cr[blockX]) = chroma(block)
            }
        }

        /// The colour channels of four pixels, added up.
        struct BlockSum {
            var red = 0, green = 0, blue = 0
        }

        /// Y' of one pixel; adds its channels to `block`.
        @inline(__always)
        func luma(_ pixel: UInt32, adding block: inout BlockSum) -> UInt8 {
            let red = Int(truncatingIfNeeded: (pixel &>> 16) & 0xFF)
            let green = Int(truncatingIfNeeded: (pixel &>> 8) & 0xFF)
            let blue = Int(truncatingIfNeeded: pixel & 0xFF)
            block.red &+= red
            block.green &+= green
            block.blue &+= blue
            let offset = (16 << Self.fractionBits) + (1 << (Self.fractionBits - 1))
            let sum = lumaRed &* red &+ lumaGreen &* green &+ lumaBlue &* blue &+ offset
            return UInt8(truncatingIfNeeded: sum &>> Self.fractionBits)
        }

        /// Cb and Cr of the average of a 2×2 block, from its sum.
        @inline(__always)
        func chroma(_ block: BlockSum) -> (cb: UInt8, cr: UInt8) {
            let shift = Self.fractionBits + 2
            let offset = (128 << shift) + (1 << (shift - 1))
            let cb = cbRed &* block.red &+ cbGreen &* block.green &+ cbBlue &* block.blue &+ offset
            let cr = crRed &* block.red &+ crGreen &* block.green &+ crBlue &* block.blue &+ offset
            return (UInt8(truncatingIfNeeded: cb &>> shift), UInt8(truncatingIfNeeded: cr &>> shift))
        }
    }
}
