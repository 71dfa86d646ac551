import SegueBasics

/// An effect with concrete values for all its parameters, like SwiftUI's
/// `ClipEffect(value: 0)`.
public struct EffectState: Hashable, Sendable {
    public let effect: EffectDescriptor
    /// One value per parameter, in the schema's order, each of its kind.
    public private(set) var values: [ParameterValue]

    init(effect: EffectDescriptor, values: [ParameterValue]) {
        precondition(values.count == effect.parameters.count)
        self.effect = effect
        self.values = values
    }

    /// A copy with parameter `name` set to `value`.
    /// - Throws: `.unknownParameter` for a name the effect lacks or a value of
    ///   the wrong kind; `.invalidArgument` for a value out of range.
    public func setting(_ name: String, to value: ParameterValue) throws -> EffectState {
        guard let index = effect.parameterIndex(named: name) else {
            let known = effect.parameters.map(\.name)
            var message = "effect '\(effect.name)' has no parameter '\(name)'"
            if let guess = ClosestNames.best(to: name, among: known) {
                message += "; did you mean '\(guess)'?"
            } else {
                message += "."
            }
            message += known.isEmpty ? " It takes no parameters." : " Its parameters: \(known.joined(separator: ", "))."
            throw SegueError(.unknownParameter, message)
        }
        var copy = self
        copy.values[index] = try effect.parameters[index].accept(value, role: "value")
        return copy
    }

    /// The value of parameter `name`. Asking for a parameter the effect does
    /// not declare is a programmer error and traps.
    public subscript(name: String) -> ParameterValue {
        guard let index = effect.parameterIndex(named: name) else {
            preconditionFailure("effect '\(effect.id)' has no parameter '\(name)'")
        }
        return values[index]
    }

    /// The numeric value of parameter `name` (numbers, integers, bools).
    public func number(_ name: String) -> Double {
        guard let v = self[name].number else { preconditionFailure("'\(name)' of '\(effect.id)' is not numeric") }
        return v
    }

    /// The state `t` of the way from `a` to `b` (same effect): animatable
    /// parameters interpolate (t may leave 0...1), the others hold `a`'s value
    /// at t <= 0 and take `b`'s after.
    public static func between(_ a: EffectState, _ b: EffectState, at t: Double) -> EffectState {
        precondition(a.effect.id == b.effect.id, "states of different effects cannot interpolate")
        var values = a.values
        for (i, parameter) in a.effect.parameters.enumerated() {
            values[i] = parameter.isAnimatable
                ? ParameterValue.interpolate(a.values[i], b.values[i], t)
                : (t <= 0 ? a.values[i] : b.values[i])
        }
        return EffectState(effect: a.effect, values: values)
    }
}
