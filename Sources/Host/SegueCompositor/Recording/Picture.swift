import SegueBasics

/// A shape that limits where something is drawn.
public enum Clip: Hashable, Sendable {
    case rect(Rect)
    case path(Path, FillRule)

    /// The clip with its geometry mapped through `transform`; a rectangle
    /// that would stop being axis-aligned becomes a path.
    func applying(_ transform: AffineTransform) -> Clip {
        switch self {
        case .rect(let r) where transform.preservesAxes:
            .rect(transform.boundingBox(of: r))
        case .rect(let r):
            .path(Path(r).applying(transform), .nonZero)
        case .path(let p, let rule):
            .path(p.applying(transform), rule)
        }
    }

    var bounds: Rect {
        switch self {
        case .rect(let r): r
        case .path(let p, _): p.boundingBox
        }
    }
}

/// A recorded drawing: a display list of items drawn in order, each over
/// what came before. Effects produce pictures; the compositor executes them.
///
/// Pictures nest as deep as effects wrap one another (a view drawn through
/// a thousand modifiers is a thousand pictures deep), so their storage is
/// let go of without recursing (see `Storage`): releasing one must not take
/// a stack frame per level, on a worker thread's small stack.
public struct Picture: Sendable {
    private var storage: Storage

    public var items: [DrawItem] { storage.items }

    public init() {
        storage = Storage([])
    }

    public init(_ items: [DrawItem]) {
        storage = Storage(items)
    }

    mutating func append(_ item: DrawItem) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.items) }
        storage.items.append(item)
    }

    /// The items of a picture, changed only while unshared (`append`).
    private final class Storage: @unchecked Sendable {
        var items: [DrawItem]

        init(_ items: [DrawItem]) {
            self.items = items
        }

        /// Takes apart the pictures nested in this one that nothing else
        /// holds, level by level on a stack of its own: each is emptied
        /// before it is released, so no release recurses.
        deinit {
            var levels = [items]
            items = []
            while var level = levels.popLast() {
                for index in level.indices {
                    guard case .picture(var nested) = level[index].source else { continue }
                    level[index].source = .color(.clear)  // the item's hold gone, `nested` may be the only one
                    if isKnownUniquelyReferenced(&nested.storage) {
                        levels.append(nested.storage.items)
                        nested.storage.items = []
                    }
                }
            }
        }
    }
}

/// One drawing operation: a source placed by a transform, limited by a crop
/// (in the source's own coordinates) and a clip (in the picture's), faded by
/// an opacity, optionally painted in one colour or with its channels scaled,
/// combined by a blend mode.
///
/// Four effects act on the source as drawn, as an offscreen image, in this
/// order: a `distortion` (in picture coordinates), a perspective
/// `projection`, a `colorMatrix`, a Gaussian `blur`.
public struct DrawItem: Sendable {
    public enum Source: Sendable {
        /// An image covering (0, 0)–(width, height) in source coordinates.
        case surface(Surface)
        /// Another picture, drawn as one unit.
        indirect case picture(Picture)
        /// Colour everywhere: only meaningful with a clip (a filled shape).
        case color(Color)
    }

    public var source: Source
    /// Source coordinates → picture coordinates.
    public var transform: AffineTransform
    /// The part of the source to draw, in source coordinates.
    public var crop: Rect?
    /// Where drawing may happen, in picture coordinates.
    public var clip: Clip?
    public var opacity: Double
    /// When set, the source's alpha is painted in this colour.
    public var tint: Color?
    /// When set, each premultiplied channel is multiplied by the matching
    /// component (alpha by `alpha`), after any tint.
    public var channels: Color?
    public var blend: BlendMode
    /// How images are sampled between pixels; `.nearest` on a nested
    /// picture applies to every image in it.
    public var filter: SamplingFilter
    /// Picture coordinates → picture coordinates, after `transform`: the
    /// source drawn flat, then seen in perspective (SwiftUI's `ProjectionTransform`).
    public var projection: ProjectiveTransform?
    /// A colour adjustment of the drawn source.
    public var colorMatrix: ColorMatrix?
    /// A Gaussian blur of the drawn source.
    public var blur: Blur?
    /// Each pixel of the distortion's frame showing another position of the
    /// drawn source; nothing is drawn outside the frame.
    public var distortion: Distortion?

    public init(source: Source, transform: AffineTransform = .identity, crop: Rect? = nil, clip: Clip? = nil,
                opacity: Double = 1, tint: Color? = nil, channels: Color? = nil, blend: BlendMode = .normal,
                filter: SamplingFilter = .bilinear, projection: ProjectiveTransform? = nil,
                colorMatrix: ColorMatrix? = nil, blur: Blur? = nil, distortion: Distortion? = nil) {
        self.source = source
        self.transform = transform
        self.crop = crop
        self.clip = clip
        self.opacity = opacity
        self.tint = tint
        self.channels = channels
        self.blend = blend
        self.filter = filter
        self.projection = projection
        self.colorMatrix = colorMatrix
        self.blur = blur
        self.distortion = distortion
    }

    /// True when the item draws its source through an offscreen image
    /// (a distortion, a projection, a colour matrix or a blur).
    public var isFiltered: Bool { distortion != nil || projection != nil || colorMatrix != nil || blur != nil }

    /// True when the item draws its source in place, changing only its colours.
    var onlyAdjustsColour: Bool {
        colorMatrix != nil && distortion == nil && projection == nil && blur == nil && transform.isIdentity && crop == nil && clip == nil
            && opacity == 1 && tint == nil && channels == nil && blend == .normal && filter == .bilinear
    }
}

/// SwiftUI's `blur(radius:opaque:)`: a Gaussian whose standard deviation is
/// `radius` picture pixels (as CSS's `blur()` defines it). Transparent
/// content lets the blur spread out of its bounds and fade; `opaque`
/// repeats the content's edge pixels instead, and the result stays within
/// its bounds, every pixel opaque.
public struct Blur: Hashable, Sendable {
    public var radius: Double
    public var opaque: Bool

    public init(radius: Double, opaque: Bool = false) {
        self.radius = radius
        self.opaque = opaque
    }
}
