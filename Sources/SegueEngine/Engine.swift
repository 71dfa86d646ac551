import SegueBasics
import SegueCompositor
import SegueModel

/// The effects Segue knows and the machinery that draws them. Immutable once
/// made; render from as many threads as you like.
public final class Engine: Sendable {
    /// The effects a spec can name.
    public let catalog: EffectCatalog
    private let renderers: [String: any EffectRenderer]
    private let compositor: Compositor

    /// An engine with the built-in effects.
    /// - Parameter threads: threads one render may use; 0 means one per processor.
    public init(threads: Int = 0) {
        catalog = EffectCatalog()
        renderers = BuiltinRenderers.all
        compositor = Compositor(threads: threads)
    }

    /// Threads one render may use.
    public var threadCount: Int { compositor.threadCount }

    /// Parses a transition spec against this engine's effects.
    public func transition(spec: String) throws -> Transition {
        try Transition(spec: spec, catalog: catalog)
    }

    /// Renders the frame of `transition` at `progress`: `from` removed, `to`
    /// inserted (either may be nil). Writes every pixel of the scene's area
    /// (the top-left width×height of `target`).
    /// - Throws: `.invalidArgument` for a non-finite progress, a scene larger
    ///   than the target, or a target that is also an input; `.mismatch` for
    ///   effects this engine does not know; an effect's own error.
    public func render(_ transition: Transition, from: Surface?, to: Surface?, progress: Double, scene: Scene,
                       into target: Surface) throws {
        guard progress.isFinite else {
            throw SegueError.invalidArgument("progress must be finite, not \(progress)")
        }
        guard target !== from, target !== to else {
            throw SegueError.invalidArgument("the target surface cannot also be an input")
        }
        let width = scene.width ?? target.width, height = scene.height ?? target.height
        guard width >= 1, height >= 1, width <= target.width, height <= target.height else {
            throw SegueError.invalidArgument(
                "the scene is \(width)×\(height) but the target is \(target.width)×\(target.height)")
        }
        let output = PixelRect(width: width, height: height)
        let removed = try from.map { try draw($0, through: transition, side: .removal, at: progress, scene, output) }
        let inserted = try to.map { try draw($0, through: transition, side: .insertion, at: progress, scene, output) }
        let stack = (scene.stacking == .insertedOnTop ? [removed, inserted] : [inserted, removed]).compactMap { $0 }
        let layers = stack.map { DrawItem(source: .picture($0), blend: scene.blend) }
        // Blended views must meet each other before the background, unless
        // the background is clear (then blending onto it is the same thing).
        let root = scene.blend == .normal || scene.background.alpha == 0
            ? Picture(layers)
            : Picture([DrawItem(source: .picture(Picture(layers)))])
        try compositor.render(root, background: scene.background, into: target, area: output)
    }

    /// One view, placed in the output and drawn through the side's modifiers.
    private func draw(_ surface: Surface, through transition: Transition, side: TransitionSide, at progress: Double,
                      _ scene: Scene, _ output: PixelRect) throws -> Picture {
        let (placement, frame) = scene.place(width: surface.width, height: surface.height, in: output)
        let fits = output.rect.contains(placement.boundingBox(of: surface.bounds.rect))
        var picture = Picture([DrawItem(source: .surface(surface), transform: placement,
                                        clip: fits ? nil : .rect(frame))])
        for modifier in transition.modifiers(for: side) {
            let state = modifier.state(for: side, at: progress)
            guard let renderer = renderers[state.effect.id] else {
                throw SegueError(.mismatch, "this engine has no effect '\(state.effect.id)'")
            }
            var canvas = Canvas(frame: frame, content: picture)
            try renderer.render(state, into: &canvas)
            picture = canvas.picture
        }
        return picture
    }
}
