import Foundation
import Testing
@testable import SegueMedia

/// The timeline and the gains against Tests/vectors/sequence-timing.json,
/// which python/tests/test_moviepy.py holds the moviepy helpers to as well.
@Suite struct SequenceVectorTests {
    nonisolated(unsafe) static let vectors: [String: Any] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../vectors/sequence-timing.json")
        let data = try! Data(contentsOf: url)
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()

    static func list(_ key: String) -> [[String: Any]] { vectors[key] as! [[String: Any]] }
    static func number(_ value: Any?) -> Double { (value as! NSNumber).doubleValue }
    static func numbers(_ value: Any?) -> [Double] { (value as! [NSNumber]).map(\.doubleValue) }

    @Test func gains() {
        let cases = Self.list("gains")
        #expect(cases.count >= 20)
        for vector in cases {
            let fade = AudioFade(rawValue: vector["fade"] as! String)!
            let progress = Double(vector["progress"] as! String)!
            let (leaving, entering) = fade.gains(progress)
            #expect(abs(Double(leaving) - Self.number(vector["leaving"])) < 1e-6, "\(fade) \(progress)")
            #expect(abs(Double(entering) - Self.number(vector["entering"])) < 1e-6, "\(fade) \(progress)")
        }
    }

    @Test func timelines() throws {
        for vector in Self.list("timelines") {
            let durations = Self.numbers(vector["durations"])
            let timeline = try SequenceTimeline(durations: durations, overlaps: Self.numbers(vector["overlaps"]),
                                                names: durations.indices.map { "clip\($0)" })
            let starts = Self.numbers(vector["starts"])
            #expect(zip(timeline.starts, starts).allSatisfy { abs($0 - $1) < 1e-12 } && timeline.starts.count == starts.count)
            #expect(abs(timeline.duration - Self.number(vector["duration"])) < 1e-12)
            for moment in vector["moments"] as! [[String: Any]] {
                let time = Self.number(moment["time"])
                switch timeline.moment(at: time) {
                case .clip(let clip, let at):
                    #expect(clip == moment["clip"] as? Int && abs(at - Self.number(moment["at"])) < 1e-9, "\(time)")
                case .junction(let j, let from, let to):
                    #expect(j == moment["junction"] as? Int, "\(time)")
                    #expect(abs(from - Self.number(moment["from"])) < 1e-9 && abs(to - Self.number(moment["to"])) < 1e-9)
                }
            }
        }
    }

    @Test func refusalsNameTheClip() {
        for vector in Self.list("refused") {
            let durations = Self.numbers(vector["durations"])
            do {
                _ = try SequenceTimeline(durations: durations, overlaps: Self.numbers(vector["overlaps"]),
                                         names: durations.indices.map { "clip\($0)" })
                Issue.record("\(durations) was accepted")
            } catch {
                #expect(error.message.hasPrefix("'clip\(vector["clip"] as! Int)'"), "\(error.message)")
            }
        }
    }
}
