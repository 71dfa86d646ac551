import Glibc
import SegueBasics
import SegueEngine
import Testing

/// The render fuzzer's committed corpus (Fuzz/corpus/render-spec: its seeds,
/// and an input for each fault the audit of issue 35 found), replayed
/// through the checks it runs (RenderFuzzing.swift) with the built plugins.
struct RenderFuzzRegressionTests {
    static let engine = RenderFuzzing.engine(plugins: BuiltPlugins.folder)

    @Test func everyCorpusFileRendersOrIsRefusedWithAMessage() throws {
        _ = try BuiltPlugins.engine(with: "segue.xfade")
        try expectCorpusPasses("render-spec", atLeast: 10) { RenderFuzzing.check($0, engine: Self.engine) }
    }

    /// The grammar makes the trees it is meant to: a self-doubled tree, a chain, an effect's arguments.
    @Test func theGrammarWritesTheTreesItMeans() {
        // A tree combined with itself 1 + 2 times: a leaf (kind 2, an effect (3): the first, .opacity, with
        // no arguments), then the count.
        var doubled = FuzzChoices([6, 2, 3, 0, 0, 2])
        let effects = Self.engine.catalog.effects
        let tree = RenderFuzzing.spec(&doubled, effects, depth: 0)
        #expect(tree.split(separator: ".opacity", omittingEmptySubsequences: false).count == 9, "\(tree)")
        var chain = FuzzChoices([7, 0, 0, 5])
        #expect(RenderFuzzing.spec(&chain, effects, depth: 0).hasPrefix(".identity.combined(with: "))
    }
}
