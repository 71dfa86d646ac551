import CSegue
import SegueABI
import SegueBasics
import SegueModel
import SeguePluginHost

/// `segue_param` arrays into effect states.
enum Parameters {
    /// `state` with each named value of `params` set.
    static func apply(_ params: UnsafePointer<segue_param>?, _ count: Int, _ name: String,
                      to state: EffectState) throws -> EffectState {
        guard count == 0 || params != nil else {
            throw SegueError.invalidArgument("\(name) is NULL but \(name)_count is \(count)")
        }
        var result = state
        for i in 0..<count {
            let param = params![i]
            let parameterName = try string(param.name, "\(name)[\(i)].name")
            try check(param.value, "\(name)[\(i)] ('\(parameterName)')")
            result = try result.setting(parameterName, to: CValues.value(param.value, "\(name)[\(i)]"))
        }
        return result
    }

    /// What types.h asks of a value beyond its kind: a bool's number is 0 or 1.
    private static func check(_ value: segue_value, _ name: String) throws {
        if Int(value.kind) == SEGUE_KIND_BOOL, value.number != 0, value.number != 1 {
            throw SegueError.invalidArgument("\(name) is a bool but holds \(value.number), not 0 or 1")
        }
    }
}
