import SegueBasics

/// How much work and memory one frame may take. Effects multiply one
/// another's drawing (an explosion of an explosion cuts every piece into
/// pieces again; a blur of a blur of a scaled view grows its offscreen
/// image), so a short chain can ask for more than any machine has. Before a
/// frame is drawn, what it would take is counted against the budget, and a
/// frame over it is refused with `.overBudget`, naming what exceeded what,
/// before anything large is allocated.
public struct RenderBudget: Hashable, Sendable {
    /// Drawing operations a frame may take: every item drawn, wherever it
    /// is reached (a view drawn by each of an explosion's pieces counts once
    /// for each), whether or not it shows.
    public var primitives: Int
    /// Pixels a frame may draw: the sum, over every drawing operation and
    /// every filtered image (in layers too), of the pixels it covers.
    public var pixels: Int
    /// Bytes of offscreen images (layers and filtered images) a frame may hold.
    public var bytes: Int

    /// 2^18 operations (an explosion of an explosion takes about 9,000 on
    /// its two views, one more about 450,000), 2^30 pixels (about 130 frames
    /// of 4K), 1 GiB of filtered images.
    public static let standard = RenderBudget(primitives: 1 << 18, pixels: 1 << 30, bytes: 1 << 30)

    public init(primitives: Int, pixels: Int, bytes: Int) {
        self.primitives = primitives
        self.pixels = pixels
        self.bytes = bytes
    }

    /// Offscreen layers nest at most this deep, whatever the budget: drawing
    /// a layer recurses into what it holds, and this many levels fit in a
    /// 256 KB thread stack, as hosts such as MLT and GStreamer give their
    /// workers (the tests render the deepest on one).
    public static let maximumLayerDepth = 32

    /// Throws `.overBudget` when `primitives`, planned to draw `area`, would
    /// draw more pixels or hold more bytes of filtered images than allowed.
    /// (A layer is drawn a band at a time, into memory of the band's size.)
    func check(_ primitives: [Primitive], area: PixelRect) throws {
        var pixels = 0, bytes = 0
        var levels = [primitives]
        while let level = levels.popLast() {
            for primitive in level {
                pixels = Self.sum(pixels, primitive.bounds.pixelCount)
                switch primitive.plan {
                case .layer(let children):
                    levels.append(children)
                case .filtered(let children, let filter):
                    let source = children.reduce(PixelRect.empty) { $0.union($1.bounds) }
                    let image = filter.region(for: primitive.bounds, source: source)
                    guard image.width <= Surface.maximumSide, image.height <= Surface.maximumSide else {
                        throw SegueError(.overBudget, "this frame would filter an image of \(image.width)×"
                            + "\(image.height) pixels, beyond the render budget: images are at most "
                            + "\(Surface.maximumSide) pixels on a side")
                    }
                    let working = filter.workingPixels(for: image)
                    pixels = Self.sum(pixels, working)
                    bytes = Self.sum(bytes, Self.sum(Self.sum(working, working), Self.sum(working, working)))
                    levels.append(children)
                case .pixman, .span, .affine, .projective, .distortion:
                    break
                }
            }
            if pixels > self.pixels {
                throw SegueError(.overBudget, "this frame would draw more than \(self.pixels) pixels, "
                    + "\(self.pixels / max(area.pixelCount, 1)) times its \(area.width)×\(area.height) (the "
                    + "render budget's pixels)")
            }
            if bytes > self.bytes {
                throw SegueError(.overBudget, "this frame would hold more than \(Self.size(self.bytes)) of filtered "
                    + "images (the render budget's bytes)")
            }
        }
    }

    /// `a + b`, at most `Int.max`.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : total
    }

    /// "1 GiB", "512 MiB" or "4096 bytes", for messages.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        return "\(bytes) bytes"
    }
}
