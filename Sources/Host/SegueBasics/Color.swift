/// A colour with straight (not premultiplied) components in 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// Every component clamped into 0...1 (NaN becomes 0).
    public var clamped: Color {
        func c(_ v: Double) -> Double { v >= 0 ? min(v, 1) : 0 }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }

    /// The colour as one premultiplied a8r8g8b8 pixel, rounded to nearest.
    public var premultipliedARGB32: UInt32 {
        let k = clamped
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(k.alpha) << 24 | byte(k.red * k.alpha) << 16 | byte(k.green * k.alpha) << 8 | byte(k.blue * k.alpha)
    }

    /// Straight interpolation of each component; `t` may leave 0...1.
    public func mixed(with other: Color, by t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
}
