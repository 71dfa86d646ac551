import Glibc
import SeguePluginKit
import Synchronization

/// The embers' image: a disc blurred with a Gaussian, premultiplied, made
/// once and kept for as long as the same size and colour are asked for.
/// Renders on many threads share it (it is only read once made).
final class SpriteCache: Sendable {
    struct Sprite: @unchecked Sendable {
        let image: PixelImage
        /// Pixels on a side: the disc and the blur around it, up to where it
        /// fades to nothing.
        let side: Int
    }

    private struct Key: Equatable {
        let diameter: Double, sigma: Double, color: Color
    }

    private let latest = Mutex<(key: Key, sprite: Sprite)?>(nil)

    /// The sprite for a disc of `diameter` pixels blurred by `sigma`, in `color`.
    func sprite(diameter: Double, sigma: Double, color: Color) throws -> Sprite {
        let key = Key(diameter: diameter, sigma: sigma, color: color)
        if let cached = latest.withLock({ $0?.key == key ? $0?.sprite : nil }) { return cached }
        let sprite = try Self.draw(key)
        latest.withLock { $0 = (key, sprite) }
        return sprite
    }

    /// Beyond this many pixels on a side a sprite is not worth its memory.
    static let largestSide = 2048

    private static func draw(_ key: Key) throws -> Sprite {
        let margin = (3 * key.sigma).rounded(.up)
        let side = min(Int((key.diameter + 2 * margin).rounded(.up)) + 2, largestSide)
        let radius = key.diameter / 2, middle = Double(side) / 2
        // Coverage of the disc, 4 × 4 samples a pixel.
        var coverage = [Float](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - middle, dy = Double(y) + (Double(sy) + 0.5) / 4 - middle
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                coverage[y * side + x] = Float(inside) / 16
            }
        }
        // Below σ = 1/8 a neighbour weighs under 2^-46 of the centre: the blur changes no byte, and
        // 2σ² would underflow to 0 (0/0 weights) long before σ reaches 0.
        if key.sigma >= 0.125 { coverage = blurred(coverage, side: side, sigma: key.sigma) }
        let c = key.color.clamped
        func byte(_ v: Double) -> UInt32 { v > 0 ? UInt32((min(v, 1) * 255).rounded()) : 0 }
        let pixels = coverage.map { value -> UInt32 in
            let alpha = Double(value) * c.alpha
            let a = byte(alpha)
            // Premultiplied channels never exceed alpha.
            return a << 24 | min(byte(c.red * alpha), a) << 16 | min(byte(c.green * alpha), a) << 8
                | min(byte(c.blue * alpha), a)
        }
        // The Gaussian's far tail rounds to nothing: rings of transparent
        // pixels around the disc are left out (the sprite is symmetric).
        var trim = 0
        while trim < side / 2, pixels[(side / 2) * side + trim] == 0 { trim += 1 }
        let kept = side - 2 * trim
        let image = try PixelImage(width: max(kept, 1), height: max(kept, 1))
        for y in 0..<kept {
            let row = image.pixels.row(y)
            for x in 0..<kept { row[x] = pixels[(y + trim) * side + x + trim] }
        }
        return Sprite(image: image, side: kept)
    }

    /// `values` convolved with a Gaussian of standard deviation `sigma`, rows then columns.
    private static func blurred(_ values: [Float], side: Int, sigma: Double) -> [Float] {
        let reach = Int((3 * sigma).rounded(.up))
        var weights = (-reach...reach).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        func pass(_ input: [Float], _ index: (Int, Int) -> Int) -> [Float] {
            var output = [Float](repeating: 0, count: input.count)
            for line in 0..<side {
                for i in 0..<side {
                    var sum: Float = 0
                    for k in -reach...reach where i + k >= 0 && i + k < side {
                        sum += weights[k + reach] * input[index(line, i + k)]
                    }
                    output[index(line, i)] = sum
                }
            }
            return output
        }
        let rows = pass(values) { line, i in line * side + i }
        return pass(rows) { line, i in i * side + line }
    }
}
