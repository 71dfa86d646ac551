import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

@Suite("Surface, LayerPool, MaskBuffer, PictureRecorder")
struct SurfaceAndBuffersTests {
    @Test("surface sides outside 1…32768 throw invalidArgument",
          arguments: [(0, 1), (1, 0), (-1, 5), (32769, 1), (1, 32769), (Int.min, 1)])
    func badSides(width: Int, height: Int) {
        let error = #expect(throws: SegueError.self) { try Surface(width: width, height: height) }
        #expect(error?.code == .invalidArgument)
    }

    @Test("a new surface is transparent, with stride width × 4")
    func newSurface() throws {
        let s = try Surface(width: 32768, height: 1)
        #expect(s.stride == 32768 * 4 && s.bounds == PixelRect(width: 32768, height: 1))
        #expect(s[0, 0] == 0 && s[32767, 0] == 0)
    }

    @Test("freed large blocks are kept for the next of their size, cleared when asked")
    func pixelMemory() throws {
        let memory = PixelMemory(smallest: 1 << 20, capacity: 2, budget: 8 << 20)
        let bytes = 3 << 20
        let first = try #require(memory.allocate(bytes: bytes, cleared: true))
        memset(first, 0xAB, bytes)
        memory.release(first, bytes: bytes)
        let cleared = try #require(memory.allocate(bytes: bytes, cleared: true))
        #expect(cleared == first)
        #expect(UnsafeRawBufferPointer(start: cleared, count: bytes).allSatisfy { $0 == 0 })
        memset(cleared, 0xCD, bytes)
        memory.release(cleared, bytes: bytes)
        let kept = try #require(memory.allocate(bytes: bytes, cleared: false))
        #expect(kept == first && kept.load(fromByteOffset: bytes - 1, as: UInt8.self) == 0xCD)
        memory.release(kept, bytes: bytes)
        // Another size is not given the kept block.
        let other = try #require(memory.allocate(bytes: bytes + 4096, cleared: true))
        #expect(other != first)
        memory.release(other, bytes: bytes + 4096)
    }

    @Test("a surface is transparent also when its memory held another's pixels")
    func reusedSurface() throws {
        for _ in 0..<3 {
            let s = try Surface(width: 1031, height: 257) // above 1 MiB: its memory is kept when freed
            #expect((0..<s.height).allSatisfy { y in (0..<s.width).allSatisfy { s[$0, y] == 0 } })
            s.fill(0xDEAD_BEEF)
        }
    }

