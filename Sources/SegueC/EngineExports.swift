import CSegue
import SegueBasics
import SegueEngine
import SeguePluginHost

@c @implementation
public func segue_engine_create(_ options: UnsafePointer<segue_engine_options>?,
                                _ outEngine: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    call {
        let out = try required(outEngine, "out_engine")
        // Version 0.1 callers' struct ends after `threads`.
        let settings = try readGrowable(options, "segue_engine_options", minimumSize: 8)
        let threads = Int(settings?.threads ?? 0)
        guard threads >= 0 else {
            throw SegueError.invalidArgument("options->threads must be 0 (one per processor) or more, not \(threads)")
        }
        let flags = settings?.flags ?? 0
        guard flags & ~UInt32(SEGUE_ENGINE_NO_PLUGIN_DISCOVERY) == 0 else {
            throw SegueError.invalidArgument("options->flags has unknown bits 0x\(String(flags, radix: 16))")
        }
        let plugins = PluginOptions(folders: settings?.plugin_path.map { PluginFolders.split(String(cString: $0)) } ?? [],
                                    discover: flags & UInt32(SEGUE_ENGINE_NO_PLUGIN_DISCOVERY) == 0)
        out.pointee = Handle.make(EngineObject(Engine(threads: threads, plugins: plugins)))
    }
}

@c @implementation
public func segue_engine_ref(_ engine: OpaquePointer?) -> OpaquePointer? {
    Handle.retain(engine)
}

@c @implementation
public func segue_engine_unref(_ engine: OpaquePointer?) {
    Handle.release(engine)
}
