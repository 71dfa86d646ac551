import Glibc
import SegueBasics
import Testing

// One file, linked into each test target that replays a fuzzer's corpus
// (SegueModelTests, SegueImageIOTests, SeguePluginHostTests, SegueEffectTests,
// SegueMediaTests).

/// Replays Fuzz/corpus/<target>, which must hold at least `minimum` files,
/// through the fuzzer's own `check` (nil when a file passes); the files named
/// seed-*, meant to be valid input, must also not make `seed` throw.
func expectCorpusPasses(_ target: String, atLeast minimum: Int, _ check: ([UInt8]) -> String?,
                        seeds seed: (([UInt8], String) throws -> Void)? = nil, file: String = #filePath) throws {
    let files = try fuzzCorpus(target, file: file)
    #expect(files.count >= minimum, "\(target): \(files.count) files")
    for (name, bytes) in files {
        #expect(check(bytes) == nil, "\(name)")
        if let seed, name.hasPrefix("seed-") {
            #expect(throws: Never.self, "\(name)") { try seed(bytes, name) }
        }
    }
}

/// The files of Fuzz/corpus/<target> (name and bytes), sorted by name.
func fuzzCorpus(_ target: String, file: String = #filePath) throws -> [(name: String, bytes: [UInt8])] {
    let root = file.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    let folder = root + "/Fuzz/corpus/" + target
    let names = Directory.entries(of: folder).filter { !$0.hasPrefix(".") }
    guard !names.isEmpty else { throw SegueError(.io, "no corpus in '\(folder)'") }
    return try names.map { name in
        guard let file = fopen(folder + "/" + name, "rb") else { throw SegueError(.io, "cannot read '\(name)'") }
        defer { fclose(file) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
        return (name, bytes)
    }
}
