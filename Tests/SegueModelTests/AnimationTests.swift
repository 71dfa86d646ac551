import Glibc
import SegueBasics
import Testing
@testable import SegueModel

// MARK: - Helpers

/// y(x) of a cubic Bézier timing curve, found without the solver under test:
/// the parametric curve sampled at 2^17 + 1 points, linearly interpolated in x.
private struct SampledBezier {
    let xs: [Double]
    let ys: [Double]

    init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
        let count = 1 << 17
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        xs = (0...count).map { coordinate(Double($0) / Double(count), c0x, c1x) }
        ys = (0...count).map { coordinate(Double($0) / Double(count), c0y, c1y) }
    }

    func y(at x: Double) -> Double {
        var low = 0, high = xs.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if xs[middle] <= x { low = middle } else { high = middle }
        }
        let span = xs[high] - xs[low]
        let f = span > 0 ? (x - xs[low]) / span : 0
        return ys[low] + f * (ys[high] - ys[low])
    }
}

/// x(t) of `.spring(response:dampingFraction:)` from the textbook formulas
/// for a unit mass starting at rest, one per damping regime.
private func textbookSpring(response: Double, dampingFraction zeta: Double, at t: Double) -> Double {
    let omega = 2 * Double.pi / response
    if zeta < 1 {
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
    }
    if zeta == 1 {
        return 1 - exp(-omega * t) * (1 + omega * t)
    }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
    return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
}

/// The spring behind `animation` (speed 1, no delay), evaluated without the
/// clamp to 1 that `progress(at:)` applies from the duration on. A timing
/// curve fails the calling test (rather than trapping the test process).
private func rawSpring(_ animation: Animation) throws -> Spring {
    switch animation.curve {
    case .spring(let response, let dampingFraction, _):
        return Spring(response: response, dampingFraction: dampingFraction)
    case .interpolatingSpring(let mass, let stiffness, let damping, let initialVelocity):
        return Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    case .timingCurve, .easing:
        throw SegueError.invalidArgument("\(animation) is not a spring")
    }
}

/// The SegueError `body` throws, if any (shared with EasingTests).
func animationError(_ body: () throws -> Animation) -> SegueError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? SegueError
    }
}

private func samples(_ count: Int, upTo end: Double) -> [Double] {
    (0...count).map { end * Double($0) / Double(count) }
}

// MARK: - Timing curves

@Test func easeCurvesMatchAnIndependentBezierEvaluation() throws {
    let curves: [(Animation, SampledBezier)] = [
        (.easeIn, SampledBezier(0.42, 0, 1, 1)),
        (.easeOut, SampledBezier(0, 0, 0.58, 1)),
        (.easeInOut, SampledBezier(0.42, 0, 0.58, 1)),
        (try .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.35), SampledBezier(0.2, 0.8, 0.2, 1)),
        (try .timingCurve(0.5, -0.6, 0.5, 1.6, duration: 0.35), SampledBezier(0.5, -0.6, 0.5, 1.6)),
        (try .timingCurve(1, 0, 0, 1, duration: 0.35), SampledBezier(1, 0, 0, 1)),
    ]
    for (animation, reference) in curves {
        #expect(animation.duration == 0.35)
        for x in [1e-6, 0.01, 0.1, 0.25, 0.3, 0.5, 0.6, 0.75, 0.9, 0.99, 1 - 1e-6] {
            let progress = animation.progress(at: x * 0.35)
            #expect(abs(progress - reference.y(at: x)) < 1e-7, "\(animation) at x = \(x): \(progress) vs \(reference.y(at: x))")
        }
    }
}

@Test func linearIsExact() throws {
    let linear = try Animation.linear(duration: 2)
    for t in [0.0, 0.1, 0.5, 1, 1.3, 1.999] {
        #expect(linear.progress(at: t) == t / 2)
    }
    #expect(Animation.linear.progress(at: 0.1) == 0.1 / 0.35)
    // Control points on the diagonal draw the same straight line.
    #expect(try Animation.timingCurve(0.3, 0.3, 0.8, 0.8, duration: 2) == linear)
}

