import CSegue
import Glibc
import SegueABI
import SegueBasics
import SegueModel

/// One effect a plugin provides: the model's description of it, and the C
/// descriptor whose functions draw it.
public struct PluginEffectDefinition: @unchecked Sendable {
    public let descriptor: EffectDescriptor
    public let pluginPath: String
    /// The plugin's own descriptor, owned by it and valid for the process's
    /// life: what create() is handed back.
    let c: UnsafePointer<segue_effect_desc>
    /// The descriptor as read by its struct_size, in this host's layout:
    /// where its functions are taken from.
    let read: segue_effect_desc
}

/// Reads and checks what a plugin declares, copying what the host keeps.
/// Everything wrong is reported with the file and the place in it.
struct DescriptorReader {
    let path: String

    static let maximumEffects = UInt32(DeclarationRules.maximumEffects)
    static let maximumParameters = UInt32(DeclarationRules.maximumParameters)
    static let maximumCases = UInt32(DeclarationRules.maximumCases)
    static let maximumText = DeclarationRules.maximumText

    /// The entry, read by its struct_size (which follows abi_version), with
    /// what can be checked before init() runs: its functions. Read it again
    /// after init(), which may fill in the name and version.
    func entry(_ entry: UnsafePointer<segue_plugin>) throws -> segue_plugin {
        let declared = Int(UnsafeRawPointer(entry).load(fromByteOffset: MemoryLayout<UInt32>.size, as: UInt32.self))
        let e = try read(entry, declared, Layouts.plugin, "segue_plugin_entry")
        guard e.effect_count != nil, e.effect != nil else {
            throw malformed("segue_plugin_entry has no effect_count() or effect() function")
        }
        return e
    }

    /// The plugin's name and version (read after init(), which may set them).
    func identity(of entry: segue_plugin) throws -> (name: String, version: String) {
        (try text(entry.name, "the plugin's name"), try text(entry.version, "the plugin's version"))
    }

    func effects(of entry: segue_plugin) throws -> [PluginEffectDefinition] {
        let count = entry.effect_count!()
        guard count <= Self.maximumEffects else {
            throw malformed("effect_count() is \(count), more than \(Self.maximumEffects)")
        }
        var definitions: [PluginEffectDefinition] = []
        for index in 0..<count {
            guard let c = entry.effect!(index) else { throw malformed("effect(\(index)) returned NULL") }
            let definition = try effect(c, index: index)
            if let twin = definitions.first(where: { $0.descriptor.id == definition.descriptor.id || $0.descriptor.name == definition.descriptor.name }) {
                throw malformed("effects '\(twin.descriptor.id)' and '\(definition.descriptor.id)' share an id or name")
            }
            definitions.append(definition)
        }
        return definitions
    }

    private func effect(_ c: UnsafePointer<segue_effect_desc>, index: UInt32) throws -> PluginEffectDefinition {
        let place = "effect \(index)"
        let d = try read(c, Int(UnsafeRawPointer(c).load(as: UInt32.self)), Layouts.effect, place)
        let id = try text(d.id, "the id of \(place)")
        let where_ = "effect '\(id)'"
        guard d.render != nil else { throw malformed("\(where_) has no render function") }
        guard d.param_count <= Self.maximumParameters, d.param_count == 0 || d.params != nil else {
            throw malformed("\(where_): param_count is \(d.param_count) with params \(d.params == nil ? "NULL" : "set") (at most \(Self.maximumParameters))")
        }
        let parameters = try (0..<Int(d.param_count)).map {
            try parameter(try element($0, of: d.params, count: d.param_count, place: where_), of: where_, index: $0)
        }
        // Read outside the `do`: their errors are already malformed(…) and must not be wrapped twice.
        let name = try text(d.name, "the name of \(where_)")
        let summary = try text(d.summary, "the summary of \(where_)")
        let known = UInt32(SEGUE_EFFECT_CONTAINER_FRAME)
        guard d.flags & ~known == 0 else { throw malformed("\(where_) has unknown flags 0x\(String(d.flags, radix: 16))") }
        let frame: EffectDescriptor.Frame = d.flags & UInt32(SEGUE_EFFECT_CONTAINER_FRAME) != 0 ? .container : .view
        do {
            let descriptor = try EffectDescriptor(id: id, name: name, summary: summary, parameters: parameters,
                                                  frame: frame)
            return PluginEffectDefinition(descriptor: descriptor, pluginPath: path, c: c, read: d)
        } catch let error as SegueError {
            throw malformed(error.message)
        }
    }

