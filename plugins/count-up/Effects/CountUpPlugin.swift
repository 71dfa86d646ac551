import SeguePluginKit

/// The countUp plugin: what its `segue_plugin_entry` describes. The `.so`'s
/// own target (plugins/count-up/Plugin) hands it to the kit.
package let plugin = PluginDeclaration(name: "Count up", version: "1.0.0", effects: CountUp.self)
