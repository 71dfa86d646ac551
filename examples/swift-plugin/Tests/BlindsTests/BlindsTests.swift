import SeguePluginKitTesting
import Testing
@testable import Blinds

/// The effect on the fake host: what it asks the canvas to draw.
@Suite struct BlindsTests {
    let frame = Rect(x: 0, y: 0, width: 200, height: 100)

    @Test func openTheContentIsDrawnWhole() {
        let rendering = FakeHost.render(Blinds.self, frame: frame)
        #expect(rendering.status == .ok)
        #expect(rendering.calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func shutNothingIsDrawn() {
        let rendering = FakeHost.render(Blinds.self, state: .active, frame: frame)
        #expect(rendering.status == .ok && rendering.calls.isEmpty)
    }

    @Test func halfOpenEachSlatShowsItsMiddleHalf() throws {
        let rendering = FakeHost.render(Blinds.self, ["openness": .number(0.5), "slats": .integer(4)], frame: frame)
        guard case .draw(let draw)? = rendering.calls.first, let clip = draw.clip else {
            Issue.record("expected one clipped drawing, got \(rendering.calls)")
            return
        }
        // Four bands of 25 pixels, each open over its middle 12.5.
        let expected = Path { path in
            for top in [6.25, 31.25, 56.25, 81.25] { path.addRect(Rect(x: 0, y: top, width: 200, height: 12.5)) }
        }
        #expect(clip == expected)
        #expect(rendering.canvas.destroyedEveryPath)
    }
}
