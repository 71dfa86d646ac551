import SegueBasics

/// How values are written in specs, so that printing and parsing agree.
public enum SpecFormat {
    /// The shortest text that reads back to the same Double: "0.5", "120", "-4", "1e-05".
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    public static func value(_ value: ParameterValue) -> String {
        switch value {
        case .number(let v): number(v)
        case .integer(let v): String(v)
        case .bool(let v): v ? "true" : "false"
        case .point(let p): "CGPoint(x: \(number(p.x)), y: \(number(p.y)))"
        case .color(let c): color(c)
        case .enumeration(let name): "." + name
        case .string(let text): string(text)
        }
    }

    /// A colour as a spec writes it most simply: a SwiftUI name (`.orange`),
    /// hex text when every component is a whole byte (`"#fe2c55"`), or
    /// `Color(red:green:blue:opacity:)`; each reads back to the same colour.
    public static func color(_ c: Color) -> String {
        if let name = Color.named.keys.sorted().first(where: { Color.named[$0] == c }) { return "." + name }
        let components = [c.red, c.green, c.blue, c.alpha]
        if components.allSatisfy({ ($0 * 255).rounded() / 255 == $0 && (0...1).contains($0) }) {
            let bytes = (c.alpha == 1 ? components.dropLast() : components[...]).map { Int(($0 * 255).rounded()) }
            return "\"#" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                .joined() + "\""
        }
        return "Color(red: \(number(c.red)), green: \(number(c.green)), blue: \(number(c.blue)), opacity: \(number(c.alpha)))"
    }

    /// A string literal, quoted and escaped.
    public static func string(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
