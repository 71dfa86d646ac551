import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel
import SegueSamples

/// One transition the demo shows.
struct DemoEntry {
    /// File names: `<slug>.webp`, `<slug>.png`.
    let slug: String
    let title: String
    let about: String
    let transition: String
    let animation: String
    let from: Sample?
    let to: Sample?
    var blend: BlendMode = .normal
}

/// What `segue demo` shows: every built-in transition, the article's scenes
/// (for the plugins that are loaded), and every other loaded effect.
enum DemoGallery {
    struct Section {
        let title: String
        let about: String
        let entries: [DemoEntry]
    }

    static func sections(engine: Engine) -> [Section] {
        let catalog = engine.catalog
        let scenes = articleScenes.filter { scene in
            scene.needs.allSatisfy { catalog.effect(named: $0) != nil }
        }
        let eased = catalog.effect(named: "xfade") == nil ? [] : xfadeEased
        let shown = Set(scenes.flatMap(\.needs) + (eased.isEmpty ? [] : ["xfade"]))
        let builtinNames = Set(BuiltinEffects.all.map(\.name))
        let others = catalog.effects.filter { !builtinNames.contains($0.name) && !shown.contains($0.name) }.map { effect in
            DemoEntry(slug: "effect-" + effect.name, title: "." + effect.name, about: effect.summary,
                      transition: "." + effect.name, animation: ".easeInOut(duration: 1)", from: .photo, to: .cutout)
        }
        return [
            Section(title: "Built-in transitions", about: "SwiftUI's own transitions, drawn by Segue.", entries: builtins),
            Section(title: "SwiftUI's modifiers",
                    about: "rotationEffect, rotation3DEffect, blur and the colour modifiers as effects, the ready-made "
                        + ".flip and .blurReplace, and the articles' expanding cell.",
                    entries: modifiers),
            Section(title: "The article's scenes",
                    about: "The scenes from the SwiftUI articles Segue grew from, with the seed effects and the articles' other transitions.",
                    entries: scenes.map(\.entry)),
            Section(title: "xfade, eased",
                    about: "FFmpeg's xfade transitions by name, each beside itself under a Segue curve or spring: "
                        + "the same pictures, no longer linear.",
                    entries: eased),
            Section(title: "More effects from plugins", about: "Every other effect the loaded plugins provide.",
                    entries: others),
        ].filter { !$0.entries.isEmpty }
    }

    /// A few of xfade's transitions, linear as FFmpeg plays them and then eased.
    static let xfadeEased: [DemoEntry] = [
        ("circleopen", ".easeOutBounce(duration: 1.2)", "Penner's bounce"),
        ("wipeleft", ".bouncy(duration: 1)", "a spring: the edge overshoots and settles"),
        ("dissolve", ".easeInOutCubic(duration: 1)", "Penner's cubic in-out"),
        ("slideup", "cubic-bezier(0.68, -0.6, 0.32, 1.6) 1s", "CSS's cubic-bezier, backing off first"),
    ].flatMap { name, animation, how in
        [DemoEntry(slug: "xfade-\(name)", title: "xfade \(name)", about: "Linear, as FFmpeg's xfade plays it.",
                   transition: ".xfade(.\(name))", animation: ".linear(duration: 1)", from: .photo, to: .onboarding1),
         DemoEntry(slug: "xfade-\(name)-eased", title: "xfade \(name), eased", about: "The same pixels under \(how).",
                   transition: ".xfade(.\(name))", animation: animation, from: .photo, to: .onboarding1)]
    }

    static let builtins: [DemoEntry] = [
        DemoEntry(slug: "opacity", title: "Crossfade", about: ".opacity with plusLighter blending: the views add up, so brightness never dips half-way.",
                  transition: ".opacity", animation: ".easeInOut(duration: 1)", from: .photo, to: .onboarding1,
                  blend: .plusLighter),
        DemoEntry(slug: "scale", title: "Scale", about: "The view grows from nothing about its centre, with a bouncy spring.",
                  transition: ".scale", animation: ".bouncy", from: nil, to: .helloWorld),
        DemoEntry(slug: "scale-anchor", title: "Scale about an anchor",
                  about: "Shrinking towards the bottom edge while fading: .scale(scale:anchor:) combined with .opacity.",
                  transition: ".scale(scale: 0.5, anchor: .bottom).combined(with: .opacity)", animation: ".smooth",
                  from: .photo, to: .cutout),
        DemoEntry(slug: "move", title: "Move", about: "In from the trailing edge by the view's own width, out the same way.",
                  transition: ".move(edge: .trailing)", animation: ".snappy", from: .photo, to: .onboarding2),
        DemoEntry(slug: "offset", title: "Offset", about: "In from an offset in pixels while fading in.",
                  transition: ".offset(x: 120, y: -60).combined(with: .opacity)", animation: ".easeOut(duration: 0.8)",
                  from: nil, to: .cutout),
        DemoEntry(slug: "slide", title: "Slide", about: "In from the leading edge, out towards the trailing edge.",
                  transition: ".slide", animation: ".easeInOut(duration: 1)", from: .onboarding1, to: .onboarding2),
        DemoEntry(slug: "push", title: "Push", about: "In from the bottom while fading in; the other view leaves towards the top.",
                  transition: ".push(from: .bottom)", animation: ".spring(duration: 0.6, bounce: 0.3)",
                  from: .photo, to: .onboarding3),
        DemoEntry(slug: "identity", title: "Identity", about: "No change: the inserted view is simply there, on top.",
                  transition: ".identity", animation: ".linear(duration: 0.5)", from: .photo, to: .cutout),
    ]

