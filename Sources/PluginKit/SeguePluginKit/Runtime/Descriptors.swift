import CSegue
import Glibc
import SegueABI

/// Builds the C descriptors from checked schemas. Everything allocated here
/// (structs, arrays, strings) is deliberately never freed: the ABI wants it
/// valid until deinit(), which may never come, and plugins are never unloaded.
enum Descriptors {
    static func effect(_ schema: EffectSchema) -> segue_effect_desc {
        let parameters = UnsafeMutablePointer<segue_param_desc>.allocate(capacity: max(1, schema.parameters.count))
        for (index, parameter) in schema.parameters.enumerated() {
            (parameters + index).initialize(to: Descriptors.parameter(parameter))
        }
        return segue_effect_desc(
            struct_size: UInt32(MemoryLayout<segue_effect_desc>.size),
            id: permanent(schema.id), name: permanent(schema.name), summary: permanent(schema.summary),
            params: UnsafePointer(parameters), param_count: UInt32(schema.parameters.count),
            create: createEffectInstance, destroy: destroyEffectInstance, render: renderEffect,
            flags: schema.drawsOverContainer ? SEGUE_EFFECT_CONTAINER_FRAME : 0)
    }

    static func parameter(_ parameter: ParameterDeclaration) -> segue_param_desc {
        var flags: UInt32 = 0
        if parameter.isAnimatable { flags |= SEGUE_PARAM_ANIMATABLE }
        if parameter.range != nil { flags |= SEGUE_PARAM_HAS_RANGE }
        if parameter.removal != nil { flags |= SEGUE_PARAM_HAS_REMOVAL }
        var names: [String] = []
        if case .enumeration(let declared) = parameter.kind { names = declared }
        var cases: UnsafePointer<UnsafePointer<CChar>?>?
        if !names.isEmpty {
            let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: names.count)
            for (index, name) in names.enumerated() {
                (list + index).initialize(to: permanent(name))
            }
            cases = UnsafePointer(list)
        }
        return segue_param_desc(
            struct_size: UInt32(MemoryLayout<segue_param_desc>.size), flags: flags,
            name: permanent(parameter.name), summary: permanent(parameter.summary), kind: parameter.kind.cValue,
            minimum: parameter.range?.lowerBound ?? 0, maximum: parameter.range?.upperBound ?? 0,
            active: segue_value(parameter.active, text: permanent), identity: segue_value(parameter.identity, text: permanent),
            cases: cases, case_count: UInt32(names.count),
            removal: parameter.removal.map { segue_value($0, text: permanent) } ?? segue_value())
    }

    /// A copy of `text` as a C string that is never freed.
    static func permanent(_ text: String) -> UnsafePointer<CChar>? {
        UnsafePointer(strdup(text))
    }
}
