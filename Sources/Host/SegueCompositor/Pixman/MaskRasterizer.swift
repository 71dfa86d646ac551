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
    /// rows of every trapezoid with vertical sides set aside as one row of
    /// coverage repeated (see `prepare`). Rasterising any part of the area
    /// gives that part of the whole mask's bytes, so a mask can be made band
    /// by band on several threads.
    struct Shape: @unchecked Sendable {
        /// The device pixels the shape was prepared for.
        let area: PixelRect
        /// Trapezoids still to rasterise, relative to `area`'s origin.
        let trapezoids: [pixman_trapezoid_t]
        /// Rows of one coverage each, relative to `area`'s origin.
        let repeatedRows: [RepeatedRow]

        /// Device pixels of `area` that are 255: the largest run of full
        /// coverage repeated over rows (a clip's straight inside). Empty
        /// when none.
        var filled: PixelRect {
            let largest = repeatedRows.max { $0.full.count * $0.rows.count < $1.full.count * $1.rows.count }
            guard let largest, !largest.full.isEmpty else { return .empty }
            // Rows can reach a pixel beyond the area, where the polygons were clipped.
            return PixelRect(x0: area.x0 + largest.x + largest.full.lowerBound, y0: area.y0 + largest.rows.lowerBound,
                             x1: area.x0 + largest.x + largest.full.upperBound, y1: area.y0 + largest.rows.upperBound)
                .intersection(area)
        }

        /// Adds the coverage to an a8 image whose pixel (0, 0) is device
        /// pixel (part.x0, part.y0) and which is `part`'s size (a part of
        /// `area`): onto a cleared image, that is `part` of the mask.
        func add(onto image: OpaquePointer, covering part: PixelRect) {
            if !repeatedRows.isEmpty, let data = pixman_image_get_data(image) {
                let stride = Int(pixman_image_get_stride(image))
                let origin = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
                    + (area.y0 - part.y0) * stride + (area.x0 - part.x0)
                let inside = PixelRect(x0: part.x0 - area.x0, y0: part.y0 - area.y0,
                                       x1: part.x1 - area.x0, y1: part.y1 - area.y0)
                for band in repeatedRows { band.add(onto: origin, stride: stride, within: inside) }
            }
            guard !trapezoids.isEmpty else { return }
            // Whole-pixel offsets move the trapezoids exactly: pixman samples every pixel alike.
            trapezoids.withUnsafeBufferPointer {
                pixman_add_trapezoids(image, Int16(area.x0 - part.x0), Int32(area.y0 - part.y0),
                                      Int32($0.count), $0.baseAddress)
            }
        }
    }

    /// The whole rows of a trapezoid with vertical sides. pixman samples
    /// every pixel row at the same fractions of it, and the sides do not
    /// move, so each of those rows gets the same coverage: one row is
    /// rasterised by pixman, and repeated — what pixman's 15 passes over
    /// every row would give, without them.
    struct RepeatedRow {
        /// The rows, in the shape's coordinates.
        let rows: Range<Int>
        /// The column of `coverage[0]`.
        let x: Int
        /// One row's coverage: partly covered pixels at the ends, 255 between.
        let coverage: [UInt8]
        /// The indices of `coverage` that are 255.
        let full: Range<Int>

        /// Adds the coverage, saturating as pixman does, to the pixels of
        /// `part` (in the shape's coordinates) of an a8 image whose pixel
        /// (0, 0) is at `origin`.
        func add(onto origin: UnsafeMutablePointer<UInt8>, stride: Int, within part: PixelRect) {
            func overlap(_ a: Range<Int>, _ lower: Int, _ upper: Int) -> Range<Int> {
                let low = max(a.lowerBound, lower)
                return low..<max(low, min(a.upperBound, upper))
            }
            let lines = overlap(rows, part.y0, part.y1)
            let columns = overlap(x..<(x + coverage.count), part.x0, part.x1)
            guard !lines.isEmpty, !columns.isEmpty else { return }
            let solid = overlap((x + full.lowerBound)..<(x + full.upperBound), columns.lowerBound, columns.upperBound)
            coverage.withUnsafeBufferPointer { coverage in
                for y in lines {
                    let line = origin + y * stride
                    func addEach(_ range: Range<Int>) {
                        for c in range {
                            line[c] = UInt8(min(255, Int(line[c]) + Int(coverage[c - x])))
                        }
                    }
                    if solid.isEmpty {
                        addEach(columns)
                        continue
                    }
                    addEach(columns.lowerBound..<solid.lowerBound)
                    memset(line + solid.lowerBound, 0xFF, solid.count)
                    addEach(solid.upperBound..<columns.upperBound)
                }
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

    /// Prepares `path`'s coverage over `area`; `repeating: false` leaves
    /// every row to pixman (what the tests compare with).
    static func prepare(_ path: Path, rule: FillRule, in area: PixelRect, repeating: Bool = true) -> Shape {
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
        let traps = trapezoids(edges, rule: rule)
        guard repeating else { return Shape(area: area, trapezoids: traps, repeatedRows: []) }
        let (rest, repeated) = repeatingRows(traps, width: area.width)
        return Shape(area: area, trapezoids: rest, repeatedRows: repeated)
    }

    /// Sets aside the whole rows of every trapezoid with vertical sides
    /// spanning two rows or more (most of a rectangle's or a rounded
    /// rectangle's area) as repeated rows, each pattern rasterised by
    /// pixman over one row `width` pixels wide; gives back the trapezoids
    /// still to rasterise — the others, and those ones' partly covered top
    /// and bottom rows, cut at whole rows. pixman samples a pixel at
    /// fractions of it, never on its edges, so the pieces cover exactly
    /// what the trapezoid would. (A rim of pixman trapezoids beside a run
    /// filled with 255 would cost more than pixman's own passes: every row
    /// would be stepped through twice.)
    private static func repeatingRows(_ traps: [pixman_trapezoid_t], width: Int)
        -> (rest: [pixman_trapezoid_t], repeated: [RepeatedRow]) {
        var rest: [pixman_trapezoid_t] = []
        var repeated: [RepeatedRow] = []
        var scratch: OpaquePointer?
        defer { if let scratch { pixman_image_unref(scratch) } }
        for t in traps {
            let first = Int((t.top + 0xFFFF) >> 16), end = Int(t.bottom >> 16)
            guard t.left.p1.x == t.left.p2.x, t.right.p1.x == t.right.p2.x, end - first >= 2, width > 0,
                  let pattern = rowPattern(of: t, row: first, width: width, scratch: &scratch) else {
                rest.append(t)
                continue
            }
            let top = pixman_fixed_t(first << 16), bottom = pixman_fixed_t(end << 16)
            if t.top < top { rest.append(pixman_trapezoid_t(top: t.top, bottom: top, left: t.left, right: t.right)) }
            if bottom < t.bottom {
                rest.append(pixman_trapezoid_t(top: bottom, bottom: t.bottom, left: t.left, right: t.right))
            }
            repeated.append(RepeatedRow(rows: first..<end, x: pattern.x, coverage: pattern.coverage, full: pattern.full))
        }
        return (rest, repeated)
    }

    /// Trapezoid `t`'s coverage of its whole row `row`, as pixman
    /// rasterises it onto a row `width` pixels wide: where it starts, its
    /// bytes and which of them are 255 (a run, partly covered pixels only
    /// at its ends); nil when it covers nothing there or is not of that form.
    private static func rowPattern(of t: pixman_trapezoid_t, row: Int, width: Int, scratch: inout OpaquePointer?)
        -> (x: Int, coverage: [UInt8], full: Range<Int>)? {
        if scratch == nil { scratch = pixman_image_create_bits(PIXMAN_a8, Int32(width), 1, nil, 0) }
        guard let image = scratch, let data = pixman_image_get_data(image) else { return nil }
        let bytes = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
        memset(bytes, 0, width)
        var one = pixman_trapezoid_t(top: pixman_fixed_t(row << 16), bottom: pixman_fixed_t((row + 1) << 16),
                                     left: t.left, right: t.right)
        pixman_add_trapezoids(image, 0, Int32(-row), 1, &one)
        let line = UnsafeBufferPointer(start: bytes, count: width)
        guard let x = line.firstIndex(where: { $0 != 0 }), let last = line.lastIndex(where: { $0 != 0 }) else {
            return nil
        }
        let coverage = Array(line[x...last])
        let full = (coverage.firstIndex(of: 255) ?? 0)..<((coverage.lastIndex(of: 255) ?? -1) + 1)
        guard coverage.count - full.count <= 2, full.allSatisfy({ coverage[$0] == 255 }) else { return nil }
        return (x, coverage, full)
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
