import Glibc
import SeguePluginKit

/// `wave(amplitude:frequency:)`: the article's first distortion, a sine
/// wave. Each column moves up or down by `amplitude` · sin(2π · frequency ·
/// x / w), x its position across a frame w wide: the pixel at (x, y) shows
/// (x, y + amplitude · sin(2π · frequency · x / w)). At amplitude 0 the
/// content is drawn as it is.
struct Wave: Effect {
    static let id = "segue.wave"
    static let name = "wave"
    static let summary = "The content waves up and down along a sine"

    static let amplitude = Parameter.number(
        "amplitude", summary: "How far the wave moves the content, in pixels", active: 20, identity: 0,
        animatable: true)
    static let frequency = Parameter.number(
        "frequency", summary: "Whole waves across the frame's width", default: 1, animatable: true)

    static var parameters: [ParameterDeclaration] {
        amplitude
        frequency
    }

    func render(values: Values<Wave>, canvas: Canvas) throws {
        let amplitude = values.amplitude
        guard amplitude != 0 else { return try canvas.draw(canvas.content) }
        guard amplitude.isFinite, values.frequency.isFinite else { return }
        try canvas.drawDistorted(canvas.content,
                                 by: Map(frame: canvas.frame, amplitude: amplitude, frequency: values.frequency),
                                 maxSampleOffset: Size(width: 0, height: abs(amplitude)))
    }

    /// The shader: the article's, with its 20 pixels and one wave as parameters.
    ///
    /// The offset depends on x alone, so it is worked out once per column of
    /// pixels (their centres sit at k + ½ − frame.minX in the frame's
    /// coordinates) rather than once per pixel: the same formula at the same
    /// x, so the same bits.
    struct Map: Distortion {
        let width: Double
        let amplitude: Double
        let frequency: Double
        /// The offset at x = firstColumn + k for every k, covering the frame and two columns either side.
        let firstColumn: Double
        let offsets: [Double]

        init(frame: Rect, amplitude: Double, frequency: Double) {
            width = frame.width
            self.amplitude = amplitude
            self.frequency = frequency
            firstColumn = frame.minX.rounded(.down) - 2 + 0.5 - frame.minX
            let columns = frame.width.isFinite && frame.width < 1e6 ? Int(frame.width.rounded(.up)) + 6 : 0
            offsets = (0..<columns).map { [width, amplitude, frequency, firstColumn] k in
                Self.offset(at: firstColumn + Double(k), width: width, amplitude: amplitude, frequency: frequency)
            }
        }

        static func offset(at x: Double, width: Double, amplitude: Double, frequency: Double) -> Double {
            sin(x / width * .pi * 2 * frequency) * amplitude
        }

        func source(of p: Point) -> Point {
            Point(x: p.x, y: p.y + Self.offset(at: p.x, width: width, amplitude: amplitude, frequency: frequency))
        }

        func sources(ofRowFrom first: Point, into positions: UnsafeMutableBufferPointer<Point>) {
            let start = first.x - firstColumn
            guard start == start.rounded(), start >= 0, start + Double(positions.count) <= Double(offsets.count)
            else {
                for i in positions.indices { positions[i] = source(of: Point(x: first.x + Double(i), y: first.y)) }
                return
            }
            let k = Int(start)
            for i in positions.indices {
                positions[i] = Point(x: first.x + Double(i), y: first.y + offsets[k + i])
            }
        }
    }
}
