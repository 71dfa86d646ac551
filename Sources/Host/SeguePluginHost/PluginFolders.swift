import CDynamicLoader
import Glibc
import SegueBasics

/// Where plugin files are looked for.
public enum PluginFolders {
    /// The folders named by `SEGUE_PLUGIN_PATH`, colon-separated, in order.
    public static func fromEnvironment() -> [String] {
        guard let value = getenv("SEGUE_PLUGIN_PATH") else { return [] }
        return split(String(cString: value))
    }

    /// A colon-separated list as folders, empty entries dropped.
    public static func split(_ list: String) -> [String] {
        list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    /// The installation's folder, `<prefix>/lib/segue/plugins`, found from
    /// the file this code runs in: `<prefix>/lib/libsegue.so` or
    /// `<prefix>/bin/segue`. Nil when that folder does not exist.
    public static func installation() -> String? {
        let anchor: @convention(c) () -> Void = {}
        var info = Dl_info()
        guard dladdr(unsafeBitCast(anchor, to: UnsafeRawPointer.self), &info) != 0, let file = info.dli_fname
        else { return nil }
        // For a program, glibc names the file as it was run: a bare `segue`
        // when found on PATH, which is no path at all. The kernel knows it.
        let named = strchr(file, 0x2F) != nil ? String(cString: file) : "/proc/self/exe"
        guard let resolved = realpath(named, nil) else { return nil }
        let binary = String(cString: resolved)
        free(resolved)
        guard let slash = binary.lastIndex(of: "/") else { return nil }
        let folder = binary[..<slash]
        let prefix = folder.hasSuffix("/bin") || folder.hasSuffix("/lib") ? folder.dropLast(4) : folder
        let candidate = prefix + "/lib/segue/plugins"
        var status = stat()
        guard stat(String(candidate), &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return String(candidate)
    }

    /// The `*.so` files directly in `folder`, sorted by name; empty when
    /// the folder cannot be read.
    public static func pluginFiles(in folder: String) -> [String] {
        Directory.entries(of: folder).filter { $0.hasSuffix(".so") && !$0.hasPrefix(".") }
            .map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
    }
}
