import Glibc
import SegueBasics

/// How overlapping parts of a path count as inside.
public enum FillRule: Sendable, Hashable {
    case nonZero, evenOdd
}

/// A vector outline: lines, quadratic and cubic Bézier curves, in any number
/// of subpaths. Drawing code builds paths; the compositor rasterises them.
public struct Path: Hashable, Sendable {
    enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(control: Point, end: Point)
        case cubic(control1: Point, control2: Point, end: Point)
        case close
    }

    private(set) var elements: [Element] = []

    public init() {}

    /// A rectangle as a path.
    public init(rect: Rect) {
        addRect(rect)
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to point: Point) {
        elements.append(.move(point))
    }

    public mutating func addLine(to point: Point) {
        elements.append(.line(point))
    }

    public mutating func addQuadCurve(to end: Point, control: Point) {
        elements.append(.quad(control: control, end: end))
    }

    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        elements.append(.cubic(control1: control1, control2: control2, end: end))
    }

    public mutating func closeSubpath() {
        elements.append(.close)
    }

    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// A rectangle with circular corners; the radius is limited to half the shorter side.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return addRect(rect) }
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
        closeSubpath()
    }

    /// The ellipse inscribed in `rect`.
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
    /// point to the arc's start; with no current point the arc starts a subpath.
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
        if elements.isEmpty || elements.last == .close { move(to: start) } else { addLine(to: start) }
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
            case .move(let p): .move(transform.apply(p))
            case .line(let p): .line(transform.apply(p))
            case .quad(let c, let e): .quad(control: transform.apply(c), end: transform.apply(e))
            case .cubic(let c1, let c2, let e):
                .cubic(control1: transform.apply(c1), control2: transform.apply(c2), end: transform.apply(e))
            case .close: .close
            }
        }
        return result
    }

    /// A rectangle holding the whole path (the hull of its points and control points).
    public var boundingBox: Rect {
        var box = Rect.empty
        var first = true
        func add(_ p: Point) {
            let r = Rect(origin: p, size: .zero)
            if first {
                box = r
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
            case .quad(let c, let e): add(c); add(e)
            case .cubic(let c1, let c2, let e): add(c1); add(c2); add(e)
            case .close: break
            }
        }
        return box
    }

    /// The subpaths as closed polygons, curves replaced by lines that stay
    /// within `tolerance` pixels of them. Non-finite points drop their subpath.
    func polygons(tolerance: Double = 0.1) -> [[Point]] {
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
            case .quad(let c, let e):
                let s = current.last ?? c
                // Degree elevation keeps one flattening routine.
                flattenCubic(s, s + (c - s) * (2.0 / 3), e + (c - e) * (2.0 / 3), e, tolerance, into: &current)
            case .cubic(let c1, let c2, let e):
                flattenCubic(current.last ?? c1, c1, c2, e, tolerance, into: &current)
            case .close:
                finish()
            }
        }
        finish()
        return result
    }

    private func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tolerance: Double,
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
