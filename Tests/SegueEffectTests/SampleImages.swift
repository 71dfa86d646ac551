import SegueCompositor

/// Deterministic test pictures.
enum SampleImages {
    /// `detailedPicture` (DetailedPicture.swift) with this suite's default seed.
    static func photo(width: Int, height: Int, seed: UInt32 = 7, varyingAlpha: Bool = false) -> Surface {
        detailedPicture(width: width, height: height, seed: seed, varyingAlpha: varyingAlpha)
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
