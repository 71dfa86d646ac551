import CVectorKernels
import SegueBasics

/// An image primitive the span kernels draw instead of pixman: translated
/// only (by whole pixels, or by a fraction that pixman would sample
/// bilinearly), no clip mask, blended normally or added, with its opacity,
/// tint or channel factors. It gives pixman's bytes (see `SpanKernels`).
///
/// It holds no reference to the surface it reads (copying it costs no
/// reference counting, which threads drawing many images of one surface
/// would contend on): whoever holds a span image keeps its surface alive
/// (`Primitive.Plan.span` holds both).
struct SpanImage {
    /// The (cropped) image's first pixel, its size and its row pitch in pixels.
    let pixels: UnsafePointer<UInt32>
    let width: Int, height: Int
    let pitch: Int
    /// The source column and row of device pixel (0, 0)'s top-left tap: the
    /// integer part of the 16.16 translation pixman samples with.
    let column: Int, row: Int
    /// pixman's 7-bit bilinear weights of the right column and the lower row.
    let wx: Int, wy: Int
    /// The premultiplied paint of a tint (its alpha then paints the colour).
    let tint: UInt32?
    let mask: SpanKernels.Mask
    let op: SpanKernels.Operator
    /// Device pixels drawn.
    let bounds: PixelRect
    /// The column pairs of its image's rows at its mask's level (see
    /// `InkExtents`, which whoever holds the span image keeps alive), when
    /// they have been worked out: `drawEach` then draws only those columns.
    private(set) var ink: UnsafePointer<Int32>?

    /// The span form of drawing `surface` (or its `crop`) placed by
    /// `transform` with `primitive`'s opacity, tint, channels, blend and
    /// bounds; nil when the kernels cannot give pixman's bytes for it.
    init?(_ surface: Surface, crop: PixelRect?, transform: AffineTransform, _ primitive: Primitive) {
        guard primitive.mask == nil, transform.isTranslation, transform.tx.isFinite, transform.ty.isFinite,
              primitive.filter == .bilinear || transform.isIntegerTranslation else {
            return nil
        }
        switch primitive.blend {
        case .normal: op = .over
        case .plusLighter: op = .add
        default: return nil
        }
        if transform.isIntegerTranslation {
            guard abs(transform.tx) < 1e9, abs(transform.ty) < 1e9 else { return nil }
            column = -Int(transform.tx)
            row = -Int(transform.ty)
            wx = 0
            wy = 0
        } else {
            // pixman's 16.16 matrix: the inverse's entries rounded to 1/65536
            // (pixman_transform_from_pixman_f_transform), refused beyond ±32767.
            // Device coordinates must stay well inside pixman's 16.16 range too.
            let limit = 30_000
            guard abs(transform.tx) <= 32767, abs(transform.ty) <= 32767,
                  primitive.bounds.x0 > -limit, primitive.bounds.x1 < limit,
                  primitive.bounds.y0 > -limit, primitive.bounds.y1 < limit else { return nil }
            let fx = Int((-transform.tx * 65536 + 0.5).rounded(.down))
            let fy = Int((-transform.ty * 65536 + 0.5).rounded(.down))
            column = fx >> 16
            row = fy >> 16
            wx = (fx & 0xFFFF) >> 9
            wy = (fy & 0xFFFF) >> 9
        }
        let area = crop ?? surface.bounds
        pixels = UnsafePointer((surface.pixels + area.y0 * surface.stride).assumingMemoryBound(to: UInt32.self) + area.x0)
        width = area.width
        height = area.height
        pitch = surface.stride / 4
        bounds = primitive.bounds
        // The colour stage's bytes, as the pixman path makes them (`SolidImage`).
        if let tintColour = primitive.tint {
            tint = SolidImage.pixel(premultiplied: PixmanPainter.paint(tintColour, primitive.channels),
                                    times: primitive.opacity)
            mask = .none
        } else if let channels = primitive.channels {
            tint = nil
            mask = .channels(SolidImage.pixel(channels: channels, times: primitive.opacity))
        } else {
            tint = nil
            mask = primitive.opacity < 1 ? .uniform(SolidImage.byte(alpha: primitive.opacity)) : .none
        }
    }

