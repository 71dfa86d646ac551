/// What a handle that crosses a C boundary stands for: the C API's objects
/// (`segue_surface *` …) and the plugin ABI's (`segue_canvas *` …).
///
/// Every handle is a record of `HandleTable` whose first word is its tag:
/// eight ASCII bytes ("segueSRF" for a surface) while the object is alive,
/// "segueDEL" once it is gone, so that one load and one compare tell a
/// handle of the expected kind from one of another kind or a freed one.
public enum HandleTag: UInt64, Sendable, CaseIterable {
    case engine = 0x474e_4565_7567_6573      // "segueENG"
    case surface = 0x4652_5365_7567_6573     // "segueSRF"
    case transition = 0x4e52_5465_7567_6573  // "segueTRN"
    case animation = 0x494e_4165_7567_6573   // "segueANI"
    case canvas = 0x564e_4365_7567_6573      // "segueCNV"
    case image = 0x474d_4965_7567_6573       // "segueIMG"
    case path = 0x4854_5065_7567_6573        // "seguePTH"

    /// The tag a record carries once its object is gone ("segueDEL").
    public static let freed: UInt64 = 0x4c45_4465_7567_6573

    /// The C type's name, for messages.
    public var typeName: String {
        switch self {
        case .engine: "segue_engine"
        case .surface: "segue_surface"
        case .transition: "segue_transition"
        case .animation: "segue_animation"
        case .canvas: "segue_canvas"
        case .image: "segue_image"
        case .path: "segue_path"
        }
    }

    /// The object's name in prose, for messages: "this surface was already freed".
    public var noun: String { String(typeName.dropFirst("segue_".count)) }
}
