import CPixman
import Glibc
import SegueBasics

/// Pixels being drawn into: a surface whose pixel (0, 0) is device pixel
/// `origin`, and its pixman image.
final class Destination {
    let surface: Surface
    let origin: (x: Int, y: Int)
    /// Made with the destination, not when first asked for: bands on several
    /// threads draw through it at once, and two of them making it would
    /// leak one.
    let pixmanImage: OpaquePointer

    init(_ surface: Surface, origin: (x: Int, y: Int)) {
        self.surface = surface
        self.origin = origin
        pixmanImage = surface.makePixmanImage()
    }

    deinit {
        pixman_image_unref(pixmanImage)
    }

    /// Device row `y`, indexed by device column.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        surface.row(y - origin.y) - origin.x
    }

    static func fill(_ row: UnsafeMutablePointer<UInt32>, _ pixel: UInt32, from x0: Int, to x1: Int) {
        guard x1 > x0 else { return }
        if pixel == 0 {
            memset(row + x0, 0, (x1 - x0) * 4)
        } else {
            (row + x0).update(repeating: pixel, count: x1 - x0)
        }
    }

    /// Sets the device pixels of `area` to `pixel`.
    func fill(_ pixel: UInt32, in area: PixelRect) {
        for y in area.y0..<area.y1 { Self.fill(row(y), pixel, from: area.x0, to: area.x1) }
    }

    /// Sets the alpha of the device pixels of `area` to 1, their colour
    /// channels kept: premultiplied colour over opaque black.
    func makeOpaque(in area: PixelRect) {
        for y in area.y0..<area.y1 {
            let r = row(y)
            for x in area.x0..<area.x1 { r[x] |= 0xFF00_0000 }
        }
    }

    /// Sets the device pixels of `area` outside `hole` to `pixel`.
    func fill(_ pixel: UInt32, in area: PixelRect, except hole: PixelRect) {
        let hole = hole.intersection(area)
        guard !hole.isEmpty else { return fill(pixel, in: area) }
        for y in area.y0..<area.y1 {
            let r = row(y)
            if y < hole.y0 || y >= hole.y1 {
                Self.fill(r, pixel, from: area.x0, to: area.x1)
            } else {
                Self.fill(r, pixel, from: area.x0, to: hole.x0)
                Self.fill(r, pixel, from: hole.x1, to: area.x1)
            }
        }
    }
}

