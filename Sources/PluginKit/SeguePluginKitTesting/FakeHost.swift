import CSegue
import Glibc
import SegueABI
import SeguePluginKit
import Synchronization

/// A `segue_host` function table that records instead of drawing, for unit
/// tests of effects: every canvas it is given is a `FakeCanvas`, and what an
/// effect draws ends up in that canvas's `calls`.
///
/// ```swift
/// import SeguePluginKitTesting
///
/// @Test func halfOpen() {
///     let rendering = FakeHost.render(Iris.self, ["radius": .number(0.5)])
///     #expect(rendering.status == .ok)
///     #expect(rendering.calls.count == 1)
/// }
/// ```
public enum FakeHost {
    /// Messages plugins logged through the fake host, process-wide, as "level: message".
    public static let log = Mutex<[String]>([])

    /// The table, built once and never freed, like a real host's.
    nonisolated(unsafe) public static let table: UnsafePointer<segue_host> = {
        let table = UnsafeMutablePointer<segue_host>.allocate(capacity: 1)
        table.initialize(to: makeTable())
        return UnsafePointer(table)
    }()

    /// The same table as a host of the first release that predates
    /// `canvas_is_cancelled` would hand over: its `struct_size` ends just
    /// after `path_close`.
    nonisolated(unsafe) public static let tableWithoutCancellation: UnsafePointer<segue_host> = {
        var shorter = makeTable()
        shorter.struct_size = UInt32(MemoryLayout<segue_host>.offset(of: \segue_host.canvas_is_cancelled)!)
        shorter.canvas_is_cancelled = nil
        let table = UnsafeMutablePointer<segue_host>.allocate(capacity: 1)
        table.initialize(to: shorter)
        return UnsafePointer(table)
    }()

    /// What one render did.
    public struct Rendering {
        /// What the effect's render returned.
        public let status: Status
        /// The canvas it drew on.
        public let canvas: FakeCanvas
        public var calls: [Call] { canvas.calls }
        public var errors: [String] { canvas.errors }
    }

    /// Renders effect `E` once on a new fake canvas of `frame`, as a host
    /// would: each parameter at its value in `state` (the effect's default
    /// identity or active state), except those named in `values`.
    public static func render<E: Effect>(_ effect: E.Type, _ values: [String: ParameterValue] = [:],
                                         state: DefaultState = .identity,
                                         frame: Rect = Rect(x: 0, y: 0, width: 400, height: 300),
                                         prepare: (FakeCanvas) -> Void = { _ in }) -> Rendering {
        let canvas = FakeCanvas(frame: frame)
        prepare(canvas)
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        let arguments = E.parameters.map { parameter in
            segue_value(values[parameter.name] ?? (state == .identity ? parameter.identity : parameter.active)) {
                let copy = strdup($0)!
                strings.append(copy)
                return UnsafePointer(copy)
            }
        }
        let status = arguments.withUnsafeBufferPointer {
            RenderCall.run(E(), values: $0.baseAddress, canvas: canvas.handle, host: table)
        }
        return Rendering(status: Status(status), canvas: canvas)
    }

    /// Which of an effect's default states `render` starts from.
    public enum DefaultState: Sendable {
        case identity, active
    }
}

private func label(_ image: OpaquePointer?) -> String {
    FakeImage.from(image)?.label ?? "NULL"
}

