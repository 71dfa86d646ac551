import SegueBasics
import SegueCompositor
import SegueText
import Testing

@Suite struct FontTests {
    @Test func kerningNarrowsAV() throws {
        let reference = ReferenceFont(path: DejaVu.regular, pixels: 48)
        let unkerned = reference.advance("A") + reference.advance("V")
        let kern = reference.kerning("A", "V")
        #expect(kern < -1, "DejaVu Sans kerns A–V")

        let width = try TextRenderer.measure("AV", font: FontDescription(size: 48)).width
        #expect(width < unkerned - 1)
        #expect(abs(width - (unkerned + kern)) < 0.01)
    }

    @Test func boldIsWiderThanRegular() throws {
        let regular = try TextRenderer.measure("HELLO WORLD", font: FontDescription(size: 48))
        let bold = try TextRenderer.measure("HELLO WORLD", font: FontDescription(size: 48, weight: .bold))
        #expect(bold.width > regular.width + 10)
        #expect(bold.inkBounds.width > regular.inkBounds.width + 10)

        let reference = ReferenceFont(path: DejaVu.bold, pixels: 48)
        #expect(abs(try TextRenderer.measure("HI", font: FontDescription(size: 48, weight: .bold)).width
            - reference.advanceSum("HI") - reference.kerning("H", "I")) < 0.01, "bold is DejaVu Sans Bold")
    }

    @Test(arguments: ["Definitely Not A Font", "", "dejavusans-typo"])
    func unknownFamilyFallsBackToDejaVuSans(_ family: String) throws {
        let unknown = try TextRenderer.image(of: "Fallback", font: FontDescription(family: family, size: 32), color: .black)
        let dejaVu = try TextRenderer.image(of: "Fallback", font: FontDescription(family: "DejaVu Sans", size: 32), color: .black)
        let implicit = try TextRenderer.image(of: "Fallback", font: FontDescription(size: 32), color: .black)
        #expect(unknown.surface.width > 100 && unknown.surface.height > 20)
        #expect(unknown.surface.hasSamePixels(as: dejaVu.surface))
        #expect(unknown.surface.hasSamePixels(as: implicit.surface))
        #expect(unknown.baseline == dejaVu.baseline)
    }

    @Test func familyNamesMatchIgnoringCaseAndBlanks() throws {
        let serif = try TextRenderer.image(of: "Serif", font: FontDescription(family: "DejaVu Serif", size: 32), color: .black)
        let folded = try TextRenderer.image(of: "Serif", font: FontDescription(family: "dejavuserif", size: 32), color: .black)
        let sans = try TextRenderer.image(of: "Serif", font: FontDescription(size: 32), color: .black)
        #expect(serif.surface.hasSamePixels(as: folded.surface))
        #expect(!serif.surface.hasSamePixels(as: sans.surface), "DejaVu Serif is a different face")
    }

    @Test func genericFamiliesGoThroughFontconfig() throws {
        let mono = try TextRenderer.measure("iiii", font: FontDescription(family: "monospace", size: 20))
        let wide = try TextRenderer.measure("MMMM", font: FontDescription(family: "monospace", size: 20))
        #expect(mono.width == wide.width, "a monospaced face")
    }

    @Test func sameTextTwiceGivesSameBytes() throws {
        let font = FontDescription(size: 27.5)
        let a = try Surface(width: 300, height: 60), b = try Surface(width: 300, height: 60)
        for surface in [a, b] {
            try TextRenderer.draw("Deterministic 0123", font: font, color: .black,
                                  baselineOrigin: Point(x: 4.4, y: 40.6), into: surface)
        }
        #expect(a.inkBox != nil)
        #expect(a.hasSamePixels(as: b))
    }
}
