import SegueCompositor
import SegueModel

/// What an effect draws: given a state (all parameters set), it records the
/// modified content into the canvas. Renderers are called from many
/// threads at once and must not keep per-call state.
public protocol EffectRenderer: Sendable {
    /// Records `state` applied to `canvas.content`.
    /// - Throws: `SegueError` when the effect cannot draw; the frame fails with it.
    func render(_ state: EffectState, into canvas: inout PictureRecorder) throws
}
