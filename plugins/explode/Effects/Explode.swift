import Glibc
import SeguePluginKit

/// `explode`: the content cut into a grid of pieces that fly out from an
/// epicentre along parabolas, turning about their own centres and fading.
///
/// The pieces are whole-pixel rectangles that tile the frame exactly: column
/// boundaries at `frame.minX + round(i · width / columns)`, row boundaries
/// likewise. Each is drawn as a crop of the content with an affine transform,
/// a rotation about the piece's centre followed by a translation. At
/// `progress` p a piece has moved by `v · p + (0, gravity · height · p²)` and
/// turned by `turns · π · p`, where its velocity `v` points away from the
/// epicentre (with a random deviation of up to ±0.4 rad) with a random speed
/// of 0.6…1.4 × `force` × the frame's diagonal, and `turns` is a random
/// 0.25…1 × `spin` half-turns with a random sign. The random numbers come
/// from SplitMix64 seeded with `seed`, four per piece in row-major order:
/// the same seed and grid give the same frames; `force`, `gravity`, `spin`
/// and `center` only scale or aim the same random numbers.
/// With `fade` every piece's opacity is `1 − p`, clamped into 0…1.
///
/// Nearly home, the pieces fade into the whole content: once every piece is
/// within 16 pixels of where it belongs, the content's share rises smoothly
/// to all of it at 8 pixels (`settled`), the two added, so the seams between
/// pieces (two anti-aliased edges that each cover part of a pixel) never
/// show the background, and the explosion ends seamless.
///
/// At exactly 0 the content is drawn once, as it is (every piece would be at
/// home with the identity transform anyway). Beyond 0…1 (springs) the pieces
/// keep moving along their curves. Non-finite values, and pieces moved out
/// of any output's reach, draw nothing.
struct Explode: Effect {
    static let id = "segue.explode"
    static let name = "explode"
    static let summary = "The content cut into pieces that fly from an epicentre along curves, turning and fading"

    static let progress = Parameter.number(
        "progress", summary: "How far the explosion has gone: 0 assembled, 1 exploded",
        active: 1, identity: 0, animatable: true)
    static let columns = Parameter.integer("columns", summary: "Pieces across", default: 8, range: 1...64)
    static let rows = Parameter.integer("rows", summary: "Pieces down", default: 6, range: 1...64)
    static let seed = Parameter.integer(
        "seed", summary: "Picks the pieces' random directions, speeds and spins", default: 1)
    static let force = Parameter.number(
        "force", summary: "How far pieces fly: at 1 about the frame's diagonal by progress 1", default: 1,
        range: 0...10)
    static let gravity = Parameter.number(
        "gravity", summary: "The pull downwards: at 1 a fall of the frame's height by progress 1", default: 1)
    static let spin = Parameter.number(
        "spin", summary: "Up to this many half-turns by progress 1, each piece either way", default: 1)
    static let fade = Parameter.bool("fade", summary: "Whether pieces fade out as they fly (opacity 1 - progress)",
                                     default: true)
    static let center = Parameter.point(
        "center", summary: "The epicentre, as a unit point of the frame", default: .center)

    static var parameters: [ParameterDeclaration] {
        progress
        columns
        rows
        seed
        force
        gravity
        spin
        fade
        center
    }

    func render(values: Values<Explode>, canvas: Canvas) throws {
        let progress = values.progress
        guard progress.isFinite else { return }
        let content = canvas.content
        if progress == 0 {
            try canvas.draw(content)
            return
        }
        let opacity = values.fade ? Explode.fadedOpacity(progress) : 1
        guard opacity > 0 else { return }
        let frame = canvas.frame
        let pieces = Explode.pieces(frame: frame, columns: values.columns, rows: values.rows, seed: values.seed,
                                    force: values.force, spin: values.spin, center: values.center)
        let placed = pieces.map { ($0, $0.transform(at: progress, gravity: values.gravity, frame: frame)) }
        let settled = Explode.settled(farthest: placed.map { $0.1.map($0.0.displacement) ?? .infinity }.max() ?? 0)
        if settled >= 1 { return try canvas.draw(content) }
        func drawPieces(on canvas: Canvas, times weight: Double, blend: BlendMode) throws {
            for case let (piece, transform?) in placed {
                try canvas.draw(content, transform: transform, crop: piece.rect, opacity: opacity * weight, blend: blend)
            }
        }
        guard settled > 0 else { return try drawPieces(on: canvas, times: 1, blend: .normal) }
        // Nearly home: the pieces and the whole content, added in their shares — what is the content
        // itself once they are home, translucent or not, and the content where they leave gaps.
        let blended = try canvas.withLayer { layer in
            try drawPieces(on: layer, times: 1 - settled, blend: .plusLighter)
            try layer.draw(content, opacity: settled, blend: .plusLighter)
        }
        try canvas.draw(blended)
    }

