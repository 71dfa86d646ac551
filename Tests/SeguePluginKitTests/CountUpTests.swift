import CSegue
import Testing
@testable import SegueCountUp
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// Renders countUp once on a fake canvas, through the kit's C render path.
private func renderCountUp(value: Double, format: String = "%.1f", threshold: Double = 100,
                           color: Color = .black, alertColor: Color = .red, fontSize: Double = 0,
                           fontFamily: String = "", bold: Bool = true,
                           frame: Rect = Rect(x: 10, y: 20, width: 400, height: 300)) -> Rendering {
    let registration = EffectRegistration(type: CountUp.self, host: Host(pointer: FakeHost.table))
    let instance = EffectInstance(registration: registration)
    let canvas = FakeCanvas(frame: frame)
    func paint(_ c: Color) -> segue_value { SeguePluginKitTests.color(c.red, c.green, c.blue, c.alpha) }
    let values = [number(value), text(format, kind: .string), number(threshold), paint(color), paint(alertColor),
                  number(fontSize), text(fontFamily, kind: .string), number(bold ? 1 : 0, kind: .bool)]
    let status = values.withUnsafeBufferPointer { instance.render(values: $0.baseAddress, canvas: canvas.handle) }
    return Rendering(status: status, canvas: canvas)
}

@Suite struct CountUpTests {
    let frame = Rect(x: 10, y: 20, width: 400, height: 300)
    let red = Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)

    /// The text call of a rendering that drew the content and then one text.
    func textCall(_ rendering: Rendering) -> (text: String, family: String?, size: Double, bold: Bool, color: Color,
                                               position: Point, anchor: Point)? {
        #expect(rendering.status == SEGUE_OK)
        #expect(rendering.errors.isEmpty)
        guard rendering.calls.count == 2, rendering.calls[0] == .draw(DrawCall(image: "content")),
              case let .text(text, family, size, bold, color, position, anchor) = rendering.calls[1] else {
            Issue.record("expected the content and then text, got \(rendering.calls)")
            return nil
        }
        return (text, family, size, bold, color, position, anchor)
    }

    @Test func theParametersAreDeclaredAsTheArticleUsesThem() throws {
        let parameters = CountUp.parameters
        #expect(parameters.map(\.name) == ["value", "format", "threshold", "color", "alertColor", "fontSize",
                                           "fontFamily", "bold"])
        #expect(parameters.map(\.kind) == [.number, .string, .number, .color, .color, .number, .string, .bool])
        // Only the value animates, so it is the primary parameter: `.countUp(to: 120)` counts 0 → 120.
        #expect(parameters.map(\.isAnimatable) == [true, false, false, false, false, false, false, false])
        #expect(parameters[0].active == .number(0) && parameters[0].identity == .number(100))
        // Bounded so that hosts can show it (the frei0r and MLT bridges, Kdenlive's widgets).
        #expect(parameters[0].range == -1_000_000...1_000_000)
        let defaults: [ParameterValue] = [.string("%.1f"), .number(100), .color(.black), .color(red),
                                          .number(0), .string(""), .bool(true)]
        for (parameter, value) in zip(parameters.dropFirst(), defaults) {
            #expect(parameter.active == value && parameter.identity == value, "\(parameter.name)")
        }
        #expect(parameters[5].range == 0...2048)
        #expect(CountUp.id == "segue.countUp" && CountUp.name == "countUp")
    }

    @Test func theDeclarationPassesTheKitsChecks() throws {
        let runtime = try Kit.load([SegueCountUp.plugin], hasMain: true, host: Host(pointer: FakeHost.table)).get()
        #expect(runtime.effects.map(\.schema.id) == ["segue.countUp"])
    }

    @Test func theContentIsDrawnAndThenTheNumberCentredInTheFrame() throws {
        let call = try #require(textCall(renderCountUp(value: 25)))
        #expect(call.text == "25.0")
        #expect(call.position == Point(x: 210, y: 170) && call.anchor == Point(x: 0.5, y: 0.5))
        #expect(call.family == nil && call.bold && call.color == .black)
    }

    @Test func theColourSwitchesExactlyAtTheThreshold() throws {
        #expect(try #require(textCall(renderCountUp(value: 99.9))).color == .black)
        #expect(try #require(textCall(renderCountUp(value: 99.99))).text == "100.0")  // shown rounded, still below
        #expect(try #require(textCall(renderCountUp(value: 99.99))).color == .black)
        #expect(try #require(textCall(renderCountUp(value: 100))).color == red)
        #expect(try #require(textCall(renderCountUp(value: 130))).color == red)
        let custom = renderCountUp(value: 5, threshold: 5, color: .blue, alertColor: .green)
        #expect(try #require(textCall(custom)).color == .green)
        #expect(try #require(textCall(renderCountUp(value: 4.99, threshold: 5, color: .blue))).color == .blue)
    }

    @Test func theAutomaticSizeIsFourTenthsOfTheHeight() throws {
        // The fake host measures 0.5 em per byte: "100.0" at 120 px is 300 px wide, within 90 % of 400.
        #expect(try #require(textCall(renderCountUp(value: 1))).size == 120)
    }

    @Test func theAutomaticSizeShrinksSoTheDefaultTextFitsTheWidth() throws {
        let narrow = Rect(x: 0, y: 0, width: 200, height: 300)
        let size = try #require(textCall(renderCountUp(value: 1, frame: narrow))).size
        // 90 % of 200 px is 180 px = 5 × size / 2.
        #expect(size <= 72 && size > 72 - 1e-6)
    }

    @Test func anExplicitSizeFamilyAndWeightAreUsedAsGiven() throws {
        let call = try #require(textCall(renderCountUp(value: 1, fontSize: 33, fontFamily: "DejaVu Serif", bold: false)))
        #expect(call.size == 33 && call.family == "DejaVu Serif" && !call.bold)
        #expect(try #require(textCall(renderCountUp(value: 1, fontSize: 0.1))).size == 0.5)
    }

    @Test func formatsShapeTheText() throws {
        #expect(try #require(textCall(renderCountUp(value: 42.6, format: "%d%%"))).text == "43%")
        #expect(try #require(textCall(renderCountUp(value: 7, format: "%08.2f"))).text == "00007.00")
        #expect(try #require(textCall(renderCountUp(value: 7.5, format: "%.0f"))).text == "8")
    }

    @Test func overshootFormatsTheNumberItIs() throws {
        #expect(try #require(textCall(renderCountUp(value: -12.345))).text == "-12.3")
        #expect(try #require(textCall(renderCountUp(value: 131.25, format: "%d"))).text == "131")
        #expect(try #require(textCall(renderCountUp(value: 1e300, format: "%d"))).text.utf8.count == 301)
    }

    @Test(arguments: ["%s", "%n", "%.1f %.1f", "plain", "%ld", "%"])
    func aBadFormatFailsTheFrameNamingTheFormat(format: String) {
        let rendering = renderCountUp(value: 1, format: format)
        #expect(rendering.status == SEGUE_ERROR_PLUGIN)
        #expect(rendering.calls.isEmpty)
        #expect(rendering.errors.count == 1)
        #expect(rendering.errors.first?.contains("format \"\(format)\"") == true, "\(rendering.errors)")
    }

    @Test func anEmptyFrameDrawsOnlyTheContent() {
        let rendering = renderCountUp(value: 1, frame: Rect(x: 5, y: 5, width: 0, height: 10))
        #expect(rendering.status == SEGUE_OK)
        #expect(rendering.calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func automaticSizeStaysWithinTheHostsSizes() throws {
        func measure(_ text: String, _ style: TextStyle) -> TextMetrics {
            TextMetrics(width: Double(text.utf8.count) * style.size / 2, ascent: style.size * 0.8,
                        descent: style.size * 0.2)
        }
        let style = TextStyle(size: 1)
        #expect(try CountUp.automaticSize(in: Rect(x: 0, y: 0, width: 1e6, height: 1e6), style: style,
                                          measure: measure) == 2048)
        #expect(try CountUp.automaticSize(in: Rect(x: 0, y: 0, width: 1, height: 1), style: style,
                                          measure: measure) == 0.5)
        #expect(try CountUp.automaticSize(in: Rect(x: 0, y: 0, width: 1000, height: .infinity), style: style,
                                          measure: measure) <= 360)
    }
}
