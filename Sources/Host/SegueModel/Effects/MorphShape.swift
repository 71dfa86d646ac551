import Glibc
import SegueBasics

/// A shape that fits a view's frame, as the `morph` effect's clip takes it,
/// written as SwiftUI writes shapes: `.circle`, `.rect`,
/// `.roundedRect(cornerRadius: 24)`, `.capsule`,
/// `.star(points: 5, innerRadius: 0.5)`, `.heart`, or `.path("M 0 0 L …")`
/// with SVG path data (a string may hold the same, with or without the dot).
///
/// `.rect` is the frame; `.roundedRect` and `.capsule` fill it with round
/// corners (a capsule's radius is half the shorter side); `.circle`,
/// `.star` and `.heart` are centred in it, as large as the shorter side
/// allows; path data is scaled to fit the frame, keeping its proportions
/// and centred (SVG's `xMidYMid meet`).
public enum MorphShape: Hashable, Sendable {
    case circle
    case rect
    case roundedRect(cornerRadius: Double)
    case capsule
    /// `points` tips around the centre, the notches at `innerRadius` of the
    /// tips' radius; the first tip points up.
    case star(points: Int, innerRadius: Double)
    case heart
    /// SVG path data and the path it draws.
    case path(String, Path)

    /// The names the spec accepts, for messages.
    static let names = ["circle", "rect", "roundedRect", "capsule", "star", "heart", "path"]

    /// The shape a spec expression writes, or its text in a string.
    /// - Throws: `.parse` naming the column and what was expected.
    init(_ expression: SpecExpression) throws {
        switch expression {
        case .string(let text, let column):
            // The shape written out in a string: read it as a spec expression of its own.
            let inner: SpecExpression
            do {
                inner = try SpecParser.parse(text)
            } catch let error as SegueError {
                throw SegueError(.parse, "column \(column): in the shape \"\(text)\": \(error.message)")
            }
            if case .string = inner { throw SpecValues.expected("a shape such as .circle", expression) }
            self = try atColumn(column) { try MorphShape(inner) }
        case .identifier(let name, let column) where name.first?.isLowercase == true:
            // Without the dot, as a string from C may hold it: "circle", "star(points: 5)".
            self = try MorphShape(.member(base: nil, name: name, arguments: nil, column: column))
        case .construction(let name, let list, let column) where name.first?.isLowercase == true:
            self = try MorphShape(.member(base: nil, name: name, arguments: list, column: column))
        case .member(let base, let name, let list, let column) where base == nil || base.isTypeName:
            let arguments = SpecArguments(list, callee: "'.\(name)'", column: column)
            switch name {
            case "circle", "rect", "capsule", "heart":
                try arguments.check(allowed: [])
                self = name == "circle" ? .circle : name == "rect" ? .rect : name == "capsule" ? .capsule : .heart
            case "roundedRect":
                try arguments.check(allowed: ["cornerRadius"])
                let radius = try SpecValues.number(arguments.required("cornerRadius"), for: "cornerRadius")
                guard radius.isFinite, radius >= 0 else {
                    throw SegueError(.parse, "column \(column): cornerRadius must be a finite number ≥ 0, not \(SpecFormat.number(radius))")
                }
                self = .roundedRect(cornerRadius: radius)
            case "star":
                try arguments.check(allowed: ["points", "innerRadius"])
                let points = try arguments.optional("points").map { try SpecValues.number($0, for: "points") } ?? 5
                let inner = try arguments.optional("innerRadius").map { try SpecValues.number($0, for: "innerRadius") } ?? 0.5
                guard points == points.rounded(), (2...100).contains(points) else {
                    throw SegueError(.parse, "column \(column): a star's points must be a whole number in 2…100, not \(SpecFormat.number(points))")
                }
                guard (0...1).contains(inner) else {
                    throw SegueError(.parse, "column \(column): a star's innerRadius must be in 0…1, not \(SpecFormat.number(inner))")
                }
                self = .star(points: Int(points), innerRadius: inner)
            case "path":
                try arguments.check(allowed: [nil])
                let data = try SpecValues.string(arguments.required(nil), for: "path")
                let path: Path
                do {
                    path = try Path(svg: data)
                } catch {
                    throw SegueError(.parse, "column \(column): \(error)")
                }
                guard Outline(path) != nil else {
                    throw SegueError(.parse, "column \(column): the path data \"\(data)\" encloses no area")
                }
                self = .path(data, path)
            default:
                var message = "column \(column): unknown shape '.\(name)'; shapes are "
                    + Self.names.map { "." + $0 }.joined(separator: ", ")
                if let guess = ClosestNames.best(to: name, among: Self.names) { message += "; did you mean .\(guess)?" }
                throw SegueError(.parse, message)
            }
        default:
            throw SpecValues.expected("a shape such as .circle, .star(points: 5) or .path(\"M0 0 L1 0 L0 1 Z\")",
                                      expression)
        }
    }