@Test func timingCurvesEndExactlyAndRiseMonotonically() {
    for animation in [Animation.linear, .easeIn, .easeOut, .easeInOut] {
        #expect(animation.progress(at: 0) == 0)
        #expect(animation.progress(at: -1) == 0)
        #expect(animation.progress(at: animation.duration) == 1)
        #expect(animation.progress(at: 10) == 1)
        var previous = 0.0
        for t in samples(2000, upTo: animation.duration) {
            let progress = animation.progress(at: t)
            #expect(progress >= previous && progress <= 1, "\(animation) at \(t)")
            previous = progress
        }
    }
}

@Test func timingCurveDefaultsAndPresets() throws {
    #expect(Animation.linear == (try .linear(duration: 0.35)))
    #expect(Animation.easeIn == (try .timingCurve(0.42, 0, 1, 1)))
    #expect(Animation.easeOut == (try .timingCurve(0, 0, 0.58, 1)))
    #expect(Animation.easeInOut == (try .timingCurve(0.42, 0, 0.58, 1, duration: 0.35)))
}

@Test func timingCurvesRejectBadArguments() {
    #expect(animationError { try .timingCurve(1.2, 0, 1, 1) }?.code == .invalidArgument)
    #expect(animationError { try .timingCurve(0, 0, -0.1, 1) }?.message == "timing curve control point 'c1x' must lie in 0…1, not -0.1")
    #expect(animationError { try .timingCurve(0, .nan, 1, 1) }?.code == .invalidArgument)
    #expect(animationError { try .easeIn(duration: 0) }?.message == "'duration' must be finite and greater than 0, not 0")
    #expect(animationError { try .linear(duration: -1) }?.code == .invalidArgument)
    #expect(animationError { try .easeOut(duration: .infinity) }?.code == .invalidArgument)
    #expect(animationError { try .easeInOut(duration: .nan) }?.code == .invalidArgument)
}

// MARK: - Springs

@Test func springsMatchTheTextbookFormulas() throws {
    for (response, zeta) in [(0.5, 1.0), (0.55, 1), (0.5, 0.825), (0.3, 0.3), (1, 0.05), (0.5, 0.999), (0.5, 2), (0.4, 1.0001), (2, 7)] {
        let animation = try Animation.spring(response: response, dampingFraction: zeta)
        for t in samples(200, upTo: animation.duration).dropLast() {
            let expected = textbookSpring(response: response, dampingFraction: zeta, at: t)
            #expect(abs(animation.progress(at: t) - expected) < 1e-9, "ζ = \(zeta) at t = \(t)")
        }
    }
}

@Test func criticallyDampedSpringMatchesItsClosedForm() throws {
    let omega = 2 * Double.pi / 0.55
    for t in [0.01, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8] {
        #expect(abs(Animation.default.progress(at: t) - (1 - exp(-omega * t) * (1 + omega * t))) < 1e-12)
    }
}

@Test func springsOvershootExactlyWhenTheyBounce() throws {
    // The raw curve, over a span that holds the first peak (π/ω_d) even for
    // nearly critical springs, whose overshoot stays under the tolerance.
    func highest(_ animation: Animation) throws -> Double {
        try samples(40000, upTo: 8 * animation.duration).map(rawSpring(animation).value).max() ?? .nan
    }
    for bounce in [-0.7, -0.3, 0, 0.05, 0.15, 0.3, 0.6, 0.9] {
        let animation = try Animation.spring(duration: 0.5, bounce: bounce)
        let peak = try highest(animation)
        #expect((peak > 1) == (bounce > 0), "bounce \(bounce): max \(peak)")
        // What progress(at:) shows overshoots when the overshoot exceeds the tolerance.
        let shown = samples(20000, upTo: animation.duration).map(animation.progress).max() ?? .nan
        #expect((shown > 1.001) == (bounce >= 0.15), "bounce \(bounce): shown max \(shown)")
    }
    for zeta in [0.2, 0.9, 0.99, 1, 1.5] {
        let animation = try Animation.spring(response: 0.5, dampingFraction: zeta)
        let peak = try highest(animation)
        #expect((peak > 1) == (zeta < 1), "ζ \(zeta): max \(peak)")
    }
}

