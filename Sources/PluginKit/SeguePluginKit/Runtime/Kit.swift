import CSegue
import SegueABI
import SeguePluginEntry
import Synchronization

/// The kit's process-wide state: the host table and the loaded plugin.
///
/// Everything is written during `init()` (which the host calls once, before
/// anything else) and only read afterwards; a `Mutex` guards it all the same,
/// so a host that breaks that rule gets a clear refusal instead of a race.
/// Render calls never touch it: an effect instance carries what it needs.
enum Kit {
    struct State {
        var host: Host?
        var pending: [PluginDeclaration] = []
        var runtime: PluginRuntime?
    }

    static let state = Mutex(State())

    /// The host table saved by `init()`.
    static var host: UnsafePointer<segue_host>? {
        state.withLock { $0.host?.pointer }
    }

    /// The plugin, once `init()` succeeded.
    static var runtime: PluginRuntime? {
        state.withLock { $0.runtime }
    }

    static func record(_ declaration: PluginDeclaration) {
        state.withLock { $0.pending.append(declaration) }
    }

    /// What `segue_plugin_entry.init` does: checks and saves the host table,
    /// runs the plugin's declaration (`main`, which returns false when the
    /// binary has none) and builds the descriptors. A second call, once the
    /// plugin is loaded, succeeds and changes nothing.
    ///
    /// `path` is unused: the host attributes log messages to the file itself.
    /// - Returns: `SEGUE_OK`, or an error after logging every problem through the host.
    static func initialize(host: UnsafePointer<segue_host>?, path: UnsafePointer<CChar>?,
                           main: () -> Bool) -> segue_status {
        guard let host else { return segue_status(SEGUE_ERROR_INVALID_ARGUMENT) }
        if let problem = Host.problem(with: host) {
            Host.logIfPossible(host, problem)
            return segue_status(SEGUE_ERROR_PLUGIN)
        }
        if runtime != nil { return segue_status(SEGUE_OK) }

        state.withLock {
            $0.host = Host(pointer: host)
            $0.pending = []
        }
        let hasMain = main()
        let declarations = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        switch load(declarations, hasMain: hasMain, host: Host(pointer: host)) {
        case .success(let runtime):
            state.withLock { $0.runtime = runtime }
            segue_kit_set_identity(runtime.name, runtime.version)
            return segue_status(SEGUE_OK)
        case .failure(let error):
            for problem in error.problems {
                host.pointee.log!(segue_log_level(SEGUE_LOG_ERROR), problem)
            }
            return segue_status(SEGUE_ERROR_PLUGIN)
        }
    }

    /// The plugin `declarations` describe (what `segue_kit_main()` declared,
    /// if the binary has one), or everything wrong with them.
    static func load(_ declarations: [PluginDeclaration], hasMain: Bool,
                     host: Host) -> Result<PluginRuntime, DeclarationError> {
        guard hasMain else {
            return .failure(DeclarationError(problems: [
                "the plugin defines no segue_kit_main(): declare the plugin with "
                    + "`@c @implementation public func segue_kit_main() { Plugin.declare(…) }`",
            ]))
        }
        return Result { () throws(DeclarationError) in try PluginRuntime(declarations: declarations, host: host) }
    }
}

/// The host as the kit sees it: its function table, checked at init to hold
/// every function the kit always calls. A table may be shorter than this
/// plugin's `segue_host` (an older host) or longer (a newer one): the kit
/// reads only the fields it uses, one by one, and asks `covers(_:)` before it
/// calls a function added after the first release. It stays valid for the
/// life of the process, so it may be shared freely.
struct Host: @unchecked Sendable {
    let pointer: UnsafePointer<segue_host>

    /// True when the host's table is long enough to hold `field`: a function
    /// beyond its end is one that host does not have.
    func covers<Field>(_ field: KeyPath<segue_host, Field>) -> Bool {
        guard let offset = MemoryLayout<segue_host>.offset(of: field) else { return false }
        return Int(pointer.pointee.struct_size) >= offset + MemoryLayout<Field>.size
    }

