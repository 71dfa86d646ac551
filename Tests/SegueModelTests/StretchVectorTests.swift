import Foundation
import SegueModel
import Testing

/// A junction's progress, the animation stretched over it, against
/// Tests/vectors/sequence-timing.json, which the Python moviepy helpers
/// are held to as well.
@Suite struct StretchVectorTests {
    @Test func aJunctionsProgressIsTheAnimationStretchedOverIt() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../vectors/sequence-timing.json")
        let vectors = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let cases = vectors["stretch"] as! [[String: Any]]
        #expect(cases.count >= 4)
        for vector in cases {
            let animation = try Animation(spec: vector["animation"] as! String)
            let overlap = (vector["overlap"] as! NSNumber).doubleValue
            let elapsed = (vector["elapsed"] as! NSNumber).doubleValue
            let expected = (vector["progress"] as! NSNumber).doubleValue
            #expect(abs(animation.progress(at: elapsed, over: overlap) - expected) < 1e-12, "\(vector)")
        }
    }
}