/// The springs whose settling is checked: presets, every regime, initial velocities.
private func settlingCases() throws -> [Animation] {
    [.spring, .smooth, .snappy, .bouncy, .interactiveSpring, .default,
     try .spring(response: 0.5, dampingFraction: 0.1), try .spring(response: 2, dampingFraction: 0.5),
     try .spring(response: 0.5, dampingFraction: 0.9999), try .spring(response: 0.5, dampingFraction: 1.0001),
     try .spring(response: 0.3, dampingFraction: 3), try .spring(duration: 1, bounce: -0.5),
     try .interpolatingSpring(stiffness: 170, damping: 15), try .interpolatingSpring(mass: 2, stiffness: 100, damping: 5),
     try .interpolatingSpring(stiffness: 100, damping: 20, initialVelocity: 8),
     try .interpolatingSpring(stiffness: 100, damping: 20, initialVelocity: -8),
     try .interpolatingSpring(stiffness: 100, damping: 40, initialVelocity: 30),
     try .interpolatingSpring(stiffness: 100, damping: 4, initialVelocity: 12),
     try .interpolatingSpring(stiffness: 100, damping: 4, initialVelocity: -40)]
}

@Test func springsSettleAtTheirDuration() throws {
    for animation in try settlingCases() {
        let spring = try rawSpring(animation)
        let duration = animation.duration
        #expect(duration.isFinite && duration > 0)
        #expect(animation.progress(at: duration) == 1)
        #expect(abs(1 - animation.progress(at: duration * (1 - 1e-9))) > 0.001, "\(animation) settles before \(duration)")
        for t in samples(20000, upTo: 4 * duration) where t >= duration {
            #expect(abs(1 - spring.value(at: t)) <= 0.001, "\(animation) unsettled at \(t) > \(duration)")
        }
    }
}

@Test func presetDurationsArePlausible() {
    let presets: [(String, Animation, ClosedRange<Double>)] = [
        ("spring", .spring, 0.5...1.2), ("smooth", .smooth, 0.5...1), ("snappy", .snappy, 0.4...1),
        ("bouncy", .bouncy, 0.5...1.5), ("default", .default, 0.6...1.1), ("interactiveSpring", .interactiveSpring, 0.1...0.4),
    ]
    for (name, animation, range) in presets {
        print("settling duration of .\(name): \(animation.duration) s")
        #expect(range.contains(animation.duration), "\(name): \(animation.duration)")
    }
    // Critically damped: 1 − e^(−τ)(1 + τ) reaches 0.999 at τ ≈ 9.2335.
    #expect(abs(Animation.smooth.duration - 9.233413 * 0.5 / (2 * .pi)) < 1e-6)
}

