// The tiktok plugin's entry: the same three lines in every Swift plugin.
import SegueTikTok
import SeguePluginKit

@c @implementation
public func segue_kit_main() { Plugin.declare(SegueTikTok.plugin) }
