// libFuzzer entry: Transition(spec:catalog:) on the input, read as UTF-8.
// The properties are in SpecFuzzing.swift (shared with the regression tests).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransitionSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = SpecFuzzing.checkTransition(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("transition spec property failed: \(failure)")
    }
    return 0
}
