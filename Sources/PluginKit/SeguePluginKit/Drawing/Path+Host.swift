import CSegue
import SegueABI

extension Path {
    /// Makes a host path of this outline, calls `body` with it, and destroys it.
    /// Each `Canvas.fill` or clipped `Canvas.draw` goes through here, so no
    /// host path is ever left to free.
    /// - Throws: `PluginError(.outOfMemory)` when the host cannot make a path.
    func withHostPath<R>(_ host: UnsafePointer<segue_host>, _ body: (OpaquePointer) throws -> R) throws -> R {
        guard let path = host.pointee.path_create!() else {
            throw PluginError("the host could not create a path", status: .outOfMemory)
        }
        defer { host.pointee.path_destroy!(path) }
        for element in elements {
            switch element {
            case .move(let point): host.pointee.path_move_to!(path, point.x, point.y)
            case .line(let point): host.pointee.path_line_to!(path, point.x, point.y)
            case .quadCurve(let point, let control):
                host.pointee.path_quad_to!(path, control.x, control.y, point.x, point.y)
            case .curve(let point, let control1, let control2):
                host.pointee.path_cubic_to!(path, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .closeSubpath: host.pointee.path_close!(path)
            }
        }
        return try body(path)
    }
}
