import SegueBasics
import Testing

/// Frame rates as ratios: what people write, what streams declare, and the
/// times and sample ranges that follow without drift.
@Suite struct FrameRateTests {
    @Test func ratesAreReadAsPeopleWriteThem() {
        let cases: [(String, Int, Int)] = [
            ("30", 30, 1), ("25", 25, 1), ("30000/1001", 30000, 1001), ("60/2", 30, 1), ("12.5", 25, 2),
            ("29.97", 30000, 1001), ("23.976", 24000, 1001), ("59.94", 60000, 1001), ("119.88", 120000, 1001),
            ("29.9", 299, 10), ("29.970", 30000, 1001), ("1000", 1000, 1), ("1", 1, 1),
        ]
        for (text, frames, seconds) in cases {
            let rate = FrameRate(text)
            #expect(rate?.frames == frames && rate?.seconds == seconds, "\(text): \(String(describing: rate))")
        }
        for text in ["0", "1001", "-30", "30/0", "0/1", "abc", "", "30.", ".5", "1e2", "29.97.1", "3/2/1", "nan", "0.5",
                     "999999999999999999999.5", "9000000000000000000/8999999999999999999", "99999999999999999999/1"] {
            #expect(FrameRate(text) == nil, "\(text)")
        }
        #expect(FrameRate(frames: 30000, per: 1001)?.description == "30000/1001")
        #expect(FrameRate(frames: 50, per: 2)?.description == "25")
    }

    @Test func aStreamsAverageIsTidied() {
        let cases: [(Int, Int, Int, Int)] = [
            (30000, 1001, 30000, 1001), (2997, 100, 30000, 1001), (24000, 1001, 24000, 1001),
            (30, 1, 30, 1), (120000, 4001, 30, 1),  // 120 frames over 4.001 s of millisecond timestamps
            (25, 2, 25, 2), (15000, 1001, 15000, 1001), (1_234_567, 41_152, 30, 1),
            (448, 15, 30, 1), (1000, 33, 30, 1),  // variable-rate averages: the nearest whole rate
        ]
        for (frames, seconds, expectedFrames, expectedSeconds) in cases {
            let rate = FrameRate(stream: frames, per: seconds)
            #expect(rate?.frames == expectedFrames && rate?.seconds == expectedSeconds, "\(frames)/\(seconds): \(String(describing: rate))")
        }
        #expect(FrameRate(stream: 0, per: 1) == nil && FrameRate(stream: 30, per: 0) == nil && FrameRate(stream: 1, per: 5) == nil)
    }

    @Test func framesKeepTimeAtNTSCRates() throws {
        let rate = try #require(FrameRate("29.97"))
        #expect(rate.time(ofFrame: 30000) == 1001)
        #expect(rate.frameCount(in: 7.008) == 210)
        #expect(rate.frameCount(in: 3600 * 1.001) == 108_000)
        // Each frame's samples meet the next frame's, and an hour's add up exactly.
        var total = 0
        for index in 0..<108_000 {
            let range = rate.tick(ofFrame: index, ticksPerSecond: 48000)..<rate.tick(ofFrame: index + 1, ticksPerSecond: 48000)
            if !(1601...1602).contains(range.count) { Issue.record("frame \(index) has \(range.count) samples") }
            total += range.count
        }
        #expect(total == 48000 * 3600 * 1001 / 1000)
        // A day of frames at a rate with a large denominator stays exact.
        let odd = try #require(FrameRate("12.345679"))
        #expect(odd.seconds == 1_000_000)
        #expect(odd.tick(ofFrame: 12_345_679 * 86_400, ticksPerSecond: 192_000) == 192_000 * 86_400 * 1_000_000)
    }
}
