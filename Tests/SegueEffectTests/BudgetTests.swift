import CSegue
import SegueBasics
import SegueCompositor
import SegueEngine
import SegueModel
import Testing

/// The render budget: frames that would take more than it allows are
/// refused with `.overBudget` and a message naming what, before anything
/// large is allocated; frames within it render as before.
@Suite struct BudgetTests {
    static let from = try! Surface(width: 64, height: 48)
    static let to = try! Surface(width: 64, height: 48)

    /// The error of rendering `spec` at progress 0.5 on a 64×48 frame, nil when it renders.
    static func refusal(_ spec: String, engine: Engine) throws -> SegueError? {
        let transition = try engine.transition(spec: spec)
        let target = try Surface(width: 64, height: 48)
        do {
            try engine.render(transition, from: from, to: to, progress: 0.5, scene: Scene(), into: target)
            return nil
        } catch let error as SegueError {
            return error
        }
    }

    @Test func theDefaultsAreTheHeaders() {
        #expect(RenderBudget.standard.primitives == Int(SEGUE_BUDGET_PRIMITIVES))
        #expect(RenderBudget.standard.pixels == Int(SEGUE_BUDGET_PIXELS))
        #expect(RenderBudget.standard.bytes == Int(SEGUE_BUDGET_LAYER_BYTES))
    }

    @Test("explosions of explosions: twice is drawn, three times (48³ pieces on each view) and four are refused")
    func explosionsMultiply() throws {
        let engine = try BuiltPlugins.engine(with: "segue.explode")
        #expect(try Self.refusal(".explode.combined(with: .explode)", engine: engine) == nil)
        for spec in [".explode.combined(with: .explode).combined(with: .explode)",
                     ".explode.combined(with: .explode).combined(with: .explode).combined(with: .explode)"] {
            let refusal = try Self.refusal(spec, engine: engine)
            #expect(refusal?.code == .overBudget)
            #expect(refusal?.message.contains("more than 262144 drawing operations") == true,
                    "\(String(describing: refusal))")
        }
    }

    @Test("a smaller budget refuses what the default draws, and names what it exceeded")
    func aSmallerBudget() throws {
        let plugins = PluginOptions(folders: [BuiltPlugins.folder], discover: false)
        // An explosion visits its 48 pieces and the view each draws, on both views: about 200.
        let few = Engine(threads: 1, plugins: plugins, budget: RenderBudget(primitives: 300, pixels: 1 << 30, bytes: 1 << 30))
        #expect(try Self.refusal(".explode", engine: few) == nil)
        #expect(try Self.refusal(".explode.combined(with: .explode)", engine: few)?.message
            .contains("more than 300 drawing operations") == true)
        let small = Engine(threads: 1, plugins: plugins, budget: RenderBudget(primitives: 1 << 18, pixels: 20_000, bytes: 1 << 30))
        #expect(try Self.refusal(".opacity", engine: small) == nil)
        #expect(try Self.refusal(".tiktok.combined(with: .tiktok).combined(with: .tiktok)", engine: small)?.message
            .contains("more than 20000 pixels") == true)
        let tight = Engine(threads: 1, plugins: plugins, budget: RenderBudget(primitives: 1 << 18, pixels: 1 << 30, bytes: 100_000))
        #expect(try Self.refusal(".blur(radius: 2)", engine: tight) == nil)
        #expect(try Self.refusal(".blur(radius: 100)", engine: tight)?.message.contains("more than 100000 bytes") == true)
    }

    @Test("a perspective of a perspective of … (rotation3D combined with itself 4 times) draws, not traps")
    func perspectivesGrow() throws {
        // It trapped on width * height * 4 as each perspective grew its source toward the horizon; a
        // perspective now reads only the part of its source that can show.
        var spec = ".rotation3D(angle: 30)"
        for _ in 0..<4 { spec = "\(spec).combined(with: \(spec))" }
        let engine = Engine(threads: 1, plugins: PluginOptions(discover: false))
        #expect(try Self.refusal(spec, engine: engine) == nil)
        // A budget too small for its filtered images refuses it instead, naming the bytes.
        let small = Engine(threads: 1, plugins: PluginOptions(discover: false),
                           budget: RenderBudget(primitives: 1 << 18, pixels: 1 << 30, bytes: 4096))
        #expect(try Self.refusal(spec, engine: small)?.message.contains("more than 4096 bytes of filtered images") == true)
    }
}
