// The plugin-descriptor fuzzer's fake plugin and the properties it checks,
// shared with the regression tests.
//
// This file is compiled twice: here, by the tests (PluginFuzzRegressionTests.swift
// replays the inputs the fuzzer found), and in Fuzz/, where
// Fuzz/Sources/PluginDescriptorFuzzer links to it. It uses only public API.
//
// The input is read front to back as the fields of a `segue_plugin`, its
// `segue_effect_desc`s and their `segue_param_desc`s (see `FuzzedPlugin.build`);
// an input that runs out reads as zeros, which mostly choose the valid
// option, so short inputs describe plugins the host accepts. Counts, kinds,
// flags, struct sizes, ranges, values and the bytes of every string come from
// the input; every pointer points at memory built here for the one run (an
// array is as long as its count says, so anything the host reads beyond
// what a plugin declares is an AddressSanitizer report).
import CSegue
import Glibc
import SegueBasics
import SegueModel
import SeguePluginHost
import Synchronization

enum PluginFuzzing {
    /// One run at a time: the fake plugin's C functions read a global.
    private static let lock = Mutex(())

    /// Builds a fake plugin from `bytes`, hands its entry to
    /// `LoadedPlugin(entry:path:)`, and checks what comes back: accepted
    /// descriptors have every effect the plugin declares, with parameter
    /// defaults of their parameter's kind and within its range; a refusal is
    /// a `SegueError(.plugin)` saying the descriptor is malformed, the ABI
    /// differs or init() failed. Returns what went wrong, or nil.
    static func check(_ bytes: [UInt8]) -> String? {
        let loaded: Loaded
        do {
            loaded = try load(bytes)
        } catch let error as SegueError {
            let reasons = ["has a malformed descriptor: ", "plugin ABI", "init() failed with status"]
            guard error.code == .plugin, reasons.contains(where: error.message.contains) else {
                return "the plugin was refused with code \(error.code): \(error.message)"
            }
            return nil
        } catch {
            return "the plugin was refused with \(type(of: error)), not a SegueError: \(error)"
        }
        guard loaded.effects.count == Int(loaded.declaredEffects) else {
            return "the plugin declares \(loaded.declaredEffects) effects; \(loaded.effects.count) were read"
        }
        for effect in loaded.effects {
            for parameter in effect.parameters {
                if let problem = problem(with: parameter) {
                    return "effect '\(effect.id)', parameter '\(parameter.name)' was accepted, but \(problem)"
                }
            }
        }
        return nil
    }

    /// What the host read from an accepted fake plugin (copies: the plugin's memory is gone).
    struct Loaded {
        let name: String, version: String
        let effects: [EffectDescriptor]
        /// What the plugin's effect_count() returned.
        let declaredEffects: UInt32
    }

    /// Builds the fake plugin `bytes` describe and reads it with `LoadedPlugin(entry:path:)`.
    /// - Throws: what `LoadedPlugin(entry:path:)` throws.
    static func load(_ bytes: [UInt8]) throws -> Loaded {
        try lock.withLock { _ in
            let plugin = FuzzedPlugin(bytes)
            FuzzedPlugin.live = plugin
            defer { FuzzedPlugin.live = nil }
            let loaded = try LoadedPlugin(entry: plugin.entry, path: "fuzz:plugin")
            return Loaded(name: loaded.name, version: loaded.version, effects: loaded.effects.map(\.descriptor),
                          declaredEffects: plugin.effectCount)
        }
    }

