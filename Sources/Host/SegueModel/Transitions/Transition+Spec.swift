import SegueBasics

/// Reading transitions from specs and writing them back.
///
///     transition := '.identity' | '.opacity' | '.slide' | '.push(from: EDGE)'
///                 | '.flip' ( '(axis: .x | .y)' )? | '.blurReplace' ( '(.downUp | .upUp)' )?
///                 | ('.expand' | '.collapse') ( '(' ( 'edge: EDGE' | 'mode: .reveal | .squash' ) , … ')' )?
///                 | '.asymmetric(insertion: transition, removal: transition)'
///                 | '.modifier(active: state, identity: state)'
///                 | '.' EFFECT ( '(' shorthand-arguments ')' )?
///                 | transition '.combined(with: transition)'
///     state      := '.' EFFECT ( '(' ( PARAM ':' value | value ) , … ')' )?
///
/// `AnyTransition.` may prefix any of them. In the shorthand form
/// `.name(label: value)` a label that names an animatable parameter sets its
/// active value; one that names a non-animatable parameter sets both states;
/// `from:` and `to:` set the active and identity values of the effect's
/// primary (first animatable) parameter, as does an unlabelled value for
/// `from:`; and an unlabelled `CGSize`/`CGPoint` sets `x` and `y`. An effect
/// whose defaults differ on removal (`.shift`) reads as the asymmetric pair
/// of its sides, the arguments applying to both.
extension Transition {
    /// Parses `spec`, resolving effect names in `catalog`.
    /// - Throws: `.parse` (with the column), `.unknownEffect` (with the closest
    ///   names), `.unknownParameter`, `.invalidArgument` (value out of range).
    public init(spec: String, catalog: EffectCatalog) throws {
        self = try TransitionReader(catalog: catalog).transition(SpecParser.parse(spec))
    }

    /// The transition as a spec that `init(spec:catalog:)` reads back to an
    /// equal transition (given a catalog holding its effects).
    public var spec: String { Self.spec(of: node) }

    /// The compositions with names of their own, and the spec each is written as
    /// (as SwiftUI code writes them, defaults left out). Built when asked (every
    /// one is an `.asymmetric`): a global table of them would outlive the process
    /// in a form leak checkers cannot follow.
    private static var named: [(Transition, String)] {
        var named: [(Transition, String)] = [(.slide, ".slide")]
        named += Edge.allCases.map { (.push(from: $0), ".push(from: .\($0.rawValue))") }
        named += Transition.FlipAxis.allCases.map { (.flip(axis: $0), $0 == .y ? ".flip" : ".flip(axis: .\($0.rawValue))") }
        named += Transition.BlurReplaceConfiguration.allCases.map {
            (.blurReplace($0), $0 == .downUp ? ".blurReplace" : ".blurReplace(.\($0.rawValue))")
        }
        for edge in Edge.allCases {
            for mode in ["reveal", "squash"] {
                let arguments = [edge == .top ? nil : "edge: .\(edge.rawValue)", mode == "reveal" ? nil : "mode: .\(mode)"]
                    .compactMap { $0 }.joined(separator: ", ")
                let suffix = arguments.isEmpty ? "" : "(\(arguments))"
                named.append((try! .expand(edge: edge, mode: mode), ".expand" + suffix))
                named.append((try! .collapse(edge: edge, mode: mode), ".collapse" + suffix))
            }
        }
        return named
    }

    private static func spec(of node: Node) -> String {
        if case .asymmetric = node, let (_, name) = named.first(where: { $0.0.node == node }) { return name }
        if let shorthand = shorthand(of: node) { return shorthand }
        switch node {
        case .identity:
            return ".identity"
        case .modifier(let modifier):
            return ".modifier(active: \(stateSpec(modifier.active, relativeTo: modifier.active.effect.defaultActive)), "
                + "identity: \(stateSpec(modifier.identity, relativeTo: modifier.identity.effect.defaultIdentity)))"
        case .combined(let first, let second):
            return spec(of: first) + ".combined(with: \(spec(of: second)))"
        case .asymmetric(let insertion, let removal):
            return ".asymmetric(insertion: \(spec(of: insertion)), removal: \(spec(of: removal)))"
        }
    }

    /// The effect shorthand for `node` (`.clip`, `.shift`), if one reads back
    /// to it; never for a name the reader takes as a transition (the
    /// `expand` effect's).
    private static func shorthand(of node: Node) -> String? {
        let effect: EffectDescriptor
        switch node {
        case .modifier(let modifier): effect = modifier.active.effect
        case .asymmetric(.modifier(let insertion), _): effect = insertion.active.effect
        default: return nil
        }
        return EffectCatalog.reservedNames.contains(effect.name) ? nil : EffectShorthand.spec(of: node)
    }

