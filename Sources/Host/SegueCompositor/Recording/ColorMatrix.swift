import Glibc
import SegueBasics

/// A colour adjustment, SwiftUI's colour modifiers as one linear map of
/// straight (un-premultiplied) colour c = (r, g, b) in 0…1:
///
///     c' = clamp(M·c + o, 0, 1)        a' = alphaScale · a
///
/// with M a 3×3 matrix and o an offset. On premultiplied pixels p = a·c this
/// is p' = alphaScale · clamp(M·p + a·o, 0, a): still linear, so folded
/// adjustments cost one pass (`concatenating(_:)` multiplies the matrices
/// and clamps once, at the end).
///
/// Each of SwiftUI's modifiers has a closed form here (the constructors
/// below). They act on the gamma-encoded values, as CSS filters and SVG's
/// `feColorMatrix` do; luma weights are Rec. 709's.
public struct ColorMatrix: Hashable, Sendable {
    /// Rows of M for r', g', b', then the offset column: (m_r, m_g, m_b, o).
    public var red: SIMD4<Double>, green: SIMD4<Double>, blue: SIMD4<Double>
    /// Multiplies alpha (and with it the premultiplied colour).
    public var alphaScale: Double

    public init(red: SIMD4<Double>, green: SIMD4<Double>, blue: SIMD4<Double>, alphaScale: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alphaScale = alphaScale
    }

    public static let identity = ColorMatrix(red: [1, 0, 0, 0], green: [0, 1, 0, 0], blue: [0, 0, 1, 0])

    public var isIdentity: Bool { self == .identity }

    public var isFinite: Bool {
        [red, green, blue].allSatisfy { row in row.indices.allSatisfy { row[$0].isFinite } } && alphaScale.isFinite
    }

    /// The adjustment that applies `self` first, then `next` (clamping once).
    public func concatenating(_ next: ColorMatrix) -> ColorMatrix {
        func row(_ n: SIMD4<Double>) -> SIMD4<Double> {
            var r = n.x * red + n.y * green + n.z * blue
            r.w += n.w
            return r
        }
        return ColorMatrix(red: row(next.red), green: row(next.green), blue: row(next.blue),
                           alphaScale: alphaScale * next.alphaScale)
    }

    /// The colour `r, g, b` (straight, 0…1) adjusted and clamped.
    public func apply(red r: Double, green g: Double, blue b: Double) -> (red: Double, green: Double, blue: Double) {
        let c = SIMD4(r, g, b, 1)
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        return (clamp((red * c).sum()), clamp((green * c).sum()), clamp((blue * c).sum()))
    }

    // MARK: SwiftUI's colour modifiers

    /// Rec. 709 luma weights.
    static let luma = SIMD3<Double>(0.2126, 0.7152, 0.0722)

    /// `brightness(_:)`: c' = c + amount (1 is white, −1 black).
    public static func brightness(_ amount: Double) -> ColorMatrix {
        ColorMatrix(red: [1, 0, 0, amount], green: [0, 1, 0, amount], blue: [0, 0, 1, amount])
    }

    /// `contrast(_:)`: c' = (c − ½)·amount + ½ (0 is mid grey, 1 unchanged, negative inverts).
    public static func contrast(_ amount: Double) -> ColorMatrix {
        let offset = 0.5 * (1 - amount)
        return ColorMatrix(red: [amount, 0, 0, offset], green: [0, amount, 0, offset], blue: [0, 0, amount, offset])
    }

    /// `saturation(_:)`: c' = amount·c + (1 − amount)·Y, Y the pixel's luma
    /// (0 is grey, 1 unchanged, above 1 more vivid).
    public static func saturation(_ amount: Double) -> ColorMatrix {
        let l = (1 - amount) * luma
        return ColorMatrix(red: [l.x + amount, l.y, l.z, 0], green: [l.x, l.y + amount, l.z, 0],
                           blue: [l.x, l.y, l.z + amount, 0])
    }

    /// `grayscale(_:)`: `saturation(1 − amount)` (1 is fully grey).
    public static func grayscale(_ amount: Double) -> ColorMatrix {
        saturation(1 - amount)
    }

    /// `hueRotation(_:)`: turns the hue by `degrees` about the grey axis,
    /// keeping luma — the matrix of SVG's `feColorMatrix type="hueRotate"`
    /// and CSS's `hue-rotate()`.
    public static func hueRotation(degrees: Double) -> ColorMatrix {
        let (c, s) = Angle.cosineAndSine(degrees: degrees)
        func row(_ base: SIMD3<Double>, _ cosine: SIMD3<Double>, _ sine: SIMD3<Double>) -> SIMD4<Double> {
            let v = base + c * cosine + s * sine
            return SIMD4(v.x, v.y, v.z, 0)
        }
        return ColorMatrix(
            red: row([0.213, 0.715, 0.072], [0.787, -0.715, -0.072], [-0.213, -0.715, 0.928]),
            green: row([0.213, 0.715, 0.072], [-0.213, 0.285, -0.072], [0.143, 0.140, -0.283]),
            blue: row([0.213, 0.715, 0.072], [-0.213, -0.715, 0.928], [-0.787, 0.715, 0.072]))
    }

    /// `colorMultiply(_:)`: each component times `color`'s, alpha included.
    public static func multiply(_ color: Color) -> ColorMatrix {
        ColorMatrix(red: [color.red, 0, 0, 0], green: [0, color.green, 0, 0], blue: [0, 0, color.blue, 0],
                    alphaScale: color.alpha)
    }

    /// `colorInvert()`, with an amount to animate it: c' = (1 − amount)·c +
    /// amount·(1 − c) (1 is SwiftUI's inversion, 0 unchanged).
    public static func invert(_ amount: Double) -> ColorMatrix {
        let k = 1 - 2 * amount
        return ColorMatrix(red: [k, 0, 0, amount], green: [0, k, 0, amount], blue: [0, 0, k, amount])
    }
}
