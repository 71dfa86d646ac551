import SegueBasics

/// Draws an image seen in perspective — placed by a projective transform —
/// bilinearly filtered, OVER (or ADD to) premultiplied a8r8g8b8 pixels; the
/// projective counterpart of `AffineKernel`, whose pixel arithmetic it
/// shares (7-bit bilinear weights, pixman's rounding when combining).
///
/// Device pixel (X, Y) shows the source point the inverse transform maps
/// (X + ½, Y + ½) to: (u, v) = (u′/w, v′/w), computed in double precision
/// per pixel; its bilinear reference is (u − ½, v − ½), whose fraction's
/// top 7 bits are the weights. Points with w ≤ 0 lie behind the eye and are
/// left alone; source pixels outside the image count as transparent.
///
/// pixman draws the same transforms through its general fetcher (16.16
/// fixed point per pixel); the two agree to within a unit or two where the
/// fixed point's rounding moves a weight (the tests measure it), and this
/// kernel is several times faster (`make bench`).
enum ProjectiveKernel {
    /// A source placed on the device: the device → source transform and
    /// the source pixels, usable for any number of bands, from any thread.
    struct Placement: @unchecked Sendable {
        /// Device → source.
        let inverse: ProjectiveTransform
        let width: Int, height: Int, stride: Int
        let pixels: UnsafeRawPointer
        /// Keeps the pixels alive.
        private let owner: AnyObject

        /// The placement of `source` by `transform` (source → device), or
        /// nil when it cannot be inverted.
        init?(source: Surface, transform: ProjectiveTransform) {
            guard let inverse = transform.inverted, inverse.isFinite else { return nil }
            self.inverse = inverse
            width = source.width
            height = source.height
            stride = source.stride
            pixels = UnsafeRawPointer(source.pixels)
            owner = source
        }

        /// Combines the placed source, times `coverage`, with the destination
        /// pixels of `area` (device pixels; see `AffineKernel.compositeOver`).
        func composite(_ op: AffineKernel.Operator, coverage: AffineKernel.Coverage,
                       into destination: UnsafeMutableRawPointer, destinationStride: Int, origin: (x: Int, y: Int),
                       area: PixelRect) {
            var factor: UInt32 = 255
            var mask: (bytes: UnsafePointer<UInt8>, stride: Int, origin: (x: Int, y: Int))?
            switch coverage {
            case .opacity(let opacity):
                guard opacity > 0 else { return }   // NaN too
                factor = opacity >= 1 ? 255 : UInt32((opacity * 255).rounded())
                guard factor > 0 else { return }
            case .mask(let bytes, let stride, let maskOrigin):
                mask = (bytes, stride, maskOrigin)
            }
            let g = inverse
            let limit = Double(1 << 24)
            for y in area.y0..<area.y1 {
                let row = (destination + (y - origin.y) * destinationStride).assumingMemoryBound(to: UInt32.self)
                    - origin.x
                let maskRow = mask.map { $0.bytes + (y - $0.origin.y) * $0.stride - $0.origin.x }
                let cy = Double(y) + 0.5
                // u′, v′, w at device x = 0, stepped by one column at a time.
                let u0 = g.m21 * cy + g.m31, v0 = g.m22 * cy + g.m32, w0 = g.m23 * cy + g.m33
                for x in area.x0..<area.x1 {
                    let cx = Double(x) + 0.5
                    let w = g.m13 * cx + w0
                    guard w > 0 else { continue }
                    let u = (g.m11 * cx + u0) / w - 0.5, v = (g.m12 * cx + v0) / w - 0.5
                    guard u > -1, v > -1, u < Double(width), v < Double(height), u < limit, v < limit else { continue }
                    let fx = u.rounded(.down), fy = v.rounded(.down)
                    let ix = Int(fx), iy = Int(fy)
                    let dx = UInt32((u - fx) * 128), dy = UInt32((v - fy) * 128)
                    let s = AffineKernel.interpolate(pixel(ix, iy), pixel(ix + 1, iy), pixel(ix, iy + 1),
                                                     pixel(ix + 1, iy + 1), dx: dx, dy: dy)
                    guard s != 0 else { continue }
                    let m = maskRow.map { UInt32($0[x]) } ?? factor
                    row[x] = AffineKernel.combine(s, row[x], coverage: m, op)
                }
            }
        }

        /// Source pixel (x, y), transparent outside the image.
        @inline(__always)
        private func pixel(_ x: Int, _ y: Int) -> UInt32 {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            return (pixels + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        }
    }
}
