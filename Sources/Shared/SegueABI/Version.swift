import CSegue

/// The version these headers describe, from segue/version.h: the one place
/// it is written.
public enum SegueVersion {
    /// E.g. "0.1.0".
    public static let string: String = SEGUE_VERSION_STRING
    /// As one comparable number (SEGUE_VERSION_NUMBER): 0.1.0 is 100.
    public static let number = UInt32(SEGUE_VERSION_MAJOR * 10000 + SEGUE_VERSION_MINOR * 100 + SEGUE_VERSION_PATCH)
    /// The plugin ABI (SEGUE_PLUGIN_ABI_VERSION).
    public static let pluginABI = UInt32(SEGUE_PLUGIN_ABI_VERSION)
}
