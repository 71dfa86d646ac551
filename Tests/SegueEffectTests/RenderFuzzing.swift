// The render fuzzer's grammar and its property, shared with the regression tests.
//
// This file is compiled twice: here, by the tests (RenderFuzzRegressionTests
// replays the committed corpus), and in Fuzz/, where
// Fuzz/Sources/RenderSpecFuzzer links to it. It uses only the public API of
// SegueEngine and the modules below it.
import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel

/// The fuzzer's input, read front to back as choices; past its end every choice is 0.
struct FuzzChoices {
    private let bytes: [UInt8]
    private var next = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func byte() -> Int {
        defer { next += 1 }
        return next < bytes.count ? Int(bytes[next]) : 0
    }

    mutating func pick<T>(_ options: [T]) -> T {
        options[byte() % options.count]
    }
}

/// A grammar-aware fuzzer that renders, not only parses: the input chooses
/// a transition — trees of `combined` and `asymmetric`, transitions combined
/// with themselves, chains, every effect with extreme arguments — a frame
/// size and progress values, and every frame must render or be refused with
/// a message (a spec error, or over the render budget), never crash or hang.
///
/// An input that starts with `spec:` gives its spec as text instead, up to
/// the first newline; the choices of size and progress follow. The
/// committed corpus writes each fault of issue 35 so.
enum RenderFuzzing {
    /// Small, so that a frame near its limits stays quick under AddressSanitizer.
    static let budget = RenderBudget(primitives: 1 << 15, pixels: 1 << 22, bytes: 1 << 24)
    static let sizes = [(1, 1), (2, 3), (17, 9), (40, 30)]
    static let progresses: [Double] = [
        -.greatestFiniteMagnitude, -1e300, -1e6, -2, -0.3, -.leastNonzeroMagnitude, 0, .leastNonzeroMagnitude,
        1e-300, 0.25, 0.5, 0.999, 1, 1.3, 2, 1e6, 1e300, .greatestFiniteMagnitude,
    ]
    /// Numbers a spec may give, in range or not (those out of range are refused when parsed).
    static let numbers = ["0", "1", "-1", "0.5", "2", "3", "1e-300", "5e-324", "-5e-324", "1e-170", "100", "-100",
                          "1000", "1e308", "-1e308", "1.7976931348623157e308"]
    /// Transitions that are not effects of their own.
    static let compositions = [".identity", ".slide", ".push(from: .top)", ".push(from: .trailing)", ".flip",
                               ".flip(axis: .x)", ".blurReplace", ".blurReplace(.upUp)", ".collapse"]

    /// An engine with `plugins` (build/lib/segue/plugins) and the fuzzer's budget.
    static func engine(plugins folder: String) -> Engine {
        Engine(threads: 1, plugins: PluginOptions(folders: [folder], discover: false), budget: budget)
    }

    /// The spec `bytes` describe, and the choices left for the frame.
    static func read(_ bytes: [UInt8], engine: Engine) -> (spec: String, rest: FuzzChoices) {
        guard bytes.starts(with: Array("spec:".utf8)) else {
            var choices = FuzzChoices(bytes)
            return (spec(&choices, engine.catalog.effects, depth: 0), choices)
        }
        let line = bytes.dropFirst(5).prefix { $0 != UInt8(ascii: "\n") }
        return (String(decoding: line, as: UTF8.self), FuzzChoices(Array(bytes.dropFirst(5 + line.count + 1))))
    }

    /// What `bytes` ask for, in words (for a fuzzer's findings).
    static func describe(_ bytes: [UInt8], engine: Engine) -> String {
        var (text, choices) = read(bytes, engine: engine)
        let (width, height) = choices.pick(sizes)
        return "\(text) at \(width)×\(height), progress \(choices.pick(progresses)) and \(choices.pick(progresses))"
    }

    /// Renders what `bytes` describe; returns what went wrong, or nil.
    static func check(_ bytes: [UInt8], engine: Engine) -> String? {
        var (text, choices) = read(bytes, engine: engine)
        let (width, height) = choices.pick(sizes)
        let transition: Transition
        do {
            transition = try engine.transition(spec: text)
        } catch let error as SegueError {
            let expected: [Status] = [.parse, .invalidArgument, .unknownEffect, .unknownParameter]
            guard expected.contains(error.code), !error.message.isEmpty else {
                return "\(text): refused with \(error.code): \(error.message)"
            }
            return nil
        } catch {
            return "\(text): refused with \(error)"
        }
        do {
            let from = try picture(width, height, seed: 1), to = try picture(width, height, seed: 2)
            let target = try Surface(width: width, height: height)
            for _ in 0..<2 {
                let progress = choices.pick(progresses)
                do {
                    try engine.render(transition, from: from, to: to, progress: progress, scene: Scene(), into: target)
                } catch let error as SegueError where error.code == .overBudget {
                    guard error.message.contains("render budget") || error.message.contains("nest more than") else {
                        return "\(text) at \(progress): a refusal that does not say why: \(error.message)"
                    }
                }
            }
        } catch {
            return "\(text) at \(width)×\(height): \(error)"
        }
        return nil
    }

