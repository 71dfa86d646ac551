import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

/// A picture that exercises everything at once: rotations, scales up and
/// down, path and fractional clips, groups with opacity and blend modes,
/// tints, crops, plusLighter, several levels of nesting, across band edges.
func complicatedPicture(width: Int, height: Int) -> Picture {
    let a = noiseSurface(width: 80, height: 60, seed: 101)
    let b = noiseSurface(width: 50, height: 70, seed: 102, opaque: true)
    let c = noiseSurface(width: 120, height: 90, seed: 103)
    var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), content: Picture())
    canvas.draw(c, transform: .scale(x: 0.37, y: 0.41).concatenating(.translation(x: 3.3, y: 150.2)))
    canvas.draw(a, transform: .scale(x: 1.7, y: 1.7).concatenating(.rotation(0.4)).concatenating(.translation(x: 120, y: 10.5)),
                opacity: 0.8)

    var group = PictureRecorder(frame: canvas.frame, content: Picture())
    group.draw(b, transform: .rotation(-0.2).concatenating(.translation(x: 30.5, y: 40)))
    var blob = Path()
    blob.addEllipse(in: Rect(x: 40.2, y: 60.7, width: 90, height: 70))
    group.fill(blob, with: Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7), blend: .multiply)
    var rounded = Path()
    rounded.addRoundedRect(in: Rect(x: 20.5, y: 30.25, width: 150, height: 120), cornerRadius: 25)
    canvas.draw(group.picture, clip: .path(rounded, .nonZero), opacity: 0.6)

    var circle = Path()
    circle.addArc(center: Point(x: 230, y: 130), radius: 45, startAngle: 0, endAngle: 2 * .pi)
    canvas.draw(a, transform: .translation(x: 190.5, y: 95.25), crop: Rect(x: 3.5, y: 2, width: 70, height: 55.5),
                clip: .path(circle, .evenOdd), tint: Color(red: 0, green: 0.8, blue: 1, alpha: 0.9))

    var star = Path()
    for k in 0..<5 {
        let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
        let p = Point(x: 70 + 50 * cos(angle), y: 120 + 50 * sin(angle))
        if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
    }
    star.closeSubpath()
    canvas.fill(star, with: Color(red: 0.2, green: 0.9, blue: 0.3, alpha: 0.5), blend: .plusLighter)

    var inner = PictureRecorder(frame: canvas.frame, content: Picture())
    inner.draw(b, transform: .scale(x: 0.8, y: 1.3), opacity: 0.9, blend: .screen)
    inner.fill(Rect(x: 10.25, y: 5.5, width: 30.5, height: 70.75), with: Color(red: 1, green: 0, blue: 0.5, alpha: 0.6))
    var middle = PictureRecorder(frame: canvas.frame, content: Picture())
    middle.draw(inner.picture, transform: .rotation(0.7).concatenating(.translation(x: 60, y: -10)), opacity: 0.75)
    middle.draw(c, transform: .translation(x: 5, y: 5), crop: Rect(x: 10, y: 10, width: 40, height: 40), blend: .difference)
    canvas.draw(middle.picture, transform: .scale(x: 1.1, y: 0.9).concatenating(.translation(x: 150.5, y: 60.25)),
                clip: .rect(Rect(x: 140.5, y: 20.5, width: 150.25, height: 170.5)), blend: .hardLight)
    canvas.fill(Rect(x: 0.5, y: 62.5, width: Double(width) - 1, height: 3.25), with: Color(red: 1, green: 1, blue: 0, alpha: 0.4))
    return canvas.picture
}

@Suite("Bands and threads")
struct BandsAndThreadsTests {
    static let width = 300, height = 200   // four bands, the last one short

