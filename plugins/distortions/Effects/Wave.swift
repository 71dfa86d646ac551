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
                                 by: Map(width: canvas.frame.width, amplitude: amplitude, frequency: values.frequency),
                                 maxSampleOffset: Size(width: 0, height: abs(amplitude)))
    }

    /// The shader: the article's, with its 20 pixels and one wave as parameters.
    struct Map: Distortion {
        let width: Double
        let amplitude: Double
        let frequency: Double

        func source(of p: Point) -> Point {
            let f = sin(p.x / width * .pi * 2 * frequency)
            return Point(x: p.x, y: p.y + f * amplitude)
        }
    }
}
