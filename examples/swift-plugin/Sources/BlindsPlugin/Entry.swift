// The plugin's entry: the same three lines in every Swift plugin.
import Blinds
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(Blinds.plugin) }
