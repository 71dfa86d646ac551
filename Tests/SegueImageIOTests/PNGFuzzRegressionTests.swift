import Glibc
import SegueBasics
import Testing

@testable import SegueImageIO

/// What the PNG fuzzer (Fuzz/, `make fuzz`) found, replayed through the same
/// checks (PNGFuzzing.swift) it runs; and its committed corpus, which must
/// pass them too.
struct PNGFuzzRegressionTests {
    /// Fuzz/corpus/png/crash-text-chunk-2gib, found by the png fuzzer as a
    /// libFuzzer out-of-memory: a 9×2 gray PNG whose second chunk, a tEXt,
    /// declares 0x7300000E bytes of which 27 follow. libpng allocated the
    /// declared 1.9 GB before finding the data short.
    static let textChunkClaiming2GiB: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0xA2, 0x70, 0x48,
        0x59, 0x73, 0x00, 0x00, 0x0E, 0x74, 0x45, 0x58, 0x74, 0x78, 0xDA, 0x63, 0xD8, 0xDC, 0xC0, 0xF0,
        0x00, 0x00, 0x00, 0x0D, 0x9F, 0x01, 0x00, 0x07, 0x83, 0x02, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    @Test func aChunkLongerThanTheDataIsRefusedBeforeLibpngAllocatesIt() throws {
        #expect(PNGFuzzing.check(Self.textChunkClaiming2GiB) == nil)
        // The reader itself says so (libpng would only have said it after the allocation).
        let png = PNGFuzzing.withCorrectCRCs(Self.textChunkClaiming2GiB)
        let error = #expect(throws: SegueError.self) { try PNGReadTests.read(png, name: "text.png") }
        #expect(error?.code == .format)
        #expect(error?.message
            == "'text.png' is not a valid PNG: the data ends too early (the chunk at byte 33 declares 1929379854 bytes)")
        // And so does reading it from a file.
        try withTemporaryFolder { folder in
            let path = folder + "/text.png"
            try writeFile(path, png)
            let error = #expect(throws: SegueError.self) { try PNG.read(path: path) }
            #expect(error?.message
                == "'\(path)' is not a valid PNG: the file ends too early (the chunk at byte 33 declares 1929379854 bytes)")
        }
    }

    @Test func everyCorpusFilePassesTheFuzzersChecks() throws {
        try expectCorpusPasses("png", atLeast: 10, PNGFuzzing.check) { bytes, name in
            _ = try PNGReadTests.read(bytes, name: name)
        }
    }
}
