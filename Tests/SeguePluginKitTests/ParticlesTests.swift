import CSegue
import Glibc
import Testing
@testable import SegueParticles
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The particles plugin, loaded on its own through the kit and rendered with
/// the fake host, against the brief's formulas evaluated here on their own.
private enum ParticlesPlugin {
    static let runtime: PluginRuntime? = {
        // The sprite is a PixelImage, which asks the kit's host for its memory.
        guard TestPlugin.initStatus == SEGUE_OK else { return nil }
        return try? Kit.load([SegueParticles.plugin], hasMain: true, host: Host(pointer: FakeHost.table)).get()
    }()
}

@Suite struct ParticlesTests {
    let frame = Rect(x: 10, y: 20, width: 400, height: 300)
    static var orange: segue_value { color(1, 0.5, 0, 0.4) }

    func particles(_ progress: Double, count: Int = 200, size: Double = 0.1, blur: Double = 0.3, seed: Int = 1,
                   color: segue_value = orange) throws -> Rendering {
        let registration = try #require(ParticlesPlugin.runtime?.effects.first)
        let instance = EffectInstance(registration: registration)
        let canvas = FakeCanvas(frame: frame)
        let values = [number(progress), number(Double(count), kind: .integer), color, number(size), number(blur),
                      number(Double(seed), kind: .integer)]
        let status = values.withUnsafeBufferPointer { instance.render(values: $0.baseAddress, canvas: canvas.handle) }
        let rendering = Rendering(status: status, canvas: canvas)
        #expect(rendering.status == segue_status(SEGUE_OK))
        #expect(rendering.errors.isEmpty)
        return rendering
    }

    func sprites(_ rendering: Rendering) -> [DrawCall] {
        rendering.calls.compactMap { if case .draw(let draw) = $0, draw.image == "created" { draw } else { nil } }
    }

    @Test func theDeclarationHasTheBriefsParameters() throws {
        let runtime = try #require(ParticlesPlugin.runtime)
        let effect = try #require(runtime.effects.first).descriptor.pointee
        #expect(String(cString: effect.id) == "segue.particles")
        #expect(String(cString: effect.name) == "particles")
        let names = (0..<Int(effect.param_count)).map { String(cString: effect.params[$0].name) }
        #expect(names == ["progress", "count", "color", "size", "blur", "seed"])
        let progress = effect.params[0]
        #expect(progress.flags & SEGUE_PARAM_ANIMATABLE != 0)
        #expect(progress.active.number == 1 && progress.identity.number == 0)
        #expect(effect.params[1].minimum == 0 && effect.params[1].maximum == 5000)
    }

    @Test func wholeAtZeroGoneAtOneAndDefinedBeyond() throws {
        #expect(try particles(0).calls == [.draw(DrawCall(image: "content"))])
        #expect(try particles(-0.5).calls == [.draw(DrawCall(image: "content"))])
        #expect(try particles(1).calls.isEmpty)
        #expect(try particles(7).calls.isEmpty)
        #expect(try particles(.nan).calls.isEmpty)
        #expect(try particles(-.infinity).calls.isEmpty)
    }

    @Test func theViewIsClippedAtTheBurnLineRisingFromTheBottom() throws {
        for p in [0.1, 0.25, 0.5, 0.9] {
            let first = try #require(try particles(p, count: 0).calls.first)
            let line = frame.minY + (1 - p) * frame.height
            #expect(first == .draw(DrawCall(image: "content",
                                            clip: Path(Rect(x: frame.minX, y: frame.minY, width: frame.width,
                                                            height: line - frame.minY)))))
        }
    }

    @Test func embersFollowTheCosinePathsAndFade() throws {
        let p = 0.3, count = 60, seed = 42
        let drawn = sprites(try particles(p, count: count, seed: seed))
        let side = try Particles().sprites.sprite(diameter: 0.1 * 300, sigma: 0.3 * 0.1 * 300,
                                                  color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.4)).side
        // The brief's formulas, from the same stream of numbers.
        var random = SeededRandom(seed: UInt64(seed))
        var expected: [(x: Double, y: Double, opacity: Double)] = []
        let line = frame.minY + (1 - p) * frame.height
        for _ in 0..<count {
            let u = random.unit(), s = random.unit(), phase = random.unit() * 2 * Double.pi
            let tau = (2 * p + s).truncatingRemainder(dividingBy: 1)
            let x = frame.minX + u * frame.width + cos(3 * Double.pi * tau + phase) * 40 * (0.1 + 0.8 * (1 - tau))
            let y = line - tau * tau * (line - frame.minY + frame.height / 4)
            let opacity = (1 - tau) * sin(Double.pi * p)
            if opacity > 0 { expected.append((x, y, opacity)) }
        }
        try #require(drawn.count == expected.count)
        for (draw, want) in zip(drawn, expected) {
            #expect(draw.blend == .plusLighter && draw.clip == nil && draw.crop == nil)
            #expect(abs(draw.opacity - want.opacity) < 1e-12)
            let corner = (x: draw.transform.tx, y: draw.transform.ty)
            #expect(corner.x == corner.x.rounded() && corner.y == corner.y.rounded(), "whole pixels")
            #expect(abs(corner.x + Double(side) / 2 - want.x) <= 0.5 && abs(corner.y + Double(side) / 2 - want.y) <= 0.5)
        }
        // Embers rise: none below the burn line.
        #expect(expected.allSatisfy { $0.y <= line })
    }

    @Test func theSameSeedGivesTheSameFrameAndAnotherSeedAnother() throws {
        let a = try particles(0.4, seed: 7).calls, b = try particles(0.4, seed: 7).calls
        #expect(a == b)
        #expect(a != (try particles(0.4, seed: 8).calls))
        #expect(sprites(try particles(0.4, count: 0)).isEmpty)
        #expect(sprites(try particles(0.4, count: 500)).count == 500)
    }

    @Test func theSpriteIsABlurredDiscMadeOnceAndTrimmedToWhatShows() throws {
        try #require(ParticlesPlugin.runtime != nil)
        let cache = SpriteCache()
        let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 0.4)
        let sprite = try cache.sprite(diameter: 40, sigma: 12, color: orange)
        #expect(try cache.sprite(diameter: 40, sigma: 12, color: orange).image === sprite.image)
        let n = sprite.side, pixels = sprite.image.pixels
        #expect(n > 40 && n < 40 + 6 * 12 + 3)
        let middle = n / 2
        let centre = pixels.row(middle)[middle]
        // At the centre, the disc's share of a 2-D Gaussian, 1 − exp(−r²/2σ²),
        // of the colour's opacity; premultiplied orange.
        let expected = 0.4 * 255 * (1 - exp(-20.0 * 20 / (2 * 12 * 12)))
        #expect(abs(Double(centre >> 24) - expected) <= 2, "centre alpha \(centre >> 24), expected \(expected)")
        #expect((centre >> 16) & 0xFF == centre >> 24 && centre & 0xFF == 0)
        // Fading outwards along the middle row, to a last ring that still shows.
        let row = pixels.row(middle)
        for x in 1...middle { #expect(row[x] >> 24 >= row[x - 1] >> 24) }
        #expect(row[0] != 0 && pixels.row(0)[0] == 0)
        // Symmetric about the centre (within the blur's float rounding).
        for y in 0..<n {
            for x in 0..<n where abs(Int(pixels.row(y)[x] >> 24) - Int(pixels.row(n - 1 - y)[n - 1 - x] >> 24)) > 1 {
                Issue.record("(\(x), \(y)) differs from its mirror")
                return
            }
        }
    }
}
