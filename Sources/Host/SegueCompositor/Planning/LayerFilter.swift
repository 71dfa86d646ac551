import Glibc
import SegueBasics

/// What a filtered item (`DrawItem.distortion`, `.projection`, `.colorMatrix`, `.blur`)
/// does to its children's pixels, in device space. The children are drawn
/// into an offscreen image first (see `Compositor`), which is then changed
/// and drawn in their place.
enum LayerFilter {
    /// Every pixel adjusted (`ColorMatrixKernel`).
    case colorMatrix(ColorMatrix)
    /// A Gaussian of standard deviation `sigma` device pixels (`GaussianBlur`).
    case blur(sigma: Double, opaque: Bool)
    /// The image seen in perspective: device → device (`ProjectiveKernel`).
    case projection(ProjectiveTransform)
    /// Each pixel of `output` showing the source position the distortion
    /// maps it to (`DistortionKernel`); the distortion's frame coordinates
    /// are device coordinates less `origin`.
    case distortion(Distortion, origin: Point, output: PixelRect)

    /// True when the filter changes the image it is given in place (rather
    /// than reading it into another).
    var changesItsSource: Bool {
        switch self {
        case .colorMatrix: true
        case .blur, .projection, .distortion: false
        }
    }

    /// The device pixels the filtered image of `source` (the children's
    /// bounds) may cover; nil when it covers none.
    func bounds(ofSource source: PixelRect) -> Rect? {
        switch self {
        case .colorMatrix:
            return source.rect
        case .blur(let sigma, let opaque):
            let reach = opaque ? 0 : GaussianBlur(sigma: sigma, opaque: false).reach
            return PixelRect(x0: source.x0 - reach, y0: source.y0 - reach, x1: source.x1 + reach,
                             y1: source.y1 + reach).rect
        case .projection(let h):
            return h.boundingBox(of: source.rect)
        case .distortion(_, _, let output):
            return output.rect
        }
    }

    /// The pixels of the images the filter works on to filter `region`:
    /// the region itself, and for an opaque blur the region with its edge
    /// repeated as far as the blur reaches (`GaussianBlur`).
    func workingPixels(for region: PixelRect) -> Int {
        guard case .blur(let sigma, true) = self else { return region.pixelCount }
        let reach = GaussianBlur(sigma: sigma, opaque: true).reach
        return PixelRect(x0: region.x0 - reach, y0: region.y0 - reach, x1: region.x1 + reach, y1: region.y1 + reach)
            .pixelCount
    }

    /// The device pixels of the offscreen image the children are drawn
    /// into, to draw `area` of the filtered image: for a colour matrix the
    /// area itself (where the source is); for a blur the area and every
    /// source pixel within reach of it, starting on the device's grid of
    /// the blur's reduction (so a part of a frame is blurred as the whole
    /// is); an opaque blur repeats the source's edge, so it takes the whole
    /// source; for a projection the source (only its part that can show in
    /// the area, when the source is more than four times larger); for a distortion the source
    /// within its maximum sample offset (and a pixel more, for the bilinear
    /// neighbours) of the whole output, so a part of a frame reads what the
    /// whole does.
    func region(for area: PixelRect, source: PixelRect) -> PixelRect {
        switch self {
        case .colorMatrix:
            return area.intersection(source)
        case .distortion(let distortion, _, let output):
            let reach = distortion.maxSampleOffset
            func margin(_ offset: Double) -> Int { Int(min(offset, Double(1 << 24)).rounded(.up)) + 1 }
            let (dx, dy) = (margin(reach.x), margin(reach.y))
            return PixelRect(x0: output.x0 - dx, y0: output.y0 - dy, x1: output.x1 + dx, y1: output.y1 + dy)
                .intersection(source)
        case .blur(_, true):
            return source
        case .projection(let h):
            // The source as drawn; one far larger than the area (a perspective of a perspective,
            // reaching toward the horizon) only where it can show there: what the inverse maps the
            // area to, and two pixels more for the bilinear neighbours.
            guard source.pixelCount / 4 > area.pixelCount, let back = h.inverted,
                  case let seen = back.boundingBox(of: area.rect)?.enclosingPixels ?? .empty, !seen.isEmpty
            else { return source }
            return PixelRect(x0: seen.x0 - 2, y0: seen.y0 - 2, x1: seen.x1 + 2, y1: seen.y1 + 2).intersection(source)
        case .blur(let sigma, false):
            let blur = GaussianBlur(sigma: sigma, opaque: false)
            let reach = blur.reach
            func grown(_ r: PixelRect) -> PixelRect {
                PixelRect(x0: r.x0 - reach, y0: r.y0 - reach, x1: r.x1 + reach, y1: r.y1 + reach)
            }
            var region = grown(area).intersection(grown(source))
            guard !region.isEmpty else { return region }
            let k = blur.factor
            region.x0 = AffineKernel.floorDiv(region.x0, k) * k
            region.y0 = AffineKernel.floorDiv(region.y0, k) * k
            return region
        }
    }
}
