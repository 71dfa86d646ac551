import SegueBasics
import SegueCompositor
import SegueModel
import SeguePluginHost

/// The effects Segue knows — built in and from plugins — and the machinery
/// that draws them. Render from as many threads as you like; loading a
/// plugin meanwhile is safe too.
public final class Engine: Sendable {
    /// What the engine knows, changed only by loading plugins.
    private struct Registry {
        var catalog = EffectCatalog()
        var renderers: [String: any EffectRenderer] = BuiltinRenderers.all
        /// Effect id → the plugin file that provides it.
        var sources: [String: String] = [:]
        var plugins: [PluginReport] = []
        var folders: [String] = []
    }

    private let registry = Locked(Registry())
    /// What draws every render, on the engine's threads. Pictures drawn
    /// beside the renders (samples, contact sheets) take it too, so a
    /// process has one pool of threads.
    public let compositor: Compositor
    /// How much work and memory one frame may take.
    public let budget: RenderBudget

    /// An engine with the built-in effects and the plugins `plugins` finds.
    /// - Parameters:
    ///   - threads: threads one render may use; 0 means one per processor.
    ///   - budget: how much work and memory one frame may take.
    public init(threads: Int = 0, plugins: PluginOptions = PluginOptions(), budget: RenderBudget = .standard) {
        compositor = Compositor(threads: threads)
        self.budget = budget
        let folders = plugins.searchOrder
        registry.withLock { $0.folders = folders }
        for folder in folders {
            for file in PluginFolders.pluginFiles(in: folder) {
                _ = register(file)
            }
        }
    }

    /// Threads one render may use.
    public var threadCount: Int { compositor.threadCount }

    /// Runs `body(i)` for every i in 0..<count on the render threads (see
    /// `Compositor.concurrently`): work beside rendering, such as
    /// converting a rendered frame for its output, gets the same threads.
    public func concurrently(_ count: Int, _ body: (Int) -> Void) {
        compositor.concurrently(count, body)
    }

    /// The effects a spec can name: the built-ins, then plugins' in load order.
    public var catalog: EffectCatalog { registry.withLock { $0.catalog } }

    /// The plugin folders searched when the engine was made, in order.
    public var pluginFolders: [String] { registry.withLock { $0.folders } }

    /// Every plugin file tried, in order, loaded or rejected.
    public var pluginReports: [PluginReport] { registry.withLock { $0.plugins } }

    /// The plugin file an effect comes from; nil for built-ins.
    public func pluginPath(ofEffect id: String) -> String? {
        registry.withLock { $0.sources[id] }
    }

    /// Loads one plugin file (a file already tried is not tried again).
    /// - Throws: `.plugin` naming the file and the reason it was refused.
    @discardableResult
    public func loadPlugin(at path: String) throws -> PluginReport {
        let report = register(path)
        if let reason = report.rejection { throw SegueError(.plugin, "plugin '\(path)' \(reason)") }
        return report
    }

    /// Opens a plugin file and registers its effects, unless one of them
    /// clashes with an effect this engine has (then none is registered).
    private func register(_ path: String) -> PluginReport {
        let outcome = PluginLibrary.open(path)
        let file = PluginLibrary.resolvedPath(path) ?? path
        return registry.withLock { registry in
            // The same file reached by another path (a symbolic link, `dir/.`) is the same plugin.
            if let earlier = registry.plugins.first(where: { (PluginLibrary.resolvedPath($0.path) ?? $0.path) == file }) {
                return earlier
            }
            let report: PluginReport
            switch outcome {
            case .rejected(let reason):
                report = PluginReport(path: path, name: nil, version: nil, effects: [], rejection: reason)
            case .loaded(let plugin):
                do {
                    report = PluginReport(path: path, name: plugin.name, version: plugin.version,
                                          effects: try Self.add(plugin, to: &registry), rejection: nil)
                } catch {
                    report = PluginReport(path: path, name: plugin.name, version: plugin.version, effects: [],
                                          rejection: (error as? SegueError)?.message ?? "\(error)")
                }
            }
            registry.plugins.append(report)
            return report
        }
    }

    /// Registers all of a plugin's effects, or none when one clashes with an
    /// effect the registry has or create() fails. Returns their ids.
    private static func add(_ plugin: LoadedPlugin, to registry: inout Registry) throws -> [String] {
        var catalog = registry.catalog
        for effect in plugin.effects.map(\.descriptor) {
            if let holder = catalog.effects.first(where: { $0.id == effect.id || $0.name == effect.name }) {
                let source = registry.sources[holder.id].map { "'\($0)'" } ?? "the built-ins"
                throw SegueError(.plugin, "provides '\(effect.id)' (.\(effect.name)), which clashes with "
                    + "'\(holder.id)' (.\(holder.name)) from \(source)")
            }
            try catalog.add(effect)
        }
        let effects = try plugin.effects.map { try PluginEffect($0) }
        registry.catalog = catalog
        for effect in effects {
            registry.renderers[effect.descriptor.id] = effect
            registry.sources[effect.descriptor.id] = plugin.path
        }
        return effects.map(\.descriptor.id)
    }

