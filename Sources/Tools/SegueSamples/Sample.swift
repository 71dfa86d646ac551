import SegueBasics
import SegueCompositor

/// Built-in pictures to show transitions on, drawn by Segue itself (the
/// canvas, the compositor and a real font), so `segue demo` and the tests
/// need no image files.
///
/// Every sample is laid out in proportion to the size asked for, from about
/// 160×120 to 1920×1080 and beyond, and is deterministic: the same size
/// gives the same bytes on every run.
///
/// Thread rules: every member may be used from any number of threads at once.
public enum Sample: String, CaseIterable, Sendable {
    /// The article's orange card: "HELLO WORLD" in bold white on orange.
    case helloWorld
    /// A large bold ⌘ in black on transparency: the TikTok effect's subject.
    case command
    /// The article's TikTok button: "⌘ Command Button" on a white rounded rectangle.
    case button
    /// A score card with a small caption, its centre left free for count-up.
    case score
    /// Onboarding page 1: sun over hills.
    case onboarding1
    /// Onboarding page 2: a stack of cards.
    case onboarding2
    /// Onboarding page 3: a check mark in a circle.
    case onboarding3
    /// An opaque photo-like landscape full of fine detail.
    case photo
    /// A card with holes and half-transparent regions.
    case cutout
    /// The articles' expandable cell, collapsed: "Tap to expand/collapse" and a chevron.
    case cardCollapsed
    /// The same cell expanded: the header, a divider and the lorem-ipsum detail.
    case cardExpanded
    /// The collapsible section's disclosure chevron, large, pointing right.
    case chevron
    /// The distortion article's view: a globe over "Hello, distortionEffect!" on pale blue, outlined.
    case distortionCard
    /// A dark card with a warm caption, for the fire to burn.
    case darkCard

    /// One line saying what the sample shows.
    public var summary: String {
        switch self {
        case .helloWorld: "the article's orange card: HELLO WORLD in bold white, rounded, on transparency"
        case .command: "a large bold ⌘ in black on transparency, the TikTok effect's subject"
        case .button: "the TikTok '⌘ Command Button': black label on a white rounded button, on transparency"
        case .score: "a calm score card with a SCORE caption, its centre left free for count-up"
        case .onboarding1: "onboarding page 1 of 3: sun over hills, purple title, one-line description (opaque)"
        case .onboarding2: "onboarding page 2 of 3: a stack of cards, purple title, one-line description (opaque)"
        case .onboarding3: "onboarding page 3 of 3: a check mark in a circle, purple title, description (opaque)"
        case .photo: "a photo-like landscape with gradients, hairlines, a 1-px checker, rings and small type (opaque)"
        case .cutout: "a card with holes, a half-transparent window and a soft semi-transparent band"
        case .cardCollapsed: "the articles' expandable cell, collapsed: 'Tap to expand/collapse' and a chevron"
        case .cardExpanded: "the same cell expanded: header, divider and lorem-ipsum detail in a real font"
        case .chevron: "the collapsible section's disclosure chevron, pointing right, on transparency"
        case .distortionCard: "the distortion article's view: a globe over 'Hello, distortionEffect!' on pale blue, outlined"
        case .darkCard: "a dark rounded card captioned 'Burn after reading', the fire's subject, on transparency"
        }
    }

    /// The size `segue sample` renders when none is given: the same for
    /// every sample, so any two make a transition without scaling.
    public var defaultSize: (width: Int, height: Int) { (640, 360) }

    /// True when every pixel is opaque at every size.
    public var isOpaque: Bool {
        switch self {
        case .onboarding1, .onboarding2, .onboarding3, .photo: true
        case .helloWorld, .command, .button, .score, .cutout, .cardCollapsed, .cardExpanded, .chevron,
             .distortionCard, .darkCard: false
        }
    }

    /// The sample's drawing for a `width` × `height` frame, as a picture
    /// (to draw into a larger picture, or to render with another compositor).
    /// Opaque samples cover the whole frame; the others leave parts of it empty.
    /// - Throws: `.invalidArgument` for a side outside 1…`Surface.maximumSide`;
    ///   text errors (no font at all: `.io`).
    public func picture(width: Int, height: Int) throws -> Picture {
        guard (1...Surface.maximumSide).contains(width), (1...Surface.maximumSide).contains(height) else {
            throw SegueError.invalidArgument(
                "sample size \(width)×\(height) is outside 1…\(Surface.maximumSide) on a side")
        }
        var scene = Scene(width: Double(width), height: Double(height))
        switch self {
        case .helloWorld: try HelloWorldScene.draw(in: &scene)
        case .command: try CommandScene.drawSymbol(in: &scene)
        case .button: try CommandScene.drawButton(in: &scene)
        case .score: try ScoreScene.draw(in: &scene)
        case .onboarding1: try OnboardingScene.draw(page: 0, in: &scene)
        case .onboarding2: try OnboardingScene.draw(page: 1, in: &scene)
        case .onboarding3: try OnboardingScene.draw(page: 2, in: &scene)
        case .photo: try PhotoScene.draw(in: &scene)
        case .cutout: try CutoutScene.draw(in: &scene)
        case .cardCollapsed: try ExpandingCardScene.draw(expanded: false, in: &scene)
        case .cardExpanded: try ExpandingCardScene.draw(expanded: true, in: &scene)
        case .chevron: ExpandingCardScene.drawLargeChevron(in: &scene)
        case .distortionCard: try DistortionCardScene.draw(in: &scene)
        case .darkCard: try DarkCardScene.draw(in: &scene)
        }
        return scene.canvas.picture
    }

    /// The sample rendered into a new `width` × `height` surface
    /// (premultiplied ARGB32, transparent where the sample draws nothing).
    /// - Throws: as `picture(width:height:)`; `.outOfMemory`.
    public func render(width: Int, height: Int, compositor: Compositor) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        try render(into: surface, compositor: compositor)
        return surface
    }

    /// Renders the sample over the whole of `surface` (every pixel is written).
    public func render(into surface: Surface, compositor: Compositor) throws {
        let picture = try picture(width: surface.width, height: surface.height)
        try compositor.render(picture, background: .clear, into: surface)
    }

    /// The sample called `name`, or nil.
    public init?(named name: String) {
        self.init(rawValue: name)
    }

    /// Every sample's name, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// What a scene draws into: the canvas and the frame's size, with the
/// proportional units layouts are written in.
struct Scene {
    let width: Double
    let height: Double
    var canvas: PictureRecorder

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        canvas = PictureRecorder(frame: Rect(x: 0, y: 0, width: width, height: height), content: Picture())
    }

    var bounds: Rect { canvas.frame }
    /// The shorter side: sizes that must work in portrait and landscape alike are fractions of it.
    var unit: Double { min(width, height) }
}