    /// `.name(p: v, …)` listing the parameters that differ from `defaults`.
    private static func stateSpec(_ state: EffectState, relativeTo defaults: EffectState) -> String {
        let changed = state.effect.parameters.indices.filter { state.values[$0] != defaults.values[$0] }
        guard !changed.isEmpty else { return "." + state.effect.name }
        let arguments = changed.map { "\(state.effect.parameters[$0].name): \(SpecFormat.value(state.values[$0]))" }
        return ".\(state.effect.name)(\(arguments.joined(separator: ", ")))"
    }
}

/// Turns spec expressions into transitions.
private struct TransitionReader {
    let catalog: EffectCatalog

    func transition(_ expression: SpecExpression) throws -> Transition {
        guard case .member(let base, let name, let list, let column) = expression else {
            throw SpecValues.expected("a transition such as .opacity or .move(edge: .leading)", expression)
        }
        if let base, !base.isAnyTransition {
            guard name == "combined" else {
                throw SegueError(.parse, "column \(column): expected .combined(with:) after a transition, found '.\(name)'")
            }
            let arguments = SpecArguments(list, callee: "'.combined'", column: column)
            try arguments.check(allowed: ["with"])
            let first = try transition(base), second = try transition(arguments.required("with"))
            return try atColumn(column) { try first.combined(with: second) }
        }
        let arguments = SpecArguments(list, callee: "'.\(name)'", column: column)
        switch name {
        case "identity", "slide":
            try arguments.check(allowed: [])
            return name == "identity" ? .identity : .slide
        case "push":
            try arguments.check(allowed: ["from"])
            return .push(from: try SpecValues.edge(arguments.required("from")))
        case "flip":
            try arguments.check(allowed: ["axis"])
            return .flip(axis: try arguments.optional("axis").map { try SpecValues.caseName($0, of: Transition.FlipAxis.self, for: "axis") } ?? .y)
        case "blurReplace":
            try arguments.check(allowed: [nil])
            return .blurReplace(try arguments.optional(nil).map {
                try SpecValues.caseName($0, of: Transition.BlurReplaceConfiguration.self, for: "configuration")
            } ?? .downUp)
        case "expand", "collapse":
            try arguments.check(allowed: ["edge", "mode"])
            let edge = try arguments.optional("edge").map(SpecValues.edge) ?? .top
            let mode = try arguments.optional("mode").map {
                try SpecValues.caseName($0, for: BuiltinEffects.expand.parameters[2])
            } ?? "reveal"
            return try atColumn(column) { name == "expand" ? try .expand(edge: edge, mode: mode) : try .collapse(edge: edge, mode: mode) }
        case "asymmetric":
            try arguments.check(allowed: ["insertion", "removal"])
            let insertion = try transition(arguments.required("insertion"))
            let removal = try transition(arguments.required("removal"))
            return try atColumn(column) { try .asymmetric(insertion: insertion, removal: removal) }
        case "modifier":
            try arguments.check(allowed: ["active", "identity"])
            let active = try state(arguments.required("active"), from: \.defaultActive)
            let identity = try state(arguments.required("identity"), from: \.defaultIdentity)
            return try atColumn(column) { try Transition.modifier(active: active, identity: identity) }
        default:
            let effect = try atColumn(column) { try catalog.requireEffect(named: name) }
            return try EffectShorthand.transition(effect, list ?? [])
        }
    }

    /// `.name(p: v, …)` inside `.modifier(…)`: labels are parameter names,
    /// unset parameters keep the effect's default for that role.
    private func state(_ expression: SpecExpression, from defaults: KeyPath<EffectDescriptor, EffectState>) throws -> EffectState {
        guard case .member(let base, let name, let list, let column) = expression, base == nil || base.isTypeName else {
            throw SpecValues.expected("an effect state such as .scale(scale: 0.5)", expression)
        }
        let effect = try atColumn(column) { try catalog.requireEffect(named: name) }
        var state = effect[keyPath: defaults]
        for argument in try EffectShorthand.labelled(list ?? [], of: effect) {
            state = try EffectShorthand.set(argument.parameter, of: effect, to: argument.value, in: state)
        }
        return state
    }
}

extension SpecExpression {
    fileprivate var isAnyTransition: Bool {
        if case .identifier("AnyTransition", _) = self { return true }
        return false
    }
}
