import SegueBasics

/// Reading transitions from specs and writing them back.
///
///     transition := '.identity' | '.opacity' | '.slide' | '.push(from: EDGE)'
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
/// `from:`; and an unlabelled `CGSize`/`CGPoint` sets `x` and `y`.
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

    private static func spec(of node: Node) -> String {
        // The compositions SwiftUI names, written as SwiftUI code writes them.
        if node == Transition.slide.node { return ".slide" }
        if let edge = Edge.allCases.first(where: { node == Transition.push(from: $0).node }) {
            return ".push(from: .\(edge.rawValue))"
        }
        switch node {
        case .identity:
            return ".identity"
        case .modifier(let modifier):
            return EffectShorthand.spec(of: modifier)
                ?? ".modifier(active: \(stateSpec(modifier.active, relativeTo: modifier.active.effect.defaultActive)), "
                + "identity: \(stateSpec(modifier.identity, relativeTo: modifier.identity.effect.defaultIdentity)))"
        case .combined(let first, let second):
            return spec(of: first) + ".combined(with: \(spec(of: second)))"
        case .asymmetric(let insertion, let removal):
            return ".asymmetric(insertion: \(spec(of: insertion)), removal: \(spec(of: removal)))"
        }
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
            let modifier = try EffectShorthand.modifier(effect, list ?? [])
            return try Transition.modifier(active: modifier.active, identity: modifier.identity)
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
