import SegueBasics
import Testing
@testable import SegueMedia

/// The sequence model with numbers alone: where clips sit, what each moment
/// shows, and the crossfade gains.
@Suite struct SequenceTimelineTests {
    @Test func clipsOverlapByTheirJunctionsAndTheLengthIsExact() throws {
        let timeline = try SequenceTimeline(durations: [4, 2.5, 3], overlaps: [1, 0.5], names: ["a", "b", "c"])
        #expect(timeline.starts == [0, 3, 5])
        #expect(timeline.duration == 4 + 2.5 + 3 - 1 - 0.5)
        #expect(timeline.junctionStart(0) == 3 && timeline.junctionStart(1) == 5)
    }

    @Test func eachMomentShowsTheRightClipsAtTheirOwnTimes() throws {
        let timeline = try SequenceTimeline(durations: [4, 2.5, 3], overlaps: [1, 0.5], names: ["a", "b", "c"])
        #expect(timeline.moment(at: 0) == .clip(0, time: 0))
        #expect(timeline.moment(at: 2.9) == .clip(0, time: 2.9))
        #expect(timeline.moment(at: 3) == .junction(0, fromTime: 3, toTime: 0))
        #expect(timeline.moment(at: 3.5) == .junction(0, fromTime: 3.5, toTime: 0.5))
        #expect(timeline.moment(at: 4) == .clip(1, time: 1))
        #expect(timeline.moment(at: 5.25) == .junction(1, fromTime: 2.25, toTime: 0.25))
        #expect(timeline.moment(at: 7.5) == .clip(2, time: 2.5))
        // Past the end: the last clip's end, held.
        #expect(timeline.moment(at: 99) == .clip(2, time: 3))
        // Frame times i / fps that round just below a boundary are on it.
        guard case .junction(0, _, _) = timeline.moment(at: 90.0 / 30 - 1e-12) else {
            Issue.record("a time a rounding below the junction's start is in the junction")
            return
        }
    }

    @Test("with a frame rate, every clip starts on the output's nearest frame, for picture and sound alike")
    func startsOnTheFrameGrid() throws {
        // At 30 fps: 3.008 − 0.5 = 2.508 s is frame 75.24 → 75 (2.5 s); then 2.5 + 3.978 − 0.5 = 5.978 s,
        // frame 179.34 → 179; no rounding carries from one clip to the next.
        let rate = try #require(FrameRate(30))
        let timeline = try SequenceTimeline(durations: [3.008, 3.978, 2.5], overlaps: [0.5, 0.5], names: ["a", "b", "c"],
                                            frameRate: rate)
        #expect(timeline.starts == [0, rate.time(ofFrame: 75), rate.time(ofFrame: 179)])
        #expect(timeline.duration == rate.time(ofFrame: 179) + 2.5)
        // A clip's own times at output frames are whole frames of the output.
        guard case .clip(1, let time) = timeline.moment(at: rate.time(ofFrame: 120)) else {
            Issue.record("frame 120 shows the second clip alone")
            return
        }
        #expect(abs(time * 30 - 45) < 1e-9)
    }

    @Test func aClipShorterThanItsOverlapsIsNamedWithTheNumbers() {
        let error = #expect(throws: TimelineError.self) {
            _ = try SequenceTimeline(durations: [3, 1, 3], overlaps: [0.8, 0.8], names: ["a.mp4", "short.mp4", "c.mp4"])
        }
        #expect(error?.message == "'short.mp4' lasts 1.000 s, shorter than the transitions it takes part in "
            + "(0.800 s in + 0.800 s out = 1.600 s)")
        // Exactly as long as its overlaps is allowed: it is never seen alone.
        #expect(throws: Never.self) {
            _ = try SequenceTimeline(durations: [3, 1.6, 3], overlaps: [0.8, 0.8], names: ["a", "b", "c"])
        }
    }

    @Test func linearGainsSumToOneAndEqualPowerGainsKeepThePower() {
        for step in 0...20 {
            let p = Double(step) / 20
            let linear = AudioFade.linear.gains(p), power = AudioFade.equalPower.gains(p)
            #expect(abs(linear.leaving + linear.entering - 1) < 1e-6)
            #expect(abs(power.leaving * power.leaving + power.entering * power.entering - 1) < 1e-6)
        }
        // A spring's overshoot and NaN do not overdrive the sound.
        #expect(AudioFade.equalPower.gains(1.3) == AudioFade.equalPower.gains(1))
        #expect(AudioFade.linear.gains(-0.2) == (1, 0))
        #expect(AudioFade.linear.gains(.nan) == (0, 1))
    }

    @Test func secondsReadAsMessagesShowThem() {
        #expect(Seconds.text(1.25) == "1.250 s")
        #expect(Seconds.text(0.0004) == "0.000 s")
        #expect(Seconds.text(-2.5) == "-2.500 s")
        #expect(Seconds.text(.nan) == "an unknown time")
    }
}
