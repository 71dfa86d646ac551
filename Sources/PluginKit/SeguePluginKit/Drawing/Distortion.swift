import CSegue
import SegueABI

/// SwiftUI's distortion shader: the source position each output position
/// shows, for `Canvas.drawDistorted`.
///
/// Positions are in the canvas frame's own coordinates: (0, 0) is the
/// frame's top-left corner, x runs across and y down, in pixels, and a
/// pixel's position is its centre. A source position reads the image
/// bilinearly, a pixel's colour sitting at its centre, so returning the
/// position itself shows the image unchanged, byte for byte. A position
/// outside the image, or not finite, leaves the pixel transparent.
///
/// The host calls a distortion from several threads at once, for different
/// rows, after `render` has returned: it must be a value that only reads
/// what it holds. It may ask for a pixel more than once, in rows that start
/// anywhere: a pixel's source position must depend on the pixel alone.
///
/// ```swift
/// struct Wave: Distortion {
///     var amplitude: Double, width: Double
///     func source(of p: Point) -> Point {
///         Point(x: p.x, y: p.y + amplitude * sin(2 * .pi * p.x / width))
///     }
/// }
/// try canvas.drawDistorted(canvas.content, by: Wave(amplitude: 20, width: canvas.frame.width),
///                          maxSampleOffset: Size(width: 0, height: 20))
/// ```
public protocol Distortion: Sendable {
    /// The source position that output position `position` shows.
    func source(of position: Point) -> Point

    /// Writes the source positions of `positions.count` output pixels of one
    /// row, the first at `first` and each next one a pixel to the right. The
    /// default asks `source(of:)` for each; implement it to compute a row at
    /// a time.
    func sources(ofRowFrom first: Point, into positions: UnsafeMutableBufferPointer<Point>)
}

extension Distortion {
    @inlinable
    public func sources(ofRowFrom first: Point, into positions: UnsafeMutableBufferPointer<Point>) {
        for i in positions.indices {
            positions[i] = source(of: Point(x: first.x + Double(i), y: first.y))
        }
    }
}

/// A distortion handed to the host: boxed, retained until the host releases it.
final class DistortionBox {
    let distortion: any Distortion

    init(_ distortion: any Distortion) {
        self.distortion = distortion
    }

    /// The C form: the box retained as its context, released by the host.
    static func cValue(_ distortion: any Distortion, maxSampleOffset: Size) -> segue_distortion {
        var d = segue_distortion()
        d.struct_size = UInt32(MemoryLayout<segue_distortion>.size)
        d.context = Unmanaged.passRetained(DistortionBox(distortion)).toOpaque()
        d.map = { context, first, count, positions in
            guard let context, let positions, count > 0 else { return }
            let box = Unmanaged<DistortionBox>.fromOpaque(context).takeUnretainedValue()
            // x then y for each pixel: the layout of `Point` (the kit's tests check it).
            UnsafeMutableRawPointer(positions).withMemoryRebound(to: Point.self, capacity: Int(count)) {
                box.distortion.sources(ofRowFrom: Point(first), into: UnsafeMutableBufferPointer(start: $0, count: Int(count)))
            }
        }
        d.release = { context in
            if let context { Unmanaged<DistortionBox>.fromOpaque(context).release() }
        }
        d.max_sample_offset = segue_point(x: maxSampleOffset.width, y: maxSampleOffset.height)
        return d
    }
}
