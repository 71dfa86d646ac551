import CVectorKernels
import SegueBasics
import SegueCompositor

/// A picture in a layout hosts hold (4:2:0 Y'CbCr, straight-alpha RGBA or
/// BGRA bytes, opaque RGB or BGR bytes), converted into and out of premultiplied ARGB32 surfaces at
/// the edge: what `segue_surface_import`/`export` do.
public struct ForeignPixels {
    public let layout: PixelLayout
    public let width: Int
    public let height: Int
    /// 4:2:0 layouts only.
    public let matrix: YCbCr
    public let planes: [UnsafeMutableRawPointer?]
    public let strides: [Int]

    /// Checks everything before any pixel is touched.
    /// - Throws: `.invalidArgument` for a side outside 1…`Surface.maximumSide`,
    ///   a NULL plane the layout uses, or a stride below a row's bytes or at or above 2³¹.
    public init(layout: PixelLayout, width: Int, height: Int, matrix: YCbCr, planes: [UnsafeMutableRawPointer?],
                strides: [Int]) throws {
        let sides = 1...Surface.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw SegueError.invalidArgument("a picture of \(width)×\(height) is outside 1…\(Surface.maximumSide) on a side")
        }
        let chromaWidth = (width + 1) / 2
        let rows: [(String, Int)] = switch layout {
        case .i420: [("Y'", width), ("Cb", chromaWidth), ("Cr", chromaWidth)]
        case .nv12: [("Y'", width), ("CbCr", 2 * chromaWidth)]
        case .rgba, .bgra: [("pixel", 4 * width)]
        case .rgb24, .bgr24: [("pixel", 3 * width)]
        }
        for (index, (name, bytes)) in rows.enumerated() {
            guard planes[index] != nil else {
                throw SegueError.invalidArgument("planes[\(index)] (the \(name) plane) must not be NULL")
            }
            guard strides[index] >= bytes, strides[index] < 1 << 31 else {
                throw SegueError.invalidArgument("strides[\(index)] (the \(name) plane) is \(strides[index]); a row of \(width) pixels needs at least \(bytes) bytes")
            }
        }
        self.layout = layout
        self.width = width
        self.height = height
        self.matrix = matrix
        self.planes = planes
        self.strides = strides
    }

    /// The 4:2:0 planes, for the Y'CbCr layouts.
    private var yuv: YUV420Planes {
        let luma = planes[0]!.assumingMemoryBound(to: UInt8.self)
        let chroma = planes[1]!.assumingMemoryBound(to: UInt8.self)
        if layout == .nv12 {
            return YUV420Planes(width: width, height: height, matrix: matrix, luma: luma, cb: chroma, cr: chroma + 1,
                                lumaStride: strides[0], chromaStride: strides[1], chromaStep: 2)
        }
        return YUV420Planes(width: width, height: height, matrix: matrix, luma: luma, cb: chroma,
                            cr: planes[2]!.assumingMemoryBound(to: UInt8.self), lumaStride: strides[0],
                            chromaStride: strides[1])
    }

    private func checkSize(_ surface: Surface) throws {
        guard surface.width == width, surface.height == height else {
            throw SegueError.invalidArgument("the picture is \(width)×\(height) but the surface is \(surface.width)×\(surface.height)")
        }
    }

    /// Converts this picture into `surface` (same size).
    public func importing(into surface: Surface) throws {
        try checkSize(surface)
        let avx2: Int32 = Processor.hasAVX2 ? 1 : 0
        switch layout {
        case .i420, .nv12:
            YUV420Decoder(matrix: matrix).convert(yuv, into: surface)
        case .rgba, .bgra:
            for y in 0..<height {
                straight_to_premultiplied(row(y, of: UInt32.self), surface.row(y), width, layout == .rgba ? 1 : 0, avx2)
            }
        case .rgb24, .bgr24:
            for y in 0..<height {
                packed_rgb_to_argb(row(y, of: UInt8.self), surface.row(y), width, layout == .bgr24 ? 1 : 0, avx2)
            }
        }
    }

    /// Converts `surface` (same size) into this picture.
    public func exporting(from surface: Surface) throws {
        try checkSize(surface)
        let avx2: Int32 = Processor.hasAVX2 ? 1 : 0
        switch layout {
        case .i420, .nv12:
            let encoder = YUV420Encoder(width: width, height: height, matrix: matrix)
            let packed = UnsafeMutablePointer<UInt8>.allocate(capacity: encoder.planeBytes)
            defer { packed.deallocate() }
            encoder.convert(surface, into: packed)
            yuv.copy(from: YUV420Planes(packed: packed, width: width, height: height, matrix: matrix))
        case .rgba, .bgra:
            for y in 0..<height {
                premultiplied_to_straight(surface.row(y), row(y, of: UInt32.self), width, layout == .rgba ? 1 : 0, avx2)
            }
        case .rgb24, .bgr24:
            for y in 0..<height {
                argb_to_packed_rgb(surface.row(y), row(y, of: UInt8.self), width, layout == .bgr24 ? 1 : 0, avx2)
            }
        }
    }

    /// Row `y` of the one-plane layouts.
    private func row<T>(_ y: Int, of: T.Type) -> UnsafeMutablePointer<T> {
        (planes[0]! + y * strides[0]).assumingMemoryBound(to: T.self)
    }
}
