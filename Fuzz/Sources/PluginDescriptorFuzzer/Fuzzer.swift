// libFuzzer entry: LoadedPlugin(entry:path:) on a plugin built in memory from
// the input. The fake plugin and the properties are in PluginFuzzing.swift
// (shared with the regression tests).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPluginDescriptor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = PluginFuzzing.check(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("plugin descriptor property failed: \(failure)")
    }
    return 0
}
