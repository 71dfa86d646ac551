import SegueBasics

/// A 4:2:0 picture held elsewhere (a decoder's frame, a caller's buffer):
/// its Y' plane and its chroma, planar (I420: Cb and Cr planes) or
/// interleaved (NV12: one plane of Cb, Cr pairs), each plane with its own
/// row stride, and the Y'CbCr definition its codes follow. Borrowed, not
/// owned: valid while its owner keeps the memory.
public struct YUV420Planes {
    public let width: Int
    public let height: Int
    public let matrix: YCbCr
    public let luma: UnsafeMutablePointer<UInt8>
    /// The first Cb and the first Cr sample: two planes, or (NV12) `cb + 1`.
    public let cb: UnsafeMutablePointer<UInt8>
    public let cr: UnsafeMutablePointer<UInt8>
    public let lumaStride: Int
    public let chromaStride: Int
    /// Bytes from one chroma sample to the next in a row: 1 planar, 2 interleaved.
    public let chromaStep: Int
    /// What keeps the memory valid and unchanged for as long as it is
    /// retained (a decoder's reference-counted frame), so that the planes
    /// may be kept past the call that gave them (written later, on another
    /// thread); nil when they are valid only until then, and whoever keeps
    /// them copies them.
    public var owner: AnyObject?

    public init(width: Int, height: Int, matrix: YCbCr, luma: UnsafeMutablePointer<UInt8>,
                cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, lumaStride: Int, chromaStride: Int,
                chromaStep: Int = 1) {
        self.width = width
        self.height = height
        self.matrix = matrix
        self.luma = luma
        self.cb = cb
        self.cr = cr
        self.lumaStride = lumaStride
        self.chromaStride = chromaStride
        self.chromaStep = chromaStep
    }

    /// I420 planes packed one after another without padding (`YUV420Encoder`'s layout).
    public init(packed planes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, matrix: YCbCr) {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        self.init(width: width, height: height, matrix: matrix, luma: planes, cb: planes + width * height,
                  cr: planes + width * height + chromaWidth * chromaHeight, lumaStride: width, chromaStride: chromaWidth)
    }

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }

    /// Copies `source`'s samples into these planes (sizes must match): a
    /// change of strides, or between planar and interleaved chroma.
    public func copy(from source: YUV420Planes) {
        precondition(source.width == width && source.height == height)
        for row in 0..<height {
            (luma + row * lumaStride).update(from: source.luma + row * source.lumaStride, count: width)
        }
        for row in 0..<chromaHeight {
            let (fromCb, fromCr) = (source.cb + row * source.chromaStride, source.cr + row * source.chromaStride)
            let (toCb, toCr) = (cb + row * chromaStride, cr + row * chromaStride)
            if chromaStep == 1 && source.chromaStep == 1 {
                toCb.update(from: fromCb, count: chromaWidth)
                toCr.update(from: fromCr, count: chromaWidth)
            } else {
                for x in 0..<chromaWidth {
                    toCb[x * chromaStep] = fromCb[x * source.chromaStep]
                    toCr[x * chromaStep] = fromCr[x * source.chromaStep]
                }
            }
        }
    }
}
