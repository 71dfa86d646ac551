// The explode plugin's entry: the same three lines in every Swift plugin.
import SegueExplode
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(SegueExplode.plugin) }
