import CSegue
import SegueABI
import SegueBasics
import SegueModel

/// `segue_param` arrays into effect states.
enum Parameters {
    /// `state` with each named value of `params` set.
    /// - Throws: `.invalidArgument` naming the entry for a value types.h does
    ///   not allow (see `ParameterValue.init(_:name:)`).
    static func apply(_ params: UnsafePointer<segue_param>?, _ count: Int, _ name: String,
                      to state: EffectState) throws -> EffectState {
        guard count == 0 || params != nil else {
            throw SegueError.invalidArgument("\(name) is NULL but \(name)_count is \(count)")
        }
        var result = state
        for i in 0..<count {
            let param = params![i]
            let parameterName = try string(param.name, "\(name)[\(i)].name")
            let value: ParameterValue
            do {
                value = try ParameterValue(param.value, name: "\(name)[\(i)] ('\(parameterName)')")
            } catch {
                throw SegueError.invalidArgument(error.message)
            }
            result = try result.setting(parameterName, to: value)
        }
        return result
    }
}