    private func parameter(_ p: segue_param_desc, of effect: String, index: Int) throws -> ParameterSpec {
        let place = "\(effect), parameter \(index)"
        let name = try text(p.name, "the name of \(place)")
        let here = "\(effect), parameter '\(name)'"
        let known = UInt32(SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_RANGE | SEGUE_PARAM_HAS_REMOVAL)
        guard p.flags & ~known == 0 else { throw malformed("\(here) has unknown flags 0x\(String(p.flags, radix: 16))") }
        let kind = try ParameterKind(p.kind, cases: try enumCases(p, here))
        guard let kind else { throw malformed("\(here) has unknown kind \(p.kind)") }
        var range: ClosedRange<Double>?
        if p.flags & UInt32(SEGUE_PARAM_HAS_RANGE) != 0 {
            guard kind == .number || kind == .integer else { throw malformed("\(here): only numbers and integers have a range") }
            guard p.minimum.isFinite, p.maximum.isFinite, p.minimum <= p.maximum else {
                throw malformed("\(here): range \(p.minimum)…\(p.maximum) is not finite and ordered")
            }
            range = p.minimum...p.maximum
        }
        // Read outside the `do`: their errors are already malformed(…) and must not be wrapped twice.
        let summary = try text(p.summary, "the summary of \(here)")
        let active = try defaultValue(p.active, kind, "the active value of \(here)")
        let identity = try defaultValue(p.identity, kind, "the identity value of \(here)")
        let removal = try p.flags & UInt32(SEGUE_PARAM_HAS_REMOVAL) == 0
            ? nil : defaultValue(p.removal, kind, "the removal value of \(here)")
        do {
            return try ParameterSpec(
                name: name, kind: kind, summary: summary, range: range, active: active, identity: identity,
                removal: removal, isAnimatable: p.flags & UInt32(SEGUE_PARAM_ANIMATABLE) != 0)
        } catch let error as SegueError {
            throw malformed("\(here): \(error.message)")
        }
    }

    /// The case names of an enum parameter.
    private func enumCases(_ p: segue_param_desc, _ here: String) throws -> [String] {
        guard (1...Self.maximumCases).contains(p.case_count), let cases = p.cases else {
            throw malformed("\(here) is an enum with \(p.case_count) cases (1…\(Self.maximumCases), cases not NULL)")
        }
        return try (0..<Int(p.case_count)).map { try text(cases[$0], "case \($0) of \(here)") }
    }

    /// A default value, whose kind must be the parameter's.
    private func defaultValue(_ v: segue_value, _ kind: ParameterKind, _ what: String) throws -> ParameterValue {
        guard v.kind == kind.cValue else {
            throw malformed("\(what) has kind \(v.kind), but the parameter is a \(kind.name)")
        }
        if Int(v.kind) == SEGUE_KIND_ENUM || Int(v.kind) == SEGUE_KIND_STRING {
            _ = try text(v.text, what)
        }
        do {
            return try ParameterValue(v, name: what)
        } catch {
            throw malformed(error.message)
        }
    }

    /// Element `index` of an array of parameter descriptors. Their structs may
    /// grow, so elements are `struct_size` apart, as the first one says, and
    /// each is read by that size.
    private func element(_ index: Int, of array: UnsafePointer<segue_param_desc>, count: UInt32,
                         place: String) throws -> segue_param_desc {
        let stride = Int(UnsafeRawPointer(array).load(as: UInt32.self))
        let first = "\(place), parameter 0"
        guard stride % MemoryLayout<segue_param_desc>.alignment == 0 else {
            throw malformed("\(first): struct_size \(stride) is not a multiple of "
                + "\(MemoryLayout<segue_param_desc>.alignment), so the array's elements cannot be that far apart")
        }
        return try read(UnsafeRawPointer(array) + index * stride, stride, Layouts.parameter, first)
    }

    /// A plugin's struct read by its declared size, or refused naming `place`,
    /// the struct and both sizes.
    private func read<T>(_ pointer: UnsafeRawPointer, _ declared: Int, _ layout: GrowableStruct<T>,
                         _ place: String) throws -> T {
        do {
            return try layout.read(pointer, declaredSize: declared)
        } catch {
            throw malformed("\(place): \(error.message)")
        }
    }

    /// A NUL-terminated UTF-8 string of reasonable length.
    private func text(_ pointer: UnsafePointer<CChar>?, _ what: String) throws -> String {
        guard let pointer else { throw malformed("\(what) is NULL") }
        let length = strnlen(pointer, Self.maximumText + 1)
        guard length <= Self.maximumText else { throw malformed("\(what) is longer than \(Self.maximumText) bytes") }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        guard let string = String(validating: bytes, as: UTF8.self) else { throw malformed("\(what) is not UTF-8") }
        return string
    }

    private func malformed(_ reason: String) -> SegueError {
        SegueError(.plugin, "has a malformed descriptor: \(reason)")
    }
}
