/// A colour with straight (not premultiplied) components in 0...1
/// (`segue_color` in C). The named colours are SwiftUI's (light mode), on
/// both sides of the plugin line: `Color.red` is #FF3B30 in a built-in
/// effect and in a plugin alike.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A grey: `white` 0 is black, 1 white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// An opaque colour from 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// A colour from a name (`orange`) or hex text (`#ff8800`, `#ff880080`);
    /// nil for anything else.
    public init?(text: String) {
        if let named = Color.named[text] {
            self = named
            return
        }
        guard text.hasPrefix("#") else { return nil }
        let hex = text.dropFirst()
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
            return nil
        }
        self.init(hex: hex.count == 6 ? value : value >> 8, alpha: hex.count == 6 ? 1 : Double(value & 0xFF) / 255)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let mint = Color(hex: 0x00C7BE)
    public static let teal = Color(hex: 0x30B0C7)
    public static let cyan = Color(hex: 0x32ADE6)
    public static let blue = Color(hex: 0x007AFF)
    public static let indigo = Color(hex: 0x5856D6)
    public static let purple = Color(hex: 0xAF52DE)
    public static let pink = Color(hex: 0xFF2D55)
    public static let brown = Color(hex: 0xA2845E)
    public static let gray = Color(hex: 0x8E8E93)

    /// Every colour a spec or option can name, by SwiftUI's names
    /// (`primary` is black, as in light mode).
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white, "primary": .black,
        "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal,
        "cyan": .cyan, "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown,
        "gray": .gray,
    ]

    /// The same colour with another alpha (SwiftUI's `.opacity(_:)` on a colour).
    public func opacity(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// True when every component lies in 0...1 (NaN does not).
    public var isInUnitRange: Bool {
        [red, green, blue, alpha].allSatisfy { $0 >= 0 && $0 <= 1 }
    }

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
        Color(red: .interpolated(from: red, to: other.red, at: t),
              green: .interpolated(from: green, to: other.green, at: t),
              blue: .interpolated(from: blue, to: other.blue, at: t),
              alpha: .interpolated(from: alpha, to: other.alpha, at: t))
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
