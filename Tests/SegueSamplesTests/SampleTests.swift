import SegueBasics
import SegueCompositor
import SegueSamples
import Testing

/// What draws the samples in these tests, as an engine's compositor would.
let compositor = Compositor(threads: 0)

@Suite struct CatalogueTests {
    @Test func namesAndSummaries() {
        #expect(Sample.names == ["helloWorld", "command", "button", "score", "onboarding1", "onboarding2",
                                 "onboarding3", "photo", "cutout", "cardCollapsed", "cardExpanded", "chevron",
                                 "distortionCard", "darkCard"])
        for sample in Sample.allCases {
            #expect(Sample(named: sample.rawValue) == sample)
            #expect(!sample.summary.isEmpty && !sample.summary.contains("\n"))
            #expect(sample.summary.count < 100, "\(sample): summary too long for one line of --list")
            #expect(sample.defaultSize == (640, 360))
        }
        #expect(Set(Sample.allCases.map(\.summary)).count == Sample.allCases.count)
        #expect(Sample(named: "HelloWorld") == nil)
        #expect(Sample(named: "") == nil)
    }

    @Test func opaqueOnesAreThePagesAndThePhoto() {
        #expect(Sample.allCases.filter(\.isOpaque) == [.onboarding1, .onboarding2, .onboarding3, .photo])
    }

    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (Surface.maximumSide + 1, 4)])
    func badSizesAreRefused(size: (Int, Int)) {
        #expect(throws: SegueError.self) { _ = try Sample.helloWorld.render(width: size.0, height: size.1, compositor: compositor) }
        #expect(throws: SegueError.self) { _ = try Sample.photo.picture(width: size.0, height: size.1) }
    }
}

@Suite struct RenderingTests {
    /// Each sample at each required size: renders, premultiplied values are
    /// valid, opaque samples are opaque everywhere, the others draw something
    /// and leave their corners transparent.
    @Test(arguments: Sample.allCases)
    func rendersAtEveryRequiredSize(sample: Sample) throws {
        for (width, height) in requiredSizes {
            let surface = try sample.render(width: width, height: height, compositor: compositor)
            #expect(surface.width == width && surface.height == height)
            let census = AlphaCensus(surface)
            #expect(census.invalid == 0, "\(sample) \(width)×\(height): \(census.invalid) pixels have a channel above alpha")
            if sample.isOpaque {
                #expect(census.opaque == width * height, "\(sample) \(width)×\(height): \(census.transparent + census.partial) pixels not opaque")
            } else {
                #expect(census.opaque > 0, "\(sample) \(width)×\(height) draws nothing opaque")
                for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)] {
                    #expect(Pixel(surface[x, y]).a == 0, "\(sample) \(width)×\(height): corner (\(x), \(y)) is not transparent")
                }
            }
        }
    }

    /// Odd sizes and shapes (tiny, portrait, square, wide) still render.
    @Test(arguments: Sample.allCases)
    func rendersAtOddSizes(sample: Sample) throws {
        for (width, height) in [(1, 1), (2, 3), (37, 19), (120, 400), (300, 300), (1000, 90)] {
            let surface = try sample.render(width: width, height: height, compositor: compositor)
            #expect(AlphaCensus(surface).invalid == 0)
            if sample.isOpaque { #expect(AlphaCensus(surface).opaque == width * height) }
        }
    }

    @Test(arguments: Sample.allCases)
    func isDeterministic(sample: Sample) throws {
        let first = try sample.render(width: 640, height: 360, compositor: compositor)
        let second = try sample.render(width: 640, height: 360, compositor: compositor)
        #expect(first.hasSamePixels(as: second))
        // Also with a single-threaded compositor of its own.
        let third = try Surface(width: 640, height: 360)
        try sample.render(into: third, compositor: Compositor(threads: 1))
        #expect(first.hasSamePixels(as: third))
    }

    /// Alpha handling must show: fully transparent, partly transparent and opaque pixels.
    @Test(arguments: [Sample.helloWorld, .cutout], [(160, 120), (640, 360), (1920, 1080)])
    func hasEveryKindOfAlpha(sample: Sample, size: (Int, Int)) throws {
        let census = AlphaCensus(try sample.render(width: size.0, height: size.1, compositor: compositor))
        #expect(census.transparent > 0)
        #expect(census.partial > 0)
        #expect(census.opaque > 0)
    }

    /// The cutout's holes, glass and band are regions, not just anti-aliased
    /// edges: a good share of its card area is partly transparent.
    @Test func cutoutHasLargeTranslucentRegions() throws {
        let surface = try Sample.cutout.render(width: 640, height: 360, compositor: compositor)
        let census = AlphaCensus(surface)
        let card = surface.bounds { $0.a == 255 }
        let cardArea = card.width * card.height
        #expect(census.partial > cardArea / 8, "only \(census.partial) partly transparent pixels")
        // Holes inside the card: transparent pixels within its bounds.
        #expect(surface.count(in: card.intersection(PixelRect(x0: card.x0 + 4, y0: card.y0 + 4, x1: card.x1 - 4, y1: card.y1 - 4))) { $0.a == 0 } > 500)
    }
}

