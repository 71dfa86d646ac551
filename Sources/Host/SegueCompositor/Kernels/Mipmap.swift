import SegueBasics

/// Strong downscales without aliasing: before an image is drawn smaller than
/// half its size along an axis, it is halved along that axis (each pixel
/// the rounded mean of two) until what remains shrinks by less than 2, and
/// the smaller image is then sampled bilinearly like any other. This is a
/// mipmap built on demand per frame, one axis at a time, so a picture
/// squeezed along one axis is not blurred along the other. It costs about
/// one pass over a quarter of the source, where pixman's separable box
/// filter (its generic C fetcher) cost several times a full-frame pass.
enum Mipmap {
    /// How many halvings along each axis `transform` (source → device, axis
    /// aligned) calls for: the largest n with 2ⁿ < the shrink factor, so the
    /// remaining shrink lies in [1, 2). (0, 0) when nothing needs halving.
    static func halvings(for transform: AffineTransform) -> (x: Int, y: Int) {
        guard transform.preservesAxes else { return (0, 0) }
        func count(_ scale: Double) -> Int {
            let shrink = 1 / abs(scale)
            guard shrink.isFinite, shrink > 2 else { return 0 }
            var n = 0, remaining = shrink
            while remaining > 2, n < 14 {
                remaining /= 2
                n += 1
            }
            return n
        }
        return (count(transform.a), count(transform.d))
    }

    /// `surface` (or its `crop`) halved `halvings.x` times across and
    /// `halvings.y` times down, and the transform that places the result
    /// where `transform` placed the original; nil when there is nothing to
    /// do or no memory for it (the caller then draws the original).
    /// `forEach` runs independent iterations, on several threads if it can.
    static func reduce(_ surface: Surface, crop: PixelRect?, transform: AffineTransform,
                       halvings: (x: Int, y: Int), forEach: ParallelLoop = serially) -> (Surface, AffineTransform)? {
        guard halvings.x > 0 || halvings.y > 0 else { return nil }
        var image = surface
        var region = (crop ?? surface.bounds).intersection(surface.bounds)
        guard !region.isEmpty else { return nil }
        // A crop that reaches past the surface reads transparent there; shift
        // the placement to where the pixels are, like the compositor does.
        let shift = (x: Double(region.x0 - (crop?.x0 ?? 0)), y: Double(region.y0 - (crop?.y0 ?? 0)))
        var remaining = halvings
        while remaining.x > 0 || remaining.y > 0 {
            guard let half = try? halve(image, region: region, across: remaining.x > 0, down: remaining.y > 0,
                                        forEach: forEach) else {
                return nil
            }
            if remaining.x > 0 { remaining.x -= 1 }
            if remaining.y > 0 { remaining.y -= 1 }
            image = half
            region = half.bounds
        }
        let scale = AffineTransform.scale(x: Double(1 << halvings.x), y: Double(1 << halvings.y))
        return (image, scale.concatenating(.translation(x: shift.x, y: shift.y)).concatenating(transform))
    }

    /// `region` of `source` halved across and/or down: each output pixel the
    /// rounded mean of the two (or four) pixels it covers, premultiplied; an
    /// odd last column or row repeats its edge pixel. Output rows go in
    /// blocks of `blockRows`, spread by `forEach`.
    static func halve(_ source: Surface, region: PixelRect, across: Bool, down: Bool,
                      forEach: ParallelLoop = serially) throws -> Surface {
        let width = across ? (region.width + 1) / 2 : region.width
        let height = down ? (region.height + 1) / 2 : region.height
        let output = try Surface(width: width, height: height)
        let lastColumn = region.x1 - 1, lastRow = region.y1 - 1
        forEach((height + blockRows - 1) / blockRows) { block in
            for y in block * blockRows..<min((block + 1) * blockRows, height) {
                let y0 = region.y0 + (down ? 2 * y : y)
                let top = source.row(y0), bottom = source.row(down ? min(y0 + 1, lastRow) : y0)
                let out = output.row(y)
                for x in 0..<width {
                    let x0 = region.x0 + (across ? 2 * x : x)
                    let x1 = across ? min(x0 + 1, lastColumn) : x0
                    out[x] = mean(top[x0], top[x1], bottom[x0], bottom[x1])
                }
            }
        }
        return output
    }

    private static let blockRows = 32

    /// The rounded mean of four premultiplied pixels, channel by channel: two
    /// channels per 32-bit lane (sums of four bytes fit in 16 bits).
    @inline(__always)
    static func mean(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let low: UInt32 = 0x00FF_00FF
        let evens = (a & low) &+ (b & low) &+ (c & low) &+ (d & low) &+ 0x0002_0002
        let odds = ((a >> 8) & low) &+ ((b >> 8) & low) &+ ((c >> 8) & low) &+ ((d >> 8) & low) &+ 0x0002_0002
        return ((evens >> 2) & low) | (((odds >> 2) & low) << 8)
    }
}
