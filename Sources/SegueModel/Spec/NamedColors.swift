import SegueBasics

/// Colours by name, as SwiftUI's light-mode palette defines them, and `#RRGGBB[AA]` text.
public enum NamedColors {
    public static let all: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white, "primary": .black,
        "gray": rgb(0x8E8E93), "red": rgb(0xFF3B30), "orange": rgb(0xFF9500), "yellow": rgb(0xFFCC00),
        "green": rgb(0x34C759), "mint": rgb(0x00C7BE), "teal": rgb(0x30B0C7), "cyan": rgb(0x32ADE6),
        "blue": rgb(0x007AFF), "indigo": rgb(0x5856D6), "purple": rgb(0xAF52DE), "pink": rgb(0xFF2D55),
        "brown": rgb(0xA2845E),
    ]

    /// A colour from a name (`orange`) or hex text (`#ff8800`, `#ff880080`).
    public static func color(named text: String) -> Color? {
        if let named = all[text] { return named }
        guard text.hasPrefix("#") else { return nil }
        let hex = text.dropFirst()
        guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        let rgba = hex.count == 6 ? value << 8 | 0xFF : value
        func component(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return Color(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }

    private static func rgb(_ hex: UInt32) -> Color {
        Color(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
}
