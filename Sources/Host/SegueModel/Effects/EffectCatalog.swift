import SegueBasics

/// The effects a spec can name: the built-ins, then whatever plugins add.
public struct EffectCatalog: Sendable {
    public private(set) var effects: [EffectDescriptor]

    /// Names that specs reserve for transitions that are not single effects.
    /// `expand` is also a built-in effect's name: `.expand(…)` as a
    /// transition is the `.asymmetric` composition, and the effect is named
    /// in states, `.modifier(active: .expand(progress: 0), identity: .expand)`.
    public static let reservedNames: Set<String> = ["identity", "slide", "push", "modifier", "asymmetric", "combined",
                                                    "flip", "blurReplace", "expand", "collapse"]

    /// A catalog holding the built-in effects (`BuiltinEffects.all`).
    public init() {
        effects = BuiltinEffects.all
    }

    /// Adds an effect.
    /// - Throws: `.invalidArgument` when its id or spec name is already taken
    ///   or reserved; the message names the holder.
    public mutating func add(_ effect: EffectDescriptor) throws {
        if let holder = effects.first(where: { $0.id == effect.id }) {
            throw SegueError.invalidArgument("effect id '\(effect.id)' is already taken by '\(holder.name)'")
        }
        if let holder = effects.first(where: { $0.name == effect.name }) {
            throw SegueError.invalidArgument("effect name '\(effect.name)' is already taken by '\(holder.id)'")
        }
        if Self.reservedNames.contains(effect.name) {
            throw SegueError.invalidArgument("effect name '\(effect.name)' is reserved by the spec language")
        }
        effects.append(effect)
    }

    /// The effect with this spec name or stable id.
    public func effect(named name: String) -> EffectDescriptor? {
        effects.first { $0.name == name } ?? effects.first { $0.id == name }
    }

    /// The effect named `name`, or an error that suggests the closest names.
    public func requireEffect(named name: String) throws -> EffectDescriptor {
        if let effect = effect(named: name) { return effect }
        var message = "unknown effect '\(name)'"
        let guesses = ClosestNames.ranked(to: name, among: effects.map(\.name) + Self.reservedNames.sorted())
        if !guesses.isEmpty {
            message += "; did you mean " + guesses.prefix(3).map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        throw SegueError(.unknownEffect, message)
    }
}
