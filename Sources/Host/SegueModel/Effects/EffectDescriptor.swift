import SegueBasics

/// A kind of modifier: a name and a typed parameter schema. What it draws is
/// not the model's business; the engine pairs each descriptor with a renderer.
public struct EffectDescriptor: Hashable, Sendable {
    /// Stable id, `vendor.name` (e.g. `segue.scale`).
    public let id: String
    /// The name used in specs (e.g. `scale` in `.scale(scale: 0.5)`).
    public let name: String
    /// One line for listings.
    public let summary: String
    public let parameters: [ParameterSpec]
    /// The rectangle the effect draws over.
    public let frame: Frame

    /// What an effect's canvas covers (segue_effect_desc.flags).
    public enum Frame: Hashable, Sendable {
        /// The view's own frame: where the scene placed it.
        case view
        /// The view's container, the output both views are placed in, with
        /// the content transparent where the view does not cover it: for
        /// effects defined over whole frames of one size (xfade's).
        case container
    }

    /// - Throws: `.invalidArgument` for an id without a vendor prefix, a name
    ///   that is not an identifier, or two parameters with one name.
    public init(id: String, name: String, summary: String, parameters: [ParameterSpec], frame: Frame = .view) throws {
        guard DeclarationRules.isEffectID(id) else {
            throw SegueError.invalidArgument("effect id '\(id)' must look like 'vendor.name'")
        }
        // Specs write the name after a '.', so it must lex as one identifier ('-' is not allowed).
        guard DeclarationRules.isIdentifier(name) else {
            throw SegueError.invalidArgument("effect name '\(name)' of '\(id)' must be an identifier")
        }
        var seen = Set<String>()
        for parameter in parameters where !seen.insert(parameter.name).inserted {
            throw SegueError.invalidArgument("effect '\(name)' declares parameter '\(parameter.name)' twice")
        }
        self.id = id
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.frame = frame
    }

    public func parameterIndex(named name: String) -> Int? {
        parameters.firstIndex { $0.name == name }
    }

    /// The first animatable parameter. Shorthand specs address it with
    /// `from:`, `to:` or an unlabelled value, e.g. `.countUp(to: 120)`.
    public var primaryParameterIndex: Int? {
        parameters.firstIndex { $0.isAnimatable }
    }

    /// The enumeration parameter an unlabelled case in a spec sets
    /// (`.xfade(.circleopen)`): the one that has a case `name`, else the only
    /// enumeration parameter (whose error then lists its cases); nil when
    /// there is none, or when the primary parameter is itself an enumeration
    /// (which then takes it).
    public func enumerationParameterIndex(forCase name: String) -> Int? {
        if let primary = primaryParameterIndex, case .enumeration = parameters[primary].kind { return nil }
        let enumerations = parameters.indices.filter {
            if case .enumeration = parameters[$0].kind { return true }
            return false
        }
        return enumerations.first {
            if case .enumeration(let cases) = parameters[$0].kind { return cases.contains(name) }
            return false
        } ?? (enumerations.count == 1 ? enumerations[0] : nil)
    }

    /// The state with every parameter at its default active value.
    public var defaultActive: EffectState { EffectState(effect: self, values: parameters.map(\.active)) }

    /// The default active state of the effect's removal, for an effect with
    /// a parameter whose default differs there (`.shift`); nil when both
    /// sides start from `defaultActive`.
    public var defaultRemovalActive: EffectState? {
        guard parameters.contains(where: { $0.removal != nil }) else { return nil }
        return EffectState(effect: self, values: parameters.map { $0.removal ?? $0.active })
    }

    /// The state with every parameter at its default identity value.
    public var defaultIdentity: EffectState { EffectState(effect: self, values: parameters.map(\.identity)) }
}