    /// What is wrong with an accepted parameter, or nil.
    static func problem(with parameter: ParameterSpec) -> String? {
        if let range = parameter.range {
            guard range.lowerBound.isFinite, range.upperBound.isFinite else { return "its range \(range) is not finite" }
            guard parameter.kind == .number || parameter.kind == .integer else { return "a \(parameter.kind.name) has a range" }
        }
        if parameter.isAnimatable && !parameter.kind.canInterpolate {
            return "a \(parameter.kind.name) is animatable"
        }
        for (role, value) in [("active", parameter.active), ("identity", parameter.identity)] {
            let fits: Bool = switch (parameter.kind, value) {
            case (.number, .number(let v)): v.isFinite && parameter.range.map { $0.contains(v) } != false
            case (.integer, .integer(let v)):
                Double(v.magnitude) <= DeclarationRules.maximumInteger && parameter.range.map { $0.contains(Double(v)) } != false
            case (.bool, .bool): true
            case (.color, .color(let c)): [c.red, c.green, c.blue, c.alpha].allSatisfy { (0...1).contains($0) }
            case (.point, .point(let p)): p.isFinite
            case (.enumeration(let cases), .enumeration(let name)): cases.contains(name)
            case (.string, .string(let text)): !text.utf8.contains(0)
            default: false
            }
            guard fits else { return "its default \(role) value \(value) does not fit a \(parameter.kind) in \(String(describing: parameter.range))" }
        }
        return nil
    }
}

/// A plugin built in memory from fuzzer bytes. Everything it points at is
/// freed with it.
final class FuzzedPlugin {
    /// The plugin whose functions the entry's C function pointers call.
    nonisolated(unsafe) static var live: FuzzedPlugin?

    private var blocks: [UnsafeMutableRawPointer] = []
    private(set) var entry: UnsafePointer<segue_plugin>!
    /// What effect_count() returns.
    private(set) var effectCount: UInt32 = 0
    /// What effect(i) returns, for the first few i (NULL beyond).
    private var effects: [UnsafePointer<segue_effect_desc>?] = []
    /// What init() returns.
    private var initStatus: segue_status = segue_status(SEGUE_OK)

    init(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        entry = build(&input)
    }

    deinit {
        for block in blocks { free(block) }
    }

    // MARK: The C functions

