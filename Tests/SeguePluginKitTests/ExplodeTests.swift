import CSegue
import Glibc
import Testing
@testable import SegueExplode
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The explode plugin, loaded on its own through the kit (its own
/// declaration, checked as the host's init would) and rendered with the
/// fake host through the same path the host's render() call takes.
private enum ExplodePlugin {
    static let runtime: PluginRuntime? = try? Kit.load([SegueExplode.plugin], hasMain: true,
                                                       host: Host(pointer: FakeHost.table)).get()
}

@Suite struct ExplodeTests {
    let frame = Rect(x: 10, y: 20, width: 400, height: 300)

    struct Settings {
        var columns = 8, rows = 6, seed = 1
        var force = 1.0, gravity = 1.0, spin = 1.0
        var fade = true
        var center = Point.center

        func values(_ progress: Double) -> [segue_value] {
            [number(progress), number(Double(columns), kind: .integer), number(Double(rows), kind: .integer),
             number(Double(seed), kind: .integer), number(force), number(gravity), number(spin),
             number(fade ? 1 : 0, kind: .bool), point(center.x, center.y)]
        }
    }

    func explode(_ progress: Double, _ settings: Settings = Settings(), frame: Rect? = nil) throws -> [DrawCall] {
        try render(progress, settings, frame: frame).calls.compactMap {
            guard case .draw(let draw) = $0 else {
                Issue.record("explode should only draw images, not \($0)")
                return nil
            }
            return draw
        }
    }

    @Test func theDeclarationLoadsAndSaysWhatTheBriefSays() throws {
        let runtime = try #require(ExplodePlugin.runtime)
        #expect(runtime.name == "Explode")
        let effect = try #require(runtime.effects.first).descriptor.pointee
        #expect(String(cString: effect.id) == "segue.explode")
        #expect(String(cString: effect.name) == "explode")
        let params = (0..<Int(effect.param_count)).map { effect.params[$0] }
        #expect(params.map { String(cString: $0.name) }
            == ["progress", "columns", "rows", "seed", "force", "gravity", "spin", "fade", "center"])
        let kinds: [ParameterKind] = [.number, .integer, .integer, .integer, .number, .number, .number, .bool, .point]
        #expect(params.map(\.kind) == kinds.map(\.cValue))
        // Only progress animates, so it is the primary parameter.
        #expect(params.map { $0.flags & SEGUE_PARAM_ANIMATABLE != 0 }
            == [true, false, false, false, false, false, false, false, false])
        #expect(params[0].active.number == 1 && params[0].identity.number == 0)
        for index in [1, 2] {
            #expect(params[index].flags & SEGUE_PARAM_HAS_RANGE != 0)
            #expect(params[index].minimum == 1 && params[index].maximum == 64)
        }
        #expect(params[1].active.number == 8 && params[1].identity.number == 8)
        #expect(params[2].active.number == 6 && params[2].identity.number == 6)
        #expect(params[3].active.number == 1 && params[3].identity.number == 1)
        for index in 4...6 {
            #expect(params[index].active.number == 1 && params[index].identity.number == 1)
        }
        #expect(params[7].active.number == 1 && params[7].identity.number == 1)
        #expect(params[8].active.point.x == 0.5 && params[8].active.point.y == 0.5)
        #expect(params[8].identity.point.x == 0.5 && params[8].identity.point.y == 0.5)
    }

    /// The canvas explode drew on.
    func render(_ progress: Double, _ settings: Settings = Settings(), frame: Rect? = nil) throws -> FakeCanvas {
        let registration = try #require(ExplodePlugin.runtime?.effects.first)
        let instance = EffectInstance(registration: registration)
        let canvas = FakeCanvas(frame: frame ?? self.frame)
        let values = settings.values(progress)
        let status = values.withUnsafeBufferPointer { instance.render(values: $0.baseAddress, canvas: canvas.handle) }
        #expect(status == SEGUE_OK)
        #expect(canvas.errors.isEmpty)
        return canvas
    }

    @Test func atZeroTheContentIsDrawnOnceAsItIs() throws {
        #expect(try explode(0) == [DrawCall(image: "content")])
        #expect(try explode(-0.0) == [DrawCall(image: "content")])
    }

    /// Checks that `crops` are whole-pixel rectangles tiling `frame` exactly, `columns` × `rows` of them.
    func expectTiling(_ crops: [Rect], _ frame: Rect, columns: Int, rows: Int) {
        #expect(crops.count == columns * rows)
        var area = 0.0
        for crop in crops {
            #expect(crop.minX == crop.minX.rounded() && crop.minY == crop.minY.rounded())
            #expect(crop.width == crop.width.rounded() && crop.height == crop.height.rounded())
            #expect(crop.width >= 1 && crop.height >= 1)
            #expect(frame.contains(crop))
            area += crop.width * crop.height
        }
        #expect(area == frame.width * frame.height)
        // Every pixel of the frame is covered exactly once.
        let width = Int(frame.width), height = Int(frame.height)
        var cover = [Int](repeating: 0, count: width * height)
        for crop in crops where frame.contains(crop) {
            for y in Int(crop.minY - frame.minY)..<Int(crop.maxY - frame.minY) {
                for x in Int(crop.minX - frame.minX)..<Int(crop.maxX - frame.minX) { cover[y * width + x] += 1 }
            }
        }
        #expect(cover.allSatisfy { $0 == 1 })
    }

    @Test func thePiecesAreWholePixelCropsTilingTheFrame() throws {
        let frame = Rect(x: 3, y: 7, width: 257, height: 131)
        for (columns, rows) in [(8, 6), (1, 1), (3, 7), (64, 64), (5, 1)] {
            let settings = Settings(columns: columns, rows: rows)
            let draws = try explode(0.3, settings, frame: frame)
            expectTiling(draws.compactMap(\.crop), frame, columns: columns, rows: rows)
            #expect(draws.allSatisfy { $0.image == "content" && $0.crop != nil })
        }
        // Boundaries at frame.minX + round(i·W/columns).
        let crops = try explode(0.3, Settings(columns: 8, rows: 6), frame: frame).compactMap(\.crop)
        let expected: [Double] = (0..<8).map { (column: Int) -> Double in 3 + (Double(column) * 257 / 8).rounded() }
        #expect(Array(crops.prefix(8).map(\.minX)) == expected)
        #expect(crops.map(\.minY).filter { $0 != crops[0].minY }.count == 40)
    }

    @Test func justAboveZeroEveryPieceIsAlmostAtHomeAndTheContentIsDrawnWhole() throws {
        let pieces = Explode.pieces(frame: frame, columns: 8, rows: 6, seed: 1, force: 1, spin: 1, center: .center)
        for piece in pieces {
            let transform = try #require(piece.transform(at: 1e-9, gravity: 1, frame: frame))
            let moved = transform.apply(piece.rect.center)
            #expect(abs(moved.x - piece.rect.midX) < 1e-3 && abs(moved.y - piece.rect.midY) < 1e-3)
            #expect(abs(transform.a - 1) < 1e-6 && abs(transform.b) < 1e-6)
            #expect(piece.displacement(transform) < Explode.settling.ends)
        }
        // Every piece within `settling.ends` of home: the content as it is, with no seam between pieces.
        #expect(try explode(1e-9) == [DrawCall(image: "content")])
    }

    @Test func settlingPiecesAreAddedToTheWholeContentInShares() throws {
        #expect(Explode.settled(farthest: Explode.settling.begins) == 0 && Explode.settled(farthest: .infinity) == 0)
        #expect(Explode.settled(farthest: Explode.settling.ends) == 1 && Explode.settled(farthest: 0) == 1)
        #expect(abs(Explode.settled(farthest: 12) - 0.5) < 1e-12)  // smoothstep, halfway
        // Find a progress whose farthest piece lies between the two distances: a layer of the pieces and
        // the content, added (plus-lighter) at 1 − share and share, drawn once.
        let pieces = Explode.pieces(frame: frame, columns: 8, rows: 6, seed: 1, force: 1, spin: 1, center: .center)
        func farthest(_ progress: Double) -> Double {
            pieces.map { $0.displacement($0.transform(at: progress, gravity: 1, frame: frame)!) }.max()!
        }
        var low = 0.0, high = 0.5  // farthest(0) = 0 < 12 < farthest(0.5)
        for _ in 0..<60 { let middle = (low + high) / 2; if farthest(middle) < 12 { low = middle } else { high = middle } }
        let canvas = try render(low)
        #expect(canvas.calls == [.beginLayer, .endLayer("layer1"), .draw(DrawCall(image: "layer1"))])
        let layer = try #require(canvas.layers.first)
        let share = Explode.settled(farthest: farthest(low))
        #expect(abs(share - 0.5) < 1e-6)
        guard case .draw(let whole)? = layer.calls.last else { Issue.record("\(layer.calls)"); return }
        #expect(whole.image == "content" && whole.crop == nil && whole.blend == .plusLighter
                && abs(whole.opacity - share) < 1e-12)
        let parts = layer.calls.dropLast().compactMap { call -> DrawCall? in if case .draw(let d) = call { d } else { nil } }
        #expect(parts.count == 48 && parts.allSatisfy { $0.blend == .plusLighter && $0.crop != nil })
        #expect(parts.allSatisfy { abs($0.opacity - (1 - low) * (1 - share)) < 1e-9 })
    }

    @Test func atZeroEveryPieceTransformIsTheIdentity() {
        // What render() skips at exactly 0 by drawing the content once.
        let pieces = Explode.pieces(frame: frame, columns: 8, rows: 6, seed: 1, force: 1, spin: 1, center: .center)
        #expect(pieces.count == 48)
        for piece in pieces {
            #expect(piece.transform(at: 0, gravity: 1, frame: frame) == .identity)
        }
    }

    @Test func theSameSeedGivesTheSameFramesAndAnotherSeedOthers() throws {
        let first = try explode(0.4, Settings(seed: 7))
        let again = try explode(0.4, Settings(seed: 7))
        let other = try explode(0.4, Settings(seed: 8))
        #expect(first == again)
        #expect(first.map(\.crop) == other.map(\.crop))
        #expect(first.map(\.transform) != other.map(\.transform))
        // Every piece flies differently under the other seed.
        #expect(zip(first, other).allSatisfy { $0.transform != $1.transform })
        // Negative seeds are seeds too.
        #expect(try explode(0.4, Settings(seed: -7)).map(\.transform) != first.map(\.transform))
    }

    @Test func piecesTurnAboutTheirCentresAndFlyAwayFromTheEpicentre() throws {
        let draws = try explode(0.2, Settings(gravity: 0))
        let epicentre = frame.center
        for draw in draws {
            let crop = try #require(draw.crop)
            let moved = draw.transform.apply(crop.center)
            let away = Point(x: crop.midX - epicentre.x, y: crop.midY - epicentre.y)
            let step = Point(x: moved.x - crop.midX, y: moved.y - crop.midY)
            // Within ±0.4 rad of straight away: the dot product is positive.
            #expect(away.x * step.x + away.y * step.y > 0)
            // A rotation (no scale, no shear): a² + b² = 1, a = d, b = −c.
            let t = draw.transform
            #expect(abs(t.a * t.a + t.b * t.b - 1) < 1e-12 && abs(t.a - t.d) < 1e-12 && abs(t.b + t.c) < 1e-12)
        }
        // Not all the same way round, nor all the same angle.
        let angles = draws.map { atan2($0.transform.b, $0.transform.a) }
        #expect(angles.contains { $0 > 0 } && angles.contains { $0 < 0 })
        #expect(Set(angles).count > 40)
    }

    @Test func theEpicentreMoves() throws {
        // From the top-left corner every piece heads right and down (within the jitter).
        let draws = try explode(0.2, Settings(gravity: 0, center: Point(x: 0, y: 0)))
        for draw in draws {
            let crop = try #require(draw.crop)
            let moved = draw.transform.apply(crop.center)
            #expect(moved.x - crop.midX + moved.y - crop.midY > 0)
        }
    }

    @Test func gravityPullsDownAsTheSquareOfProgress() throws {
        let without = try explode(0.5, Settings(gravity: 0))
        let with = try explode(0.5, Settings(gravity: 2))
        for (a, b) in zip(without, with) {
            #expect(abs((b.transform.ty - a.transform.ty) - 2 * 300 * 0.25) < 1e-9)
            #expect(a.transform.tx == b.transform.tx)
        }
    }

    @Test func forceAndSpinScaleTheFlight() throws {
        let calm = try explode(0.5, Settings(force: 0, gravity: 0, spin: 0))
        #expect(calm.allSatisfy { $0.transform == .identity })
        let spun = try explode(1, Settings(force: 0, gravity: 0, spin: 0.5, fade: false))
        // Up to half a half-turn, at least a quarter of that, either way, about the piece's own centre.
        for draw in spun {
            let crop = try #require(draw.crop)
            let centre = draw.transform.apply(crop.center)
            #expect(abs(centre.x - crop.midX) < 1e-9 && abs(centre.y - crop.midY) < 1e-9)
            let angle = abs(atan2(draw.transform.b, draw.transform.a))
            #expect(angle >= 0.125 * Double.pi - 1e-9 && angle <= 0.5 * Double.pi + 1e-9)
        }
        // A piece travels about the diagonal (0.6…1.4 of it) at progress 1 with force 1.
        let flown = try explode(1, Settings(gravity: 0, spin: 0, fade: false))
        for draw in flown {
            let distance = (draw.transform.tx * draw.transform.tx + draw.transform.ty * draw.transform.ty).squareRoot()
            #expect(distance >= 0.6 * 500 - 1e-9 && distance <= 1.4 * 500 + 1e-9)
        }
    }

    @Test func withFadeTheOpacityIsOneMinusProgress() throws {
        for progress in [0.1, 0.3, 0.5, 0.75, 0.99] {
            let draws = try explode(progress)
            #expect(draws.count == 48)
            #expect(draws.allSatisfy { abs($0.opacity - (1 - progress)) < 1e-12 })
        }
        #expect(try explode(1).isEmpty)
        #expect(try explode(1.5).isEmpty)
        // Before 0 (a spring's overshoot) the pieces are opaque.
        #expect(try explode(-0.2).allSatisfy { $0.opacity == 1 })
        // Without fade they stay opaque all the way.
        #expect(try explode(1, Settings(fade: false)).allSatisfy { $0.opacity == 1 })
        #expect(try explode(1, Settings(fade: false)).count == 48)
    }

    @Test func beyondZeroToOneThePiecesKeepToTheirCurves() throws {
        let settings = Settings(fade: false)
        for progress in [-0.5, -0.1, 1.2, 3] {
            let draws = try explode(progress, settings)
            #expect(draws.count == 48)
            #expect(draws.allSatisfy { $0.transform.tx.isFinite && $0.transform.ty.isFinite })
        }
        // The same parabola: position(p) = v·p + g·H·p² for one piece.
        let pieces = Explode.pieces(frame: frame, columns: 8, rows: 6, seed: 1, force: 1, spin: 0, center: .center)
        let piece = pieces[5]
        for p in [-0.5, 0.5, 1.7] {
            let t = try #require(piece.transform(at: p, gravity: 1, frame: frame))
            #expect(abs(t.tx - piece.velocity.x * p) < 1e-9)
            #expect(abs(t.ty - (piece.velocity.y * p + 300 * p * p)) < 1e-9)
        }
    }

    @Test func nonFiniteOrUnreachableValuesDrawNothing() throws {
        #expect(try explode(.nan).isEmpty)
        #expect(try explode(.infinity).isEmpty)
        #expect(try explode(-.infinity, Settings(fade: false)).isEmpty)
        #expect(try explode(0.5, Settings(force: .infinity)).isEmpty)
        #expect(try explode(0.5, Settings(force: 1e300, gravity: 0)).isEmpty)
        // A huge spin still draws: the angle is finite.
        #expect(try explode(0.5, Settings(spin: 1e12)).count == 48)
    }

    @Test func moreColumnsThanPixelsLeavesOutTheEmptyPieces() throws {
        let frame = Rect(x: 0, y: 0, width: 10, height: 4)
        let pieces = Explode.pieces(frame: frame, columns: 64, rows: 64, seed: 1, force: 1, spin: 1, center: .center)
        expectTiling(pieces.map(\.rect), frame, columns: 10, rows: 4)
        // Out-of-range counts are clamped into 1…64.
        #expect(try explode(0.3, Settings(columns: 0, rows: -3)).count == 1)
        #expect(try explode(0.3, Settings(columns: 1000, rows: 1)).count == 64)
    }
}