@Test func bounceDescribesTheSameSpringAsDampingFraction() throws {
    for bounce in [-0.9, -0.5, -0.25, 0, 0.15, 0.3, 0.5, 0.95] {
        let expected = try Animation.spring(response: 0.4, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
        #expect(try Animation.spring(duration: 0.4, bounce: bounce) == expected)
    }
    #expect(try Animation.smooth(duration: 0.3, extraBounce: 0.1) == .spring(duration: 0.3, bounce: 0.1))
    #expect(try Animation.snappy(extraBounce: -0.05) == .spring(duration: 0.5, bounce: 0.15 - 0.05))
    #expect(try Animation.bouncy(duration: 1) == .spring(duration: 1, bounce: 0.3))
    #expect(Animation.smooth == (try .spring(response: 0.5, dampingFraction: 1)))
    #expect(Animation.spring == (try .spring()))
    #expect(Animation.default == (try .spring(response: 0.55, dampingFraction: 1, blendDuration: 0)))
    #expect(Animation.interactiveSpring == (try .spring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)))
}

@Test func interpolatingSpringIsThePhysicalSpring() throws {
    // ω₀ = √(k/m), ζ = c / 2√(km): stiffness (2π/0.5)² and damping 4π·0.6/0.5 give response 0.5, ζ = 0.6.
    let k = pow(2 * .pi / 0.5, 2), c = 4 * Double.pi * 0.6 / 0.5
    let physical = try Animation.interpolatingSpring(stiffness: k, damping: c)
    let described = try Animation.spring(response: 0.5, dampingFraction: 0.6)
    #expect(abs(physical.duration - described.duration) < 1e-9)
    for t in samples(100, upTo: 1) {
        #expect(abs(physical.progress(at: t) - described.progress(at: t)) < 1e-9)
    }
    // Scaling mass, stiffness and damping together changes nothing.
    let heavy = try Animation.interpolatingSpring(mass: 4, stiffness: 4 * k, damping: 4 * c)
    #expect(abs(heavy.progress(at: 0.3) - described.progress(at: 0.3)) < 1e-12)
    // Four times the mass halves the frequency: the same motion at half speed.
    let slow = try Animation.interpolatingSpring(mass: 4, stiffness: k, damping: 2 * c)
    #expect(abs(slow.progress(at: 0.6) - described.progress(at: 0.3)) < 1e-12)
    #expect(abs(slow.duration - 2 * described.duration) < 1e-9)
    // The initial velocity is the slope at 0.
    let launched = try Animation.interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 3)
    #expect(abs(launched.progress(at: 1e-7) / 1e-7 - 3) < 1e-4)
}

@Test func springsRejectBadArguments() {
    #expect(animationError { try .spring(response: 0) }?.message == "'response' must be finite and greater than 0, not 0")
    #expect(animationError { try .spring(response: .infinity) }?.code == .invalidArgument)
    #expect(animationError { try .spring(dampingFraction: -0.1) }?.message == "'dampingFraction' must be finite and at least 0, not -0.1")
    #expect(animationError { try .spring(blendDuration: .nan) }?.code == .invalidArgument)
    #expect(animationError { try .spring(duration: 0.5, bounce: 1) }?.message == "'bounce' must lie strictly between -1 and 1, not 1")
    #expect(animationError { try .spring(duration: 0.5, bounce: -1) }?.code == .invalidArgument)
    #expect(animationError { try .spring(duration: -0.5, bounce: 0) }?.code == .invalidArgument)
    #expect(animationError { try .bouncy(extraBounce: 0.7) }?.message
        == "'extraBounce' 0.7 makes the bounce 1, which must lie strictly between -1 and 1")
    #expect(animationError { try .smooth(duration: 0) }?.code == .invalidArgument)
    #expect(animationError { try .interpolatingSpring(stiffness: 0, damping: 1) }?.code == .invalidArgument)
    #expect(animationError { try .interpolatingSpring(mass: -1, stiffness: 1, damping: 1) }?.code == .invalidArgument)
    #expect(animationError { try .interpolatingSpring(stiffness: 1, damping: -1) }?.code == .invalidArgument)
    #expect(animationError { try .interpolatingSpring(stiffness: 1, damping: 1, initialVelocity: .infinity) }?.code == .invalidArgument)
    #expect(animationError { try .interpolatingSpring(mass: 1e-300, stiffness: 1e-300, damping: 1e300) }?.message
        == "the spring from 'mass' 1e-300, 'stiffness' 1e-300, 'damping' 1e+300 and 'initialVelocity' 0 is too extreme to compute with")
}

// MARK: - Speed and delay

