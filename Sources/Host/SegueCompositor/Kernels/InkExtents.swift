/// Where each row of an image has pixels that can change what the image is
/// drawn onto: for every row and each of eight levels 2ᵏ (k = 0…7), the
/// columns from the first to the last pixel with a byte (of any channel) of
/// at least 2ᵏ. Worked out once a frame for an image drawn many times (a
/// particle system's sprite, whose corners and faint blurred rim are most
/// of its pixels), so that each drawing skips what cannot show.
///
/// Why it is exact: an image drawn over or added with the span kernels
/// changes a destination pixel only where its sample, faded by a uniform
/// mask m, has a non-zero byte. `MUL_UN8(c, m)` is 0 whenever c·m < 128,
/// and a bilinear sample's bytes never exceed its taps' largest, so only
/// pixels with a tap byte of at least ⌈128/m⌉ can show (at least 1 without
/// a mask, with a tint or with channel factors, which all give 0 on a zero
/// pixel); OVER and ADD of a zero pixel leave the destination as it was.
final class InkExtents: @unchecked Sendable {
    static let levels = 8

    /// Rows of the image described.
    let height: Int
    /// Level k of row r is the columns pairs[2(k·height + r)] ..<
    /// pairs[2(k·height + r) + 1]: 0 ..< 0 when no pixel of the row reaches 2ᵏ.
    private let pairs: UnsafeMutablePointer<Int32>

    /// The extents of the `width` × `height` pixels at `pixels`, rows
    /// `pitch` pixels apart; blocks of rows are read on `forEach`'s threads.
    init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, pitch: Int, forEach: ParallelLoop) {
        self.height = height
        let pairs = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * Self.levels * height)
        pairs.initialize(repeating: 0, count: 2 * Self.levels * height)
        self.pairs = pairs
        let blockRows = 64
        forEach((height + blockRows - 1) / blockRows) { block in
            for r in block * blockRows..<min(height, (block + 1) * blockRows) {
                Self.find(row: pixels + r * pitch, width: width, into: pairs + 2 * r, levelStride: 2 * height)
            }
        }
    }

    /// The levels a pixel reaches: how many bits its bytes' OR has (a byte
    /// reaches 2ᵏ exactly when it has bit k or a higher one set).
    @inline(__always)
    private static func levels(_ p: UInt32) -> Int {
        32 - ((p | p >> 8 | p >> 16 | p >> 24) & 0xFF).leadingZeroBitCount
    }

    /// Writes the first column and the column after the last of each level
    /// the row reaches, level k's pair at `pair + k · levelStride`.
    private static func find(row: UnsafePointer<UInt32>, width: Int, into pair: UnsafeMutablePointer<Int32>,
                             levelStride: Int) {
        // From the left, up to the first pixel that reaches every level (an
        // opaque pixel), or across the row; then from the right, up to the
        // first pixel that reaches as far as the row does.
        var level = 0, x = 0
        while level < Self.levels, x < width {
            for k in level..<max(level, levels(row[x])) { pair[k * levelStride] = Int32(x) }
            level = max(level, levels(row[x]))
            x += 1
        }
        let reached = level
        (level, x) = (0, width - 1)
        while level < reached {
            for k in level..<max(level, levels(row[x])) { pair[k * levelStride + 1] = Int32(x + 1) }
            level = max(level, levels(row[x]))
            x -= 1
        }
    }

    deinit { pairs.deallocate() }

    /// The (first, end) column pairs of every row at level `k`, row r at 2r.
    func rows(level k: Int) -> UnsafePointer<Int32> {
        UnsafePointer(pairs + 2 * k * height)
    }

    /// The highest level at or below the smallest byte that can show through
    /// a uniform mask `m` (⌈128/m⌉; for m = 0 nothing shows, and the highest
    /// level is as good as any).
    static func level(mask m: UInt8) -> Int {
        let smallest = m == 0 ? 128 : (128 + Int(m) - 1) / Int(m)
        return Int.bitWidth - smallest.leadingZeroBitCount - 1
    }
}
