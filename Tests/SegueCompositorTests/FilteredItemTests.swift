import CPixman
import Glibc
import SegueBasics
import Testing
@testable import SegueCompositor

/// Items drawn through an offscreen image: a projection, a colour matrix, a blur.
@Suite struct FilteredItemTests {
    /// A picture that draws `surface` once, through `projection`.
    static func projected(_ surface: Surface, _ projection: ProjectiveTransform) -> Picture {
        Picture([DrawItem(source: .surface(surface), projection: projection)])
    }

    @Test func aProjectionDrawsSomething() throws {
        let image = noiseSurface(width: 64, height: 48, seed: 1, opaque: true)
        let h = ProjectiveTransform.rotation3D(degrees: 30, axis: (0, 1, 0), anchor: Point(x: 32, y: 24), anchorZ: 0,
                                               perspective: 1, size: (64, 48))
        for fast in [true, false] {
            let target = try Surface(width: 64, height: 48)
            try Compositor(threads: 1, fastPaths: fast).render(Self.projected(image, h), background: .clear, into: target)
            var drawn = 0
            for y in 0..<48 { for x in 0..<64 where target[x, y] != 0 { drawn += 1 } }
            #expect(drawn > 1000, "fast paths \(fast)")
        }
    }
}


extension FilteredItemTests {
    /// The filtered primitives under `primitives`, counted through layers and filters.
    static func filteredCount(_ primitives: [Primitive]) -> Int {
        primitives.reduce(0) { count, primitive in
            switch primitive.plan {
            case .filtered(let children, _): count + 1 + filteredCount(children)
            case .layer(let children): count + filteredCount(children)
            default: count
            }
        }
    }

    @Test func consecutiveColourAdjustmentsFoldIntoOnePass() throws {
        let image = noiseSurface(width: 8, height: 8, seed: 2)
        let first = Picture([DrawItem(source: .surface(image), colorMatrix: .brightness(0.2))])
        let second = Picture([DrawItem(source: .picture(first), colorMatrix: .contrast(1.5))])
        let third = Picture([DrawItem(source: .picture(second), colorMatrix: .hueRotation(degrees: 30))])
        let primitives = try Flattener.primitives(of: third)
        #expect(Self.filteredCount(primitives) == 1)
        guard case .filtered(_, .colorMatrix(let matrix)) = primitives.first?.plan else {
            Issue.record("not one colour filter")
            return
        }
        let product = ColorMatrix.brightness(0.2).concatenating(.contrast(1.5)).concatenating(.hueRotation(degrees: 30))
        for (a, b) in [(matrix.red, product.red), (matrix.green, product.green), (matrix.blue, product.blue)] {
            #expect(((a - b) * (a - b)).sum() < 1e-24)
        }
        // A blur between them keeps them apart: colour, blur, colour.
        let blurred = Picture([DrawItem(source: .picture(first), blur: Blur(radius: 2))])
        let after = Picture([DrawItem(source: .picture(blurred), colorMatrix: .contrast(1.5))])
        #expect(Self.filteredCount(try Flattener.primitives(of: after)) == 3)
    }
}

extension FilteredItemTests {
    /// A picture of three filtered items over each other: a blur, a colour
    /// adjustment and a perspective view, with a clip and an opacity.
    static func everyFilter(_ image: Surface) -> Picture {
        let h = ProjectiveTransform.rotation3D(degrees: 35, axis: (1, 1, 0), anchor: Point(x: 60, y: 40), anchorZ: 0,
                                               perspective: 1.2, size: (120, 80))
        return Picture([
            DrawItem(source: .surface(image), blur: Blur(radius: 9)),
            DrawItem(source: .surface(image), transform: .translation(x: 10.5, y: 3), clip: .rect(Rect(x: 5, y: 5, width: 90, height: 50)),
                     opacity: 0.7, colorMatrix: .hueRotation(degrees: 75)),
            DrawItem(source: .surface(image), blend: .plusLighter, projection: h),
        ])
    }

