/// How a host lays out a picture's bytes (`SEGUE_PIXEL_FORMAT_*` in C): the
/// layouts converted into and out of surfaces at the edge.
public enum PixelLayout: Sendable, CaseIterable {
    /// 4:2:0 Y'CbCr: three planes (I420) or luma and interleaved CbCr (NV12).
    case i420, nv12
    /// Straight alpha, bytes R, G, B, A (`rgba`) or B, G, R, A (`bgra`) in memory.
    case rgba, bgra
    /// Opaque, bytes R, G, B (`rgb24`) or B, G, R (`bgr24`) in memory.
    case rgb24, bgr24
}
