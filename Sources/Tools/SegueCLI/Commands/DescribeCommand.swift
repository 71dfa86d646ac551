import SegueEngine
import SegueModel
import SegueVocabulary

/// `segue describe NAME`: an effect's parameters, defaults and an example.
enum DescribeCommand {
    static let name = "describe"
    static let summary = "show an effect's parameters: kind, range, defaults, and an example spec"
    static let help = """
        Usage: segue describe NAME [--json] [--plugin-path DIRS]

        Shows one effect (built in or from a plugin) by its spec name or id:
        each parameter with its kind, range, default active and identity values
        (and removal value, for an effect whose shorthand is asymmetric)
        and whether it animates, and example specs.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue describe scale
          segue describe clip --json
        """
    static let options = PluginPathOption.options + [Arguments.Option.json]

    static let command = Command(name: name, summary: summary, help: help, options: options, operands: .names(.effects), run: run)

    static func run(_ args: Arguments) throws {
        guard args.positional.count == 1 else {
            throw UsageError(args.positional.isEmpty ? "name the effect to describe" : "describe one effect at a time",
                             command: name)
        }
        let wanted = args.positional[0].hasPrefix(".") ? String(args.positional[0].dropFirst()) : args.positional[0]
        let engine = Engine(threads: 1, plugins: PluginPathOption.plugins(args))
        guard let effect = engine.catalog.effect(named: wanted) else {
            if let composition = ListCommand.compositions.first(where: { $0.name == wanted }) {
                throw UsageError("'.\(wanted)' is not a single effect but a composition: \(composition.summary); "
                    + "for example \(composition.example)", command: name)
            }
            var message = "unknown effect '\(wanted)'"
            let names = engine.catalog.effects.map(\.name) + ListCommand.compositions.map(\.name)
            let guesses = ClosestNames.ranked(to: wanted, among: names).prefix(3)
            if !guesses.isEmpty { message += "; did you mean " + guesses.map { "'\($0)'" }.joined(separator: " or ") + "?" }
            throw UsageError(message + " ('segue list' shows them all)", command: name)
        }
        let examples = Self.examples(effect)
        if args.has("--json") {
            print(JSON.object([
                ("id", .string(effect.id)), ("name", .string(effect.name)), ("summary", .string(effect.summary)),
                ("plugin", .optional(engine.pluginPath(ofEffect: effect.id))),
                ("parameters", .array(effect.parameters.map { p in
                    var fields: [(String, JSON)] = [
                        ("name", .string(p.name)), ("kind", .string(p.kind.name)), ("summary", .string(p.summary)),
                        ("animatable", .bool(p.isAnimatable)),
                        ("active", .string(SpecFormat.value(p.active))), ("identity", .string(SpecFormat.value(p.identity))),
                    ]
                    if let removal = p.removal { fields.append(("removal", .string(SpecFormat.value(removal)))) }
                    if let range = p.range { fields.append(("range", .array([.number(range.lowerBound), .number(range.upperBound)]))) }
                    if let unit = p.unit { fields.append(("unit", .string(unit.rawValue))) }
                    if case .enumeration(let cases) = p.kind { fields.append(("cases", .array(cases.map(JSON.string)))) }
                    return .object(fields)
                })),
                ("examples", .array(examples.map(JSON.string))),
            ]).text())
            return
        }
        print(".\(effect.name) — \(effect.summary)")
        print("id \(effect.id), " + (engine.pluginPath(ofEffect: effect.id).map { "from \($0)" } ?? "built in"))
        print("\nParameters:")
        if effect.parameters.isEmpty { print("  (none)") }
        for p in effect.parameters {
            var kind = p.kind.name
            if let range = p.range { kind += " \(SpecFormat.number(range.lowerBound))…\(SpecFormat.number(range.upperBound))" }
            if p.unit == .degrees { kind += " (degrees: 90, .degrees(90) or .radians(1.5708))" }
            if p.unit == .shape { kind = "shape (.circle .rect .roundedRect(cornerRadius:) .capsule .star(points:innerRadius:) .heart .path(\"SVG\"))" }
            if case .enumeration(let cases) = p.kind { kind += " (" + cases.map { "." + $0 }.joined(separator: " ") + ")" }
            // A shape reads as specs write it: `.circle`, not the string holding it.
            func shown(_ value: ParameterValue) -> String { p.unit == .shape ? value.text! : SpecFormat.value(value) }
            var defaults = p.active == p.identity
                ? "default \(shown(p.active))"
                : "active \(shown(p.active)) → identity \(shown(p.identity))"
            if let removal = p.removal { defaults += " (removal \(shown(removal)))" }
            print("  \(p.name): \(kind), \(p.isAnimatable ? "animatable" : "not animatable"), \(defaults)")
            print("      \(p.summary)")
        }
        print("\nExamples:")
        for example in examples { print("  \(example)") }
    }

    /// The shorthand, and the modifier form with the effect's default states spelled out.
    static func examples(_ effect: EffectDescriptor) -> [String] {
        var result = ["." + effect.name]
        if let primary = effect.primaryParameterIndex {
            let p = effect.parameters[primary]
            result.append(".modifier(active: .\(effect.name)(\(p.name): \(SpecFormat.value(p.active))), "
                + "identity: .\(effect.name)(\(p.name): \(SpecFormat.value(p.identity))))")
        }
        return result
    }
}
