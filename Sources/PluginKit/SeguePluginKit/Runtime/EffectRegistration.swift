import CSegue
import SegueABI

/// One effect of the plugin: its schema, its C descriptor (built once, never
/// freed) and how to make an instance of it.
final class EffectRegistration: Sendable {
    typealias Renderer = @Sendable (UnsafePointer<segue_value>?, RenderSession, Canvas) throws -> Void

    let schema: EffectSchema
    let host: Host
    /// Makes an effect value (`init()`) and returns how to render with it.
    let makeRenderer: @Sendable () -> Renderer
    private let storage: DescriptorStorage

    convenience init(type: any Effect.Type, host: Host) {
        self.init(opening: type, host: host)
    }

    private init<E: Effect>(opening type: E.Type, host: Host) {
        let parameters = E.parameters
        self.schema = EffectSchema(id: E.id, name: E.name, summary: E.summary, parameters: parameters,
                                   drawsOverContainer: E.drawsOverContainer)
        self.host = host
        self.makeRenderer = {
            let effect = E()
            return { values, session, canvas in
                try effect.render(values: Values<E>(base: values, declarations: parameters, session: session),
                                  canvas: canvas)
            }
        }
        self.storage = DescriptorStorage()
    }

    /// The descriptor handed to the host; valid for the life of the process
    /// once `publish()` has run.
    var descriptor: UnsafePointer<segue_effect_desc> {
        UnsafePointer(storage.descriptor)
    }

    /// Fills in the descriptor. Called once, after the schema was checked.
    func publish() {
        storage.descriptor.initialize(to: Descriptors.effect(schema))
    }
}

/// Memory for one `segue_effect_desc`, allocated with the registration and
/// never freed: the host may read it until the process ends.
private final class DescriptorStorage: @unchecked Sendable {
    let descriptor = UnsafeMutablePointer<segue_effect_desc>.allocate(capacity: 1)
}
