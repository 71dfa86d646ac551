import CSegue

/// Every struct of the headers that carries a `struct_size`, with the sizes
/// its earlier releases gave it: what `GrowableStruct` accepts besides
/// today's size and larger ones. An earlier size is that release's
/// sizeof, so each entry names the field it ended with or the field added
/// after it.
///
/// Releases: 0.1.0 is the first (its headers are frozen under Tests/abi/0.1).
/// 0.2.0 added `segue_draw.filter`, `segue_param_desc.removal` and `segue_distortion`;
/// 0.3.0 the render budget's fields of `segue_engine_options` and `segue_effect_desc.flags`.
public enum Layouts {
    // The plugin ABI (segue/plugin.h): what plugins hand the host.
    public static let plugin = GrowableStruct<segue_plugin>("segue_plugin")
    public static let effect = GrowableStruct<segue_effect_desc>("segue_effect_desc", earlierSizes: [
        start(of: \segue_effect_desc.flags),  // 0.1.0 and 0.2.0
    ])
    public static let parameter = GrowableStruct<segue_param_desc>("segue_param_desc", earlierSizes: [
        start(of: \segue_param_desc.removal),  // 0.1.0, padded after case_count
    ])
    public static let draw = GrowableStruct<segue_draw>("segue_draw", earlierSizes: [
        end(of: \segue_draw.channels),  // 0.1.0
    ])
    public static let textStyle = GrowableStruct<segue_text_style>("segue_text_style")
    public static let distortion = GrowableStruct<segue_distortion>("segue_distortion")  // since 0.2.0

    // The host API (segue.h): what C callers hand libsegue.
    public static let engineOptions = GrowableStruct<segue_engine_options>("segue_engine_options", earlierSizes: [
        end(of: \segue_engine_options.threads), end(of: \segue_engine_options.plugin_path),
        end(of: \segue_engine_options.flags), start(of: \segue_engine_options.max_primitives),  // 0.2.0, padded
    ])
    public static let scene = GrowableStruct<segue_scene>("segue_scene")
    public static let pixels = GrowableStruct<segue_pixels>("segue_pixels")

    /// Where `field` ends: the size of a layout whose last field it is.
    public static func end<Layout, Field>(of field: KeyPath<Layout, Field>) -> Int {
        MemoryLayout<Layout>.offset(of: field)! + MemoryLayout<Field>.size
    }

    /// Where `field` starts: the size, padding included, of the layout
    /// before it was added (C pads a struct to its alignment, so that may
    /// lie beyond where the earlier last field ends).
    public static func start<Layout, Field>(of field: KeyPath<Layout, Field>) -> Int {
        MemoryLayout<Layout>.offset(of: field)!
    }
}
