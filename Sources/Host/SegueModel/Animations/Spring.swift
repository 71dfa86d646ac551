import Glibc

/// The physics of a spring animation: a damped oscillator of unit mass
/// pulled from 0 to 1, x'' + 2ζω₀x' + ω₀²(x − 1) = 0 with x(0) = 0 and
/// x'(0) = v₀, solved in closed form (no numeric integration).
///
/// The work is done in the phase τ = ω₀t of the undamped oscillation, which
/// leaves two numbers: the damping ratio ζ and the scaled initial velocity
/// w = v₀/ω₀. The displacement y = x − 1 and its rate are
///
///     y(τ)  = −c(τ) + (w − ζ)·s(τ)
///     y'(τ) =  w·c(τ) + (1 − ζw)·s(τ)
///
/// with (c, s) = e^(−ζτ)·(cos ωτ, sin(ωτ)/ω), ω = √(1 − ζ²), when
/// underdamped; e^(−τ)·(1, τ) when critically damped; and
/// e^(−ζτ)·(cosh ωτ, sinh(ωτ)/ω), ω = √(ζ² − 1), when overdamped.
struct Spring: Sendable {
    /// ω₀ in radians per second: 2π / response.
    let angularFrequency: Double
    /// ζ: 0 never stops, below 1 overshoots, 1 is critical, above 1 creeps.
    let dampingRatio: Double
    /// w = v₀ / ω₀.
    let scaledVelocity: Double
    /// ω of the formulas above; 0 when critically damped.
    private let frequency: Double

    /// Settled means within 0.1 % of the travel from the end, for good.
    static let tolerance = 0.001
    /// The longest a spring may take, in periods of its undamped oscillation
    /// (so in multiples of its response): it bounds springs that never or
    /// only very slowly settle (ζ = 0, ζ near 0, ζ very large).
    static let maximumPeriods = 100.0

    /// `spring(response:dampingFraction:)`: ω₀ = 2π / response, ζ = dampingFraction.
    init(response: Double, dampingFraction: Double) {
        self.init(angularFrequency: 2 * .pi / response, dampingRatio: dampingFraction, initialVelocity: 0)
    }

