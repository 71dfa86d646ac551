import SegueBasics
import SegueCompositor

/// The container a transition happens in (`segue_scene` in C).
public struct Scene: Sendable, Hashable {
    /// Output size in pixels; nil means the target's size.
    public var width: Int?
    public var height: Int?
    public var background: Color
    public var placement: Placement
    public var stacking: Stacking
    /// How the two views combine before going over the background: `.normal`
    /// or `.plusLighter` (a true crossfade).
    public var blend: BlendMode

    public init(width: Int? = nil, height: Int? = nil, background: Color = .clear, placement: Placement = .fit,
                stacking: Stacking = .insertedOnTop, blend: BlendMode = .normal) {
        self.width = width
        self.height = height
        self.background = background
        self.placement = placement
        self.stacking = stacking
        self.blend = blend
    }

    /// Where an image of `width`×`height` goes in an output of `output`:
    /// the transform that places it, and its frame (the rectangle it covers,
    /// clipped to the output). Scaled placements round the frame to whole
    /// pixels so that its edges are crisp; an input already the output's size
    /// is placed exactly.
    public func place(width: Int, height: Int, in output: PixelRect) -> (transform: AffineTransform, frame: Rect) {
        let w = Double(width), h = Double(height)
        let outW = Double(output.width), outH = Double(output.height)
        var placedW: Double, placedH: Double
        switch placement {
        case .fit, .fill:
            let scale = placement == .fit ? min(outW / w, outH / h) : max(outW / w, outH / h)
            placedW = max(1, (w * scale).rounded())
            placedH = max(1, (h * scale).rounded())
        case .center:
            placedW = w
            placedH = h
        case .stretch:
            placedW = outW
            placedH = outH
        }
        let x = Double(output.x0) + ((outW - placedW) / 2).rounded(.down)
        let y = Double(output.y0) + ((outH - placedH) / 2).rounded(.down)
        let transform = AffineTransform.scale(x: placedW / w, y: placedH / h)
            .concatenating(.translation(x: x, y: y))
        let frame = Rect(x: x, y: y, width: placedW, height: placedH).intersection(output.rect)
        return (transform, frame)
    }
}
