// The countUp plugin's entry: the same three lines in every Swift plugin.
import SegueCountUp
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(SegueCountUp.plugin) }