    /// Why the kit cannot use `host`, or nil when every function it always calls is there.
    static func problem(with host: UnsafePointer<segue_host>) -> String? {
        // Read the size alone first: a smaller table must not be read further.
        let size = Int(UnsafeRawPointer(host).load(as: UInt32.self))
        let required = MemoryLayout<segue_host>.offset(of: \segue_host.path_close)! + MemoryLayout<UnsafeRawPointer>.size
        guard size >= required else {
            return "the host's function table has \(size) bytes; this plugin needs at least "
                + "\(required) (plugin ABI \(SEGUE_PLUGIN_ABI_VERSION))"
        }
        // Field by field, never `host.pointee` whole: the table may be shorter than this plugin's.
        guard host.pointee.abi_version >= UInt32(SEGUE_PLUGIN_ABI_VERSION) else {
            return "the host speaks plugin ABI \(host.pointee.abi_version); this plugin needs \(SEGUE_PLUGIN_ABI_VERSION)"
        }
        let present: [(String, Bool)] = [
            ("log", host.pointee.log != nil),
            ("canvas_frame", host.pointee.canvas_frame != nil),
            ("canvas_content", host.pointee.canvas_content != nil),
            ("canvas_draw_image", host.pointee.canvas_draw_image != nil),
            ("canvas_fill_path", host.pointee.canvas_fill_path != nil),
            ("canvas_draw_text", host.pointee.canvas_draw_text != nil),
            ("measure_text", host.pointee.measure_text != nil),
            ("canvas_begin_layer", host.pointee.canvas_begin_layer != nil),
            ("canvas_end_layer", host.pointee.canvas_end_layer != nil),
            ("canvas_rasterize", host.pointee.canvas_rasterize != nil),
            ("canvas_set_error", host.pointee.canvas_set_error != nil),
            ("image_create", host.pointee.image_create != nil),
            ("image_release", host.pointee.image_release != nil),
            ("image_pixels", host.pointee.image_pixels != nil),
            ("path_create", host.pointee.path_create != nil),
            ("path_destroy", host.pointee.path_destroy != nil),
            ("path_move_to", host.pointee.path_move_to != nil),
            ("path_line_to", host.pointee.path_line_to != nil),
            ("path_quad_to", host.pointee.path_quad_to != nil),
            ("path_cubic_to", host.pointee.path_cubic_to != nil),
            ("path_arc", host.pointee.path_arc != nil),
            ("path_add_rect", host.pointee.path_add_rect != nil),
            ("path_add_rounded_rect", host.pointee.path_add_rounded_rect != nil),
            ("path_add_ellipse", host.pointee.path_add_ellipse != nil),
            ("path_close", host.pointee.path_close != nil),
        ]
        let missing = present.filter { !$0.1 }.map(\.0)
        guard missing.isEmpty else {
            return "the host's function table lacks \(missing.joined(separator: ", "))"
        }
        return nil
    }
}

extension Host {
    typealias LogFunction = @convention(c) (segue_log_level, UnsafePointer<CChar>?) -> Void

    /// Logs `message` as an error through a table that may be too small or
    /// incomplete to use otherwise: only if it is large enough to hold `log`.
    static func logIfPossible(_ host: UnsafePointer<segue_host>, _ message: String) {
        let offset = MemoryLayout<segue_host>.offset(of: \segue_host.log) ?? Int.max
        let size = Int(UnsafeRawPointer(host).load(as: UInt32.self))
        guard size >= offset + MemoryLayout<LogFunction?>.size,
              let log = UnsafeRawPointer(host).load(fromByteOffset: offset, as: LogFunction?.self)
        else { return }
        log(segue_log_level(SEGUE_LOG_ERROR), message)
    }
}

/// Everything wrong with a plugin's declaration, one sentence each.
struct DeclarationError: Error {
    var problems: [String]
}
