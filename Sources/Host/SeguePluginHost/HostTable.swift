import CSegue
import Glibc
import SegueABI
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

    nonisolated(unsafe) private static let version = strdup(SegueVersion.string)!

    private static func make() -> segue_host {
        var host = segue_host()
        host.struct_size = UInt32(MemoryLayout<segue_host>.size)
        host.abi_version = SegueVersion.pluginABI
        host.version = UnsafePointer(version)
        host.log = { level, message in
            guard let message else { return }
            PluginLog.write(level: level, message: String(cString: message))
        }

        host.canvas_frame = { canvas in
            CanvasSession.lookup(canvas)?.canvas.frame.cValue ?? segue_rect()
        }
        host.canvas_content = { canvas in
            guard let session = CanvasSession.lookup(canvas) else { return nil }
            return try? session.hand(.picture(session.canvas.content))
        }
        host.canvas_partner = { canvas in
            guard let session = CanvasSession.lookup(canvas), let partner = session.canvas.partner else {
                return nil
            }
            return try? session.hand(.picture(partner))
        }
        host.canvas_draw_image = { canvas, image, draw in
            HostTable.status { try CanvasCalls.drawImage(canvas, image, draw) }
        }
        host.canvas_fill_path = { canvas, path, rule, color, blend in
            HostTable.status {
                let session = try CanvasCalls.session(canvas)
                let path = try CanvasCalls.path(path)
                session.canvas.fill(path.path, with: try CanvasCalls.color(color), rule: try CanvasCalls.rule(rule),
                                    blend: try CanvasCalls.blend(blend))
            }
        }
        host.canvas_draw_text = { canvas, text, style, position, anchor in
            HostTable.status {
                let session = try CanvasCalls.session(canvas)
                let (font, color) = try CanvasCalls.font(style)
                try session.canvas.drawText(try CanvasCalls.string(text), font: font, color: color,
                                            at: Point(position), anchor: Point(anchor))
            }
        }
        host.measure_text = { text, style, out in
            HostTable.status {
                guard let out else { throw SegueError.invalidArgument("out_metrics is NULL") }
                let measurement = try TextRenderer.measure(try CanvasCalls.string(text), font: try CanvasCalls.font(style).0)
                out.pointee = measurement.metrics.cValue
            }
        }
        host.canvas_begin_layer = { canvas in
            try? CanvasSession.lookup(canvas)?.beginLayer().handle
        }
        host.canvas_end_layer = { layer in
            guard let session = CanvasSession.lookup(layer), let parent = session.parent else { return nil }
            return parent.end(session)
        }
        host.canvas_rasterize = { canvas, image, out in
            HostTable.status {
                let session = try CanvasCalls.session(canvas)
                guard let out else { throw SegueError.invalidArgument("out_pixels is NULL") }
                let pixels = try session.drawing { try CanvasCalls.rasterize(try CanvasCalls.image(image), on: session) }
                out.pointee = try session.hand(.pixels(pixels))
            }
        }
        host.canvas_is_opaque = { canvas, image, out in
            HostTable.status {
                let session = try CanvasCalls.session(canvas)
                guard let out else { throw SegueError.invalidArgument("out_opaque is NULL") }
                out.pointee = try session.drawing { try CanvasCalls.isOpaque(try CanvasCalls.image(image), on: session) }
                    ? 1 : 0
            }
        }
        host.canvas_peek = { canvas, image, stride in
            guard let session = CanvasSession.lookup(canvas), let image = PluginImage.lookup(image), let stride,
                  let pixels = CanvasCalls.existingPixels(of: image, on: session) else {
                return nil
            }
            stride.pointee = Int32(pixels.stride)
            return pixels.address
        }
        host.canvas_set_error = { canvas, message in
            guard let session = CanvasSession.lookup(canvas) else { return }
            session.root.error = message.map { String(cString: $0) } ?? "the effect failed"
        }
        host.canvas_is_cancelled = { canvas in
            CanvasSession.lookup(canvas)?.canvas.cancellation.isRequested == true ? 1 : 0
        }
        host.canvas_draw_distorted = { canvas, image, distortion in
            HostTable.status { try CanvasCalls.drawDistorted(canvas, image, distortion) }
        }

        host.image_create = { width, height, out in
            HostTable.status {
                guard let out else { throw SegueError.invalidArgument("out_image is NULL") }
                let surface = try Surface(width: Int(width), height: Int(height))
                out.pointee = try HandleTable.make(PluginImage(.pixels(surface), ownedByCanvas: false), .image)
            }
        }
        host.image_release = { image in
            // Images a canvas owns end with it; releasing one here would end it early.
            guard let handle = image, let owned = PluginImage.lookup(handle), !owned.isOwnedByCanvas else {
                return
            }
            HandleTable.endIfLive(handle, .image)
        }
        host.image_pixels = { image, width, height, stride in
            guard case .pixels(let surface)? = PluginImage.lookup(image)?.content else { return nil }
            width?.pointee = Int32(surface.width)
            height?.pointee = Int32(surface.height)
            stride?.pointee = Int32(surface.stride)
            return surface.pixels
        }

        host.path_create = { try? HandleTable.make(PluginPath(), .path) }
        host.path_destroy = { path in
            if let path { HandleTable.endIfLive(path, .path) }
        }
        host.path_move_to = { path, x, y in PluginPath.lookup(path)?.path.move(to: Point(x: x, y: y)) }
        host.path_line_to = { path, x, y in PluginPath.lookup(path)?.path.addLine(to: Point(x: x, y: y)) }
        host.path_quad_to = { path, cx, cy, x, y in
            PluginPath.lookup(path)?.path.addQuadCurve(to: Point(x: x, y: y), control: Point(x: cx, y: cy))
        }
        host.path_cubic_to = { path, c1x, c1y, c2x, c2y, x, y in
            PluginPath.lookup(path)?.path.addCurve(to: Point(x: x, y: y), control1: Point(x: c1x, y: c1y),
                                                          control2: Point(x: c2x, y: c2y))
        }
        host.path_arc = { path, cx, cy, radius, start, end, counterclockwise in
            PluginPath.lookup(path)?.path.addArc(center: Point(x: cx, y: cy), radius: radius, startAngle: start,
                                                        endAngle: end, counterclockwise: counterclockwise != 0)
        }
        host.path_add_rect = { path, r in PluginPath.lookup(path)?.path.addRect(Rect(r)) }
        host.path_add_rounded_rect = { path, r, radius in
            PluginPath.lookup(path)?.path.addRoundedRect(in: Rect(r), cornerRadius: radius)
        }
        host.path_add_ellipse = { path, r in PluginPath.lookup(path)?.path.addEllipse(in: Rect(r)) }
        host.path_close = { path in PluginPath.lookup(path)?.path.closeSubpath() }
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