    static let modifiers: [DemoEntry] = [
        DemoEntry(slug: "chevron", title: "A chevron turned by rotationEffect",
                  about: "The collapsible section's disclosure indicator turning down as the section opens: .rotation from 0° to 90°.",
                  transition: ".modifier(active: .rotation(angle: 0), identity: .rotation(angle: 90))",
                  animation: ".easeInOut(duration: 0.6)", from: nil, to: .chevron),
        DemoEntry(slug: "expand", title: "The expanding cell",
                  about: "The articles' list cell: the detail grows out from under the header, clipped by the growing frame and fading in with it.",
                  transition: ".expand(edge: .top)", animation: ".smooth", from: .cardCollapsed, to: .cardExpanded),
        DemoEntry(slug: "collapse", title: "…and collapsing it",
                  about: ".collapse on the same card: the detail folds back up under the header as it fades.",
                  transition: ".collapse(edge: .top)", animation: ".smooth", from: .cardExpanded, to: .cardCollapsed),
        DemoEntry(slug: "flip", title: "Flip", about: "A card turned over in perspective: the old face turns away, the new one turns in; backs stay hidden.",
                  transition: ".flip", animation: ".easeInOut(duration: 1)", from: .helloWorld, to: .score),
        DemoEntry(slug: "rotation3d", title: "rotation3DEffect",
                  about: "Both views turn about the vertical axis in true perspective, SwiftUI's 4×4 projection.",
                  transition: ".rotation3D", animation: ".snappy", from: .photo, to: .onboarding2),
        DemoEntry(slug: "blur-replace", title: "Blur replace", about: "SwiftUI's .blurReplace: the old view blurs out and shrinks a little as the new one sharpens in.",
                  transition: ".blurReplace", animation: ".smooth", from: .onboarding1, to: .onboarding3),
        DemoEntry(slug: "blur", title: "Blur", about: "A Gaussian whose radius animates from 20 pixels to none, at a cost that does not grow with it.",
                  transition: ".blur.combined(with: .opacity)", animation: ".easeInOut(duration: 1)", from: .photo,
                  to: .cutout),
        DemoEntry(slug: "saturation-hue", title: "Saturation and hue, in one pass",
                  about: "From grey and a half-turned hue to full colour: .saturation combined with .hueRotation folds into one colour matrix.",
                  transition: ".saturation.combined(with: .hueRotation).combined(with: .opacity)",
                  animation: ".easeOut(duration: 1.2)", from: .onboarding2, to: .photo),
        DemoEntry(slug: "grayscale", title: "Grayscale", about: "The old view drains to grey as the new one arrives in colour.",
                  transition: ".grayscale.combined(with: .opacity)", animation: ".easeInOut(duration: 1)",
                  from: .onboarding3, to: .onboarding1),
        DemoEntry(slug: "brightness", title: "Brightness flash", about: "Through white: .brightness from 1 to none, crossfading.",
                  transition: ".brightness.combined(with: .opacity)", animation: ".easeInOut(duration: 1)",
                  from: .photo, to: .onboarding3, blend: .plusLighter),
        DemoEntry(slug: "contrast-invert", title: "Contrast and invert",
                  about: ".colorInvert fading out while .contrast rises from grey, on the way in.",
                  transition: ".colorInvert.combined(with: .contrast).combined(with: .opacity)",
                  animation: ".easeInOut(duration: 1.2)", from: .onboarding1, to: .photo),
        DemoEntry(slug: "color-multiply", title: "Colour multiply", about: "Tinted orange through colorMultiply, out of and into full colour.",
                  transition: ".colorMultiply(color: .orange).combined(with: .opacity)", animation: ".easeInOut(duration: 1)",
                  from: .photo, to: .onboarding2),
    ]

    /// A scene from the articles, and the effects it needs.
    struct ArticleScene {
        let needs: [String]
        let entry: DemoEntry
    }

