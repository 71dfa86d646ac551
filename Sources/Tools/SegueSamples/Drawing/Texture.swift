import Glibc
import SegueBasics
import SegueCompositor

/// Smooth fills the canvas has no call for (gradients, soft shadows, soft
/// alpha): a small image computed texel by texel, then drawn stretched over
/// a rectangle with the compositor's bilinear filter.
///
/// Texel centres sit on the rectangle's edges, so the stretched image is the
/// colour function sampled at both ends exactly; the half-texel fringe pixman
/// fades to transparent lies outside the rectangle, and a clip keeps it out.
enum Texture {
    /// An image of `columns` × `rows` texels whose texel (i, j) holds
    /// `color(u, v)` with u = i / (columns − 1), v = j / (rows − 1).
    static func make(columns: Int, rows: Int, _ color: (_ u: Double, _ v: Double) -> Color) throws -> Surface {
        let columns = max(columns, 2), rows = max(rows, 2)
        let surface = try Surface(width: columns, height: rows)
        for j in 0..<rows {
            let row = surface.row(j)
            let v = Double(j) / Double(rows - 1)
            for i in 0..<columns {
                row[i] = color(Double(i) / Double(columns - 1), v).premultipliedARGB32
            }
        }
        return surface
    }

    /// Texels along a side of `length` pixels: one per `spacing` pixels, within limits.
    static func texels(_ length: Double, spacing: Double = 6, limit: Int = 160) -> Int {
        let count = (length / spacing).rounded(.up)
        return count.isFinite ? min(max(Int(count) + 1, 2), limit) : 2
    }

    /// Draws `texture` stretched so that its outer texel centres land on the
    /// edges of `rect`, limited to `clip` (default: `rect` itself).
    /// With a `transform` (applied after the stretch), the default clip is
    /// none: use it for textures whose edges are transparent anyway.
    static func draw(_ texture: Surface, over rect: Rect, clip: Clip? = nil, transform: AffineTransform? = nil,
                     opacity: Double = 1, blend: BlendMode = .normal, in canvas: inout PictureRecorder) {
        guard rect.width > 0, rect.height > 0 else { return }
        let kx = rect.width / Double(texture.width - 1), ky = rect.height / Double(texture.height - 1)
        let placement = AffineTransform.scale(x: kx, y: ky)
            .concatenating(.translation(x: rect.minX - 0.5 * kx, y: rect.minY - 0.5 * ky))
        canvas.draw(texture, transform: transform.map { placement.concatenating($0) } ?? placement,
                    clip: transform == nil ? clip ?? .rect(rect) : clip, opacity: opacity, blend: blend)
    }

    /// Fills `clip` (which must lie inside `rect`) with colours from
    /// `color(u, v)`, (u, v) running over `rect` from (0, 0) to (1, 1).
    static func fill(_ rect: Rect, clip: Clip? = nil, spacing: Double = 6, in canvas: inout PictureRecorder,
                     _ color: (_ u: Double, _ v: Double) -> Color) throws {
        let texture = try make(columns: texels(rect.width, spacing: spacing), rows: texels(rect.height, spacing: spacing),
                               color)
        draw(texture, over: rect, clip: clip, in: &canvas)
    }

    /// A vertical gradient through `stops` (positions in 0...1, ascending).
    static func gradient(_ stops: [(Double, Color)], at t: Double) -> Color {
        guard var previous = stops.first else { return .clear }
        if t <= previous.0 { return previous.1 }
        for stop in stops.dropFirst() {
            if t <= stop.0 {
                let span = stop.0 - previous.0
                return previous.1.mixed(with: stop.1, by: span > 0 ? (t - previous.0) / span : 1)
            }
            previous = stop
        }
        return previous.1
    }

    /// A soft shadow under a rounded rectangle: `color` faded by distance
    /// from the shape over `blur` pixels, as if blurred by about that radius.
    /// The shadow fades to nothing inside its texture, so it needs no clip
    /// and may be turned with `transform`.
    static func shadow(of rect: Rect, radius: Double, blur: Double, offset: Point = .zero, color: Color,
                       transform: AffineTransform = .identity, in canvas: inout PictureRecorder) throws {
        let blur = max(blur, 0.5)
        let shape = rect.offsetBy(dx: offset.x, dy: offset.y)
        let area = shape.insetBy(dx: -2 * blur, dy: -2 * blur)
        let r = max(0, min(radius, shape.width / 2, shape.height / 2))
        let texture = try make(columns: texels(area.width, spacing: max(blur / 3, 1)),
                               rows: texels(area.height, spacing: max(blur / 3, 1))) { u, v in
            // Signed distance to the rounded rectangle.
            let px = area.minX + u * area.width - shape.center.x, py = area.minY + v * area.height - shape.center.y
            let qx = abs(px) - (shape.width / 2 - r), qy = abs(py) - (shape.height / 2 - r)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            let distance = outside + min(max(qx, qy), 0) - r
            return color.opacity(1 - smoothstep(-blur, blur * 1.6, distance))
        }
        draw(texture, over: area, transform: transform, in: &canvas)
    }
}
