import SegueCompositor

// One file, linked into each test target that needs it (SegueEngineTests,
// SegueEffectTests): the pictures their pixel tests draw, and how they compare.

/// A "photo" with fine detail: every pixel differs from its neighbours
/// (xorshift noise). Opaque unless `varyingAlpha`; then alpha varies too and
/// the colours stay premultiplied.
func detailedPicture(width: Int, height: Int, seed: UInt32, varyingAlpha: Bool = false) -> Surface {
    let surface = try! Surface(width: width, height: height)
    var state = seed &* 2_654_435_761 | 1
    for y in 0..<height {
        for x in 0..<width {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let a = varyingAlpha ? (state >> 24) & 0xFF : 0xFF
            func channel(_ shift: UInt32) -> UInt32 { ((state >> shift) & 0xFF) * a / 255 }
            surface[x, y] = a << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
        }
    }
    return surface
}

/// The number of pixels where two surfaces of one size differ.
func differingPixels(_ a: Surface, _ b: Surface) -> Int {
    precondition(a.width == b.width && a.height == b.height)
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 }
    }
    return count
}
