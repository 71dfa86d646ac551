import CSegue
import Glibc

/// An affine transform, `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`
/// (`segue_affine`). Compose with `concatenating(_:)`: `t.concatenating(u)`
/// applies `t` first, then `u`, as Core Graphics does.
public struct Affine: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Leaves every point where it is.
    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by `(x, y)`.
    public static func translation(x: Double, y: Double) -> Affine {
        Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Moves every point by `offset`.
    public static func translation(_ offset: Point) -> Affine {
        translation(x: offset.x, y: offset.y)
    }

    /// Scales by `x` across and `y` down about `anchor` (the origin by default).
    public static func scale(x: Double, y: Double, about anchor: Point = .zero) -> Affine {
        Affine(a: x, b: 0, c: 0, d: y, tx: anchor.x - x * anchor.x, ty: anchor.y - y * anchor.y)
    }

    /// Scales by `factor` both ways about `anchor` (the origin by default).
    public static func scale(_ factor: Double, about anchor: Point = .zero) -> Affine {
        scale(x: factor, y: factor, about: anchor)
    }

    /// Turns by `angle` radians, clockwise on screen (y down), about `anchor`
    /// (the origin by default).
    public static func rotation(_ angle: Double, about anchor: Point = .zero) -> Affine {
        let cosine = cos(angle), sine = sin(angle)
        return Affine(a: cosine, b: sine, c: -sine, d: cosine,
                      tx: anchor.x - cosine * anchor.x + sine * anchor.y,
                      ty: anchor.y - sine * anchor.x - cosine * anchor.y)
    }

    /// This transform followed by `next`.
    public func concatenating(_ next: Affine) -> Affine {
        Affine(a: next.a * a + next.c * b,
               b: next.b * a + next.d * b,
               c: next.a * c + next.c * d,
               d: next.b * c + next.d * d,
               tx: next.a * tx + next.c * ty + next.tx,
               ty: next.b * tx + next.d * ty + next.ty)
    }

    /// This transform followed by a translation.
    public func translatedBy(x: Double, y: Double) -> Affine { concatenating(.translation(x: x, y: y)) }

    /// This transform followed by a scale about `anchor`.
    public func scaledBy(x: Double, y: Double, about anchor: Point = .zero) -> Affine {
        concatenating(.scale(x: x, y: y, about: anchor))
    }

    /// This transform followed by a rotation about `anchor`.
    public func rotatedBy(_ angle: Double, about anchor: Point = .zero) -> Affine {
        concatenating(.rotation(angle, about: anchor))
    }

    /// The transform that undoes this one, or nil when it flattens the plane
    /// (its determinant is zero or not finite).
    public func inverted() -> Affine? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return Affine(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// Where `point` lands.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    public var isIdentity: Bool { self == .identity }

    public var description: String { "[\(a) \(c) \(tx); \(b) \(d) \(ty)]" }

    init(_ affine: segue_affine) {
        self.init(a: affine.a, b: affine.b, c: affine.c, d: affine.d, tx: affine.tx, ty: affine.ty)
    }

    var cValue: segue_affine { segue_affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}
