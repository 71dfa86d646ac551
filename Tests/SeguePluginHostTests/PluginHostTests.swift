import CPixman
import CSegue
import SegueABI
import Glibc
import SegueBasics
import SegueCompositor
import SegueModel
import Testing
@testable import SeguePluginHost

/// Tests run one at a time: in-memory plugins share one effect list.
@Suite(.serialized) struct PluginHostTests {
    @Test("a valid in-memory plugin is read into model descriptors")
    func readsDescriptors() throws {
        let effect = InMemoryPlugin.effect(id: "test.wobble", name: "wobble",
                                           params: [InMemoryPlugin.number("amount", active: 1, identity: 0, range: 0...1)],
                                           render: { _, _, _ in segue_status(SEGUE_OK) })
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:wobble")
        #expect(plugin.name == "test plugin" && plugin.version == "1.0")
        let descriptor = try #require(plugin.effects.first?.descriptor)
        #expect(descriptor.id == "test.wobble" && descriptor.name == "wobble")
        #expect(descriptor.parameters[0].range == 0...1 && descriptor.parameters[0].isAnimatable)
        #expect(descriptor.defaultActive.number("amount") == 1)
    }

    /// Ways to break an effect descriptor, and what the host must say.
    enum Breakage: String, CaseIterable, Sendable {
        case noRender, badName, noVendor, smallStruct, nullSummary, tooManyParams

        func apply(to e: inout segue_effect_desc) {
            switch self {
            case .noRender: e.render = nil
            case .badName: e.name = InMemoryPlugin.text("sliding-door")
            case .noVendor: e.id = InMemoryPlugin.text("wobble")
            case .smallStruct: e.struct_size = 8
            case .nullSummary: e.summary = nil
            case .tooManyParams: e.param_count = 100_000
            }
        }

        var reason: String {
            switch self {
            case .noRender: "has no render function"
            case .badName: "must be an identifier"
            case .noVendor: "must look like 'vendor.name'"
            case .smallStruct: "struct_size is 8"
            case .nullSummary: "the summary of effect 'test.broken' is NULL"
            case .tooManyParams: "param_count is 100000"
            }
        }
    }

