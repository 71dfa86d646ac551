import SegueEngine
import SegueModel

/// `segue list`: every transition, effect and animation a spec can name.
enum ListCommand {
    static let name = "list"
    static let summary = "list every transition, effect and animation with a one-line description"
    static let help = """
        Usage: segue list [--json | --names KIND] [--plugin-path DIRS]

        Lists what specs can name: SwiftUI's built-in transitions, the effects
        plugins provide (usable as `.name`, `.name(param: value)` or inside
        `.modifier(active:identity:)`), and the animations.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue list
          segue list --json | jq '.effects[].name'
        """
    static let options: [Arguments.Option] = PluginPathOption.options + [
        .json,
        .value("--names", as: "KIND", completing: .words(Arguments.Names.allCases.map(\.rawValue)), """
            only names, one a line, as the shell completions offer them:
            transitions ('.name', for --transition), effects ('name', for
            'segue describe') or animations ('.name', for --animation)
            """),
    ]

    static let command = Command(name: name, summary: summary, help: help, options: options, run: run)

    /// SwiftUI's transitions that are compositions, not single effects.
    static let compositions: [(name: String, summary: String, example: String)] = [
        ("identity", "draws the view unchanged", ".identity"),
        ("slide", "in from the leading edge, out towards the trailing edge", ".slide"),
        ("push", "in from an edge fading in, out towards the opposite edge fading out", ".push(from: .trailing)"),
        ("flip", "a card turned over in perspective: out turns away, in turns in (axis .y or .x)", ".flip(axis: .y)"),
        ("blurReplace", "out blurs and shrinks a little, in sharpens from a little smaller (.downUp or .upUp)",
         ".blurReplace(.downUp)"),
        ("expand", "in grows from an edge over out, fading in: the expand effect (mode .reveal or .squash)",
         ".expand(edge: .top)"),
        ("collapse", "out shrinks towards an edge over in, fading out", ".collapse(edge: .top)"),
        ("asymmetric", "one transition for insertion, another for removal",
         ".asymmetric(insertion: .opacity, removal: .scale)"),
        ("combined", "two transitions at once: content → first → second", ".opacity.combined(with: .scale)"),
        ("modifier", "any effect between an active and an identity state",
         ".modifier(active: .scale(scale: 0.2), identity: .scale(scale: 1))"),
    ]

    static let animations: [(name: String, summary: String)] = [
        ("linear", "constant speed (duration 0.35 s)"),
        ("easeIn", "slow start (0.42, 0, 1, 1)"),
        ("easeOut", "slow end (0, 0, 0.58, 1)"),
        ("easeInOut", "slow start and end (0.42, 0, 0.58, 1)"),
        ("ease", "CSS's ease (0.25, 0.1, 0.25, 1)"),
        ("timingCurve", "any cubic Bézier: .timingCurve(c0x, c0y, c1x, c1y, duration:); CSS: cubic-bezier(…) 2s"),
        ("steps", "CSS steps: .steps(4, jump: .start | .end | .none | .both); CSS: steps(4, jump-start)"),
        ("spring", "a damped spring: (response:dampingFraction:blendDuration:) or (duration:bounce:)"),
        ("smooth", "a spring without bounce"),
        ("snappy", "a spring with a little bounce (0.15)"),
        ("bouncy", "a spring with more bounce (0.3)"),
        ("interactiveSpring", "a quick spring (response 0.15)"),
        ("interpolatingSpring", "a spring by its physics: (mass:stiffness:damping:initialVelocity:)"),
        ("default", "a spring with response 0.55, damping fraction 1"),
    ]

    static func run(_ args: Arguments) throws {
        let engine = Engine(threads: 1, plugins: PluginPathOption.plugins(args))
        let effects = engine.catalog.effects
        if let kind = try args.choice("--names", Arguments.Names.allCases.map { ($0.rawValue, $0) }) {
            guard !args.has("--json") else {
                throw UsageError("--names \(kind.rawValue) and --json are two outputs: give one of them", command: name)
            }
            let names = switch kind {
            case .transitions: (effects.map(\.name) + compositions.map(\.name)).map { "." + $0 }
            case .effects: effects.map(\.name)
            case .animations: (animations.map(\.name) + Animation.easingNames).map { "." + $0 }
            }
            print(Set(names).sorted().joined(separator: "\n"))
            return
        }
        if args.has("--json") {
            print(JSON.object([
                ("transitions", .array(compositions.map {
                    .object([("name", .string($0.name)), ("summary", .string($0.summary)), ("example", .string($0.example))])
                })),
                ("effects", .array(effects.map { effect in
                    .object([("id", .string(effect.id)), ("name", .string(effect.name)), ("summary", .string(effect.summary)),
                             ("plugin", .optional(engine.pluginPath(ofEffect: effect.id)))])
                })),
                ("animations", .array(animations.map { .object([("name", .string($0.name)), ("summary", .string($0.summary))]) })),
                ("easings", .array(Animation.easingNames.map { .string($0) })),
            ]).text())
            return
        }
        let width = (compositions.map(\.name) + effects.map(\.name) + animations.map(\.name)).map(\.count).max() ?? 0
        func line(_ name: String, _ summary: String) -> String {
            "  ." + name + String(repeating: " ", count: width - name.count + 2) + summary
        }
        print("Transitions and effects (use in --transition):")
        for effect in effects where engine.pluginPath(ofEffect: effect.id) == nil { print(line(effect.name, effect.summary)) }
        for composition in compositions { print(line(composition.name, composition.summary)) }
        let plugged = effects.filter { engine.pluginPath(ofEffect: $0.id) != nil }
        print("\nFrom plugins:")
        if plugged.isEmpty { print("  (none found; 'segue plugins' shows where Segue looked)") }
        for effect in plugged { print(line(effect.name, effect.summary)) }
        print("\nAnimations (use in --animation):")
        for animation in animations { print(line(animation.name, animation.summary)) }
        print("\nEasings (use in --animation, each with (duration:); also as CSS writes them: 'easeOutBack 2s',")
        print("'cubic-bezier(0.25, 0.1, 0.25, 1) 500ms', 'steps(4, jump-start)', 'ease-in-out'):")
        for line in wrapped(Animation.easingNames.map { "." + $0 }, width: 100) { print("  " + line) }
        print("\n'segue describe NAME' shows an effect's parameters.")
    }

    /// Words joined by spaces into lines of at most `width` characters.
    private static func wrapped(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        for word in words {
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }
}