    static let articleScenes: [ArticleScene] = [
        ArticleScene(needs: [], entry: DemoEntry(
            slug: "onboarding-pager", title: "Onboarding pager",
            about: "The onboarding pages' transition: the new page moves in from the trailing edge, the old one out to the leading edge, both fading.",
            transition: ".asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), removal: .move(edge: .leading).combined(with: .opacity))",
            animation: ".easeInOut(duration: 1)", from: .onboarding1, to: .onboarding2)),
        ArticleScene(needs: ["clip"], entry: DemoEntry(
            slug: "clip", title: "Clip", about: "ClipEffect: a rounded rectangle that grows from the centre, its corners straightening as it opens.",
            transition: ".clip", animation: ".spring(duration: 0.8, bounce: 0.2)", from: .photo, to: .onboarding3)),
        ArticleScene(needs: ["countUp"], entry: DemoEntry(
            slug: "count-up", title: "Count-up, combined with scale",
            about: "CountUpEffect: the score counts up to 120 in a real font, turning red from 100, while the card scales in.",
            transition: ".countUp(to: 120).combined(with: .scale)", animation: ".easeOut(duration: 1.5)",
            from: nil, to: .score)),
        ArticleScene(needs: ["slidingDoor"], entry: DemoEntry(
            slug: "sliding-door", title: "Sliding door",
            about: "SlidingDoorEffect: the HELLO WORLD card's halves slide together, with no seam when they meet.",
            transition: ".slidingDoor", animation: ".easeInOut(duration: 1)", from: nil, to: .helloWorld)),
        ArticleScene(needs: ["explode"], entry: DemoEntry(
            slug: "explode", title: "Explode on removal",
            about: "The article's challenge: the card bursts into pieces that fly out along curves, turning and fading.",
            transition: ".asymmetric(insertion: .opacity, removal: .explode)", animation: ".easeIn(duration: 1.2)",
            from: .helloWorld, to: nil)),
        ArticleScene(needs: ["tiktok"], entry: DemoEntry(
            slug: "tiktok-logo", title: "TikTok logo",
            about: "TikTokEffect in tint mode: red and cyan copies of the ⌘ symbol, added, white where they overlap.",
            transition: ".modifier(active: .tiktok(offset: CGSize(width: -28, height: -21), mode: .tint), identity: .tiktok(offset: CGSize(width: -4, height: -3), mode: .tint))",
            animation: ".bouncy", from: nil, to: .command)),
        ArticleScene(needs: ["tiktok"], entry: DemoEntry(
            slug: "tiktok-button", title: "TikTok button press",
            about: "The pressed button: the effect animated between two states outside a transition (channels mode keeps the label).",
            transition: ".modifier(active: .tiktok(offset: CGSize(width: 0, height: 0)), identity: .tiktok(offset: CGSize(width: -4, height: -3)))",
            animation: ".spring", from: nil, to: .button)),
        ArticleScene(needs: ["slidingDoor"], entry: DemoEntry(
            slug: "quartered-onboarding", title: "Quartered onboarding",
            about: "The onboarding transition that cuts the old page into quarters, each moving towards its corner, as the next page fades in.",
            transition: ".asymmetric(insertion: .opacity, removal: .slidingDoor(pieces: 4))",
            animation: ".easeInOut(duration: 1)", from: .onboarding1, to: .onboarding2)),
        ArticleScene(needs: ["slideAway"], entry: DemoEntry(
            slug: "slide-away", title: "Hello, distortionEffect!",
            about: "The distortion shader transition: an edge sweeps across the card and its content drains into it, on the host's per-pixel API.",
            transition: ".asymmetric(insertion: .opacity, removal: .slideAway)", animation: ".easeIn(duration: 1.2)",
            from: .distortionCard, to: nil)),
        ArticleScene(needs: ["shift"], entry: DemoEntry(
            slug: "shift", title: "Shift",
            about: "The article's shift: the card leaves sideways, leaning as it goes, and the next one arrives leaning the other way.",
            transition: ".shift", animation: ".easeInOut(duration: 1)", from: .distortionCard, to: .helloWorld)),
        ArticleScene(needs: ["wave"], entry: DemoEntry(
            slug: "wave", title: "Wave", about: "The article's sine distortion settling as the photo fades in.",
            transition: ".wave.combined(with: .opacity)", animation: ".smooth", from: .onboarding3, to: .photo)),
        ArticleScene(needs: ["particles"], entry: DemoEntry(
            slug: "fire", title: "Fire",
            about: "The canvas fire: the dark card burns away from the bottom as blurred orange embers rise along cosine waves, added with plusLighter.",
            transition: ".asymmetric(insertion: .opacity, removal: .particles(count: 300))", animation: ".easeIn(duration: 2)",
            from: .darkCard, to: nil)),
        ArticleScene(needs: [], entry: DemoEntry(
            slug: "morph", title: "Circle to star",
            about: "A clip mask morphing between shapes: the photo revealed through a circle that becomes a star, outlines matched point for point.",
            transition: ".morph(from: .circle, to: .star)", animation: ".easeInOut(duration: 1.2)", from: nil,
            to: .photo)),
    ]
}
