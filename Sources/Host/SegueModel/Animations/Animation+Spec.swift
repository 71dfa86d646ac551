import SegueBasics

/// Reading animations from specs and writing them back, in SwiftUI's spelling.
///
///     animation := '.linear' | '.easeIn' | '.easeOut' | '.easeInOut'  ( '(duration: N)' )?
///                | '.ease' ( '(duration: N)' )?                                   (CSS's ease)
///                | '.timingCurve(N, N, N, N' ( ', duration: N' )? ')'
///                | '.easeInQuad' … '.easeInOutBounce' ( '(duration: N)' )?      (Penner's 30)
///                | '.quadraticIn' … '.bounceInOut' ( '(duration: N)' )?         (glsl-easings' names)
///                | '.steps(N' ( ', jump: .start | .end | .none | .both' )? ( ', duration: N' )? ')'
///                | '.spring' ( '(response: N, dampingFraction: N, blendDuration: N)' )?
///                | '.spring(duration: N, bounce: N, blendDuration: N)'
///                | ( '.smooth' | '.snappy' | '.bouncy' ) ( '(duration: N, extraBounce: N)' )?
///                | '.interactiveSpring' ( '(response: N, dampingFraction: N, blendDuration: N)' )?
///                | '.interpolatingSpring(mass: N, stiffness: N, damping: N, initialVelocity: N)'
///                | '.default'
///                | animation '.speed(N)' | animation '.delay(N)'
///
/// `Animation.` may prefix any of them. Arguments in parentheses may be left
/// out (SwiftUI's defaults apply; 0.35 s for the easings) except
/// `stiffness:` and `damping:`. CSS's own spelling (`cubic-bezier(…)`,
/// `steps(…)`, `ease-in-out`, with an optional duration such as `2s`) and
/// bare easing names (`easeOutBack 0.8s`) are read by `CSSTiming`.
extension Animation {
    /// Parses `spec`.
    /// - Throws: `.parse` (with the column and, for a misspelt name or label,
    ///   the closest one) when the text is not an animation;
    ///   `.invalidArgument` (with the column) for values out of range.
    public init(spec: String) throws {
        if let css = try CSSTiming.animation(spec) {
            self = css
            return
        }
        self = try AnimationReader().animation(SpecParser.parse(spec))
    }

    /// Every easing name a spec may use (`easeInQuad` … `bounceInOut`), in
    /// the order listings show them: Penner's, then glsl-easings'.
    public static var easingNames: [String] { Easing.named.map(\.name) }

    /// The animation as a spec that `init(spec:)` reads back to an equal
    /// animation: the curve, then `.speed(_:)` and `.delay(_:)` when they are
    /// not 1 and 0. Springs made with `duration:`/`bounce:` (`.smooth`,
    /// `.snappy`, …) are written as `.spring(response:dampingFraction:blendDuration:)`.
    public var spec: String {
        let n = SpecFormat.number
        var text = switch curve {
        case .timingCurve(let timing, let duration):
            if let name = TimingCurve.named.first(where: { $0.curve == timing })?.name {
                ".\(name)(duration: \(n(duration)))"
            } else {
                ".timingCurve(\(n(timing.c0x)), \(n(timing.c0y)), \(n(timing.c1x)), \(n(timing.c1y)), duration: \(n(duration)))"
            }
        case .easing(let easing, let duration):
            if let name = easing.name {
                ".\(name)(duration: \(n(duration)))"
            } else if case .steps(let count, let jump) = easing {
                ".steps(\(count), jump: .\(jump.rawValue), duration: \(n(duration)))"
            } else {
                preconditionFailure("every easing but steps has a name")
            }
        case .spring(let response, let dampingFraction, let blendDuration):
            ".spring(response: \(n(response)), dampingFraction: \(n(dampingFraction)), blendDuration: \(n(blendDuration)))"
        case .interpolatingSpring(let mass, let stiffness, let damping, let initialVelocity):
            ".interpolatingSpring(mass: \(n(mass)), stiffness: \(n(stiffness)), damping: \(n(damping)), "
                + "initialVelocity: \(n(initialVelocity)))"
        }
        if speed != 1 { text += ".speed(\(n(speed)))" }
        if delay != 0 { text += ".delay(\(n(delay)))" }
        return text
    }
}

/// Turns spec expressions into animations.
private struct AnimationReader {
    static let names = TimingCurve.named.map(\.name) + Easing.named.map(\.name)
        + ["timingCurve", "steps", "spring", "smooth", "snappy", "bouncy", "interactiveSpring", "interpolatingSpring", "default"]
    static let modifiers = ["speed", "delay"]

