import CSegue
import Testing
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The `Canvas` wrapper over the host table, with a fake canvas.
@Suite struct CanvasTests {
    let fake = FakeCanvas(frame: Rect(x: 5, y: 6, width: 80, height: 60))
    var canvas: Canvas { Canvas(host: FakeHost.table, pointer: fake.handle) }

    @Test func frameAndContentComeFromTheHost() {
        #expect(canvas.frame == Rect(x: 5, y: 6, width: 80, height: 60))
        #expect(FakeImage.from(canvas.content.pointer)?.label == "content")
    }

    @Test func drawPassesEveryOption() throws {
        let clip = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 20))
        try canvas.draw(canvas.content, transform: .translation(x: 3, y: 4), crop: Rect(x: 1, y: 2, width: 3, height: 4),
                        clip: clip, clipRule: .evenOdd, opacity: 0.5, tint: .red,
                        channels: .greenBlue, blend: .plusLighter)
        #expect(fake.calls == [.draw(DrawCall(
            image: "content", blend: .plusLighter, transform: .translation(x: 3, y: 4), opacity: 0.5,
            crop: Rect(x: 1, y: 2, width: 3, height: 4), clip: clip,
            clipRule: .evenOdd, tint: .red, channels: Color(red: 0, green: 1, blue: 1, alpha: 0)))])
        #expect(fake.destroyedEveryPath)
    }

    @Test func cancellationIsTheHostsAnswer() throws {
        #expect(!canvas.isCancelled)
        try canvas.checkCancellation()
        fake.cancelled = true
        #expect(canvas.isCancelled)
        #expect(throws: PluginError("the render was cancelled", status: .cancelled)) {
            try canvas.checkCancellation()
        }
    }

    @Test func drawDefaultsAreTheHeaderDefaults() throws {
        try canvas.draw(canvas.content)
        #expect(fake.calls == [.draw(DrawCall(image: "content"))])
    }

    @Test func everyPathElementIsReplayedInOrder() throws {
        let path = Path { path in
            path.move(to: Point(x: 1, y: 2))
            path.addLine(to: Point(x: 3, y: 4))
            path.addQuadCurve(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8))
            path.addCurve(to: Point(x: 9, y: 10), control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14))
            path.addArc(center: Point(x: 15, y: 16), radius: 17, startAngle: 0.5, endAngle: 1.5, counterclockwise: true)
            path.closeSubpath()
            path.addRect(Rect(x: 1, y: 1, width: 2, height: 2))
            path.addRoundedRect(in: Rect(x: 2, y: 2, width: 4, height: 4), cornerRadius: 1)
            path.addEllipse(in: Rect(x: 3, y: 3, width: 6, height: 6))
        }
        try canvas.fill(path, with: .blue, rule: .evenOdd, blend: .multiply)
        // The host rebuilds the very same outline from the elements it is sent.
        #expect(fake.calls == [.fill(path, rule: .evenOdd, color: .blue, blend: .multiply)])
        #expect(fake.destroyedEveryPath)
    }

    @Test func textIsDrawnAndMeasured() throws {
        let style = TextStyle(family: "DejaVu Serif", size: 20, bold: true, color: .yellow)
        try canvas.drawText("42.0", style: style, at: Point(x: 40, y: 30))
        #expect(fake.calls == [.text("42.0", family: "DejaVu Serif", size: 20, bold: true, color: .yellow,
                                     position: Point(x: 40, y: 30), anchor: .center)])
        let metrics = try canvas.measureText("42.0", style: style)
        #expect(metrics == TextMetrics(width: 40, ascent: 16, descent: 4))
        #expect(metrics.height == 20)
    }

    @Test func layersReturnTheirImage() throws {
        let layer = try canvas.withLayer { layer in
            try layer.draw(layer.content, opacity: 0.5)
        }
        try canvas.draw(layer, transform: .scale(2))
        #expect(fake.calls == [.beginLayer, .endLayer("layer1"),
                               .draw(DrawCall(image: "layer1", transform: .scale(2)))])
        #expect(fake.layers.first?.calls == [.draw(DrawCall(image: "content", opacity: 0.5))])
    }

    @Test func rasterizeHandsBackWritablePixels() throws {
        let (image, pixels) = try canvas.rasterize(canvas.content)
        #expect(fake.calls == [.rasterize("content")])
        #expect(FakeImage.from(image.pointer)?.label == "pixels of content")
        #expect(pixels.width == 80 && pixels.height == 60 && pixels.bytesPerRow == 320)
        pixels[79, 59] = 0xFF00_FF00
        #expect(pixels.row(59)[79] == 0xFF00_FF00)
        #expect(FakeImage.from(image.pointer)?.pixels[59 * 80 + 79] == 0xFF00_FF00)
    }

    @Test func failThrowsAPluginError() {
        #expect(throws: PluginError("no", status: .plugin)) { try canvas.fail("no") }
    }

    @Test func pixelImagesAreCreatedAndReleasedThroughTheHost() throws {
        try #require(TestPlugin.initStatus == SEGUE_OK)
        weak var fakeImage: FakeImage?
        do {
            let image = try PixelImage(width: 4, height: 3)
            fakeImage = FakeImage.from(image.image.pointer)
            #expect(fakeImage?.label == "created")
            #expect(image.pixels.width == 4 && image.pixels.height == 3)
        }
        #expect(fakeImage == nil)
        #expect(throws: PluginError.self) { try PixelImage(width: 0, height: 3) }
    }
}
