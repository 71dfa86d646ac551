// libFuzzer entry: the transition the input describes, rendered (RenderFuzzing.swift,
// shared with the regression tests), with the plugins in SEGUE_PLUGIN_PATH (Fuzz/run
// points it at build/lib/segue/plugins).
import Glibc
import SegueEngine

let engine = RenderFuzzing.engine(plugins: getenv("SEGUE_PLUGIN_PATH").map { String(cString: $0) } ?? "")

/// Set SEGUE_FUZZ_SAY=1 to have each input said in words before it is drawn (replaying a finding).
let says = getenv("SEGUE_FUZZ_SAY") != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRenderSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if says { print("render-spec input: \(RenderFuzzing.describe(bytes, engine: engine))") }
    if let failure = RenderFuzzing.check(bytes, engine: engine) {
        fatalError("render property failed: \(failure)")
    }
    return 0
}
