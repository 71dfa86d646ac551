import SegueBasics
import SegueCompositor
import SegueModel

/// The drawing behind SwiftUI's built-in transitions.
enum BuiltinRenderers {
    static let all: [String: any EffectRenderer] = [
        BuiltinEffects.opacity.id: Opacity(),
        BuiltinEffects.scale.id: Scale(),
        BuiltinEffects.move.id: Move(),
        BuiltinEffects.offset.id: Offset(),
    ]

    /// Fades the content; opacity outside 0...1 (spring overshoot) is clamped.
    struct Opacity: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            canvas.drawContent(opacity: state.number("opacity"))
        }
    }

    /// Scales the content about an anchor (a unit point of its frame).
    /// Scale 0 draws nothing; negative scales mirror, as a transform would.
    struct Scale: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let scale = state.number("scale")
            guard scale != 0 else { return }
            let anchor = canvas.frame.point(at: state["anchor"].point!)
            canvas.drawContent(transform: AffineTransform.scale(x: scale, y: scale).about(anchor))
        }
    }

    /// Moves the content towards an edge by `amount` times its frame's size.
    struct Move: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let edge = Edge(rawValue: state["edge"].text!)!
            let amount = state.number("amount")
            let distance = Point(x: edge.direction.x * amount * canvas.frame.width,
                                 y: edge.direction.y * amount * canvas.frame.height)
            canvas.drawContent(transform: .translation(x: distance.x, y: distance.y))
        }
    }

    /// Moves the content by a distance in pixels.
    struct Offset: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            canvas.drawContent(transform: .translation(x: state.number("x"), y: state.number("y")))
        }
    }
}
