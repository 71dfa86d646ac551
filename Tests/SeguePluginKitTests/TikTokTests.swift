import CSegue
import Testing
@testable import SegueTikTok
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// Renders tiktok once on a fake canvas, through the kit's C render path.
private func renderTikTok(offset: Point, mode: String = "channels", colorA: Color = TikTok.red,
                          colorB: Color = TikTok.cyan) -> Rendering {
    let registration = EffectRegistration(type: TikTok.self, host: Host(pointer: FakeHost.table))
    let instance = EffectInstance(registration: registration)
    let canvas = FakeCanvas(frame: Rect(x: 10, y: 20, width: 400, height: 300))
    func paint(_ c: Color) -> segue_value { SeguePluginKitTests.color(c.red, c.green, c.blue, c.alpha) }
    let values = [point(offset.x, offset.y), text(mode, kind: .enumeration(cases: [])), paint(colorA), paint(colorB)]
    let status = values.withUnsafeBufferPointer { instance.render(values: $0.baseAddress, canvas: canvas.handle) }
    return Rendering(status: status, canvas: canvas)
}

@Suite struct TikTokTests {
    let redAndAlpha = Color(red: 1, green: 0, blue: 0, alpha: 1)
    let greenBlue = Color(red: 0, green: 1, blue: 1, alpha: 0)

    @Test func theParametersAreDeclaredAsTheArticleUsesThem() {
        let parameters = TikTok.parameters
        #expect(parameters.map(\.name) == ["offset", "mode", "colorA", "colorB"])
        #expect(parameters.map(\.kind) == [.point, .enumeration(cases: ["channels", "tint"]), .color, .color])
        #expect(parameters.map(\.isAnimatable) == [true, false, false, false])
        #expect(parameters[0].active == .point(Point(x: -12, y: -9)) && parameters[0].identity == .point(.zero))
        #expect(parameters[1].active == .enumeration("channels") && parameters[1].identity == .enumeration("channels"))
        let red = Color(red: 0xFE / 255.0, green: 0x2C / 255.0, blue: 0x55 / 255.0)
        let cyan = Color(red: 0x25 / 255.0, green: 0xF4 / 255.0, blue: 0xEE / 255.0)
        #expect(parameters[2].active == .color(red) && parameters[2].identity == .color(red))
        #expect(parameters[3].active == .color(cyan) && parameters[3].identity == .color(cyan))
        #expect(TikTok.id == "segue.tiktok" && TikTok.name == "tiktok")
    }

    @Test func theDeclarationPassesTheKitsChecks() throws {
        let runtime = try Kit.load([SegueTikTok.plugin], hasMain: true, host: Host(pointer: FakeHost.table)).get()
        #expect(runtime.effects.map(\.schema.id) == ["segue.tiktok"])
    }

    @Test func channelsModeDrawsRedAndAlphaAtMinusOffsetAndGreenBlueAtPlusOffset() {
        let rendering = renderTikTok(offset: Point(x: -12, y: -9))
        #expect(rendering.status == SEGUE_OK && rendering.errors.isEmpty)
        #expect(rendering.calls == [
            .draw(DrawCall(image: "content", blend: .plusLighter, transform: .translation(x: 12, y: 9),
                           channels: redAndAlpha)),
            .draw(DrawCall(image: "content", blend: .plusLighter, transform: .translation(x: -12, y: -9),
                           channels: greenBlue)),
        ])
    }

    @Test func atOffsetZeroTheTwoChannelCopiesLieOnTheContent() {
        let rendering = renderTikTok(offset: .zero)
        #expect(rendering.calls == [
            .draw(DrawCall(image: "content", blend: .plusLighter, channels: redAndAlpha)),
            .draw(DrawCall(image: "content", blend: .plusLighter, channels: greenBlue)),
        ])
        // The two masks add up to every channel once.
        #expect(redAndAlpha.red + greenBlue.red == 1 && redAndAlpha.green + greenBlue.green == 1)
        #expect(redAndAlpha.blue + greenBlue.blue == 1 && redAndAlpha.alpha + greenBlue.alpha == 1)
    }

    @Test func tintModePaintsTheAlphaInTheTwoColours() {
        let a = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), b = Color.green
        let rendering = renderTikTok(offset: Point(x: 4, y: -3), mode: "tint", colorA: a, colorB: b)
        #expect(rendering.status == SEGUE_OK && rendering.errors.isEmpty)
        #expect(rendering.calls == [
            .draw(DrawCall(image: "content", blend: .plusLighter, transform: .translation(x: -4, y: 3), tint: a)),
            .draw(DrawCall(image: "content", blend: .plusLighter, transform: .translation(x: 4, y: -3), tint: b)),
        ])
    }

    @Test func tintModeDefaultsAreTikToksRedAndCyan() {
        let rendering = renderTikTok(offset: Point(x: 1, y: 1), mode: "tint")
        guard rendering.calls.count == 2, case .draw(let first) = rendering.calls[0],
              case .draw(let second) = rendering.calls[1] else {
            Issue.record("expected two drawings, got \(rendering.calls)")
            return
        }
        #expect(first.tint == TikTok.red && second.tint == TikTok.cyan)
        // Where they overlap the two add up to white (each channel clamps at 1).
        let sum = [TikTok.red.red + TikTok.cyan.red, TikTok.red.green + TikTok.cyan.green,
                   TikTok.red.blue + TikTok.cyan.blue]
        #expect(sum.allSatisfy { $0 >= 1 })
    }

    @Test func anyFiniteOffsetIsDrawn() {
        for offset in [Point(x: 1e9, y: -1e9), Point(x: 0.25, y: 1e-300), Point(x: -1.7e308, y: 1.7e308)] {
            for mode in ["channels", "tint"] {
                let rendering = renderTikTok(offset: offset, mode: mode)
                #expect(rendering.status == SEGUE_OK && rendering.calls.count == 2, "\(offset) \(mode)")
            }
        }
    }

    @Test func aNonFiniteOffsetFailsTheFrameWithAMessage() {
        let rendering = renderTikTok(offset: Point(x: .nan, y: 0))
        #expect(rendering.status == SEGUE_ERROR_PLUGIN)
        #expect(rendering.calls.isEmpty)
        #expect(rendering.errors.first?.contains("not finite") == true)
    }
}
