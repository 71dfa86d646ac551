import CSegue
import SegueABI

/// A transparent image of premultiplied ARGB32 pixels that the plugin owns
/// (`image_create`), released when the last reference goes. It may be kept
/// across renders, e.g. for artwork drawn once; draw it with `image`.
///
/// Thread rule: different pixel images may be used on different threads at
/// once; one pixel image must not be written while it is read.
public final class PixelImage: @unchecked Sendable {
    let pointer: OpaquePointer
    let host: UnsafePointer<segue_host>

    /// The pixels, valid as long as this object.
    public let pixels: Pixels

    /// A new transparent image, 1…32768 pixels on a side.
    /// - Throws: `PluginError` when the plugin is not initialised or the host refuses the size.
    public init(width: Int, height: Int) throws {
        guard let host = Kit.host else { throw PluginError("the plugin is not initialised", status: .invalidArgument) }
        guard let width = Int32(exactly: width), let height = Int32(exactly: height) else {
            throw PluginError("an image of \(width) × \(height) pixels is too large", status: .invalidArgument)
        }
        var image: OpaquePointer?
        try check(host.pointee.image_create!(width, height, &image), "creating a \(width) × \(height) image")
        guard let image else { throw PluginError("the host created no image", status: .outOfMemory) }
        guard let pixels = Pixels(image: image, host: host) else {
            host.pointee.image_release!(image)
            throw PluginError("the host gave no pixels for a new image", status: .plugin)
        }
        self.pointer = image
        self.host = host
        self.pixels = pixels
    }

    /// The image, to draw on a canvas (pixel `(0, 0)` at the origin).
    public var image: Image { Image(pointer) }

    deinit {
        host.pointee.image_release!(pointer)
    }
}
