import Glibc
import SegueBasics

/// Where clips sit in a sequence: each starts where the one before it ends,
/// less the overlap of the junction between them, so the sequence lasts
/// Σ durations − Σ overlaps. Numbers only: no pictures, no sound.
///
/// With an output frame rate, each clip starts on the output's frame grid
/// (the frame nearest that time), and picture and sound both take their
/// starts from here: a clip's picture can only begin on a frame, so its
/// sound begins there too, and a flash and its beep stay together after a
/// clip whose length is not a whole number of frames.
public struct SequenceTimeline: Sendable {
    /// Output seconds at which each clip starts.
    public let starts: [Double]
    /// Each clip's length in seconds.
    public let durations: [Double]
    /// Each junction's length in seconds: junction j joins clip j and clip j + 1.
    public let overlaps: [Double]
    /// The whole sequence's length in seconds.
    public let duration: Double

    /// What one moment of the output shows.
    public enum Moment: Equatable, Sendable {
        /// One clip alone, `time` seconds into it.
        case clip(Int, time: Double)
        /// Junction `j`: clip j at `fromTime`, clip j + 1 at `toTime` (which is
        /// also how far into the junction it is).
        case junction(Int, fromTime: Double, toTime: Double)
    }

    /// A clip shorter than the overlaps it takes part in is an error naming
    /// it (through `names`) and giving the numbers.
    /// - Parameter frameRate: the output's, whose frames the starts fall on; nil for exact starts.
    public init(durations: [Double], overlaps: [Double], names: [String], frameRate: FrameRate? = nil)
        throws(TimelineError) {
        precondition(!durations.isEmpty && overlaps.count == durations.count - 1 && names.count == durations.count)
        for (index, duration) in durations.enumerated() {
            let entering = index > 0 ? overlaps[index - 1] : 0
            let leaving = index < overlaps.count ? overlaps[index] : 0
            if duration + 1e-9 < entering + leaving {
                throw TimelineError(message: "'\(names[index])' lasts \(Seconds.text(duration)), shorter than the "
                    + "transitions it takes part in (\(Seconds.text(entering)) in + \(Seconds.text(leaving)) out = "
                    + "\(Seconds.text(entering + leaving)))")
            }
        }
        var starts = [0.0]
        for index in 1..<max(1, durations.count) {
            let start = starts[index - 1] + durations[index - 1] - overlaps[index - 1]
            starts.append(frameRate.map { $0.time(ofFrame: $0.frameCount(in: start)) } ?? start)
        }
        self.starts = starts
        self.durations = durations
        self.overlaps = overlaps
        duration = starts.last! + durations.last!
    }

    /// Output second where junction `j` starts (clip j + 1's start).
    public func junctionStart(_ j: Int) -> Double { starts[j + 1] }

    /// What the output shows at `time` (clamped into the sequence).
    public func moment(at time: Double) -> Moment {
        // Times this close to a boundary are on it: frame times are i / fps.
        let epsilon = 1e-9
        for j in overlaps.indices where overlaps[j] > 0 {
            let start = starts[j + 1]
            if time + epsilon >= start && time + epsilon < start + overlaps[j] {
                return .junction(j, fromTime: time - starts[j], toTime: time - start)
            }
        }
        var clip = 0
        while clip + 1 < starts.count && time + epsilon >= starts[clip + 1] { clip += 1 }
        return .clip(clip, time: min(max(0, time - starts[clip]), durations[clip]))
    }
}

public struct TimelineError: Error, Sendable {
    public let message: String
}

/// How sound crossfades through a junction, given the transition's progress.
public enum AudioFade: String, CaseIterable, Sendable {
    /// Gains 1 − p and p: the sum of the two gains is constant.
    case linear
    /// Gains cos(pπ/2) and sin(pπ/2): the sum of their powers is constant, so
    /// uncorrelated sounds keep their loudness through the junction.
    case equalPower = "equal-power"

    /// The leaving and the entering sound's gains at progress `p` (clamped to 0…1,
    /// so a spring's overshoot does not overdrive the sound; −∞ is 0, +∞ and NaN 1).
    public func gains(_ p: Double) -> (leaving: Float, entering: Float) {
        let p = p.isNaN ? 1 : min(max(p, 0), 1)
        switch self {
        case .linear: return (Float(1 - p), Float(p))
        case .equalPower: return (Float(cos(p * .pi / 2)), Float(sin(p * .pi / 2)))
        }
    }
}