    /// Draws only the columns `extents` (of its image, cropped as it is) say
    /// can show through its mask, tint or channel factors.
    mutating func skipBlankColumns(_ extents: InkExtents) {
        let level: Int
        if tint == nil, case .uniform(let m) = mask { level = InkExtents.level(mask: m) } else { level = 0 }
        ink = extents.rows(level: level)
    }

    /// The columns of device row `y` within `columns` where drawing over or
    /// adding can change a pixel: all of them without ink extents; else
    /// those of the row's taps (the one or two source rows, the right tap's
    /// column too when sampled between pixels) that can show, widened
    /// within `columns` and the image to a multiple of eight pixels so the
    /// vector loops take them all (the columns added cannot show either).
    func inkedColumns(_ y: Int, within columns: Range<Int>) -> Range<Int> {
        guard let ink else { return columns }
        var first = Int.max, end = Int.min
        for source in (y + row)...(y + row + (wy == 0 ? 0 : 1)) where source >= 0 && source < height {
            let a = Int(ink[2 * source]), b = Int(ink[2 * source + 1])
            if a < b { (first, end) = (min(first, a), max(end, b)) }
        }
        guard first < end else { return columns.lowerBound..<columns.lowerBound }
        let lower = max(columns.lowerBound, first - column - (wx == 0 ? 0 : 1))
        let upper = min(columns.upperBound, end - column)
        guard lower < upper else { return columns.lowerBound..<columns.lowerBound }
        let room = columns.clamped(to: -column..<(width - column))
        guard room.lowerBound <= lower, upper <= room.upperBound else { return lower..<upper }
        let missing = (8 - (upper - lower) % 8) % 8
        let widened = min(room.upperBound, upper + missing)
        return max(room.lowerBound, lower - (missing - (widened - upper)))..<widened
    }

    /// The sampling of device row `y` from device column `x` on; nil when
    /// the row is transparent (above or below the image).
    func sampling(_ y: Int, from x: Int) -> SpanKernels.Sampling? {
        let top = y + row
        let hasTop = top >= 0 && top < height
        if wy == 0 {
            guard hasTop else { return nil }
            let p = pixels + top * pitch
            return SpanKernels.Sampling(top: p, bottom: p, width: width, column: x + column, wx: wx, wt: 128, wb: 0)
        }
        let hasBottom = top + 1 >= 0 && top + 1 < height
        guard hasTop || hasBottom else { return nil }
        let upper = pixels + (hasTop ? top : top + 1) * pitch
        let lower = hasBottom ? pixels + (top + 1) * pitch : upper
        return SpanKernels.Sampling(top: upper, bottom: lower, width: width, column: x + column, wx: wx,
                                    wt: hasTop ? 128 - wy : 0, wb: hasBottom ? wy : 0)
    }

    /// The first of the pixels device rectangle `area` shows, when the image
    /// covers all of it and shows its pixels as they are (by whole pixels,
    /// without tint, opacity or channel factors); rows are `pitch` apart.
    func unchangedPixels(of area: PixelRect) -> UnsafePointer<UInt32>? {
        guard wx == 0, wy == 0, tint == nil, mask == .none, !area.isEmpty, area.x0 + column >= 0,
              area.y0 + row >= 0, area.x1 + column <= width, area.y1 + row <= height else { return nil }
        return pixels + (area.y0 + row) * pitch + area.x0 + column
    }

