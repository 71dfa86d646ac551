import CSegue
import SegueBasics
import SegueModel

/// `segue_param` arrays into effect states.
enum Parameters {
    /// `state` with each named value of `params` set.
    static func apply(_ params: UnsafePointer<segue_param>?, _ count: Int, _ name: String,
                      to state: EffectState) throws -> EffectState {
        guard count >= 0 else { throw SegueError.invalidArgument("\(name)_count must not be negative") }
        guard count == 0 || params != nil else {
            throw SegueError.invalidArgument("\(name) is NULL but \(name)_count is \(count)")
        }
        var result = state
        for i in 0..<count {
            let param = params![i]
            let parameterName = try string(param.name, "\(name)[\(i)].name")
            result = try result.setting(parameterName, to: value(param.value, "\(name)[\(i)]"))
        }
        return result
    }

    static func value(_ v: segue_value, _ name: String) throws -> ParameterValue {
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
        case SEGUE_KIND_ENUM:
            return .enumeration(try string(v.text, "\(name).value.text"))
        case SEGUE_KIND_STRING:
            return .string(try string(v.text, "\(name).value.text"))
        default:
            throw SegueError.invalidArgument("\(name) has unknown kind \(v.kind)")
        }
    }
}
