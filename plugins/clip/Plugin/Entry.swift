// The clip plugin's entry: the same three lines in every Swift plugin.
import SegueClip
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(SegueClip.plugin) }