    /// The shape a spec writes, as text: `MorphShape(spec: ".star(points: 6)")`.
    public init(spec: String) throws {
        self = try MorphShape(SpecParser.parse(spec))
    }

    /// How a spec writes the shape; reads back to it.
    public var spec: String {
        switch self {
        case .circle: ".circle"
        case .rect: ".rect"
        case .capsule: ".capsule"
        case .heart: ".heart"
        case .roundedRect(let radius): ".roundedRect(cornerRadius: \(SpecFormat.number(radius)))"
        case .star(let points, let inner): ".star(points: \(points), innerRadius: \(SpecFormat.number(inner)))"
        case .path(let data, _): ".path(\(SpecFormat.string(data)))"
        }
    }

    /// The shape fitted to `frame`.
    public func path(in frame: Rect) -> Path {
        let side = min(frame.width, frame.height)
        let square = Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side)
        switch self {
        case .rect:
            return Path(frame)
        case .roundedRect(let radius):
            return Path(roundedRect: frame, cornerRadius: min(radius, side / 2))
        case .capsule:
            return Path(roundedRect: frame, cornerRadius: side / 2)
        case .circle:
            return Path(ellipseIn: square)
        case .star(let count, let inner):
            return Path { path in
                for i in 0..<(2 * count) {
                    let angle = -Double.pi / 2 + Double(i) * .pi / Double(count)
                    let radius = side / 2 * (i % 2 == 0 ? 1 : inner)
                    let p = Point(x: square.midX + radius * cos(angle), y: square.midY + radius * sin(angle))
                    if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
                }
                path.closeSubpath()
            }
        case .heart:
            return Self.unitHeart.applying(AffineTransform(a: side, b: 0, c: 0, d: side, tx: square.minX, ty: square.minY))
        case .path(_, let path):
            let box = path.boundingBox
            let scale = min(frame.width / max(box.width, .leastNormalMagnitude),
                            frame.height / max(box.height, .leastNormalMagnitude))
            let fitted = AffineTransform.translation(x: -box.midX, y: -box.midY)
                .concatenating(.scale(scale))
                .concatenating(.translation(x: frame.midX, y: frame.midY))
            return path.applying(fitted)
        }
    }

    /// A heart in the unit square: two lobes meeting in a notch at the top, a point at the bottom.
    private static let unitHeart = Path { path in
        path.move(to: Point(x: 0.5, y: 0.25))
        path.addCurve(to: Point(x: 0.25, y: 0.05), control1: Point(x: 0.5, y: 0.2), control2: Point(x: 0.45, y: 0.05))
        path.addCurve(to: Point(x: 0, y: 0.35), control1: Point(x: 0.05, y: 0.05), control2: Point(x: 0, y: 0.25))
        path.addCurve(to: Point(x: 0.5, y: 0.95), control1: Point(x: 0, y: 0.6), control2: Point(x: 0.3, y: 0.8))
        path.addCurve(to: Point(x: 1, y: 0.35), control1: Point(x: 0.7, y: 0.8), control2: Point(x: 1, y: 0.6))
        path.addCurve(to: Point(x: 0.75, y: 0.05), control1: Point(x: 1, y: 0.25), control2: Point(x: 0.95, y: 0.05))
        path.addCurve(to: Point(x: 0.5, y: 0.25), control1: Point(x: 0.55, y: 0.05), control2: Point(x: 0.5, y: 0.2))
        path.closeSubpath()
    }
}
