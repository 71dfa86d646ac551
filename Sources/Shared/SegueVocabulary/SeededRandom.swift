/// A deterministic pseudo-random sequence: SplitMix64 (Steele, Lea and
/// Flood), whose whole state is one word, so a seed fixes every number it
/// gives: for the sample pictures, `segue slideshow --transition random
/// --seed N`, plugins' scattered pieces, and reproducible tests.
public struct SeededRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 (53 random bits).
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// A number in low..<high.
    public mutating func between(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * unit()
    }

    /// An integer in 0..<n; n must be positive.
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(\(n)): n must be positive")
        return Int(next() % UInt64(n))
    }
}