    @Test func filteredItemsGiveTheSameBytesOnAnyNumberOfThreadsAndInAnyArea() throws {
        let image = noiseSurface(width: 120, height: 80, seed: 3)
        let picture = Self.everyFilter(image)
        let one = try render(picture, width: 160, height: 120, threads: 1)
        #expect(one.hasSamePixels(as: try render(picture, width: 160, height: 120, threads: 4)))
        // A part drawn alone gives the same pixels as the whole.
        let part = try Surface(width: 160, height: 120)
        let area = PixelRect(x0: 20, y0: 30, x1: 130, y1: 97)
        try Compositor(threads: 2).render(picture, background: .clear, into: part, area: area)
        #expect(difference(part, one, in: area).count == 0)
    }

    @Test func theBlurPassesGiveTheSameBytesWithAndWithoutAVX2() throws {
        let image = noiseSurface(width: 150, height: 90, seed: 4)
        let layers = LayerPool()
        for sigma in [0.8, 3, 5, 11, 40] {
            var baseline = GaussianBlur(sigma: sigma, opaque: false)
            baseline.avx2 = false
            let a = try baseline.apply(to: GaussianBlur.Source(image), layers: layers, forEach: serially)
            var vector = GaussianBlur(sigma: sigma, opaque: false)
            vector.avx2 = Processor.hasAVX2
            let b = try vector.apply(to: GaussianBlur.Source(image), layers: layers, forEach: serially)
            #expect(a.image.surface.hasSamePixels(as: b.image.surface), "σ \(sigma)")
            #expect(a.transform == b.transform)
        }
    }

