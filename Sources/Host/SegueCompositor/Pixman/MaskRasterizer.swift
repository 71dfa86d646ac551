import CPixman
import Glibc
import SegueBasics

/// Turns paths into anti-aliased coverage masks (pixman a8 images) by
/// cutting their polygons into trapezoids, which pixman rasterises.
enum MaskRasterizer {
    private struct Edge {
        var top: Point, bottom: Point
        /// +1 when the polygon runs downwards along this edge, −1 upwards.
        var winding: Int

        func x(at y: Double) -> Double {
            let dy = bottom.y - top.y
            return dy == 0 ? top.x : top.x + (bottom.x - top.x) * (y - top.y) / dy
        }
    }

    /// A path's coverage over an area, prepared and not yet rasterised: its
    /// polygons clipped to the area (±1 pixel) and cut into trapezoids, in
    /// coordinates relative to the area's top-left corner, with the whole
    /// pixels inside its largest axis-aligned rectangle set aside to be
    /// filled with 255 outright (see `prepare`). Rasterising any part of the
    /// area gives that part of the whole mask's bytes, so a mask can be made
    /// band by band on several threads.
    struct Shape: @unchecked Sendable {
        /// The device pixels the shape was prepared for.
        let area: PixelRect
        /// Trapezoids still to rasterise, relative to `area`'s origin.
        let trapezoids: [pixman_trapezoid_t]
        /// Device pixels set to 255 outright.
        let filled: PixelRect

        /// Adds the coverage to an a8 image whose pixel (0, 0) is device
        /// pixel (part.x0, part.y0) and which is `part`'s size (a part of
        /// `area`): onto a cleared image, that is `part` of the mask.
        func add(onto image: OpaquePointer, covering part: PixelRect) {
            let fill = filled.intersection(part)
            if !fill.isEmpty, let data = pixman_image_get_data(image) {
                let stride = Int(pixman_image_get_stride(image))
                let bytes = UnsafeMutableRawPointer(data)
                for y in fill.y0..<fill.y1 {
                    memset(bytes + (y - part.y0) * stride + (fill.x0 - part.x0), 0xFF, fill.width)
                }
            }
            guard !trapezoids.isEmpty else { return }
            // Whole-pixel offsets move the trapezoids exactly: pixman samples every pixel alike.
            trapezoids.withUnsafeBufferPointer {
                pixman_add_trapezoids(image, Int16(area.x0 - part.x0), Int32(area.y0 - part.y0),
                                      Int32($0.count), $0.baseAddress)
            }
        }
    }

    /// The coverage of `path` over the pixels of `area` (device pixels), as a
    /// new a8 image of area's size whose pixel (0, 0) is area's top-left
    /// corner. The caller unrefs it.
    static func mask(for path: Path, rule: FillRule, in area: PixelRect) -> OpaquePointer {
        let image = pixman_image_create_bits(PIXMAN_a8, Int32(area.width), Int32(area.height), nil, 0)!
        prepare(path, rule: rule, in: area).add(onto: image, covering: area)
        return image
    }

    /// Prepares `path`'s coverage over `area`.
    static func prepare(_ path: Path, rule: FillRule, in area: PixelRect) -> Shape {
        let bounds = Rect(x: Double(area.x0) - 1, y: Double(area.y0) - 1,
                          width: Double(area.width) + 2, height: Double(area.height) + 2)
        let origin = Point(x: Double(area.x0), y: Double(area.y0))
        var edges: [Edge] = []
        for polygon in path.polygons() {
            let clipped = clip(polygon, to: bounds).map { $0 - origin }
            guard clipped.count >= 3 else { continue }
            for i in clipped.indices {
                let p = clipped[i], q = clipped[(i + 1) % clipped.count]
                if p.y < q.y {
                    edges.append(Edge(top: p, bottom: q, winding: 1))
                } else if p.y > q.y {
                    edges.append(Edge(top: q, bottom: p, winding: -1))
                }
            }
        }
        let (traps, filled) = setAsideLargestRectangle(trapezoids(edges, rule: rule),
                                                       within: PixelRect(width: area.width, height: area.height))
        return Shape(area: area, trapezoids: traps,
                     filled: filled.isEmpty ? .empty : PixelRect(x0: filled.x0 + area.x0, y0: filled.y0 + area.y0,
                                                                  x1: filled.x1 + area.x0, y1: filled.y1 + area.y0))
    }

