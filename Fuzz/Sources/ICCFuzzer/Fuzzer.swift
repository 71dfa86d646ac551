// libFuzzer entry: ColourProfile on the input, as a profile and as PNG data with an iCCP chunk.
// The properties are in PhotoFuzzing.swift (shared with the regression tests).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = PhotoFuzzing.checkICC(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("ICC profile property failed: \(failure)")
    }
    return 0
}
