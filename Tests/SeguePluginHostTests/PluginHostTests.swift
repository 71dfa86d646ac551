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
    @Test("C values convert both ways for every kind")
    func valuesRoundTrip() throws {
        let values: [ParameterValue] = [.number(-2.5), .integer(7), .bool(true), .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)),
                                        .point(Point(x: 3, y: -4)), .enumeration("channels"), .string("%.1f")]
        for value in values {
            var kept: [UnsafeMutablePointer<CChar>] = []
            let c = segue_value(value) { s in
                let copy = strdup(s)!
                kept.append(copy)
                return UnsafePointer(copy)
            }
            #expect(try CValues.value(c, "v") == value)
            kept.forEach { free($0) }
        }
        var bad = segue_value()
        bad.kind = 99
        #expect(throws: SegueError.self) { try CValues.value(bad, "v") }
        bad.kind = segue_kind(SEGUE_KIND_INTEGER)
        bad.number = 1.5
        #expect(throws: SegueError.self) { try CValues.value(bad, "v") }
    }

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
}
