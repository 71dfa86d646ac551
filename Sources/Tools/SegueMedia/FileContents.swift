import Glibc
import SegueBasics

/// The whole of the file at `path`, for the photo readers that parse from memory.
/// - Throws: `.io` naming the file when it cannot be opened or read.
func contentsOfFile(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rbe") else { throw SegueError(.io, "cannot read '\(path)': \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = fread(&block, 1, block.count, file), count > 0 { bytes += block[..<count] }
    guard ferror(file) == 0 else { throw SegueError(.io, "cannot read '\(path)': \(String(cString: strerror(errno)))") }
    return bytes
}
