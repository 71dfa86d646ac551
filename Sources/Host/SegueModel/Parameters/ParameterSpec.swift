import SegueBasics

/// One parameter of an effect: its name, kind, range, defaults and whether
/// it animates. This is the schema the CLI lists and plugins declare.
public struct ParameterSpec: Hashable, Sendable {
    public let name: String
    public let kind: ParameterKind
    /// One line for listings.
    public let summary: String
    /// The accepted values for numbers and integers; nil means any finite value.
    public let range: ClosedRange<Double>?
    /// The value in the effect's default active state.
    public let active: ParameterValue
    /// The value in the effect's default identity state.
    public let identity: ParameterValue
    /// The value in the effect's default active state when it removes a
    /// view, where that differs from `active` (`.shift`: 1 inserting, −1
    /// removing); nil for most parameters.
    public let removal: ParameterValue?
    /// Animatable parameters interpolate between states; the others switch.
    public let isAnimatable: Bool
    /// What a number measures, where specs may say it in other units; nil for plain numbers.
    public let unit: Unit?

    /// A quantity a number parameter measures.
    public enum Unit: String, Sendable {
        /// An angle in degrees, which specs may also write as SwiftUI's
        /// `Angle`: `.degrees(90)`, `.radians(1.5708)`, `Angle(degrees: 90)`,
        /// `Angle(radians: 1.5708)`.
        case degrees
        /// A shape that fits a frame (`MorphShape`), held by a string
        /// parameter as its spec: specs write it as SwiftUI writes shapes,
        /// `.circle`, `.star(points: 5, innerRadius: 0.5)`,
        /// `.path("M0 0 L1 0 L0 1 Z")`, or the same inside a string.
        case shape
    }

    /// Declares a parameter. Defaults that do not fit the kind or range are
    /// refused with `.invalidArgument`, so a plugin's bad schema is caught.
    public init(name: String, kind: ParameterKind, summary: String, range: ClosedRange<Double>? = nil,
                active: ParameterValue, identity: ParameterValue, removal: ParameterValue? = nil, isAnimatable: Bool,
                unit: Unit? = nil) throws {
        // Specs must be able to name the parameter: an ASCII identifier, as the lexer reads them.
        guard DeclarationRules.isIdentifier(name) else {
            throw SegueError.invalidArgument("parameter name '\(name)' must be a non-empty identifier")
        }
        if let range, !(range.lowerBound.isFinite && range.upperBound.isFinite) {
            throw SegueError.invalidArgument("parameter '\(name)' has a range that is not finite")
        }
        if unit == .degrees && kind != .number || unit == .shape && kind != .string {
            throw SegueError.invalidArgument("parameter '\(name)' is a \(kind.name), which has no unit \(unit!.rawValue)")
        }
        if isAnimatable && !kind.canInterpolate {
            throw SegueError.invalidArgument("parameter '\(name)' is a \(kind.name), which cannot be animatable")
        }
        if case .enumeration(let cases) = kind {
            if cases.isEmpty {
                throw SegueError.invalidArgument("enum parameter '\(name)' has no cases")
            }
            // Cases are written `.name` in specs, so each must be an identifier.
            if let bad = cases.first(where: { !DeclarationRules.isIdentifier($0) }) {
                throw SegueError.invalidArgument("enum parameter '\(name)' has a case '\(bad)' that is not an identifier")
            }
            if Set(cases).count != cases.count {
                throw SegueError.invalidArgument("enum parameter '\(name)' lists a case twice")
            }
        }
        self.name = name
        self.kind = kind
        self.summary = summary
        self.range = range
        self.isAnimatable = isAnimatable
        self.unit = unit
        // A default of the wrong kind is a bad schema, so `.invalidArgument` like the rest.
        func schemaDefault(_ value: ParameterValue, role: String) throws -> ParameterValue {
            do {
                return try Self.convert(value, name: name, kind: kind, range: range, unit: unit, role: role)
            } catch let error as SegueError {
                throw SegueError.invalidArgument(error.message)
            }
        }
        self.active = try schemaDefault(active, role: "default active value")
        self.identity = try schemaDefault(identity, role: "default identity value")
        self.removal = try removal.map { try schemaDefault($0, role: "default removal value") }
    }

