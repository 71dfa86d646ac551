// libFuzzer entry: PNG.read(bytes:name:) on the input.
// The properties are in PNGFuzzing.swift (shared with the regression tests).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = PNGFuzzing.check(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("PNG reader property failed: \(failure)")
    }
    return 0
}
