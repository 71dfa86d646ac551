/// Premultiplied ARGB32 pixels (pixman's a8r8g8b8: one native-endian
/// `UInt32` per pixel, `0xAARRGGBB`), borrowed from an image.
public struct Pixels {
    /// The first byte of the top row.
    public let baseAddress: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int

    public init(baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// Row `y` (0 at the top). Traps when `y` is outside `0..<height`.
    public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        precondition(y >= 0 && y < height, "row \(y) is outside 0..<\(height)")
        let start = (baseAddress + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
        return UnsafeMutableBufferPointer(start: start, count: width)
    }

    /// The pixel at `(x, y)`. Traps outside the image.
    public subscript(x: Int, y: Int) -> UInt32 {
        get {
            precondition(x >= 0 && x < width, "column \(x) is outside 0..<\(width)")
            return row(y)[x]
        }
        nonmutating set {
            precondition(x >= 0 && x < width, "column \(x) is outside 0..<\(width)")
            row(y)[x] = newValue
        }
    }
}
