import CSegue

/// How a drawing combines with what is beneath it (`segue_blend`): SwiftUI's
/// names, premultiplied throughout.
public struct BlendMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Source over (`SEGUE_BLEND_NORMAL`).
    public static let normal = BlendMode(rawValue: UInt32(SEGUE_BLEND_NORMAL))
    /// The two added, clamped: light adds up (`SEGUE_BLEND_PLUS_LIGHTER`).
    public static let plusLighter = BlendMode(rawValue: UInt32(SEGUE_BLEND_PLUS_LIGHTER))
    public static let multiply = BlendMode(rawValue: UInt32(SEGUE_BLEND_MULTIPLY))
    public static let screen = BlendMode(rawValue: UInt32(SEGUE_BLEND_SCREEN))
    public static let overlay = BlendMode(rawValue: UInt32(SEGUE_BLEND_OVERLAY))
    public static let darken = BlendMode(rawValue: UInt32(SEGUE_BLEND_DARKEN))
    public static let lighten = BlendMode(rawValue: UInt32(SEGUE_BLEND_LIGHTEN))
    public static let colorDodge = BlendMode(rawValue: UInt32(SEGUE_BLEND_COLOR_DODGE))
    public static let colorBurn = BlendMode(rawValue: UInt32(SEGUE_BLEND_COLOR_BURN))
    public static let softLight = BlendMode(rawValue: UInt32(SEGUE_BLEND_SOFT_LIGHT))
    public static let hardLight = BlendMode(rawValue: UInt32(SEGUE_BLEND_HARD_LIGHT))
    public static let difference = BlendMode(rawValue: UInt32(SEGUE_BLEND_DIFFERENCE))
    public static let exclusion = BlendMode(rawValue: UInt32(SEGUE_BLEND_EXCLUSION))
    public static let hue = BlendMode(rawValue: UInt32(SEGUE_BLEND_HUE))
    public static let saturation = BlendMode(rawValue: UInt32(SEGUE_BLEND_SATURATION))
    public static let color = BlendMode(rawValue: UInt32(SEGUE_BLEND_COLOR))
    public static let luminosity = BlendMode(rawValue: UInt32(SEGUE_BLEND_LUMINOSITY))
}