private func text(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

private func makeTable() -> segue_host {
    segue_host(
        struct_size: UInt32(MemoryLayout<segue_host>.size),
        abi_version: UInt32(SEGUE_PLUGIN_ABI_VERSION),
        version: UnsafePointer(strdup("9.9.9")),
        log: { level, message in
            let line = "\(level): \(message.map { String(cString: $0) } ?? "NULL")"
            FakeHost.log.withLock { $0.append(line) }
        },
        canvas_frame: { FakeCanvas.from($0).frame.cValue },
        canvas_content: { FakeCanvas.from($0).content.handle },
        canvas_draw_image: { canvas, image, draw in
            let canvas = FakeCanvas.from(canvas)
            var call = DrawCall(image: label(image))
            if let draw = draw?.pointee {
                call.blend = BlendMode(draw.blend) ?? .normal
                call.transform = AffineTransform(draw.transform)
                call.opacity = draw.opacity
                call.crop = draw.crop.map { Rect($0.pointee) }
                if let clip = draw.clip {
                    let path = FakePath.from(clip)
                    canvas.paths.append(path)
                    call.clip = path.path
                }
                call.clipRule = FillRule(draw.clip_rule) ?? .nonZero
                call.tint = draw.tint.map { Color($0.pointee) }
                call.channels = draw.channels.map { Color($0.pointee) }
            }
            canvas.calls.append(.draw(call))
            return canvas.refusal.cValue
        },
        canvas_fill_path: { canvas, path, rule, color, blend in
            let canvas = FakeCanvas.from(canvas)
            let path = FakePath.from(path)
            canvas.paths.append(path)
            canvas.calls.append(.fill(path.path, rule: FillRule(rule) ?? .nonZero, color: Color(color),
                                      blend: BlendMode(blend) ?? .normal))
            return canvas.refusal.cValue
        },
        canvas_draw_text: { canvas, utf8, style, position, anchor in
            let canvas = FakeCanvas.from(canvas)
            let style = style!.pointee
            canvas.calls.append(.text(text(utf8) ?? "NULL", family: text(style.family), size: style.size,
                                      bold: style.bold != 0, color: Color(style.color), position: Point(position),
                                      anchor: Point(anchor)))
            return canvas.refusal.cValue
        },
        measure_text: { utf8, style, metrics in
            // Not a font: half an em per byte, ascent 0.8 em, descent 0.2 em.
            guard let utf8, let style, let metrics else { return Status.invalidArgument.cValue }
            let size = style.pointee.size
            metrics.pointee = segue_text_metrics(width: Double(strlen(utf8)) * size / 2, ascent: size * 0.8,
                                                 descent: size * 0.2)
            return Status.ok.cValue
        },
        canvas_begin_layer: { canvas in
            let canvas = FakeCanvas.from(canvas)
            let layer = FakeCanvas(frame: canvas.frame, content: canvas.content)
            layer.parent = canvas
            canvas.owned.append(layer)
            canvas.calls.append(.beginLayer)
            return layer.handle
        },
        canvas_end_layer: { layer in
            let layer = FakeCanvas.from(layer)
            let parent = layer.parent!
            let image = FakeImage(label: "layer\(parent.layers.count)")
            parent.owned.append(image)
            parent.calls.append(.endLayer(image.label))
            return image.handle
        },
        canvas_rasterize: { canvas, image, out in
            let canvas = FakeCanvas.from(canvas)
            let pixels = FakeImage(label: "pixels of \(label(image))", width: Int32(canvas.frame.width),
                                   height: Int32(canvas.frame.height))
            canvas.owned.append(pixels)
            canvas.calls.append(.rasterize(label(image)))
            out!.pointee = pixels.handle
            return Status.ok.cValue
        },
        canvas_set_error: { canvas, message in
            FakeCanvas.from(canvas).errors.append(text(message) ?? "NULL")
        },
        image_create: { width, height, out in
            guard width >= 1, height >= 1, width <= 32768, height <= 32768, let out else {
                return Status.invalidArgument.cValue
            }
            let image = FakeImage(label: "created", width: width, height: height)
            out.pointee = OpaquePointer(Unmanaged.passRetained(image).toOpaque())
            return Status.ok.cValue
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
        path_move_to: { FakePath.from($0).path.move(to: Point(x: $1, y: $2)) },
        path_line_to: { FakePath.from($0).path.addLine(to: Point(x: $1, y: $2)) },
        path_quad_to: { FakePath.from($0).path.addQuadCurve(to: Point(x: $3, y: $4), control: Point(x: $1, y: $2)) },
        path_cubic_to: {
            FakePath.from($0).path.addCurve(to: Point(x: $5, y: $6), control1: Point(x: $1, y: $2),
                                            control2: Point(x: $3, y: $4))
        },
        path_arc: {
            FakePath.from($0).path.addArc(center: Point(x: $1, y: $2), radius: $3, startAngle: $4, endAngle: $5,
                                          counterclockwise: $6 != 0)
        },
        path_add_rect: { FakePath.from($0).path.addRect(Rect($1)) },
        path_add_rounded_rect: { FakePath.from($0).path.addRoundedRect(in: Rect($1), cornerRadius: $2) },
        path_add_ellipse: { FakePath.from($0).path.addEllipse(in: Rect($1)) },
        path_close: { FakePath.from($0).path.closeSubpath() },
        canvas_is_cancelled: { canvas in FakeCanvas.from(canvas).cancelled ? 1 : 0 },
        canvas_draw_distorted: { canvas, image, distortion in
            let canvas = FakeCanvas.from(canvas)
            let recorded = RecordedDistortion(distortion!.pointee)
            guard canvas.refusal == .ok else { return canvas.refusal.cValue }
            canvas.calls.append(.distort(DistortCall(image: label(image), distortion: recorded)))
            return Status.ok.cValue
        },
        // The fake canvas draws one view alone: it has no partner, and its
        // content's pixels are always rasterised.
        canvas_partner: { _ in nil },
        canvas_peek: { _, _, _ in nil },
        // Not opaque, as the clear pixels its canvas_rasterize gives are not.
        canvas_is_opaque: { canvas, _, out in
            guard canvas != nil, let out else { return Status.invalidArgument.cValue }
            out.pointee = 0
            return Status.ok.cValue
        }
    )
}
