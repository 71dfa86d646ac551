/// How gamma-encoded R'G'B' becomes Y'CbCr: the luma weights of a standard
/// and the range its codes use (`SEGUE_COLOR_MATRIX_*` and
/// `SEGUE_COLOR_RANGE_*` in C). The one definition the YUV converters, the
/// C API and their tests share.
public struct YCbCr: Hashable, Sendable {
    /// Luma weights of red, green and blue (they sum to 1).
    public let kr: Double, kg: Double, kb: Double
    public let range: Range

    public enum Range: Hashable, Sendable, CaseIterable {
        /// Y' 16…235, Cb and Cr 16…240 (video's usual "studio" range).
        case limited
        /// Y', Cb and Cr 0…255 (JPEG's).
        case full
    }

    public init(kr: Double, kg: Double, kb: Double, range: Range) {
        self.kr = kr
        self.kg = kg
        self.kb = kb
        self.range = range
    }

    /// ITU-R BT.709 (HD video), limited range.
    public static let bt709 = YCbCr(kr: 0.2126, kg: 0.7152, kb: 0.0722, range: .limited)
    /// ITU-R BT.601 (SD video, JPEG), limited range.
    public static let bt601 = YCbCr(kr: 0.299, kg: 0.587, kb: 0.114, range: .limited)

    /// The same weights with another range.
    public func with(_ range: Range) -> YCbCr { YCbCr(kr: kr, kg: kg, kb: kb, range: range) }

    /// Luma's scale and offset over the codes: Y' = offset + scale · E'y·255.
    public var lumaScale: Double { range == .limited ? 219.0 / 255 : 1 }
    public var lumaOffset: Int { range == .limited ? 16 : 0 }
    /// Chroma's scale over the codes: C = 128 + scale · E'c·255.
    public var chromaScale: Double { range == .limited ? 224.0 / 255 : 1 }

    /// The closed-form conversion of one colour in double precision, rounded
    /// to nearest and clamped to the codes: the reference the fixed-point
    /// converters are tested against.
    public func encode(r: UInt8, g: UInt8, b: UInt8) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let (red, green, blue) = (Double(r), Double(g), Double(b))
        let luma = kr * red + kg * green + kb * blue
        let cb = (blue - luma) / (2 * (1 - kb))
        let cr = (red - luma) / (2 * (1 - kr))
        func code(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
        return (code(Double(lumaOffset) + lumaScale * luma), code(128 + chromaScale * cb), code(128 + chromaScale * cr))
    }

    /// The closed-form inverse of `encode`, in double precision, rounded and
    /// clamped to 0…255: the reference `YUV420Decoder` is tested against.
    public func decode(y: UInt8, cb: UInt8, cr: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let luma = (Double(y) - Double(lumaOffset)) / lumaScale
        let blueDifference = (Double(cb) - 128) / chromaScale * 2 * (1 - kb)
        let redDifference = (Double(cr) - 128) / chromaScale * 2 * (1 - kr)
        let (red, blue) = (luma + redDifference, luma + blueDifference)
        let green = (luma - kr * red - kb * blue) / kg
        func code(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
        return (code(red), code(green), code(blue))
    }
}
