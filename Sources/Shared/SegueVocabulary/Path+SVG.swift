import Glibc

extension Path {
    /// The path SVG path data describes (the `d` attribute of `<path>`):
    /// every command of SVG 1.1 — `M L H V C S Q T A Z`, absolute in
    /// capitals and relative in lower case, repeated without the letter —
    /// with numbers written `-1.5`, `.5`, `2e3`, separated by spaces, commas
    /// or their own signs. Elliptical arcs become cubic curves (at most a
    /// quarter turn each), with radii too small for their end points scaled
    /// up as SVG says. Empty data is an empty path, as in SVG.
    ///
    /// - Throws: `SVGPathError` naming the column (from 1) and what was
    ///   expected there.
    public init(svg data: String) throws(SVGPathError) {
        var reader = SVGPathReader(Array(data.utf8))
        self = try reader.read()
    }
}

/// Path data that cannot be read: where, and why.
public struct SVGPathError: Error, Sendable, CustomStringConvertible {
    /// The column, from 1, where reading stopped.
    public let column: Int
    public let reason: String
    public var description: String { "path data column \(column): \(reason)" }
}

private struct SVGPathReader {
    let bytes: [UInt8]
    var index = 0
    var path = Path()
    /// The current point, the current subpath's start, and the last control
    /// point of a cubic (for S) or quadratic (for T) curve just drawn.
    var current = Point.zero, start = Point.zero
    var lastCubicControl: Point?, lastQuadControl: Point?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read() throws(SVGPathError) -> Path {
        skipSeparators()
        var command: UInt8?
        while index < bytes.count {
            let named = isCommand(bytes[index]), at = index
            if named {
                command = bytes[index]
                index += 1
            }
            // Numbers repeat the last command, except after Z (and before any).
            guard let letter = command, named || letter | 0x20 != UInt8(ascii: "z") else {
                throw fail("expected a command letter (M, L, H, V, C, S, Q, T, A or Z)")
            }
            if path.isEmpty && letter | 0x20 != UInt8(ascii: "m") { throw fail("path data must start with M or m", at: at) }
            try perform(letter)
            // A moveto's further coordinate pairs are linetos.
            if letter == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if letter == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            skipSeparators()
        }
        return path
    }

    private mutating func perform(_ letter: UInt8) throws(SVGPathError) {
        let relative = letter >= UInt8(ascii: "a")
        let base = relative ? current : .zero
        func point(_ x: Double, _ y: Double) -> Point { Point(x: base.x + x, y: base.y + y) }
        var cubicControl: Point?, quadControl: Point?
        switch letter | 0x20 {
        case UInt8(ascii: "m"):
            let p = point(try number(), try number())
            path.move(to: p)
            (current, start) = (p, p)
        case UInt8(ascii: "l"):
            current = point(try number(), try number())
            path.addLine(to: current)
        case UInt8(ascii: "h"):
            current = Point(x: (relative ? current.x : 0) + (try number()), y: current.y)
            path.addLine(to: current)
        case UInt8(ascii: "v"):
            current = Point(x: current.x, y: (relative ? current.y : 0) + (try number()))
            path.addLine(to: current)
        case UInt8(ascii: "c"):
            let c1 = point(try number(), try number()), c2 = point(try number(), try number())
            let end = point(try number(), try number())
            path.addCurve(to: end, control1: c1, control2: c2)
            (current, cubicControl) = (end, c2)
        case UInt8(ascii: "s"):
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = point(try number(), try number()), end = point(try number(), try number())
            path.addCurve(to: end, control1: c1, control2: c2)
            (current, cubicControl) = (end, c2)
        case UInt8(ascii: "q"):
            let c = point(try number(), try number()), end = point(try number(), try number())
            path.addQuadCurve(to: end, control: c)
            (current, quadControl) = (end, c)
        case UInt8(ascii: "t"):
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            let end = point(try number(), try number())
            path.addQuadCurve(to: end, control: c)
            (current, quadControl) = (end, c)
        case UInt8(ascii: "a"):
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let end = point(try number(), try number())
            addArc(to: end, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep)
            current = end
        default:  // z
            path.closeSubpath()
            current = start
        }
        (lastCubicControl, lastQuadControl) = (cubicControl, quadControl)
    }

    /// SVG's elliptical arc (implementation notes F.6), as cubic curves.
    private mutating func addArc(to end: Point, rx: Double, ry: Double, degrees: Double, large: Bool, sweep: Bool) {
        var (rx, ry) = (abs(rx), abs(ry))
        guard rx > 0, ry > 0, end != current else {
            if end != current { path.addLine(to: end) }
            return
        }
        let phi = degrees * .pi / 180, (cosPhi, sinPhi) = (cos(phi), sin(phi))
        let dx = (current.x - end.x) / 2, dy = (current.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, numerator) / denominator).squareRoot()
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let center = Point(x: cosPhi * cx1 - sinPhi * cy1 + (current.x + end.x) / 2,
                           y: sinPhi * cx1 + cosPhi * cy1 + (current.y + end.y) / 2)
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let theta = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        // Quarter turns at most, each a cubic whose control arms are (4/3)·tan(θ/4) long.
        let segments = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(segments)
        let arm = 4.0 / 3 * tan(step / 4)
        func on(_ t: Double) -> (point: Point, tangent: Point) {
            let (c, s) = (cos(t), sin(t))
            let p = Point(x: center.x + rx * c * cosPhi - ry * s * sinPhi, y: center.y + rx * c * sinPhi + ry * s * cosPhi)
            let d = Point(x: -rx * s * cosPhi - ry * c * sinPhi, y: -rx * s * sinPhi + ry * c * cosPhi)
            return (p, d)
        }
        for i in 0..<segments {
            let a = on(theta + Double(i) * step), b = on(theta + Double(i + 1) * step)
            let to = i == segments - 1 ? end : b.point
            path.addCurve(to: to, control1: a.point + a.tangent * arm, control2: b.point - b.tangent * arm)
        }
    }

    // MARK: - Lexing

    private func isCommand(_ byte: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
    }

    private mutating func skipSeparators() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index]) {
            index += 1
        }
    }

    /// A number: sign, digits, fraction, exponent, as SVG's grammar reads it
    /// (`1.5.5` is 1.5 then .5; `1-2` is 1 then −2).
    private mutating func number() throws(SVGPathError) -> Double {
        skipSeparators()
        let begin = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = begin
            throw fail(index < bytes.count ? "expected a number, found '\(Character(UnicodeScalar(bytes[index])))'"
                                           : "expected a number, found the end")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { index = mark }
        }
        let text = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = begin
            throw fail("the number \(text) is too large")
        }
        return value
    }

    /// An arc flag: 0 or 1, which may run into the next number ("a1 1 0 00 5 5").
    private mutating func flag() throws(SVGPathError) -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw fail("expected an arc flag, 0 or 1")
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    private func fail(_ reason: String, at position: Int? = nil) -> SVGPathError {
        SVGPathError(column: (position ?? index) + 1, reason: reason)
    }
}