    /// Draws device columns `columns` of device row `y`; `row` is that row
    /// of the destination, indexed by device column.
    func drawRow(_ y: Int, _ columns: Range<Int>, _ op: SpanKernels.Operator, into destination: UnsafeMutablePointer<UInt32>) {
        guard let sampling = sampling(y, from: columns.lowerBound) else {
            if op == .source { (destination + columns.lowerBound).update(repeating: 0, count: columns.count) }
            return
        }
        SpanKernels.drawRow(sampling, tint: tint, mask: mask, op, into: destination + columns.lowerBound,
                            count: columns.count)
        prefetchRow(after: y, columns)
    }

    /// Asks for the part of the source row the next device row reads over
    /// `columns` while this one is drawn. An image drawn over part of each
    /// row (a wipe's side, two views meeting) is read in pieces that the
    /// processor's own prefetcher does not follow from one row to the next:
    /// at 4K, copying each row from two pictures took twice as long as from
    /// one, and a quarter less with the next row asked for.
    private func prefetchRow(after y: Int, _ columns: Range<Int>) {
        let next = y + row + (wy == 0 ? 1 : 2)
        let first = max(0, columns.lowerBound + column), end = min(width, columns.upperBound + column)
        guard next >= 0, next < height, first < end else { return }
        prefetch_bytes(pixels + next * pitch + first, 4 * (end - first))
    }

    /// The device columns of row `y` it draws within `area`; nil for none.
    func columns(_ y: Int, _ area: PixelRect) -> Range<Int>? {
        guard y >= bounds.y0, y < bounds.y1 else { return nil }
        let x0 = max(bounds.x0, area.x0), x1 = min(bounds.x1, area.x1)
        return x0 < x1 ? x0..<x1 : nil
    }

    /// Whether it can hide what lies under it: drawn OVER, untinted and
    /// unmasked, each of its opaque samples is drawn as it is, whatever
    /// lay there — the bytes of SRC.
    var canHide: Bool { op == .over && tint == nil && mask == .none }

    /// The channels it keeps when it only keeps or drops channels (untinted):
    /// what lets two such images be drawn as one channel split.
    var selection: UInt32? {
        guard tint == nil, case .select(let keep) = mask else { return nil }
        return keep
    }

    /// The image as one side of a channel split (`SpanKernels.drawSplitRow`)
    /// over device columns `row` of row `y`, drawing on the part of
    /// `columns` (nil: none) inside its rows. It must have a `selection`.
    func splitSource(_ y: Int, over row: Range<Int>, drawing columns: Range<Int>?) -> SpanKernels.SplitSource {
        let keep = selection ?? 0
        guard let columns, let sampling = sampling(y, from: row.lowerBound) else {
            // Nothing of it in this row: it takes part with no columns.
            let nowhere = SpanKernels.Sampling(top: pixels, bottom: pixels, width: 0, column: 0, wx: 0, wt: 128, wb: 0)
            return SpanKernels.SplitSource(sampling: nowhere, select: keep, columns: 0..<0)
        }
        return SpanKernels.SplitSource(sampling: sampling, select: keep,
                                       columns: (columns.lowerBound - row.lowerBound)..<(columns.upperBound - row.lowerBound))
    }

    /// Two images a channel split can draw: each keeps channels the other drops.
    static func formSplit(_ first: SpanImage, _ second: SpanImage) -> Bool {
        guard let a = first.selection, let b = second.selection else { return false }
        return a & b == 0
    }

    /// For an image at whole pixels with at most an opacity, covering
    /// `columns` of row `y`: its pixels there and its mask byte.
    func wholeRow(_ y: Int, _ columns: Range<Int>) -> (pixels: UnsafePointer<UInt32>, mask: UInt8)? {
        guard wx == 0, wy == 0, tint == nil, y + row >= 0, y + row < height,
              columns.lowerBound + column >= 0, columns.upperBound + column <= width else { return nil }
        let m: UInt8
        switch mask {
        case .none: m = 255
        case .uniform(let byte): m = byte
        case .components, .select: return nil
        }
        return (pixels + (y + row) * pitch + columns.lowerBound + column, m)
    }
}
