import CSegue
import SegueABI

/// A font and a colour for `Canvas.drawText` (`segue_text_style`).
public struct TextStyle: Hashable, Sendable {
    /// A fontconfig family name; nil for DejaVu Sans, which is also used
    /// when the family is not installed.
    public var family: String?
    /// The em size in pixels, 0.5…2048.
    public var size: Double
    public var bold: Bool
    public var color: Color

    public init(family: String? = nil, size: Double, bold: Bool = false, color: Color = .black) {
        self.family = family
        self.size = size
        self.bold = bold
        self.color = color
    }

    /// Calls `body` with the C form of the style, valid during the call.
    func withCStyle<R>(_ body: (UnsafePointer<segue_text_style>) throws -> R) rethrows -> R {
        func make(_ family: UnsafePointer<CChar>?) -> segue_text_style {
            segue_text_style(struct_size: UInt32(MemoryLayout<segue_text_style>.size), family: family,
                             size: size, bold: bold ? 1 : 0, color: color.cValue)
        }
        if let family {
            return try family.withCString { name in
                var style = make(name)
                return try body(&style)
            }
        }
        var style = make(nil)
        return try body(&style)
    }
}
