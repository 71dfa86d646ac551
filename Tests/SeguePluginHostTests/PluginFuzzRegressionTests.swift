import Glibc
import SegueBasics
import Testing

@testable import SeguePluginHost

/// What the plugin-descriptor fuzzer (Fuzz/, `make fuzz`) found, replayed
/// through the same fake plugin and checks (PluginFuzzing.swift) it runs;
/// and its committed corpus, which must pass them too.
struct PluginFuzzRegressionTests {
    @Test func everyCorpusFilePassesTheFuzzersChecks() throws {
        try expectCorpusPasses("plugin-descriptor", atLeast: 5, PluginFuzzing.check)
    }

    /// The seeds (Fuzz/seed-corpus.py) describe plugins the host accepts, so
    /// the byte format they are written in still matches the fake plugin's.
    @Test func theSeedsDescribeAcceptablePlugins() throws {
        let seeds = try fuzzCorpus("plugin-descriptor").filter { $0.name.hasPrefix("seed-") }
        let expected = ["seed-empty": 0, "seed-wobble": 1, "seed-every-kind": 1, "seed-two-effects": 2, "seed-larger-params": 1]
        #expect(Set(seeds.map(\.name)) == Set(expected.keys))
        for (name, bytes) in seeds {
            let loaded = try PluginFuzzing.load(bytes)
            #expect(loaded.name == "fuzz plugin" && loaded.version == "1.0", "\(name)")
            #expect(loaded.effects.count == expected[name], "\(name)")
            if name == "seed-every-kind" {
                let kinds = loaded.effects[0].parameters.map(\.kind.name)
                #expect(kinds == ["number", "integer", "bool", "color", "point", "enum", "string"])
            }
        }
    }

    /// A refusal the check accepts, and one it must report.
    @Test func theChecksTellRefusalsApart() {
        // ABI 0 (byte 250): refused with the ABI text.
        #expect(PluginFuzzing.check([250]) == nil)
        // A plugin whose init() fails (byte 248, then status 3): refused, naming init().
        #expect(PluginFuzzing.check([0, 0, 0, 0, 248, 3]) == nil)
    }
}
