import CSegue
import SegueABI

/// What `create()` hands the host as the instance: one effect value (made by
/// `init()`) with its registration. Retained by the host's pointer until
/// `destroy()`.
final class EffectInstance: Sendable {
    let registration: EffectRegistration
    let renderer: EffectRegistration.Renderer

    init(registration: EffectRegistration) {
        self.registration = registration
        self.renderer = registration.makeRenderer()
    }

    /// Renders one frame, turning every failure into `canvas_set_error` and
    /// an error status: nothing thrown leaves this function.
    func render(values: UnsafePointer<segue_value>?, canvas pointer: OpaquePointer) -> segue_status {
        RenderCall.run(values: values, parameters: registration.schema.parameters, canvas: pointer,
                       host: registration.host.pointer, renderer)
    }
}

// The descriptor's functions. Plain Swift functions converted to C function
// pointers; none of them lets anything thrown escape.

/// `segue_effect_desc.create`: finds the effect and makes an instance. [thread-safe]
func createEffectInstance(_ descriptor: UnsafePointer<segue_effect_desc>?,
                          _ outInstance: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> segue_status {
    guard let descriptor, let outInstance else { return segue_status(SEGUE_ERROR_INVALID_ARGUMENT) }
    guard let registration = Kit.runtime?.registration(for: descriptor) else {
        return segue_status(SEGUE_ERROR_INVALID_ARGUMENT)
    }
    outInstance.pointee = Unmanaged.passRetained(EffectInstance(registration: registration)).toOpaque()
    return segue_status(SEGUE_OK)
}

/// `segue_effect_desc.destroy`. [thread-safe]
func destroyEffectInstance(_ instance: UnsafeMutableRawPointer?) {
    guard let instance else { return }
    Unmanaged<EffectInstance>.fromOpaque(instance).release()
}

/// `segue_effect_desc.render`. [thread-safe]
func renderEffect(_ instance: UnsafeMutableRawPointer?, _ values: UnsafePointer<segue_value>?,
                  _ canvas: OpaquePointer?) -> segue_status {
    guard let canvas else { return segue_status(SEGUE_ERROR_INVALID_ARGUMENT) }
    guard let instance else {
        // Without an instance there is no host table to report through but the saved one.
        if let host = Kit.host { host.pointee.canvas_set_error!(canvas, "render() was given no instance") }
        return segue_status(SEGUE_ERROR_INVALID_ARGUMENT)
    }
    return Unmanaged<EffectInstance>.fromOpaque(instance).takeUnretainedValue().render(values: values, canvas: canvas)
}