    /// Finds the whole pixels inside the largest trapezoid with vertical
    /// sides (a rectangle: most of a clip's area), to be set to 255 with
    /// memset, and gives back the trapezoids still to rasterise — the others,
    /// and that one's rim cut at whole pixels. pixman samples a pixel at
    /// fractions of it, never on its edges, so the rim pieces and the filled
    /// pixels together cover exactly what the rectangle would, while
    /// pixman's per-sample-row work (15 passes over every row for a8) is
    /// skipped for the pixels inside. Filling with 255 is what adding full
    /// coverage gives (pixman saturates).
    private static func setAsideLargestRectangle(_ traps: [pixman_trapezoid_t], within size: PixelRect)
        -> (rest: [pixman_trapezoid_t], filled: PixelRect) {
        func inner(_ t: pixman_trapezoid_t) -> PixelRect {
            guard t.left.p1.x == t.left.p2.x, t.right.p1.x == t.right.p2.x else { return .empty }
            let rect = PixelRect(x0: Int((t.left.p1.x + 0xFFFF) >> 16), y0: Int((t.top + 0xFFFF) >> 16),
                                 x1: Int(t.right.p1.x >> 16), y1: Int(t.bottom >> 16))
            return rect.isEmpty ? .empty : rect
        }
        let rects = traps.map(inner)
        let areas = rects.map { $0.isEmpty ? 0 : $0.width * $0.height }
        guard let best = areas.indices.max(by: { areas[$0] < areas[$1] }), areas[best] >= 1024 else {
            return (traps, .empty)
        }
        let t = traps[best], rect = rects[best]
        let filled = rect.intersection(size)
        func vertical(_ x: Int) -> pixman_line_fixed_t {
            pixman_line_fixed_t(p1: pixman_point_fixed_t(x: pixman_fixed_t(x << 16), y: t.left.p1.y),
                                p2: pixman_point_fixed_t(x: pixman_fixed_t(x << 16), y: t.left.p2.y))
        }
        let y0 = pixman_fixed_t(rect.y0 << 16), y1 = pixman_fixed_t(rect.y1 << 16)
        var rim: [pixman_trapezoid_t] = []
        if t.top < y0 { rim.append(pixman_trapezoid_t(top: t.top, bottom: y0, left: t.left, right: t.right)) }
        if y1 < t.bottom { rim.append(pixman_trapezoid_t(top: y1, bottom: t.bottom, left: t.left, right: t.right)) }
        if t.left.p1.x < pixman_fixed_t(rect.x0 << 16) {
            rim.append(pixman_trapezoid_t(top: y0, bottom: y1, left: t.left, right: vertical(rect.x0)))
        }
        if pixman_fixed_t(rect.x1 << 16) < t.right.p1.x {
            rim.append(pixman_trapezoid_t(top: y0, bottom: y1, left: vertical(rect.x1), right: t.right))
        }
        var rest = traps
        rest.remove(at: best)
        return (rest + rim, filled)
    }

    /// Sutherland–Hodgman clipping of a polygon to a rectangle. It keeps the
    /// winding number of every point inside the rectangle, so it is safe for
    /// both fill rules, and it keeps coordinates within pixman's 16.16 range.
    private static func clip(_ polygon: [Point], to r: Rect) -> [Point] {
        var points = polygon
        let planes: [(Point) -> Double] = [
            { $0.x - r.minX }, { r.maxX - $0.x }, { $0.y - r.minY }, { r.maxY - $0.y },
        ]
        for inside in planes {
            guard !points.isEmpty else { break }
            var output: [Point] = []
            output.reserveCapacity(points.count + 4)
            var previous = points[points.count - 1]
            var previousDistance = inside(previous)
            for point in points {
                let distance = inside(point)
                if (distance >= 0) != (previousDistance >= 0) {
                    let t = previousDistance / (previousDistance - distance)
                    output.append(previous + (point - previous) * t)
                }
                if distance >= 0 { output.append(point) }
                previous = point
                previousDistance = distance
            }
            points = output
        }
        return points
    }

    /// Cuts the region the edges enclose into trapezoids: between every pair
    /// of consecutive event heights (vertices and crossings) the edges are
    /// straight and ordered, so spans with the fill rule's inside form trapezoids.
    private static func trapezoids(_ edges: [Edge], rule: FillRule) -> [pixman_trapezoid_t] {
        guard !edges.isEmpty else { return [] }
        var heights = Set<Double>()
        for edge in edges {
            heights.insert(edge.top.y)
            heights.insert(edge.bottom.y)
        }
        let sortedHeights = heights.sorted()
        var result: [pixman_trapezoid_t] = []
        for (y0, y1) in zip(sortedHeights, sortedHeights.dropFirst()) {
            let active = edges.filter { $0.top.y <= y0 && $0.bottom.y >= y1 }
            guard active.count >= 2 else { continue }
            // Split the band where active edges cross, so their order is fixed inside each piece.
            var cuts = [y0, y1]
            for i in active.indices {
                for j in active.indices where j > i {
                    let d0 = active[i].x(at: y0) - active[j].x(at: y0)
                    let d1 = active[i].x(at: y1) - active[j].x(at: y1)
                    if d0 * d1 < 0 {
                        cuts.append(y0 + (y1 - y0) * d0 / (d0 - d1))
                    }
                }
            }
            cuts.sort()
            for (top, bottom) in zip(cuts, cuts.dropFirst()) where bottom > top {
                let middle = (top + bottom) / 2
                let ordered = active.sorted { $0.x(at: middle) < $1.x(at: middle) }
                var winding = 0
                for (k, edge) in ordered.enumerated().dropLast() {
                    winding += edge.winding
                    let inside = rule == .nonZero ? winding != 0 : winding & 1 == 1
                    if inside {
                        result.append(trapezoid(top: top, bottom: bottom, left: edge, right: ordered[k + 1]))
                    }
                }
            }
        }
        return result
    }

    private static func trapezoid(top: Double, bottom: Double, left: Edge, right: Edge) -> pixman_trapezoid_t {
        func fixed(_ v: Double) -> pixman_fixed_t { segue_pixman_double_to_fixed(v) }
        func line(_ e: Edge) -> pixman_line_fixed_t {
            pixman_line_fixed_t(p1: pixman_point_fixed_t(x: fixed(e.top.x), y: fixed(e.top.y)),
                                p2: pixman_point_fixed_t(x: fixed(e.bottom.x), y: fixed(e.bottom.y)))
        }
        return pixman_trapezoid_t(top: fixed(top), bottom: fixed(bottom), left: line(left), right: line(right))
    }
}
