import Testing

@testable import SegueImageIO

struct PremultiplicationTests {
    @Test func premultiplyIsTheRoundedQuotientForAllPairs() {
        var mismatches = 0
        for channel in UInt32(0)...255 {
            for alpha in UInt32(0)...255 {
                let expected = UInt32((Double(channel * alpha) / 255).rounded())
                if Premultiplication.premultiply(channel, alpha) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func unpremultiplyIsTheRoundedQuotientClampedForAllPairs() {
        var mismatches = 0
        for channel in UInt32(0)...255 {
            #expect(Premultiplication.unpremultiply(channel, 0) == 0)
            for alpha in UInt32(1)...255 {
                // Exact halves are representable, so rounding the double is exact.
                let quotient = (Double(channel) * 255 / Double(alpha)).rounded(.toNearestOrAwayFromZero)
                let expected = UInt32(min(255, quotient))
                if Premultiplication.unpremultiply(channel, alpha) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// The property PNG round trips rely on: every valid premultiplied value
    /// (channel ≤ alpha) survives unpremultiply → premultiply.
    @Test func unpremultiplyThenPremultiplyIsIdentityOnValidValues() {
        var failures: [(UInt32, UInt32)] = []
        for alpha in UInt32(0)...255 {
            for channel in 0...alpha {
                let back = Premultiplication.premultiply(Premultiplication.unpremultiply(channel, alpha), alpha)
                if back != channel { failures.append((channel, alpha)) }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Invalid premultiplied data (channel > alpha) clamps to 255 when
    /// unpremultiplied and so comes back as the alpha.
    @Test func channelsAboveAlphaComeBackAsAlpha() {
        for alpha in UInt32(0)..<255 {
            for channel in (alpha + 1)...255 {
                let back = Premultiplication.premultiply(Premultiplication.unpremultiply(channel, alpha), alpha)
                #expect(back == alpha)
            }
        }
    }

    /// The other direction loses information where alpha is low: that is
    /// why files keep straight colour and surfaces cannot.
    @Test func premultiplyThenUnpremultiplyIsNotIdentityAtLowAlpha() {
        #expect(Premultiplication.unpremultiply(Premultiplication.premultiply(100, 1), 1) == 0)
        for channel in UInt32(0)...255 {
            #expect(Premultiplication.unpremultiply(Premultiplication.premultiply(channel, 255), 255) == channel)
        }
    }

    @Test func pixelsArePremultipliedPerChannel() {
        #expect(Premultiplication.premultiplied(argb(128, 255, 64, 0)) == argb(128, 128, 32, 0))
        #expect(Premultiplication.premultiplied(argb(0, 255, 255, 255)) == 0)
        #expect(Premultiplication.premultiplied(argb(255, 1, 2, 3)) == argb(255, 1, 2, 3))
        #expect(Premultiplication.premultiplied(argb(51, 10, 100, 200)) == argb(51, 2, 20, 40))
    }
}
