import CSegue
import SegueABI
import SeguePluginEntry

// The functions `segue_plugin_entry` (Sources/SeguePluginEntry/entry.c)
// points at, checked against SeguePluginEntry.h by `@c @implementation`.
// They are public only so the C object can link to them; the plugins'
// version script keeps them out of the .so's dynamic symbols.

@c @implementation
public func segue_kit_init(_ host: UnsafePointer<segue_host>?, _ path: UnsafePointer<CChar>?) -> segue_status {
    Kit.initialize(host: host, path: path) { segue_kit_call_main() != 0 }
}

@c @implementation
public func segue_kit_effect_count() -> UInt32 {
    UInt32(Kit.runtime?.effects.count ?? 0)
}

@c @implementation
public func segue_kit_effect(_ index: UInt32) -> UnsafePointer<segue_effect_desc>? {
    guard let effects = Kit.runtime?.effects, Int(index) < effects.count else { return nil }
    return effects[Int(index)].descriptor
}
