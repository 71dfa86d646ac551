import CSegue
import Testing
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

// The example at the top of Sources/PluginKit/SeguePluginKit/SeguePluginKit.swift,
// word for word: keep the two in step.

struct Fade: Effect {
    static let id = "example.fade"
    static let name = "fade"
    static let summary = "The content faded in or out"

    static let amount = Parameter.number("amount", summary: "Opacity: 0 invisible, 1 as it is",
                                         active: 0, identity: 1, range: 0...1, animatable: true)
    static var parameters: [ParameterDeclaration] { amount }

    func render(values: Values<Fade>, canvas: Canvas) throws {
        try canvas.draw(canvas.content, opacity: values.amount)
    }
}

package let plugin = PluginDeclaration(name: "Fade", version: "1.0.0", effects: Fade.self)

@Suite struct ReadmeExampleTests {
    @Test func theExampleDeclarationLoads() throws {
        let runtime = try Kit.load([plugin], hasMain: true, host: Host(pointer: FakeHost.table)).get()
        #expect(runtime.name == "Fade" && runtime.version == "1.0.0")
        #expect(runtime.effects.map(\.schema.id) == ["example.fade"])
    }

    @Test func theExampleRenders() throws {
        let registration = EffectRegistration(type: Fade.self, host: Host(pointer: FakeHost.table))
        let instance = EffectInstance(registration: registration)
        let canvas = FakeCanvas(frame: Rect(x: 0, y: 0, width: 8, height: 8))
        let values = [number(0.75)]
        let status = values.withUnsafeBufferPointer { instance.render(values: $0.baseAddress, canvas: canvas.handle) }
        #expect(status == SEGUE_OK)
        #expect(canvas.calls == [.draw(DrawCall(image: "content", opacity: 0.75))])
    }
}
