import CSegue

/// A vector outline, built like SwiftUI's `Path` and handed to the host's
/// path functions when it is drawn.
///
/// A `Path` is a plain value: build it anywhere (even once, in a `static
/// let`), on any thread. Each `Canvas.fill` or clipped `Canvas.draw` makes a
/// host `segue_path` from it and destroys that right after the call, so
/// nothing is ever left to free.
///
/// ```swift
/// let badge = Path { path in
///     path.addRoundedRect(in: frame.insetBy(dx: 8, dy: 8), cornerRadius: 12)
///     path.addEllipse(in: Rect(x: 20, y: 20, width: 10, height: 10))
/// }
/// try canvas.fill(badge, with: .red, rule: .evenOdd)
/// ```
public struct Path: Hashable, Sendable {
    /// One step of the outline, replayed onto a host path in order.
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        /// Angles in radians, clockwise on screen from the +x axis.
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, counterclockwise: Bool)
        case rect(Rect)
        case roundedRect(Rect, cornerRadius: Double)
        case ellipse(in: Rect)
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

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }

    /// A straight line from the current point.
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }

    /// A quadratic Bézier curve from the current point.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }

    /// A cubic Bézier curve from the current point.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// An arc of a circle; angles in radians, clockwise on screen from the +x
    /// axis. A line joins the current point to the arc's start.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                counterclockwise: Bool = false) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                             counterclockwise: counterclockwise))
    }

    /// A closed rectangle.
    public mutating func addRect(_ rect: Rect) { elements.append(.rect(rect)) }

    /// A closed rectangle with circular corners of `cornerRadius`.
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double) {
        elements.append(.roundedRect(rect, cornerRadius: cornerRadius))
    }

    /// The closed ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: Rect) { elements.append(.ellipse(in: rect)) }

    /// Closes the current subpath with a line to its start.
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// Makes a host path of this outline, calls `body` with it, and destroys it.
    /// - Throws: `PluginError(.outOfMemory)` when the host cannot make a path.
    func withHostPath<R>(_ host: UnsafePointer<segue_host>, _ body: (OpaquePointer) throws -> R) throws -> R {
        let table = host.pointee
        guard let path = table.path_create!() else {
            throw PluginError("the host could not create a path", status: .outOfMemory)
        }
        defer { table.path_destroy!(path) }
        for element in elements {
            switch element {
            case .move(let point): table.path_move_to!(path, point.x, point.y)
            case .line(let point): table.path_line_to!(path, point.x, point.y)
            case .quadCurve(let point, let control):
                table.path_quad_to!(path, control.x, control.y, point.x, point.y)
            case .curve(let point, let control1, let control2):
                table.path_cubic_to!(path, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .arc(let center, let radius, let start, let end, let counterclockwise):
                table.path_arc!(path, center.x, center.y, radius, start, end, counterclockwise ? 1 : 0)
            case .rect(let rect): table.path_add_rect!(path, rect.cValue)
            case .roundedRect(let rect, let radius): table.path_add_rounded_rect!(path, rect.cValue, radius)
            case .ellipse(let rect): table.path_add_ellipse!(path, rect.cValue)
            case .closeSubpath: table.path_close!(path)
            }
        }
        return try body(path)
    }
}
