import CSegue
import SegueABI

/// The plugin as a whole: its declaration, and what the host offers outside
/// a render (logging, its version).
public enum Plugin {
    /// Declares the plugin: call it exactly once, from the plugin's
    /// `segue_kit_main()`.
    ///
    /// ```swift
    /// @c @implementation
    /// public func segue_kit_main() {
    ///     Plugin.declare(SegueClip.plugin)
    /// }
    /// ```
    ///
    /// The kit checks the declaration when the host initialises the plugin;
    /// if anything is wrong (an id that is not `vendor.name`, a parameter
    /// name that is not an identifier, a default outside its range, …) it
    /// logs every problem through the host and refuses to load.
    public static func declare(_ declaration: PluginDeclaration) {
        Kit.record(declaration)
    }

    /// Declares the plugin from its parts; see `declare(_:)`.
    public static func declare(name: String, version: String, effects: any Effect.Type...) {
        Kit.record(PluginDeclaration(name: name, version: version, effects: effects))
    }

    /// Logs `message` through the host, attributed to this plugin's file.
    /// Does nothing before the host has initialised the plugin. [thread-safe]
    public static func log(_ level: LogLevel, _ message: String) {
        guard let host = Kit.host else { return }
        host.pointee.log!(level.rawValue, message)
    }

    /// The host library's version, e.g. "0.1.0"; nil before initialisation.
    public static var hostVersion: String? {
        guard let host = Kit.host, let version = host.pointee.version else { return nil }
        return String(cString: version)
    }

    /// Measures a line of text as `Canvas.drawText` would lay it out, outside
    /// a render. [thread-safe]
    /// - Throws: `PluginError` before initialisation or when the host cannot.
    public static func measureText(_ text: String, style: TextStyle) throws -> TextMetrics {
        guard let host = Kit.host else { throw PluginError("the plugin is not initialised", status: .invalidArgument) }
        return try Canvas.measureText(text, style: style, host: host)
    }
}

/// A plugin's name, version and effects: what its `segue_plugin_entry`
/// describes. Declare it once, next to the effects, and hand it to
/// `Plugin.declare(_:)` in the plugin's `segue_kit_main()`:
///
/// ```swift
/// package let plugin = PluginDeclaration(name: "Clip", version: "1.0.0", effects: Clip.self)
/// ```
public struct PluginDeclaration: Sendable {
    /// A human name for listings, e.g. "Sliding door" (at most 255 bytes).
    public let name: String
    /// The plugin's own version, e.g. "1.0.0" (at most 63 bytes).
    public let version: String
    /// The effects it provides, 1…1024 of them, in listing order.
    public let effects: [any Effect.Type]

    public init(name: String, version: String, effects: any Effect.Type...) {
        self.init(name: name, version: version, effects: effects)
    }

    public init(name: String, version: String, effects: [any Effect.Type]) {
        self.name = name
        self.version = version
        self.effects = effects
    }
}
