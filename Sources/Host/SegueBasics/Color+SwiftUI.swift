/// SwiftUI's named colours (light mode), and colours written as text.
extension Color {
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
}
