import CSegue
import Testing
@testable import SegueClip
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The clip effect, rendered through the kit with the fake host.
@Suite struct ClipTests {
    let frame = Rect(x: 10, y: 20, width: 400, height: 300)

    init() throws {
        try #require(TestPlugin.initStatus == SEGUE_OK)
    }

    func clip(_ value: Double, cornerRadius: Double = 100, frame: Rect? = nil) throws -> Rendering {
        let rendering = try render("segue.clip", [number(value), number(cornerRadius)], frame: frame ?? self.frame)
        #expect(rendering.status == SEGUE_OK)
        #expect(rendering.errors.isEmpty)
        #expect(rendering.canvas.destroyedEveryPath)
        return rendering
    }

    @Test func atOneTheContentIsDrawnUnclipped() throws {
        #expect(try clip(1).calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func atZeroNothingIsDrawn() throws {
        #expect(try clip(0).calls.isEmpty)
    }

    @Test func atAHalfTheClipIsAHalfSizeRoundedRectAboutTheCentre() throws {
        let expected = DrawCall(image: "content",
                                clip: Path(roundedRect: Rect(x: 110, y: 95, width: 200, height: 150), cornerRadius: 50))
        #expect(try clip(0.5).calls == [.draw(expected)])
    }

    @Test func theCornerRadiusFollowsItsParameter() throws {
        let expected = DrawCall(image: "content",
                                clip: Path(roundedRect: Rect(x: 110, y: 95, width: 200, height: 150), cornerRadius: 5))
        #expect(try clip(0.5, cornerRadius: 10).calls == [.draw(expected)])
    }

    @Test func theCornerRadiusIsAtMostHalfTheShorterSide() throws {
        let calls = try clip(0.5, cornerRadius: 10000).calls
        #expect(calls == [.draw(DrawCall(image: "content",
                                         clip: Path(roundedRect: Rect(x: 110, y: 95, width: 200, height: 150), cornerRadius: 75)))])
    }

    @Test func justBelowOneTheClipIsStillThere() throws {
        let calls = try clip(0.99).calls
        guard case .draw(let draw) = calls.first, let clip = draw.clip else {
            Issue.record("expected a clipped drawing, got \(calls)")
            return
        }
        let rect = clip.boundingBox
        #expect(abs(rect.width - 396) < 1e-9 && abs(rect.height - 297) < 1e-9)
        // A corner radius of 1: the first straight edge starts 1 pixel in from the corner.
        guard case .move(let start)? = clip.elements.first else {
            Issue.record("no start in \(clip)")
            return
        }
        #expect(abs(start.x - (rect.minX + 1)) < 1e-9 && abs(start.y - rect.minY) < 1e-9)
    }

    @Test func beyondOneTheRectGrowsPastTheFrameAndTheContentIsUnclipped() throws {
        #expect(try clip(1.3).calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func belowZeroAndNonFiniteValuesDrawNothing() throws {
        #expect(try clip(-0.4).calls.isEmpty)
        #expect(try clip(.nan).calls.isEmpty)
        #expect(try clip(-.infinity).calls.isEmpty)
    }

    @Test func aZeroRadiusAtOneNeedsNoClipEvenWithoutRoundedCorners() throws {
        #expect(try clip(1, cornerRadius: 0).calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func shapeIsDefinedForAnyFiniteValue() {
        for value in stride(from: -2.0, through: 3.0, by: 0.125) {
            let shape = Clip.shape(frame: frame, value: value, cornerRadius: 100)
            if value <= 0 {
                #expect(shape == nil)
            } else if let shape {
                #expect(abs(shape.rect.midX - frame.midX) < 1e-9 && abs(shape.rect.midY - frame.midY) < 1e-9)
                #expect(shape.rect.width >= 0 && shape.cornerRadius >= 0)
                #expect(shape.cornerRadius <= min(shape.rect.width, shape.rect.height) / 2)
            }
        }
    }
}
