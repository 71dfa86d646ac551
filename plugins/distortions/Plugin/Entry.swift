// The distortions plugin's entry: the same three lines in every Swift plugin.
import SegueDistortions
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(SegueDistortions.plugin) }
