import CSegue
import SegueBasics
import SegueCompositor

/// What a `segue_image *` points at.
final class PluginImage {
    enum Content {
        /// A recording (the content, a layer, text) in canvas coordinates.
        case picture(Picture)
        /// Pixels spanning (0, 0)–(width, height).
        case pixels(Surface)
    }

    let content: Content

    init(_ content: Content) {
        self.content = content
    }

    var handle: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func from(_ handle: OpaquePointer?) -> PluginImage? {
        handle.map { Unmanaged<PluginImage>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// What a `segue_path *` points at: a path being built.
final class PluginPath {
    var path = Path()

    static func from(_ handle: OpaquePointer?) -> PluginPath? {
        handle.map { Unmanaged<PluginPath>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// What a `segue_canvas *` points at during one render() call: the canvas
/// being recorded, and everything handed to the plugin meanwhile, kept
/// alive until the call returns.
final class CanvasSession {
    var canvas: Canvas
    /// Images and layers handed out; released when the session ends.
    private var owned: [AnyObject] = []
    /// Set by canvas_set_error().
    var error: String?
    /// Set once a layer's canvas has been ended.
    var ended = false
    /// The canvas a layer was begun on; nil for the render's own canvas.
    private(set) weak var parent: CanvasSession?

    /// The render's own canvas, which an error on any layer fails.
    var root: CanvasSession { parent?.root ?? self }

    init(canvas: Canvas) {
        self.canvas = canvas
    }

    var handle: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func from(_ handle: OpaquePointer?) -> CanvasSession? {
        guard let handle else { return nil }
        let session = Unmanaged<CanvasSession>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
        return session.ended ? nil : session
    }

    /// Keeps `object` alive as long as this session, and returns it.
    func own<T: AnyObject>(_ object: T) -> T {
        owned.append(object)
        return object
    }

    /// A new layer: an empty canvas with this one's frame and content.
    func beginLayer() -> CanvasSession {
        let layer = own(CanvasSession(canvas: Canvas(frame: canvas.frame, content: canvas.content,
                                                          cancellation: canvas.cancellation)))
        layer.parent = self
        return layer
    }

    /// Ends `layer` and hands back what it recorded, as an image this session owns.
    func end(_ layer: CanvasSession) -> PluginImage {
        layer.ended = true
        return own(PluginImage(.picture(layer.canvas.picture)))
    }
}
