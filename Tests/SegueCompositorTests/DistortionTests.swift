import CPixman
import Glibc
import SegueBasics
import Synchronization
import CVectorKernels
import Testing
@testable import SegueCompositor

/// `DrawItem.distortion`: every pixel of a frame showing the source position
/// a map gives, sampled bilinearly, transparent where the position is
/// outside the source or not finite. References: the source's own bytes, and
/// pixman's bilinear sampling called directly, one pixel at a time.
@Suite struct DistortionTests {
    /// A picture drawing `source` (placed by `transform`) distorted over `frame`.
    static func distorted(_ source: Surface, transform: AffineTransform = .identity, frame: Rect,
                          offset: Double = 4, release: (@Sendable () -> Void)? = nil,
                          _ map: @escaping Distortion.Map) -> Picture {
        let distortion = Distortion(frame: frame, maxSampleOffset: (offset, offset), release: release, map: map)
        return Picture([DrawItem(source: .surface(source), transform: transform, distortion: distortion)])
    }

    /// The identity map: each pixel's own position.
    static let identity: Distortion.Map = { first, count, positions in
        for i in 0..<count {
            positions[2 * i] = first.x + Double(i)
            positions[2 * i + 1] = first.y
        }
    }

    @Test("the identity map shows the source byte for byte, wherever the frame lies")
    func identityIsExact() throws {
        let source = noiseSurface(width: 61, height: 47, seed: 7)
        for origin in [Point(x: 0, y: 0), Point(x: 5, y: 3), Point(x: -9, y: 20)] {
            let placed = AffineTransform.translation(origin)
            let frame = Rect(origin: origin, size: Size(width: 61, height: 47))
            let want = try render(Picture([DrawItem(source: .surface(source), transform: placed)]), width: 80, height: 70)
            for threads in [1, 3] {
                let got = try render(Self.distorted(source, transform: placed, frame: frame, Self.identity),
                                     width: 80, height: 70, threads: threads)
                let d = difference(got, want)
                #expect(d.count == 0, "frame at \(origin), \(threads) threads: \(d)")
            }
        }
    }