    /// Each halving of the blur's pyramid, against its closed form: output
    /// pixel (x, y) is Σ wᵢ·wⱼ·in(2x − 1 + i, 2y − 1 + j) / 64, rounded, per
    /// channel, w = [1 3 3 1], transparent outside the input — at sizes whose
    /// rows have no inner part, a short one or a long one, alone and inside
    /// transparent frames (a view and the margin its blur reaches into).
    @Test func theBlurHalvesAsItsClosedFormSays() throws {
        let frames = [(0, 0, 0, 0), (1, 0, 2, 3), (4, 5, 1, 0), (7, 2, 6, 9)]
        for (width, height) in [(1, 1), (2, 3), (3, 2), (5, 7), (8, 1), (9, 6), (17, 5), (150, 9)] {
            let input = noiseSurface(width: width, height: height, seed: UInt64(width * 31 + height))
            for (left, top, right, bottom) in frames {
                let (frameWidth, frameHeight) = (left + width + right, top + height + bottom)
                let source = GaussianBlur.Source(input, at: (left, top), in: (frameWidth, frameHeight))
                let half = try Surface(width: (frameWidth + 1) / 2, height: (frameHeight + 1) / 2)
                for avx2 in [false, Processor.hasAVX2] {
                    var blur = GaussianBlur(sigma: 9, opaque: false)
                    blur.avx2 = avx2
                    blur.halve(source, into: half, forEach: serially)
                    let w = [1, 3, 3, 1]
                    for y in 0..<half.height {
                        for x in 0..<half.width {
                            var want: UInt32 = 0
                            for channel in 0..<4 {
                                var sum = 32
                                for j in 0..<4 {
                                    for i in 0..<4 {
                                        let (u, v) = (2 * x - 1 + i - left, 2 * y - 1 + j - top)
                                        guard u >= 0, v >= 0, u < width, v < height else { continue }
                                        sum += w[i] * w[j] * Int(input[u, v] >> (8 * channel) & 0xFF)
                                    }
                                }
                                want |= UInt32(sum >> 6) << (8 * channel)
                            }
                            #expect(half[x, y] == want,
                                    "\(width)×\(height) at (\(left), \(top)), AVX2 \(avx2): (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }

    /// A blur reads a view in a transparent frame (the region it reaches)
    /// instead of a padded copy of it: the same bytes, at every reduction.
    @Test func aFramedBlurIsTheBlurOfItsPaddedCopy() throws {
        let image = noiseSurface(width: 61, height: 37, seed: 12)
        let layers = LayerPool()
        for sigma in [1.5, 3, 9, 20] {
            for (left, top, right, bottom) in [(0, 0, 0, 0), (13, 4, 9, 30), (1, 22, 40, 3)] {
                let padded = filledSurface(width: left + 61 + right, height: top + 37 + bottom, pixel: 0)
                for y in 0..<37 { for x in 0..<61 { padded[left + x, top + y] = image[x, y] } }
                let blur = GaussianBlur(sigma: sigma, opaque: false)
                let framed = try blur.apply(to: GaussianBlur.Source(image, at: (left, top), in: (padded.width, padded.height)),
                                            layers: layers, forEach: serially)
                let copied = try blur.apply(to: GaussianBlur.Source(padded), layers: layers, forEach: serially)
                #expect(framed.image.surface.hasSamePixels(as: copied.image.surface), "σ \(sigma), margins \((left, top, right, bottom))")
                #expect(framed.transform == copied.transform)
            }
        }
    }

    @Test func theBlurWeightsAreAnExactUnit() {
        for sigma in [0.3, 1, 2.5, 3.99, 9] {
            let weights = GaussianBlur.weights(sigma: sigma)
            #expect(weights.reduce(0, +) == 16384 && weights.allSatisfy { $0 >= 0 })
            #expect(weights == weights.reversed(), "symmetric")
        }
    }

    @Test func theProjectiveKernelSamplesWhereTheTransformSays() throws {
        // Each pixel against a bilinear sample, in double precision, of the point the
        // inverse (here by Cramer's rule) maps its centre to.
        let image = noiseSurface(width: 90, height: 60, seed: 6, opaque: true)
        let h = ProjectiveTransform.rotation3D(degrees: 40, axis: (0.2, 1, 0), anchor: Point(x: 45, y: 30), anchorZ: 0,
                                               perspective: 1, size: (90, 60))
        let frame = try render(Self.projected(image, h), width: 110, height: 80)
        let m = [[h.m11, h.m12, h.m13], [h.m21, h.m22, h.m23], [h.m31, h.m32, h.m33]]
        func minor(_ r: Int, _ c: Int) -> Double {
            let rows = (0..<3).filter { $0 != r }, cols = (0..<3).filter { $0 != c }
            return m[rows[0]][cols[0]] * m[rows[1]][cols[1]] - m[rows[0]][cols[1]] * m[rows[1]][cols[0]]
        }
        let det = (0..<3).reduce(0.0) { $0 + (($1 % 2 == 0) ? 1 : -1) * m[0][$1] * minor(0, $1) }
        let inverse = (0..<3).map { r in (0..<3).map { c in (((r + c) % 2 == 0) ? 1 : -1) * minor(c, r) / det } }
        var worst = 0, checked = 0
        for y in 0..<80 {
            for x in 0..<110 {
                let p = [Double(x) + 0.5, Double(y) + 0.5, 1]
                let q = (0..<3).map { j in (0..<3).reduce(0.0) { $0 + p[$1] * inverse[$1][j] } }
                let (u, v) = (q[0] / q[2] - 0.5, q[1] / q[2] - 0.5)
                // Pixels whose four neighbours are all inside the image.
                guard q[2] > 0, u >= 0, v >= 0, u < 89, v < 59 else { continue }
                let (x0, y0) = (Int(u), Int(v)), (fx, fy) = (u - Double(Int(u)), v - Double(Int(v)))
                for c in 0..<4 {
                    func at(_ i: Int, _ j: Int) -> Double { Double(channels(image[i, j])[c]) }
                    let exact = (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0))
                        + fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1))
                    worst = max(worst, Int(abs(Double(channels(frame[x, y])[c]) - exact).rounded(.up)))
                }
                checked += 1
            }
        }
        // 7-bit weights: a fraction is off by less than 1/128, a channel by less than 255/64.
        #expect(checked > 3000 && worst <= 4, "\(checked) pixels, off by up to \(worst)")
    }

    @Test func theProjectiveKernelAgreesWithPixmansProjectiveSampling() throws {
        // A smooth picture: waves a few pixels long, so that a sample point off by a
        // fraction of a pixel changes a value by a unit or two, not by the noise's jumps.
        let image = try Surface(width: 120, height: 80)
        for y in 0..<80 {
            for x in 0..<120 {
                func wave(_ t: Double) -> UInt32 { UInt32(127.5 + 127.5 * sin(t)) }
                image[x, y] = 0xFF00_0000 | wave(Double(x) / 5) << 16 | wave(Double(y) / 4) << 8 | wave(Double(x + y) / 7)
            }
        }
        for degrees in [20.0, -50, 80] {
            let h = ProjectiveTransform.rotation3D(degrees: degrees, axis: (0.3, 1, 0.1), anchor: Point(x: 60, y: 40),
                                                   anchorZ: 10, perspective: 1, size: (120, 80))
            let picture = Self.projected(image, h)
            let fast = try Surface(width: 140, height: 100), general = try Surface(width: 140, height: 100)
            try Compositor(threads: 1, fastPaths: true).render(picture, background: .clear, into: fast)
            try Compositor(threads: 1, fastPaths: false).render(picture, background: .clear, into: general)
            // pixman's 16.16 matrix holds the perspective terms (about 10⁻³) to two or
            // three digits, which moves its sample points by up to a fifth of a pixel:
            // inside the outline (opaque in both) 4 units on these waves, whose
            // steepest slope is 32 units a pixel; on the outline, a pixel in or out.
            var inside = 0, worstInside = 0, outline = 0, drawn = 0
            for y in 0..<100 {
                for x in 0..<140 {
                    let (a, b) = (fast[x, y], general[x, y])
                    if a >> 24 == 255 && b >> 24 == 255 {
                        inside += 1
                        worstInside = max(worstInside, pixelDistance(a, b))
                    } else if pixelDistance(a, b) > 2 {
                        outline += 1
                    }
                    if a != 0 { drawn += 1 }
                }
            }
            #expect(inside > 2000 && worstInside <= 4, "\(degrees)°: \(inside) inside, off by up to \(worstInside)")
            #expect(outline * 20 < drawn, "\(degrees)°: \(outline) outline pixels differ of \(drawn)")
        }
    }
}

extension FilteredItemTests {
    @Test func theColourPassGivesTheSameBytesWithAndWithoutAVX2() {
        let matrices: [ColorMatrix] = [.saturation(2.5), .hueRotation(degrees: 77), .contrast(-3).concatenating(.brightness(0.2)),
                                       .multiply(Color(red: 0.3, green: 1, blue: 0.5, alpha: 0.4)), .contrast(100).concatenating(.contrast(100))]
        for matrix in matrices {
            let a = noiseSurface(width: 131, height: 7, seed: 9), b = noiseSurface(width: 131, height: 7, seed: 9)
            var baseline = ColorMatrixKernel(matrix)
            baseline.avx2 = false
            baseline.apply(to: a)
            var vector = ColorMatrixKernel(matrix)
            vector.avx2 = Processor.hasAVX2
            vector.apply(to: b)
            #expect(a.hasSamePixels(as: b), "\(matrix)")
            // Colours stay premultiplied: no channel above alpha.
            for y in 0..<7 { for x in 0..<131 { #expect(channels(a[x, y]).dropFirst().allSatisfy { $0 <= alpha(a[x, y]) }) } }
        }
    }
}

extension FilteredItemTests {
    @Test func theProjectiveKernelGivesTheSameBytesWithAndWithoutAVX2AndItsSourceIsOverOntoTransparency() throws {
        let image = noiseSurface(width: 100, height: 70, seed: 10)
        for (degrees, anchorZ) in [(25.0, 0.0), (-70, 30), (160, 0)] {
            let h = ProjectiveTransform.rotation3D(degrees: degrees, axis: (1, 0.4, 0.2), anchor: Point(x: 50, y: 35),
                                                   anchorZ: anchorZ, perspective: 1.5, size: (100, 70))
            guard let placement = ProjectiveKernel.Placement(source: image, transform: h) else { continue }
            let mask = (0..<(120 * 90)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            for op in [AffineKernel.Operator.over, .add, .source] {
                for masked in [false, true] {
                    var results: [Surface] = []
                    // SRC writes what OVER gives onto transparency, without reading the target.
                    for (vectorized, cleared) in [(false, false), (true, false), (true, true)] where op == .source || !cleared {
                        let target = cleared ? filledSurface(width: 120, height: 90, pixel: 0)
                            : noiseSurface(width: 120, height: 90, seed: 11)
                        mask.withUnsafeBufferPointer { bytes in
                            let coverage: AffineKernel.Coverage = masked
                                ? .mask(bytes.baseAddress!, stride: 120, origin: (0, 0)) : .opacity(0.8)
                            placement.composite(cleared ? .over : op, coverage: coverage, into: target.pixels,
                                                destinationStride: target.stride, origin: (0, 0), area: target.bounds,
                                                vectorized: vectorized)
                        }
                        results.append(target)
                    }
                    #expect(results.allSatisfy { $0.hasSamePixels(as: results[0]) }, "\(degrees)° \(op) masked \(masked)")
                }
            }
        }
    }
}

extension FilteredItemTests {
    /// A wave: each column's source a few pixels down or up.
    static let wave: Distortion.Map = { first, count, positions in
        for i in 0..<count {
            positions[2 * i] = first.x + Double(i)
            positions[2 * i + 1] = first.y + 3.3 * sin((first.x + Double(i)) / 9)
        }
    }

    @Test("a projected, distorted or blurred item keeps its opacity, clip, tint, channel factors, blend mode and sampling filter on the fast path, placed by whole pixels or not, blurred into its margin or not")
    func filteredItemsKeepEveryProperty() throws {
        let image = noiseSurface(width: 90, height: 70, seed: 12)
        let under = noiseSurface(width: 110, height: 90, seed: 13, opaque: true)
        let h = ProjectiveTransform.rotation3D(degrees: 35, axis: (0, 1, 0), anchor: Point(x: 45, y: 35), anchorZ: 0,
                                               perspective: 1, size: (90, 70))
        let distortion = Distortion(frame: Rect(x: 0, y: 0, width: 90, height: 70), maxSampleOffset: (0, 4),
                                    map: Self.wave)
        // By whole pixels, the filters read the image itself rather than a copy.
        var items: [DrawItem] = []
        for placement in [AffineTransform.translation(x: 7.5, y: 4), .translation(x: 7, y: 4)] {
            items.append(DrawItem(source: .surface(image), transform: placement, projection: h))
            items.append(DrawItem(source: .surface(image), transform: placement, distortion: distortion))
            items.append(DrawItem(source: .surface(image), transform: placement, blur: Blur(radius: 3, opaque: true)))
            // A view blurred into the margin it reaches, read in place at whole pixels.
            items.append(DrawItem(source: .surface(image), transform: placement, blur: Blur(radius: 3)))
            items.append(DrawItem(source: .surface(image), transform: placement, blur: Blur(radius: 12)))
        }
        for (index, item) in items.enumerated() {
            func blended(_ blend: BlendMode) -> DrawItem {
                var plain = item
                plain.blend = blend
                return plain
            }
            // What the sampling kernels draw, then what they leave to pixman.
            var faded = item
            (faded.opacity, faded.clip) = (0.6, Clip.rect(Rect(x: 3.5, y: 6.25, width: 80, height: 61)))
            let drawn = [blended(.normal), blended(.plusLighter), faded]
            var left = [blended(.multiply), blended(.screen)]
            var nearest = item
            nearest.filter = .nearest
            left.append(nearest)
            // A group's tint and channel factors reach the filtered item inside it.
            let inner = Picture([item])
            left.append(DrawItem(source: .picture(inner), tint: Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.8)))
            left.append(DrawItem(source: .picture(inner), channels: Color(red: 1, green: 0, blue: 0.5, alpha: 1)))
            // The projective kernel rounds its own way (ProjectiveKernelTests); the distortion
            // kernel gives the bytes of pixman drawing the distorted image.
            for (k, variant) in (item.projection == nil ? drawn + left : left).enumerated() {
                let picture = Picture([DrawItem(source: .surface(under)), variant])
                let general = try Surface(width: 110, height: 90)
                try Compositor(threads: 1, fastPaths: false).render(picture, background: .clear, into: general)
                let fast = try render(picture, width: 110, height: 90, threads: 2)
                let d = difference(fast, general)
                #expect(d.count == 0, "item \(index), variant \(k): \(d)")
            }
        }
    }
}
