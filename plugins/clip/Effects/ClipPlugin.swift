import SeguePluginKit

/// The clip plugin: what its `segue_plugin_entry` describes. The `.so`'s
/// own target (plugins/clip/Plugin) hands it to the kit.
package let plugin = PluginDeclaration(name: "Clip", version: "1.0.0", effects: Clip.self)