    func animation(_ expression: SpecExpression) throws -> Animation {
        guard case .member(let base, let name, let list, let column) = expression else {
            throw SpecValues.expected(Self.expectation, expression)
        }
        let arguments = SpecArguments(list, callee: "'.\(name)'", column: column)
        if let base, !base.isAnimationType {
            let animation = try animation(base)
            guard Self.modifiers.contains(name) else {
                throw unknown(name, column: column, expected: ".speed(_:) or .delay(_:) after an animation", among: Self.modifiers)
            }
            try check(arguments, allowed: [nil])
            let value = try SpecValues.number(arguments.required(nil), for: name)
            return try atColumn(column) { name == "speed" ? try animation.speed(value) : try animation.delay(value) }
        }
        if let curve = TimingCurve.named.first(where: { $0.name == name })?.curve {
            try check(arguments, allowed: ["duration"])
            let duration = try number(arguments, "duration", default: 0.35)
            return try atColumn(column) { try .timingCurve(curve, duration: duration) }
        }
        if let easing = Easing.named.first(where: { $0.name == name })?.easing {
            try check(arguments, allowed: ["duration"])
            let duration = try number(arguments, "duration", default: 0.35)
            return try atColumn(column) { try .easing(easing, duration: duration) }
        }
        switch name {
        case "steps":
            try check(arguments, allowed: [nil, "jump", "duration"])
            let count = try SpecValues.number(arguments.required(nil), for: "steps")
            guard count == count.rounded(), count >= 1, count <= 10_000 else {
                throw SegueError(.parse, "column \(column): '.steps' needs a whole number of steps in 1…10000, "
                    + "not \(SpecFormat.number(count))")
            }
            let jump = try arguments.optional("jump").map { try SpecValues.caseName($0, of: Easing.Jump.self, for: "jump") }
            let duration = try number(arguments, "duration", default: 0.35)
            return try atColumn(column) { try .easing(.steps(Int(count), jump ?? .end), duration: duration) }
        case "timingCurve":
            let points = arguments.list.filter { $0.label == nil }
            guard points.count == 4 else {
                throw SegueError(.parse, "column \(points.count > 4 ? points[4].column : column): expected 4 control point "
                    + "values (c0x, c0y, c1x, c1y) for '.timingCurve', found \(points.count)")
            }
            let labelled = SpecArguments(arguments.list.filter { $0.label != nil }, callee: arguments.callee, column: column)
            try check(labelled, allowed: ["duration"])
            let c = try zip(["c0x", "c0y", "c1x", "c1y"], points).map { try SpecValues.number($1.value, for: $0) }
            let duration = try number(arguments, "duration", default: 0.35)
            return try atColumn(column) { try .timingCurve(c[0], c[1], c[2], c[3], duration: duration) }
        case "spring" where arguments.list.contains { $0.label == "duration" || $0.label == "bounce" }:
            try check(arguments, allowed: ["duration", "bounce", "blendDuration"])
            let duration = try number(arguments, "duration", default: 0.5)
            let bounce = try number(arguments, "bounce", default: 0)
            let blendDuration = try number(arguments, "blendDuration", default: 0)
            return try atColumn(column) { try .spring(duration: duration, bounce: bounce, blendDuration: blendDuration) }
        case "spring", "interactiveSpring":
            try check(arguments, allowed: ["response", "dampingFraction", "blendDuration"])
            let interactive = name == "interactiveSpring"
            let response = try number(arguments, "response", default: interactive ? 0.15 : 0.5)
            let dampingFraction = try number(arguments, "dampingFraction", default: interactive ? 0.86 : 0.825)
            let blendDuration = try number(arguments, "blendDuration", default: interactive ? 0.25 : 0)
            return try atColumn(column) {
                try .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
            }
        case "smooth", "snappy", "bouncy":
            try check(arguments, allowed: ["duration", "extraBounce"])
            let duration = try number(arguments, "duration", default: 0.5)
            let extraBounce = try number(arguments, "extraBounce", default: 0)
            return try atColumn(column) {
                switch name {
                case "smooth": try .smooth(duration: duration, extraBounce: extraBounce)
                case "snappy": try .snappy(duration: duration, extraBounce: extraBounce)
                default: try .bouncy(duration: duration, extraBounce: extraBounce)
                }
            }
        case "interpolatingSpring":
            try check(arguments, allowed: ["mass", "stiffness", "damping", "initialVelocity"])
            let mass = try number(arguments, "mass", default: 1)
            let stiffness = try number(arguments, "stiffness")
            let damping = try number(arguments, "damping")
            let initialVelocity = try number(arguments, "initialVelocity", default: 0)
            return try atColumn(column) {
                try .interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
            }
        case "default":
            try check(arguments, allowed: [])
            return .default
        default:
            throw unknown(name, column: column, expected: Self.expectation, among: Self.names)
        }
    }

    static let expectation = "an animation such as .easeInOut or .spring(duration: 0.5, bounce: 0.2)"

    /// "expected …, found '.name'; did you mean '.closest'?"
    private func unknown(_ name: String, column: Int, expected: String, among candidates: [String]) -> SegueError {
        var message = "column \(column): expected \(expected), found '.\(name)'"
        if let guess = ClosestNames.best(to: name, among: candidates) { message += "; did you mean '.\(guess)'?" }
        return SegueError(.parse, message)
    }

    /// `SpecArguments.check(allowed:)`, suggesting the closest allowed label for a misspelt one.
    private func check(_ arguments: SpecArguments, allowed: [String?]) throws {
        for argument in arguments.list {
            guard let label = argument.label, !allowed.contains(label),
                  let guess = ClosestNames.best(to: label, among: allowed.compactMap { $0 }) else { continue }
            throw SegueError(.parse, "column \(argument.column): \(arguments.callee) takes no argument '\(label):'; "
                + "did you mean '\(guess):'?")
        }
        try arguments.check(allowed: allowed)
    }

    /// The number labelled `label`, or `fallback` when it is left out.
    /// - Throws: `.parse` when it is not a number, or left out without a fallback.
    private func number(_ arguments: SpecArguments, _ label: String, default fallback: Double? = nil) throws -> Double {
        if let fallback, arguments.optional(label) == nil { return fallback }
        return try SpecValues.number(arguments.required(label), for: label)
    }
}

extension SpecExpression {
    /// True for `Animation` before a dot, as in `Animation.easeOut`.
    fileprivate var isAnimationType: Bool {
        if case .identifier("Animation", _) = self { return true }
        return false
    }
}
