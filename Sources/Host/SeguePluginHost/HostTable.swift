import CSegue
import Glibc
import SegueBasics
import SegueCompositor
import SegueText

/// The `segue_host` function table plugins receive. Every function checks
/// its arguments: NULL handles and non-finite numbers are refused with a
/// status (or ignored where the function returns nothing), never a crash.
enum HostTable {
    /// One table for the process's life.
    nonisolated(unsafe) static let pointer: UnsafePointer<segue_host> = {
        let table = UnsafeMutablePointer<segue_host>.allocate(capacity: 1)
        table.initialize(to: make())
        return UnsafePointer(table)
    }()

    nonisolated(unsafe) private static let version = strdup(SEGUE_VERSION_STRING)!

    /// Renders pixels for canvas_rasterize; one thread, as it runs inside a render.
    private static let rasterizer = Compositor(threads: 1)

    private static func make() -> segue_host {
        var host = segue_host()
        host.struct_size = UInt32(MemoryLayout<segue_host>.size)
        host.abi_version = UInt32(SEGUE_PLUGIN_ABI_VERSION)
        host.version = UnsafePointer(version)
        host.log = { level, message in
            guard let message else { return }
            PluginLog.write(level: level, message: String(cString: message))
        }

        host.canvas_frame = { canvas in
            guard let frame = CanvasSession.from(canvas)?.canvas.frame else { return segue_rect() }
            return segue_rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        }
        host.canvas_content = { canvas in
            guard let session = CanvasSession.from(canvas) else { return nil }
            return session.own(PluginImage(.picture(session.canvas.content))).handle
        }
        host.canvas_draw_image = { canvas, image, draw in
            HostTable.status { try CanvasCalls.drawImage(canvas, image, draw) }
        }
        host.canvas_fill_path = { canvas, path, rule, color, blend in
            HostTable.status {
                let session = try CanvasCalls.session(canvas)
                guard let path = PluginPath.from(path) else { throw SegueError.invalidArgument("path is NULL") }
                session.canvas.fill(path.path, with: try CanvasCalls.color(color), rule: try CanvasCalls.rule(rule),
                                    blend: try CanvasCalls.blend(blend))
            }
        }
        host.canvas_draw_text = { canvas, text, style, position, anchor in
            HostTable.status {
                let session = try CanvasCalls.session(canvas)
                let (font, color) = try CanvasCalls.font(style)
                try session.canvas.drawText(try CanvasCalls.string(text), font: font, color: color,
                                            at: Point(x: position.x, y: position.y), anchor: Point(x: anchor.x, y: anchor.y))
            }
        }
        host.measure_text = { text, style, out in
            HostTable.status {
                guard let out else { throw SegueError.invalidArgument("out_metrics is NULL") }
                let metrics = try TextRenderer.measure(try CanvasCalls.string(text), font: try CanvasCalls.font(style).0)
                out.pointee = segue_text_metrics(width: metrics.width, ascent: metrics.ascent, descent: metrics.descent)
            }
        }
        host.canvas_begin_layer = { canvas in
            CanvasSession.from(canvas)?.beginLayer().handle
        }
        host.canvas_end_layer = { layer in
            guard let session = CanvasSession.from(layer), let parent = session.parent else { return nil }
            return parent.end(session).handle
        }
        host.canvas_rasterize = { canvas, image, out in
            HostTable.status {
                let session = try CanvasCalls.session(canvas)
                guard let out else { throw SegueError.invalidArgument("out_pixels is NULL") }
                guard let image = PluginImage.from(image) else { throw SegueError.invalidArgument("image is NULL") }
                let pixels = try CanvasCalls.rasterize(image, frame: session.canvas.frame,
                                                          cancellation: session.canvas.cancellation, with: HostTable.rasterizer)
                out.pointee = session.own(PluginImage(.pixels(pixels))).handle
            }
        }
        host.canvas_set_error = { canvas, message in
            guard let session = CanvasSession.from(canvas) else { return }
            session.root.error = message.map { String(cString: $0) } ?? "the effect failed"
        }
        host.canvas_is_cancelled = { canvas in
            CanvasSession.from(canvas)?.canvas.cancellation.isRequested == true ? 1 : 0
        }

        host.image_create = { width, height, out in
            HostTable.status {
                guard let out else { throw SegueError.invalidArgument("out_image is NULL") }
                let image = PluginImage(.pixels(try Surface(width: Int(width), height: Int(height))))
                out.pointee = OpaquePointer(Unmanaged.passRetained(image).toOpaque())
            }
        }
        host.image_release = { image in
            guard let image else { return }
            Unmanaged<PluginImage>.fromOpaque(UnsafeRawPointer(image)).release()
        }
        host.image_pixels = { image, width, height, stride in
            guard case .pixels(let surface)? = PluginImage.from(image)?.content else { return nil }
            width?.pointee = Int32(surface.width)
            height?.pointee = Int32(surface.height)
            stride?.pointee = Int32(surface.stride)
            return surface.pixels
        }

        host.path_create = { OpaquePointer(Unmanaged.passRetained(PluginPath()).toOpaque()) }
        host.path_destroy = { path in
            guard let path else { return }
            Unmanaged<PluginPath>.fromOpaque(UnsafeRawPointer(path)).release()
        }
        host.path_move_to = { path, x, y in PluginPath.from(path)?.path.move(to: Point(x: x, y: y)) }
        host.path_line_to = { path, x, y in PluginPath.from(path)?.path.addLine(to: Point(x: x, y: y)) }
        host.path_quad_to = { path, cx, cy, x, y in
            PluginPath.from(path)?.path.addQuadCurve(to: Point(x: x, y: y), control: Point(x: cx, y: cy))
        }
        host.path_cubic_to = { path, c1x, c1y, c2x, c2y, x, y in
            PluginPath.from(path)?.path.addCurve(to: Point(x: x, y: y), control1: Point(x: c1x, y: c1y),
                                                 control2: Point(x: c2x, y: c2y))
        }
        host.path_arc = { path, cx, cy, radius, start, end, counterclockwise in
            PluginPath.from(path)?.path.addArc(center: Point(x: cx, y: cy), radius: radius, startAngle: start,
                                               endAngle: end, counterclockwise: counterclockwise != 0)
        }
        host.path_add_rect = { path, r in PluginPath.from(path)?.path.addRect(CanvasCalls.rect(r)) }
        host.path_add_rounded_rect = { path, r, radius in
            PluginPath.from(path)?.path.addRoundedRect(CanvasCalls.rect(r), cornerRadius: radius)
        }
        host.path_add_ellipse = { path, r in PluginPath.from(path)?.path.addEllipse(in: CanvasCalls.rect(r)) }
        host.path_close = { path in PluginPath.from(path)?.path.closeSubpath() }
        return host
    }

    /// Runs a host call on a plugin's behalf: a thrown error becomes its status.
    private static func status(_ body: () throws -> Void) -> segue_status {
        do {
            try body()
            return segue_status(SEGUE_OK)
        } catch let error as SegueError {
            PluginLog.write(level: segue_log_level(SEGUE_LOG_DEBUG), message: "a host call failed: \(error.message)")
            return error.code.rawValue
        } catch {
            return segue_status(SEGUE_ERROR_INVALID_ARGUMENT)
        }
    }
}
