import SegueBasics

/// Reads parameter values out of spec expressions.
enum SpecValues {
    /// The value `expression` gives parameter `parameter`, converted and range-checked.
    static func value(_ expression: SpecExpression, for parameter: ParameterSpec) throws -> ParameterValue {
        try atColumn(expression.column) {
            let raw: ParameterValue = switch parameter.kind {
            case .number where parameter.unit == .degrees: .number(try degrees(expression, for: parameter.name))
            case .number: .number(try number(expression, for: parameter.name))
            case .integer: .number(try number(expression, for: parameter.name))
            case .bool: .bool(try bool(expression, for: parameter.name))
            case .color: .color(try color(expression))
            case .point: .point(try point(expression))
            case .enumeration: .enumeration(try caseName(expression, for: parameter))
            case .string where parameter.unit == .shape: .string(try MorphShape(expression).spec)
            case .string: .string(try string(expression, for: parameter.name))
            }
            do {
                return try parameter.accept(raw)
            } catch let error as SegueError where error.code == .unknownParameter {
                // In a spec, a value of the wrong kind is a syntax problem at this column.
                throw SegueError(.parse, error.message)
            }
        }
    }

    static func number(_ expression: SpecExpression, for what: String) throws -> Double {
        guard case .number(let value, _) = expression else {
            throw expected("a number for '\(what)'", expression)
        }
        return value
    }

    /// An angle in degrees: a number, or SwiftUI's `Angle` as `.degrees(x)`,
    /// `.radians(x)`, `Angle.degrees(x)`, `Angle(degrees: x)` or `Angle(radians: x)`.
    static func degrees(_ expression: SpecExpression, for what: String) throws -> Double {
        func converted(_ unit: String, _ value: SpecExpression) throws -> Double {
            let number = try number(value, for: what)
            return unit == "radians" ? number * 180 / Double.pi : number
        }
        switch expression {
        case .member(let base, let unit, let list?, let column)
            where (base == nil || base.isTypeName) && (unit == "degrees" || unit == "radians"):
            let arguments = SpecArguments(list, callee: "'.\(unit)'", column: column)
            try arguments.check(allowed: [nil])
            return try converted(unit, arguments.required(nil))
        case .construction("Angle", let list, let column):
            let arguments = SpecArguments(list, callee: "'Angle'", column: column)
            let unit = list.first?.label ?? "degrees"
            try arguments.check(allowed: [unit == "radians" ? "radians" : "degrees"])
            return try converted(unit, arguments.required(unit))
        case .number:
            return try number(expression, for: what)
        default:
            throw expected("an angle in degrees for '\(what)', such as 90 or .degrees(90)", expression)
        }
    }

    static func bool(_ expression: SpecExpression, for what: String) throws -> Bool {
        switch expression {
        case .identifier("true", _): return true
        case .identifier("false", _): return false
        default: throw expected("true or false for '\(what)'", expression)
        }
    }

    static func string(_ expression: SpecExpression, for what: String) throws -> String {
        guard case .string(let text, _) = expression else {
            throw expected("a string in double quotes for '\(what)'", expression)
        }
        return text
    }

    /// `.name` (optionally `Type.name`) or "name".
    static func caseName(_ expression: SpecExpression, for parameter: ParameterSpec) throws -> String {
        switch expression {
        case .member(let base, let name, nil, _) where base == nil || base.isTypeName:
            return name
        case .string(let text, _):
            return text
        default:
            throw expected(parameter.expectation + " for '\(parameter.name)'", expression)
        }
    }

    /// A case of `T` written `.name` (optionally `Type.name`) or "name".
    static func caseName<T: RawRepresentable & CaseIterable>(_ expression: SpecExpression, of type: T.Type,
                                                             for what: String) throws -> T where T.RawValue == String {
        switch expression {
        case .member(let base, let name, nil, _) where base == nil || base.isTypeName:
            if let value = T(rawValue: name) { return value }
        case .string(let text, _):
            if let value = T(rawValue: text) { return value }
        default:
            break
        }
        let names = T.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
        throw expected("one of \(names) for '\(what)'", expression)
    }

