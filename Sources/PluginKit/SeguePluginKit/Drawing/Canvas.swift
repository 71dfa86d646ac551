import CSegue
import SegueABI

/// Where an effect draws during one `render` call: SwiftUI's
/// `GraphicsContext`, over the host's canvas functions.
///
/// Nothing is rasterised as you call: the host records the drawing and
/// composites later. A canvas, and every `Image` it hands out, is valid only
/// on the render thread and only until `render` returns; do not keep them.
///
/// Calls the host refuses (a non-finite number, say) throw `PluginError`
/// with the host's status; let it propagate and the frame fails with that
/// message.
public struct Canvas {
    let host: UnsafePointer<segue_host>
    let pointer: OpaquePointer

    init(host: UnsafePointer<segue_host>, pointer: OpaquePointer) {
        self.host = host
        self.pointer = pointer
    }

    /// The content's frame in canvas coordinates: the rectangle the view
    /// occupies. It does not change as effects apply.
    public var frame: Rect {
        Rect(host.pointee.canvas_frame!(pointer))
    }

    /// The content being modified: what the effects before this one drew.
    public var content: Image {
        Image(host.pointee.canvas_content!(pointer))
    }

    /// Draws `image`.
    ///
    /// - Parameters:
    ///   - image: The content, a layer, or pixels.
    ///   - transform: Image coordinates → canvas coordinates.
    ///   - crop: The part of the image to draw, in image coordinates; nil for
    ///     all. Whole-pixel crops of pixels and of the content are exact.
    ///   - clip: Where drawing may happen, in canvas coordinates; nil for anywhere.
    ///   - clipRule: How the clip path's overlaps count.
    ///   - opacity: Multiplies alpha; clamped into 0…1.
    ///   - tint: Paints the image's alpha in this colour instead of its own colours.
    ///   - channels: Multiplies each premultiplied channel by a factor.
    ///   - blend: How the image combines with what the canvas holds so far.
    ///   - filter: How the image is sampled where it is scaled, turned or
    ///     moved by part of a pixel (hosts before 0.2.0 always blend).
    /// - Throws: `PluginError` with the host's status when it refuses the drawing.
    public func draw(_ image: Image, transform: AffineTransform = .identity, crop: Rect? = nil, clip: Path? = nil,
                     clipRule: FillRule = .nonZero, opacity: Double = 1, tint: Color? = nil,
                     channels: Channels? = nil, blend: BlendMode = .normal,
                     filter: SamplingFilter = .bilinear) throws {
        try withOptionalPointer(to: crop?.cValue) { crop in
            try withOptionalPointer(to: tint?.cValue) { tint in
                try withOptionalPointer(to: channels?.cValue) { channels in
                    func submit(_ clipPath: OpaquePointer?) throws {
                        var draw = segue_draw(
                            struct_size: UInt32(MemoryLayout<segue_draw>.size), blend: blend.cValue,
                            transform: transform.cValue, opacity: opacity, crop: crop, clip: clipPath,
                            clip_rule: clipRule.cValue, tint: tint, channels: channels, filter: filter.cValue)
                        try check(host.pointee.canvas_draw_image!(pointer, image.pointer, &draw), "drawing an image")
                    }
                    if let clip {
                        try clip.withHostPath(host) { try submit($0) }
                    } else {
                        try submit(nil)
                    }
                }
            }
        }
    }

    /// SwiftUI's `distortionEffect`: draws `image` so that every pixel of the
    /// frame shows the source position `distortion` gives for it (see
    /// `Distortion`). The host samples, on its threads, as it composites the
    /// frame; nothing outside the frame is drawn.
    ///
    /// - Parameters:
    ///   - image: The content, a layer, or pixels (pixel (0, 0) at the canvas origin).
    ///   - distortion: Kept by the host until the frame is composited.
    ///   - maxSampleOffset: How far a source position may lie from its
    ///     pixel's position, across and down: the host renders the image that
    ///     far around the frame, and reads transparent beyond.
    /// - Throws: `PluginError` with the host's status when it refuses, or
    ///   `.plugin` from a host before 0.2.0, which has no distortions.
    public func drawDistorted(_ image: Image, by distortion: some Distortion,
                              maxSampleOffset: Size = Size(width: 0, height: 0)) throws {
        guard Host(pointer: host).covers(\.canvas_draw_distorted), let draw = host.pointee.canvas_draw_distorted else {
            throw PluginError("this host predates distortions (Segue 0.2.0)", status: .plugin)
        }
        var d = DistortionBox.cValue(distortion, maxSampleOffset: maxSampleOffset)
        try check(draw(pointer, image.pointer, &d), "drawing a distortion")
    }

    /// Fills `path` with `color`, anti-aliased.
    /// - Throws: `PluginError` with the host's status when it refuses the drawing.
    public func fill(_ path: Path, with color: Color, rule: FillRule = .nonZero, blend: BlendMode = .normal) throws {
        try path.withHostPath(host) { hostPath in
            try check(host.pointee.canvas_fill_path!(pointer, hostPath, rule.cValue, color.cValue, blend.cValue),
                      "filling a path")
        }
    }

