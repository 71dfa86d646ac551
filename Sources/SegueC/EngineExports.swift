import CSegue
import SegueBasics
import SegueEngine

@c @implementation
public func segue_engine_create(_ options: UnsafePointer<segue_engine_options>?,
                                _ outEngine: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    call {
        let out = try required(outEngine, "out_engine")
        let settings = try readGrowable(options, "segue_engine_options",
                                        minimumSize: MemoryLayout<segue_engine_options>.size)
        let threads = Int(settings?.threads ?? 0)
        guard threads >= 0 else {
            throw SegueError.invalidArgument("options->threads must be 0 (one per processor) or more, not \(threads)")
        }
        out.pointee = Handle.make(Engine(threads: threads))
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