    /// `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`:
    /// ω₀ = √(k/m), ζ = c / (2√(km)), with the square roots taken apart so
    /// that extreme values do not overflow.
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.init(angularFrequency: stiffness.squareRoot() / mass.squareRoot(),
                  dampingRatio: damping / (2 * stiffness.squareRoot() * mass.squareRoot()),
                  initialVelocity: initialVelocity)
    }

    private init(angularFrequency: Double, dampingRatio: Double, initialVelocity: Double) {
        self.angularFrequency = angularFrequency
        self.dampingRatio = dampingRatio
        scaledVelocity = initialVelocity / angularFrequency
        // (1 − ζ)(1 + ζ) rather than 1 − ζ², which loses ω near ζ = 1 and overflows for large ζ.
        frequency = dampingRatio < 1 ? ((1 - dampingRatio) * (1 + dampingRatio)).squareRoot()
            : (dampingRatio - 1).squareRoot() * (dampingRatio + 1).squareRoot()
    }

    /// False when the numbers cannot be worked with (a frequency, ratio or
    /// velocity that overflowed or vanished).
    var isRepresentable: Bool {
        angularFrequency.isFinite && angularFrequency > 0 && dampingRatio.isFinite && dampingRatio >= 0
            && scaledVelocity.isFinite
    }

    /// x(t), for t ≥ 0.
    func value(at time: Double) -> Double {
        1 + displacement(angularFrequency * time)
    }

    /// The earliest time from which |1 − x| stays within `tolerance`, but at
    /// most `maximumPeriods` periods: bracket it with closed-form bounds,
    /// then bisect.
    var settlingTime: Double {
        let cap = Self.maximumPeriods * 2 * .pi
        guard dampingRatio > 0, let bracket = dampingRatio < 1 ? oscillatingBracket(cap: cap) : creepingBracket(cap: cap)
        else { return cap / angularFrequency }
        var (low, high) = bracket
        while true {
            let middle = low + (high - low) / 2
            guard low < middle, middle < high else { break }
            if isUnsettled(middle) { low = middle } else { high = middle }
        }
        // τ → t → τ may round back below `high`: step on until settled there too.
        var time = min(high, cap) / angularFrequency
        while high < cap, isUnsettled(angularFrequency * time) { time = time.nextUp }
        return time
    }

    // MARK: - Closed forms in the phase τ

    /// y(τ) = x − 1.
    private func displacement(_ phase: Double) -> Double {
        let (c, s) = basis(phase)
        return -c + (scaledVelocity - dampingRatio) * s
    }

    /// (c, s) of the type documentation.
    private func basis(_ phase: Double) -> (c: Double, s: Double) {
        let zeta = dampingRatio, omega = frequency
        if zeta < 1 {
            let decay = exp(-zeta * phase)
            return (decay * cos(omega * phase), decay * sin(omega * phase) / omega)
        }
        if zeta == 1 {
            let decay = exp(-phase)
            return (decay, decay * phase)
        }
        // e^(−ζτ)·cosh ωτ = e^(−τ/(ζ+ω))·(1 + e^(−2ωτ))/2 and likewise for sinh:
        // neither overflows for large ζτ nor cancels for ω near 0.
        let slow = exp(-phase / (zeta + omega))
        return (slow * (1 + exp(-2 * omega * phase)) / 2, slow * -expm1(-2 * omega * phase) / (2 * omega))
    }

    /// Judged on the value callers see, 1 + y rounded, rather than on y.
    private func isUnsettled(_ phase: Double) -> Bool {
        abs(1 - (1 + displacement(phase))) > Self.tolerance
    }

    // MARK: - Brackets: [low, high] where y is monotonic, |y(low)| > tolerance
    // and |y| ≤ tolerance from high on; nil when the spring is still moving at `cap`.

    /// ζ < 1. y' = 0 where w·cos θ + (1 − ζw)·sin(θ)/ω = 0 (θ = ωτ), that is
    /// every π from the first θ ≥ 0. |y| there is K·e^(−ζτ), a falling
    /// envelope: the last extremum above the tolerance lies just before
    /// τ = ln(K / tolerance) / ζ.
    private func oscillatingBracket(cap: Double) -> (Double, Double)? {
        let zeta = dampingRatio, omega = frequency, w = scaledVelocity
        let phi = atan2(w, (1 - zeta * w) / omega)
        let first = phi > 0 ? .pi - phi : -phi
        func extremum(_ n: Double) -> Double { (first + n * .pi) / omega }
        let k = abs(-cos(first) + (w - zeta) * sin(first) / omega)
        let lastAbove = log(k / Self.tolerance) / zeta
        var n = max(-1, ((lastAbove * omega - first) / .pi).rounded(.up) - 1)
        guard extremum(n) < cap else { return nil }
        // Rounding can put the estimate one extremum off; n = −1 stands for τ = 0.
        while n >= 0, !isUnsettled(extremum(n)) { n -= 1 }
        while isUnsettled(extremum(n + 1)) {
            n += 1
            guard extremum(n) < cap else { return nil }
        }
        return (n >= 0 ? extremum(n) : 0, extremum(n + 1))
    }

    /// ζ ≥ 1. y' = 0 where s/c = −w / (1 − ζw); s/c is τ or tanh(ωτ)/ω,
    /// rising from 0, so there is one extremum at most. After it |y| falls
    /// under the envelope e^(−λτ)·(1 + |w − ζ|·min(τ, 1/2ω)), λ = 1/(ζ + ω),
    /// which itself falls from τ = 1/λ on.
    private func creepingBracket(cap: Double) -> (Double, Double)? {
        let zeta = dampingRatio, omega = frequency, w = scaledVelocity
        let ratio = -w / (1 - zeta * w)
        var turn: Double?
        if ratio > 0, ratio.isFinite {
            if zeta == 1 { turn = ratio } else if ratio * omega < 1 { turn = atanh(ratio * omega) / omega }
        }
        if let turn, !isUnsettled(turn) { return (0, turn) }
        let low = turn ?? 0
        guard low < cap else { return nil }
        let rate = zeta == 1 ? 1 : 1 / (zeta + omega)
        let reach = zeta == 1 ? Double.infinity : 1 / (2 * omega)
        func envelope(_ phase: Double) -> Double { exp(-rate * phase) * (1 + abs(w - zeta) * min(phase, reach)) }
        var high = max(low, 1 / rate)
        while envelope(high) > Self.tolerance {
            if high >= cap { return isUnsettled(cap) ? nil : (low, cap) }
            high *= 2
        }
        return (low, high)
    }
}
