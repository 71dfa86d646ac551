import CSegue
import SegueABI
import SegueBasics
import SegueModel

/// Parameter values that C hands the host (`segue_value`), read into the model.
public enum CValues {
    /// The model's value for a C value; `name` says which argument it was, for messages.
    /// - Throws: `.invalidArgument` for an unknown kind, an integer that is not
    ///   whole, or missing text.
    public static func value(_ v: segue_value, _ name: String) throws -> ParameterValue {
        switch Int(v.kind) {
        case SEGUE_KIND_NUMBER:
            return .number(v.number)
        case SEGUE_KIND_INTEGER:
            guard v.number == v.number.rounded(), abs(v.number) <= DeclarationRules.maximumInteger else {
                throw SegueError.invalidArgument("\(name) is an integer but holds \(v.number)")
            }
            return .integer(Int(v.number))
        case SEGUE_KIND_BOOL:
            return .bool(v.number != 0)
        case SEGUE_KIND_COLOR:
            return .color(Color(v.color))
        case SEGUE_KIND_POINT:
            return .point(Point(v.point))
        case SEGUE_KIND_ENUM, SEGUE_KIND_STRING:
            guard let text = v.text else { throw SegueError.invalidArgument("\(name) has kind \(v.kind) but no text") }
            let string = String(cString: text)
            return Int(v.kind) == SEGUE_KIND_ENUM ? .enumeration(string) : .string(string)
        default:
            throw SegueError.invalidArgument("\(name) has unknown kind \(v.kind)")
        }
    }
}
