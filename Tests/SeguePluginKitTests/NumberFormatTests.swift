import Glibc
import Testing
@testable import SegueCountUp

/// countUp's printf-style formats: what is accepted, what is refused, and
/// that accepted ones print what C's printf prints.
@Suite struct NumberFormatTests {
    /// C's own output for one directive and a double (the reference for %f %e %g).
    func printf(_ format: String, _ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 2048)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// C's own output for one directive and a 64-bit integer (the reference for %d %i).
    func printf(_ format: String, _ value: Int64) -> String {
        var buffer = [CChar](repeating: 0, count: 2048)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func formatted(_ format: String, _ value: Double) throws -> String {
        try NumberFormat(format).string(for: value)
    }

    @Test func theDefaultFormatHasOneDecimal() throws {
        #expect(try formatted("%.1f", 0) == "0.0")
        #expect(try formatted("%.1f", 99.94) == "99.9")
        #expect(try formatted("%.1f", 100) == "100.0")
        #expect(try formatted("%.1f", -3.25) == "-3.2")  // round-half-even of the binary value, as printf
    }

    @Test(arguments: ["%.0f", "%08.2f", "%-10.3f", "%+f", "% .2f", "%#.0f", "%e", "%.3e", "%+12.4e", "%g",
                      "%.10g", "%#g", "%5.1f"])
    func doubleDirectivesPrintWhatPrintfPrints(format: String) throws {
        for value in [0, -0.0, 0.5, 1.5, 2.5, -2.5, 99.95, 1234.5678, -1e-7, 6.02e23, -1.7976931348623157e308,
                      .leastNonzeroMagnitude, 100] {
            #expect(try formatted(format, value) == printf(format, value), "\(format) of \(value)")
        }
    }

    @Test(arguments: ["%d", "%i", "%5d", "%-5d", "%05d", "%+d", "% d", "%.3d", "%8.3d", "%-+8.3i", "%.0d",
                      "%+.0d", "%0+6d", "%#d", "% 05i", "%-05d"])
    func integerDirectivesRoundAndPrintWhatPrintfPrints(format: String) throws {
        let longFormat = format.dropLast() + "ll" + String(format.last!)
        for value in [0, -0.0, 0.4, -0.4, 0.5, -0.5, 1.49, 2.5, -2.5, 7, -7, 99.9, 123456, -987654.6,
                      9.0e15, -9.2e18] {
            let whole = Int64(value.rounded(.toNearestOrAwayFromZero))
            #expect(try formatted(format, value) == printf(String(longFormat), whole), "\(format) of \(value)")
        }
    }

    @Test func integersBeyondAMachineWordStillPrintEveryDigit() throws {
        #expect(try formatted("%d", 1e20) == "100000000000000000000")
        #expect(try formatted("%+d", -1.5e19) == "-15000000000000000000")
        #expect(try formatted("%25d", 1e20) == "    100000000000000000000")
        #expect(try formatted("%025d", -1e20) == "-000100000000000000000000")
        #expect(try formatted("%.22d", 1e20) == "0100000000000000000000")
        #expect(try formatted("%d", 1e308).utf8.count == 309)
    }

    @Test func literalTextAndPercentSignsSurroundTheNumber() throws {
        #expect(try formatted("%d%%", 42.4) == "42%")
        #expect(try formatted("%%%d%%", 7) == "%7%")
        #expect(try formatted("$%.2f", 3.14159) == "$3.14")
        #expect(try formatted("%.0f €", 12) == "12 €")
        #expect(try formatted("Score: %05.1f pts", 9.87) == "Score: 009.9 pts")
    }

    @Test func nonFiniteNumbersPrintAsPrintfDoes() throws {
        #expect(try formatted("%.1f", .infinity) == "inf")
        #expect(try formatted("%.1f", -.infinity) == "-inf")
        #expect(try formatted("%d", .infinity) == "inf")
        #expect(try formatted("%5d", -.infinity) == " -inf")
        #expect(try formatted("%.2f", .nan).hasSuffix("nan"))
    }

    @Test(arguments: [
        ("%s", "'%s' is not a number directive"),
        ("%n", "'%n' is not a number directive"),
        ("%p", "'%p' is not a number directive"),
        ("%x", "'%x' is not a number directive"),
        ("%ld", "'%l' is not a number directive"),
        ("%lf", "'%l' is not a number directive"),
        ("%*d", "'%*' is not a number directive"),
        ("%.*f", "'%.*' is not a number directive"),
        ("%1$d", "'%1$' is not a number directive"),
        ("%.1f and %.1f", "more than one directive"),
        ("%d%d", "more than one directive"),
        ("%.1f %s", "'%s' is not a number directive"),
        ("no number", "has no directive"),
        ("", "has no directive"),
        ("100%%", "has no directive"),
        ("%", "ends with a lone '%'"),
        ("%.1f%", "ends with a lone '%'"),
        ("%05.", "has no conversion"),
        ("%999d", "larger than 128"),
        ("%.129f", "larger than 128"),
        ("%.99999999999999999999f", "larger than 128"),
    ])
    func badFormatsAreRefusedWithAReason(format: String, reason: String) {
        do {
            let accepted = try NumberFormat(format)
            Issue.record("'\(format)' was accepted as \(accepted)")
        } catch {
            #expect(error.description.contains(reason), "'\(format)': \(error.description)")
        }
    }

    @Test func theLargestFieldsFitTheBuffer() throws {
        let text = try formatted("%128.128f", -1.7976931348623157e308)
        #expect(text == printf("%128.128f", -1.7976931348623157e308))
        #expect(text.utf8.count == 1 + 309 + 1 + 128)
    }
}
