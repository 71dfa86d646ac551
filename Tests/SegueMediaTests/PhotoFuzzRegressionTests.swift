import Testing

/// The photo fuzzers' committed corpora (Fuzz/corpus/icc, Fuzz/corpus/heif),
/// replayed through the checks they run (PhotoFuzzing.swift).
struct PhotoFuzzRegressionTests {
    @Test func everyICCCorpusFilePassesTheFuzzersChecks() throws {
        let files = try fuzzCorpus("icc")
        #expect(files.count >= 4)
        for (name, bytes) in files { #expect(PhotoFuzzing.checkICC(bytes) == nil, "\(name)") }
    }

    @Test func everyHEIFCorpusFilePassesTheFuzzersChecks() throws {
        let files = try fuzzCorpus("heif")
        #expect(files.count >= 3)
        for (name, bytes) in files { #expect(PhotoFuzzing.checkHEIF(bytes) == nil, "\(name)") }
    }
}
