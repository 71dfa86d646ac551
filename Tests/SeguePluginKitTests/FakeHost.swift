import CSegue
import Glibc
import Synchronization
@testable import SeguePluginKit

// A `segue_host` table that records instead of drawing. Every canvas pointer
// handed to a plugin is a `FakeCanvas`, every image a `FakeImage`, every path
// a `FakePath`, so tests running in parallel never share a recording.

/// A step of a host path, as the kit replayed it.
enum PathOp: Equatable {
    case move(Point)
    case line(Point)
    case quad(control: Point, to: Point)
    case cubic(Point, Point, to: Point)
    case arc(center: Point, radius: Double, start: Double, end: Double, counterclockwise: Bool)
    case rect(Rect)
    case roundedRect(Rect, radius: Double)
    case ellipse(Rect)
    case close
}

/// One canvas_draw_image call, with every pointer read back into a value.
struct DrawCall: Equatable {
    var image: String
    var blend: BlendMode = .normal
    var transform: Affine = .identity
    var opacity: Double = 1
    var crop: Rect?
    var clip: [PathOp]?
    var clipRule: FillRule = .nonZero
    var tint: Color?
    var channels: Color?
}

/// What a plugin asked a fake canvas to do, in order.
enum Call: Equatable {
    case draw(DrawCall)
    case fill([PathOp], rule: FillRule, color: Color, blend: BlendMode)
    case text(String, family: String?, size: Double, bold: Bool, color: Color, position: Point, anchor: Point)
    case beginLayer
    case endLayer(String)
    case rasterize(String)
}

final class FakeImage {
    let label: String
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int32, height: Int32

    init(label: String, width: Int32 = 0, height: Int32 = 0) {
        self.label = label
        self.width = width
        self.height = height
        let count = max(1, Int(width) * Int(height))
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
    }

    deinit { pixels.deallocate() }

