import CSegue
import SegueBasics
import SegueModel
import SeguePluginHost

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
            result = try result.setting(parameterName, to: CValues.value(param.value, "\(name)[\(i)]"))
        }
        return result
    }
}