    /// `value` converted to this parameter's kind (an integer given for a
    /// number, a whole number given for an integer), or an error that says
    /// what was expected. Values outside the range are refused, never clamped.
    /// A shape (`.shape`) is held as its canonical spec.
    public func accept(_ value: ParameterValue, role: String = "value") throws -> ParameterValue {
        try Self.convert(value, name: name, kind: kind, range: range, unit: unit, role: role)
    }

    private static func convert(_ value: ParameterValue, name: String, kind: ParameterKind,
                                range: ClosedRange<Double>?, unit: Unit?, role: String) throws -> ParameterValue {
        let converted: ParameterValue? = switch (kind, value) {
        case (.number, .number), (.number, .integer): .number(value.number!)
        // Compared as integers: `Double(v)` rounds 2⁵³ + 1 down to 2⁵³.
        case (.integer, .integer(let v)) where v.magnitude <= UInt(DeclarationRules.maximumInteger): value
        case (.integer, .number(let v)) where v == v.rounded() && abs(v) <= DeclarationRules.maximumInteger: .integer(Int(v))
        case (.bool, .bool): value
        case (.color, .color), (.point, .point): value
        case (.enumeration(let cases), .enumeration(let name)) where cases.contains(name): value
        case (.enumeration(let cases), .string(let name)) where cases.contains(name): .enumeration(name)
        case (.string, .string): value
        default: nil
        }
        guard let converted else {
            // A whole number beyond ±2⁵³ is out of range, not of the wrong kind.
            if kind == .integer, let whole = value.wholeNumber {
                let text = if case .integer(let v) = value { String(v) } else { SpecFormat.number(whole) }
                let limit = range.flatMap { $0.contains(whole) ? nil : "its range \(SpecFormat.number($0.lowerBound))…\(SpecFormat.number($0.upperBound))" }
                throw SegueError.invalidArgument(
                    "\(role) \(text) of '\(name)' is outside " + (limit ?? "the integers a parameter holds, ±2⁵³"))
            }
            var message = "\(role) of '\(name)' must be \(expectation(kind: kind, range: range)), not \(value.kindDescription)"
            if case .enumeration(let cases) = kind, let text = value.text,
               let guess = ClosestNames.best(to: text, among: cases) {
                message += "; did you mean .\(guess)?"
            }
            throw SegueError(.unknownParameter, message)
        }
        if let color = converted.color,
           ![color.red, color.green, color.blue, color.alpha].allSatisfy({ (0...1).contains($0) }) {
            throw SegueError.invalidArgument(
                "\(role) of '\(name)' must have components in 0…1, not (\(color.red), \(color.green), \(color.blue), \(color.alpha))")
        }
        if case .string(let text) = converted, text.utf8.contains(0) {
            throw SegueError.invalidArgument("\(role) of '\(name)' must not contain a NUL character")
        }
        if unit == .shape, case .string(let text) = converted {
            do {
                return .string(try MorphShape(spec: text).spec)
            } catch let error as SegueError {
                throw SegueError.invalidArgument("\(role) of '\(name)' is not a shape: \(error.message)")
            }
        }
        if let point = converted.point, !point.isFinite {
            throw SegueError.invalidArgument("\(role) of '\(name)' must be a finite point, not (\(point.x), \(point.y))")
        }
        if let number = converted.number, kind == .number || kind == .integer {
            guard number.isFinite else {
                throw SegueError.invalidArgument("\(role) of '\(name)' must be finite, not \(number)")
            }
            if let range, !range.contains(number) {
                throw SegueError.invalidArgument(
                    "\(role) \(SpecFormat.number(number)) of '\(name)' is outside its range "
                        + "\(SpecFormat.number(range.lowerBound))…\(SpecFormat.number(range.upperBound))")
            }
        }
        return converted
    }

    /// What a value must be, for messages: "a number in 0…1", "one of .top, .leading".
    public var expectation: String { Self.expectation(kind: kind, range: range) }

    private static func expectation(kind: ParameterKind, range: ClosedRange<Double>?) -> String {
        switch kind {
        case .enumeration(let cases): "one of " + cases.map { "." + $0 }.joined(separator: ", ")
        case .integer, .number:
            (kind == .integer ? "an integer" : "a number")
                + (range.map { " in \(SpecFormat.number($0.lowerBound))…\(SpecFormat.number($0.upperBound))" } ?? "")
        case .bool: "true or false"
        case .color: "a color"
        case .point: "a point"
        case .string: "a string"
        }
    }
}
