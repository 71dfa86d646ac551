import CSegue
import SegueBasics
import SegueModel

/// Parameter values between C (`segue_value`) and the model.
public enum CValues {
    /// The model's value for a C value; `name` says which argument it was, for messages.
    /// - Throws: `.invalidArgument` for an unknown kind, an integer that is not
    ///   whole, or missing text.
    public static func value(_ v: segue_value, _ name: String) throws -> ParameterValue {
        switch Int(v.kind) {
        case SEGUE_KIND_NUMBER:
            return .number(v.number)
        case SEGUE_KIND_INTEGER:
            guard v.number == v.number.rounded(), abs(v.number) <= ParameterSpec.maximumInteger else {
                throw SegueError.invalidArgument("\(name) is an integer but holds \(v.number)")
            }
            return .integer(Int(v.number))
        case SEGUE_KIND_BOOL:
            return .bool(v.number != 0)
        case SEGUE_KIND_COLOR:
            return .color(Color(red: v.color.red, green: v.color.green, blue: v.color.blue, alpha: v.color.alpha))
        case SEGUE_KIND_POINT:
            return .point(Point(x: v.point.x, y: v.point.y))
        case SEGUE_KIND_ENUM, SEGUE_KIND_STRING:
            guard let text = v.text else { throw SegueError.invalidArgument("\(name) has kind \(v.kind) but no text") }
            let string = String(cString: text)
            return Int(v.kind) == SEGUE_KIND_ENUM ? .enumeration(string) : .string(string)
        default:
            throw SegueError.invalidArgument("\(name) has unknown kind \(v.kind)")
        }
    }

    /// The C value for a model value; `text` supplies storage for strings
    /// that must outlive the returned struct.
    public static func cValue(_ value: ParameterValue, text: (String) -> UnsafePointer<CChar>) -> segue_value {
        var v = segue_value()
        switch value {
        case .number(let n):
            v.kind = segue_kind(SEGUE_KIND_NUMBER)
            v.number = n
        case .integer(let n):
            v.kind = segue_kind(SEGUE_KIND_INTEGER)
            v.number = Double(n)
        case .bool(let b):
            v.kind = segue_kind(SEGUE_KIND_BOOL)
            v.number = b ? 1 : 0
        case .color(let c):
            v.kind = segue_kind(SEGUE_KIND_COLOR)
            v.color = segue_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        case .point(let p):
            v.kind = segue_kind(SEGUE_KIND_POINT)
            v.point = segue_point(x: p.x, y: p.y)
        case .enumeration(let s):
            v.kind = segue_kind(SEGUE_KIND_ENUM)
            v.text = text(s)
        case .string(let s):
            v.kind = segue_kind(SEGUE_KIND_STRING)
            v.text = text(s)
        }
        return v
    }

    /// The C kind code of a parameter kind.
    public static func kind(_ kind: ParameterKind) -> segue_kind {
        let code = switch kind {
        case .number: SEGUE_KIND_NUMBER
        case .integer: SEGUE_KIND_INTEGER
        case .bool: SEGUE_KIND_BOOL
        case .color: SEGUE_KIND_COLOR
        case .point: SEGUE_KIND_POINT
        case .enumeration: SEGUE_KIND_ENUM
        case .string: SEGUE_KIND_STRING
        }
        return segue_kind(code)
    }
}