    private static let initFunction: @convention(c) (UnsafePointer<segue_host>?, UnsafePointer<CChar>?) -> segue_status = { _, _ in
        FuzzedPlugin.live?.initStatus ?? segue_status(SEGUE_OK)
    }
    private static let effectCountFunction: @convention(c) () -> UInt32 = {
        FuzzedPlugin.live?.effectCount ?? 0
    }
    private static let effectFunction: @convention(c) (UInt32) -> UnsafePointer<segue_effect_desc>? = { index in
        guard let plugin = FuzzedPlugin.live, Int(index) < plugin.effects.count else { return nil }
        return plugin.effects[Int(index)]
    }
    private static let renderFunction: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<segue_value>?, OpaquePointer?) -> segue_status = { _, _, _ in
        segue_status(SEGUE_OK)
    }

    // MARK: Building

    /// Most effects built from one input; effect(i) is NULL beyond.
    static let maximumBuiltEffects = 64
    /// The host's limits (DescriptorReader): arrays longer than these are never read.
    static let maximumParameters = 256, maximumCases = 256

    private func build(_ input: inout FuzzInput) -> UnsafePointer<segue_plugin> {
        var p = segue_plugin()
        p.abi_version = switch input.byte() {
        case 0..<250: UInt32(SEGUE_PLUGIN_ABI_VERSION)
        case 250: 0
        case 251: UInt32(SEGUE_PLUGIN_ABI_VERSION) + 1
        default: input.u32()
        }
        p.struct_size = structSize(MemoryLayout<segue_plugin>.size, &input, rawLimit: nil)
        p.name = text(&input)
        p.version = text(&input)
        switch input.byte() {
        case 0..<240: p.`init` = Self.initFunction
        case 240..<248: p.`init` = nil
        default:
            p.`init` = Self.initFunction
            initStatus = segue_status(Int8(bitPattern: input.byte()))
        }
        switch input.byte() {
        case 0..<250: (p.effect_count, p.effect) = (Self.effectCountFunction, Self.effectFunction)
        case 250..<253: (p.effect_count, p.effect) = (nil, Self.effectFunction)
        default: (p.effect_count, p.effect) = (Self.effectCountFunction, nil)
        }
        effectCount = count(&input)
        for _ in 0..<min(Int(effectCount), Self.maximumBuiltEffects) {
            effects.append(input.byte() < 250 ? UnsafePointer(place(effect(&input))) : nil)
        }
        return UnsafePointer(place(p))
    }

    private func effect(_ input: inout FuzzInput) -> segue_effect_desc {
        var e = segue_effect_desc()
        e.struct_size = structSize(MemoryLayout<segue_effect_desc>.size, &input, rawLimit: nil)
        e.id = text(&input)
        e.name = text(&input)
        e.summary = text(&input)
        e.render = input.byte() < 250 ? Self.renderFunction : nil
        e.param_count = count(&input)
        guard input.byte() < 250 else {
            e.params = nil
            return e
        }
        // Elements lie params[0].struct_size apart when that size is one the
        // host accepts (so a larger struct from a later ABI is read right),
        // packed otherwise (the host must refuse before reading past params[0]).
        let size = MemoryLayout<segue_param_desc>.size, alignment = MemoryLayout<segue_param_desc>.alignment
        let firstSize = structSize(size, &input, rawLimit: size + 2048)
        let stride = Int(firstSize) >= size && Int(firstSize) % alignment == 0 ? Int(firstSize) : size
        let count = min(Int(e.param_count), Self.maximumParameters)
        let array = allocate(max(count, 1) * stride)
        for index in 0..<count {
            var parameter = self.parameter(&input)
            parameter.struct_size = index == 0 ? firstSize : structSize(size, &input, rawLimit: nil)
            (array + index * stride).storeBytes(of: parameter, as: segue_param_desc.self)
        }
        e.params = UnsafePointer(array.assumingMemoryBound(to: segue_param_desc.self))
        return e
    }

    private func parameter(_ input: inout FuzzInput) -> segue_param_desc {
        var p = segue_param_desc()
        let flags = input.byte()
        p.flags = flags < 240 ? UInt32(flags & 3) : input.u32()
        p.name = text(&input)
        p.summary = text(&input)
        let kind = input.byte()
        p.kind = kind < 240 ? segue_kind(1 + kind % 7) : input.u32()
        p.minimum = input.double()
        p.maximum = input.double()
        p.active = value(of: p.kind, &input)
        p.identity = value(of: p.kind, &input)
        if Int(p.kind) == SEGUE_KIND_ENUM {
            let caseCount = input.byte()
            p.case_count = switch caseCount {
            case 0..<200: UInt32(1 + caseCount % 4)
            case 200..<220: 0
            case 220..<240: UInt32(input.u16())
            default: input.u32()
            }
            if input.byte() < 250 {
                let cases = min(Int(p.case_count), Self.maximumCases)
                let array = allocate(max(cases, 1) * MemoryLayout<UnsafePointer<CChar>?>.stride)
                    .bindMemory(to: UnsafePointer<CChar>?.self, capacity: max(cases, 1))
                for index in 0..<cases { array[index] = text(&input) }
                p.cases = UnsafePointer(array)
            }
        }
        return p
    }

    /// A `segue_value`, usually of `kind`.
    private func value(of kind: segue_kind, _ input: inout FuzzInput) -> segue_value {
        var v = segue_value()
        let choice = input.byte()
        v.kind = choice < 240 ? kind : segue_kind(choice % 9)
        switch Int(v.kind) {
        case SEGUE_KIND_NUMBER, SEGUE_KIND_INTEGER, SEGUE_KIND_BOOL: v.number = input.double()
        case SEGUE_KIND_POINT: v.point = segue_point(x: input.double(), y: input.double())
        case SEGUE_KIND_COLOR:
            v.color = segue_color(red: input.double(), green: input.double(), blue: input.double(), alpha: input.double())
        case SEGUE_KIND_ENUM, SEGUE_KIND_STRING: v.text = text(&input)
        default: v.number = input.double()
        }
        return v
    }

    /// A count: usually small, sometimes anything.
    private func count(_ input: inout FuzzInput) -> UInt32 {
        let choice = input.byte()
        return switch choice {
        case 0..<200: UInt32(choice % 5)
        case 200..<240: UInt32(input.u16())
        default: input.u32()
        }
    }

    /// A struct_size: usually `size`, sometimes larger (a later ABI),
    /// misaligned, smaller, or anything (at most `rawLimit`).
    private func structSize(_ size: Int, _ input: inout FuzzInput, rawLimit: Int?) -> UInt32 {
        let choice = input.byte()
        return switch choice {
        case 0..<200: UInt32(size)
        case 200..<220: UInt32(size + 8 * (1 + Int(input.byte() % 32)))
        case 220..<230: UInt32(size + 1 + Int(input.byte() % 7))
        case 230..<240: UInt32(Int(input.byte()) % size)
        default: rawLimit.map { input.u32() % UInt32($0) } ?? input.u32()
        }
    }

    /// Words that make valid names, ids, case names and texts, and some that don't.
    static let words = [
        "fuzz.wobble", "wobble", "amount", "edge", "leading", "trailing", "top", "bottom", "x", "y", "value",
        "vendor.effect", "a", "b", "clip", "identity", "opacity", "1.0", "", "sliding-door", "9lives", "a b",
        "vendor.", ".name", "vendor..name", "Ünïcode", "vendor.sliding-door", "_", "A_1",
    ]

    /// A C string: a word, raw input bytes (any encoding, maybe cut short
    /// by a NUL), a very long run of one byte, a numbered word, or NULL.
    private func text(_ input: inout FuzzInput) -> UnsafePointer<CChar>? {
        let choice = input.byte()
        let bytes: [UInt8]
        switch choice {
        case 0..<160: bytes = Array(Self.words[Int(choice) % Self.words.count].utf8)
        case 160..<220: bytes = input.bytes(Int(input.byte()))
        case 220..<240: bytes = [UInt8](repeating: max(input.byte(), 1), count: Int(input.u16() % 9000))
        case 240..<250: return nil
        default: bytes = Array((Self.words[Int(input.byte()) % Self.words.count] + String(input.byte())).utf8)
        }
        let memory = allocate(bytes.count + 1).assumingMemoryBound(to: UInt8.self)
        memory.initialize(from: bytes, count: bytes.count)
        memory[bytes.count] = 0
        return UnsafeRawPointer(memory).assumingMemoryBound(to: CChar.self)
    }

    /// `count` zeroed bytes, freed with the plugin.
    private func allocate(_ count: Int) -> UnsafeMutableRawPointer {
        let memory = calloc(count, 1)!
        blocks.append(memory)
        return memory
    }

    /// A copy of `value` in memory freed with the plugin.
    private func place<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let memory = allocate(MemoryLayout<T>.size).bindMemory(to: T.self, capacity: 1)
        memory.initialize(to: value)
        return memory
    }
}

