// The sliding door plugin's entry: the same three lines in every Swift plugin.
import SegueSlidingDoor
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(SegueSlidingDoor.plugin) }