    @Test("wrapping checks stride and alignment")
    func wrapping() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
        defer { memory.deallocate() }
        for (stride, offset) in [(39, 0), (42, 0), (40, 2), (36, 0)] {
            let error = #expect(throws: SegueError.self) {
                try Surface(wrapping: memory + offset, width: 10, height: 4, stride: stride)
            }
            #expect(error?.code == .invalidArgument, "stride \(stride) offset \(offset)")
        }
        let s = try Surface(wrapping: memory + 4, width: 10, height: 4, stride: 64)
        s.fill(0x1122_3344)
        #expect(s.row(3)[9] == 0x1122_3344)
        #expect((memory + 4 + 3 * 64).load(as: UInt32.self) == 0x1122_3344)
    }

    @Test("fill clips its area to the surface; hasSamePixels ignores row padding")
    func fillAndCompare() throws {
        let s = try Surface(width: 8, height: 6)
        s.fill(0xFF00_00FF, in: PixelRect(x0: -5, y0: 4, x1: 3, y1: 100))
        for y in 0..<6 { for x in 0..<8 { #expect(s[x, y] == (x < 3 && y >= 4 ? 0xFF00_00FF : 0)) } }
        s.fill(0)
        #expect(s.hasSamePixels(as: try Surface(width: 8, height: 6)))
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 6 * 64, alignment: 4)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 6 * 64)
        let padded = try Surface(wrapping: memory, width: 8, height: 6, stride: 64)
        padded.fill(0)
        #expect(padded.hasSamePixels(as: s))
        padded[7, 5] = 1
        #expect(!padded.hasSamePixels(as: s))
        #expect(!s.hasSamePixels(as: try Surface(width: 6, height: 8)))
    }

    @Test("a reused layer is cleared again, whatever its previous user left in it")
    func layersAreCleared() throws {
        let pool = LayerPool()
        for (w, h) in [(64, 32), (64, 32), (10, 10), (100, 50), (3, 7)] {
            try pool.withLayer(width: w, height: h) { layer in
                #expect(layer.width == w && layer.height == h && layer.stride == w * 4)
                var clear = true
                for y in 0..<h { for x in 0..<w where layer[x, y] != 0 { clear = false } }
                #expect(clear, "\(w)×\(h) layer was not cleared")
                layer.fill(0xFFFF_FFFF)
            }
        }
        // Nested layers are distinct memory.
        try pool.withLayer(width: 8, height: 8) { outer in
            try pool.withLayer(width: 8, height: 8) { inner in
                #expect(outer.pixels != inner.pixels)
                inner.fill(0xFFFF_FFFF)
                #expect(outer[4, 4] == 0)
            }
        }
        // Errors pass through and the buffer still returns.
        struct Oops: Error {}
        #expect(throws: Oops.self) { try pool.withLayer(width: 4, height: 4) { _ in throw Oops() } }
        try pool.withLayer(width: 4, height: 4) { #expect($0[0, 0] == 0) }
    }

    @Test("a mask multiplies its shapes and the opacity")
    func maskBuffer() throws {
        let area = PixelRect(x0: 10, y0: 20, x1: 50, y1: 60)
        func values(_ clip: ClipMask) -> (Int, Int) -> Int {
            let m = clip.rasterize(clip.area)
            return { x, y in Int(m.bytes.load(fromByteOffset: (y - m.area.y0) * m.stride + (x - m.area.x0), as: UInt8.self)) }
        }
        // Two rectangles as paths: only the intersection stays.
        let both = ClipMask(area: area, paths: [(Path(Rect(x: 10, y: 20, width: 20, height: 40)), .nonZero),
                                                  (Path(Rect(x: 20, y: 20, width: 30, height: 40)), .evenOdd)],
                              rect: nil, opacity: 1)
        let v = values(both)
        #expect(v(15, 30) == 0 && v(25, 30) == 255 && v(35, 30) == 0)
        // A fractional rect joins in; an integral one is left to the bounds.
        let fractional = ClipMask(area: area, paths: [], rect: Rect(x: 10, y: 20, width: 20.5, height: 40), opacity: 1)
        #expect(values(fractional)(29, 30) == 255 && abs(values(fractional)(30, 30) - 128) <= 15 && values(fractional)(31, 30) == 0)
        let integral = ClipMask(area: area, paths: [], rect: Rect(x: 10, y: 20, width: 5, height: 5), opacity: 1)
        #expect(values(integral)(40, 50) == 255)
        // Opacity scales everything.
        let faded = ClipMask(area: area, paths: [(Path(Rect(x: 0, y: 0, width: 30, height: 100)), .nonZero)],
                               rect: nil, opacity: 0.5)
        #expect(values(faded)(15, 30) == 128 && values(faded)(35, 30) == 0)
        let uniform = ClipMask(area: area, paths: [], rect: nil, opacity: 200.0 / 255)
        #expect(values(uniform)(10, 20) == 200 && values(uniform)(49, 59) == 200)
        // Rows are padded to 4 bytes.
        #expect(MaskBuffer(area: PixelRect(width: 5, height: 2)).stride == 8)
    }

    /// Bands rasterise their part of a mask on their own: every part,
    /// cut anywhere, must be the whole mask's bytes there.
    @Test("any part of a mask is that part of the whole mask")
    func masksByParts() throws {
        let area = PixelRect(x0: -7, y0: 3, x1: 290, y1: 211)
        var star = Path()
        star.move(to: Point(x: 140.3, y: 5.7))
        for k in 1..<10 {
            let angle = Double(k) * .pi / 5 - .pi / 2, radius = k % 2 == 0 ? 100.0 : 41.5
            star.addLine(to: Point(x: 140.3 + radius * cos(angle), y: 105.7 + radius * sin(angle)))
        }
        star.closeSubpath()
        var rounded = Path()
        rounded.addRoundedRect(in: Rect(x: 0.5, y: 10.25, width: 270.75, height: 180.5), cornerRadius: 33)
        let clip = ClipMask(area: area, paths: [(rounded, .nonZero), (star, .evenOdd)],
                            rect: Rect(x: -3.5, y: 8.25, width: 280, height: 190.5), opacity: 0.8)
        let whole = clip.rasterize(area)
        for part in [PixelRect(x0: -7, y0: 3, x1: 290, y1: 64), PixelRect(x0: -7, y0: 64, x1: 290, y1: 128),
                     PixelRect(x0: 40, y0: 100, x1: 41, y1: 211), PixelRect(x0: 100, y0: 37, x1: 233, y1: 38)] {
            let piece = clip.rasterize(part)
            for y in part.y0..<part.y1 {
                for x in part.x0..<part.x1 {
                    let a = whole.bytes.load(fromByteOffset: (y - area.y0) * whole.stride + x - area.x0, as: UInt8.self)
                    let b = piece.bytes.load(fromByteOffset: (y - part.y0) * piece.stride + x - part.x0, as: UInt8.self)
                    if a != b { Issue.record("(\(x), \(y)) in \(part): \(b), the whole mask has \(a)"); return }
                }
            }
        }
        // Inside every shape: 0.8 of full coverage; between the star's points: nothing.
        #expect(whole.bytes.load(fromByteOffset: (105 - 3) * whole.stride + 140 + 7, as: UInt8.self) == 204)
        #expect(whole.bytes.load(fromByteOffset: (40 - 3) * whole.stride + 60 + 7, as: UInt8.self) == 0)
    }

    @Test("a canvas records draws with clamped opacity and leaves its frame alone")
    func canvasRecords() {
        let content = Picture([DrawItem(source: .color(.white))])
        var canvas = PictureRecorder(frame: Rect(x: 1, y: 2, width: 3, height: 4), content: content)
        canvas.drawContent(transform: .translation(x: 5, y: 0), opacity: 0.25, blend: .screen)
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), with: .black)
        canvas.fill(Path(Rect(x: 0, y: 0, width: 2, height: 2)), with: .black, rule: .evenOdd, blend: .multiply)
        canvas.draw(Picture(), opacity: 7)
        #expect(canvas.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(canvas.picture.items.count == 4)
        let first = canvas.picture.items[0]
        #expect(first.opacity == 0.25 && first.blend == .screen && first.transform == .translation(x: 5, y: 0))
        if case .picture(let p) = first.source { #expect(p.items.count == 1) } else { Issue.record("content not drawn as a picture") }
        if case .rect(let r) = canvas.picture.items[1].clip { #expect(r == Rect(x: 0, y: 0, width: 2, height: 2)) }
        else { Issue.record("rect fill has no rect clip") }
        if case .path(_, let rule) = canvas.picture.items[2].clip { #expect(rule == .evenOdd) } else { Issue.record("path fill") }
        #expect(canvas.picture.items[2].blend == .multiply)
        #expect(canvas.picture.items[3].opacity == 1)
    }

    @Test("BlendMode names are SwiftUI's and round-trip through their raw values")
    func blendNames() {
        #expect(BlendMode.allCases.count == 17)
        for mode in BlendMode.allCases { #expect(BlendMode(rawValue: mode.rawValue) == mode) }
        #expect(Set(BlendMode.allCases.map { $0.pixmanOperator.rawValue }).count == 17, "two modes share an operator")
    }
}
