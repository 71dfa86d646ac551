import CSegue
import SegueABI

/// One render of an effect on a host's canvas, as the kit runs it when the
/// host calls a descriptor's `render()`: the values are read through
/// `Values`, and anything thrown becomes `canvas_set_error()` and an error
/// status. Nothing thrown leaves.
///
/// Public so that the testing library (`SeguePluginKitTesting`) renders
/// effects on its fake host exactly the way a real host's call does.
public enum RenderCall {
    /// Renders `effect` with `values` (one per parameter, in declaration
    /// order) on `canvas` of `host`.
    /// - Returns: `SEGUE_OK`, or the status of what was thrown (after
    ///   `canvas_set_error()` with its message).
    public static func run<E: Effect>(_ effect: E, values: UnsafePointer<segue_value>?, canvas: OpaquePointer,
                                      host: UnsafePointer<segue_host>) -> segue_status {
        let parameters = E.parameters
        return run(values: values, parameters: parameters, canvas: canvas, host: host) { values, session, canvas in
            try effect.render(values: Values<E>(base: values, declarations: parameters, session: session),
                              canvas: canvas)
        }
    }

    /// The body every render shares, given how to render.
    static func run(values: UnsafePointer<segue_value>?, parameters: [ParameterDeclaration], canvas pointer: OpaquePointer,
                    host: UnsafePointer<segue_host>, _ render: EffectRegistration.Renderer) -> segue_status {
        let session = RenderSession()
        let failure: PluginError?
        if values == nil && !parameters.isEmpty {
            failure = PluginError("render() was given no parameter values", status: .invalidArgument)
        } else {
            do {
                try render(values, session, Canvas(host: host, pointer: pointer))
                failure = session.issue
            } catch let error as PluginError {
                failure = error
            } catch {
                failure = PluginError(String(describing: error))
            }
        }
        guard let failure else { return segue_status(SEGUE_OK) }
        host.pointee.canvas_set_error!(pointer, failure.message)
        return failure.status == .ok ? Status.plugin.cValue : failure.status.cValue
    }
}
