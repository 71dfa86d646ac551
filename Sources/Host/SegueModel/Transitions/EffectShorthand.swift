import SegueBasics

/// The shorthand form of an effect used as a transition: `.clip`,
/// `.countUp(to: 120)`, `.scale(scale: 0.5, anchor: .bottom)`. See
/// `Transition.init(spec:catalog:)` for the rules.
enum EffectShorthand {
    /// One argument resolved to the parameter it addresses.
    struct Resolved {
        let label: String?
        let parameter: Int
        let value: SpecExpression
        let column: Int
    }

    /// The transition `.name(arguments)` stands for: the effect between its
    /// states, or, for an effect whose default differs on removal (`.shift`),
    /// the asymmetric pair of its insertion and removal, the arguments
    /// applying to both (a pair that then agrees is one modifier).
    static func transition(_ effect: EffectDescriptor, _ arguments: [SpecArgument]) throws -> Transition {
        let insertion = try modifier(effect, arguments)
        let inserting = try Transition.modifier(active: insertion.active, identity: insertion.identity)
        guard let removalDefaults = effect.defaultRemovalActive else { return inserting }
        let removal = try modifier(effect, arguments, active: removalDefaults)
        guard removal != insertion else { return inserting }
        return try .asymmetric(insertion: inserting,
                               removal: Transition.modifier(active: removal.active, identity: removal.identity))
    }

    /// The modifier `.name(arguments)` stands for, from `active` (the
    /// effect's default active state unless given) and the default identity.
    static func modifier(_ effect: EffectDescriptor, _ arguments: [SpecArgument],
                         active defaults: EffectState? = nil) throws -> Modifier {
        var active = defaults ?? effect.defaultActive
        var identity = effect.defaultIdentity
        for argument in try labelled(arguments, of: effect, allowFromTo: true) {
            let parameter = effect.parameters[argument.parameter]
            // `to:` sets the identity value unless it names a parameter (`.morph`'s).
            if argument.label == "to" && effect.parameterIndex(named: "to") == nil {
                identity = try set(argument.parameter, of: effect, to: argument.value, in: identity)
            } else {
                active = try set(argument.parameter, of: effect, to: argument.value, in: active)
                if !parameter.isAnimatable {
                    identity = try set(argument.parameter, of: effect, to: argument.value, in: identity)
                }
            }
        }
        return Modifier(active: active, identity: identity)
    }

    /// The shorthand spec for `node` — a modifier, or an effect's asymmetric
    /// pair — when one reads back to it exactly.
    static func spec(of node: Transition.Node) -> String? {
        let modifier: Modifier
        switch node {
        case .modifier(let only):
            modifier = only
        case .asymmetric(.modifier(let insertion), .modifier(let removal))
            where insertion.active.effect == removal.active.effect && insertion.active.effect.defaultRemovalActive != nil:
            modifier = insertion
        default:
            return nil
        }
        let effect = modifier.active.effect
        var arguments: [String] = []
        for (i, parameter) in effect.parameters.enumerated() {
            let active = modifier.active.values[i], identity = modifier.identity.values[i]
            // Enumerations are always written out: `.move(edge: .leading)`, as SwiftUI spells it.
            let isEnumeration = if case .enumeration = parameter.kind { true } else { false }
            if active != parameter.active || (!parameter.isAnimatable && identity != parameter.identity)
                || (isEnumeration && !parameter.isAnimatable) {
                arguments.append("\(parameter.name): \(SpecFormat.value(active))")
            }
            if parameter.isAnimatable && identity != parameter.identity {
                guard i == effect.primaryParameterIndex else { return nil }
                arguments.append("to: \(SpecFormat.value(identity))")
            }
        }
        let text = arguments.isEmpty ? "." + effect.name : ".\(effect.name)(\(arguments.joined(separator: ", ")))"
        guard case .member(_, _, let list, _)? = try? SpecParser.parse(text),
              let reread = try? transition(effect, list ?? []), reread.node == node
        else { return nil }
        return text
    }

