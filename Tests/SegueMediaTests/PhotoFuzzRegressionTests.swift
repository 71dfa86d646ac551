import SegueBasics
import SegueMedia
import Testing

/// The photo fuzzers' committed corpora (Fuzz/corpus/icc, Fuzz/corpus/heif),
/// replayed through the checks they run (PhotoFuzzing.swift).
struct PhotoFuzzRegressionTests {
    @Test func everyICCCorpusFilePassesTheFuzzersChecks() throws {
        try expectCorpusPasses("icc", atLeast: 4, PhotoFuzzing.checkICC)
    }

    @Test func everyHEIFCorpusFilePassesTheFuzzersChecks() throws {
        try expectCorpusPasses("heif", atLeast: 3, PhotoFuzzing.checkHEIF)
    }

    /// The fuzzer's find: an 8×8 grid whose tile's HEVC headers say
    /// 14441×27759. libheif decoded and converted that tile (2.8 GB) before
    /// the grid cropped it; now libheif refuses the tile, held to the
    /// photo's declared size.
    @Test func aTileLargerThanItsPhotoIsRefused() throws {
        let name = "crash-tile-decodes-2gb.heic"
        let bytes = try #require(try fuzzCorpus("heif").first { $0.name == name }?.bytes)
        let error = #expect(throws: SegueError.self) {
            try bytes.withUnsafeBytes { try HEIFPhoto.read(bytes: $0, name: name) }
        }
        #expect(error?.code == .io)
        #expect(error?.message.contains("'\(name)'") == true)
        #expect(error?.message.contains("14441x27759") == true, "\(error?.message ?? "")")
    }
}
