import Glibc
import SeguePluginKit

/// `particles`: the article's fire as a transition — the view burns away
/// from the bottom into embers that rise along cosine waves, fading as they
/// climb, blended with plusLighter.
///
/// For a w × h frame at `progress` p (0 the view whole, 1 burnt away):
///
/// - The view shows above the burn line y_b = minY + (1 − p)·h (clipped on
///   the exact line): whole at p ≤ 0, gone at p ≥ 1.
/// - Each of `count` embers has, from SplitMix64 seeded with `seed`, three
///   numbers in order: its place across u ∈ [0, 1), its start s ∈ [0, 1)
///   and its phase φ ∈ [0, 2π). Its own time is τ = frac(2p + s) (it rises
///   twice in a transition); it sits at
///   x = minX + u·w + cos(3πτ + φ)·0.1w·(0.1 + 0.8(1 − τ)) and
///   y = y_b − τ²·(y_b − minY + h/4) — the article's cosine path whose swing
///   narrows as it rises, and its y = (1 − τ²)·h from the burn line — at
///   opacity (1 − τ)·sin(πp): none at either end, so the transition starts
///   and ends exactly.
/// - Every ember is one image: a disc of diameter d = size·min(w, h) in
///   `color`, blurred with a Gaussian of standard deviation blur·d, drawn
///   once per engine and size and kept across frames; its centre lands on
///   the ember's position rounded to whole pixels.
///
/// The same values and seed give the same frame. Values beyond their ranges
/// (springs) stay defined: p outside 0…1 is the view whole or gone, with no embers.
struct Particles: Effect {
    static let id = "segue.particles"
    static let name = "particles"
    static let summary = "The view burns away from the bottom into rising embers (the article's canvas fire)"

    static let progress = Parameter.number(
        "progress", summary: "How far the view has burnt: 0 whole, 1 gone", active: 1, identity: 0, animatable: true)
    static let count = Parameter.integer("count", summary: "How many embers", default: 200, range: 0...5000)
    static let color = Parameter.color("color", summary: "The embers' colour; its opacity is each ember's at its brightest",
                                       default: Color.orange.opacity(0.4))
    static let size = Parameter.number(
        "size", summary: "An ember's diameter, as a fraction of the frame's shorter side", default: 0.1, range: 0...1)
    static let blur = Parameter.number(
        "blur", summary: "The embers' blur: the Gaussian's standard deviation as a fraction of their diameter",
        default: 0.3, range: 0...2)
    static let seed = Parameter.integer("seed", summary: "Picks the embers' places, start times and phases", default: 1)

    static var parameters: [ParameterDeclaration] {
        progress
        count
        color
        size
        blur
        seed
    }

    /// The embers' image, made once per engine for each size and colour asked.
    let sprites = SpriteCache()

    func render(values: Values<Particles>, canvas: Canvas) throws {
        let p = values.progress
        guard p.isFinite, p < 1 else { return }
        guard p > 0 else { return try canvas.draw(canvas.content) }
        let frame = canvas.frame
        let burn = frame.minY + (1 - p) * frame.height
        try canvas.draw(canvas.content, clip: Path(Rect(x: frame.minX, y: frame.minY, width: frame.width,
                                                         height: burn - frame.minY)))
        let strength = sin(Double.pi * p)
        let diameter = values.size * min(frame.width, frame.height)
        guard values.count > 0, strength > 0, diameter >= 0.5 else { return }
        let sprite = try sprites.sprite(diameter: diameter, sigma: values.blur * diameter, color: values.color)
        let half = Double(sprite.side) / 2
        for ember in Self.embers(count: values.count, seed: values.seed, progress: p, frame: frame) {
            let opacity = ember.opacity * strength
            guard opacity > 0 else { continue }
            try canvas.draw(sprite.image.image,
                            transform: .translation(x: (ember.center.x - half).rounded(), y: (ember.center.y - half).rounded()),
                            opacity: opacity, blend: .plusLighter)
        }
    }

    /// Where an ember is, and how bright (before the transition's envelope).
    struct Ember: Equatable {
        var center: Point
        var opacity: Double
    }

    /// The embers at progress `p` in `frame`, in drawing order.
    static func embers(count: Int, seed: Int, progress p: Double, frame: Rect) -> [Ember] {
        var random = SeededRandom(seed: UInt64(bitPattern: Int64(seed)))
        let burn = frame.minY + (1 - p) * frame.height
        return (0..<count).map { _ in
            let u = random.unit(), start = random.unit(), phase = random.unit() * 2 * .pi
            let t = 2 * p + start
            let tau = t - t.rounded(.down)
            let swing = cos(3 * .pi * tau + phase) * 0.1 * frame.width * (0.1 + 0.8 * (1 - tau))
            let x = frame.minX + u * frame.width + swing
            let y = burn - tau * tau * (burn - frame.minY + frame.height / 4)
            return Ember(center: Point(x: x, y: y), opacity: 1 - tau)
        }
    }
}
