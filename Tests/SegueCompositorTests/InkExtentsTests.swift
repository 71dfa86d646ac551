import SegueBasics
import Testing
@testable import SegueCompositor

@Suite("Ink extents")
struct InkExtentsTests {
    /// Row r of `ink` at level k, as a range.
    static func columns(_ ink: InkExtents, level k: Int, row r: Int) -> Range<Int> {
        let pairs = ink.rows(level: k)
        return Int(pairs[2 * r])..<Int(pairs[2 * r + 1])
    }

    @Test("each level's columns run from the first to the last pixel with a byte that reaches it", arguments: 0..<6)
    func againstTheirDefinition(seed: UInt64) {
        var random = SeededRandom(seed: 40 + seed)
        let width = 1 + Int(random.next() % 90), height = 1 + Int(random.next() % 150)
        let surface = filledSurface(width: width, height: height, pixel: 0)
        for y in 0..<height where random.next() % 5 != 0 {
            // Sparse pixels of any size in any channel, rows left empty now and then.
            for x in 0..<width where random.next() % 6 == 0 {
                surface[x, y] = (random.byte() >> UInt32(random.next() % 8)) << UInt32(8 * (random.next() % 4))
            }
        }
        let pixels = UnsafePointer<UInt32>(surface.pixels.assumingMemoryBound(to: UInt32.self))
        let ink = InkExtents(pixels: pixels, width: width, height: height, pitch: surface.stride / 4,
                             forEach: { count, body in (0..<count).forEach(body) })
        for y in 0..<height {
            for k in 0..<InkExtents.levels {
                let reaching = (0..<width).filter { x in
                    let p = surface[x, y]
                    return [p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24].contains { $0 >= 1 << k }
                }
                let expected = reaching.isEmpty ? 0..<0 : reaching.first!..<(reaching.last! + 1)
                #expect(Self.columns(ink, level: k, row: y) == expected, "row \(y), level \(k)")
            }
        }
    }

    @Test("a mask's level keeps every byte that shows through it, and no level higher would")
    func maskLevels() {
        for m in 0...255 {
            let level = InkExtents.level(mask: m == 0 ? 0 : UInt8(m))
            let showing = (0...255).filter { c in SpanKernels.mul(UInt32(c), UInt32(m)) > 0 }
            #expect(showing.allSatisfy { $0 >= 1 << level }, "mask \(m): a byte below 2^\(level) shows")
            if let smallest = showing.first, level < InkExtents.levels - 1 {
                #expect(smallest < 1 << (level + 1), "mask \(m): level \(level) is not the highest")
            }
        }
    }
}