@Test func delayHoldsProgressAtZeroThenShifts() throws {
    let base = try Animation.linear(duration: 1)
    let delayed = try base.delay(0.5)
    #expect(delayed.duration == 1.5)
    #expect(delayed.progress(at: 0.25) == 0)
    #expect(delayed.progress(at: 0.5) == 0)
    #expect(delayed.progress(at: 0.75) == 0.25)
    #expect(delayed.progress(at: 1.5) == 1)
    #expect(try delayed.delay(0.25) == base.delay(0.75))
    let spring = try Animation.bouncy.delay(0.2)
    #expect(spring.duration == Animation.bouncy.duration + 0.2)
    #expect(spring.progress(at: 0.5) == Animation.bouncy.progress(at: 0.5 - 0.2))
}

@Test func speedScalesTime() throws {
    let base = try Animation.linear(duration: 1)
    let fast = try base.speed(2)
    #expect(fast.duration == 0.5)
    #expect(fast.progress(at: 0.25) == 0.5)
    #expect(try base.speed(0.5).progress(at: 1) == 0.5)
    #expect(try fast.speed(3) == base.speed(6))
    let spring = try Animation.snappy.speed(4)
    #expect(spring.duration == Animation.snappy.duration / 4)
    for t in [0.01, 0.05, 0.1] {
        #expect(spring.progress(at: t) == Animation.snappy.progress(at: 4 * t))
    }
}

@Test func speedAlsoSpeedsUpDelaysItWraps() throws {
    let base = try Animation.linear(duration: 1)
    // .delay(1).speed(2): the whole thing twice as fast, the wait included.
    let delayedThenFast = try base.delay(1).speed(2)
    #expect(delayedThenFast.duration == 1)
    #expect(delayedThenFast.progress(at: 0.5) == 0)
    #expect(delayedThenFast.progress(at: 0.75) == 0.5)
    // .speed(2).delay(1): a full second's wait, then twice as fast.
    let fastThenDelayed = try base.speed(2).delay(1)
    #expect(fastThenDelayed.duration == 1.5)
    #expect(fastThenDelayed.progress(at: 1) == 0)
    #expect(fastThenDelayed.progress(at: 1.25) == 0.5)
    #expect(delayedThenFast == (try base.speed(2).delay(0.5)))
}

@Test func speedAndDelayRejectBadArguments() throws {
    let base = Animation.easeIn
    #expect(animationError { try base.speed(0) }?.message == "'speed' must be finite and greater than 0, not 0")
    #expect(animationError { try base.speed(-1) }?.code == .invalidArgument)
    #expect(animationError { try base.speed(.infinity) }?.code == .invalidArgument)
    #expect(animationError { try base.speed(.nan) }?.code == .invalidArgument)
    #expect(animationError { try base.delay(-0.1) }?.message == "'delay' must be finite and at least 0, not -0.1")
    #expect(animationError { try base.delay(.infinity) }?.code == .invalidArgument)
    #expect(animationError { try base.speed(.leastNormalMagnitude / 1024) }?.code == .invalidArgument)
    #expect(animationError { try Animation.linear(duration: 1e308).delay(1e308) }?.message
        == "'delay' 1e+308 would make the animation last inf s; it must last a finite, positive time")
    #expect(try base.delay(0) == base)
    #expect(try base.speed(1) == base)
}

// MARK: - Specs

