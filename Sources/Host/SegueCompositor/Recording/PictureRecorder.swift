import SegueBasics

/// What a built-in effect draws through, like SwiftUI's `GraphicsContext`:
/// the content it modifies (already drawn by the modifiers before it) and the
/// content's frame, plus calls that record drawing. Nothing is rasterised
/// here; the result is a `Picture` for the compositor. (A plugin's canvas,
/// `segue_canvas`, is one of these on the host's side.)
public struct PictureRecorder: Sendable {
    /// The content's frame in canvas coordinates; it does not change as
    /// modifiers apply (as in SwiftUI, modifiers do not change layout).
    public let frame: Rect
    /// The content being modified.
    public let content: Picture
    /// What has been recorded so far.
    public private(set) var picture = Picture()
    /// Whether the render this canvas belongs to should stop: an effect
    /// that takes long asks it as it goes.
    public let cancellation: Cancellation
    /// The transition's other view as placed before any effect draws it, for
    /// effects that need both pictures at once; nil when there is none.
    public let partner: Picture?
    /// What the render this canvas belongs to may take: an effect that has
    /// the content drawn to read its pixels draws it within this budget.
    public let budget: RenderBudget
    /// The compositor that will draw what is recorded here (the engine's),
    /// which also draws what an effect must see as pixels while it records,
    /// on the same threads; nil for a canvas recorded outside an engine.
    public let compositor: Compositor?

    public init(frame: Rect, content: Picture, partner: Picture? = nil, cancellation: Cancellation = .never,
                budget: RenderBudget = .standard, compositor: Compositor? = nil) {
        self.frame = frame
        self.content = content
        self.partner = partner
        self.cancellation = cancellation
        self.budget = budget
        self.compositor = compositor
    }

    /// Draws the content.
    /// - Parameters:
    ///   - transform: content coordinates → canvas coordinates.
    ///   - crop: the part of the content to draw, in content coordinates.
    ///   - clip: where drawing may happen, in canvas coordinates.
    ///   - opacity: multiplies alpha; values are clamped into 0...1.
    ///   - tint: paints the content's alpha in this colour instead.
    ///   - channels: multiplies each premultiplied channel (alpha by `alpha`).
    ///   - filter: how images are sampled between pixels.
    ///   - projection: canvas → canvas after `transform`: the content seen in perspective.
    ///   - colorMatrix: adjusts the content's colours.
    ///   - blur: blurs the content.
    public mutating func drawContent(transform: AffineTransform = .identity, crop: Rect? = nil, clip: Clip? = nil,
                                     opacity: Double = 1, tint: Color? = nil, channels: Color? = nil,
                                     blend: BlendMode = .normal, filter: SamplingFilter = .bilinear,
                                     projection: ProjectiveTransform? = nil, colorMatrix: ColorMatrix? = nil,
                                     blur: Blur? = nil) {
        draw(.picture(content), transform: transform, crop: crop, clip: clip, opacity: opacity, tint: tint,
             channels: channels, blend: blend, filter: filter, projection: projection, colorMatrix: colorMatrix,
             blur: blur)
    }

    /// Draws an image whose top-left corner lands at `transform`'s origin.
    public mutating func draw(_ surface: Surface, transform: AffineTransform = .identity, crop: Rect? = nil,
                              clip: Clip? = nil, opacity: Double = 1, tint: Color? = nil, channels: Color? = nil,
                              blend: BlendMode = .normal, filter: SamplingFilter = .bilinear) {
        draw(.surface(surface), transform: transform, crop: crop, clip: clip, opacity: opacity, tint: tint,
             channels: channels, blend: blend, filter: filter)
    }

    /// Draws another picture as one unit, with everything a draw can take
    /// (the layer and pixel images plugins hand back go through here).
    public mutating func draw(_ layer: Picture, transform: AffineTransform, crop: Rect?, clip: Clip?, opacity: Double,
                              tint: Color?, channels: Color?, blend: BlendMode, filter: SamplingFilter) {
        draw(.picture(layer), transform: transform, crop: crop, clip: clip, opacity: opacity, tint: tint,
             channels: channels, blend: blend, filter: filter)
    }

    /// Draws another recorded picture as one unit (an offscreen layer when
    /// its opacity or blend mode needs one).
    public mutating func draw(_ layer: Picture, transform: AffineTransform = .identity, clip: Clip? = nil,
                              opacity: Double = 1, blend: BlendMode = .normal) {
        draw(.picture(layer), transform: transform, crop: nil, clip: clip, opacity: opacity, tint: nil, channels: nil,
             blend: blend, filter: .bilinear)
    }

    /// Draws a picture (the content, a layer) or an image (pixel (0, 0) at
    /// the canvas origin) distorted: every pixel of `distortion.frame` shows
    /// the source position its map gives (see `Distortion`).
    public mutating func draw(_ source: DrawItem.Source, distortion: Distortion) {
        draw(source, transform: .identity, crop: nil, clip: nil, opacity: 1, tint: nil, channels: nil,
             blend: .normal, filter: .bilinear, distortion: distortion)
    }

    /// Fills a path with a colour.
    public mutating func fill(_ path: Path, with color: Color, rule: FillRule = .nonZero, blend: BlendMode = .normal) {
        draw(.color(color), transform: .identity, crop: nil, clip: .path(path, rule), opacity: 1, tint: nil,
             channels: nil, blend: blend, filter: .bilinear)
    }

    /// Fills a rectangle with a colour.
    public mutating func fill(_ rect: Rect, with color: Color, blend: BlendMode = .normal) {
        draw(.color(color), transform: .identity, crop: nil, clip: .rect(rect), opacity: 1, tint: nil, channels: nil,
             blend: blend, filter: .bilinear)
    }

    private mutating func draw(_ source: DrawItem.Source, transform: AffineTransform, crop: Rect?, clip: Clip?,
                               opacity: Double, tint: Color?, channels: Color?, blend: BlendMode,
                               filter: SamplingFilter, projection: ProjectiveTransform? = nil,
                               colorMatrix: ColorMatrix? = nil, blur: Blur? = nil, distortion: Distortion? = nil) {
        let alpha = opacity >= 0 ? min(opacity, 1) : 0
        guard alpha > 0 else { return }
        picture.append(DrawItem(source: source, transform: transform, crop: crop, clip: clip,
                                      opacity: alpha, tint: tint, channels: channels, blend: blend, filter: filter,
                                      projection: projection, colorMatrix: colorMatrix, blur: blur,
                                      distortion: distortion))
    }
}
