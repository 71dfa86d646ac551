import Glibc

/// A 2-D affine transform, in Core Graphics' convention (`segue_affine` in C):
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// Compose with `concatenating(_:)`: `t.concatenating(u)` applies `t`
/// first, then `u`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// Leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by `(x, y)`.
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Moves every point by `offset`.
    public static func translation(_ offset: Point) -> AffineTransform {
        translation(x: offset.x, y: offset.y)
    }

    /// Scales by `x` across and `y` down about `anchor` (the origin by default).
    public static func scale(x: Double, y: Double, about anchor: Point = .zero) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: anchor.x - x * anchor.x, ty: anchor.y - y * anchor.y)
    }

    /// Scales by `factor` both ways about `anchor` (the origin by default).
    public static func scale(_ factor: Double, about anchor: Point = .zero) -> AffineTransform {
        scale(x: factor, y: factor, about: anchor)
    }

    /// Turns by `angle` radians, clockwise on screen (y down), about `anchor`
    /// (the origin by default).
    public static func rotation(_ angle: Double, about anchor: Point = .zero) -> AffineTransform {
        rotation(cosine: cos(angle), sine: sin(angle), about: anchor)
    }

    /// Turns by `degrees`, clockwise on screen (y down), about `anchor`;
    /// exact at multiples of 90° (see `Angle.cosineAndSine(degrees:)`).
    public static func rotation(degrees: Double, about anchor: Point = .zero) -> AffineTransform {
        let (cosine, sine) = Angle.cosineAndSine(degrees: degrees)
        return rotation(cosine: cosine, sine: sine, about: anchor)
    }

    private static func rotation(cosine: Double, sine: Double, about anchor: Point) -> AffineTransform {
        AffineTransform(a: cosine, b: sine, c: -sine, d: cosine,
                        tx: anchor.x - cosine * anchor.x + sine * anchor.y,
                        ty: anchor.y - sine * anchor.x - cosine * anchor.y)
    }

    /// `self` applied about `pivot` instead of about the origin.
    public func about(_ pivot: Point) -> AffineTransform {
        AffineTransform.translation(x: -pivot.x, y: -pivot.y)
            .concatenating(self)
            .concatenating(.translation(x: pivot.x, y: pivot.y))
    }

    /// The transform that applies `self` first, then `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c,
            b: a * next.b + b * next.d,
            c: c * next.a + d * next.c,
            d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx,
            ty: tx * next.b + ty * next.d + next.ty)
    }

    /// This transform followed by a translation.
    public func translatedBy(x: Double, y: Double) -> AffineTransform { concatenating(.translation(x: x, y: y)) }

    /// This transform followed by a scale about `anchor`.
    public func scaledBy(x: Double, y: Double, about anchor: Point = .zero) -> AffineTransform {
        concatenating(.scale(x: x, y: y, about: anchor))
    }

    /// This transform followed by a rotation about `anchor`.
    public func rotatedBy(_ angle: Double, about anchor: Point = .zero) -> AffineTransform {
        concatenating(.rotation(angle, about: anchor))
    }

    public var determinant: Double { a * d - b * c }

    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The inverse, or nil when the transform collapses the plane (or is not finite).
    public var inverted: AffineTransform? {
        let det = determinant
        guard isFinite, det.isFinite, abs(det) > 1e-12 else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the transform only translates.
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// True when the transform only translates, by whole pixels.
    public var isIntegerTranslation: Bool {
        isTranslation && tx == tx.rounded() && ty == ty.rounded()
    }

    /// True when axis-aligned rectangles stay axis-aligned (no rotation or shear).
    public var preservesAxes: Bool { b == 0 && c == 0 }

    /// Where `p` lands.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The smallest axis-aligned rectangle holding the image of `rect`.
    public func boundingBox(of rect: Rect) -> Rect {
        // Four corners without an array: every drawn image asks, once a frame.
        let p = apply(Point(x: rect.minX, y: rect.minY)), q = apply(Point(x: rect.maxX, y: rect.minY))
        let r = apply(Point(x: rect.minX, y: rect.maxY)), s = apply(Point(x: rect.maxX, y: rect.maxY))
        let x0 = min(min(p.x, q.x), min(r.x, s.x)), y0 = min(min(p.y, q.y), min(r.y, s.y))
        let x1 = max(max(p.x, q.x), max(r.x, s.x)), y1 = max(max(p.y, q.y), max(r.y, s.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "[\(a) \(c) \(tx); \(b) \(d) \(ty)]" }
}
