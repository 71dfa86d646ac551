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
}
