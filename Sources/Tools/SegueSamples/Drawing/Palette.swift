import SegueBasics

/// The system greys the scenes need, beside SwiftUI's
/// named colours (`Color.orange`, … in SegueBasics).
enum Palette {
    static let gray3 = Color(hex: 0xC7C7CC)
    static let gray4 = Color(hex: 0xD1D1D6)
    static let gray5 = Color(hex: 0xE5E5EA)
    static let gray6 = Color(hex: 0xF2F2F7)
}

extension Color {
    /// The same colour with its alpha multiplied by `factor`.
    func opacity(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Mixed towards white by `amount` (0 keeps the colour, 1 is white).
    func lighter(_ amount: Double) -> Color { mixed(with: .white, by: amount) }

    /// Mixed towards black by `amount`.
    func darker(_ amount: Double) -> Color { mixed(with: Color(red: 0, green: 0, blue: 0, alpha: alpha), by: amount) }
}
