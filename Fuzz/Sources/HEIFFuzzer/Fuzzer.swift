// libFuzzer entry: HEIFPhoto.read(bytes:name:) on the input (libheif itself is not instrumented).
// The properties are in PhotoFuzzing.swift (shared with the regression tests).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = PhotoFuzzing.checkHEIF(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("HEIF photo property failed: \(failure)")
    }
    return 0
}
