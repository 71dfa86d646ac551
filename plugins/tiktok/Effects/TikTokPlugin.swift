import SeguePluginKit

/// The tiktok plugin: what its `segue_plugin_entry` describes. The `.so`'s
/// own target (plugins/tiktok/Plugin) hands it to the kit.
package let plugin = PluginDeclaration(name: "TikTok", version: "1.0.0", effects: TikTok.self)
