/// The rules a declaration must follow, checked before any descriptor is
/// built, so a mistake shows up as a sentence naming it rather than as a
/// refusal by the host.
enum DeclarationCheck {
    // The host's limits (SeguePluginHost's DescriptorReader), so the kit
    // names a breach before the host refuses the file for it.
    static let maximumEffects = 1024
    static let maximumParameters = 256
    static let maximumCases = 256
    static let maximumText = 4096
    /// The largest whole number an integer parameter holds (2⁵³: a C double keeps every digit).
    static let maximumInteger = 9_007_199_254_740_992.0

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
        if !isEffectID(effect.id) {
            problems.append("\(label): the id must be `vendor.name` (letters, digits, '_' or '-' between dots)")
        }
        if !isIdentifier(effect.name) { problems.append("\(label): the name \(quoted(effect.name)) is not an identifier") }
        if !isOneLine(effect.summary) { problems.append("\(label): the summary must be one line") }
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
        if !isIdentifier(parameter.name) { problems.append("the name is not an identifier") }
        if !isOneLine(parameter.summary) { problems.append("the summary must be one line") }
        if parameter.summary.utf8.count > maximumText { problems.append("the summary is longer than \(maximumText) bytes") }
        if let range = parameter.range, !(range.lowerBound.isFinite && range.upperBound.isFinite) {
            problems.append("the range must be finite")
        }
        if parameter.kind == .enumeration {
            if parameter.cases.isEmpty { problems.append("an enumeration needs at least one case") }
            if parameter.cases.count > maximumCases {
                problems.append("\(parameter.cases.count) cases, more than \(maximumCases)")
            }
            for name in parameter.cases where !isIdentifier(name) {
                problems.append("the case \(quoted(name)) is not an identifier")
            }
            if Set(parameter.cases).count != parameter.cases.count { problems.append("two cases have the same name") }
        }
        for (state, value) in [("active", parameter.active), ("identity", parameter.identity)] {
            if let problem = problem(with: value, of: parameter) { problems.append("the \(state) value \(problem)") }
        }
        return problems
    }

    /// What is wrong with a default value, or nil.
    static func problem(with value: ParameterDeclaration.Value, of parameter: ParameterDeclaration) -> String? {
        switch value {
        case .number(let number):
            guard number.isFinite else { return "is not finite" }
            if parameter.kind == .integer, abs(number) > maximumInteger { return "\(number) is beyond ±2⁵³" }
            if let range = parameter.range, !range.contains(number) {
                return "\(number) is outside \(range.lowerBound)…\(range.upperBound)"
            }
        case .color(let color):
            let components = [color.red, color.green, color.blue, color.alpha]
            guard components.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return "has components outside 0…1" }
        case .point(let point):
            guard point.x.isFinite && point.y.isFinite else { return "is not finite" }
        case .text(let text):
            if text.utf8.contains(0) { return "contains a NUL byte" }
            if text.utf8.count > maximumText { return "is longer than \(maximumText) bytes" }
        }
        return nil
    }

    /// Letters, digits and '_', not starting with a digit (ASCII).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, !isDigit(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// `vendor.name`: two or more non-empty parts of letters, digits, '_' or '-', joined by dots.
    static func isEffectID(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy {
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            }
        }
    }

    static func isOneLine(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == 0 }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
