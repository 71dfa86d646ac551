import CSegue
import SegueBasics
import SegueCompositor
import SegueText

/// Argument checking and conversion for the canvas functions of the host table.
enum CanvasCalls {
    static func session(_ handle: OpaquePointer?) throws -> CanvasSession {
        guard let session = CanvasSession.from(handle) else {
            throw SegueError.invalidArgument("the canvas is NULL or a layer that has ended")
        }
        return session
    }

    static func string(_ text: UnsafePointer<CChar>?) throws -> String {
        guard let text else { throw SegueError.invalidArgument("text is NULL") }
        return String(cString: text)
    }

    static func rect(_ r: segue_rect) -> Rect {
        Rect(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    static func color(_ c: segue_color) throws -> Color {
        let color = Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        guard color.isFinite else { throw SegueError.invalidArgument("colour components must be finite") }
        return color
    }

    static func rule(_ rule: segue_fill_rule) throws -> FillRule {
        switch Int(rule) {
        case SEGUE_FILL_NONZERO: .nonZero
        case SEGUE_FILL_EVEN_ODD: .evenOdd
        default: throw SegueError.invalidArgument("fill rule \(rule) is not SEGUE_FILL_NONZERO or SEGUE_FILL_EVEN_ODD")
        }
    }

    /// The blend modes in `segue_blend` order.
    static func blend(_ blend: segue_blend) throws -> BlendMode {
        let modes: [BlendMode] = [.normal, .plusLighter, .multiply, .screen, .overlay, .darken, .lighten,
                                  .colorDodge, .colorBurn, .softLight, .hardLight, .difference, .exclusion,
                                  .hue, .saturation, .color, .luminosity]
        guard Int(blend) < modes.count else { throw SegueError.invalidArgument("blend mode \(blend) is unknown") }
        return modes[Int(blend)]
    }

    /// The font and colour a text style asks for.
    static func font(_ style: UnsafePointer<segue_text_style>?) throws -> (FontDescription, Color) {
        guard let style else { throw SegueError.invalidArgument("style is NULL") }
        let s = style.pointee
        guard Int(s.struct_size) >= MemoryLayout<segue_text_style>.size else {
            throw SegueError.invalidArgument("segue_text_style.struct_size is \(s.struct_size); set it to sizeof(segue_text_style)")
        }
        let family = s.family.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return (FontDescription(family: family, size: s.size, weight: s.bold != 0 ? .bold : .regular), try color(s.color))
    }

    /// canvas_draw_image: records `image` with the draw's parameters.
    static func drawImage(_ canvasHandle: OpaquePointer?, _ imageHandle: OpaquePointer?,
                          _ drawPointer: UnsafePointer<segue_draw>?) throws {
        let session = try session(canvasHandle)
        guard let image = PluginImage.from(imageHandle) else { throw SegueError.invalidArgument("image is NULL") }
        var draw = segue_draw()
        draw.opacity = 1
        draw.transform = segue_affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        if let drawPointer {
            guard Int(drawPointer.pointee.struct_size) >= MemoryLayout<segue_draw>.size else {
                throw SegueError.invalidArgument(
                    "segue_draw.struct_size is \(drawPointer.pointee.struct_size); start from SEGUE_DRAW_DEFAULTS")
            }
            draw = drawPointer.pointee
        }
        let t = draw.transform
        let transform = AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        guard transform.isFinite, !draw.opacity.isNaN else {
            throw SegueError.invalidArgument("the draw's transform and opacity must be finite")
        }
        let crop = draw.crop.map { rect($0.pointee) }
        let clip = try draw.clip.map { handle -> Clip in
            guard let path = PluginPath.from(handle) else { throw SegueError.invalidArgument("clip is NULL") }
            return .path(path.path, try rule(draw.clip_rule))
        }
        let tint = try draw.tint.map { try color($0.pointee) }
        let channels = try draw.channels.map { try color($0.pointee) }
        let mode = try blend(draw.blend)
        switch image.content {
        case .picture(let picture):
            session.canvas.draw(picture, transform: transform, crop: crop, clip: clip, opacity: draw.opacity,
                                tint: tint, channels: channels, blend: mode)
        case .pixels(let surface):
            session.canvas.draw(surface, transform: transform, crop: crop, clip: clip, opacity: draw.opacity,
                                tint: tint, channels: channels, blend: mode)
        }
    }

    /// The image rendered to pixels covering `frame`'s whole pixels, pixel
    /// (0, 0) at the frame's top-left corner.
    static func rasterize(_ image: PluginImage, frame: Rect, cancellation: Cancellation,
                          with compositor: Compositor) throws -> Surface {
        let area = frame.enclosingPixels
        guard !area.isEmpty else { throw SegueError.invalidArgument("the canvas frame is empty") }
        let surface = try Surface(width: area.width, height: area.height)
        let shift = AffineTransform.translation(x: Double(-area.x0), y: Double(-area.y0))
        switch image.content {
        case .pixels(let pixels):
            try compositor.render(Picture([DrawItem(source: .surface(pixels), transform: shift)]),
                                  background: .clear, into: surface, cancellation: cancellation)
        case .picture(let picture):
            try compositor.render(Picture([DrawItem(source: .picture(picture), transform: shift)]),
                                  background: .clear, into: surface, cancellation: cancellation)
        }
        return surface
    }
}
