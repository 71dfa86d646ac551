import CSegue
import SegueABI
import SegueBasics
import SegueCompositor
import SegueImageIO

// segue/pixels.h: the layouts video hosts hold, converted at the edge.

@c @implementation
public func segue_surface_import(_ pixels: UnsafePointer<segue_pixels>?, _ target: OpaquePointer?) -> segue_status {
    call {
        let picture = try foreignPixels(pixels)
        try picture.importing(into: try Handle.require(target, as: Surface.self, "target"))
    }
}

@c @implementation
public func segue_surface_export(_ surface: OpaquePointer?, _ pixels: UnsafePointer<segue_pixels>?) -> segue_status {
    call {
        let image = try Handle.require(surface, as: Surface.self, "surface")
        try foreignPixels(pixels).exporting(from: image)
    }
}

/// The caller's segue_pixels, every field checked.
private func foreignPixels(_ pointer: UnsafePointer<segue_pixels>?) throws -> ForeignPixels {
    guard let p = try readGrowable(pointer, Layouts.pixels) else {
        throw SegueError.invalidArgument("pixels must not be NULL")
    }
    guard let layout = PixelLayout(p.format) else {
        throw SegueError.invalidArgument("pixels format \(p.format) is not a SEGUE_PIXEL_FORMAT_* value")
    }
    guard let range = YCbCr.Range(p.range) else {
        throw SegueError.invalidArgument("pixels range \(p.range) is not a SEGUE_COLOR_RANGE_* value")
    }
    guard let matrix = YCbCr(matrix: p.matrix, range: range) else {
        throw SegueError.invalidArgument("pixels matrix \(p.matrix) is not a SEGUE_COLOR_MATRIX_* value")
    }
    return try ForeignPixels(layout: layout, width: Int(p.width), height: Int(p.height), matrix: matrix,
                             planes: [p.planes.0, p.planes.1, p.planes.2],
                             strides: [Int(p.strides.0), Int(p.strides.1), Int(p.strides.2)])
}
