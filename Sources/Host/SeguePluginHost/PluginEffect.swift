import CSegue
import Glibc
import SegueABI
import SegueBasics
import SegueCompositor
import SegueModel

/// A plugin effect as one engine uses it: the plugin's per-engine instance
/// (made by create(), freed by destroy() when the engine lets go), and
/// rendering through it.
public final class PluginEffect: @unchecked Sendable {
    public let definition: PluginEffectDefinition
    private let instance: UnsafeMutableRawPointer?

    public var descriptor: EffectDescriptor { definition.descriptor }

    /// Makes the plugin's instance for one engine.
    /// - Throws: `.plugin` when create() fails.
    public init(_ definition: PluginEffectDefinition) throws {
        self.definition = definition
        var made: UnsafeMutableRawPointer?
        if let create = definition.read.create {
            let status = PluginContext.$current.withValue(definition.pluginPath) { create(definition.c, &made) }
            guard status == segue_status(SEGUE_OK) else {
                throw SegueError(.plugin, "effect '\(definition.descriptor.id)' in '\(definition.pluginPath)': "
                    + "create() failed with status \(status) (\(Status(rawValue: status)))")
            }
        }
        instance = made
    }

    deinit {
        if let destroy = definition.read.destroy {
            PluginContext.$current.withValue(definition.pluginPath) { destroy(instance) }
        }
    }

    /// Asks the plugin to draw `state` into `canvas`.
    /// - Throws: `.cancelled` when the canvas's render was cancelled, and
    ///   `.overBudget` when drawing the content for the plugin went over the
    ///   render's budget (the plugin's status then does not matter);
    ///   `.plugin` with the plugin's message when render() fails.
    public func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
        let session = try CanvasSession(canvas: canvas)
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        let values = state.values.map { value in
            segue_value(value) { text in
                let copy = strdup(text)!
                strings.append(copy)
                return UnsafePointer(copy)
            }
        }
        let status = PluginContext.$current.withValue(definition.pluginPath) {
            values.withUnsafeBufferPointer { definition.read.render!(instance, $0.baseAddress, session.handle) }
        }
        // The plugin must not touch the canvas or its images after returning:
        // from here on their handles read as ended.
        session.end()
        try canvas.cancellation.check()
        if let error = session.overBudget { throw error }
        guard status == segue_status(SEGUE_OK) else {
            let reason = session.error ?? "render() failed with status \(status) (\(Status(rawValue: status)))"
            throw SegueError(.plugin, "effect '\(definition.descriptor.name)' (\(definition.pluginPath)): \(reason)")
        }
        canvas = session.canvas
    }
}
