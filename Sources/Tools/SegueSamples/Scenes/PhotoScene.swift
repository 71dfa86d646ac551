import Glibc
import SegueBasics
import SegueCompositor
import SegueText

/// A sunset over a lake, with test-chart detail laid over it: smooth
/// gradients (sky, water, sun glow), concentric rings round the sun, a
/// Siemens star of thin wedges, hairline ripples and grass, a checker of
/// 1-pixel squares, colour swatches and small type. Seams, blur, resampling
/// and colour shifts all show on it. Opaque everywhere.
enum PhotoScene {
    static func draw(in scene: inout Scene) throws {
        let w = scene.width, h = scene.height, u = scene.unit
        // An opaque base under everything, so no anti-aliased edge can leave a pixel translucent.
        scene.canvas.fill(scene.bounds, with: Color(hex: 0x1B2150))
        let horizon = (0.64 * h).rounded()
        let sun = Point(x: 0.7 * w, y: 0.33 * h), sunRadius = 0.07 * u

        // Sky: indigo to gold, with a warm glow round the sun.
        let sky = Rect(x: 0, y: 0, width: w, height: horizon)
        try Texture.fill(sky, in: &scene.canvas) { x, y in
            let base = Texture.gradient([(0, Color(hex: 0x1E2A78)), (0.45, Color(hex: 0x7A5BB5)),
                                         (0.8, Color(hex: 0xF08A6C)), (1, Color(hex: 0xFFC988))], at: y)
            let dx = (x * w - sun.x) / u, dy = (y * horizon - sun.y) / u
            return base.mixed(with: Color(hex: 0xFFE3A0), by: 0.75 * exp(-(dx * dx + dy * dy) / 0.06))
        }

        // The sun, and thin concentric rings round it. One fill per ring: the
        // mask rasteriser's cost grows with the product of a path's edges and
        // its distinct heights, so many small paths are much cheaper than one big one.
        let step = max(2, 0.0055 * u)
        var radius = 1.4 * sunRadius
        while radius < 3.6 * sunRadius {
            scene.canvas.fill(Shapes.ring(sun, inner: radius, outer: radius + 0.45 * step),
                              with: Color.white.opacity(0.28), rule: .evenOdd)
            radius += step
        }
        scene.canvas.fill(Shapes.circle(sun, 1.12 * sunRadius), with: Color(hex: 0xFFE7A8).opacity(0.6))
        scene.canvas.fill(Shapes.circle(sun, sunRadius), with: Color(hex: 0xFFF4CF))

        // Two mountain ranges, hazy far and dark near, each a gradient clipped to its ridge.
        var random = SeededRandom(seed: 0x5E6E)
        for (index, range) in [(top: 0.58, depth: 0.30, colors: (0x9A7BC0, 0xD69AA8)),
                               (top: 0.645, depth: 0.15, colors: (0x3A2E66, 0x5C4274))].enumerated() {
            let ridge = ridgeline(width: w, base: range.top * h, depth: range.depth * h, seed: &random,
                                  detail: index == 0 ? 7 : 9, bottom: horizon)
            let box = Rect(x: 0, y: (range.top - range.depth) * h, width: w, height: horizon - (range.top - range.depth) * h)
            try Texture.fill(box, clip: .path(ridge, .nonZero), in: &scene.canvas) { _, v in
                Color(hex: UInt32(range.colors.0)).mixed(with: Color(hex: UInt32(range.colors.1)), by: v)
            }
        }

        // The lake: the sky's colours darkening towards the shore.
        let lake = Rect(x: 0, y: horizon, width: w, height: h - horizon)
        try Texture.fill(lake, in: &scene.canvas) { x, y in
            let base = Texture.gradient([(0, Color(hex: 0xE9987C)), (0.35, Color(hex: 0x6C4F9A)),
                                         (1, Color(hex: 0x141A45))], at: y)
            let dx = (x * w - sun.x) / u
            return base.mixed(with: Color(hex: 0xFFD59A), by: 0.45 * exp(-dx * dx / 0.01) * (1 - y))
        }
        // Hairline ripples across the water, and the sun's broken reflection under it.
        var ripples = Path(), glints = Path()
        let line = max(1, 0.0018 * u)
        var y = horizon + 2 * line
        while y < h {
            let depth = (y - horizon) / (h - horizon)
            for _ in 0..<3 {
                let x = random.between(-0.1, 1) * w, length = random.between(0.05, 0.3) * w
                ripples.addRect(Rect(x: x, y: y, width: length, height: line))
            }
            let spread = (0.03 + 0.12 * depth) * w * random.between(0.4, 1)
            glints.addRect(Rect(x: sun.x - spread / 2 + random.between(-0.02, 0.02) * w, y: y,
                                width: spread, height: line))
            y += max(2 * line + 1, (0.006 + 0.02 * depth) * h)
        }
        scene.canvas.fill(ripples, with: Color.black.opacity(0.18))
        scene.canvas.fill(glints, with: Color(hex: 0xFFE9B8).opacity(0.55))

        // The near shore, bottom left, with thin blades of grass.
        var shore = Path()
        shore.addEllipse(in: Rect(x: -0.35 * w, y: 0.83 * h, width: 0.95 * w, height: 0.5 * h))
        scene.canvas.fill(shore, with: Color(hex: 0x120F2A))
        var grass = Path()
        for blade in 0..<Int(120 * min(max(w / 640, 0.5), 2.5)) {
            if blade % 12 == 11 {
                scene.canvas.fill(grass, with: Color(hex: 0x120F2A))
                grass = Path()
            }
            let x = random.between(-0.3, 0.55) * w
            let dx = x + 0.35 * w - 0.475 * w
            let top = 0.83 * h + 0.25 * h - 0.25 * h * (1 - min(1, dx * dx / (0.475 * w * 0.475 * w))).squareRoot()
            let base = Point(x: x, y: top + 0.01 * h)
            let tall = random.between(0.03, 0.09) * h, lean = random.between(-0.4, 0.4) * tall
            let half = max(0.5, 0.0025 * u)
            grass.move(to: Point(x: base.x - half, y: base.y))
            grass.addQuadCurve(to: Point(x: base.x + lean, y: base.y - tall), control: Point(x: base.x, y: base.y - 0.6 * tall))
            grass.addQuadCurve(to: Point(x: base.x + half, y: base.y), control: Point(x: base.x + half, y: base.y - 0.6 * tall))
            grass.closeSubpath()
        }
        scene.canvas.fill(grass, with: Color(hex: 0x120F2A))

        try drawSiemensStar(at: Point(x: 0.13 * w, y: 0.2 * h), radius: 0.12 * u, in: &scene.canvas)
        try drawChecker(in: &scene, u: u)
        drawSwatches(in: &scene, u: u)
        try drawCaptions(in: &scene, u: u)
    }

