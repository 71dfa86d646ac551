import CSegue
import Testing
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// Rendering through the descriptor's C functions: values in, drawing out,
/// and every failure turned into canvas_set_error() plus an error status.
@Suite struct RenderTests {
    init() throws {
        try #require(TestPlugin.initStatus == SEGUE_OK)
    }

    @Test func valuesReachRender() throws {
        let raw = [
            number(0.5), number(12, kind: .integer), number(0, kind: .bool), color(1, 0.5, 0, 1), point(3, 4),
            text("channels", kind: .enumeration(cases: [])), text("hi", kind: .string),
        ]
        let rendering = try render("test.probe", raw)
        #expect(rendering.status == SEGUE_OK)
        #expect(rendering.errors.isEmpty)
        #expect(rendering.calls == [
            .text("0.5 12 false rgba(1.0, 0.5, 0.0, 1.0) (3.0, 4.0) channels hi", family: nil, size: 10, bold: false,
                  color: .black, position: .zero, anchor: .center),
        ])
    }

    func failure(_ name: String, prepare: (FakeCanvas) -> Void = { _ in }) throws -> Rendering {
        try render("test.thrower", [text(name, kind: .enumeration(cases: []))], prepare: prepare)
    }

    @Test func aPluginErrorKeepsItsStatusAndMessage() throws {
        let rendering = try failure("pluginError")
        #expect(rendering.status == SEGUE_ERROR_OUT_OF_MEMORY)
        #expect(rendering.errors == ["out of ink"])
    }

    @Test func anyOtherErrorBecomesAPluginErrorWithItsDescription() throws {
        let rendering = try failure("otherError")
        #expect(rendering.status == SEGUE_ERROR_PLUGIN)
        #expect(rendering.errors == ["custom failure"])
    }

    @Test func failEndsTheRender() throws {
        let rendering = try failure("fail")
        #expect(rendering.status == SEGUE_ERROR_PLUGIN)
        #expect(rendering.errors == ["failed on purpose"])
    }

    @Test func readingAnUndeclaredParameterFailsTheFrameAfterwards() throws {
        let rendering = try failure("undeclared")
        #expect(rendering.status == SEGUE_ERROR_PLUGIN)
        #expect(rendering.errors == ["thrower reads parameter 'undeclared', which is not in its parameters"])
        // The read returned the parameter's identity value and render went on.
        #expect(rendering.calls == [.draw(DrawCall(image: "content", opacity: 0.25))])
    }

    @Test func aRefusedHostCallThrowsWithTheHostStatus() throws {
        let rendering = try failure("refused") { $0.refusal = .invalidArgument }
        #expect(rendering.status == SEGUE_ERROR_INVALID_ARGUMENT)
        #expect(rendering.errors == ["drawing an image failed: invalid argument"])
    }

    @Test func aLayerIsEndedEvenWhenItsBodyThrows() throws {
        let rendering = try failure("layer")
        #expect(rendering.status == SEGUE_ERROR_PLUGIN)
        #expect(rendering.errors == ["inside a layer"])
        #expect(rendering.calls == [.beginLayer, .endLayer("layer1")])
        #expect(rendering.canvas.layers.first?.calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func missingValuesAreRefused() throws {
        let effect = try #require(TestPlugin.descriptor("test.thrower"))
        var instance: UnsafeMutableRawPointer?
        #expect(effect.pointee.create!(effect, &instance) == SEGUE_OK)
        defer { effect.pointee.destroy!(instance) }
        let canvas = FakeCanvas(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(effect.pointee.render!(instance, nil, canvas.handle) == SEGUE_ERROR_INVALID_ARGUMENT)
        #expect(canvas.errors == ["render() was given no parameter values"])
    }

    @Test func aMissingInstanceIsRefused() throws {
        let effect = try #require(TestPlugin.descriptor("test.thrower"))
        let canvas = FakeCanvas(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let values = [text("fail", kind: .enumeration(cases: []))]
        let status = values.withUnsafeBufferPointer { effect.pointee.render!(nil, $0.baseAddress, canvas.handle) }
        #expect(status == SEGUE_ERROR_INVALID_ARGUMENT)
        #expect(canvas.errors == ["render() was given no instance"])
    }
}
