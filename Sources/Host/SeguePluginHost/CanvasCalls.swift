import CSegue
import SegueABI
import SegueBasics
import SegueCompositor
import SegueText

/// Argument checking and conversion for the canvas functions of the host table.
enum CanvasCalls {
    static func session(_ handle: OpaquePointer?, _ name: String = "canvas") throws -> CanvasSession {
        try CanvasSession.require(handle, name)
    }

    static func image(_ handle: OpaquePointer?, _ name: String = "image") throws -> PluginImage {
        try PluginImage.require(handle, name)
    }

    static func path(_ handle: OpaquePointer?, _ name: String = "path") throws -> PluginPath {
        try PluginPath.require(handle, name)
    }

    static func string(_ text: UnsafePointer<CChar>?) throws -> String {
        guard let text else { throw SegueError.invalidArgument("text is NULL") }
        return String(cString: text)
    }

    static func color(_ c: segue_color) throws -> Color {
        let color = Color(c)
        guard color.isFinite else { throw SegueError.invalidArgument("colour components must be finite") }
        return color
    }

    static func rule(_ rule: segue_fill_rule) throws -> FillRule {
        guard let known = FillRule(rule) else {
            throw SegueError.invalidArgument("fill rule \(rule) is not SEGUE_FILL_NONZERO or SEGUE_FILL_EVEN_ODD")
        }
        return known
    }

    static func blend(_ blend: segue_blend) throws -> BlendMode {
        guard let known = BlendMode(blend) else { throw SegueError.invalidArgument("blend mode \(blend) is unknown") }
        return known
    }

    /// The font and colour a text style asks for.
    static func font(_ style: UnsafePointer<segue_text_style>?) throws -> (FontDescription, Color) {
        guard let style else { throw SegueError.invalidArgument("style is NULL") }
        let s = try read(style, Layouts.textStyle)
        let family = s.family.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return (FontDescription(family: family, size: s.size, weight: s.bold != 0 ? .bold : .regular), try color(s.color))
    }

    /// SEGUE_DRAW_DEFAULTS: what a NULL draw means, and what the fields a
    /// plugin's older segue_draw lacks are.
    nonisolated(unsafe) private static let defaultDraw: segue_draw = {
        var draw = segue_draw()
        draw.struct_size = UInt32(MemoryLayout<segue_draw>.size)
        draw.opacity = 1
        draw.transform = AffineTransform.identity.cValue
        draw.blend = BlendMode.normal.cValue
        draw.clip_rule = FillRule.nonZero.cValue
        draw.filter = SamplingFilter.bilinear.cValue
        return draw
    }()

    /// A struct a plugin hands over, read by its struct_size (see `GrowableStruct`).
    /// - Throws: `.invalidArgument` naming the struct and both sizes.
    private static func read<T>(_ pointer: UnsafePointer<T>, _ layout: GrowableStruct<T>, defaults: T? = nil) throws -> T {
        do {
            return try layout.read(pointer, declaredSize: Int(UnsafeRawPointer(pointer).load(as: UInt32.self)),
                                   defaults: defaults)
        } catch {
            // A layout mismatch is no passing mistake: say so once, with the plugin's file.
            PluginLog.warnOnce(error.message)
            throw SegueError.invalidArgument(error.message)
        }
    }

    /// canvas_draw_image: records `image` with the draw's parameters.
    static func drawImage(_ canvasHandle: OpaquePointer?, _ imageHandle: OpaquePointer?,
                          _ drawPointer: UnsafePointer<segue_draw>?) throws {
        let session = try session(canvasHandle)
        let image = try image(imageHandle)
        let draw = try drawPointer.map { try read($0, Layouts.draw, defaults: defaultDraw) } ?? defaultDraw
        let transform = AffineTransform(draw.transform)
        guard transform.isFinite, !draw.opacity.isNaN else {
            throw SegueError.invalidArgument("the draw's transform and opacity must be finite")
        }
        let crop = draw.crop.map { Rect($0.pointee) }
        let clip = try draw.clip.map { handle -> Clip in
            .path(try path(handle, "the draw's clip").path, try rule(draw.clip_rule))
        }
        let tint = try draw.tint.map { try color($0.pointee) }
        let channels = try draw.channels.map { try color($0.pointee) }
        let mode = try blend(draw.blend)
        guard let filter = SamplingFilter(draw.filter) else {
            throw SegueError.invalidArgument("the draw's filter \(draw.filter) is not a SEGUE_FILTER_* value")
        }
        switch image.content {
        case .picture(let picture):
            session.canvas.draw(picture, transform: transform, crop: crop, clip: clip, opacity: draw.opacity,
                                tint: tint, channels: channels, blend: mode, filter: filter)
        case .pixels(let surface):
            session.canvas.draw(surface, transform: transform, crop: crop, clip: clip, opacity: draw.opacity,
                                tint: tint, channels: channels, blend: mode, filter: filter)
        }
    }

