import Glibc

/// A vector outline: lines, quadratic and cubic Bézier curves, in any number
/// of subpaths, built like SwiftUI's `Path`. A plain value: build it
/// anywhere, on any thread (even once, in a `static let`).
///
/// Arcs, rounded rectangles and ellipses become cubic curves as they are
/// added, the same way on both sides of the plugin line, so a shape a plugin
/// builds is the shape a built-in effect builds.
///
/// ```swift
/// let badge = Path { path in
///     path.addRoundedRect(in: frame.insetBy(dx: 8, dy: 8), cornerRadius: 12)
///     path.addEllipse(in: Rect(x: 20, y: 20, width: 10, height: 10))
/// }
/// ```
public struct Path: Hashable, Sendable {
    /// One step of the outline.
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath
    }

    /// The steps so far.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A path built by `build`.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// A rectangle.
    public init(_ rect: Rect) {
        addRect(rect)
    }

    /// A rectangle with circular corners of `cornerRadius`.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        addRoundedRect(in: rect, cornerRadius: cornerRadius)
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: Rect) {
        addEllipse(in: rect)
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The axis-aligned rectangle the path is when it is one, built as
    /// `addRect` builds it (a start, three lines, perhaps a fourth back to
    /// the start, closed) in either direction: what it covers under either
    /// fill rule. Nil for any other path.
    public var rectangle: Rect? {
        var corners: [Point] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .move(let point) where index == 0: corners.append(point)
            case .line(let point): corners.append(point)
            case .closeSubpath where index == elements.count - 1: break
            default: return nil
            }
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast() }
        guard corners.count == 4 else { return nil }
        let (a, b, c, d) = (corners[0], corners[1], corners[2], corners[3])
        let alongX = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let alongY = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        guard alongX || alongY, elements.last == .closeSubpath else { return nil }
        return Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
    }

    /// The rectangles of a path made only of rectangles, one per subpath in
    /// order, each as `rectangle` reads it; nil for any other path.
    public var rectangles: [Rect]? {
        var result: [Rect] = []
        var start = elements.startIndex
        while start < elements.endIndex {
            let end = elements[(start + 1)...].firstIndex { if case .move = $0 { true } else { false } } ?? elements.endIndex
            var subpath = Path()
            subpath.elements = Array(elements[start..<end])
            guard let rect = subpath.rectangle else { return nil }
            result.append(rect)
            start = end
        }
        return result.isEmpty ? nil : result
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
    }

    /// A straight line from the current point.
    public mutating func addLine(to point: Point) {
        elements.append(.line(to: point))
    }

    /// A quadratic Bézier curve from the current point.
    public mutating func addQuadCurve(to end: Point, control: Point) {
        elements.append(.quadCurve(to: end, control: control))
    }

    /// A cubic Bézier curve from the current point.
    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: end, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line to its start.
    public mutating func closeSubpath() {
        elements.append(.closeSubpath)
    }

    /// A closed rectangle.
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// A closed rectangle with circular corners; the radius is limited to
    /// half the shorter side, and one of 0 or less gives the plain rectangle.
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return addRect(rect) }
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
        closeSubpath()
    }

    /// The closed ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: Rect) {
        let center = Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
        var circle = Path()
        circle.move(to: Point(x: 1, y: 0))
        circle.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi)
        circle.closeSubpath()
        elements += circle.applying(AffineTransform.scale(x: rect.width / 2, y: rect.height / 2)
            .concatenating(.translation(x: center.x, y: center.y))).elements
    }

    /// An arc of a circle, angles in radians measured clockwise on screen from
    /// the positive x axis, drawn from `startAngle` towards `endAngle`
    /// (increasing angles unless `counterclockwise`). A line joins the current
    /// point to the arc's start; with no current point the arc starts a
    /// subpath. Non-finite arguments add nothing.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                counterclockwise: Bool = false) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        var sweep = endAngle - startAngle
        if counterclockwise {
            if sweep > 0 { sweep -= 2 * .pi * (sweep / (2 * .pi)).rounded(.up) }
        } else if sweep < 0 {
            sweep += 2 * .pi * (-sweep / (2 * .pi)).rounded(.up)
        }
        sweep = max(min(sweep, 2 * .pi), -2 * .pi)
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if elements.isEmpty || elements.last == .closeSubpath { move(to: start) } else { addLine(to: start) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        // Each piece of at most 90° is one cubic; k is the standard control length.
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = Point(x: cos(angle), y: sin(angle)), p1 = Point(x: cos(next), y: sin(next))
            let c1 = Point(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
            let c2 = Point(x: p1.x + k * p1.y, y: p1.y - k * p1.x)
            addCurve(to: center + p1 * radius, control1: center + c1 * radius, control2: center + c2 * radius)
            angle = next
        }
    }

    /// The path with every point mapped through `transform`.
    public func applying(_ transform: AffineTransform) -> Path {
        var result = Path()
        result.elements = elements.map {
            switch $0 {
            case .move(let p): .move(to: transform.apply(p))
            case .line(let p): .line(to: transform.apply(p))
            case .quadCurve(let e, let c): .quadCurve(to: transform.apply(e), control: transform.apply(c))
            case .curve(let e, let c1, let c2):
                .curve(to: transform.apply(e), control1: transform.apply(c1), control2: transform.apply(c2))
            case .closeSubpath: .closeSubpath
            }
        }
        return result
    }

    /// A rectangle holding the whole path (the hull of its points and control points).
    public var boundingBox: Rect {
        var box = Rect.zero
        var first = true
        func add(_ p: Point) {
            if first {
                box = Rect(origin: p, size: .zero)
                first = false
            } else {
                box = Rect(x: min(box.minX, p.x), y: min(box.minY, p.y),
                           width: max(box.maxX, p.x) - min(box.minX, p.x),
                           height: max(box.maxY, p.y) - min(box.minY, p.y))
            }
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let e, let c): add(c); add(e)
            case .curve(let e, let c1, let c2): add(c1); add(c2); add(e)
            case .closeSubpath: break
            }
        }
        return box
    }

    /// The subpaths as closed polygons, curves replaced by lines that stay
    /// within `tolerance` pixels of them. Non-finite points drop their subpath.
    public func polygons(tolerance: Double = 0.1) -> [[Point]] {
        var result: [[Point]] = []
        var current: [Point] = []
        func finish() {
            if current.count >= 3, current.allSatisfy(\.isFinite) { result.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                current = [p]
            case .line(let p):
                current.append(p)
            case .quadCurve(let e, let c):
                let s = current.last ?? c
                // Degree elevation keeps one flattening routine.
                Self.flattenCubic(s, s + (c - s) * (2.0 / 3), e + (c - e) * (2.0 / 3), e, tolerance, into: &current)
            case .curve(let e, let c1, let c2):
                Self.flattenCubic(current.last ?? c1, c1, c2, e, tolerance, into: &current)
            case .closeSubpath:
                finish()
            }
        }
        finish()
        return result
    }

    private static func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tolerance: Double,
                                     into points: inout [Point]) {
        // Segments needed for the given flatness (Wang's formula), capped.
        let dd = max(hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                     hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        let estimate = (0.75 * dd / max(tolerance, 1e-3)).squareRoot()
        let count = estimate.isFinite ? max(1, min(Int(estimate.rounded(.up)), 1024)) : 1
        for i in 1...count {
            let t = Double(i) / Double(count), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            points.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }
}
