import Glibc
import SegueBasics

/// The easing functions users bring from elsewhere, each a closed form of
/// the time fraction x in 0…1: Robert Penner's thirty (as easings.net
/// writes them, the set CSS libraries, editly and xfade-easing use), the
/// GLSL variants gl-transitions' tools use where their maths differs
/// (glsl-easings' back, elastic and bounce), and CSS's `steps()`.
enum Easing: Hashable, Sendable {
    /// Penner's families, in the order specs list them.
    enum Family: String, CaseIterable, Sendable {
        case quad = "Quad", cubic = "Cubic", quart = "Quart", quint = "Quint", sine = "Sine", expo = "Expo",
             circ = "Circ", back = "Back", elastic = "Elastic", bounce = "Bounce"
    }

    /// Which end eases: the start, the end, or both.
    enum Phase: String, CaseIterable, Sendable {
        case `in` = "In", out = "Out", inOut = "InOut"
    }

    /// glsl-easings' own back, elastic and bounce (the others are Penner's maths).
    enum GLSLFamily: String, CaseIterable, Sendable {
        case back, elastic, bounce
    }

    /// Where CSS `steps()` puts its jumps.
    enum Jump: String, CaseIterable, Sendable {
        case start, end, none, both
    }

    case penner(Family, Phase)
    case glsl(GLSLFamily, Phase)
    /// CSS `steps(count, jump-…)`.
    case steps(Int, Jump)

    /// Every name a named easing goes by, canonical first: Penner's
    /// (`easeInQuad` … `easeInOutBounce`), then glsl-easings' (`quadraticIn`
    /// … `bounceInOut`; `qinticIn` is theirs too).
    static let named: [(name: String, easing: Easing)] = {
        var names: [(String, Easing)] = []
        for family in Family.allCases {
            for phase in Phase.allCases { names.append(("ease\(phase.rawValue)\(family.rawValue)", .penner(family, phase))) }
        }
        let glslNames: [(String, Family)] = [("quadratic", .quad), ("cubic", .cubic), ("quartic", .quart),
                                              ("quintic", .quint), ("sine", .sine), ("exponential", .expo),
                                              ("circular", .circ)]
        for (prefix, family) in glslNames {
            for phase in Phase.allCases { names.append(("\(prefix)\(phase.rawValue)", .penner(family, phase))) }
        }
        for family in GLSLFamily.allCases {
            for phase in Phase.allCases { names.append(("\(family.rawValue)\(phase.rawValue)", .glsl(family, phase))) }
        }
        return names
    }()

    /// The name a spec writes for this easing; nil for `steps`.
    var name: String? {
        Self.named.first { $0.easing == self }?.name
    }

    /// The progress at time fraction `x`: 0 up to x = 0, 1 from x = 1 on,
    /// the closed form in between (back and elastic leave 0…1 on the way).
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        switch self {
        case .penner(.back, .inOut):
            // Penner's in-out back overshoots by 1.70158 × 1.525 on each half.
            return Self.phased(.inOut, x) { Self.back($0, overshoot: 1.70158 * 1.525) }
        case .penner(.elastic, .inOut):
            // Penner's in-out elastic has its own period: 4.5 tenths, phase 11.125.
            if x < 0.5 { return -pow(2, 20 * x - 10) * sin((20 * x - 11.125) * (2 * .pi / 4.5)) / 2 }
            return pow(2, -20 * x + 10) * sin((20 * x - 11.125) * (2 * .pi / 4.5)) / 2 + 1
        case .penner(let family, let phase):
            return Self.phased(phase, x) { Self.penner(family, $0) }
        case .glsl(let family, let phase):
            return Self.phased(phase, x) { Self.glsl(family, $0) }
        case .steps(let count, let jump):
            let n = Double(count)
            let step = (x * n).rounded(.down)
            switch jump {
            case .start: return min(1, (step + 1) / n)
            case .end: return step / n
            case .none: return min(1, step / (n - 1))
            case .both: return (step + 1) / (n + 1)
            }
        }
    }

    /// The ease-in curve f turned into `phase`: f, its mirror 1 − f(1 − x),
    /// or f on the first half and the mirror on the second.
    private static func phased(_ phase: Phase, _ x: Double, _ f: (Double) -> Double) -> Double {
        switch phase {
        case .in: return f(x)
        case .out: return 1 - f(1 - x)
        case .inOut: return x < 0.5 ? f(2 * x) / 2 : 1 - f(2 - 2 * x) / 2
        }
    }

    /// Penner's ease-in curves. Each family's out and in-out forms are their
    /// mirrors (`phased`), which is how easings.net's formulas are built,
    /// except the in-out back and elastic (`value(at:)`).
    private static func penner(_ family: Family, _ x: Double) -> Double {
        switch family {
        case .quad: return x * x
        case .cubic: return x * x * x
        case .quart: return x * x * x * x
        case .quint: return x * x * x * x * x
        case .sine: return 1 - cos(x * .pi / 2)
        case .expo: return x == 0 ? 0 : pow(2, 10 * x - 10)
        case .circ: return 1 - (1 - x * x).squareRoot()
        case .back: return back(x, overshoot: 1.70158)
        case .elastic: return x == 0 ? 0 : -pow(2, 10 * x - 10) * sin((10 * x - 10.75) * (2 * .pi / 3))
        case .bounce: return 1 - bounceOut(1 - x)
        }
    }

    /// Penner's back: (c + 1)·x³ − c·x², which dips 10 % below 0 for c = 1.70158.
    private static func back(_ x: Double, overshoot c: Double) -> Double {
        (c + 1) * x * x * x - c * x * x
    }

    /// Penner's bounce: four parabolas of height 1, 0.25, 0.0625 and
    /// 0.015625 below 1, meeting at 1/2.75, 2/2.75 and 2.5/2.75.
    private static func bounceOut(_ x: Double) -> Double {
        let n = 7.5625, d = 2.75
        if x < 1 / d { return n * x * x }
        if x < 2 / d { let t = x - 1.5 / d; return n * t * t + 0.75 }
        if x < 2.5 / d { let t = x - 2.25 / d; return n * t * t + 0.9375 }
        let t = x - 2.625 / d
        return n * t * t + 0.984375
    }

    /// glsl-easings' ease-in curves for the three families whose maths is not Penner's.
    private static func glsl(_ family: GLSLFamily, _ x: Double) -> Double {
        switch family {
        case .back: return x * x * x - x * sin(x * .pi)
        case .elastic: return sin(13 * x * .pi / 2) * pow(2, 10 * (x - 1))
        case .bounce: return 1 - glslBounceOut(1 - x)
        }
    }

    /// glsl-easings' bounce: parabolas meeting at 4/11, 8/11 and 9/10.
    private static func glslBounceOut(_ x: Double) -> Double {
        let x2 = x * x
        if x < 4.0 / 11 { return 7.5625 * x2 }
        if x < 8.0 / 11 { return 9.075 * x2 - 9.9 * x + 3.4 }
        if x < 0.9 { return 4356.0 / 361 * x2 - 35442.0 / 1805 * x + 16061.0 / 1805 }
        return 10.8 * x2 - 20.52 * x + 10.72
    }
}