    /// `.leading` or `Edge.leading`.
    static func edge(_ expression: SpecExpression) throws -> Edge {
        if case .member(let base, let name, nil, _) = expression, base == nil || base.isTypeName,
           let edge = Edge(rawValue: name) {
            return edge
        }
        throw expected("an edge: " + Edge.allCases.map { "." + $0.rawValue }.joined(separator: ", "), expression)
    }

    /// `CGPoint(x:y:)`, `CGSize(width:height:)`, `UnitPoint(x:y:)` or a named unit point (`.center`).
    static func point(_ expression: SpecExpression) throws -> Point {
        switch expression {
        case .construction(let name, let list, let column) where name == "CGPoint" || name == "UnitPoint":
            let arguments = SpecArguments(list, callee: "'\(name)'", column: column)
            try arguments.check(allowed: ["x", "y"])
            return Point(x: try number(arguments.required("x"), for: "x"), y: try number(arguments.required("y"), for: "y"))
        case .construction("CGSize", let list, let column):
            let arguments = SpecArguments(list, callee: "'CGSize'", column: column)
            try arguments.check(allowed: ["width", "height"])
            return Point(x: try number(arguments.required("width"), for: "width"),
                         y: try number(arguments.required("height"), for: "height"))
        case .member(let base, let name, nil, _) where base == nil || base.isTypeName:
            if let point = UnitPoint.named[name] { return point }
        default:
            break
        }
        throw expected("a point such as CGPoint(x: 4, y: 3), CGSize(width: 4, height: 3) or .center", expression)
    }

    /// `.red`, `Color.red`, `Color(red:green:blue:opacity:)`, `Color(white:opacity:)`,
    /// "#ff8800", optionally followed by `.opacity(0.5)`.
    static func color(_ expression: SpecExpression) throws -> Color {
        switch expression {
        case .member(let base?, "opacity", let list?, let column) where !base.isTypeName:
            let arguments = SpecArguments(list, callee: "'.opacity'", column: column)
            try arguments.check(allowed: [nil])
            var color = try color(base)
            color.alpha *= try number(arguments.required(nil), for: "opacity")
            return color
        case .member(let base, let name, nil, _) where base == nil || base.isTypeName:
            if let color = Color.named[name] { return color }
        case .string(let text, _):
            if let color = Color(text: text) { return color }
        case .construction("Color", let list, let column):
            let arguments = SpecArguments(list, callee: "'Color'", column: column)
            let opacity = try arguments.optional("opacity").map { try number($0, for: "opacity") } ?? 1
            if let white = arguments.optional("white") {
                try arguments.check(allowed: ["white", "opacity"])
                let w = try number(white, for: "white")
                return Color(red: w, green: w, blue: w, alpha: opacity)
            }
            try arguments.check(allowed: ["red", "green", "blue", "opacity"])
            return Color(red: try number(arguments.required("red"), for: "red"),
                         green: try number(arguments.required("green"), for: "green"),
                         blue: try number(arguments.required("blue"), for: "blue"), alpha: opacity)
        default:
            break
        }
        throw expected("a color such as .orange, \"#ff8800\" or Color(red: 1, green: 0.5, blue: 0)", expression)
    }

    static func expected(_ what: String, _ found: SpecExpression) -> SegueError {
        SegueError(.parse, "column \(found.column): expected \(what), found \(found.summary)")
    }
}

extension Optional where Wrapped == SpecExpression {
    /// True for a bare type name before a dot, as in `Edge.leading` or `Color.red`.
    var isTypeName: Bool {
        if case .identifier(let name, _)? = self { return name.first?.isUppercase == true }
        return false
    }
}

extension SpecExpression {
    var isTypeName: Bool { Optional(self).isTypeName }
}
