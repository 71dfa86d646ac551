/// Frames per second as a ratio of whole numbers, the way video carries it:
/// 30 is 30/1, NTSC's "29.97" is 30000/1001. Frame times are worked out from
/// the ratio, so an output at 29.97 fps neither drifts nor runs at 30.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// Frames in `seconds` seconds, in lowest terms.
    public let frames: Int
    public let seconds: Int

    /// The rates an output may have.
    public static let range: ClosedRange<Double> = 1...1000

    /// The largest `seconds` a rate may have in lowest terms (a decimal's
    /// millionths): what keeps its arithmetic exact in 64 bits.
    public static let largestDenominator = 1_000_000

    /// `frames` per `seconds` seconds; nil unless both are positive, the
    /// rate lies in `range` and its lowest terms keep `seconds` within
    /// `largestDenominator`.
    public init?(frames: Int, per seconds: Int) {
        guard frames > 0, seconds > 0, Self.range.contains(Double(frames) / Double(seconds)) else { return nil }
        var (a, b) = (frames, seconds)
        while b != 0 { (a, b) = (b, a % b) }
        guard seconds / a <= Self.largestDenominator else { return nil }
        self.frames = frames / a
        self.seconds = seconds / a
    }

    /// A whole number of frames per second (1…1000).
    public init?(_ whole: Int) {
        self.init(frames: whole, per: 1)
    }

    /// A rate as people write it: "30", "30000/1001", or a decimal such as
    /// "12.5"; "23.976", "29.97", "59.94" (and any whole rate's NTSC
    /// variant written to two decimals or more) mean the NTSC ratio k·1000/1001.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let frames = Int(parts[0]), let seconds = Int(parts[1]) else { return nil }
            self.init(frames: frames, per: seconds)
            return
        }
        if let whole = Int(text) {
            self.init(whole)
            return
        }
        guard let value = Double(text), Self.range.contains(value), let point = text.firstIndex(of: "."),
              case let decimals = text.distance(from: point, to: text.endIndex) - 1, (1...6).contains(decimals),
              text[text.index(after: point)...].allSatisfy(\.isNumber) else { return nil }
        if decimals >= 2, let ntsc = Self.ntsc(near: value), abs(ntsc.value - value) < 0.006 {
            self = ntsc
            return
        }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        self.init(frames: Int((value * Double(scale)).rounded()), per: scale)
    }

    /// A stream's declared average rate, tidied: within 0.05% of a whole
    /// rate, a half (12.5) or an NTSC ratio it is the nearest of those (an
    /// average over timestamps in milliseconds reads 30 fps as 29.99…);
    /// otherwise — a variable-rate phone clip averaging 29.87, say — the
    /// nearest whole rate.
    public init?(stream frames: Int, per seconds: Int) {
        guard frames > 0, seconds > 0 else { return nil }
        let value = Double(frames) / Double(seconds)
        let whole = value.rounded()
        guard Self.range.contains(whole) else { return nil }
        let candidates = [FrameRate(Int(whole)), FrameRate(frames: Int((value * 2).rounded()), per: 2),
                          Self.ntsc(near: value)].compactMap { $0 }
        let nearest = candidates.min { abs($0.value - value) < abs($1.value - value) }
        if let nearest, abs(nearest.value - value) <= value * 0.0005 {
            self = nearest
        } else {
            self.init(Int(whole))
        }
    }

    /// k·1000/1001 for the whole k nearest `value`·1.001.
    private static func ntsc(near value: Double) -> FrameRate? {
        FrameRate(frames: Int((value * 1.001).rounded()) * 1000, per: 1001)
    }

    /// Frames per second.
    public var value: Double { Double(frames) / Double(seconds) }

    /// When frame `index` starts, in seconds from the first.
    public func time(ofFrame index: Int) -> Double {
        Double(index) * Double(seconds) / Double(frames)
    }

    /// The frames that `duration` seconds hold, rounded to the nearest.
    public func frameCount(in duration: Double) -> Int {
        Int((duration * Double(frames) / Double(seconds)).rounded())
    }

    /// Where frame `index` starts, counted in ticks of `ticksPerSecond` (an
    /// audio sample rate, say), rounded down: consecutive frames' ranges
    /// meet exactly.
    public func tick(ofFrame index: Int, ticksPerSecond: Int) -> Int {
        // index·ticks·seconds can pass 64 bits (a day at a decimal rate); the quotient cannot.
        let product = (index * ticksPerSecond).multipliedFullWidth(by: seconds)
        return frames.dividingFullWidth(product).quotient
    }

    /// "30", or "30000/1001".
    public var description: String { seconds == 1 ? "\(frames)" : "\(frames)/\(seconds)" }
}
