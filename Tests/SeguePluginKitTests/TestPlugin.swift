import CSegue
import Glibc
@testable import SegueClip
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

// Effects that exercise the kit, and the one process-wide plugin the tests
// load through the kit's real init path (with the fake host).

enum Mode: String, CaseIterable, Sendable {
    case channels, tint, both_ways
}

/// One parameter of every kind; draws their values as text.
struct Probe: Effect {
    static let id = "test.probe"
    static let name = "probe"
    static let summary = "Every kind of parameter"

    static let amount = Parameter.number("amount", summary: "A number", active: 0, identity: 1, range: 0...1,
                                         animatable: true)
    static let count = Parameter.integer("count", summary: "An integer", default: 4, range: 1...64)
    static let flag = Parameter.bool("flag", summary: "A flag", active: true, identity: false)
    static let tint = Parameter.color("tint", summary: "A colour", active: .red, identity: .cyan, animatable: true)
    static let offset = Parameter.point("offset", summary: "A point", active: Point(x: 12, y: -3), identity: .zero,
                                        animatable: true)
    static let mode = Parameter.enumeration("mode", summary: "An enumeration", default: Mode.tint)
    static let label = Parameter.string("label", summary: "Text", default: "%.1f")

    static var parameters: [ParameterDeclaration] {
        amount
        count
        flag
        tint
        offset
        mode
        label
    }

    func render(values: Values<Probe>, canvas: Canvas) throws {
        let text = "\(values.amount) \(values.count) \(values.flag) \(values.tint) \(values.offset) "
            + "\(values.mode) \(values.label)"
        try canvas.drawText(text, style: TextStyle(size: 10), at: .zero)
    }
}

/// Fails in the way its `failure` parameter names.
struct Thrower: Effect {
    enum Failure: String, CaseIterable, Sendable {
        case pluginError, otherError, fail, undeclared, refused, layer
    }

    struct Custom: Error, CustomStringConvertible {
        var description: String { "custom failure" }
    }

    static let id = "test.thrower"
    static let name = "thrower"
    static let summary = "Fails on purpose"
    static let drawsOverContainer = true

    static let failure = Parameter.enumeration("failure", summary: "How to fail", default: Failure.pluginError)
    /// Deliberately missing from `parameters`.
    static let undeclared = Parameter.number("undeclared", summary: "Not listed", default: 0.25)

    static var parameters: [ParameterDeclaration] { failure }

    func render(values: Values<Thrower>, canvas: Canvas) throws {
        switch values.failure {
        case .pluginError: throw PluginError("out of ink", status: .outOfMemory)
        case .otherError: throw Custom()
        case .fail: try canvas.fail("failed on purpose")
        case .undeclared: try canvas.draw(canvas.content, opacity: values.undeclared)
        case .refused: try canvas.draw(canvas.content)
        case .layer:
            _ = try canvas.withLayer { layer in
                try layer.draw(layer.content)
                throw PluginError("inside a layer")
            }
        }
    }
}

enum TestPlugin {
    static let declaration = PluginDeclaration(name: "Kit tests", version: "0.0.1",
                                               effects: Clip.self, Probe.self, Thrower.self)

    /// The result of the kit's init with the fake host, run once per process.
    static let initStatus: segue_status = Kit.initialize(host: FakeHost.table, path: "/tmp/kit-tests.so") {
        Plugin.declare(declaration)
        return true
    }

    /// The descriptor of effect `id`, read through the exported entry.
    static func descriptor(_ id: String) -> UnsafePointer<segue_effect_desc>? {
        guard initStatus == SEGUE_OK else { return nil }
        let entry = segue_plugin_entry
        for index in 0..<entry.effect_count!() {
            if let effect = entry.effect!(index), String(cString: effect.pointee.id) == id { return effect }
        }
        return nil
    }
}

/// What one render through the descriptor's C functions did.
struct Rendering {
    let status: segue_status
    let canvas: FakeCanvas
    var calls: [Call] { canvas.calls }
    var errors: [String] { canvas.errors }
}

struct MissingEffect: Error {
    let id: String
}

/// Creates an instance of effect `id`, renders one frame with `values` on a
/// fake canvas, and destroys the instance.
func render(_ id: String, _ values: [segue_value], frame: Rect = Rect(x: 10, y: 20, width: 400, height: 300),
            prepare: (FakeCanvas) -> Void = { _ in }) throws -> Rendering {
    guard let effect = TestPlugin.descriptor(id) else { throw MissingEffect(id: id) }
    var instance: UnsafeMutableRawPointer?
    guard effect.pointee.create!(effect, &instance) == SEGUE_OK, instance != nil else { throw MissingEffect(id: id) }
    defer { effect.pointee.destroy!(instance) }
    let canvas = FakeCanvas(frame: frame)
    prepare(canvas)
    let status = values.withUnsafeBufferPointer { effect.pointee.render!(instance, $0.baseAddress, canvas.handle) }
    return Rendering(status: status, canvas: canvas)
}

// segue_value builders. Text is copied into memory the tests never free.

func number(_ value: Double, kind: ParameterKind = .number) -> segue_value {
    var result = segue_value()
    result.kind = kind.cValue
    result.number = value
    return result
}

func point(_ x: Double, _ y: Double) -> segue_value {
    var result = segue_value()
    result.kind = ParameterKind.point.cValue
    result.point = segue_point(x: x, y: y)
    return result
}

func color(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> segue_value {
    var result = segue_value()
    result.kind = ParameterKind.color.cValue
    result.color = segue_color(red: red, green: green, blue: blue, alpha: alpha)
    return result
}

func text(_ value: String?, kind: ParameterKind) -> segue_value {
    var result = segue_value()
    result.kind = kind.cValue
    result.text = value.map { UnsafePointer(strdup($0)!) }
    return result
}
