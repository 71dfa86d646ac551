import SeguePluginKit

/// The explode plugin: what its `segue_plugin_entry` describes. The `.so`'s
/// own target (plugins/explode/Plugin) hands it to the kit.
package let plugin = PluginDeclaration(name: "Explode", version: "1.0.0", effects: Explode.self)
