import CSegue
import Glibc
import Testing
@testable import SegueDistortions
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The distortions plugin's shaders against the article's formulas, written
/// out here again for every pixel of a frame, and the kit's distortion
/// wrapper on the fake host.
@Suite struct DistortionsTests {
    static let frame = Rect(x: 0, y: 0, width: 120, height: 80)

    /// The one distortion `rendering` drew.
    func distortion(_ rendering: FakeHost.Rendering) throws -> DistortCall {
        #expect(rendering.status == .ok, "\(rendering.errors)")
        #expect(rendering.calls.count == 1)
        guard case .distort(let call)? = rendering.calls.first else {
            Issue.record("expected one distorted drawing, got \(rendering.calls)")
            throw CancellationError()
        }
        #expect(call.image == "content")
        return call
    }

    /// Every pixel's source position, asked a row at a time as the host asks,
    /// against `formula` (positions in frame coordinates, pixel centres).
    func expectEveryPixel(_ call: DistortCall, frame: Rect = Self.frame, _ formula: (Point) -> Point) {
        var checked = 0
        for y in 0..<Int(frame.height) {
            let row = call.positions(from: Point(x: 0.5, y: Double(y) + 0.5), count: Int(frame.width))
            for x in 0..<Int(frame.width) {
                let want = formula(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let got = row[x]
                let close = abs(got.x - want.x) <= 1e-9 * max(1, abs(want.x)) && abs(got.y - want.y) <= 1e-9 * max(1, abs(want.y))
                if !close {
                    Issue.record("pixel (\(x), \(y)): got \(got), the formula gives \(want)")
                    return
                }
                checked += 1
            }
        }
        #expect(checked == Int(frame.width * frame.height))
    }

    // MARK: - slideAway

    /// The article's slideAwayShader(position, size, time, direction).
    static func slideAway(_ position: Point, size: Size, time: Double, direction: Double) -> Point {
        let c = Point(x: size.width / 2, y: size.height / 2)
        let v = Point(x: position.x - c.x, y: position.y - c.y)
        let f = (direction > 0 ? position.x : (size.width - position.x)) / size.width
        if time > f {
            let mul = (time - f) / (1 - f)
            return Point(x: c.x + v.x * mul, y: c.y + v.y * mul)
        }
        return Point(x: -1, y: -1)
    }

    @Test(arguments: [0.05, 0.3, 0.5, 0.77, 0.999])
    func slideAwayIsTheArticlesShader(time: Double) throws {
        for (direction, sign) in [("leading", 1.0), ("trailing", -1.0)] {
            let call = try distortion(FakeHost.render(SlideAway.self, ["progress": .number(time),
                                                                       "direction": .enumeration(direction)],
                                                      frame: Self.frame))
            expectEveryPixel(call) { Self.slideAway($0, size: Self.frame.size, time: time, direction: sign) }
            #expect(call.maxSampleOffset == Size(width: 60, height: 40))
        }
    }

    @Test func slideAwayIsTheContentAtOneAndNothingAtZero() {
        #expect(FakeHost.render(SlideAway.self, ["progress": .number(1)]).calls == [.draw(DrawCall(image: "content"))])
        #expect(FakeHost.render(SlideAway.self, ["progress": .number(1.4)]).calls == [.draw(DrawCall(image: "content"))])
        #expect(FakeHost.render(SlideAway.self, ["progress": .number(0)]).calls.isEmpty)
        #expect(FakeHost.render(SlideAway.self, ["progress": .number(-0.3)]).calls.isEmpty)
    }

    // MARK: - shift

    /// The article's demoShader(position, size, effectValue), Metal's sign() included.
    static func shift(_ position: Point, size: Size, effectValue: Double) -> Point {
        func sign(_ v: Double) -> Double { v > 0 ? 1 : v < 0 ? -1 : 0 }
        let skewF = 0.1 * size.width
        let yRatio = position.y / size.height
        let positiveEffect = effectValue * sign(effectValue)
        let skewProgress = min(0.5 - abs(positiveEffect - 0.5), 0.2) / 0.2
        let skew = effectValue > 0 ? yRatio * skewF * skewProgress : (1 - yRatio) * skewF * skewProgress
        let shift = effectValue * size.width
        return Point(x: position.x + (shift + skew * sign(effectValue)), y: position.y)
    }

    @Test(arguments: [1, 0.9, 0.5, 0.1, 0.02, -0.02, -0.1, -0.5, -0.85, -1, 1.3])
    func shiftIsTheArticlesShader(amount: Double) throws {
        let call = try distortion(FakeHost.render(Shift.self, ["amount": .number(amount)], frame: Self.frame))
        expectEveryPixel(call) { Self.shift($0, size: Self.frame.size, effectValue: amount) }
        // Far enough for the shift and the skew.
        #expect(call.maxSampleOffset.width >= abs(amount) * 120 + 12)
    }

    @Test func shiftIsTheContentAtZeroAndDeclaresItsRemoval() throws {
        #expect(FakeHost.render(Shift.self, ["amount": .number(0)]).calls == [.draw(DrawCall(image: "content"))])
        let amount = Shift.amount.declaration
        #expect(amount.active == .number(1) && amount.identity == .number(0) && amount.removal == .number(-1))
        let desc = Descriptors.parameter(amount)
        #expect(desc.flags == SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_REMOVAL)
        #expect(desc.removal.kind == ParameterKind.number.cValue && desc.removal.number == -1)
    }

    // MARK: - wave

    /// The article's wave, demoShader(position, size) with its 20 pixels as `amplitude`, one wave as `frequency`.
    static func wave(_ position: Point, size: Size, amplitude: Double, frequency: Double) -> Point {
        let f = sin(position.x / size.width * Double.pi * 2 * frequency)
        return Point(x: position.x, y: position.y + f * amplitude)
    }

    @Test(arguments: [(20.0, 1.0), (-7.5, 2.5), (0.25, 0.5)])
    func waveIsTheArticlesShader(amplitude: Double, frequency: Double) throws {
        let call = try distortion(FakeHost.render(Wave.self, ["amplitude": .number(amplitude),
                                                              "frequency": .number(frequency)], frame: Self.frame))
        expectEveryPixel(call) { Self.wave($0, size: Self.frame.size, amplitude: amplitude, frequency: frequency) }
        #expect(call.maxSampleOffset == Size(width: 0, height: abs(amplitude)))
    }

    @Test func waveIsTheArticlesShaderOnAFrameOffTheGridAndAtAnyRowStart() throws {
        // The per-column table serves rows starting on its grid; any other start
        // falls back to the formula itself.
        let frame = Rect(x: 3.3, y: 1.7, width: 57.4, height: 9)
        let call = try distortion(FakeHost.render(Wave.self, ["amplitude": .number(6), "frequency": .number(1.5)],
                                                  frame: frame))
        let wave = { (p: Point) in Self.wave(p, size: frame.size, amplitude: 6, frequency: 1.5) }
        for first in [Point(x: 0.2, y: 0.5), Point(x: 0.7, y: 3.5), Point(x: -1.8, y: 2), Point(x: 40.2, y: 8.5)] {
            let row = call.positions(from: first, count: 20)
            for (i, got) in row.enumerated() {
                let want = wave(Point(x: first.x + Double(i), y: first.y))
                #expect(abs(got.x - want.x) <= 1e-9 && abs(got.y - want.y) <= 1e-9, "\(first) + \(i)")
            }
        }
    }

    @Test func waveIsTheContentAtZeroAndNothingWhenNotFinite() {
        #expect(FakeHost.render(Wave.self, ["amplitude": .number(0)]).calls == [.draw(DrawCall(image: "content"))])
        #expect(FakeHost.render(Wave.self, ["amplitude": .number(.infinity)]).calls.isEmpty)
        #expect(FakeHost.render(Wave.self, ["frequency": .number(.nan), "amplitude": .number(3)]).calls.isEmpty)
    }

    // MARK: - the kit's wrapper

    @Test func pointIsTwoDoublesAsTheHostWritesThem() {
        #expect(MemoryLayout<Point>.size == 16 && MemoryLayout<Point>.stride == 16)
        #expect(MemoryLayout<Point>.offset(of: \Point.x) == 0 && MemoryLayout<Point>.offset(of: \Point.y) == 8)
    }

    @Test func aHostWithoutDistortionsIsToldApart() throws {
        let canvas = FakeCanvas(frame: Self.frame)
        let kitCanvas = Canvas(host: FakeHost.tableWithoutCancellation, pointer: canvas.handle)
        #expect(throws: PluginError.self) {
            try kitCanvas.drawDistorted(kitCanvas.content, by: Wave.Map(frame: Self.frame, amplitude: 1, frequency: 1))
        }
        #expect(canvas.calls.isEmpty)
    }

    @Test(arguments: [Status.ok, .invalidArgument])
    func theHostReleasesWhatItWasHanded(refusal: Status) throws {
        weak var watched: Tracker?
        do {
            let canvas = FakeCanvas(frame: Self.frame)
            canvas.refusal = refusal
            let kitCanvas = Canvas(host: FakeHost.table, pointer: canvas.handle)
            let tracker = Tracker()
            watched = tracker
            if refusal == .ok {
                try kitCanvas.drawDistorted(kitCanvas.content, by: Tracked(tracker: tracker))
                #expect(canvas.calls.count == 1)
            } else {
                #expect(throws: PluginError.self) {
                    try kitCanvas.drawDistorted(kitCanvas.content, by: Tracked(tracker: tracker))
                }
            }
        }
        // Refused at once, or accepted and released with the canvas's recording.
        #expect(watched == nil)
    }
}

/// Something whose lifetime a test can watch.
private final class Tracker: Sendable {}

/// The identity, holding a tracker.
private struct Tracked: Distortion {
    let tracker: Tracker
    func source(of position: Point) -> Point { position }
}
