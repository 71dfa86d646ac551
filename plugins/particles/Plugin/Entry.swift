// The particles plugin's entry: the same three lines in every Swift plugin.
import SegueParticles
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(SegueParticles.plugin) }