@Test func everyFormParses() throws {
    let cases: [(String, Animation)] = [
        (".linear", .linear),
        (".linear()", .linear),
        (".easeIn", .easeIn),
        (".easeOut(duration: 0.2)", try .easeOut(duration: 0.2)),
        (".easeInOut(duration: 1)", try .easeInOut(duration: 1)),
        (".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.6)", try .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.6)),
        (".timingCurve(0.2, 0.8, 0.2, 1)", try .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.35)),
        (".timingCurve(0.42, 0, 0.58, 1)", .easeInOut),
        (".spring", .spring),
        (".spring()", try .spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)),
        (".spring(response: 0.4, dampingFraction: 0.6)", try .spring(response: 0.4, dampingFraction: 0.6)),
        (".spring(response: 0.4, dampingFraction: 0.6, blendDuration: 0.1)",
         try .spring(response: 0.4, dampingFraction: 0.6, blendDuration: 0.1)),
        (".spring(duration: 0.6, bounce: 0.3)", try .spring(duration: 0.6, bounce: 0.3)),
        (".spring(bounce: -0.2)", try .spring(duration: 0.5, bounce: -0.2)),
        (".smooth", .smooth),
        (".snappy(duration: 0.3)", try .snappy(duration: 0.3)),
        (".bouncy(extraBounce: 0.1)", try .bouncy(extraBounce: 0.1)),
        (".interactiveSpring", .interactiveSpring),
        (".interactiveSpring(response: 0.2)", try .interactiveSpring(response: 0.2)),
        (".interpolatingSpring(stiffness: 170, damping: 15)", try .interpolatingSpring(stiffness: 170, damping: 15)),
        (".interpolatingSpring(mass: 2, stiffness: 170, damping: 15, initialVelocity: -1)",
         try .interpolatingSpring(mass: 2, stiffness: 170, damping: 15, initialVelocity: -1)),
        (".default", .default),
        ("Animation.easeOut", .easeOut),
        ("Animation.spring(duration: 1)", try .spring(duration: 1, bounce: 0)),
        (".easeInOut(duration: 1).delay(0.2)", try .easeInOut(duration: 1).delay(0.2)),
        (".bouncy.speed(2)", try .bouncy.speed(2)),
        ("Animation.bouncy.delay(0.5).speed(2)", try .bouncy.delay(0.5).speed(2)),
        (" .smooth . speed( 2 )\n.delay(1) ", try .smooth.speed(2).delay(1)),
    ]
    for (spec, expected) in cases {
        #expect(try Animation(spec: spec) == expected, "\(spec)")
    }
}

@Test func specsRoundTrip() throws {
    let animations: [Animation] = [
        .linear, .easeIn, .easeOut, .easeInOut, .spring, .smooth, .snappy, .bouncy, .interactiveSpring, .default,
        try .linear(duration: 1e-5), try .easeInOut(duration: 1234.5),
        try .timingCurve(0.1, -0.3, 0.9, 1.7, duration: 0.6), try .timingCurve(1.0 / 3, 0.1, 2.0 / 3, 0.9),
        try .spring(duration: 0.6, bounce: -0.3), try .spring(duration: 0.7, bounce: 0.37),
        try .spring(response: 0.45, dampingFraction: 0, blendDuration: 1),
        try .interpolatingSpring(mass: 0.5, stiffness: 170, damping: 15, initialVelocity: -2.5),
        try .easeInOut(duration: 0.35).delay(0.2), try .bouncy.delay(1).speed(3), try .snappy.speed(0.7).delay(0.1),
    ]
    for animation in animations {
        let parsed = try Animation(spec: animation.spec)
        #expect(parsed == animation, "\(animation.spec)")
        #expect(parsed.spec == animation.spec)
    }
    #expect(Animation.spring.spec == ".spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)")
    #expect(try Animation.easeInOut.delay(0.2).spec == ".easeInOut(duration: 0.35).delay(0.2)")
    #expect(try Animation.linear(duration: 1).delay(1).speed(2).spec == ".linear(duration: 1).speed(2).delay(0.5)")
    #expect(try Animation.timingCurve(0.2, 0.8, 0.2, 1, duration: 0.6).spec == ".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.6)")
    #expect(try Animation.interpolatingSpring(stiffness: 170, damping: 15).spec
        == ".interpolatingSpring(mass: 1, stiffness: 170, damping: 15, initialVelocity: 0)")
    #expect(Animation.smooth.description == ".spring(response: 0.5, dampingFraction: 1, blendDuration: 0)")
}

