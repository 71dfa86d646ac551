import CSegue
import Testing
@testable import SegueSlidingDoor
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The sliding door plugin, loaded on its own through the kit (its own
/// declaration, checked as the host's init would) and rendered with the
/// fake host through the same path the host's render() call takes.
private enum SlidingDoorPlugin {
    static let runtime: PluginRuntime? = try? Kit.load([SegueSlidingDoor.plugin], hasMain: true,
                                                       host: Host(pointer: FakeHost.table)).get()
}

@Suite struct SlidingDoorTests {
    let frame = Rect(x: 10, y: 20, width: 400, height: 300)

    func slidingDoor(_ shift: Double, pieces: Int = 2, frame: Rect? = nil, expecting status: segue_status = segue_status(SEGUE_OK))
        throws -> Rendering {
        let registration = try #require(SlidingDoorPlugin.runtime?.effects.first)
        let instance = EffectInstance(registration: registration)
        let canvas = FakeCanvas(frame: frame ?? self.frame)
        let values = [number(shift), number(Double(pieces), kind: .integer)]
        let result = values.withUnsafeBufferPointer { instance.render(values: $0.baseAddress, canvas: canvas.handle) }
        let rendering = Rendering(status: result, canvas: canvas)
        #expect(rendering.status == status)
        if status == segue_status(SEGUE_OK) { #expect(rendering.errors.isEmpty) }
        return rendering
    }

    /// The crops and translations drawn, in order.
    func halves(_ rendering: Rendering) -> [(crop: Rect?, transform: AffineTransform)] {
        rendering.calls.compactMap {
            guard case .draw(let draw) = $0 else { return nil }
            return (draw.crop, draw.transform)
        }
    }

    @Test func theDeclarationLoadsAndSaysWhatTheBriefSays() throws {
        let runtime = try #require(SlidingDoorPlugin.runtime)
        #expect(runtime.name == "Sliding door")
        #expect(runtime.effects.count == 1)
        let effect = try #require(runtime.effects.first).descriptor.pointee
        #expect(String(cString: effect.id) == "segue.slidingDoor")
        #expect(String(cString: effect.name) == "slidingDoor")
        #expect(effect.param_count == 2)
        let shift = effect.params[0]
        #expect(String(cString: shift.name) == "shift")
        #expect(shift.kind == ParameterKind.number.cValue)
        #expect(shift.flags == SEGUE_PARAM_ANIMATABLE)
        #expect(shift.active.number == 0.5 && shift.identity.number == 0)
        let pieces = effect.params[1]
        #expect(String(cString: pieces.name) == "pieces")
        #expect(pieces.kind == ParameterKind.integer.cValue && pieces.flags == SEGUE_PARAM_HAS_RANGE)
        #expect(pieces.minimum == 2 && pieces.maximum == 4 && pieces.active.number == 2 && pieces.identity.number == 2)
    }

    @Test func atZeroTheContentIsDrawnOnceAsItIs() throws {
        #expect(try slidingDoor(0).calls == [.draw(DrawCall(image: "content"))])
        #expect(try slidingDoor(-0.0).calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func twoWholePixelCropsTileTheFrameAndMoveApart() throws {
        let drawn = halves(try slidingDoor(0.25))
        try #require(drawn.count == 2)
        // The right half first, the left half on top.
        #expect(drawn[0].crop == Rect(x: 210, y: 20, width: 200, height: 300))
        #expect(drawn[0].transform == .translation(x: 100, y: 0))
        #expect(drawn[1].crop == Rect(x: 10, y: 20, width: 200, height: 300))
        #expect(drawn[1].transform == .translation(x: -100, y: 0))
    }

    @Test func anOddWidthIsCutAtAWholePixelAndTheCropsStillTile() throws {
        let frame = Rect(x: 3, y: 5, width: 257, height: 131)
        for shift in [0.5, 0.1, -0.3, 1e-9, 2.75] {
            let drawn = halves(try slidingDoor(shift, frame: frame))
            try #require(drawn.count == 2)
            let right = try #require(drawn[0].crop), left = try #require(drawn[1].crop)
            #expect(left == Rect(x: 3, y: 5, width: 128, height: 131))
            #expect(right == Rect(x: 131, y: 5, width: 129, height: 131))
            #expect(left.maxX == right.minX && left.minX == frame.minX && right.maxX == frame.maxX)
            #expect(drawn[0].transform == .translation(x: shift * 257, y: 0))
            #expect(drawn[1].transform == .translation(x: -shift * 257, y: 0))
        }
    }

    @Test func aNegativeShiftCrosses() throws {
        let drawn = halves(try slidingDoor(-0.5))
        try #require(drawn.count == 2)
        #expect(drawn[0].crop?.minX == 210 && drawn[0].transform == .translation(x: -200, y: 0))
        #expect(drawn[1].crop?.minX == 10 && drawn[1].transform == .translation(x: 200, y: 0))
    }

    @Test func anyFiniteShiftIsDefinedAndNonFiniteOnesDrawNothing() throws {
        for shift in stride(from: -3.0, through: 3.0, by: 0.125) where shift != 0 {
            #expect(halves(try slidingDoor(shift)).count == 2)
        }
        #expect(try slidingDoor(.nan).calls.isEmpty)
        #expect(try slidingDoor(.infinity).calls.isEmpty)
        #expect(try slidingDoor(-.infinity).calls.isEmpty)
        // So far that no output can show it: nothing, rather than a transform the host may refuse.
        #expect(try slidingDoor(1e300).calls.isEmpty)
    }

    @Test func aOnePixelWideFrameHasOnlyARightHalf() throws {
        let drawn = halves(try slidingDoor(0.5, frame: Rect(x: 0, y: 0, width: 1, height: 10)))
        #expect(drawn.count == 1)
        #expect(drawn.first?.crop == Rect(x: 0, y: 0, width: 1, height: 10))
    }

    // MARK: - quarters

    @Test func quartersMoveTowardsTheirCornersTopLeftOnTop() throws {
        let drawn = halves(try slidingDoor(0.25, pieces: 4))
        try #require(drawn.count == 4)
        // Bottom-right, bottom-left, top-right, top-left; 400 × 300 at (10, 20), cut at x 210, y 170.
        #expect(drawn[0].crop == Rect(x: 210, y: 170, width: 200, height: 150))
        #expect(drawn[0].transform == .translation(x: 100, y: 75))
        #expect(drawn[1].crop == Rect(x: 10, y: 170, width: 200, height: 150))
        #expect(drawn[1].transform == .translation(x: -100, y: 75))
        #expect(drawn[2].crop == Rect(x: 210, y: 20, width: 200, height: 150))
        #expect(drawn[2].transform == .translation(x: 100, y: -75))
        #expect(drawn[3].crop == Rect(x: 10, y: 20, width: 200, height: 150))
        #expect(drawn[3].transform == .translation(x: -100, y: -75))
    }

    @Test func atZeroTheQuarteredDoorIsTheContentOnceWithoutASeam() throws {
        #expect(try slidingDoor(0, pieces: 4).calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func theFourCropsTileTheFrameExactlyAtEveryShift() throws {
        for frame in [Rect(x: 3, y: 5, width: 257, height: 131), Rect(x: 0, y: 0, width: 2, height: 3),
                      Rect(x: 10, y: 20, width: 400, height: 300)] {
            for shift in stride(from: -2.0, through: 2.0, by: 0.0625) where shift != 0 {
                let crops = halves(try slidingDoor(shift, pieces: 4, frame: frame)).compactMap(\.crop)
                #expect(crops.count == 4)
                // Whole pixels, inside the frame, disjoint, and together as large as it: a tiling.
                #expect(crops.allSatisfy { $0.isIntegral && frame.contains($0) })
                for i in crops.indices { for j in crops.indices where i < j {
                    #expect(crops[i].intersection(crops[j]).isEmpty, "\(crops[i]) overlaps \(crops[j])")
                } }
                #expect(crops.reduce(0) { $0 + $1.width * $1.height } == frame.width * frame.height)
            }
        }
    }

    @Test func threePiecesAreHalves() throws {
        // 3 is in the declared range 2…4, so it renders: the door is quartered at 4 only.
        let three = try slidingDoor(0.25, pieces: 3), two = try slidingDoor(0.25, pieces: 2)
        #expect(three.calls.count == 2)
        #expect(halves(three).map(\.crop) == halves(two).map(\.crop))
        #expect(halves(three).map(\.transform) == halves(two).map(\.transform))
    }
}
