import CSegue
import SegueABI
import SegueBasics
import SegueCompositor
import SegueImageIO

@c @implementation
public func segue_surface_create(_ width: Int32, _ height: Int32,
                                 _ outSurface: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    call {
        let out = try required(outSurface, "out_surface")
        out.pointee = try Handle.make(try Surface(width: Int(width), height: Int(height)))
    }
}

@c @implementation
public func segue_surface_wrap(_ pixels: UnsafeMutableRawPointer?, _ width: Int32, _ height: Int32, _ stride: Int32,
                               _ outSurface: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    call {
        let out = try required(outSurface, "out_surface")
        guard let pixels else { throw SegueError.invalidArgument("pixels must not be NULL") }
        out.pointee = try Handle.make(try Surface(wrapping: pixels, width: Int(width), height: Int(height),
                                              stride: Int(stride)))
    }
}

@c @implementation
public func segue_surface_load_png(_ path: UnsafePointer<CChar>?,
                                   _ outSurface: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    call {
        let out = try required(outSurface, "out_surface")
        let file = try string(path, "path")
        guard !file.isEmpty else { throw SegueError.invalidArgument("path is empty") }
        out.pointee = try Handle.make(try PNG.read(path: file))
    }
}

@c @implementation
public func segue_surface_load_png_memory(_ bytes: UnsafeRawPointer?, _ length: Int,
                                          _ outSurface: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    call {
        let out = try required(outSurface, "out_surface")
        guard let bytes else { throw SegueError.invalidArgument("bytes must not be NULL") }
        let length = try count(length, "length")
        out.pointee = try Handle.make(try PNG.read(bytes: UnsafeRawBufferPointer(start: bytes, count: length),
                                               name: "PNG data in memory"))
    }
}

@c @implementation
public func segue_surface_save_png(_ surface: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> segue_status {
    call {
        let image = try Handle.require(surface, as: Surface.self, "surface")
        let file = try string(path, "path")
        guard !file.isEmpty else { throw SegueError.invalidArgument("path is empty") }
        try PNG.write(image, to: file)
    }
}

@c @implementation
public func segue_surface_ref(_ surface: OpaquePointer?) -> OpaquePointer? {
    Handle.retain(surface, as: Surface.self)
}

@c @implementation
public func segue_surface_unref(_ surface: OpaquePointer?) {
    Handle.release(surface, as: Surface.self)
}

@c @implementation
public func segue_surface_width(_ surface: OpaquePointer?) -> Int32 {
    Int32(Handle.peek(surface, as: Surface.self)?.width ?? 0)
}

@c @implementation
public func segue_surface_height(_ surface: OpaquePointer?) -> Int32 {
    Int32(Handle.peek(surface, as: Surface.self)?.height ?? 0)
}

@c @implementation
public func segue_surface_stride(_ surface: OpaquePointer?) -> Int32 {
    Int32(Handle.peek(surface, as: Surface.self)?.stride ?? 0)
}

@c @implementation
public func segue_surface_data(_ surface: OpaquePointer?) -> UnsafeMutableRawPointer? {
    Handle.peek(surface, as: Surface.self)?.pixels
}
