import CDynamicLoader
import CSegue
import SegueABI
import Glibc
import SegueBasics

/// The plugin files this process has opened, each once: `dlopen` with
/// `RTLD_NODELETE`, never closed (a Swift runtime inside a plugin does not
/// survive being unloaded), `init` called once. Engines share what is here.
public enum PluginLibrary {
    /// What opening a file gave: its plugin, or why it was refused.
    public enum Outcome: Sendable {
        case loaded(LoadedPlugin)
        case rejected(String)
    }

    private static let opened = Locked<[String: Outcome]>([:])
    /// Loaded plugins in load order, for deinit() at exit.
    private static let loadOrder = Locked<[LoadedPlugin]>([])

    /// Calls every loaded plugin's deinit() once at normal process exit,
    /// most recently loaded first. Registered with the first load.
    private static let exitHook: Void = {
        atexit {
            // An exit racing a load on another thread skips deinit rather than waiting.
            let plugins = PluginLibrary.loadOrder.withLockIfAvailable { plugins -> [LoadedPlugin] in
                defer { plugins = [] }
                return plugins
            }
            for plugin in (plugins ?? []).reversed() { plugin.deinitialise() }
        }
    }()

    /// Opens the plugin file at `path` (or returns what opening it gave
    /// before). Files are identified by their resolved path.
    public static func open(_ path: String) -> Outcome {
        let key = resolvedPath(path) ?? path
        // The lock is held while a plugin loads: init() runs once, and no
        // other thread sees a half-read plugin.
        return opened.withLock { files in
            if let known = files[key] { return known }
            let outcome = load(path)
            files[key] = outcome
            if case .loaded(let plugin) = outcome {
                exitHook
                loadOrder.withLock { $0.append(plugin) }
            }
            return outcome
        }
    }

    /// The file's canonical path (symbolic links, `.` and `..` resolved), or
    /// nil when it does not exist.
    public static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func load(_ path: String) -> Outcome {
        do {
            return .loaded(try LoadedPlugin(path: path))
        } catch let error as SegueError {
            return .rejected(error.message)
        } catch {
            return .rejected("\(error)")
        }
    }
}

/// An accepted plugin file: its entry, name, version and effects.
public final class LoadedPlugin: @unchecked Sendable {
    public let path: String
    public let name: String
    public let version: String
    public let effects: [PluginEffectDefinition]
    /// The entry as read after init(), in this host's layout.
    private let entry: segue_plugin

    /// Checks, opens, initialises and reads a plugin file.
    /// - Throws: a message naming what is wrong; no effect of a file that
    ///   fails is ever registered.
    convenience init(path: String) throws {
        try Self.checkELF(path)
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            throw Self.reject("cannot be loaded: \(String(cString: dlerror()))")
        }
        guard let symbol = dlsym(handle, SEGUE_PLUGIN_ENTRY_SYMBOL) else {
            throw Self.reject("exports no '\(SEGUE_PLUGIN_ENTRY_SYMBOL)' symbol")
        }
        try self.init(entry: symbol.assumingMemoryBound(to: segue_plugin.self), path: path)
    }

    /// Initialises and reads a plugin from its entry, wherever it lives (a
    /// loaded file, or memory a test or fuzzer built).
    /// - Throws: a message naming what is wrong.
    public init(entry: UnsafePointer<segue_plugin>, path: String) throws {
        self.path = path
        let abi = UnsafeRawPointer(entry).load(as: UInt32.self)
        guard abi == UInt32(SEGUE_PLUGIN_ABI_VERSION) else {
            throw Self.reject(abi > UInt32(SEGUE_PLUGIN_ABI_VERSION)
                ? "was built for plugin ABI \(abi), newer than this Segue's \(SEGUE_PLUGIN_ABI_VERSION)"
                : "declares plugin ABI \(abi); this Segue speaks \(SEGUE_PLUGIN_ABI_VERSION)")
        }
        let reader = DescriptorReader(path: path)
        if let initialise = try reader.entry(entry).`init` {
            let status = PluginContext.$current.withValue(path) {
                path.withCString { initialise(HostTable.pointer, $0) }
            }
            guard status == Int32(SEGUE_OK) else {
                throw Self.reject("init() failed with status \(status) (\(Status(rawValue: status)))")
            }
        }
        self.entry = try reader.entry(entry)
        (name, version) = try reader.identity(of: self.entry)
        effects = try reader.effects(of: self.entry)
    }

    /// Calls the plugin's deinit(), if it has one.
    fileprivate func deinitialise() {
        guard let deinitialise = entry.deinit else { return }
        PluginContext.$current.withValue(path) { deinitialise() }
    }

    /// Refuses anything but an ELF file before any of its code can run.
    private static func checkELF(_ path: String) throws {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw reject("is a folder, not a shared library")
        }
        guard let file = fopen(path, "rb") else {
            throw reject("cannot be read: \(describeErrno())")
        }
        defer { fclose(file) }
        var magic = [UInt8](repeating: 0, count: 4)
        guard fread(&magic, 1, 4, file) == 4, magic == [0x7F, 0x45, 0x4C, 0x46] else {
            throw reject("is not an ELF shared library")
        }
    }

    private static func reject(_ reason: String) -> SegueError {
        SegueError(.plugin, reason)
    }
}
