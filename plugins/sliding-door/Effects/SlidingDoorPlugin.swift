import SeguePluginKit

/// The sliding door plugin: what its `segue_plugin_entry` describes. The
/// `.so`'s own target (plugins/sliding-door/Plugin) hands it to the kit.
package let plugin = PluginDeclaration(name: "Sliding door", version: "1.0.0", effects: SlidingDoor.self)
