import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel

/// The options every rendering command shares: output size and the scene.
enum SceneOptions {
    static let options: [Arguments.Option] = [
        .value("--size", as: "WxH", "output size (default: the inserted image's size)"),
        .value("--background", as: "COLOR", completing: .words(Color.named.keys.sorted()),
               "behind both views: a name (black, orange, clear…) or #RRGGBB[AA] (default: clear)"),
        .value("--blend", as: "MODE", completing: .words(blends.map(\.0)),
               "how the views combine: normal or plusLighter (a true crossfade) (default: normal)"),
        .value("--placement", as: "MODE", completing: .words(Placement.allCases.map(\.rawValue)),
               "fit, fill, center or stretch, for inputs of another size (default: fit)"),
        .value("--stacking", as: "SIDE", completing: .words(stackings.map(\.0)),
               "inserted or removed: which view is on top (default: inserted)"),
        .value("--threads", as: "N", "render threads, 0 = one per processor (default: 0)"),
        .value("--budget", as: "LIMITS", """
            what one frame may take, beyond which it is refused (see SECURITY.md):
            primitives=N,pixels=N,bytes=N, any of them, with K, M or G (2^10, 2^20,
            2^30) allowed (default: primitives=256K,pixels=1G,bytes=1G)
            """),
    ] + PluginPathOption.options

    /// `--blend`'s words: the two modes a scene takes.
    private static let blends = [("normal", BlendMode.normal), ("plusLighter", .plusLighter)]
    /// `--stacking`'s words.
    private static let stackings = [("inserted", Stacking.insertedOnTop), ("removed", .removedOnTop)]

    static func scene(_ arguments: Arguments, defaultSize: (Int, Int)) throws -> Scene {
        var scene = Scene()
        let (width, height) = try arguments.value("--size").map { try size($0, arguments.command) } ?? defaultSize
        scene.width = width
        scene.height = height
        if let text = arguments.value("--background") {
            guard let color = Color(text: text) else {
                throw UsageError("option '--background' needs a colour name (\(Color.named.keys.sorted().joined(separator: ", "))) or #RRGGBB[AA], not '\(text)'",
                                 command: arguments.command)
            }
            scene.background = color
        }
        scene.blend = try arguments.choice("--blend", blends) ?? .normal
        scene.placement = try arguments.choice("--placement", Placement.allCases.map { ($0.rawValue, $0) }) ?? .fit
        scene.stacking = try arguments.choice("--stacking", stackings) ?? .insertedOnTop
        return scene
    }

    static func engine(_ arguments: Arguments) throws -> Engine {
        Engine(threads: try arguments.integer("--threads", in: 0...256) ?? 0, plugins: PluginPathOption.plugins(arguments),
               budget: try budget(arguments))
    }

    /// `--budget primitives=N,pixels=N,bytes=N`, each optional, over the defaults.
    static func budget(_ arguments: Arguments) throws -> RenderBudget {
        var budget = RenderBudget.standard
        guard let text = arguments.value("--budget") else { return budget }
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = count(parts[1]) else {
                throw UsageError("option '--budget' needs NAME=N entries such as primitives=100000 or bytes=2G, "
                    + "not '\(entry)'", command: arguments.command)
            }
            switch parts[0] {
            case "primitives": budget.primitives = value
            case "pixels": budget.pixels = value
            case "bytes": budget.bytes = value
            default:
                throw UsageError("option '--budget' knows primitives, pixels and bytes, not '\(parts[0])'",
                                 command: arguments.command)
            }
        }
        return budget
    }

    /// "4096", "64K", "2G": a positive count, with 2^10, 2^20 or 2^30 for K, M or G; nil for anything else.
    private static func count(_ text: Substring) -> Int? {
        let scales: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let scale = text.last.flatMap { scales[$0] } ?? 1
        guard let number = Int(scale == 1 ? text : text.dropLast()), number > 0 else { return nil }
        let (value, overflow) = number.multipliedReportingOverflow(by: scale)
        return overflow ? nil : value
    }

    /// "1920x1080" as a size.
    static func size(_ text: String, _ command: String) throws -> (Int, Int) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Surface.maximumSide).contains(w), (1...Surface.maximumSide).contains(h)
        else {
            throw UsageError("option '--size' needs WIDTHxHEIGHT with sides in 1…\(Surface.maximumSide), such as 1920x1080, not '\(text)'",
                             command: command)
        }
        return (w, h)
    }
}