    @Test("one thread and four threads give the same bytes; so does rendering again")
    func threadCountDoesNotMatter() throws {
        let picture = complicatedPicture(width: Self.width, height: Self.height)
        let background = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9)
        let one = try render(picture, width: Self.width, height: Self.height, background: background, threads: 1)
        let four = try render(picture, width: Self.width, height: Self.height, background: background, threads: 4)
        let compositor = Compositor(threads: 4)
        let again = try Surface(width: Self.width, height: Self.height)
        try compositor.render(picture, background: background, into: again)
        try compositor.render(picture, background: background, into: again)   // reused layers and masks
        let d1 = difference(one, four), d2 = difference(four, again)
        #expect(d1.count == 0, "\(d1)")
        #expect(d2.count == 0, "\(d2)")
        // The picture really is complicated: many distinct pixels, groups present.
        var distinct = Set<UInt32>()
        for y in stride(from: 0, to: Self.height, by: 3) { for x in 0..<Self.width { distinct.insert(one[x, y]) } }
        #expect(distinct.count > 2000)
        let hasGroup = try Flattener.primitives(of: picture).contains { $0.isGroup }
        #expect(hasGroup)
        #expect(compositor.threadCount == 4 && Compositor(threads: 1).threadCount == 1)
        #expect(Compositor(threads: 0).threadCount >= 1)
    }

    @Test("rendering into an area writes that area only, as a whole render would")
    func subArea() throws {
        let picture = complicatedPicture(width: Self.width, height: Self.height)
        let background = Color(red: 0.1, green: 0.2, blue: 0.3)
        let whole = try render(picture, width: Self.width, height: Self.height, background: background, threads: 2)
        let marker: UInt32 = 0xDEAD_BEEF
        let target = filledSurface(width: Self.width, height: Self.height, pixel: marker)
        let area = PixelRect(x0: 13, y0: 50, x1: 177, y1: 140)
        try Compositor(threads: 2).render(picture, background: background, into: target, area: area)
        var outsideChanged = 0, insideMarker = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                if area.contains(x: x, y: y) {
                    if target[x, y] == marker { insideMarker += 1 }
                } else if target[x, y] != marker {
                    outsideChanged += 1
                }
            }
        }
        #expect(outsideChanged == 0)
        #expect(insideMarker == 0)
        let d = difference(target, whole, in: area)
        #expect(d.count == 0, "the area differs from the whole render: \(d)")
    }

    @Test("without resampling, an area is exactly the same pixels as the whole render")
    func subAreaExact() throws {
        let a = noiseSurface(width: 120, height: 90, seed: 111), b = noiseSurface(width: 70, height: 150, seed: 112)
        var canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: 300, height: 200), content: Picture())
        canvas.draw(a, transform: .translation(x: 10, y: 30))
        var group = PictureRecorder(frame: canvas.frame, content: Picture())
        group.draw(b, transform: .translation(x: 100, y: 20), crop: Rect(x: 5, y: 5, width: 60, height: 120))
        group.draw(a, transform: .translation(x: 60, y: 70), blend: .plusLighter)
        var blob = Path()
        blob.addEllipse(in: Rect(x: 50.3, y: 40.6, width: 150.2, height: 110.9))
        canvas.draw(group.picture, clip: .path(blob, .nonZero), opacity: 0.7)
        canvas.draw(b, transform: .translation(x: 200, y: 10), clip: .rect(Rect(x: 190, y: 0, width: 60.5, height: 170.25)),
                    tint: Color(red: 1, green: 0.5, blue: 0))
        canvas.fill(blob, with: Color(red: 0, green: 0.3, blue: 1, alpha: 0.4), blend: .screen)
        let whole = try render(canvas.picture, width: 300, height: 200, background: .white)
        for area in [PixelRect(x0: 13, y0: 50, x1: 177, y1: 140), PixelRect(x0: 0, y0: 63, x1: 300, y1: 65),
                     PixelRect(x0: 199, y0: 0, x1: 201, y1: 200)] {
            let target = try Surface(width: 300, height: 200)
            try Compositor(threads: 2).render(canvas.picture, background: .white, into: target, area: area)
            let d = difference(target, whole, in: area)
            #expect(d.count == 0, "\(area): \(d)")
        }
    }

    @Test("rendering into a surface with padded rows leaves the padding alone")
    func paddedStride() throws {
        let width = 37, height = 70, stride = 48 * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt32.self, repeating: 0xDEAD_BEEF, count: stride * height / 4)
        let target = try Surface(wrapping: memory, width: width, height: height, stride: stride)
        let picture = complicatedPicture(width: width, height: height)
        try Compositor(threads: 2).render(picture, background: .white, into: target)
        let words = memory.assumingMemoryBound(to: UInt32.self)
        var touched = 0
        for y in 0..<height { for x in width..<(stride / 4) where words[y * stride / 4 + x] != 0xDEAD_BEEF { touched += 1 } }
        #expect(touched == 0)
        let packed = try render(picture, width: width, height: height, background: .white)
        #expect(target.hasSamePixels(as: packed))
    }

    @Test("an area that leaves the target, or is empty, throws invalidArgument",
          arguments: [PixelRect(x0: -1, y0: 0, x1: 10, y1: 10), PixelRect(x0: 0, y0: 0, x1: 301, y1: 10),
                      PixelRect(x0: 290, y0: 195, x1: 310, y1: 205), PixelRect(x0: 0, y0: 0, x1: 300, y1: 201),
                      PixelRect(x0: 5, y0: 5, x1: 5, y1: 50), PixelRect(x0: 500, y0: 500, x1: 600, y1: 600)])
    func areaOutside(_ area: PixelRect) throws {
        let target = filledSurface(width: Self.width, height: Self.height, pixel: 0x1234_5678)
        let error = #expect(throws: SegueError.self) {
            try Compositor(threads: 1).render(Picture(), background: .white, into: target, area: area)
        }
        #expect(error?.code == .invalidArgument)
        #expect(target.hasSamePixels(as: filledSurface(width: Self.width, height: Self.height, pixel: 0x1234_5678)))
    }

    @Test("one compositor serves several threads at once")
    func concurrentRenders() throws {
        let picture = complicatedPicture(width: Self.width, height: Self.height)
        let expected = try render(picture, width: Self.width, height: Self.height, background: .black)
        let compositor = Compositor(threads: 3)
        let targets = (0..<4).map { _ in try! Surface(width: Self.width, height: Self.height) }
        onThreads(4) { i in
            for _ in 0..<3 { try! compositor.render(picture, background: .black, into: targets[i]) }
        }
        for target in targets { #expect(difference(target, expected).count == 0) }
    }
}
