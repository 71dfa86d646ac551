// libFuzzer entry: Animation(spec:) on the input, read as UTF-8.
// The properties are in SpecFuzzing.swift (shared with the regression tests).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimationSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = SpecFuzzing.checkAnimation(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("animation spec property failed: \(failure)")
    }
    return 0
}
