import SegueBasics
import SegueCompositor
import SegueEngine

/// The plugins `make build` installed, loaded by path, without discovery.
enum BuiltPlugins {
    /// build/lib/segue/plugins of this checkout.
    static let folder: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3) // Tests/SegueEffectTests/BuiltPlugins.swift
        return (parts + ["build", "lib", "segue", "plugins"]).joined(separator: "/")
    }()

    /// An engine holding exactly the built plugins.
    static let engine = Engine(threads: 2, plugins: PluginOptions(folders: [folder], discover: false))

    /// The engine, once the effect `id` is known to be there; fails the
    /// test (never skips it) with what to do when it is not.
    static func engine(with id: String) throws -> Engine {
        let reports = engine.pluginReports
        guard engine.pluginPath(ofEffect: id) != nil else {
            let tried = reports.isEmpty
                ? "no plugin files were found there"
                : reports.map { "\($0.path): " + ($0.rejection ?? "loaded, effects \($0.effects)") }.joined(separator: "; ")
            throw MissingPlugins(message: "effect '\(id)' is not in \(folder) (\(tried)); "
                + "run `make build` first to build and install the plugins")
        }
        return engine
    }

    /// Thrown (so the test fails, never skips) when the built plugins are not there.
    struct MissingPlugins: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
