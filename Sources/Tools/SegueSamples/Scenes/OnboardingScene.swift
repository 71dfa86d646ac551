import Glibc
import SegueBasics
import SegueCompositor
import SegueText

/// The article's `IntroPageView`: an illustration, a purple title and a
/// description, left-aligned, with the pager's dots and the purple "next"
/// button below, on an opaque light background.
enum OnboardingScene {
    struct Page {
        let title: String
        let description: String
        let tint: Color
    }

    static let pages = [
        Page(title: "Welcome to Segue", description: "SwiftUI's transitions, for anything that can call C.",
             tint: Color.cyan),
        Page(title: "Stack your effects", description: "Combine moves, fades and scales into one transition.",
             tint: Color.purple),
        Page(title: "You're all set", description: "Render one frame, a whole video, or stream to ffmpeg.",
             tint: Color.green),
    ]

    static let background = Color(hex: 0xFAF8FD)

    static func draw(page index: Int, in scene: inout Scene) throws {
        let page = pages[index]
        let w = scene.width, h = scene.height
        let margin = 0.05 * scene.unit + 0.02 * w
        scene.canvas.fill(scene.bounds, with: background)

        // Illustration, aspect-fit into the upper part.
        let region = Rect(x: margin, y: margin, width: w - 2 * margin, height: 0.575 * h - margin)
        let tile = region.fitting(aspect: 1.9)
        let tileRadius = 0.08 * tile.height
        try Texture.shadow(of: tile, radius: tileRadius, blur: 0.05 * tile.height,
                           offset: Point(x: 0, y: 0.02 * tile.height), color: Color.purple.darker(0.5).opacity(0.18),
                           in: &scene.canvas)
        var art = PictureRecorder(frame: scene.bounds, content: Picture())
        switch index {
        case 0: try drawHills(in: tile, on: &art)
        case 1: try drawCards(in: tile, on: &art)
        default: try drawCheck(in: tile, on: &art)
        }
        scene.canvas.draw(art.picture, clip: .path(Shapes.roundedRect(tile, radius: tileRadius), .nonZero))

        // Title and description, left-aligned like the VStack of HStacks with Spacers.
        let titleSize = min(0.085 * h, 0.06 * w)
        let titleFont = try Typesetting.font(fitting: page.title, size: titleSize, maxWidth: w - 2 * margin,
                                             weight: .bold)
        try Typesetting.draw(page.title, font: titleFont, color: Color.purple,
                             baselineAt: Point(x: margin, y: 0.70 * h), in: &scene.canvas)
        let descriptionFont = try Typesetting.font(fitting: page.description, size: 0.5 * titleSize,
                                                   maxWidth: w - 2 * margin)
        try Typesetting.draw(page.description, font: descriptionFont, color: Color(hex: 0x3C3C43, alpha: 0.75),
                             baselineAt: Point(x: margin, y: 0.70 * h + 1.9 * descriptionFont.size), in: &scene.canvas)

        // The pager's dots and the "next" button.
        let buttonRadius = 0.065 * h
        let rowY = h - margin - buttonRadius * 0.9
        let dot = max(1, 0.016 * h)
        for i in pages.indices {
            let center = Point(x: margin + dot + Double(i) * 3.4 * dot, y: rowY)
            scene.canvas.fill(Shapes.circle(center, dot), with: i == index ? Color.purple : Color.purple.opacity(0.25))
        }
        let buttonCenter = Point(x: w - margin - buttonRadius, y: rowY)
        try Texture.shadow(of: .centered(at: buttonCenter, width: 2 * buttonRadius, height: 2 * buttonRadius),
                           radius: buttonRadius, blur: 0.3 * buttonRadius, offset: Point(x: 0, y: 0.12 * buttonRadius),
                           color: Color.purple.darker(0.4).opacity(0.35), in: &scene.canvas)
        scene.canvas.fill(Shapes.circle(buttonCenter, buttonRadius), with: Color.purple)
        let r = buttonRadius, c = buttonCenter, stroke = 0.13 * r
        var arrow = Shapes.stroke([Point(x: c.x - 0.42 * r, y: c.y), Point(x: c.x + 0.42 * r, y: c.y)], width: stroke)
        Shapes.addStroke([Point(x: c.x + 0.06 * r, y: c.y - 0.36 * r), Point(x: c.x + 0.42 * r, y: c.y),
                          Point(x: c.x + 0.06 * r, y: c.y + 0.36 * r)], width: stroke, to: &arrow)
        scene.canvas.fill(arrow, with: .white)
    }