@Test func malformedSpecsNameTheColumn() {
    let cases: [(String, String)] = [
        (".spring(response: )", "column 19: expected a value such as .opacity, 0.5 or CGSize(width: 4, height: 3), found ')'"),
        (".easeInOut(duraton: 1)", "column 12: '.easeInOut' takes no argument 'duraton:'; did you mean 'duration:'?"),
        (".springy", "column 2: expected an animation such as .easeInOut or .spring(duration: 0.5, bounce: 0.2), "
            + "found '.springy'; did you mean '.spring'?"),
        (".easeIn.sped(2)", "column 9: expected .speed(_:) or .delay(_:) after an animation, found '.sped'; did you mean '.speed'?"),
        ("Animation.bouncy(extraBounce: 0.1).dealy(1)",
         "column 36: expected .speed(_:) or .delay(_:) after an animation, found '.dealy'; did you mean '.delay'?"),
        (".interpolatingSpring(stiffness: 170)", "column 2: '.interpolatingSpring' needs the argument 'damping:'"),
        (".timingCurve(0.2, 0.8, duration: 1)",
         "column 2: expected 4 control point values (c0x, c0y, c1x, c1y) for '.timingCurve', found 2"),
        (".timingCurve(0, 0, 1, 1, 1)",
         "column 26: expected 4 control point values (c0x, c0y, c1x, c1y) for '.timingCurve', found 5"),
        (".linear(duration: fast)", "column 19: expected a number for 'duration', found 'fast'"),
        (".linear(0.5)", "column 9: '.linear' takes no unlabelled argument; it takes (duration:)"),
        (".spring(response: 0.5, bounce: 0.2)",
         "column 9: '.spring' takes no argument 'response:'; it takes (duration:bounce:blendDuration:)"),
        (".default(duration: 1)", "column 10: '.default' takes no argument 'duration:'; it takes no arguments"),
        (".easeIn.speed()", "column 9: '.speed' needs the argument '_:'"),
        (".easeIn.delay(seconds: 1)", "column 15: '.delay' takes no argument 'seconds:'; it takes (_:)"),
        (".linear(duration: 1, duration: 2)", "column 22: argument 'duration' is given twice"),
        ("Transition.easeIn", "column 1: expected an animation such as .easeInOut or .spring(duration: 0.5, bounce: 0.2), "
            + "found 'Transition'"),
        ("0.5", "column 1: expected an animation such as .easeInOut or .spring(duration: 0.5, bounce: 0.2), found the number 0.5"),
        ("", "column 1: the spec is empty"),
        (".easeIn .", "column 10: expected a name after '.', found the end of the spec"),
    ]
    for (spec, message) in cases {
        let failure = animationError { try Animation(spec: spec) }
        #expect(failure?.code == .parse, "\(spec)")
        #expect(failure?.message == message, "\(spec)")
    }
}

@Test func outOfRangeValuesAreInvalidArguments() {
    let cases: [(String, String)] = [
        (".linear(duration: -1)", "column 2: 'duration' must be finite and greater than 0, not -1"),
        (".spring(duration: 0.5, bounce: 1)", "column 2: 'bounce' must lie strictly between -1 and 1, not 1"),
        (".bouncy(extraBounce: 0.8)", "column 2: 'extraBounce' 0.8 makes the bounce 1.1, which must lie strictly between -1 and 1"),
        (".timingCurve(1.5, 0, 1, 1)", "column 2: timing curve control point 'c0x' must lie in 0…1, not 1.5"),
        (".easeIn.speed(0)", "column 9: 'speed' must be finite and greater than 0, not 0"),
        (".smooth.delay(-1)", "column 9: 'delay' must be finite and at least 0, not -1"),
        (".spring(dampingFraction: -1)", "column 2: 'dampingFraction' must be finite and at least 0, not -1"),
        (".interpolatingSpring(stiffness: 0, damping: 1)", "column 2: 'stiffness' must be finite and greater than 0, not 0"),
    ]
    for (spec, message) in cases {
        let failure = animationError { try Animation(spec: spec) }
        #expect(failure?.code == .invalidArgument, "\(spec)")
        #expect(failure?.message == message, "\(spec)")
    }
}

