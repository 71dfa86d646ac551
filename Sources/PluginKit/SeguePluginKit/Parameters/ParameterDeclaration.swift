/// One parameter of an effect as the host sees it: what becomes a
/// `segue_param_desc`. Made by the `Parameter` factories (`.number(…)`,
/// `.enumeration(…)`, …); read-only.
public struct ParameterDeclaration: Hashable, Sendable {
    /// An identifier: letters, digits and `_`, not starting with a digit.
    public let name: String
    /// One line for listings.
    public let summary: String
    /// Its kind; an enumeration's carries the case names, in order.
    public let kind: ParameterKind
    /// Whether the value interpolates between states.
    public let isAnimatable: Bool
    /// The accepted values of a number or integer, if limited.
    public let range: ClosedRange<Double>?
    /// The values in the effect's default active and identity states, each of `kind`.
    public let active: ParameterValue
    public let identity: ParameterValue
    /// The value in the default active state when the effect removes a view,
    /// where it differs (`removal:` of the factories); nil otherwise.
    public let removal: ParameterValue?
}

/// Gathers an effect's parameters, in declaration order:
///
/// ```swift
/// static var parameters: [ParameterDeclaration] {
///     value
///     cornerRadius
/// }
/// ```
@resultBuilder
public enum ParameterListBuilder {
    public static func buildExpression<Value>(_ parameter: Parameter<Value>) -> [ParameterDeclaration] {
        [parameter.declaration]
    }

    public static func buildExpression(_ declaration: ParameterDeclaration) -> [ParameterDeclaration] {
        [declaration]
    }

    public static func buildBlock(_ parts: [ParameterDeclaration]...) -> [ParameterDeclaration] {
        parts.flatMap { $0 }
    }

    public static func buildOptional(_ part: [ParameterDeclaration]?) -> [ParameterDeclaration] {
        part ?? []
    }

    public static func buildEither(first part: [ParameterDeclaration]) -> [ParameterDeclaration] { part }

    public static func buildEither(second part: [ParameterDeclaration]) -> [ParameterDeclaration] { part }

    public static func buildArray(_ parts: [[ParameterDeclaration]]) -> [ParameterDeclaration] {
        parts.flatMap { $0 }
    }
}