    /// pixman's bilinear sample of `source` at (u, v) (a pixel's colour at its
    /// centre): a 1×1 destination whose centre the transform moves there.
    static func pixmanSample(_ source: Surface, _ u: Double, _ v: Double) -> UInt32 {
        let target = try! Surface(width: 1, height: 1)
        let src = pixmanImage(source), dst = pixmanImage(target)
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        var transform = pixman_transform()
        // pixman_double_to_fixed, a macro: truncated 16.16 fixed point.
        func fixed(_ d: Double) -> pixman_fixed_t { pixman_fixed_t(d * 65536) }
        pixman_transform_init_translate(&transform, fixed(u - 0.5), fixed(v - 0.5))
        _ = pixman_image_set_transform(src, &transform)
        _ = pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, 1, 1)
        return target[0, 0]
    }

    @Test("samples as pixman's bilinear filter does, within 1 LSB, at 3,456 random positions (SIMD and scalar)")
    func agreesWithPixman() throws {
        let source = noiseSurface(width: 40, height: 30, seed: 11)
        let (width, height) = (64, 54)
        var random = SeededRandom(seed: 5)
        // Positions across the source and a few pixels beyond every edge; every third on a
        // whole-pixel position, where nothing is blended.
        let positions: [Point] = (0..<width * height).map { i in
            let u = -4 + random.unit() * 48, v = -4 + random.unit() * 38
            return i % 3 == 0 ? Point(x: u.rounded() + 0.5, y: v.rounded() + 0.5) : Point(x: u, y: v)
        }
        let map: Distortion.Map = { first, count, out in
            let row = Int(first.y), column = Int(first.x)
            for i in 0..<count {
                out[2 * i] = positions[row * width + column + i].x
                out[2 * i + 1] = positions[row * width + column + i].y
            }
        }
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let picture = Self.distorted(source, frame: frame, offset: 64, map)
        var worst = 0
        for vectorized in [true, false] {
            let got: Surface
            if vectorized {
                got = try render(picture, width: width, height: height)
            } else {
                // The kernel alone, without AVX2: the same integers.
                got = try Surface(width: width, height: height)
                let kernel = DistortionKernel(distortion: Distortion(frame: frame, maxSampleOffset: (64, 64), map: map),
                                              origin: .zero, sampler: PointSampler(source)!, sourceOrigin: (0, 0))
                kernel.composite(.over, coverage: .opacity(1), into: got.pixels, destinationStride: got.stride,
                                 origin: (0, 0), area: got.bounds, vectorized: false)
            }
            for y in 0..<height {
                for x in 0..<width {
                    let p = positions[y * width + x]
                    let want = Self.pixmanSample(source, p.x, p.y)
                    worst = max(worst, pixelDistance(got[x, y], want))
                    if p.x.rounded(.down) == p.x - 0.5, p.y.rounded(.down) == p.y - 0.5 {
                        #expect(got[x, y] == want, "(\(x), \(y)) reads a whole pixel at \(p)")
                    }
                }
            }
        }
        #expect(worst <= 1, "largest difference from pixman: \(worst)")
    }

    @Test("the AVX2 sample points, given or projected, are the bits of the scalar ones")
    func positionsAVX2MatchesScalar() throws {
        try #require(Processor.hasAVX2, "this processor has no AVX2")
        var random = SeededRandom(seed: 21)
        let specials: [Double] = [.nan, .infinity, -.infinity, -1e300, 1e300, -1.5, -1, -0.5, 0, 0.5, 39.5, 40, 40.5,
                                  29.5, 30, 30.5, Double.greatestFiniteMagnitude, -0.0, 1e-300]
        for count in [0, 1, 3, 4, 5, 8, 13, 64, 257] {
            var uv = [Double]()
            for i in 0..<(2 * count) {
                uv.append(i % 5 == 0 ? specials[Int(random.next() % UInt64(specials.count))]
                                     : -3 + random.unit() * 48 + (random.next() % 2 == 0 ? 0 : 0.5))
            }
            func classify(_ avx2: Int32) -> ([Int32], [Int32], [UInt8]) {
                var xs = [Int32](repeating: 7, count: count), ys = xs, kinds = [UInt8](repeating: 9, count: count)
                sample_points(uv, count, 1.25, -2.5, 40, 30, &xs, &ys, &kinds, avx2)
                return (xs, ys, kinds)
            }
            let (vx, vy, vk) = classify(1), (sx, sy, sk) = classify(0)
            #expect(vk == sk, "kinds, \(count) positions")
            for i in 0..<count where sk[i] != 0 {
                #expect(vx[i] == sx[i] && vy[i] == sy[i], "position \(i) of \(count): (\(uv[2 * i]), \(uv[2 * i + 1]))")
            }
        }
        // The projective kernel's points (a division a pixel, w ≤ 0 behind the eye) likewise.
        for trial in 0..<40 {
            var g = [[Double]](repeating: [0, 0, 0], count: 3)
            for r in 0..<3 { for c in 0..<3 { g[r][c] = -2 + 4 * random.unit() } }
            g[2][0] = -20 + 80 * random.unit()
            g[2][1] = -20 + 60 * random.unit()
            let count = 1 + trial * 7, cy = -10 + 50 * random.unit(), x0 = Int32(trial) - 20
            func project(_ avx2: Int32) -> ([Int32], [Int32], [UInt8]) {
                var xs = [Int32](repeating: 7, count: count), ys = xs, kinds = [UInt8](repeating: 9, count: count)
                var matrix = ((g[0][0], g[0][1], g[0][2]), (g[1][0], g[1][1], g[1][2]), (g[2][0], g[2][1], g[2][2]))
                withUnsafePointer(to: &matrix) { pointer in
                    pointer.withMemoryRebound(to: (Double, Double, Double).self, capacity: 3) { rows in
                        projective_points(rows, cy, x0, count, 40, 30, &xs, &ys, &kinds, avx2)
                    }
                }
                return (xs, ys, kinds)
            }
            let (vx, vy, vk) = project(1), (sx, sy, sk) = project(0)
            #expect(vk == sk, "kinds, trial \(trial)")
            for i in 0..<count where sk[i] != 0 {
                #expect(vx[i] == sx[i] && vy[i] == sy[i], "trial \(trial), point \(i)")
            }
        }
    }

    @Test("an opaque distorted view over another hides it where its points are inside: the bytes of drawing both",
          arguments: 0..<8)
    func opaqueDistortionsCover(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let (width, height) = (150, 90)
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        // Two views of the frame waving or moved sideways, as .wave and .shift move them; the lower
        // one opaque or not.
        func distorted(_ opaque: Bool) -> DrawItem {
            let source = noiseSurface(width: width, height: height, seed: random.next(), opaque: opaque)
            let amplitude = 12 * random.unit(), shift = -40 + 80 * random.unit()
            let wave: Distortion.Map = { first, count, out in
                for i in 0..<count {
                    let x = first.x + Double(i)
                    out[2 * i] = x
                    out[2 * i + 1] = first.y + amplitude * sin(x / 20)
                }
            }
            let leaning: Distortion.Map = { first, count, out in
                for i in 0..<count { out[2 * i] = first.x + Double(i) + shift + first.y / 4; out[2 * i + 1] = first.y }
            }
            let map = random.next() % 2 == 0 ? wave : leaning
            return Self.distorted(source, frame: frame, offset: 60, map).items[0]
        }
        let lower = distorted(random.next() % 4 != 0), upper = distorted(true)
        let planned = try Compositor(threads: 1).prepare(Picture([lower, upper]),
                                                         within: PixelRect(width: width, height: height)).primitives
        #expect(planned.count == 2 && planned[0].isSampled && planned[1].coversOpaquely,
                "seed \(seed): the upper view covers")
        try expectSameAsDrawnApart(lower, upper, width: width, height: height,
                                   background: Color(red: 0.1, green: 0.5, blue: 0.9), "seed \(seed)")
    }

    @Test("a distorted view covers only when it hides most of what is drawn under it, not what lies beside it")
    func distortedCoversPayTheirWay() throws {
        let (width, height) = (150, 90)
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        func moved(by shift: Double, seed: UInt64) -> DrawItem {
            let map: Distortion.Map = { first, count, out in
                for i in 0..<count { out[2 * i] = first.x + Double(i) + shift; out[2 * i + 1] = first.y }
            }
            let source = noiseSurface(width: width, height: height, seed: seed, opaque: true)
            return Self.distorted(source, frame: frame, offset: 200, map).items[0]
        }
        func covers(_ lower: Double, _ upper: Double) throws -> Bool {
            let planned = try Compositor(threads: 1).prepare(
                Picture([moved(by: lower, seed: 1), moved(by: upper, seed: 2)]),
                within: PixelRect(width: width, height: height)).primitives
            #expect(planned.count == 2 && !planned[0].coversOpaquely)
            return planned.count == 2 && planned[1].coversOpaquely
        }
        #expect(try covers(0, 10), "over the view it hides, the upper one covers")
        #expect(try covers(-20, 20), "two thirds hidden and more")
        #expect(try !covers(-60, 60), "side by side, apart, it does not")
        #expect(try !covers(0, 75), "half its row is too little")
    }

    @Test("kinds_run counts the run of equal kinds at the start, whatever its length")
    func kindsRunCountsTheFirstRun() {
        var random = SeededRandom(seed: 22)
        for count in [1, 2, 15, 16, 17, 31, 32, 33, 100] {
            for _ in 0..<20 {
                // Long runs, so that runs end inside and across the sixteen-byte steps.
                var kinds = [UInt8]()
                while kinds.count < count {
                    kinds += [UInt8](repeating: UInt8(random.next() % 3), count: 1 + Int(random.next() % 40))
                }
                kinds = Array(kinds.prefix(count))
                let want = kinds.firstIndex { $0 != kinds[0] } ?? count
                #expect(kinds_run(kinds, count) == want, "\(kinds)")
            }
        }
    }

    @Test("positions outside the source, NaN or infinite leave their pixels transparent")
    func invalidPositionsAreTransparent() throws {
        let source = noiseSurface(width: 32, height: 24, seed: 3, opaque: true)
        let wild: [(Double, Double)] = [(.nan, 3), (3, .nan), (.infinity, 3), (3, -.infinity), (-1e300, 1e300),
                                        (-0.51, 5), (5, 24.5 + 0.01), (32.51, 5), (Double.greatestFiniteMagnitude, 0)]
        let map: Distortion.Map = { first, count, out in
            for i in 0..<count {
                let x = first.x + Double(i)
                let column = Int(x)
                let (u, v) = column % 2 == 0 ? (x, first.y) : wild[(column / 2 + Int(first.y)) % wild.count]
                out[2 * i] = u
                out[2 * i + 1] = v
            }
        }
        let background = filledSurface(width: 32, height: 24, pixel: 0xFF20_4060)
        let picture = Picture([DrawItem(source: .surface(background))] + Self.distorted(
            source, frame: Rect(x: 0, y: 0, width: 32, height: 24), offset: 1e300, map).items)
        let got = try render(picture, width: 32, height: 24, threads: 2)
        for y in 0..<24 {
            for x in 0..<32 {
                let want = x % 2 == 0 ? source[x, y] : 0xFF20_4060
                #expect(got[x, y] == want, "(\(x), \(y))")
            }
        }
    }

    @Test("nothing is drawn outside the frame")
    func boundedToTheFrame() throws {
        let source = noiseSurface(width: 64, height: 48, seed: 9, opaque: true)
        let frame = Rect(x: 10, y: 8, width: 20, height: 16)
        // Every pixel reads the pixel 5 to its right.
        let shifted: Distortion.Map = { first, count, out in
            for i in 0..<count {
                out[2 * i] = first.x + Double(i) + 5
                out[2 * i + 1] = first.y
            }
        }
        let got = try render(Self.distorted(source, frame: frame, offset: 8, shifted), width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let inside = frame.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                // Frame pixel (x, y) shows source pixel (x + 5, y): positions are frame-relative,
                // so the frame's origin cancels out.
                #expect(got[x, y] == (inside ? source[x + 5, y] : 0), "(\(x), \(y))")
            }
        }
    }

    @Test("under a scale, the distortion runs on the picture's pixels, then the scale places them")
    func underAScale() throws {
        let source = noiseSurface(width: 40, height: 30, seed: 4, opaque: true)
        let frame = Rect(x: 0, y: 0, width: 40, height: 30)
        let scaled = AffineTransform.scale(2)
        let inner = Self.distorted(source, frame: frame, Self.identity)
        let picture = Picture([DrawItem(source: .picture(inner), transform: scaled)])
        let plain = Picture([DrawItem(source: .surface(source), transform: scaled)])
        let got = try render(picture, width: 80, height: 60), want = try render(plain, width: 80, height: 60)
        // Inside its outermost source pixel: there the plain image keeps its edge (padded), while
        // the distorted one, placed as a projection, fades it.
        let d = difference(got, want, in: PixelRect(x0: 2, y0: 2, x1: 78, y1: 58))
        #expect(d.maxDistance <= 2, "\(d)")
    }

    @Test("the distortion's release runs once, when the last picture holding it is gone")
    func releaseRunsOnce() throws {
        let releases = Atomic<Int>(0)
        do {
            let picture = Self.distorted(noiseSurface(width: 8, height: 8, seed: 1),
                                         frame: Rect(x: 0, y: 0, width: 8, height: 8),
                                         release: { releases.add(1, ordering: .relaxed) }, Self.identity)
            _ = try render(picture, width: 8, height: 8, threads: 2)
            _ = try render(picture, width: 8, height: 8)
            #expect(releases.load(ordering: .relaxed) == 0)
        }
        #expect(releases.load(ordering: .relaxed) == 1)
    }

    @Test("with a projection, colour matrix or blur too, those act on the distorted image")
    func otherFiltersFollow() throws {
        let source = noiseSurface(width: 32, height: 24, seed: 2, opaque: true)
        let frame = Rect(x: 0, y: 0, width: 32, height: 24)
        let matrix = ColorMatrix.grayscale(1)
        var item = Self.distorted(source, frame: frame, Self.identity).items[0]
        item.colorMatrix = matrix
        let got = try render(Picture([item]), width: 32, height: 24)
        let want = try render(Picture([DrawItem(source: .surface(source), colorMatrix: matrix)]), width: 32, height: 24)
        #expect(difference(got, want).count == 0)
    }
}