    /// Page 1: a sun with rays over rolling hills, a cloud, under a warm sky.
    static func drawHills(in tile: Rect, on canvas: inout PictureRecorder) throws {
        let s = tile.height
        func p(_ x: Double, _ y: Double) -> Point { tile.point(at: Point(x: x, y: y)) }
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Rect {
            Rect(x: tile.minX + x0 * tile.width, y: tile.minY + y0 * tile.height,
                 width: (x1 - x0) * tile.width, height: (y1 - y0) * tile.height)
        }
        try Texture.fill(tile, in: &canvas) { _, v in
            Texture.gradient([(0, Color(hex: 0x7CC8F8)), (0.55, Color(hex: 0xBFE6FF)), (1, Color(hex: 0xFFE8B0))], at: v)
        }
        let sun = p(0.66, 0.36), sunRadius = 0.15 * s
        var rays = Path()
        for i in 0..<12 {
            let angle = Double(i) * .pi / 6 + .pi / 12
            let a = Point(x: sun.x + 1.35 * sunRadius * cos(angle), y: sun.y + 1.35 * sunRadius * sin(angle))
            let b = Point(x: sun.x + 1.75 * sunRadius * cos(angle), y: sun.y + 1.75 * sunRadius * sin(angle))
            Shapes.addStroke([a, b], width: 0.06 * s, to: &rays)
        }
        canvas.fill(rays, with: Color.orange)
        canvas.fill(Shapes.circle(sun, sunRadius), with: Color.yellow)
        canvas.fill(Shapes.circle(sun, 0.72 * sunRadius), with: Color(hex: 0xFFDD44))

        var cloud = Shapes.ellipse(box(0.12, 0.26, 0.40, 0.38))
        Shapes.addCircle(p(0.21, 0.26), 0.08 * s, to: &cloud)
        Shapes.addCircle(p(0.29, 0.24), 0.11 * s, to: &cloud)
        canvas.fill(cloud, with: Color.white.opacity(0.92))

        canvas.fill(Shapes.ellipse(box(0.40, 0.62, 1.35, 1.60)), with: Color(hex: 0x8ADB8F))
        canvas.fill(Shapes.ellipse(box(-0.30, 0.58, 0.70, 1.70)), with: Color(hex: 0x5BC96A))
        canvas.fill(Shapes.ellipse(box(0.25, 0.80, 1.20, 1.60)), with: Color.green.darker(0.12))
        // A small tree on the left hill.
        let trunk = box(0.205, 0.58, 0.225, 0.70)
        canvas.fill(trunk, with: Color.brown)
        canvas.fill(Shapes.ellipse(box(0.165, 0.44, 0.265, 0.63)), with: Color.green.darker(0.35))
    }

