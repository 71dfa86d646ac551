import CSegue

/// A colour with straight (not premultiplied) components in 0…1 (`segue_color`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey: `white` 0 is black, 1 white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)

    /// The same colour with another alpha.
    public func opacity(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

    init(_ color: segue_color) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    var cValue: segue_color { segue_color(red: red, green: green, blue: blue, alpha: alpha) }
}