    @Test("malformed descriptors are refused with what is wrong", arguments: Breakage.allCases)
    func refusesMalformed(_ breakage: Breakage) {
        var effect = InMemoryPlugin.effect(id: "test.broken", name: "broken",
                                           params: [InMemoryPlugin.number("amount", active: 1, identity: 0)],
                                           render: { _, _, _ in segue_status(SEGUE_OK) })
        breakage.apply(to: &effect)
        #expect {
            _ = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:broken")
        } throws: { error in
            let message = (error as? SegueError)?.message ?? ""
            return message.contains("malformed descriptor") && message.contains(breakage.reason)
        }
    }

    @Test("parameters are checked: range order, default kinds and ranges")
    func refusesBadParameters() {
        var reversed = InMemoryPlugin.number("amount", active: 0, identity: 0, range: 0...1)
        (reversed.minimum, reversed.maximum) = (2, 1)
        var wrongKind = InMemoryPlugin.number("amount", active: 0, identity: 0)
        wrongKind.active.kind = segue_kind(SEGUE_KIND_POINT)
        let outOfRange = InMemoryPlugin.number("amount", active: 5, identity: 0, range: 0...1)
        for (param, reason) in [(reversed, "is not finite and ordered"), (wrongKind, "has kind 5, but the parameter is a number"),
                                (outOfRange, "outside its range")] {
            let effect = InMemoryPlugin.effect(id: "test.p", name: "p", params: [param], render: { _, _, _ in 0 })
            #expect {
                _ = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:p")
            } throws: { ($0 as? SegueError)?.message.contains(reason) == true }
        }
    }

    @Test("an ABI other than this host's is refused before anything is called")
    func refusesOtherABIs() {
        for (abi, reason) in [(UInt32(SEGUE_PLUGIN_ABI_VERSION) + 1, "newer than this Segue's"), (0, "declares plugin ABI 0")] {
            #expect {
                _ = try LoadedPlugin(entry: InMemoryPlugin.entry([], abi: abi), path: "memory:abi")
            } throws: { ($0 as? SegueError)?.message.contains(reason) == true }
        }
    }

    @Test("a plugin's drawing through the host table is the compositor's own drawing")
    func drawsThroughTheHost() throws {
        // The effect draws the content clipped to the frame's left half, through host functions.
        let render: InMemoryPlugin.Render = { _, values, canvas in
            let host = InMemoryPlugin.host
            let frame = host.canvas_frame!(canvas)
            let path = host.path_create!()
            host.path_add_rect!(path, segue_rect(x: frame.x, y: frame.y, width: frame.width * values![0].number, height: frame.height))
            var draw = segue_draw()
            draw.struct_size = UInt32(MemoryLayout<segue_draw>.size)
            draw.transform = segue_affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            draw.opacity = 1
            draw.clip = path
            let status = host.canvas_draw_image!(canvas, host.canvas_content!(canvas), &draw)
            host.path_destroy!(path)
            return status
        }
        let effect = InMemoryPlugin.effect(id: "test.half", name: "half",
                                           params: [InMemoryPlugin.number("fraction", active: 0.5, identity: 1)],
                                           render: render)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:half")
        let instance = try PluginEffect(plugin.effects[0])
        let input = try Surface(width: 40, height: 20)
        input.fill(0xFF336699)
        let frame = Rect(x: 0, y: 0, width: 40, height: 20)
        var canvas = PictureRecorder(frame: frame, content: Picture([DrawItem(source: .surface(input))]))
        try instance.render(instance.descriptor.defaultActive, into: &canvas)
        let output = try Surface(width: 40, height: 20)
        try Compositor(threads: 1).render(canvas.picture, background: .clear, into: output)
        #expect(output[0, 0] == 0xFF336699 && output[19, 19] == 0xFF336699)
        #expect(output[20, 0] == 0 && output[39, 19] == 0)
    }

    @Test("measure_text takes any finite size above 0, drawn at 1…2048, as plugin.h says")
    func textSizes() throws {
        func measured(_ size: Double) -> (status: segue_status, width: Double) {
            var style = segue_text_style(struct_size: UInt32(MemoryLayout<segue_text_style>.size), family: nil,
                                         size: size, bold: 0, color: segue_color(red: 0, green: 0, blue: 0, alpha: 1))
            var metrics = segue_text_metrics()
            let status = InMemoryPlugin.host.measure_text!("Wide", &style, &metrics)
            return (status, metrics.width)
        }
        #expect(measured(0.25) == measured(1) && measured(1).status == SEGUE_OK)
        #expect(measured(5000) == measured(2048) && measured(2048).width > measured(1000).width)
        for size in [0, -1, Double.nan, .infinity] {
            #expect(measured(size).status == SEGUE_ERROR_INVALID_ARGUMENT, "size \(size)")
        }
    }

    @Test("render errors carry the plugin's message; the host table refuses NULLs")
    func errorsAndNulls() throws {
        let render: InMemoryPlugin.Render = { _, _, canvas in
            let host = InMemoryPlugin.host
            // NULL arguments are refused, not crashed on.
            guard host.canvas_draw_image!(canvas, nil, nil) == segue_status(SEGUE_ERROR_INVALID_ARGUMENT),
                  host.canvas_draw_image!(nil, nil, nil) == segue_status(SEGUE_ERROR_INVALID_ARGUMENT),
                  host.canvas_fill_path!(canvas, nil, 0, segue_color(), 0) == segue_status(SEGUE_ERROR_INVALID_ARGUMENT),
                  host.canvas_rasterize!(canvas, nil, nil) == segue_status(SEGUE_ERROR_INVALID_ARGUMENT),
                  host.image_pixels!(nil, nil, nil, nil) == nil
            else { return segue_status(SEGUE_ERROR_INVALID_ARGUMENT) }
            host.path_line_to!(nil, 1, 2)
            host.image_release!(nil)
            "the wobble failed on purpose".withCString { host.canvas_set_error!(canvas, $0) }
            return segue_status(SEGUE_ERROR_PLUGIN)
        }
        let effect = InMemoryPlugin.effect(id: "test.fail", name: "fail", params: [], render: render)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:fail")
        let instance = try PluginEffect(plugin.effects[0])
        var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: 4, height: 4), content: Picture())
        #expect {
            try instance.render(instance.descriptor.defaultActive, into: &canvas)
        } throws: { error in
            let message = (error as? SegueError)?.message ?? ""
            return (error as? SegueError)?.code == .plugin && message.contains("the wobble failed on purpose")
                && message.contains("memory:fail")
        }
    }

    @Test("pixels: create, write, draw, rasterise")
    func pixels() throws {
        let render: InMemoryPlugin.Render = { _, _, canvas in
            let host = InMemoryPlugin.host
            var image: OpaquePointer?
            guard host.image_create!(2, 2, &image) == 0, let image else { return segue_status(SEGUE_ERROR_OUT_OF_MEMORY) }
            defer { host.image_release!(image) }
            var width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0
            let pixels = host.image_pixels!(image, &width, &height, &stride)!.assumingMemoryBound(to: UInt32.self)
            for i in 0..<4 { pixels[i] = 0xFF00FF00 }
            // The content rasterised, then drawn back at the frame's origin, then the 2×2 green block on top.
            var raster: OpaquePointer?
            guard host.canvas_rasterize!(canvas, host.canvas_content!(canvas), &raster) == 0 else { return 1 }
            var draw = segue_draw()
            draw.struct_size = UInt32(MemoryLayout<segue_draw>.size)
            draw.opacity = 1
            let frame = host.canvas_frame!(canvas)
            draw.transform = segue_affine(a: 1, b: 0, c: 0, d: 1, tx: frame.x, ty: frame.y)
            guard host.canvas_draw_image!(canvas, raster, &draw) == 0 else { return 1 }
            return host.canvas_draw_image!(canvas, image, &draw)
        }
        let effect = InMemoryPlugin.effect(id: "test.pixels", name: "pixels", params: [], render: render)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:pixels")
        let instance = try PluginEffect(plugin.effects[0])
        let input = try Surface(width: 6, height: 6)
        input.fill(0xFF0000FF)
        var canvas = PictureRecorder(frame: Rect(x: 2, y: 1, width: 6, height: 6),
                            content: Picture([DrawItem(source: .surface(input), transform: .translation(x: 2, y: 1))]))
        try instance.render(instance.descriptor.defaultActive, into: &canvas)
        let output = try Surface(width: 10, height: 10)
        try Compositor(threads: 1).render(canvas.picture, background: .clear, into: output)
        #expect(output[2, 1] == 0xFF00FF00 && output[3, 2] == 0xFF00FF00)   // the block, drawn after the image was kept
        #expect(output[4, 1] == 0xFF0000FF && output[7, 6] == 0xFF0000FF)   // the rasterised content, in place
        #expect(output[1, 1] == 0 && output[8, 6] == 0)
    }

    @Test("a parameter's removal default is read, and checked like the others")
    func readsRemovalDefaults() throws {
        var shift = InMemoryPlugin.number("amount", active: 1, identity: 0)
        shift.flags |= UInt32(SEGUE_PARAM_HAS_REMOVAL)
        shift.removal = segue_value(kind: segue_kind(SEGUE_KIND_NUMBER), number: -1, point: segue_point(),
                                    color: segue_color(), text: nil)
        let effect = InMemoryPlugin.effect(id: "test.shift", name: "shift", params: [shift], render: { _, _, _ in 0 })
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:shift")
        let descriptor = try #require(plugin.effects.first?.descriptor)
        #expect(descriptor.parameters[0].removal == .number(-1))
        #expect(descriptor.defaultRemovalActive?.number("amount") == -1)
        // Without the flag the field is not read.
        var unflagged = shift
        unflagged.flags &= ~UInt32(SEGUE_PARAM_HAS_REMOVAL)
        let plain = InMemoryPlugin.effect(id: "test.plain", name: "plain", params: [unflagged], render: { _, _, _ in 0 })
        #expect(try LoadedPlugin(entry: InMemoryPlugin.entry([plain]), path: "memory:plain").effects[0]
            .descriptor.parameters[0].removal == nil)
        // Of the wrong kind, refused naming it.
        var wrong = shift
        wrong.removal.kind = segue_kind(SEGUE_KIND_BOOL)
        let bad = InMemoryPlugin.effect(id: "test.bad", name: "bad", params: [wrong], render: { _, _, _ in 0 })
        #expect {
            _ = try LoadedPlugin(entry: InMemoryPlugin.entry([bad]), path: "memory:bad")
        } throws: { ($0 as? SegueError)?.message.contains("the removal value of effect 'test.bad'") == true }
    }

    /// Releases of distortions handed to the host by `distortionRefusals`.
    nonisolated(unsafe) static var releases = 0

    @Test("canvas_draw_distorted refuses what it must, releasing the context; a struct of no known size is not read")
    func distortionRefusals() throws {
        let render: InMemoryPlugin.Render = { _, _, canvas in
            let host = InMemoryPlugin.host
            let content = host.canvas_content!(canvas)
            var d = segue_distortion()
            d.struct_size = UInt32(MemoryLayout<segue_distortion>.size)
            d.map = { _, _, _, _ in }
            d.release = { _ in PluginHostTests.releases += 1 }
            let invalid = segue_status(SEGUE_ERROR_INVALID_ARGUMENT)
            var tiny = d
            tiny.struct_size = 3
            var noMap = d
            noMap.map = nil
            var infinite = d
            infinite.max_sample_offset.x = .infinity
            guard host.canvas_draw_distorted!(canvas, content, nil) == invalid,
                  host.canvas_draw_distorted!(canvas, content, &tiny) == invalid, PluginHostTests.releases == 0,
                  host.canvas_draw_distorted!(canvas, content, &noMap) == invalid, PluginHostTests.releases == 1,
                  host.canvas_draw_distorted!(canvas, content, &infinite) == invalid, PluginHostTests.releases == 2,
                  host.canvas_draw_distorted!(canvas, nil, &d) == invalid, PluginHostTests.releases == 3,
                  host.canvas_draw_distorted!(nil, content, &d) == invalid, PluginHostTests.releases == 4
            else { return segue_status(SEGUE_ERROR_PLUGIN) }
            return host.canvas_draw_distorted!(canvas, content, &d)
        }
        let effect = InMemoryPlugin.effect(id: "test.distort", name: "distort", params: [], render: render)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:distort")
        let instance = try PluginEffect(plugin.effects[0])
        do {
            var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: 4, height: 4), content: Picture())
            try instance.render(instance.descriptor.defaultActive, into: &canvas)
            #expect(canvas.picture.items.count == 1 && canvas.picture.items[0].distortion != nil)
            #expect(Self.releases == 4)
        }
        // The accepted one, once its recording is gone.
        #expect(Self.releases == 5)
    }

    @Test("canvas_partner hands the other view, for layers too, and NULL when there is none")
    func partner() throws {
        let render: InMemoryPlugin.Render = { _, _, canvas in
            let host = InMemoryPlugin.host
            guard let partner = host.canvas_partner!(canvas) else {
                return host.canvas_draw_image!(canvas, host.canvas_content!(canvas), nil)
            }
            let layer = host.canvas_begin_layer!(canvas)
            guard host.canvas_partner!(layer) != nil, host.canvas_partner!(nil) == nil else {
                return segue_status(SEGUE_ERROR_PLUGIN)
            }
            _ = host.canvas_end_layer!(layer)
            return host.canvas_draw_image!(canvas, partner, nil)
        }
        let effect = InMemoryPlugin.effect(id: "test.partner", name: "partner", params: [], render: render)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:partner")
        let instance = try PluginEffect(plugin.effects[0])
        let frame = Rect(x: 0, y: 0, width: 4, height: 4)
        let mine = Picture([DrawItem(source: .color(.red), clip: .rect(frame))])
        let theirs = Picture([DrawItem(source: .color(.blue), clip: .rect(frame))])
        var paired = PictureRecorder(frame: frame, content: mine, partner: theirs)
        try instance.render(instance.descriptor.defaultActive, into: &paired)
        /// The colour of the one picture a canvas drew.
        func drawnColor(_ canvas: PictureRecorder) -> Color? {
            guard canvas.picture.items.count == 1, case .picture(let drawn) = canvas.picture.items[0].source,
                  case .color(let color) = drawn.items.first?.source else { return nil }
            return color
        }
        #expect(drawnColor(paired) == .blue)
        var alone = PictureRecorder(frame: frame, content: mine)
        try instance.render(instance.descriptor.defaultActive, into: &alone)
        #expect(drawnColor(alone) == .red)
    }

    /// What the last render of `opaqueRender` found: canvas_is_opaque's status and answer for the content.
    nonisolated(unsafe) static var opaqueVerdict: (status: segue_status, opaque: Int32) = (-1, -1)

    @Test("canvas_is_opaque knows a placed opaque picture without drawing it, draws anything else to find out")
    func opaque() throws {
        let render: InMemoryPlugin.Render = { _, _, canvas in
            let host = InMemoryPlugin.host
            let content = host.canvas_content!(canvas)
            var answer: Int32 = -1
            let invalid = segue_status(SEGUE_ERROR_INVALID_ARGUMENT)
            guard host.canvas_is_opaque!(nil, content, &answer) == invalid,
                  host.canvas_is_opaque!(canvas, nil, &answer) == invalid,
                  host.canvas_is_opaque!(canvas, content, nil) == invalid else {
                return segue_status(SEGUE_ERROR_PLUGIN)
            }
            let status = host.canvas_is_opaque!(canvas, content, &answer)
            Self.opaqueVerdict = (status, answer)
            return 0
        }
        let effect = InMemoryPlugin.effect(id: "test.opaque", name: "opaque", params: [], render: render)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:opaque")
        let instance = try PluginEffect(plugin.effects[0])
        let solid = try Surface(width: 4, height: 3), holed = try Surface(width: 4, height: 3)
        let large = try Surface(width: 8, height: 8)
        solid.fill(0xFF20_4060)
        large.fill(0xFF20_4060)
        holed.fill(0xFF20_4060)
        holed[1, 1] = 0x8010_2030
        let frame = Rect(x: 0, y: 0, width: 8, height: 6)
        func placed(_ surface: Surface, _ transform: AffineTransform) -> Picture {
            Picture([DrawItem(source: .surface(surface), transform: transform)])
        }
        // Answered from the picture's own pixels: a budget of one pixel would refuse drawing it.
        let tiny = RenderBudget(primitives: 1 << 18, pixels: 1, bytes: 1 << 30)
        let cases: [(String, Picture, RenderBudget, segue_status, Int32)] = [
            ("scaled over the frame", placed(solid, .scale(x: 2, y: 2)), tiny, 0, 1),
            ("larger than the frame", placed(solid, .scale(x: 3, y: 3)), tiny, 0, 1),
            ("a translucent pixel", placed(holed, .scale(x: 2, y: 2)), .standard, 0, 0),
            ("letterboxed", placed(solid, .init(a: 1.5, b: 0, c: 0, d: 1.5, tx: 1, ty: 0)), .standard, 0, 0),
            ("turned, drawn to find out", placed(large, .init(a: 0, b: 2, c: -2, d: 0, tx: 12, ty: -2)), .standard, 0, 1),
            ("drawn over the budget", placed(holed, .scale(x: 2, y: 2)), tiny, segue_status(SEGUE_ERROR_OVER_BUDGET), 0),
        ]
        for (name, content, budget, status, opaque) in cases {
            var canvas = PictureRecorder(frame: frame, content: content, budget: budget)
            Self.opaqueVerdict = (-1, -1)
            do {
                try instance.render(instance.descriptor.defaultActive, into: &canvas)
            } catch let error as SegueError where error.code == .overBudget {}  // the render fails with it
            #expect(Self.opaqueVerdict.status == status, "\(name)")
            if status == 0 { #expect(Self.opaqueVerdict.opaque == opaque, "\(name)") }
        }
    }

    @Test("SEGUE_EFFECT_CONTAINER_FRAME is read as the container frame; no flags, or an older layout, as the view's")
    func containerFrame() throws {
        let render: InMemoryPlugin.Render = { _, _, _ in 0 }
        var whole = InMemoryPlugin.effect(id: "test.whole", name: "whole", params: [], render: render)
        whole.flags = SEGUE_EFFECT_CONTAINER_FRAME
        var older = InMemoryPlugin.effect(id: "test.older", name: "older", params: [], render: render)
        older.flags = SEGUE_EFFECT_CONTAINER_FRAME  // beyond a 0.2.0 descriptor's struct_size: not read
        older.struct_size = UInt32(Layouts.start(of: \segue_effect_desc.flags))
        let own = InMemoryPlugin.effect(id: "test.own", name: "own", params: [], render: render)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([own, whole, older]), path: "memory:frames")
        #expect(plugin.effects.map(\.descriptor.frame) == [.view, .container, .view])
    }

    @Test("A descriptor's unknown effect flags are refused, naming them")
    func unknownEffectFlags() {
        var effect = InMemoryPlugin.effect(id: "test.flags", name: "flags", params: [], render: { _, _, _ in 0 })
        effect.flags = 0x6
        #expect(throws: SegueError.self) { try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:flags") }
        do {
            _ = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:flags")
        } catch {
            #expect("\(error)".contains("unknown flags 0x6"), "\(error)")
        }
    }

    /// What the last render of `peekRender` found: 1 lent, 0 not lent, 2 something wrong.
    nonisolated(unsafe) static var peekVerdict = -1

    /// What canvas_peek lends, checked inside a render: the bytes
    /// canvas_rasterize gives, row by row, or NULL; and NULL for a NULL
    /// canvas, image or stride and for a layer's recording.
    static let peekRender: InMemoryPlugin.Render = { _, _, canvas in
        peekVerdict = peekCheck(canvas)
        return 0
    }

    static func peekCheck(_ canvas: OpaquePointer?) -> Int {
        let host = InMemoryPlugin.host
        let content = host.canvas_content!(canvas)
        var stride: Int32 = 0, width: Int32 = 0, height: Int32 = 0, rasterStride: Int32 = 0
        var layer: OpaquePointer?
        if let child = host.canvas_begin_layer!(canvas) { layer = host.canvas_end_layer!(child) }
        guard host.canvas_peek!(nil, content, &stride) == nil, host.canvas_peek!(canvas, nil, &stride) == nil,
              host.canvas_peek!(canvas, content, nil) == nil, host.canvas_peek!(canvas, layer, &stride) == nil else {
            return 2
        }
        var raster: OpaquePointer?
        guard host.canvas_rasterize!(canvas, content, &raster) == 0,
              let copy = host.image_pixels!(raster, &width, &height, &rasterStride) else { return 2 }
        // A pixel image (its pixels spanning (0, 0)–(width, height)) is lent where it covers the frame:
        // one reaching its far corner from (0, 0), at the frame's origin; the copy, placed there too, does not.
        let frame = host.canvas_frame!(canvas)
        var image: OpaquePointer?, imageStride: Int32 = 0
        guard host.image_create!(Int32(frame.x + frame.width), Int32(frame.y + frame.height), &image) == 0 else { return 2 }
        defer { host.image_release!(image) }
        let base = host.image_pixels!(image, nil, nil, &imageStride)!
        guard host.canvas_peek!(canvas, image, &stride) == UnsafeRawPointer(base + Int(frame.y) * Int(imageStride) + 4 * Int(frame.x)),
              stride == imageStride, frame.x == 0 || host.canvas_peek!(canvas, raster, &stride) == nil else {
            return 2
        }
        guard let lent = host.canvas_peek!(canvas, content, &stride) else { return 0 }
        for y in 0..<Int(height) where memcmp(lent + y * Int(stride), copy + y * Int(rasterStride), 4 * Int(width)) != 0 {
            return 2
        }
        return 1
    }

    @Test("canvas_peek lends a view's pixels where they lie when a copy would be the same bytes, and only then")
    func peek() throws {
        let effect = InMemoryPlugin.effect(id: "test.peek", name: "peek", params: [], render: Self.peekRender)
        let plugin = try LoadedPlugin(entry: InMemoryPlugin.entry([effect]), path: "memory:peek")
        let instance = try PluginEffect(plugin.effects[0])
        let input = try Surface(width: 9, height: 8)
        for y in 0..<8 { for x in 0..<9 { input[x, y] = UInt32(truncatingIfNeeded: (x * 7 + y * 13) &* 0x0101_0101) | 0xFF00_0000 } }
        let frame = Rect(x: 2, y: 1, width: 6, height: 5)
        func placed(_ transform: AffineTransform) -> DrawItem { DrawItem(source: .surface(input), transform: transform) }
        var faded = placed(.translation(x: 2, y: 1)), clipped = faded, framed = faded, cropped = faded, added = faded
        var tinted = faded, croppedShort = faded
        faded.opacity = 0.5
        clipped.clip = .rect(Rect(x: 3, y: 1, width: 6, height: 5))
        framed.clip = .rect(frame)
        cropped.crop = Rect(x: 0, y: 0, width: 7, height: 6)
        croppedShort.crop = Rect(x: 1, y: 0, width: 7, height: 6)
        added.blend = .plusLighter
        tinted.tint = Color(red: 1, green: 0, blue: 0, alpha: 1)
        // The compositor's own rule for lending a view's pixels (Compositor.existingPixels): a crop only
        // chooses which pixels, and plusLighter onto transparency leaves them as they are.
        let lent: [(String, [DrawItem])] = [("placed at the frame", [placed(.translation(x: 2, y: 1))]),
                                            ("larger than the frame", [placed(.translation(x: -1, y: 0))]),
                                            ("clipped to the frame", [framed]), ("cropped, covering", [cropped]),
                                            ("added (plusLighter)", [added])]
        let drawn: [(String, [DrawItem])] = [("between pixels", [placed(.translation(x: 1.5, y: 1))]),
                                             ("short of the frame", [placed(.translation(x: 3, y: 1))]),
                                             ("scaled", [placed(.scale(x: 2, y: 2))]),
                                             ("faded", [faded]), ("clipped inside the frame", [clipped]),
                                             ("cropped short of the frame", [croppedShort]), ("tinted", [tinted]),
                                             ("two images", [placed(.translation(x: 2, y: 1)), faded])]
        for (expected, cases) in [(1, lent), (0, drawn)] {
            for (name, items) in cases {
                var canvas = PictureRecorder(frame: frame, content: Picture(items))
                Self.peekVerdict = -1
                try instance.render(instance.descriptor.defaultActive, into: &canvas)
                #expect(Self.peekVerdict == expected, "\(name)")
            }
        }
    }
}
