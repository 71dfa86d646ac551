import CSegue
import SegueABI

/// Factors in 0…1 that multiply each premultiplied channel of an image as it
/// is drawn (`segue_draw.channels`).
///
/// Two copies drawn with `.plusLighter`, one through `.redAndAlpha` and one
/// through `.greenBlue`, add back up to the image.
public struct Channels: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Every channel kept.
    public static let all = Channels(red: 1, green: 1, blue: 1, alpha: 1)
    /// Red and alpha kept, green and blue dropped.
    public static let redAndAlpha = Channels(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green and blue kept, red and alpha dropped.
    public static let greenBlue = Channels(red: 0, green: 1, blue: 1, alpha: 0)

    var cValue: segue_color { segue_color(red: red, green: green, blue: blue, alpha: alpha) }
}