    /// How far a piece may be from home (pixels) before the pieces start
    /// fading into the whole content, and how far all must be for it to show alone.
    static let settling = (begins: 16.0, ends: 8.0)

    /// The whole content's share as the pieces come home, from the farthest
    /// any part of a piece is from where it belongs: 0 at `settling.begins`
    /// pixels and beyond, 1 at `settling.ends` and nearer, smoothly between.
    /// Two pieces' anti-aliased edges that meet each cover part of a pixel,
    /// and the background would show through the seam between them: so a
    /// settling explosion ends in the content, seamless, rather than in pieces.
    static func settled(farthest: Double) -> Double {
        guard farthest.isFinite else { return 0 }
        let t = min(max((settling.begins - farthest) / (settling.begins - settling.ends), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// `1 − progress`, clamped into 0…1.
    static func fadedOpacity(_ progress: Double) -> Double {
        min(max(1 - progress, 0), 1)
    }

    /// One piece of the content: its home rectangle and how it flies.
    struct Piece: Equatable {
        /// Where the piece sits in the content (and on the canvas) at rest.
        var rect: Rect
        /// Pixels per unit of progress.
        var velocity: Point
        /// Signed half-turns per unit of progress.
        var halfTurns: Double

        /// Beyond this many pixels a piece is off any output (at most 32768 wide).
        static let farthest = 1e9

        /// How far `transform` moves the piece's farthest corner from home, in pixels.
        func displacement(_ transform: AffineTransform) -> Double {
            [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.minX, y: rect.maxY),
             Point(x: rect.maxX, y: rect.maxY)].map { corner in
                let moved = transform.apply(corner)
                return ((moved.x - corner.x) * (moved.x - corner.x) + (moved.y - corner.y) * (moved.y - corner.y)).squareRoot()
            }.max()!
        }

        /// The piece's transform at `progress`: a turn about its centre, then
        /// its move along the parabola. Nil when not finite or out of reach.
        func transform(at progress: Double, gravity: Double, frame: Rect) -> AffineTransform? {
            let dx = velocity.x * progress
            let dy = velocity.y * progress + gravity * frame.height * progress * progress
            let angle = halfTurns * Double.pi * progress
            guard dx.isFinite, dy.isFinite, angle.isFinite, abs(dx) < Piece.farthest, abs(dy) < Piece.farthest else {
                return nil
            }
            let turn = angle == 0 ? AffineTransform.identity : AffineTransform.rotation(angle, about: rect.center)
            return turn.translatedBy(x: dx, y: dy)
        }
    }

    /// The largest grid on a side.
    static let maximumPieces = 64

    /// Whole-pixel boundaries (relative to the frame's edge) cutting `length` into `count` parts.
    static func boundaries(_ length: Double, _ count: Int) -> [Double] {
        (0...count).map { $0 == count ? length : (Double($0) * length / Double(count)).rounded() }
    }

    /// The pieces, row by row, each with its random flight. Pieces too thin
    /// to hold a pixel (more columns than the frame is wide) are left out,
    /// but still draw their random numbers, so the others do not change.
    static func pieces(frame: Rect, columns: Int, rows: Int, seed: Int, force: Double, spin: Double,
                       center: Point) -> [Piece] {
        let columns = min(max(columns, 1), maximumPieces), rows = min(max(rows, 1), maximumPieces)
        let xs = boundaries(frame.width, columns), ys = boundaries(frame.height, rows)
        let epicentre = frame.point(at: center)
        let diagonal = (frame.width * frame.width + frame.height * frame.height).squareRoot()
        var random = SeededRandom(seed: UInt64(bitPattern: Int64(seed)))
        var pieces: [Piece] = []
        pieces.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let jitter = (random.unit() * 2 - 1) * 0.4
                let speed = force * diagonal * (0.6 + 0.8 * random.unit())
                let halfTurns = spin * (0.25 + 0.75 * random.unit()) * (random.unit() < 0.5 ? -1 : 1)
                let rect = Rect(x: frame.minX + xs[column], y: frame.minY + ys[row],
                                width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row])
                guard !rect.isEmpty else { continue }
                // Away from the epicentre; a piece centred on it goes whichever way the jitter says.
                let away = Point(x: rect.midX - epicentre.x, y: rect.midY - epicentre.y)
                let heading = (away.x == 0 && away.y == 0 ? 0 : atan2(away.y, away.x)) + jitter
                pieces.append(Piece(rect: rect, velocity: Point(x: cos(heading) * speed, y: sin(heading) * speed),
                                    halfTurns: halfTurns))
            }
        }
        return pieces
    }
}
