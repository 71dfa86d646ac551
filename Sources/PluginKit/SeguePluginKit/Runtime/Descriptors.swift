import CSegue
import Glibc

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
            create: createEffectInstance, destroy: destroyEffectInstance, render: renderEffect)
    }

    static func parameter(_ parameter: ParameterDeclaration) -> segue_param_desc {
        var flags: UInt32 = 0
        if parameter.isAnimatable { flags |= SEGUE_PARAM_ANIMATABLE }
        if parameter.range != nil { flags |= SEGUE_PARAM_HAS_RANGE }
        var cases: UnsafePointer<UnsafePointer<CChar>?>?
        if !parameter.cases.isEmpty {
            let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: parameter.cases.count)
            for (index, name) in parameter.cases.enumerated() {
                (names + index).initialize(to: permanent(name))
            }
            cases = UnsafePointer(names)
        }
        return segue_param_desc(
            struct_size: UInt32(MemoryLayout<segue_param_desc>.size), flags: flags,
            name: permanent(parameter.name), summary: permanent(parameter.summary), kind: parameter.kind.rawValue,
            minimum: parameter.range?.lowerBound ?? 0, maximum: parameter.range?.upperBound ?? 0,
            active: value(parameter.active, kind: parameter.kind), identity: value(parameter.identity, kind: parameter.kind),
            cases: cases, case_count: UInt32(parameter.cases.count))
    }

    /// A `segue_value` of `kind`; only the field its kind names is set.
    static func value(_ value: ParameterDeclaration.Value, kind: ParameterKind) -> segue_value {
        var result = segue_value()
        result.kind = kind.rawValue
        switch value {
        case .number(let number): result.number = number
        case .color(let color): result.color = color.cValue
        case .point(let point): result.point = point.cValue
        case .text(let text): result.text = permanent(text)
        }
        return result
    }

    /// A copy of `text` as a C string that is never freed.
    static func permanent(_ text: String) -> UnsafePointer<CChar>? {
        UnsafePointer(strdup(text))
    }
}
