import Glibc
import Testing
@testable import SeguePluginKit

@Suite struct GeometryTests {
    func close(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let transform = Affine.scale(2).concatenating(.translation(x: 10, y: 0))
        #expect(transform.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        let other = Affine.translation(x: 10, y: 0).concatenating(.scale(2))
        #expect(other.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
    }

    @Test func rotationTurnsClockwiseOnScreenAboutItsAnchor() {
        let quarter = Affine.rotation(Double.pi / 2)
        #expect(close(quarter.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        let aboutCentre = Affine.rotation(Double.pi, about: Point(x: 5, y: 5))
        #expect(close(aboutCentre.apply(to: Point(x: 5, y: 5)), Point(x: 5, y: 5)))
        #expect(close(aboutCentre.apply(to: Point(x: 6, y: 5)), Point(x: 4, y: 5)))
    }

    @Test func scaleAboutAnAnchorKeepsTheAnchor() {
        let scale = Affine.scale(x: 2, y: 3, about: Point(x: 10, y: 20))
        #expect(scale.apply(to: Point(x: 10, y: 20)) == Point(x: 10, y: 20))
        #expect(scale.apply(to: Point(x: 11, y: 21)) == Point(x: 12, y: 23))
    }

    @Test func invertedUndoes() throws {
        let transform = Affine.rotation(0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: -4, y: 9)
        let inverse = try #require(transform.inverted())
        let point = Point(x: 3.5, y: -7)
        #expect(close(inverse.apply(to: transform.apply(to: point)), point))
        #expect(Affine.scale(0).inverted() == nil)
    }

    @Test func rectScalingKeepsTheAnchorAndStaysNonNegative() {
        let rect = Rect(x: 10, y: 20, width: 400, height: 300)
        #expect(rect.scaled(by: 0.5) == Rect(x: 110, y: 95, width: 200, height: 150))
        #expect(rect.scaled(by: 1) == rect)
        #expect(rect.scaled(by: 2, about: rect.origin) == Rect(x: 10, y: 20, width: 800, height: 600))
        #expect(rect.scaled(by: -1) == rect)
        #expect(rect.contains(rect) && rect.scaled(by: 1.1).contains(rect) && !rect.scaled(by: 0.9).contains(rect))
        #expect(rect.point(at: .center) == rect.center)
        #expect(rect.insetBy(dx: 10, dy: 20) == Rect(x: 20, y: 40, width: 380, height: 260))
    }
}
