import SegueBasics
import SegueCompositor
import SegueModel
import SeguePluginHost

/// Where an engine looks for plugins.
public struct PluginOptions: Sendable {
    /// Folders searched first, in order (earlier wins).
    public var folders: [String]
    /// Whether to search `SEGUE_PLUGIN_PATH` and the installation's
    /// `lib/segue/plugins` after `folders`.
    public var discover: Bool

    public init(folders: [String] = [], discover: Bool = true) {
        self.folders = folders
        self.discover = discover
    }

    /// The folders to search, in order, each once.
    var searchOrder: [String] {
        var result: [String] = []
        var candidates = folders
        if discover {
            candidates += PluginFolders.fromEnvironment()
            if let installed = PluginFolders.installation() { candidates.append(installed) }
        }
        for folder in candidates where !result.contains(folder) { result.append(folder) }
        return result
    }
}

/// What happened to one plugin file in an engine.
public struct PluginReport: Sendable, Hashable {
    public let path: String
    /// The plugin's name and version, when it got far enough to say.
    public let name: String?
    public let version: String?
    /// Ids of the effects it gave this engine.
    public let effects: [String]
    /// Why the file was refused; nil when its effects were registered.
    public let rejection: String?

    public var isLoaded: Bool { rejection == nil }
}

extension PluginEffect: EffectRenderer {}
