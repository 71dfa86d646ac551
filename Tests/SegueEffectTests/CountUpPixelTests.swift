import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel
import SegueText
import Testing

/// countUp from the built plugin, rendered by the engine, against the same
/// text drawn by the compositor directly (SegueText's `PictureRecorder.drawText`)
/// over the same content: the pixels must be equal.
@Suite struct CountUpPixelTests {
    static let red = Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)

    /// The engine's frame of `spec` with `content` inserted at `progress`.
    func rendered(_ spec: String, content: Surface, progress: Double) throws -> Surface {
        let engine = try BuiltPlugins.engine(with: "segue.countUp")
        let target = try Surface(width: content.width, height: content.height)
        try engine.render(engine.transition(spec: spec), from: nil, to: content, progress: progress, scene: Scene(),
                          into: target)
        return target
    }

    /// `content` with `text` drawn centred over it by the compositor itself.
    func expected(_ text: String, size: Double, color: Color, over content: Surface) throws -> Surface {
        var canvas = PictureRecorder(frame: content.bounds.rect, content: Picture([DrawItem(source: .surface(content))]))
        canvas.drawContent()
        try canvas.drawText(text, font: FontDescription(size: size, weight: .bold), color: color,
                            at: Point(x: Double(content.width) / 2, y: Double(content.height) / 2))
        let target = try Surface(width: content.width, height: content.height)
        try Compositor(threads: 1).render(Picture([DrawItem(source: .picture(canvas.picture))]), background: .clear,
                                          into: target)
        return target
    }

    func expectSame(_ got: Surface, _ want: Surface, _ what: String) {
        let differing = differingPixels(got, want)
        #expect(differing == 0, "\(what): \(differing) pixels differ")
    }

    @Test func atAValueItDrawsThatNumberOverTheContent() throws {
        let content = SampleImages.photo(width: 160, height: 120, varyingAlpha: true)
        // `.countUp(to: 50)` counts from 0: half-way is 25.
        let got = try rendered(".countUp(to: 50, fontSize: 40)", content: content, progress: 0.5)
        let want = try expected("25.0", size: 40, color: .black, over: content)
        expectSame(got, want, "25.0")
        #expect(differingPixels(want, content) > 100, "the text should cover some pixels")
    }

    @Test func atProgressOneItShowsTheTargetInTheAlertColour() throws {
        let content = SampleImages.photo(width: 160, height: 120)
        let got = try rendered(".countUp(to: 120, fontSize: 30)", content: content, progress: 1)
        expectSame(got, try expected("120.0", size: 30, color: Self.red, over: content), "120.0")
    }

    @Test func atProgressZeroItShowsZero() throws {
        let content = SampleImages.photo(width: 160, height: 120)
        let got = try rendered(".countUp(to: 120, fontSize: 30)", content: content, progress: 0)
        expectSame(got, try expected("0.0", size: 30, color: .black, over: content), "0.0")
    }

    @Test func theShorthandCountsFromZeroToTheTarget() throws {
        let engine = try BuiltPlugins.engine(with: "segue.countUp")
        let modifier = try #require(engine.transition(spec: ".countUp(to: 120)").modifiers(for: .insertion).first)
        #expect(modifier.active["value"] == .number(0))
        #expect(modifier.identity["value"] == .number(120))
        #expect(modifier.state(for: .insertion, at: 0.25)["value"] == .number(30))
        #expect(modifier.identity["format"] == .string("%.1f") && modifier.identity["threshold"] == .number(100))
    }

    @Test func theAutomaticSizeIsFourTenthsOfTheHeightWhenTheTextFits() throws {
        // 400 × 120: 48 px, and "100.0" is far narrower than 90 % of 400 px.
        let content = SampleImages.photo(width: 400, height: 120)
        let got = try rendered(".countUp(to: 77)", content: content, progress: 1)
        expectSame(got, try expected("77.0", size: 48, color: .black, over: content), "automatic size")
    }

    @Test func theAutomaticSizeShrinksSoTheDefaultTextFitsTheWidth() throws {
        // 160 × 120: at 48 px bold "100.0" is wider than 144 px, so the size is scaled down to fit.
        let content = SampleImages.photo(width: 160, height: 120)
        var size = 48.0
        for _ in 0..<4 {
            let width = try TextRenderer.measure("100.0", font: FontDescription(size: size, weight: .bold)).width
            guard width > 144 else { break }
            size *= 144 / width * (1 - 1e-9)
        }
        #expect(size < 48)
        let fitted = try TextRenderer.measure("100.0", font: FontDescription(size: size, weight: .bold)).width
        #expect(fitted <= 144)
        let got = try rendered(".countUp(to: 100)", content: content, progress: 1)
        expectSame(got, try expected("100.0", size: size, color: Self.red, over: content), "capped size")
    }

    @Test func theColourSwitchesExactlyAtTheThreshold() throws {
        let content = try Surface(width: 160, height: 120)  // transparent: only the text shows
        let below = try rendered(".countUp(value: 99.9, fontSize: 40)", content: content, progress: 0)
        let at = try rendered(".countUp(value: 100, fontSize: 40)", content: content, progress: 0)
        let black = Color.black.premultipliedARGB32, red = Self.red.premultipliedARGB32
        #expect(SampleImages.count(of: black, in: below) > 50 && SampleImages.count(of: red, in: below) == 0)
        #expect(SampleImages.count(of: red, in: at) > 50 && SampleImages.count(of: black, in: at) == 0)
    }

    @Test func aBadFormatFailsTheFrameNamingIt() throws {
        let content = SampleImages.photo(width: 40, height: 30)
        #expect {
            _ = try rendered(#".countUp(to: 5, format: "%s")"#, content: content, progress: 0.5)
        } throws: { error in
            String(describing: error).contains(#"format "%s""#)
        }
    }
}

/// tiktok from the built plugin: at offset 0 in channels mode the two
/// copies add back up to the content exactly.
@Suite struct TikTokPixelTests {
    @Test func channelsAtOffsetZeroIsTheContentExactly() throws {
        let engine = try BuiltPlugins.engine(with: "segue.tiktok")
        let content = SampleImages.photo(width: 160, height: 120, varyingAlpha: true)
        for (spec, progress) in [(".tiktok", 1.0), (".modifier(active: .tiktok, identity: .tiktok(offset: CGSize(width: 0, height: 0)))", 1.0)] {
            let target = try Surface(width: 160, height: 120)
            try engine.render(engine.transition(spec: spec), from: nil, to: content, progress: progress,
                              scene: Scene(background: Color(red: 0.2, green: 0.5, blue: 0.9)), into: target)
            var canvas = PictureRecorder(frame: content.bounds.rect, content: Picture([DrawItem(source: .surface(content))]))
            canvas.drawContent()
            let want = try Surface(width: 160, height: 120)
            try Compositor(threads: 1).render(Picture([DrawItem(source: .picture(canvas.picture))]),
                                              background: Color(red: 0.2, green: 0.5, blue: 0.9), into: want)
            #expect(differingPixels(target, want) == 0, "\(spec)")
        }
    }
}
