import SegueEngine

/// `segue plugins`: where plugins were looked for, what loaded, what was refused and why.
enum PluginsCommand {
    static let name = "plugins"
    static let summary = "list the plugin folders searched and the files loaded or rejected"
    static let help = """
        Usage: segue plugins [--json] [--plugin-path DIRS]

        Plugins are .so files in, in this order: the folders of --plugin-path,
        those of the SEGUE_PLUGIN_PATH environment variable (colon-separated),
        and the installation's lib/segue/plugins. The first file to provide an
        effect wins; a file that is not a valid plugin is listed with the reason
        and skipped.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue plugins
          SEGUE_PLUGIN_PATH=~/my-effects segue plugins --json
        """
    static let options = PluginPathOption.options + [Arguments.Option.json]

    static let command = Command(name: name, summary: summary, help: help, options: options, run: run)

    static func run(_ args: Arguments) throws {
        let engine = Engine(threads: 1, plugins: PluginPathOption.plugins(args))
        let reports = engine.pluginReports
        if args.has("--json") {
            print(JSON.object([
                ("folders", .array(engine.pluginFolders.map(JSON.string))),
                ("plugins", .array(reports.map { report in
                    .object([
                        ("path", .string(report.path)),
                        ("loaded", .bool(report.isLoaded)),
                        ("name", .optional(report.name)),
                        ("version", .optional(report.version)),
                        ("effects", .array(report.effects.map(JSON.string))),
                        ("reason", .optional(report.rejection)),
                    ])
                })),
            ]).text())
            return
        }
        print("Folders searched:")
        if engine.pluginFolders.isEmpty { print("  (none)") }
        for folder in engine.pluginFolders { print("  \(folder)") }
        print("\nLoaded:")
        let loaded = reports.filter(\.isLoaded), rejected = reports.filter { !$0.isLoaded }
        if loaded.isEmpty { print("  (none)") }
        for report in loaded {
            print("  \(report.path)  \(report.name ?? "") \(report.version ?? "")")
            print("      effects: \(report.effects.joined(separator: ", "))")
        }
        print("\nRejected:")
        if rejected.isEmpty { print("  (none)") }
        for report in rejected {
            print("  \(report.path)\n      \(report.rejection ?? "")")
        }
    }
}

/// `--plugin-path`, shared by every command that makes an engine.
enum PluginPathOption {
    static let options: [Arguments.Option] = [
        .value("--plugin-path", as: "DIRS", completing: .folders, "more plugin folders, searched first (colon-separated)"),
    ]

    static func plugins(_ arguments: Arguments) -> PluginOptions {
        PluginOptions(folders: arguments.value("--plugin-path").map { $0.split(separator: ":").map(String.init) } ?? [])
    }
}
