import Glibc
import SegueBasics
import SegueCompositor
import SegueImageIO
import SegueSamples
import Testing

/// Writes every sample as a PNG when SEGUE_SAMPLES_PREVIEW names a folder
/// (sizes from SEGUE_SAMPLES_PREVIEW_SIZES, e.g. "480x270,160x120"), for
/// looking at them; does nothing otherwise.
@Suite struct PreviewTests {
    @Test func writePreviews() throws {
        guard let folder = getenv("SEGUE_SAMPLES_PREVIEW").map({ String(cString: $0) }) else { return }
        let sizes = (getenv("SEGUE_SAMPLES_PREVIEW_SIZES").map { String(cString: $0) } ?? "480x270")
            .split(separator: ",").compactMap { text -> (Int, Int)? in
                let parts = text.split(separator: "x").compactMap { Int($0) }
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            }
        for sample in Sample.allCases {
            for (width, height) in sizes {
                let surface = try sample.render(width: width, height: height, compositor: compositor)
                try PNG.write(surface, to: "\(folder)/\(sample.rawValue)-\(width)x\(height).png")
                if !sample.isOpaque {
                    try PNG.write(try Self.overChecker(surface), to: "\(folder)/\(sample.rawValue)-\(width)x\(height)-checker.png")
                }
            }
        }
    }

    /// The surface over a grey checkerboard, to see its transparency.
    static func overChecker(_ surface: Surface) throws -> Surface {
        let result = try Surface(width: surface.width, height: surface.height)
        for y in 0..<result.height {
            for x in 0..<result.width {
                result[x, y] = (x / 12 + y / 12) % 2 == 0 ? 0xFFCC_CCCC : 0xFF99_9999
            }
        }
        var canvas = PictureRecorder(frame: .zero, content: Picture())
        canvas.draw(result)
        canvas.draw(surface)
        let output = try Surface(width: surface.width, height: surface.height)
        try Compositor(threads: 1).render(canvas.picture, background: .clear, into: output)
        return output
    }
}
