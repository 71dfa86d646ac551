import Glibc

/// A 2-D projective transform (a homography), SwiftUI's `ProjectionTransform`,
/// in its row-vector convention:
///
///     w  = m13·x + m23·y + m33
///     x' = (m11·x + m21·y + m31) / w
///     y' = (m12·x + m22·y + m32) / w
///
/// Points where w ≤ 0 lie behind the eye and have no image. Compose with
/// `concatenating(_:)`: `t.concatenating(u)` applies `t` first, then `u`.
public struct ProjectiveTransform: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The affine transform as a projective one (w is always 1).
    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    public static let identity = ProjectiveTransform(.identity)

    /// The transform that applies `self` first, then `next`.
    public func concatenating(_ n: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * n.m11 + m12 * n.m21 + m13 * n.m31,
            m12: m11 * n.m12 + m12 * n.m22 + m13 * n.m32,
            m13: m11 * n.m13 + m12 * n.m23 + m13 * n.m33,
            m21: m21 * n.m11 + m22 * n.m21 + m23 * n.m31,
            m22: m21 * n.m12 + m22 * n.m22 + m23 * n.m32,
            m23: m21 * n.m13 + m22 * n.m23 + m23 * n.m33,
            m31: m31 * n.m11 + m32 * n.m21 + m33 * n.m31,
            m32: m31 * n.m12 + m32 * n.m22 + m33 * n.m32,
            m33: m31 * n.m13 + m32 * n.m23 + m33 * n.m33)
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    public var isFinite: Bool {
        [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite)
    }

    /// The inverse, or nil when the transform collapses the plane (or is not finite).
    public var inverted: ProjectiveTransform? {
        let det = determinant
        guard isFinite, det.isFinite, abs(det) > 1e-12 else { return nil }
        return ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det, m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det, m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det, m33: (m11 * m22 - m12 * m21) / det)
    }

    /// True when w is 1 everywhere: the transform is `affine`.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine part (exact when `isAffine`).
    public var affine: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32)
    }

    /// w at `p`: positive in front of the eye.
    public func w(at p: Point) -> Double { m13 * p.x + m23 * p.y + m33 }

    /// Where `p` lands, or nil when it lies behind the eye (w ≤ 0).
    public func apply(_ p: Point) -> Point? {
        let w = w(at: p)
        guard w > 0 else { return nil }
        return Point(x: (m11 * p.x + m21 * p.y + m31) / w, y: (m12 * p.x + m22 * p.y + m32) / w)
    }

    /// The smallest axis-aligned rectangle holding the image of the part
    /// of `rect` in front of the eye (where w ≥ `nearest`); nil when none of it is.
    public func boundingBox(of rect: Rect, nearest: Double = 1e-6) -> Rect? {
        // The rectangle's outline clipped to w ≥ nearest (one half-plane: Sutherland–Hodgman).
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        var kept: [Point] = []
        for (i, p) in corners.enumerated() {
            let q = corners[(i + 1) % 4]
            let wp = w(at: p) - nearest, wq = w(at: q) - nearest
            if wp >= 0 { kept.append(p) }
            if (wp >= 0) != (wq >= 0) {
                let t = wp / (wp - wq)
                kept.append(Point(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)))
            }
        }
        let images = kept.compactMap(apply)
        guard !images.isEmpty else { return nil }
        let xs = images.map(\.x), ys = images.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// SwiftUI's `rotation3DEffect` for content of `size`: turn by `degrees`
    /// about `axis` through the point (`anchor`, `anchorZ`), then project from
    /// an eye `max(width, height) / perspective` in front of the content's
    /// plane (perspective 0: straight on, no foreshortening). The angle turns
    /// by the right-hand rule in y-down coordinates: about the y axis,
    /// positive angles move the right side away from the eye.
    /// Exact at multiples of 90° (no rounding residue in sines and cosines).
    public static func rotation3D(degrees: Double, axis: (x: Double, y: Double, z: Double), anchor: Point,
                                  anchorZ: Double, perspective: Double, size: (width: Double, height: Double))
        -> ProjectiveTransform {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (x, y, z) = (axis.x / length, axis.y / length, axis.z / length)
        let (c, s) = Angle.cosineAndSine(degrees: degrees)
        let t = 1 - c
        // Core Animation's order (row vectors): move the anchor to the origin,
        // rotate, project (m34 = −1 / distance: w = 1 + m34·z), move back by
        // the anchor in x and y (its z no longer matters once projected).
        let r = [[t * x * x + c, t * x * y + s * z, t * x * z - s * y],
                 [t * x * y - s * z, t * y * y + c, t * y * z + s * x],
                 [t * x * z + s * y, t * y * z - s * x, t * z * z + c]]
        let distance = max(size.width, size.height) / perspective
        let m34 = perspective == 0 || !distance.isFinite ? 0 : -1 / distance
        // A point (px, py, 0) relative to the anchor is (px − ax, py − ay, −az);
        // rotated, then w = 1 + z'·m34, then moved back by the anchor.
        let (ax, ay, az) = (anchor.x, anchor.y, anchorZ)
        func row(_ i: Int) -> (Double, Double, Double) { (r[i][0], r[i][1], r[i][2]) }
        let (r11, r12, r13) = row(0), (r21, r22, r23) = row(1), (r31, r32, r33) = row(2)
        // (px − ax, py − ay, −az)·R = px·row 1 + py·row 2 + (ox, oy, oz).
        let ox = -ax * r11 - ay * r21 - az * r31
        let oy = -ax * r12 - ay * r22 - az * r32
        let oz = -ax * r13 - ay * r23 - az * r33
        // w = 1 + m34·z'; the anchor comes back as (ax, ay)·w in homogeneous terms.
        let wx = r13 * m34, wy = r23 * m34, w0 = 1 + oz * m34
        return ProjectiveTransform(
            m11: r11 + ax * wx, m12: r12 + ay * wx, m13: wx,
            m21: r21 + ax * wy, m22: r22 + ay * wy, m23: wy,
            m31: ox + ax * w0, m32: oy + ay * w0, m33: w0)
    }
}

/// Angles in degrees, with exact values where the circle has them.
public enum Angle {
    /// cos and sin of `degrees`, exact at multiples of 90° (where the
    /// radian route leaves residues like 6·10⁻¹⁷ that turn exact pixel
    /// permutations into blends).
    public static func cosineAndSine(degrees: Double) -> (cos: Double, sin: Double) {
        let turn = degrees.truncatingRemainder(dividingBy: 360)
        switch turn {
        case 0: return (1, 0)
        case 90, -270: return (0, 1)
        case 180, -180: return (-1, 0)
        case 270, -90: return (0, -1)
        default:
            let radians = degrees * Double.pi / 180
            return (cos(radians), sin(radians))
        }
    }
}