// MARK: - Edge cases

@Test func infiniteTimesGiveTheEnds() throws {
    let animations: [Animation] = [
        .linear, .easeInOut, .spring, .bouncy, .default,
        try .spring(response: 0.5, dampingFraction: 0), try .easeIn.delay(2).speed(3),
        try .interpolatingSpring(stiffness: 50, damping: 1, initialVelocity: -3),
    ]
    for animation in animations {
        #expect(animation.progress(at: -.infinity) == 0)
        #expect(animation.progress(at: .infinity) == 1)
        #expect(animation.progress(at: -.greatestFiniteMagnitude) == 0)
        #expect(animation.progress(at: .greatestFiniteMagnitude) == 1)
    }
}

@Test func extremeDurationsStayFinite() throws {
    for duration in [1e-300, 1e-9, 1e9, 1e300] {
        let linear = try Animation.linear(duration: duration)
        #expect(linear.progress(at: duration / 4) == 0.25)
        let eased = try Animation.easeInOut(duration: duration)
        #expect(abs(eased.progress(at: duration / 2) - 0.5) < 1e-9)
        for spring in [try Animation.spring(response: duration), try .spring(duration: duration, bounce: 0.3),
                       try .smooth(duration: duration)] {
            #expect(spring.duration.isFinite && spring.duration > 0, "\(spring)")
            let unit = try Animation.spring(response: 1, dampingFraction: spring.curveDampingFraction)
            #expect(abs(spring.duration / duration / unit.duration - 1) < 1e-9, "durations scale with the response")
            for t in samples(100, upTo: spring.duration) {
                #expect(!spring.progress(at: t).isNaN)
            }
        }
    }
    #expect(animationError { try .spring(response: .leastNormalMagnitude / 1024) }?.code == .invalidArgument)
    #expect(animationError { try .spring(response: 1.7e308) }?.code == .invalidArgument)
}

@Test func extremeDampingStaysFinite() throws {
    for zeta in [0, 1e-12, 0.0001, 0.01, 0.011, 0.5, 0.999999999, 1, 1.000000001, 50, 1e6, 1e300] {
        let animation = try Animation.spring(response: 0.5, dampingFraction: zeta)
        #expect(animation.duration.isFinite && animation.duration > 0, "ζ = \(zeta)")
        #expect(animation.duration <= 100 * 0.5 * (1 + 1e-12), "ζ = \(zeta): \(animation.duration)")
        for t in samples(5000, upTo: animation.duration) {
            let progress = animation.progress(at: t)
            #expect(progress.isFinite && abs(progress) <= 3, "ζ = \(zeta) at \(t): \(progress)")
        }
    }
    // Undamped springs never settle: they stop after 100 periods of their response.
    #expect(try Animation.spring(response: 0.5, dampingFraction: 0).duration == 50)
    #expect(try Animation.spring(response: 0.5, dampingFraction: 0.0001).duration == 50)
    #expect(try Animation.interpolatingSpring(stiffness: 4 * .pi * .pi, damping: 0).duration == 100)
    // A lightly damped spring inside the cap still settles precisely.
    let light = try Animation.spring(response: 0.5, dampingFraction: 0.02)
    #expect(light.duration < 50)
    #expect(abs(1 - light.progress(at: light.duration * (1 - 1e-9))) > 0.001)
}

extension Animation {
    /// ζ of a `.spring(response:dampingFraction:)`, for comparing durations across scales.
    fileprivate var curveDampingFraction: Double {
        if case .spring(_, let dampingFraction, _) = curve { return dampingFraction }
        return .nan
    }
}
