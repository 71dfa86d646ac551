import SegueBasics

/// Which font to draw text in: a family, an em size in pixels and a weight.
///
/// The family is resolved with fontconfig when text is first drawn in it
/// (see `FontResolver` for the rules and the DejaVu Sans fallback).
public struct FontDescription: Hashable, Sendable {
    /// The weights text can be drawn in. A family without a bold face draws
    /// `.bold` text in its regular face (there is no synthetic emboldening).
    public enum Weight: Hashable, Sendable {
        case regular
        case bold
    }

    /// The largest em size drawn; larger sizes are drawn at this size.
    public static let maximumSize = 2048.0
    /// The smallest em size drawn; smaller positive sizes are drawn at this
    /// size (FreeType has no glyphs below a one-pixel em).
    public static let minimumSize = 1.0

    /// A fontconfig family name such as "DejaVu Serif" or "monospace";
    /// nil means DejaVu Sans.
    public var family: String?
    /// The em size in pixels. It must be finite and positive; it is clamped
    /// into `minimumSize...maximumSize` and rounded to 1/64 pixel.
    public var size: Double
    public var weight: Weight

    public init(family: String? = nil, size: Double, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// The size FreeType is asked for, in 26.6 fixed point (1/64 pixel).
    /// - Throws: `.invalidArgument` for a NaN, infinite, zero or negative size.
    func pixelSize26Dot6() throws -> Int {
        guard size.isFinite, size > 0 else {
            throw SegueError.invalidArgument("font size \(size) is not a positive number of pixels")
        }
        let clamped = min(max(size, Self.minimumSize), Self.maximumSize)
        return Int((clamped * 64).rounded())
    }
}