    /// A ridge of a few peaks from left to right, roughened by midpoint
    /// displacement, closed down to `bottom`.
    static func ridgeline(width: Double, base: Double, depth: Double, seed random: inout SeededRandom, detail: Int,
                          bottom: Double) -> Path {
        let peaks = (0..<5).map { _ in
            (x: random.between(-0.1, 1.1), height: random.between(0.45, 1), slope: random.between(1.6, 3.2))
        }
        func profile(_ x: Double) -> Double {
            peaks.map { $0.height - $0.slope * abs(x - $0.x) }.reduce(0.08, max)
        }
        var heights = [profile(0), profile(1)]
        var amplitude = 0.25
        for level in 0..<detail {
            var next: [Double] = []
            let count = heights.count
            for (index, (a, b)) in zip(heights, heights.dropFirst()).enumerated() {
                next.append(a)
                let x = (Double(index) + 0.5) / Double(count - 1)
                // Follow the peaks' profile at coarse levels, then roughen.
                let middle = level < 4 ? profile(x) : (a + b) / 2
                next.append(min(max(middle + random.between(-amplitude, amplitude) / 2, 0), 1))
            }
            next.append(heights.last!)
            heights = next
            amplitude *= 0.6
        }
        var points = heights.enumerated().map { i, v in
            Point(x: width * Double(i) / Double(heights.count - 1), y: base - depth * v)
        }
        points.append(Point(x: width, y: bottom))
        points.append(Point(x: 0, y: bottom))
        return Shapes.polygon(points)
    }