    /// A segue_distortion's release.
    private typealias Release = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// canvas_draw_distorted: records `image` distorted over the canvas
    /// frame. The plugin's release runs when the recording ends, or at once
    /// when the call fails, whenever the struct's declared size reaches it
    /// (even a size refused as too short: only what it declares is read).
    static func drawDistorted(_ canvasHandle: OpaquePointer?, _ imageHandle: OpaquePointer?,
                              _ pointer: UnsafePointer<segue_distortion>?) throws {
        guard let pointer else { throw SegueError.invalidArgument("distortion is NULL") }
        let raw = UnsafeRawPointer(pointer)
        let releaseOffset = MemoryLayout<segue_distortion>.offset(of: \segue_distortion.release)!
        let contextOffset = MemoryLayout<segue_distortion>.offset(of: \segue_distortion.context)!
        let reachesRelease = Int(raw.load(as: UInt32.self)) >= releaseOffset + MemoryLayout<Release?>.size
        let release = reachesRelease ? raw.loadUnaligned(fromByteOffset: releaseOffset, as: Release?.self) : nil
        let context = ForeignPointer(pointer: reachesRelease
            ? raw.loadUnaligned(fromByteOffset: contextOffset, as: UnsafeMutableRawPointer?.self) : nil)
        var handedOver = false
        defer { if !handedOver, let release { release(context.pointer) } }
        let d = try read(pointer, Layouts.distortion)
        let session = try session(canvasHandle)
        let image = try image(imageHandle)
        guard let map = d.map else { throw SegueError.invalidArgument("the distortion's map is NULL") }
        let offset = d.max_sample_offset
        guard offset.x.isFinite, offset.y.isFinite, offset.x >= 0, offset.y >= 0 else {
            throw SegueError.invalidArgument(
                "the distortion's max_sample_offset (\(offset.x), \(offset.y)) must be finite and not negative")
        }
        let whenDone = release.map { release in { @Sendable in release(context.pointer) } }
        let distortion = Distortion(frame: session.canvas.frame, maxSampleOffset: (offset.x, offset.y),
                                    release: whenDone) { first, count, positions in
            map(context.pointer, first.cValue, Int32(count), positions)
        }
        handedOver = true
        switch image.content {
        case .picture(let picture): session.canvas.draw(.picture(picture), distortion: distortion)
        case .pixels(let surface): session.canvas.draw(.surface(surface), distortion: distortion)
        }
    }

    /// What `rasterize` would give for `image` over the session's frame, when
    /// those pixels already exist, by the compositor's one rule for lending
    /// pixels (`Compositor.existingPixels(of:over:budget:)`): the address of
    /// the frame's first pixel in them, or nil.
    static func existingPixels(of image: PluginImage, on session: CanvasSession)
        -> (address: UnsafeRawPointer, stride: Int)? {
        let frame = session.canvas.frame
        guard frame.isIntegral, !frame.isEmpty,
              let lent = try? session.compositor.existingPixels(of: image.drawing, over: frame.enclosingPixels,
                                                                budget: session.canvas.budget)
        else { return nil }
        return (UnsafeRawPointer(lent.pixels), lent.stride)
    }

    /// Whether every pixel `rasterize` would give for `image` over the
    /// session's frame is opaque. Known without drawing when the image is one
    /// opaque surface covering the frame as it is or scaled without turning (a
    /// video frame placed in the output: its sampling keeps an opaque picture
    /// opaque to its edges); else read from the drawn pixels.
    static func isOpaque(_ image: PluginImage, on session: CanvasSession) throws -> Bool {
        if let (surface, placement) = plainSurface(of: image, covering: session.canvas.frame), placement.b == 0,
           placement.c == 0, surface.isOpaque {
            return true
        }
        return try rasterize(image, on: session).isOpaque
    }

    /// The one surface `image` draws plainly over the whole of `frame` (a
    /// frame of whole pixels), and the transform that places it: a pixel
    /// image, which spans (0, 0)–(width, height), or a picture of one surface
    /// drawn as it is, unclipped within the frame; nil for any other image.
    private static func plainSurface(of image: PluginImage, covering frame: Rect)
        -> (surface: Surface, placement: AffineTransform)? {
        let surface: Surface, placement: AffineTransform
        switch image.content {
        case .pixels(let pixels):
            (surface, placement) = (pixels, .identity)
        case .picture(let picture):
            guard picture.items.count == 1, let item = picture.items.first, case .surface(let pixels) = item.source,
                  item.crop == nil, item.opacity == 1, item.tint == nil, item.channels == nil,
                  item.blend == .normal, !item.isFiltered else { return nil }
            switch item.clip {
            case nil: break
            case .rect(let r) where r.contains(frame): break
            default: return nil
            }
            (surface, placement) = (pixels, item.transform)
        }
        guard frame.isIntegral, !frame.isEmpty, placement.boundingBox(of: surface.bounds.rect).contains(frame) else {
            return nil
        }
        return (surface, placement)
    }

    /// The image rendered on the session's compositor, within its budget, to
    /// pixels covering the whole pixels of its frame, pixel (0, 0) at the
    /// frame's top-left corner.
    static func rasterize(_ image: PluginImage, on session: CanvasSession) throws -> Surface {
        let area = session.canvas.frame.enclosingPixels
        guard !area.isEmpty else { throw SegueError.invalidArgument("the canvas frame is empty") }
        let surface = try Surface(unclearedWidth: area.width, height: area.height) // the render below clears it
        let shift = AffineTransform.translation(x: Double(-area.x0), y: Double(-area.y0))
        try session.compositor.render(Picture([DrawItem(source: .picture(image.drawing), transform: shift)]),
                                      background: .clear, into: surface, budget: session.canvas.budget,
                                      cancellation: session.canvas.cancellation)
        return surface
    }
}

/// A pointer a plugin owns, handed back to it from whichever thread calls.
private struct ForeignPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
}
