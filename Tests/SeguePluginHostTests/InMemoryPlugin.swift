import CSegue
import Glibc
@testable import SeguePluginHost

/// Plugins built in memory for tests: C descriptors whose render functions
/// are Swift closures, kept alive for the process (as a plugin's are).
enum InMemoryPlugin {
    /// A C string that lives for the process.
    static func text(_ s: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(s)!) }

    static func number(_ name: String, active: Double, identity: Double, animatable: Bool = true,
                       range: ClosedRange<Double>? = nil) -> segue_param_desc {
        var p = segue_param_desc()
        p.struct_size = UInt32(MemoryLayout<segue_param_desc>.size)
        p.flags = (animatable ? UInt32(SEGUE_PARAM_ANIMATABLE) : 0) | (range != nil ? UInt32(SEGUE_PARAM_HAS_RANGE) : 0)
        p.name = text(name)
        p.summary = text("test parameter \(name)")
        p.kind = segue_kind(SEGUE_KIND_NUMBER)
        p.minimum = range?.lowerBound ?? 0
        p.maximum = range?.upperBound ?? 0
        p.active = segue_value(kind: segue_kind(SEGUE_KIND_NUMBER), number: active, point: segue_point(),
                               color: segue_color(), text: nil)
        p.identity = segue_value(kind: segue_kind(SEGUE_KIND_NUMBER), number: identity, point: segue_point(),
                                 color: segue_color(), text: nil)
        return p
    }

    typealias Render = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<segue_value>?, OpaquePointer?) -> segue_status

    static func effect(id: String, name: String, params: [segue_param_desc], render: Render?) -> segue_effect_desc {
        var e = segue_effect_desc()
        e.struct_size = UInt32(MemoryLayout<segue_effect_desc>.size)
        e.id = text(id)
        e.name = text(name)
        e.summary = text("test effect \(name)")
        let array = UnsafeMutablePointer<segue_param_desc>.allocate(capacity: max(params.count, 1))
        array.initialize(from: params, count: params.count)
        e.params = UnsafePointer(array)
        e.param_count = UInt32(params.count)
        e.render = render
        return e
    }

    /// An entry whose effect(i) returns the given descriptors. Only one
    /// in-memory plugin's effect list can be live per process at a time.
    static func entry(_ effects: [segue_effect_desc], abi: UInt32 = UInt32(SEGUE_PLUGIN_ABI_VERSION),
                      name: String = "test plugin") -> UnsafePointer<segue_plugin> {
        let list = UnsafeMutablePointer<segue_effect_desc>.allocate(capacity: max(effects.count, 1))
        list.initialize(from: effects, count: effects.count)
        current.pointee = (list, effects.count)
        var plugin = segue_plugin()
        plugin.abi_version = abi
        plugin.struct_size = UInt32(MemoryLayout<segue_plugin>.size)
        plugin.name = text(name)
        plugin.version = text("1.0")
        plugin.effect_count = { UInt32(InMemoryPlugin.current.pointee.count) }
        plugin.effect = { index in
            Int(index) < InMemoryPlugin.current.pointee.count ? UnsafePointer(InMemoryPlugin.current.pointee.list + Int(index)) : nil
        }
        let pointer = UnsafeMutablePointer<segue_plugin>.allocate(capacity: 1)
        pointer.initialize(to: plugin)
        return UnsafePointer(pointer)
    }

    nonisolated(unsafe) static let current: UnsafeMutablePointer<(list: UnsafeMutablePointer<segue_effect_desc>, count: Int)> = {
        let p = UnsafeMutablePointer<(list: UnsafeMutablePointer<segue_effect_desc>, count: Int)>.allocate(capacity: 1)
        p.initialize(to: (UnsafeMutablePointer<segue_effect_desc>.allocate(capacity: 1), 0))
        return p
    }()

    /// The host table, as plugins see it.
    static var host: segue_host { HostTable.pointer.pointee }
}
