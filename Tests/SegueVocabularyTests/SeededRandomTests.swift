import SegueVocabulary
import Testing

@Suite struct SeededRandomTests {
    @Test func matchesSplitMix64sReferenceOutput() {
        // The first outputs of SplitMix64 seeded with 0 (the reference C implementation).
        var random = SeededRandom(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func derivedNumbersStayInTheirRanges() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<1000 {
            let u = random.unit(), b = random.between(-2, 3), k = random.below(7)
            #expect(u >= 0 && u < 1)
            #expect(b >= -2 && b < 3)
            #expect((0..<7).contains(k))
        }
    }
}
