import SegueBasics
import SegueCompositor
import SegueText
import Testing

@Suite struct RenderingTests {
    let font = FontDescription(size: 48)
    /// Deliberately not opaque, so premultiplication shows.
    let color = Color(red: 0.2, green: 0.6, blue: 1.0, alpha: 0.8)

    @Test func helloWorldHasInkOfPlausibleSize() throws {
        let surface = try Surface(width: 500, height: 100)
        try TextRenderer.draw("HELLO WORLD", font: font, color: color, baselineOrigin: Point(x: 20, y: 70), into: surface)
        let ink = try #require(surface.inkBox)

        let reference = ReferenceFont(path: DejaVu.regular, pixels: 48)
        let advances = reference.advanceSum("HELLO WORLD")
        // The ink spans the advances minus the side bearings of H and D
        // (a few pixels each), give or take kerning.
        #expect(ink.width > Int(advances * 0.85) && ink.width <= Int(advances) + 2,
                "ink \(ink.width) px wide for advances summing to \(advances) px")
        // Capitals only: the ink sits on the baseline and rises the cap
        // height (0.73 em in DejaVu Sans, 35 px).
        #expect((69...71).contains(ink.y1), "ink ends on row \(ink.y1), baseline is 70")
        #expect((33...37).contains(ink.height), "ink is \(ink.height) px tall")
        #expect((20...26).contains(ink.x0), "ink starts at \(ink.x0), pen at 20")

        let metrics = try TextRenderer.measure("HELLO WORLD", font: font)
        #expect(abs(metrics.width - reference.kernedWidth("HELLO WORLD")) < 0.01)
        #expect(metrics.inkBounds.enclosingPixels.contains(
            PixelRect(x0: ink.x0 - 20, y0: ink.y0 - 70, x1: ink.x1 - 20, y1: ink.y1 - 70)))
        #expect(metrics.ascent > 40 && metrics.ascent < 50 && metrics.descent > 8 && metrics.descent < 16)
    }

    @Test func everyPixelHasTheColourAndEdgesAreAntiAliased() throws {
        let surface = try Surface(width: 500, height: 100)
        try TextRenderer.draw("HELLO WORLD", font: font, color: color, baselineOrigin: Point(x: 20, y: 70), into: surface)
        var alphas = Set<Int>()
        for pixel in surface.allPixels where pixel != 0 {
            let p = ARGB(pixel)
            alphas.insert(p.a)
            // Premultiplied: each channel is the straight colour times alpha.
            #expect(abs(Double(p.r) - color.red * Double(p.a)) <= 1.5, "pixel \(p)")
            #expect(abs(Double(p.g) - color.green * Double(p.a)) <= 1.5, "pixel \(p)")
            #expect(abs(Double(p.b) - color.blue * Double(p.a)) <= 1.5, "pixel \(p)")
            #expect(p.a <= 204)
        }
        #expect(alphas.contains(204), "solid stems reach the colour's alpha")
        #expect(alphas.count > 20, "anti-aliased edges give many partial alphas, got \(alphas.sorted())")
    }

    @Test(arguments: ["HELLO WORLD", "Ag 123 ÅÉ", "AV", "jump!"])
    func imageCompositedEqualsDrawing(_ text: String) throws {
        let (image, baseline) = try TextRenderer.image(of: text, font: font, color: color)
        let metrics = try TextRenderer.measure(text, font: font)
        #expect(image.width == Int(metrics.inkBounds.width) && image.height == Int(metrics.inkBounds.height))
        #expect(baseline == Point(x: -metrics.inkBounds.minX, y: -metrics.inkBounds.minY))
        #expect(image.inkBox == PixelRect(width: image.width, height: image.height), "the image is tight")

        let drawn = try Surface(width: 400, height: 120), composited = try Surface(width: 400, height: 120)
        try TextRenderer.draw(text, font: font, color: color, baselineOrigin: Point(x: 30, y: 80), into: drawn)
        composited.compositeOver(image, x: 30 - Int(baseline.x), y: 80 - Int(baseline.y))
        #expect(composited.hasSamePixels(as: drawn))
    }

    @Test func drawingBlendsOverExistingPixels() throws {
        let surface = try Surface(width: 200, height: 80)
        let background = Color(red: 1, green: 0, blue: 0, alpha: 1).premultipliedARGB32
        surface.fill(background)
        try TextRenderer.draw("HI", font: font, color: .white, baselineOrigin: Point(x: 10, y: 60), into: surface)
        let pixels = surface.allPixels
        #expect(pixels.contains(Color.white.premultipliedARGB32), "solid stems are white")
        #expect(pixels.contains(background), "the background shows around the text")
        #expect(pixels.allSatisfy { ARGB($0).a == 255 && ARGB($0).r == 255 }, "OVER an opaque red keeps red and alpha")
    }

    @Test func textIsClippedToTheSurface() throws {
        let surface = try Surface(width: 40, height: 30)
        try TextRenderer.draw("HELLO WORLD", font: font, color: .black, baselineOrigin: Point(x: -25, y: 20), into: surface)
        let ink = try #require(surface.inkBox)
        #expect(ink.x0 == 0 && ink.y0 == 0, "text runs off the top-left corner")
    }
}
