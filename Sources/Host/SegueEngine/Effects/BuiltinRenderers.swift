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
        BuiltinEffects.rotation.id: Rotation(),
        BuiltinEffects.rotation3D.id: Rotation3D(),
        BuiltinEffects.blur.id: BlurRenderer(),
        BuiltinEffects.brightness.id: ColorAdjustment { .brightness($0.number("amount")) },
        BuiltinEffects.contrast.id: ColorAdjustment { .contrast($0.number("amount")) },
        BuiltinEffects.saturation.id: ColorAdjustment { .saturation($0.number("amount")) },
        BuiltinEffects.grayscale.id: ColorAdjustment { .grayscale($0.number("amount")) },
        BuiltinEffects.hueRotation.id: ColorAdjustment { .hueRotation(degrees: $0.number("angle")) },
        BuiltinEffects.colorMultiply.id: ColorAdjustment { .multiply($0["color"].color!.clamped) },
        BuiltinEffects.colorInvert.id: ColorAdjustment { .invert($0.number("amount")) },
        BuiltinEffects.expand.id: Expand(),
        BuiltinEffects.morph.id: Morph(),
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

    /// Turns the content about an anchor; exact at multiples of 90°.
    struct Rotation: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let angle = state.number("angle")
            let anchor = canvas.frame.point(at: state["anchor"].point!)
            canvas.drawContent(transform: angle == 0 ? .identity : .rotation(degrees: angle, about: anchor))
        }
    }

    /// SwiftUI's `rotation3DEffect`: the content turned in 3-D and seen in
    /// perspective (`ProjectiveTransform.rotation3D`). Where the turn shows
    /// the content's back (the projection reverses its orientation), or
    /// sees it edge-on, nothing is drawn.
    struct Rotation3D: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let frame = canvas.frame
            let local = ProjectiveTransform.rotation3D(
                degrees: state.number("angle"),
                axis: (state.number("axisX"), state.number("axisY"), state.number("axisZ")),
                anchor: Point(x: state["anchor"].point!.x * frame.width, y: state["anchor"].point!.y * frame.height),
                anchorZ: state.number("anchorZ"), perspective: state.number("perspective"),
                size: (frame.width, frame.height))
            // The frame's own coordinates → the canvas'.
            let toFrame = ProjectiveTransform(.translation(x: -frame.minX, y: -frame.minY))
            let projection = toFrame.concatenating(local).concatenating(ProjectiveTransform(.translation(x: frame.minX, y: frame.minY)))
            guard projection.isFinite, projection.determinant > 1e-12 else { return }
            if projection.isAffine {
                canvas.drawContent(transform: projection.affine)
            } else {
                canvas.drawContent(projection: projection)
            }
        }
    }

    /// SwiftUI's `blur(radius:opaque:)`. An animation carried past its
    /// active state (a spring's overshoot) blurs no more than the widest
    /// radius the effect declares.
    struct BlurRenderer: EffectRenderer {
        static let widest = BuiltinEffects.blur.parameters[0].range!.upperBound

        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let radius = min(state.number("radius"), Self.widest)
            canvas.drawContent(blur: radius > 0 ? Blur(radius: radius, opaque: state.number("opaque") != 0) : nil)
        }
    }

    /// A colour modifier: the content through its `ColorMatrix`; none at the identity.
    struct ColorAdjustment: EffectRenderer {
        let matrix: @Sendable (EffectState) -> ColorMatrix

        init(_ matrix: @escaping @Sendable (EffectState) -> ColorMatrix) {
            self.matrix = matrix
        }

        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let m = matrix(state)
            canvas.drawContent(colorMatrix: m.isIdentity ? nil : m)
        }
    }

    /// The articles' expanding cell: at progress p the part of the frame
    /// within p of its height (or width) from the edge shows — clipped on
    /// the exact, possibly fractional line (`.reveal`), or the whole content
    /// squeezed into it (`.squash`) — at opacity p. p beyond 0…1 shows the
    /// whole frame (above 1) or nothing (below 0) when revealing; squashing
    /// keeps scaling.
    struct Expand: EffectRenderer {
        func render(_ state: EffectState, into canvas: inout PictureRecorder) throws {
            let progress = state.number("progress")
            guard progress > 0 else { return }
            let edge = Edge(rawValue: state["edge"].text!)!
            let frame = canvas.frame
            let vertical = edge == .top || edge == .bottom
            if state["mode"].text == "squash" {
                // Scaled about the edge's line, so the frame grows out of it.
                let anchor = Point(x: edge == .trailing ? frame.maxX : frame.minX, y: edge == .bottom ? frame.maxY : frame.minY)
                let scale = AffineTransform.scale(x: vertical ? 1 : progress, y: vertical ? progress : 1, about: anchor)
                canvas.drawContent(transform: progress == 1 ? .identity : scale, opacity: progress)
                return
            }
            guard progress < 1 else { return canvas.drawContent() }
            let shown: Rect = switch edge {
            case .top: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height * progress)
            case .bottom: Rect(x: frame.minX, y: frame.maxY - frame.height * progress, width: frame.width,
                               height: frame.height * progress)
            case .leading: Rect(x: frame.minX, y: frame.minY, width: frame.width * progress, height: frame.height)
            case .trailing: Rect(x: frame.maxX - frame.width * progress, y: frame.minY, width: frame.width * progress,
                                 height: frame.height)
            }
            canvas.drawContent(clip: .rect(shown), opacity: progress)
        }
    }
}
