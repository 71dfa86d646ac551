import SegueBasics

/// SwiftUI's `Animation`: how the progress of a transition follows time.
/// Progress is 0 before the start and during a delay, follows a timing curve
/// or a spring, and is exactly 1 from `duration` on. An immutable value.
///
/// `speed(_:)` and `delay(_:)` wrap what they are applied to, as in SwiftUI:
/// `a.speed(s)` plays all of `a`, its delays included, `s` times as fast;
/// `a.delay(d)` waits `d` seconds, then plays `a`. So
/// `.linear(duration: 1).delay(1).speed(2)` waits 0.5 s and lasts 1 s, while
/// `.linear(duration: 1).speed(2).delay(1)` waits 1 s and lasts 1.5 s. Any
/// chain comes down to one wait and one speed: curve time = (t − delay)·speed.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// What plays, described by the numbers it was made from.
    enum Curve: Hashable, Sendable {
        case timingCurve(TimingCurve, duration: Double)
        case easing(Easing, duration: Double)
        case spring(response: Double, dampingFraction: Double, blendDuration: Double)
        case interpolatingSpring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    }

    let curve: Curve
    /// Seconds of curve time until the curve ends: the timing curve's
    /// duration or the spring's settling time.
    let curveDuration: Double
    /// How many seconds of curve time pass per second.
    let speed: Double
    /// Seconds before the curve starts.
    let delay: Double

    /// - Throws: `.invalidArgument`, blaming `cause`, when the animation
    ///   would not last a finite, positive time.
    private init(_ curve: Curve, curveDuration: Double, speed: Double = 1, delay: Double = 0, cause: @autoclosure () -> String) throws {
        let duration = curveDuration / speed + delay
        guard duration.isFinite, curveDuration / speed > 0 else {
            throw SegueError.invalidArgument(
                "\(cause()) would make the animation last \(SpecFormat.number(duration)) s; it must last a finite, positive time")
        }
        self.curve = curve
        self.curveDuration = curveDuration
        self.speed = speed
        self.delay = delay
    }

    // MARK: - Timing curves

    /// `.linear(duration:)`: progress proportional to time.
    /// - Throws: `.invalidArgument` when `duration` is not finite and positive.
    public static func linear(duration: Double = 0.35) throws -> Animation {
        try timingCurve(.linear, duration: duration)
    }

    /// `.easeIn(duration:)`: the cubic Bézier (0.42, 0, 1, 1).
    /// - Throws: `.invalidArgument` when `duration` is not finite and positive.
    public static func easeIn(duration: Double = 0.35) throws -> Animation {
        try timingCurve(.easeIn, duration: duration)
    }

    /// `.easeOut(duration:)`: the cubic Bézier (0, 0, 0.58, 1).
    /// - Throws: `.invalidArgument` when `duration` is not finite and positive.
    public static func easeOut(duration: Double = 0.35) throws -> Animation {
        try timingCurve(.easeOut, duration: duration)
    }

    /// `.easeInOut(duration:)`: the cubic Bézier (0.42, 0, 0.58, 1).
    /// - Throws: `.invalidArgument` when `duration` is not finite and positive.
    public static func easeInOut(duration: Double = 0.35) throws -> Animation {
        try timingCurve(.easeInOut, duration: duration)
    }

    /// `.timingCurve(c0x, c0y, c1x, c1y, duration:)`: the cubic Bézier from
    /// (0, 0) to (1, 1) with control points (c0x, c0y) and (c1x, c1y).
    /// - Throws: `.invalidArgument` when a value is not finite, c0x or c1x
    ///   lies outside 0...1, or `duration` is not positive.
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                   duration: Double = 0.35) throws -> Animation {
        try timingCurve(TimingCurve(c0x, c0y, c1x, c1y), duration: duration)
    }

    static func timingCurve(_ curve: TimingCurve, duration: Double) throws -> Animation {
        try requirePositive(duration, "duration")
        return try Animation(.timingCurve(curve, duration: duration), curveDuration: duration,
                             cause: "'duration' \(SpecFormat.number(duration))")
    }

    /// A named easing (`.easeOutBack(duration:)`, `.bounceIn(duration:)` …)
    /// or CSS steps, over `duration` seconds.
    /// - Throws: `.invalidArgument` when `duration` is not finite and positive,
    ///   or steps are fewer than one (two for `jump: .none`).
    static func easing(_ easing: Easing, duration: Double) throws -> Animation {
        if case .steps(let count, let jump) = easing, count < (jump == .none ? 2 : 1) {
            throw SegueError.invalidArgument("steps(\(count), jump: .\(jump.rawValue)) needs at least "
                + "\(jump == .none ? 2 : 1) step\(jump == .none ? "s" : "")")
        }
        try requirePositive(duration, "duration")
        return try Animation(.easing(easing, duration: duration), curveDuration: duration,
                             cause: "'duration' \(SpecFormat.number(duration))")
    }

    // MARK: - Springs

    /// `.spring(response:dampingFraction:blendDuration:)`: a spring of unit
    /// mass with stiffness (2π / response)² and damping 4π·dampingFraction /
    /// response. dampingFraction 0 never settles: such springs (and those
    /// barely damped or heavily overdamped) end after `Spring.maximumPeriods`
    /// responses. `blendDuration` only matters when SwiftUI retargets a
    /// running animation; it is kept but does not change the curve.
    /// - Throws: `.invalidArgument` when `response` is not finite and
    ///   positive or `dampingFraction` or `blendDuration` is negative or not finite.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825,
                              blendDuration: Double = 0) throws -> Animation {
        try requirePositive(response, "response")
        try requireNonNegative(dampingFraction, "dampingFraction")
        try requireNonNegative(blendDuration, "blendDuration")
        return try make(.spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration),
                        Spring(response: response, dampingFraction: dampingFraction),
                        cause: "'response' \(SpecFormat.number(response))")
    }

    /// `.spring(duration:bounce:blendDuration:)`: the same spring described
    /// perceptually: response = duration, dampingFraction = 1 − bounce for
    /// bounce ≥ 0 and 1 / (1 + bounce) below. (Disfavoured so that
    /// `.spring()` means the response form, as in SwiftUI.)
    /// - Throws: `.invalidArgument` when `duration` is not finite and
    ///   positive, `bounce` is not strictly between -1 and 1, or
    ///   `blendDuration` is negative or not finite.
    @_disfavoredOverload
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) throws -> Animation {
        guard bounce.isFinite, bounce > -1, bounce < 1 else {
            throw SegueError.invalidArgument("'bounce' must lie strictly between -1 and 1, not \(SpecFormat.number(bounce))")
        }
        try requirePositive(duration, "duration")
        return try spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce),
                          blendDuration: blendDuration)
    }

    /// `.smooth(duration:extraBounce:)`: `spring(duration:bounce:)` with bounce 0 + extraBounce.
    /// - Throws: `.invalidArgument` as `spring(duration:bounce:)`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws -> Animation {
        try perceptualSpring(duration: duration, bounce: 0, extraBounce: extraBounce)
    }

    /// `.snappy(duration:extraBounce:)`: `spring(duration:bounce:)` with bounce 0.15 + extraBounce.
    /// - Throws: `.invalidArgument` as `spring(duration:bounce:)`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws -> Animation {
        try perceptualSpring(duration: duration, bounce: 0.15, extraBounce: extraBounce)
    }

    /// `.bouncy(duration:extraBounce:)`: `spring(duration:bounce:)` with bounce 0.3 + extraBounce.
    /// - Throws: `.invalidArgument` as `spring(duration:bounce:)`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws -> Animation {
        try perceptualSpring(duration: duration, bounce: 0.3, extraBounce: extraBounce)
    }

    private static func perceptualSpring(duration: Double, bounce: Double, extraBounce: Double) throws -> Animation {
        let total = bounce + extraBounce
        guard total.isFinite, total > -1, total < 1 else {
            throw SegueError.invalidArgument("'extraBounce' \(SpecFormat.number(extraBounce)) makes the bounce "
                + "\(SpecFormat.number(total)), which must lie strictly between -1 and 1")
        }
        return try spring(duration: duration, bounce: total)
    }

    /// `.interactiveSpring(response:dampingFraction:blendDuration:)`, with SwiftUI's defaults.
    /// - Throws: `.invalidArgument` as `spring(response:dampingFraction:blendDuration:)`.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) throws -> Animation {
        try spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`: the
    /// spring m·x'' + damping·x' + stiffness·(x − 1) = 0 starting at 0 with
    /// `initialVelocity` (in units of the travel per second).
    /// - Throws: `.invalidArgument` when `mass` or `stiffness` is not finite
    ///   and positive, `damping` is negative or not finite, `initialVelocity`
    ///   is not finite, or together they overflow.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) throws -> Animation {
        try requirePositive(mass, "mass")
        try requirePositive(stiffness, "stiffness")
        try requireNonNegative(damping, "damping")
        guard initialVelocity.isFinite else {
            throw SegueError.invalidArgument("'initialVelocity' must be finite, not \(SpecFormat.number(initialVelocity))")
        }
        let curve = Curve.interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        return try make(curve, Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity),
                        cause: "'mass' \(SpecFormat.number(mass)), 'stiffness' \(SpecFormat.number(stiffness)), "
                            + "'damping' \(SpecFormat.number(damping)) and 'initialVelocity' \(SpecFormat.number(initialVelocity))")
    }

    /// - Throws: `.invalidArgument`, blaming `cause`, for numbers too extreme to compute with.
    private static func make(_ curve: Curve, _ physics: Spring, cause: @autoclosure () -> String) throws -> Animation {
        guard physics.isRepresentable else {
            throw SegueError.invalidArgument("the spring from \(cause()) is too extreme to compute with")
        }
        return try Animation(curve, curveDuration: physics.settlingTime, cause: cause())
    }

    // MARK: - Presets

    // The constants below are valid, so the `try!`s cannot fail.

    /// `.linear(duration: 0.35)`.
    public static let linear = try! linear()
    /// `.easeIn(duration: 0.35)`.
    public static let easeIn = try! easeIn()
    /// `.easeOut(duration: 0.35)`.
    public static let easeOut = try! easeOut()
    /// `.easeInOut(duration: 0.35)`.
    public static let easeInOut = try! easeInOut()
    /// `.spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)`.
    public static let spring = try! spring()
    /// `.smooth(duration: 0.5, extraBounce: 0)`.
    public static let smooth = try! smooth()
    /// `.snappy(duration: 0.5, extraBounce: 0)`.
    public static let snappy = try! snappy()
    /// `.bouncy(duration: 0.5, extraBounce: 0)`.
    public static let bouncy = try! bouncy()
    /// `.interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)`.
    public static let interactiveSpring = try! interactiveSpring()
    /// SwiftUI's `.default`: a spring with response 0.55 and damping fraction 1.
    public static let `default` = try! spring(response: 0.55, dampingFraction: 1)

    // MARK: - Modifiers

    /// This animation played `speed` times as fast, delays included.
    /// - Throws: `.invalidArgument` when `speed` is not finite and positive,
    ///   or the result would not last a finite, positive time.
    public func speed(_ speed: Double) throws -> Animation {
        try Self.requirePositive(speed, "speed")
        return try Animation(curve, curveDuration: curveDuration, speed: self.speed * speed, delay: delay / speed,
                             cause: "'speed' \(SpecFormat.number(speed))")
    }

    /// This animation started `delay` seconds later; progress is 0 until then.
    /// - Throws: `.invalidArgument` when `delay` is negative or not finite,
    ///   or the result would not last a finite time.
    public func delay(_ delay: Double) throws -> Animation {
        try Self.requireNonNegative(delay, "delay")
        return try Animation(curve, curveDuration: curveDuration, speed: speed, delay: self.delay + delay,
                             cause: "'delay' \(SpecFormat.number(delay))")
    }

    // MARK: - Playing

    /// Seconds from the start until progress stays at exactly 1: the curve's
    /// duration or the spring's settling time (|1 − x| ≤ 0.001 from then
    /// on), divided by the speed, plus the delay. Always finite and positive.
    public var duration: Double {
        curveDuration / speed + delay
    }

    /// The progress `time` seconds after the start: 0 up to the end of the
    /// delay, exactly 1 from `duration` on, the curve's value in between
    /// (springs may overshoot 1). ±infinity give 1 and 0; `time` must not be NaN.
    public func progress(at time: Double) -> Double {
        if time >= duration { return 1 }
        if time <= delay { return 0 }
        let curveTime = (time - delay) * speed
        if curveTime >= curveDuration { return 1 }
        switch curve {
        case .timingCurve(let timing, let length):
            return timing.value(at: curveTime / length)
        case .easing(let easing, let length):
            return easing.value(at: curveTime / length)
        case .spring(let response, let dampingFraction, _):
            return Spring(response: response, dampingFraction: dampingFraction).value(at: curveTime)
        case .interpolatingSpring(let mass, let stiffness, let damping, let initialVelocity):
            return Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
                .value(at: curveTime)
        }
    }

    /// The progress `time` seconds into a run stretched (or squeezed) to
    /// last `length` seconds: the whole animation, delay included, over
    /// `length`, exactly 1 from `length` on. What `--duration` means on the
    /// command line. `length` must be positive and finite.
    public func progress(at time: Double, over length: Double) -> Double {
        progress(at: time / length * duration)
    }

    public var description: String { spec }

    // MARK: - Checks

    private static func requirePositive(_ value: Double, _ name: String) throws {
        guard value.isFinite, value > 0 else {
            throw SegueError.invalidArgument("'\(name)' must be finite and greater than 0, not \(SpecFormat.number(value))")
        }
    }

    private static func requireNonNegative(_ value: Double, _ name: String) throws {
        guard value.isFinite, value >= 0 else {
            throw SegueError.invalidArgument("'\(name)' must be finite and at least 0, not \(SpecFormat.number(value))")
        }
    }
}