/// Fuzzer bytes read front to back; past the end, every read gives zeros.
struct FuzzInput {
    private let data: [UInt8]
    private var offset = 0

    init(_ data: [UInt8]) { self.data = data }

    mutating func byte() -> UInt8 {
        guard offset < data.count else { return 0 }
        defer { offset += 1 }
        return data[offset]
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        let taken = Array(data[min(offset, data.count)..<min(offset + count, data.count)])
        offset += count
        return taken
    }

    mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
    mutating func u64() -> UInt64 { UInt64(u32()) | UInt64(u32()) << 32 }

    static let specialNumbers: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, 9_007_199_254_740_992, 9_007_199_254_740_994, -9_007_199_254_740_992,
        1e308, -1e308, .leastNonzeroMagnitude, 1e15, 0.5, 1.5, -1, 1,
    ]

    /// A double: usually a small whole number (0 for a zero byte) or a fraction in 0…1;
    /// sometimes NaN, ±infinity, a limit, or any bit pattern.
    mutating func double() -> Double {
        let choice = byte()
        return switch choice {
        case 0..<128: Double(choice < 64 ? Int(choice) : Int(choice) - 128)
        case 128..<192: Double(byte()) / 255
        case 192..<240: Self.specialNumbers[Int(choice) % Self.specialNumbers.count]
        default: Double(bitPattern: u64())
        }
    }
}