    /// Resolves labels to parameters: parameter names, an unlabelled value
    /// (the primary parameter, x and y for a CGSize/CGPoint, or the
    /// enumeration parameter that has the case given), and with
    /// `allowFromTo`, `from:`/`to:` for the primary parameter.
    static func labelled(_ arguments: [SpecArgument], of effect: EffectDescriptor,
                         allowFromTo: Bool = false) throws -> [Resolved] {
        var result: [Resolved] = []
        var seen = Set<String>()
        // (parameter, sets the identity value) pairs already given, so that two
        // spellings of one value (`.countUp(10, from: 5)`) are refused, not overridden.
        var assigned = Set<[Int]>()
        for argument in arguments {
            // An unlabelled case (`.xfade(.circleopen)`) is known by the parameter it sets.
            var caseParameter: Int?
            if argument.label == nil, case .member(nil, let name, nil, _) = argument.value {
                caseParameter = effect.enumerationParameterIndex(forCase: name)
            }
            let key = argument.label ?? caseParameter.map { effect.parameters[$0].name } ?? "_"
            guard seen.insert(key).inserted else {
                throw SegueError(.parse, "column \(argument.column): argument '\(key)' is given twice")
            }
            let resolved: [Resolved]
            if let label = argument.label, let index = effect.parameterIndex(named: label) {
                resolved = [Resolved(label: label, parameter: index, value: argument.value, column: argument.column)]
            } else if let parts = try splitTuple(argument, of: effect) {
                resolved = parts
            } else if argument.label == nil, let xy = try splitPoint(argument, of: effect) {
                resolved = xy
            } else if let index = caseParameter {
                resolved = [Resolved(label: key, parameter: index, value: argument.value, column: argument.column)]
            } else if argument.label == nil || (allowFromTo && (argument.label == "from" || argument.label == "to")) {
                guard let primary = effect.primaryParameterIndex else {
                    throw SegueError(.unknownParameter,
                                     "column \(argument.column): effect '\(effect.name)' has no animatable parameter for \(argument.label.map { "'\($0):'" } ?? "an unlabelled value")")
                }
                resolved = [Resolved(label: argument.label, parameter: primary, value: argument.value, column: argument.column)]
            } else {
                _ = try atColumn(argument.column) { try effect.defaultActive.setting(argument.label!, to: .bool(false)) }
                resolved = []
            }
            for item in resolved where !assigned.insert([item.parameter, item.label == "to" ? 1 : 0]).inserted {
                throw SegueError(.parse, "column \(argument.column): argument '\(key)' sets '\(effect.parameters[item.parameter].name)', which an earlier argument already set")
            }
            result += resolved
        }
        return result
    }

    /// A labelled tuple, as SwiftUI writes `axis: (x: 0, y: 1, z: 0)`, given
    /// to an effect with number parameters named after the label and each
    /// element (`axisX`, `axisY`, `axisZ`): every element must be given.
    private static func splitTuple(_ argument: SpecArgument, of effect: EffectDescriptor) throws -> [Resolved]? {
        guard let label = argument.label, case .tuple(let list, let column) = argument.value else { return nil }
        let elements = ["x", "y", "z"].filter { effect.parameterIndex(named: label + $0.uppercased()) != nil }
        guard !elements.isEmpty else { return nil }
        let arguments = SpecArguments(list, callee: "'\(label)'", column: column)
        try arguments.check(allowed: elements)
        return try elements.map { element in
            let name = label + element.uppercased()
            return Resolved(label: name, parameter: effect.parameterIndex(named: name)!,
                            value: try arguments.required(element), column: argument.column)
        }
    }

    /// An unlabelled `CGSize(…)`/`CGPoint(…)` given to an effect with number
    /// parameters `x` and `y` and no point primary, as `.offset(CGSize(…))`.
    private static func splitPoint(_ argument: SpecArgument, of effect: EffectDescriptor) throws -> [Resolved]? {
        guard case .construction(let name, _, let column) = argument.value, name == "CGSize" || name == "CGPoint",
              let x = effect.parameterIndex(named: "x"), let y = effect.parameterIndex(named: "y"),
              effect.parameters[x].kind == .number, effect.parameters[y].kind == .number
        else { return nil }
        let point = try SpecValues.point(argument.value)
        return [
            Resolved(label: "x", parameter: x, value: .number(point.x, column: column), column: argument.column),
            Resolved(label: "y", parameter: y, value: .number(point.y, column: column), column: argument.column),
        ]
    }

    static func set(_ index: Int, of effect: EffectDescriptor, to expression: SpecExpression,
                    in state: EffectState) throws -> EffectState {
        let parameter = effect.parameters[index]
        let value = try SpecValues.value(expression, for: parameter)
        return try atColumn(expression.column) { try state.setting(parameter.name, to: value) }
    }
}