@Suite struct ContentTests {
    /// The orange card is centred, takes a sensible share of the frame at
    /// every size, and has white text inside it.
    @Test(arguments: [(160, 120), (640, 360), (1920, 1080)])
    func helloWorldIsWhiteTextOnAnOrangeCard(size: (Int, Int)) throws {
        let (width, height) = size
        let surface = try Sample.helloWorld.render(width: width, height: height, compositor: compositor)
        let card = surface.bounds(where: isColor(0xFF9500))
        #expect(!card.isEmpty)
        #expect(abs((card.x0 + card.x1) - width) <= 2 && abs((card.y0 + card.y1) - height) <= 2,
                "card \(card) is not centred")
        #expect(card.width > width * 4 / 10 && card.width < width * 9 / 10)
        let white = surface.count(in: card, where: isWhite)
        #expect(white > card.width * card.height / 25, "only \(white) white pixels on the card")
        // The text is strictly inside the card.
        let text = surface.bounds(where: isWhite)
        #expect(card.contains(text))
    }

    @Test(arguments: [(160, 120), (640, 360), (1920, 1080)])
    func distortionCardIsAGlobeAndTextOnPaleBlueOutlinedInBlue(size: (Int, Int)) throws {
        let (width, height) = size
        let surface = try Sample.distortionCard.render(width: width, height: height, compositor: compositor)
        // The outline, opaque blue, bounds the card; the card is centred.
        let outline = surface.bounds(where: isColor(0x007AFF, tolerance: 2))
        #expect(abs((outline.x0 + outline.x1) - width) <= 2 && abs((outline.y0 + outline.y1) - height) <= 2,
                "card \(outline) is not centred")
        #expect(outline.width > width * 4 / 10 && outline.width < width * 9 / 10)
        // Inside, blue at a tenth of its opacity (premultiplied: alpha 26, blue 26, green 12)…
        let pale = surface.count(in: outline) { abs($0.a - 26) <= 1 && $0.b == $0.a && abs($0.g - 12) <= 1 && $0.r == 0 }
        #expect(pale > outline.width * outline.height / 2, "only \(pale) pale blue pixels")
        // …dark text in the lower half, and the globe's blue lines in the upper half
        // (thin and anti-aliased at the smallest size).
        let lower = PixelRect(x0: outline.x0, y0: (outline.y0 + outline.y1) / 2, x1: outline.x1, y1: outline.y1 - 3)
        #expect(surface.count(in: lower) { $0.a > 150 && $0.r < 100 && $0.g < 100 && $0.b < 120 } > outline.width / 4)
        let upper = PixelRect(x0: outline.x0 + 3, y0: outline.y0 + 3, x1: outline.x1 - 3, y1: (outline.y0 + outline.y1) / 2)
        #expect(surface.count(in: upper) { $0.a > 100 && $0.r < 40 && $0.b > 100 && $0.b > 2 * $0.g } > outline.width / 4)
        #expect(Pixel(surface[0, 0]).a == 0 && Pixel(surface[width - 1, height - 1]).a == 0)
    }

    @Test func darkCardIsAWarmCaptionOnADarkCard() throws {
        let surface = try Sample.darkCard.render(width: 640, height: 360, compositor: compositor)
        let dark = surface.bounds { $0.a == 255 && $0.r < 50 && $0.g < 50 && $0.b < 60 }
        #expect(abs((dark.x0 + dark.x1) - 640) <= 3 && abs((dark.y0 + dark.y1) - 360) <= 3)
        #expect(dark.height > 360 * 6 / 10 && dark.width > 640 * 6 / 10)
        let caption = surface.bounds { $0.a == 255 && $0.r > 220 && $0.b < 190 }
        #expect(dark.contains(caption) && caption.width > dark.width / 2)
        #expect(Pixel(surface[0, 0]).a == 0)
    }

    @Test func commandIsABigBlackSymbolOnTransparency() throws {
        let surface = try Sample.command.render(width: 640, height: 360, compositor: compositor)
        let ink = surface.bounds(where: isBlack)
        #expect(ink.height > 360 * 6 / 10 && ink.height < 360 * 9 / 10)
        #expect(abs((ink.x0 + ink.x1) - 640) <= 3 && abs((ink.y0 + ink.y1) - 360) <= 3)
        // Only black (at any alpha) is drawn.
        #expect(surface.count { $0.r != 0 || $0.g != 0 || $0.b != 0 } == 0)
        // The symbol's loops: the centre is empty, ink surrounds it.
        #expect(Pixel(surface[320, 180]).a == 0)
    }

    @Test func buttonHasABlackLabelOnWhite() throws {
        let surface = try Sample.button.render(width: 640, height: 360, compositor: compositor)
        let face = surface.bounds(where: isWhite)
        #expect(face.width > 640 / 2)
        let label = surface.count(in: face, where: isBlack)
        #expect(label > 500, "only \(label) black label pixels")
    }

    @Test func scoreLeavesItsCentreFree() throws {
        let surface = try Sample.score.render(width: 640, height: 360, compositor: compositor)
        // The caption: grey text in the top part of the card.
        #expect(surface.count(in: PixelRect(x0: 0, y0: 0, x1: 640, y1: 140), where: isColor(0x8E8E93, tolerance: 20)) > 100)
        // The middle band, where the count-up number goes, is plain: one light colour, no marks.
        let middle = PixelRect(x0: 200, y0: 150, x1: 440, y1: 210)
        let values = Set((middle.y0..<middle.y1).flatMap { y in (middle.x0..<middle.x1).map { x in surface[x, y] } })
        #expect(values.allSatisfy { Pixel($0).a == 255 && Pixel($0).r > 235 && Pixel($0).g > 235 && Pixel($0).b > 235 })
    }

    @Test(arguments: [Sample.onboarding1, .onboarding2, .onboarding3])
    func onboardingPagesHaveAPurpleTitleAndDiffer(sample: Sample) throws {
        let surface = try sample.render(width: 640, height: 360, compositor: compositor)
        let lowerHalf = PixelRect(x0: 0, y0: 200, x1: 440, y1: 360)
        #expect(surface.count(in: lowerHalf, where: isColor(0xAF52DE, tolerance: 8)) > 400, "no purple title")
        for other in [Sample.onboarding1, .onboarding2, .onboarding3] where other != sample {
            let top = PixelRect(x0: 0, y0: 0, x1: 640, y1: 190)
            let theirs = try other.render(width: 640, height: 360, compositor: compositor)
            var differing = 0
            for y in top.y0..<top.y1 { for x in top.x0..<top.x1 where surface[x, y] != theirs[x, y] { differing += 1 } }
            #expect(differing > 10_000, "\(sample) and \(other) have nearly the same illustration")
        }
    }

    /// The photo's detail: the 1-px checker is there, pixel for pixel, and
    /// the picture has many distinct colours (gradients) and sharp edges.
    @Test func photoHasFineDetail() throws {
        let surface = try Sample.photo.render(width: 640, height: 360, compositor: compositor)
        // Find a run of alternating black and white pixels: the checker.
        var alternations = 0
        for y in 0..<360 {
            for x in 0..<639 where isBlack(Pixel(surface[x, y])) && isWhite(Pixel(surface[x + 1, y])) {
                if y + 1 < 360, isWhite(Pixel(surface[x, y + 1])) { alternations += 1 }
            }
        }
        #expect(alternations > 1000, "only \(alternations) checker cells")
        var colors = Set<UInt32>()
        for y in stride(from: 0, to: 360, by: 2) { for x in stride(from: 0, to: 640, by: 2) { colors.insert(surface[x, y]) } }
        #expect(colors.count > 3000, "only \(colors.count) distinct colours")
    }

    /// Every sample is laid out in proportion: drawn at double the size, the
    /// opaque ink's bounds double too (within a few pixels).
    @Test(arguments: [Sample.helloWorld, .command, .button, .score, .cutout])
    func layoutScalesWithTheFrame(sample: Sample) throws {
        let small = try sample.render(width: 480, height: 270, compositor: compositor).bounds { $0.a == 255 }
        let large = try sample.render(width: 960, height: 540, compositor: compositor).bounds { $0.a == 255 }
        #expect(abs(large.width - 2 * small.width) <= 8 && abs(large.height - 2 * small.height) <= 8,
                "\(small) → \(large)")
    }
}
