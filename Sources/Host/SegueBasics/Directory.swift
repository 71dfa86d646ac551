import Glibc

/// Reading folders, without Foundation.
public enum Directory {
    /// The names in `folder`, without `.` and `..`, sorted; empty when it cannot be read.
    public static func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes a folder and the files directly in it (it holds no subfolders
    /// where this is used: staging folders Segue writes itself).
    public static func removeShallow(_ folder: String) {
        for name in entries(of: folder) { unlink(folder + "/" + name) }
        rmdir(folder)
    }
}
