import CSegue
import SegueABI
import SegueBasics
import SegueCompositor
import SegueEngine
import SeguePluginHost

@c @implementation
public func segue_engine_create(_ options: UnsafePointer<segue_engine_options>?,
                                _ outEngine: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    call {
        let out = try required(outEngine, "out_engine")
        let settings = try readGrowable(options, Layouts.engineOptions)
        let threads = Int(settings?.threads ?? 0)
        guard (0...Int(SEGUE_ENGINE_MAX_THREADS)).contains(threads) else {
            throw SegueError.invalidArgument("options->threads must be 0 (one per processor) or 1…"
                + "\(SEGUE_ENGINE_MAX_THREADS) (SEGUE_ENGINE_MAX_THREADS), not \(threads)")
        }
        let flags = settings?.flags ?? 0
        guard flags & ~UInt32(SEGUE_ENGINE_NO_PLUGIN_DISCOVERY) == 0 else {
            throw SegueError.invalidArgument("options->flags has unknown bits 0x\(String(flags, radix: 16))")
        }
        let plugins = PluginOptions(folders: settings?.plugin_path.map { PluginFolders.split(String(cString: $0)) } ?? [],
                                    discover: flags & UInt32(SEGUE_ENGINE_NO_PLUGIN_DISCOVERY) == 0)
        /// A budget field: 0 for the default, and values beyond Int64 as Int64's largest.
        func limit(_ value: UInt64?, _ standard: Int) -> Int {
            guard let value, value != 0 else { return standard }
            return Int(clamping: value)
        }
        let standard = RenderBudget.standard
        let budget = RenderBudget(primitives: limit(settings?.max_primitives, standard.primitives),
                                  pixels: limit(settings?.max_pixels, standard.pixels),
                                  bytes: limit(settings?.max_layer_bytes, standard.bytes))
        out.pointee = try Handle.make(EngineObject(Engine(threads: threads, plugins: plugins, budget: budget)))
    }
}


@c @implementation
public func segue_engine_ref(_ engine: OpaquePointer?) -> OpaquePointer? {
    Handle.retain(engine, as: EngineObject.self)
}

@c @implementation
public func segue_engine_unref(_ engine: OpaquePointer?) {
    Handle.release(engine, as: EngineObject.self)
}