    /// Page 2: three fanned cards, the front one with an avatar and lines of "text".
    static func drawCards(in tile: Rect, on canvas: inout PictureRecorder) throws {
        let s = tile.height
        try Texture.fill(tile, in: &canvas) { u, v in
            Color.purple.lighter(0.90).mixed(with: Color.pink.lighter(0.9), by: 0.5 * u + 0.3 * v)
        }
        let center = tile.point(at: Point(x: 0.5, y: 0.53))
        let card = Rect.centered(at: center, width: 0.72 * s, height: 0.56 * s)
        let radius = 0.06 * s
        let layers: [(angle: Double, dx: Double, color: Color)] = [
            (-14, -0.16, Color.pink), (9, 0.15, Color.orange), (-2, 0, .white),
        ]
        for layer in layers {
            let turn = AffineTransform.rotation(layer.angle * .pi / 180).about(center)
                .concatenating(.translation(x: layer.dx * s, y: 0))
            try Texture.shadow(of: card, radius: radius, blur: 0.04 * s, offset: Point(x: 0, y: 0.02 * s),
                               color: Color.black.opacity(0.18), transform: turn, in: &canvas)
            canvas.fill(Shapes.roundedRect(card, radius: radius).applying(turn), with: layer.color)
        }
        // The front card's content, turned with it.
        let turn = AffineTransform.rotation(-2 * .pi / 180).about(center)
        let avatar = Point(x: card.minX + 0.17 * card.width, y: card.minY + 0.24 * card.height)
        canvas.fill(Shapes.circle(avatar, 0.1 * card.height).applying(turn), with: Color.purple)
        let lines: [(y: Double, x0: Double, x1: Double, color: Color)] = [
            (0.19, 0.32, 0.82, Palette.gray3), (0.31, 0.32, 0.64, Palette.gray4),
            (0.52, 0.09, 0.91, Palette.gray5), (0.63, 0.09, 0.85, Palette.gray5),
        ]
        for line in lines {
            let bar = Rect(x: card.minX + line.x0 * card.width, y: card.minY + line.y * card.height,
                           width: (line.x1 - line.x0) * card.width, height: 0.07 * card.height)
            canvas.fill(Shapes.roundedRect(bar, radius: bar.height / 2).applying(turn), with: line.color)
        }
        let pill = Rect(x: card.minX + 0.09 * card.width, y: card.minY + 0.76 * card.height,
                        width: 0.34 * card.width, height: 0.12 * card.height)
        canvas.fill(Shapes.roundedRect(pill, radius: pill.height / 2).applying(turn), with: Color.blue)
    }

    /// Page 3: a check mark in a green circle, with confetti around it.
    static func drawCheck(in tile: Rect, on canvas: inout PictureRecorder) throws {
        let s = tile.height
        try Texture.fill(tile, in: &canvas) { u, v in
            Color.green.lighter(0.86).mixed(with: Color.mint.lighter(0.88), by: 0.6 * u + 0.4 * (1 - v))
        }
        let center = tile.center
        let r = 0.3 * s
        var random = SeededRandom(seed: 3)
        let colors = [Color.orange, Color.pink, Color.blue, Color.yellow, Color.purple, Color.teal]
        var placed = 0
        while placed < 26 {
            let point = Point(x: tile.minX + random.between(0.04, 0.96) * tile.width,
                              y: tile.minY + random.between(0.06, 0.94) * tile.height)
            let dx = point.x - center.x, dy = point.y - center.y
            let angle = random.between(0, .pi)
            let size = random.between(0.025, 0.045) * s
            let color = colors[Int(random.next() % UInt64(colors.count))]
            let round = random.unit() < 0.4
            guard (dx * dx + dy * dy).squareRoot() > 1.35 * r else { continue }
            placed += 1
            if round {
                canvas.fill(Shapes.circle(point, 0.5 * size), with: color)
            } else {
                let piece = Rect.centered(at: point, width: size * 0.55, height: size * 1.5)
                canvas.fill(Shapes.roundedRect(piece, radius: 0.2 * size)
                    .applying(AffineTransform.rotation(angle).about(point)), with: color)
            }
        }
        canvas.fill(Shapes.circle(center, 1.16 * r), with: Color.green.opacity(0.22))
        try Texture.shadow(of: .centered(at: center, width: 2 * r, height: 2 * r), radius: r, blur: 0.1 * r,
                           offset: Point(x: 0, y: 0.05 * r), color: Color.green.darker(0.5).opacity(0.35),
                           in: &canvas)
        canvas.fill(Shapes.circle(center, r), with: Color.green)
        let check = [Point(x: center.x - 0.44 * r, y: center.y + 0.02 * r), Point(x: center.x - 0.12 * r, y: center.y + 0.34 * r),
                     Point(x: center.x + 0.46 * r, y: center.y - 0.28 * r)]
        canvas.fill(Shapes.stroke(check, width: 0.17 * r), with: .white)
    }
}