    /// Parses a transition spec against this engine's effects.
    public func transition(spec: String) throws -> Transition {
        try Transition(spec: spec, catalog: catalog)
    }

    /// Renders the frame of `transition` at `progress`: `from` removed, `to`
    /// inserted (either may be nil). Writes every pixel of the scene's area
    /// (the top-left width×height of `target`).
    /// - Parameter cancellation: asked before each effect and each band of
    ///   pixels, and by effects that take long; the target is left as it was
    ///   if it is requested before drawing starts, partly drawn after.
    /// - Throws: `.invalidArgument` for a non-finite progress, a scene larger
    ///   than the target, or a target that is also an input; `.mismatch` for
    ///   effects this engine does not know; `.overBudget` for a frame that
    ///   would take more than `budget`; `.cancelled`; an effect's own error.
    /// Frames of at least this many pixels record their two views on two threads.
    static let concurrentRecordingArea = 256 * 256

    public func render(_ transition: Transition, from: Surface?, to: Surface?, progress: Double, scene: Scene,
                       into target: Surface, cancellation: Cancellation = .never) throws {
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
        let renderers = registry.withLock { $0.renderers }
        // Each view placed in the output: what its first effect draws, and what an effect on the
        // other side sees as its partner (canvas_partner).
        let removedView = from.map { placed($0, scene, output) }, insertedView = to.map { placed($0, scene, output) }
        let views = [removedView.map { ($0, TransitionSide.removal, insertedView?.picture) },
                     insertedView.map { ($0, TransitionSide.insertion, removedView?.picture) }]
        let recorded = Locked<[TransitionSide: Result<Picture, any Error>]>([:])
        let record = { (index: Int) in
            guard let (view, side, partner) = views[index] else { return }
            let result = Result { try self.draw(view, in: output.rect, partner: partner, through: transition,
                                                side: side, at: progress, renderers, cancellation) }
            recorded.withLock { $0[side] = result }
        }
        // The two views' effects record on two threads at once (effects are thread-safe),
        // unless the frame is so small that handing work to a thread costs more than it saves.
        if width * height >= Self.concurrentRecordingArea {
            compositor.concurrently(views.count, record)
        } else {
            views.indices.forEach(record)
        }
        let pictures = recorded.withLock { $0 }
        // The removed view's error first, as if they had been drawn in order.
        let removed = try pictures[.removal]?.get()
        let inserted = try pictures[.insertion]?.get()
        let stack = (scene.stacking == .insertedOnTop ? [removed, inserted] : [inserted, removed]).compactMap { $0 }
        let layers = stack.map { DrawItem(source: .picture($0), blend: scene.blend) }
        // Blended views must meet each other before the background, unless
        // the background is clear (then blending onto it is the same thing).
        let root = scene.blend == .normal || scene.background.alpha == 0
            ? Picture(layers)
            : Picture([DrawItem(source: .picture(Picture(layers)))])
        try compositor.render(root, background: scene.background, into: target, area: output, budget: budget,
                              cancellation: cancellation)
    }

    /// `surface` placed in the output by the scene: the picture of it there, and its frame.
    private func placed(_ surface: Surface, _ scene: Scene, _ output: PixelRect) -> (picture: Picture, frame: Rect) {
        let (placement, frame) = scene.place(width: surface.width, height: surface.height, in: output)
        let fits = output.rect.contains(placement.boundingBox(of: surface.bounds.rect))
        return (Picture([DrawItem(source: .surface(surface), transform: placement, clip: fits ? nil : .rect(frame))]),
                frame)
    }

    /// One placed view drawn through the side's modifiers; `partner` is the other view, placed.
    /// Each effect draws over the view's frame, or over the `container` the views are placed in.
    private func draw(_ view: (picture: Picture, frame: Rect), in container: Rect, partner: Picture?,
                      through transition: Transition, side: TransitionSide, at progress: Double,
                      _ renderers: [String: any EffectRenderer], _ cancellation: Cancellation) throws -> Picture {
        var picture = view.picture
        for modifier in transition.modifiers(for: side) {
            let state = modifier.state(for: side, at: progress)
            guard let renderer = renderers[state.effect.id] else {
                throw SegueError(.mismatch, "this engine has no effect '\(state.effect.id)'")
            }
            try cancellation.check()
            let frame = state.effect.frame == .container ? container : view.frame
            var canvas = PictureRecorder(frame: frame, content: picture, partner: partner, cancellation: cancellation,
                                         budget: budget, compositor: compositor)
            try renderer.render(state, into: &canvas)
            picture = canvas.picture
        }
        return picture
    }
}
