import SegueCompositor

/// Deterministic test pictures.
enum SampleImages {
    /// `detailedPicture` (DetailedPicture.swift) with this suite's default seed.
    static func photo(width: Int, height: Int, seed: UInt32 = 7, varyingAlpha: Bool = false) -> Surface {
        detailedPicture(width: width, height: height, seed: seed, varyingAlpha: varyingAlpha)
    }

    /// The number of pixels where two surfaces of one size differ.
    static func differingPixels(_ a: Surface, _ b: Surface) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 }
        }
        return count
    }

    /// How many pixels are exactly `pixel`.
    static func count(of pixel: UInt32, in surface: Surface) -> Int {
        var count = 0
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface[x, y] == pixel { count += 1 }
        }
        return count
    }
}
