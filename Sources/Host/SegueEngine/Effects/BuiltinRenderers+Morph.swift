import SegueBasics
import SegueCompositor
import SegueModel

extension BuiltinRenderers {
    /// The content clipped to a shape between two: both outlines (`Outline`:
    /// clockwise, from twelve o'clock) sampled at the same arc-length
    /// fractions — `points` evenly spaced plus every corner of either — and
    /// interpolated point by point at `progress`, beyond 0…1 too (springs).
    /// The clip is anti-aliased and only changes shape: no scale or fade of
    /// its own. At exactly 0 and 1, and whenever the two outlines agree, the
    /// clip is the shape itself, so `.morph(from: .circle)` ends on the
    /// content exactly (`.rect` is the frame).
    struct Morph: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let progress = state.number("progress")
            guard progress.isFinite else { return }
            let from = try MorphShape(spec: state["from"].text!), to = try MorphShape(spec: state["to"].text!)
            let frame = canvas.frame
            if progress == 0 || progress == 1 || from == to {
                return canvas.drawContent(clip: Self.clip(progress == 1 ? to : from, frame))
            }
            guard let a = Outline(from.path(in: frame)), let b = Outline(to.path(in: frame)) else { return }
            let (start, end) = Outline.matched(a, b, count: Int(state.number("points")))
            if start == end { return canvas.drawContent(clip: Self.clip(from, frame)) }
            let outline = Path { path in
                for (i, (p, q)) in zip(start, end).enumerated() {
                    let point = Point(x: p.x + (q.x - p.x) * progress, y: p.y + (q.y - p.y) * progress)
                    if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
                }
                path.closeSubpath()
            }
            canvas.drawContent(clip: .path(outline, .nonZero))
        }

        /// A shape as a clip: the frame exactly for `.rect`.
        static func clip(_ shape: MorphShape, _ frame: Rect) -> Clip {
            shape == .rect ? .rect(frame) : .path(shape.path(in: frame), .nonZero)
        }
    }
}
