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
    let layouts: [UInt32: ForeignPixels.Layout] = [
        UInt32(SEGUE_PIXEL_FORMAT_I420): .i420, UInt32(SEGUE_PIXEL_FORMAT_NV12): .nv12,
        UInt32(SEGUE_PIXEL_FORMAT_RGBA): .rgba, UInt32(SEGUE_PIXEL_FORMAT_BGRA): .bgra,
        UInt32(SEGUE_PIXEL_FORMAT_RGB24): .rgb24, UInt32(SEGUE_PIXEL_FORMAT_BGR24): .bgr24,
    ]
    guard let layout = layouts[p.format] else {
        throw SegueError.invalidArgument("pixels format \(p.format) is not a SEGUE_PIXEL_FORMAT_* value")
    }
    let weights: [UInt32: YCbCr] = [UInt32(SEGUE_COLOR_MATRIX_BT709): .bt709, UInt32(SEGUE_COLOR_MATRIX_BT601): .bt601]
    let ranges: [UInt32: YCbCr.Range] = [UInt32(SEGUE_COLOR_RANGE_LIMITED): .limited, UInt32(SEGUE_COLOR_RANGE_FULL): .full]
    guard let matrix = weights[p.matrix] else {
        throw SegueError.invalidArgument("pixels matrix \(p.matrix) is not a SEGUE_COLOR_MATRIX_* value")
    }
    guard let range = ranges[p.range] else {
        throw SegueError.invalidArgument("pixels range \(p.range) is not a SEGUE_COLOR_RANGE_* value")
    }
    return try ForeignPixels(layout: layout, width: Int(p.width), height: Int(p.height), matrix: matrix.with(range),
                             planes: [p.planes.0, p.planes.1, p.planes.2],
                             strides: [Int(p.strides.0), Int(p.strides.1), Int(p.strides.2)])
}
