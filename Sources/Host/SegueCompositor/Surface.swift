import CPixman
import Glibc
import SegueBasics

/// An image in memory: premultiplied ARGB32 (pixman's a8r8g8b8), one
/// native-endian `UInt32` per pixel, rows `stride` bytes apart.
///
/// A surface either owns its pixels or wraps memory its creator keeps alive.
/// It is a reference type so that the C API's ref/unref maps onto ARC.
/// Reading from several threads at once is safe; writing is the caller's
/// to serialise.
public final class Surface: @unchecked Sendable {
    /// The largest width or height accepted (SEGUE_SURFACE_MAX_SIDE).
    public static let maximumSide = 32768

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// The first byte of the first row.
    public let pixels: UnsafeMutableRawPointer
    private let ownsPixels: Bool
    /// The surface whose pixels a view shows, kept alive by it.
    private let viewed: Surface?

    /// A new transparent surface with stride `width * 4`.
    /// - Throws: `.invalidArgument` for a side outside 1...maximumSide, `.outOfMemory`.
    public convenience init(width: Int, height: Int) throws {
        try self.init(width: width, height: height, cleared: true)
    }

    /// A new surface with stride `width * 4` whose pixels are whatever the
    /// memory held, for a caller that writes every one before anything reads
    /// them (a render with a background): it saves clearing the memory first.
    /// - Throws: as `init(width:height:)`.
    public convenience init(unclearedWidth width: Int, height: Int) throws {
        try self.init(width: width, height: height, cleared: false)
    }

    private init(width: Int, height: Int, cleared: Bool) throws {
        try Surface.validate(width: width, height: height, stride: width &* 4)
        guard let memory = PixelMemory.shared.allocate(bytes: height * width * 4, cleared: cleared) else {
            throw SegueError(.outOfMemory, "cannot allocate a \(width)×\(height) surface")
        }
        self.width = width
        self.height = height
        self.stride = width * 4
        self.pixels = memory
        self.ownsPixels = true
        self.viewed = nil
    }

    /// Wraps memory the caller owns and keeps valid for the surface's life.
    /// - Throws: `.invalidArgument` for bad sides, a stride that is smaller
    ///   than `width * 4` or not a multiple of 4, memory of 2³³ bytes or more
    ///   (`stride × height`), or a pointer not on a 4-byte boundary.
    public init(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws {
        try Surface.validate(width: width, height: height, stride: stride)
        guard Int(bitPattern: pixels) % 4 == 0 else {
            throw SegueError.invalidArgument("pixel memory must start on a 4-byte boundary")
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        self.ownsPixels = false
        self.viewed = nil
    }

    /// A view of `width` × `height` pixels of `surface` from `first` on,
    /// rows `surface.stride` bytes apart: the same memory, no copy, kept
    /// alive by the view. The rectangle must lie inside `surface`.
    init(viewing first: UnsafePointer<UInt32>, width: Int, height: Int, of surface: Surface) {
        self.width = width
        self.height = height
        self.stride = surface.stride
        self.pixels = UnsafeMutableRawPointer(mutating: first)
        self.ownsPixels = false
        self.viewed = surface
    }

    deinit {
        if ownsPixels { PixelMemory.shared.release(pixels, bytes: height * stride) }
    }

    private static func validate(width: Int, height: Int, stride: Int) throws {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw SegueError.invalidArgument(
                "surface size \(width)×\(height) is outside 1…\(maximumSide) on a side")
        }
        guard stride >= width * 4 else {
            throw SegueError.invalidArgument("stride \(stride) is smaller than width × 4 = \(width * 4)")
        }
        guard stride % 4 == 0, stride <= Int(Int32.max) else {
            throw SegueError.invalidArgument("stride \(stride) is not a multiple of 4 below 2³¹")
        }
        // pixman addresses a pixel as (y * stride / 4 + x) in 32-bit ints: the
        // rows must fit below 2³¹ pixels, so stride × height below 2³³ bytes.
        // Sides are at most 2¹⁵ and stride below 2³¹ here, so the product
        // cannot overflow 64 bits; it is checked all the same.
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, bytes / 4 <= Int(Int32.max) else {
            throw SegueError.invalidArgument(
                "stride \(stride) × height \(height) is \(overflow ? "beyond 2⁶³" : "\(bytes)") bytes; "
                    + "wrapped memory must be smaller than 2³³ bytes (8 GiB)")
        }
    }

    /// The whole surface as a pixel rectangle.
    public var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// Row `y` as pixels. `y` must be in 0..<height.
    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The pixel at (x, y), which must lie inside the surface.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { row(y)[x] }
        set { row(y)[x] = newValue }
    }

    /// Whether every pixel of the surface is opaque (alpha 255).
    public var isOpaque: Bool {
        (0..<height).allSatisfy { SpanKernels.isOpaque(row($0), count: width) }
    }

    /// Sets every pixel of `area` (clipped to the surface) to `pixel`.
    public func fill(_ pixel: UInt32, in area: PixelRect? = nil) {
        let r = (area ?? bounds).intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let p = row(y) + r.x0
            if pixel == 0 {
                memset(p, 0, r.width * 4)
            } else {
                p.update(repeating: pixel, count: r.width)
            }
        }
    }

    /// True when both surfaces have the same size and the same pixels.
    public func hasSamePixels(as other: Surface) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height where memcmp(row(y), other.row(y), width * 4) != 0 {
            return false
        }
        return true
    }

    /// A new pixman image over these pixels. The caller unrefs it; pixman
    /// images carry per-use state (transform, filter), so each composite
    /// gets its own and several threads can read one surface at once.
    public func makePixmanImage() -> OpaquePointer {
        guard let image = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height),
            pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))
        else {
            fatalError("pixman_image_create_bits refused a validated \(width)×\(height) surface")
        }
        return image
    }
}
