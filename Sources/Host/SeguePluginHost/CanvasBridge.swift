import CSegue
import SegueBasics
import SegueCompositor

/// What a `segue_image *` stands for.
final class PluginImage: HandleObject {
    enum Content {
        /// A recording (the content, a layer, text) in canvas coordinates.
        case picture(Picture)
        /// Pixels spanning (0, 0)–(width, height).
        case pixels(Surface)
    }

    /// The content, kept as two optionals rather than as a `Content`: Swift
    /// keeps a two-case enum's case in the spare bits of its pointer, which
    /// leak checkers (LeakSanitizer, valgrind) do not take for a pointer, so
    /// the pixels a plugin keeps across renders (a sprite) read as leaked.
    private let picture: Picture?, pixels: Surface?
    /// True for images a canvas hands out (its content, layers, rasterised
    /// pixels), which end with the canvas; false for `image_create`'s, which
    /// the plugin releases.
    let isOwnedByCanvas: Bool

    init(_ content: Content, ownedByCanvas: Bool) {
        switch content {
        case .picture(let picture): (self.picture, pixels) = (picture, nil)
        case .pixels(let surface): (picture, pixels) = (nil, surface)
        }
        self.isOwnedByCanvas = ownedByCanvas
    }

    var content: Content {
        if let pixels { return .pixels(pixels) }
        return .picture(picture ?? Picture())
    }

    /// What the image draws, in canvas coordinates: the recording, or the
    /// pixels placed at (0, 0).
    var drawing: Picture {
        if let pixels { return Picture([DrawItem(source: .surface(pixels))]) }
        return picture ?? Picture()
    }

    static let handleKind = HandleTag.image
}

/// What a `segue_path *` stands for: a path being built.
final class PluginPath: HandleObject {
    var path = Path()

    static let handleKind = HandleTag.path
}

/// What a `segue_canvas *` stands for during one render() call: the
/// recording being made, and every handle handed to the plugin meanwhile,
/// which end with it.
final class CanvasSession: HandleObject {
    var canvas: PictureRecorder
    /// The canvas's own handle, live until `end()`.
    private(set) var handle: OpaquePointer!
    /// Image handles handed out; ended with the session.
    private var images: [OpaquePointer] = []
    /// Layers begun on this canvas; ended with it if the plugin did not.
    private var layers: [CanvasSession] = []
    /// Set by canvas_set_error().
    var error: String?
    /// Set when drawing the content for the plugin (canvas_rasterize) went
    /// over the render's budget: the render fails with it.
    var overBudget: SegueError?
    /// The canvas a layer was begun on; nil for the render's own canvas.
    private(set) weak var parent: CanvasSession?

    /// The render's own canvas, which an error on any layer fails.
    var root: CanvasSession { parent?.root ?? self }

    /// - Throws: `.outOfMemory` when no handle can be had.
    init(canvas: PictureRecorder) throws {
        self.canvas = canvas
        handle = try HandleTable.make(self, .canvas)
    }

    /// What draws the pixels the plugin asks to see: the engine's compositor,
    /// on its threads; a canvas recorded outside an engine (a test's) has
    /// one of its own, on the calling thread alone.
    private(set) lazy var compositor: Compositor = canvas.compositor ?? Compositor(threads: 1)

    static let handleKind = HandleTag.canvas

    /// Draws for the plugin (`body` rasterises): going over the render's
    /// budget fails the render, whatever the plugin makes of the error.
    func drawing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SegueError where error.code == .overBudget {
            root.overBudget = error
            throw error
        }
    }

    /// A handle for an image this canvas owns, valid until the canvas ends.
    /// - Throws: `.outOfMemory` when no handle can be had.
    func hand(_ content: PluginImage.Content) throws -> OpaquePointer {
        let image = try HandleTable.make(PluginImage(content, ownedByCanvas: true), .image)
        images.append(image)
        return image
    }

    /// A new layer: an empty canvas with this one's frame and content.
    /// - Throws: `.outOfMemory` when no handle can be had.
    func beginLayer() throws -> CanvasSession {
        let layer = try CanvasSession(canvas: PictureRecorder(frame: canvas.frame, content: canvas.content,
                                                          partner: canvas.partner, cancellation: canvas.cancellation,
                                                          budget: canvas.budget, compositor: canvas.compositor))
        layer.parent = self
        layers.append(layer)
        return layer
    }

    /// Ends `layer` and hands back what it recorded, as an image this canvas owns.
    func end(_ layer: CanvasSession) -> OpaquePointer? {
        layer.end()
        return try? hand(.picture(layer.canvas.picture))
    }

    /// Ends the canvas, its layers and every image it handed out: their
    /// handles read as ended from now on.
    func end() {
        for layer in layers { layer.end() }
        for image in images { HandleTable.endIfLive(image, .image) }
        images = []
        layers = []
        if let handle { HandleTable.endIfLive(handle, .canvas) }
    }
}