    /// A resolution chart: 72 alternating wedges meeting at the centre, on a white disc.
    static func drawSiemensStar(at center: Point, radius: Double, in canvas: inout PictureRecorder) throws {
        canvas.fill(Shapes.circle(center, 1.08 * radius), with: Color.white.opacity(0.92))
        var wedges = Path()
        let count = 36
        for i in 0..<count {
            let a0 = 2 * Double.pi * Double(i) / Double(count)
            let a1 = a0 + .pi / Double(count)
            wedges.move(to: center)
            wedges.addLine(to: Point(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0)))
            wedges.addLine(to: Point(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1)))
            wedges.closeSubpath()
        }
        canvas.fill(wedges, with: Color(hex: 0x1C1C1E))
    }

    /// A square of 1-pixel black and white squares with a white frame, near the bottom-left corner.
    static func drawChecker(in scene: inout Scene, u: Double) throws {
        let side = max(8, Int(0.16 * u) & ~1)
        let checker = try Surface(width: side, height: side)
        for y in 0..<side {
            let row = checker.row(y)
            for x in 0..<side { row[x] = (x + y) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF }
        }
        let x = (0.05 * u).rounded(), y = (scene.height - 0.1 * scene.height - 0.05 * u).rounded() - Double(side)
        let frame = max(1, (0.006 * u).rounded())
        scene.canvas.fill(Rect(x: x - frame, y: y - frame, width: Double(side) + 2 * frame, height: Double(side) + 2 * frame),
                          with: .white)
        scene.canvas.draw(checker, transform: .translation(x: x, y: y))
    }

    /// SwiftUI's colours as a row of squares, bottom right: channel splits and colour shifts show on them.
    static func drawSwatches(in scene: inout Scene, u: Double) {
        let colors = [Color.red, Color.orange, Color.yellow, Color.green, Color.mint, Color.cyan,
                      Color.blue, Color.indigo, Color.purple, Color.pink, .white, .black]
        let size = 0.05 * u, gap = 0.012 * u
        let total = Double(colors.count) * size + Double(colors.count - 1) * gap
        let y = captionTop(scene) - 0.05 * u - size
        var x = scene.width - 0.05 * u - total
        for color in colors {
            scene.canvas.fill(Rect(x: x, y: y, width: size, height: size), with: color)
            x += size + gap
        }
    }

    /// Where the caption bar starts: a whole pixel, so the bar's edge is sharp.
    static func captionTop(_ scene: Scene) -> Double {
        scene.height - max(12, 0.055 * scene.height).rounded()
    }

    /// Small type: a caption and fine print in a bar along the bottom, and a
    /// camera-style date stamp at the top right.
    static func drawCaptions(in scene: inout Scene, u: Double) throws {
        let bar = Rect(x: 0, y: captionTop(scene), width: scene.width, height: scene.height - captionTop(scene))
        scene.canvas.fill(bar, with: Color.black.opacity(0.55))
        let size = max(6, 0.021 * scene.height)
        let font = FontDescription(size: size)
        let margin = 0.05 * u
        let baseline = bar.minY + 0.5 * bar.height + 0.36 * size
        // Fine print at the right end, the caption's phrases as far as they fit before it.
        let finePrint = "not a photograph \u{00B7} drawn by Segue \u{00B7} f/2.8 1/250 s ISO 100"
        let fineFont = FontDescription(size: max(5, 0.55 * size))
        let fineWidth = try TextRenderer.measure(finePrint, font: fineFont).width
        let showFinePrint = fineWidth < 0.3 * scene.width
        if showFinePrint {
            try Typesetting.draw(finePrint, font: fineFont, color: Color.white.opacity(0.7),
                                 baselineAt: Point(x: scene.width - margin - fineWidth, y: baseline), in: &scene.canvas)
        }
        let room = scene.width - 2 * margin - (showFinePrint ? fineWidth + 2 * size : 0)
        let phrases = ["SEGUE TEST PHOTO", "\(Int(scene.width))\u{00D7}\(Int(scene.height))",
                       "The quick brown fox jumps over the lazy dog.", "0123456789",
                       "gradients, hairlines, rings, a 1-px checker"]
        var caption = phrases[0]
        for phrase in phrases.dropFirst() {
            let longer = caption + "  \u{00B7}  " + phrase
            guard try TextRenderer.measure(longer, font: font).width <= room else { break }
            caption = longer
        }
        try Typesetting.draw(caption, font: font, color: Color.white.opacity(0.92),
                             baselineAt: Point(x: margin, y: baseline), in: &scene.canvas)
        let stamp = "21 06 2025  20:42"
        let stampFont = FontDescription(family: "DejaVu Sans Mono", size: max(6, 0.034 * u), weight: .bold)
        let width = try TextRenderer.measure(stamp, font: stampFont).width
        try Typesetting.draw(stamp, font: stampFont, color: Color(hex: 0xFF9A3C),
                             baselineAt: Point(x: scene.width - margin - width, y: margin + stampFont.size),
                             in: &scene.canvas)
    }
}