    /// Draws one line of text with a real font: its line box is placed so
    /// that the unit point `anchor` of the box (`.center` by default) lands
    /// on `position`.
    /// - Throws: `PluginError` with the host's status when it refuses the text.
    public func drawText(_ text: String, style: TextStyle, at position: Point, anchor: Point = .center) throws {
        try style.withCStyle { style in
            try check(host.pointee.canvas_draw_text!(pointer, text, style, position.cValue, anchor.cValue),
                      "drawing text")
        }
    }

    /// Measures a line of text as `drawText` would lay it out.
    /// - Throws: `PluginError` with the host's status when it cannot.
    public func measureText(_ text: String, style: TextStyle) throws -> TextMetrics {
        try Canvas.measureText(text, style: style, host: host)
    }

    static func measureText(_ text: String, style: TextStyle, host: UnsafePointer<segue_host>) throws -> TextMetrics {
        var metrics = segue_text_metrics()
        try style.withCStyle { style in
            try check(host.pointee.measure_text!(text, style, &metrics), "measuring text")
        }
        return TextMetrics(metrics)
    }

    /// Draws into an offscreen layer — an empty canvas with the same frame
    /// and content — and returns what was drawn, as an image in canvas
    /// coordinates (owned by this canvas) to draw, transform or clip as a whole.
    ///
    /// ```swift
    /// let halves = try canvas.withLayer { layer in
    ///     try layer.draw(layer.content, crop: left, transform: .translation(x: -shift, y: 0))
    ///     try layer.draw(layer.content, crop: right, transform: .translation(x: shift, y: 0))
    /// }
    /// try canvas.draw(halves, opacity: 0.8)
    /// ```
    /// - Throws: What `body` throws (the layer is ended first), or
    ///   `PluginError` when the host cannot make the layer.
    public func withLayer(_ body: (Canvas) throws -> Void) throws -> Image {
        guard let layerPointer = host.pointee.canvas_begin_layer!(pointer) else {
            throw PluginError("the host could not start a layer", status: .outOfMemory)
        }
        var failure: (any Error)?
        do {
            try body(Canvas(host: host, pointer: layerPointer))
        } catch {
            failure = error
        }
        let image = host.pointee.canvas_end_layer!(layerPointer)
        if let failure { throw failure }
        guard let image else { throw PluginError("the host could not end a layer", status: .outOfMemory) }
        return Image(image)
    }

    /// The per-pixel escape hatch: renders `image` (the content, a layer) to
    /// premultiplied ARGB32 pixels covering the frame.
    ///
    /// - Returns: The pixels, and an image of them owned by the canvas whose
    ///   pixel (0, 0) lies at the frame's origin: draw it with
    ///   `.translation(frame.origin)`.
    /// - Throws: `PluginError` with the host's status when it cannot.
    public func rasterize(_ image: Image) throws -> (image: Image, pixels: Pixels) {
        var raster: OpaquePointer?
        try check(host.pointee.canvas_rasterize!(pointer, image.pointer, &raster), "rasterizing an image")
        guard let raster else { throw PluginError("the host rasterized into nothing", status: .plugin) }
        guard let pixels = Pixels(image: raster, host: host) else {
            throw PluginError("the host gave no pixels for a rasterized image", status: .plugin)
        }
        return (Image(raster), pixels)
    }

    /// Whether the caller has asked this render to stop (false from a host
    /// whose table predates the question). The host cannot interrupt
    /// `render`: an effect that may take long calls `checkCancellation()`
    /// now and then.
    public var isCancelled: Bool {
        guard Host(pointer: host).covers(\.canvas_is_cancelled), let isCancelled = host.pointee.canvas_is_cancelled else {
            return false
        }
        return isCancelled(pointer) != 0
    }

    /// Ends `render` when the caller has asked it to stop.
    /// - Throws: A `PluginError` with status `.cancelled` once `isCancelled`.
    public func checkCancellation() throws {
        if isCancelled { throw PluginError("the render was cancelled", status: .cancelled) }
    }

    /// Fails the frame with `message`: `try canvas.fail("…")` ends `render`.
    /// - Throws: Always, a `PluginError` with `message`.
    public func fail(_ message: String) throws -> Never {
        throw PluginError(message)
    }
}

extension Pixels {
    /// The pixels of a pixel image, or nil when the host has none for it.
    init?(image: OpaquePointer, host: UnsafePointer<segue_host>) {
        var width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0
        guard let base = host.pointee.image_pixels!(image, &width, &height, &stride) else { return nil }
        self.init(baseAddress: base, width: Int(width), height: Int(height), bytesPerRow: Int(stride))
    }
}

/// Throws a `PluginError` naming `what` unless `status` is `SEGUE_OK`.
func check(_ status: segue_status, _ what: @autoclosure () -> String) throws {
    guard status != SEGUE_OK else { return }
    let status = Status(rawValue: status)
    throw PluginError("\(what()) failed: \(status)", status: status)
}

/// Calls `body` with a pointer to `value`, or nil when there is none.
func withOptionalPointer<T, R>(to value: T?, _ body: (UnsafePointer<T>?) throws -> R) rethrows -> R {
    guard var value else { return try body(nil) }
    return try withUnsafePointer(to: &value) { try body($0) }
}
