import Glibc
import SegueBasics
import Testing

@testable import SegueModel

/// What the spec fuzzers (Fuzz/, `make fuzz`) found, replayed through the
/// same checks (SpecFuzzing.swift) they run; and their committed corpora,
/// which must pass them too.
struct SpecFuzzRegressionTests {
    @Test func everyTransitionCorpusFilePassesTheFuzzersChecks() throws {
        // Seeds are meant to be valid specs, so fuzzing starts from transitions.
        try expectCorpusPasses("transition-spec", atLeast: 20, SpecFuzzing.checkTransition) { bytes, _ in
            _ = try Transition(spec: String(decoding: bytes, as: UTF8.self), catalog: SpecFuzzing.catalog)
        }
    }

    @Test func everyAnimationCorpusFilePassesTheFuzzersChecks() throws {
        try expectCorpusPasses("animation-spec", atLeast: 20, SpecFuzzing.checkAnimation) { bytes, _ in
            _ = try Animation(spec: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The checks themselves notice what they are there to notice.
    @Test func theChecksReportBrokenProperties() {
        #expect(SpecFuzzing.checkTransition(Array(".opacity".utf8)) == nil)
        #expect(SpecFuzzing.checkTransition(Array(".opacity(".utf8)) == nil)
        #expect(SpecFuzzing.checkAnimation(Array(".spring(bounce: 2)".utf8)) == nil)
        #expect(SpecFuzzing.checkAnimation(Array([0xFF, 0xFE, 0x2E])) == nil)
    }
}