    /// The longest spec the grammar writes: the parser's part limit is
    /// reached long before, and the text stays quick to make.
    static let longestSpec = 1 << 16

    /// A transition of at most 6 levels, written out as a spec.
    static func spec(_ choices: inout FuzzChoices, _ effects: [EffectDescriptor], depth: Int) -> String {
        let kind = choices.byte() % 8
        guard depth < 6, kind >= 3 else { return leaf(&choices, effects) }
        switch kind {
        case 3, 4:
            let first = spec(&choices, effects, depth: depth + 1), second = spec(&choices, effects, depth: depth + 1)
            return first.utf8.count + second.utf8.count > longestSpec ? first : "\(first).combined(with: \(second))"
        case 5:
            let insertion = spec(&choices, effects, depth: depth + 1)
            let removal = spec(&choices, effects, depth: depth + 1)
            return insertion.utf8.count + removal.utf8.count > longestSpec
                ? insertion : ".asymmetric(insertion: \(insertion), removal: \(removal))"
        case 6:  // combined with itself, up to 8 times over
            var doubled = spec(&choices, effects, depth: depth + 1)
            for _ in 0..<(1 + choices.byte() % 8) where 2 * doubled.utf8.count < longestSpec {
                doubled = "\(doubled).combined(with: \(doubled))"
            }
            return doubled
        default:  // a chain
            var chain = leaf(&choices, effects)
            for _ in 0..<(1 + choices.byte() % 6) { chain += ".combined(with: \(leaf(&choices, effects)))" }
            return chain
        }
    }

    /// A composition, an effect with some of its parameters given, or a modifier between two states.
    static func leaf(_ choices: inout FuzzChoices, _ effects: [EffectDescriptor]) -> String {
        switch choices.byte() % 4 {
        case 0:
            return choices.pick(compositions)
        case 1:
            let effect = choices.pick(effects)
            return ".modifier(active: \(state(&choices, effect)), identity: \(state(&choices, effect)))"
        default:
            return state(&choices, choices.pick(effects))
        }
    }

    /// `.name(parameter: value, …)` with up to three of the effect's parameters.
    static func state(_ choices: inout FuzzChoices, _ effect: EffectDescriptor) -> String {
        var arguments: [String] = []
        for _ in 0..<(choices.byte() % 4) where !effect.parameters.isEmpty {
            let parameter = choices.pick(effect.parameters)
            guard let value = value(&choices, parameter),
                  !arguments.contains(where: { $0.hasPrefix(parameter.name + ":") }) else { continue }
            arguments.append("\(parameter.name): \(value)")
        }
        return "." + effect.name + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
    }

    /// A value of the parameter's kind: its range's ends and middle, or any extreme number; nil for
    /// strings (a plugin may refuse a text it cannot use, which is no fault of the host).
    static func value(_ choices: inout FuzzChoices, _ parameter: ParameterSpec) -> String? {
        func number() -> String {
            guard let range = parameter.range, choices.byte() % 3 != 0 else { return choices.pick(numbers) }
            return "\(choices.pick([range.lowerBound, range.upperBound, (range.lowerBound + range.upperBound) / 2]))"
        }
        switch parameter.kind {
        case .number: return number()
        case .integer: return String(Int(Double(number())!.rounded(.towardZero).clamped(to: -1e9...1e9)))
        case .bool: return choices.pick(["true", "false"])
        case .color: return choices.pick([".red", ".clear", "Color(red: 1, green: 0.5, blue: 0, opacity: 0.5)"])
        case .point: return "CGPoint(x: \(choices.pick(numbers)), y: \(choices.pick(numbers)))"
        case .enumeration(let cases): return "." + choices.pick(cases)
        case .string: return nil
        }
    }

    /// Opaque noise with a transparent hole, premultiplied.
    static func picture(_ width: Int, _ height: Int, seed: UInt32) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                surface[x, y] = (x + y) % 5 == 0 ? 0 : 0xFF00_0000 | (state >> 8)
            }
        }
        return surface
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