    var opaque: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func from(_ pointer: OpaquePointer?) -> FakeImage? {
        pointer.map { Unmanaged<FakeImage>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

final class FakePath {
    var ops: [PathOp] = []
    var destroyed = false

    static func from(_ pointer: OpaquePointer?) -> FakePath {
        Unmanaged<FakePath>.fromOpaque(UnsafeRawPointer(pointer!)).takeUnretainedValue()
    }
}

final class FakeCanvas {
    let frame: Rect
    let content: FakeImage
    var calls: [Call] = []
    var errors: [String] = []
    /// The paths drawing calls were given, to check the kit destroyed each.
    var paths: [FakePath] = []
    /// Images this canvas owns (layers, rasterized pixels), kept alive with it.
    var owned: [AnyObject] = []
    /// A status every drawing call returns, to play a host that refuses.
    var refusal: segue_status = segue_status(SEGUE_OK)
    /// What canvas_is_cancelled answers, to play a host whose render was cancelled.
    var cancelled = false
    weak var parent: FakeCanvas?

    init(frame: Rect, content: FakeImage = FakeImage(label: "content")) {
        self.frame = frame
        self.content = content
    }

    var opaque: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func from(_ pointer: OpaquePointer?) -> FakeCanvas {
        Unmanaged<FakeCanvas>.fromOpaque(UnsafeRawPointer(pointer!)).takeUnretainedValue()
    }

    /// Where a layer's drawing goes: the layer canvases made by begin_layer.
    var layers: [FakeCanvas] { owned.compactMap { $0 as? FakeCanvas } }
}

/// Messages logged through the fake host, process-wide.
let fakeLog = Mutex<[String]>([])

private func label(_ image: OpaquePointer?) -> String {
    FakeImage.from(image)?.label ?? "NULL"
}

private func text(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// The fake table, built once and never freed, like a real host's.
nonisolated(unsafe) let fakeHost: UnsafePointer<segue_host> = {
    let table = UnsafeMutablePointer<segue_host>.allocate(capacity: 1)
    table.initialize(to: segue_host(
        struct_size: UInt32(MemoryLayout<segue_host>.size),
        abi_version: UInt32(SEGUE_PLUGIN_ABI_VERSION),
        version: UnsafePointer(strdup("9.9.9")),
        log: { level, message in
            let line = "\(level): \(message.map { String(cString: $0) } ?? "NULL")"
            fakeLog.withLock { $0.append(line) }
        },
        canvas_frame: { FakeCanvas.from($0).frame.cValue },
        canvas_content: { FakeCanvas.from($0).content.opaque },
        canvas_draw_image: { canvas, image, draw in
            let canvas = FakeCanvas.from(canvas)
            var call = DrawCall(image: label(image))
            if let draw = draw?.pointee {
                call.blend = BlendMode(rawValue: draw.blend)
                call.transform = Affine(draw.transform)
                call.opacity = draw.opacity
                call.crop = draw.crop.map { Rect($0.pointee) }
                if let clip = draw.clip {
                    let path = FakePath.from(clip)
                    canvas.paths.append(path)
                    call.clip = path.ops
                }
                call.clipRule = FillRule(rawValue: draw.clip_rule)
                call.tint = draw.tint.map { Color($0.pointee) }
                call.channels = draw.channels.map { Color($0.pointee) }
            }
            canvas.calls.append(.draw(call))
            return canvas.refusal
        },
        canvas_fill_path: { canvas, path, rule, color, blend in
            let canvas = FakeCanvas.from(canvas)
            let path = FakePath.from(path)
            canvas.paths.append(path)
            canvas.calls.append(.fill(path.ops, rule: FillRule(rawValue: rule),
                                      color: Color(color), blend: BlendMode(rawValue: blend)))
            return canvas.refusal
        },
        canvas_draw_text: { canvas, utf8, style, position, anchor in
            let canvas = FakeCanvas.from(canvas)
            let style = style!.pointee
            canvas.calls.append(.text(text(utf8) ?? "NULL", family: text(style.family), size: style.size,
                                      bold: style.bold != 0, color: Color(style.color), position: Point(position),
                                      anchor: Point(anchor)))
            return canvas.refusal
        },
        measure_text: { utf8, style, metrics in
            guard let utf8, let style, let metrics else { return segue_status(SEGUE_ERROR_INVALID_ARGUMENT) }
            let size = style.pointee.size
            metrics.pointee = segue_text_metrics(width: Double(strlen(utf8)) * size / 2, ascent: size * 0.8,
                                                 descent: size * 0.2)
            return segue_status(SEGUE_OK)
        },
        canvas_begin_layer: { canvas in
            let canvas = FakeCanvas.from(canvas)
            let layer = FakeCanvas(frame: canvas.frame, content: canvas.content)
            layer.parent = canvas
            canvas.owned.append(layer)
            canvas.calls.append(.beginLayer)
            return layer.opaque
        },
        canvas_end_layer: { layer in
            let layer = FakeCanvas.from(layer)
            let parent = layer.parent!
            let image = FakeImage(label: "layer\(parent.layers.count)")
            parent.owned.append(image)
            parent.calls.append(.endLayer(image.label))
            return image.opaque
        },
        canvas_rasterize: { canvas, image, out in
            let canvas = FakeCanvas.from(canvas)
            let pixels = FakeImage(label: "pixels of \(label(image))", width: Int32(canvas.frame.width),
                                   height: Int32(canvas.frame.height))
            canvas.owned.append(pixels)
            canvas.calls.append(.rasterize(label(image)))
            out!.pointee = pixels.opaque
            return segue_status(SEGUE_OK)
        },
        canvas_set_error: { canvas, message in
            FakeCanvas.from(canvas).errors.append(text(message) ?? "NULL")
        },
        image_create: { width, height, out in
            guard width >= 1, height >= 1, width <= 32768, height <= 32768, let out else {
                return segue_status(SEGUE_ERROR_INVALID_ARGUMENT)
            }
            let image = FakeImage(label: "created", width: width, height: height)
            out.pointee = OpaquePointer(Unmanaged.passRetained(image).toOpaque())
            return segue_status(SEGUE_OK)
        },
        image_release: { image in
            if let image { Unmanaged<FakeImage>.fromOpaque(UnsafeRawPointer(image)).release() }
        },
        image_pixels: { image, width, height, stride in
            guard let image = FakeImage.from(image), image.width > 0 else { return nil }
            width?.pointee = image.width
            height?.pointee = image.height
            stride?.pointee = image.width * 4
            return UnsafeMutableRawPointer(image.pixels)
        },
        path_create: { OpaquePointer(Unmanaged.passRetained(FakePath()).toOpaque()) },
        path_destroy: { path in
            guard let path else { return }
            FakePath.from(path).destroyed = true
            Unmanaged<FakePath>.fromOpaque(UnsafeRawPointer(path)).release()
        },
        path_move_to: { FakePath.from($0).ops.append(.move(Point(x: $1, y: $2))) },
        path_line_to: { FakePath.from($0).ops.append(.line(Point(x: $1, y: $2))) },
        path_quad_to: { FakePath.from($0).ops.append(.quad(control: Point(x: $1, y: $2), to: Point(x: $3, y: $4))) },
        path_cubic_to: {
            FakePath.from($0).ops.append(.cubic(Point(x: $1, y: $2), Point(x: $3, y: $4), to: Point(x: $5, y: $6)))
        },
        path_arc: {
            FakePath.from($0).ops.append(.arc(center: Point(x: $1, y: $2), radius: $3, start: $4, end: $5,
                                              counterclockwise: $6 != 0))
        },
        path_add_rect: { FakePath.from($0).ops.append(.rect(Rect($1))) },
        path_add_rounded_rect: { FakePath.from($0).ops.append(.roundedRect(Rect($1), radius: $2)) },
        path_add_ellipse: { FakePath.from($0).ops.append(.ellipse(Rect($1))) },
        path_close: { FakePath.from($0).ops.append(.close) },
        canvas_is_cancelled: { canvas in FakeCanvas.from(canvas).cancelled ? 1 : 0 }
    ))
    return UnsafePointer(table)
}()
