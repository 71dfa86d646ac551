/// The rules a declaration must follow (`DeclarationRules`, the host's own),
/// checked before any descriptor is built, so a mistake shows up as a
/// sentence naming it rather than as a refusal by the host.
enum DeclarationCheck {
    private static let maximumEffects = DeclarationRules.maximumEffects
    private static let maximumParameters = DeclarationRules.maximumParameters
    private static let maximumCases = DeclarationRules.maximumCases
    private static let maximumText = DeclarationRules.maximumText

    static func problems(name: String, version: String, effects: [EffectSchema]) -> [String] {
        var problems: [String] = []
        if name.isEmpty || name.utf8.count > 255 { problems.append("the plugin's name must be 1…255 bytes, not \(quoted(name))") }
        if version.isEmpty || version.utf8.count > 63 {
            problems.append("the plugin's version must be 1…63 bytes, not \(quoted(version))")
        }
        if effects.isEmpty || effects.count > maximumEffects {
            problems.append("a plugin provides 1…\(maximumEffects) effects, not \(effects.count)")
        }
        var ids: Set<String> = [], names: Set<String> = []
        for effect in effects {
            if !ids.insert(effect.id).inserted { problems.append("two effects have the id \(quoted(effect.id))") }
            if !names.insert(effect.name).inserted { problems.append("two effects have the name \(quoted(effect.name))") }
            problems += self.problems(in: effect)
        }
        return problems
    }

    static func problems(in effect: EffectSchema) -> [String] {
        var problems: [String] = []
        let label = "effect \(quoted(effect.id))"
        if !DeclarationRules.isEffectID(effect.id) {
            problems.append("\(label): the id must be `vendor.name` (letters, digits, '_' or '-' between dots)")
        }
        if !DeclarationRules.isIdentifier(effect.name) { problems.append("\(label): the name \(quoted(effect.name)) is not an identifier") }
        if !DeclarationRules.isOneLine(effect.summary) { problems.append("\(label): the summary must be one line") }
        for (what, text) in [("id", effect.id), ("name", effect.name), ("summary", effect.summary)]
        where text.utf8.count > maximumText {
            problems.append("\(label): the \(what) is longer than \(maximumText) bytes")
        }
        if effect.parameters.count > maximumParameters {
            problems.append("\(label): \(effect.parameters.count) parameters, more than \(maximumParameters)")
        }
        var names: Set<String> = []
        for parameter in effect.parameters {
            if !names.insert(parameter.name).inserted {
                problems.append("\(label): two parameters are named \(quoted(parameter.name))")
            }
            problems += self.problems(in: parameter).map { "\(label), parameter \(quoted(parameter.name)): \($0)" }
        }
        return problems
    }

    static func problems(in parameter: ParameterDeclaration) -> [String] {
        var problems: [String] = []
        if !DeclarationRules.isIdentifier(parameter.name) { problems.append("the name is not an identifier") }
        if !DeclarationRules.isOneLine(parameter.summary) { problems.append("the summary must be one line") }
        if parameter.summary.utf8.count > maximumText { problems.append("the summary is longer than \(maximumText) bytes") }
        if let range = parameter.range, !(range.lowerBound.isFinite && range.upperBound.isFinite) {
            problems.append("the range must be finite")
        }
        if case .enumeration(let cases) = parameter.kind {
            if cases.isEmpty { problems.append("an enumeration needs at least one case") }
            if cases.count > maximumCases {
                problems.append("\(cases.count) cases, more than \(maximumCases)")
            }
            for name in cases where !DeclarationRules.isIdentifier(name) {
                problems.append("the case \(quoted(name)) is not an identifier")
            }
            if Set(cases).count != cases.count { problems.append("two cases have the same name") }
        }
        for (state, value) in [("active", parameter.active), ("identity", parameter.identity),
                               ("removal", parameter.removal)] {
            guard let value else { continue }
            if let problem = problem(with: value, of: parameter) { problems.append("the \(state) value \(problem)") }
        }
        return problems
    }

    /// What is wrong with a default value, or nil.
    static func problem(with value: ParameterValue, of parameter: ParameterDeclaration) -> String? {
        switch value {
        case .number(let number):
            guard number.isFinite else { return "is not finite" }
            if let range = parameter.range, !range.contains(number) {
                return "\(number) is outside \(range.lowerBound)…\(range.upperBound)"
            }
        case .integer(let integer):
            let number = Double(integer)
            if abs(number) > DeclarationRules.maximumInteger { return "\(integer) is beyond ±2⁵³" }
            if let range = parameter.range, !range.contains(number) {
                return "\(integer) is outside \(range.lowerBound)…\(range.upperBound)"
            }
        case .bool:
            break
        case .color(let color):
            guard color.isInUnitRange else { return "has components outside 0…1" }
        case .point(let point):
            guard point.isFinite else { return "is not finite" }
        case .enumeration(let text), .string(let text):
            if text.utf8.contains(0) { return "contains a NUL byte" }
            if text.utf8.count > maximumText { return "is longer than \(maximumText) bytes" }
        }
        return nil
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
