import SegueBasics
import SegueCompositor
import SegueText
import Testing

@Suite struct EdgeCaseTests {
    let font = FontDescription(size: 24)

    @Test(arguments: ["", " ", "   ", "\n", "\u{200D}\u{FE0F}"])
    func textWithoutInk(_ text: String) throws {
        let metrics = try TextRenderer.measure(text, font: font)
        #expect(metrics.inkBounds == .zero)
        #expect(metrics.ascent > 0 && metrics.descent > 0)
        let (image, baseline) = try TextRenderer.image(of: text, font: font, color: .black)
        #expect(image.width == 1 && image.height == 1 && image[0, 0] == 0)
        #expect(baseline == .zero)
        let surface = try Surface(width: 20, height: 20)
        try TextRenderer.draw(text, font: font, color: .black, baselineOrigin: Point(x: 5, y: 15), into: surface)
        #expect(surface.inkBox == nil)
    }

    @Test func blankTextStillAdvances() throws {
        let reference = ReferenceFont(path: DejaVu.regular, pixels: 24)
        #expect(try TextRenderer.measure("", font: font).width == 0)
        #expect(abs(try TextRenderer.measure("   ", font: font).width - 3 * reference.advance(" ")) < 0.01)
        // Control characters are skipped, not drawn as boxes.
        #expect(try TextRenderer.measure("A\nB\t", font: font) == TextRenderer.measure("AB", font: font))
    }

    @Test func veryLongString() throws {
        let text = String(repeating: "The quick brown fox. ", count: 100).prefix(2000)
        let metrics = try TextRenderer.measure(String(text), font: FontDescription(size: 12))
        let reference = ReferenceFont(path: DejaVu.regular, pixels: 12)
        #expect(abs(metrics.width - reference.kernedWidth(String(text))) < 0.01, "no drift over 2000 characters")
        let (image, _) = try TextRenderer.image(of: String(text), font: FontDescription(size: 12), color: .black)
        #expect(image.width == Int(metrics.inkBounds.width))

        let small = try Surface(width: 64, height: 16)
        try TextRenderer.draw(String(text), font: font, color: .black, baselineOrigin: Point(x: -300, y: 12), into: small)
        #expect(small.inkBox != nil)
    }

    @Test func tinySizesDrawAtOnePixel() throws {
        let half = try TextRenderer.measure("Tiny", font: FontDescription(size: 0.5))
        let one = try TextRenderer.measure("Tiny", font: FontDescription(size: 1))
        #expect(half == one)
        let surface = try Surface(width: 10, height: 10)
        try TextRenderer.draw("Tiny", font: FontDescription(size: 0.5), color: .black, baselineOrigin: Point(x: 1, y: 5), into: surface)
    }

    @Test func hugeSizesAreCapped() throws {
        let huge = try TextRenderer.measure("W", font: FontDescription(size: 5000))
        let cap = try TextRenderer.measure("W", font: FontDescription(size: FontDescription.maximumSize))
        #expect(huge == cap)
        #expect(cap.inkBounds.width > 1500 && cap.inkBounds.width < 2100)
        // The top of the W's left stroke, clipped out of a 2048 px glyph.
        let surface = try Surface(width: 300, height: 300)
        try TextRenderer.draw("W", font: FontDescription(size: 5000), color: .black, baselineOrigin: Point(x: 0, y: 1400), into: surface)
        #expect(surface.inkBox != nil)
    }

    @Test(arguments: [Double.nan, -1, 0, -.infinity, .infinity])
    func invalidSizesThrow(_ size: Double) throws {
        let error = #expect(throws: SegueError.self) {
            try TextRenderer.measure("x", font: FontDescription(size: size))
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func nonFiniteOriginOrColourThrows() throws {
        let surface = try Surface(width: 10, height: 10)
        let origin = #expect(throws: SegueError.self) {
            try TextRenderer.draw("x", font: font, color: .black, baselineOrigin: Point(x: .nan, y: 0), into: surface)
        }
        #expect(origin?.code == .invalidArgument)
        let colour = #expect(throws: SegueError.self) {
            try TextRenderer.image(of: "x", font: font, color: Color(red: .infinity, green: 0, blue: 0))
        }
        #expect(colour?.code == .invalidArgument)
    }

    @Test func farAwayOriginsDrawNothing() throws {
        let surface = try Surface(width: 10, height: 10)
        for origin in [Point(x: 1e300, y: 5), Point(x: -1e300, y: -1e300), Point(x: 5, y: 3e9)] {
            try TextRenderer.draw("HELLO", font: font, color: .black, baselineOrigin: origin, into: surface)
        }
        #expect(surface.inkBox == nil)
    }

    @Test(arguments: ["😀👍🏽", "漢字かな", "\u{FFFD}", String(decoding: [0x41, 0xFF, 0xFE, 0x42] as [UInt8], as: UTF8.self), "e\u{301}"])
    func charactersOutsideLatin(_ text: String) throws {
        let metrics = try TextRenderer.measure(text, font: font)
        #expect(metrics.width > 0)
        #expect(!metrics.inkBounds.isEmpty, ".notdef boxes or real glyphs have ink")
        let (image, _) = try TextRenderer.image(of: text, font: font, color: .black)
        #expect(image.inkBox != nil)
    }

    @Test func missingCharactersDrawTheNotdefBox() throws {
        // Neither U+4E00 nor U+1F44D is in DejaVu Sans: both map to glyph 0.
        let cjk = try TextRenderer.image(of: "\u{4E00}", font: font, color: .black)
        let emoji = try TextRenderer.image(of: "\u{1F44D}", font: font, color: .black)
        #expect(cjk.surface.hasSamePixels(as: emoji.surface))
    }
}
