import CSegue
import Testing
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// Decoding `const segue_value *` into typed values.
@Suite struct ValuesTests {
    let declarations = Probe.parameters

    func values(_ raw: [segue_value], session: RenderSession = RenderSession(),
                _ body: (Values<Probe>) -> Void) {
        raw.withUnsafeBufferPointer { buffer in
            body(Values<Probe>(base: buffer.baseAddress, declarations: declarations, session: session))
        }
    }

    var everyKind: [segue_value] {
        [
            number(0.25), number(7, kind: .integer), number(1, kind: .bool), color(0.1, 0.2, 0.3, 0.4),
            point(-5, 6.5), text("both_ways", kind: .enumeration(cases: [])), text("%.0f km", kind: .string),
        ]
    }

    @Test func everyKindDecodes() {
        let session = RenderSession()
        values(everyKind, session: session) { values in
            #expect(values.amount == 0.25)
            #expect(values.count == 7)
            #expect(values.flag == true)
            #expect(values.tint == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
            #expect(values.offset == Point(x: -5, y: 6.5))
            #expect(values.mode == .both_ways)
            #expect(values.label == "%.0f km")
            // The explicit subscript reads the same.
            #expect(values[Probe.amount] == 0.25)
        }
        #expect(session.issue == nil)
    }

    @Test func numbersBeyondTheRangeArriveAsTheyAre() {
        var raw = everyKind
        raw[0] = number(1.35)
        values(raw) { #expect($0.amount == 1.35) }
    }

    @Test func integersRoundAndBoolsAreNonZero() {
        var raw = everyKind
        raw[1] = number(3.6, kind: .integer)
        raw[2] = number(0, kind: .bool)
        values(raw) { values in
            #expect(values.count == 4)
            #expect(values.flag == false)
        }
        raw[1] = number(-2.4, kind: .integer)
        raw[2] = number(0.5, kind: .bool)
        values(raw) { values in
            #expect(values.count == -2)
            #expect(values.flag == true)
        }
    }

    @Test func anIntegerTooLargeReadsAsItsIdentityAndFailsTheFrame() {
        var raw = everyKind
        raw[1] = number(1e300, kind: .integer)
        let session = RenderSession()
        values(raw, session: session) { #expect($0.count == 4) }
        #expect(session.issue?.message == "parameter 'count' arrived with a value that is not a valid integer")
    }

    @Test func anUnknownCaseReadsAsTheIdentityAndFailsTheFrame() {
        var raw = everyKind
        raw[5] = text("sideways", kind: .enumeration(cases: []))
        let session = RenderSession()
        values(raw, session: session) { #expect($0.mode == .tint) }
        #expect(session.issue?.message == "parameter 'mode' arrived with a value that is not a valid enum")
    }

    @Test func aValueOfTheWrongKindReadsAsTheIdentityAndFailsTheFrame() {
        var raw = everyKind
        raw[4] = number(3)
        let session = RenderSession()
        values(raw, session: session) { #expect($0.offset == .zero) }
        #expect(session.issue?.message == "parameter 'offset' arrived as number, not point")
    }

    @Test func aNullStringReadsAsEmpty() {
        var raw = everyKind
        raw[6] = text(nil, kind: .string)
        let session = RenderSession()
        values(raw, session: session) { #expect($0.label == "") }
        #expect(session.issue == nil)
    }

    @Test func theFirstIssueIsKept() {
        var raw = everyKind
        raw[0] = point(1, 1)
        raw[4] = number(3)
        let session = RenderSession()
        values(raw, session: session) { values in
            _ = values.offset
            _ = values.amount
        }
        #expect(session.issue?.message == "parameter 'offset' arrived as number, not point")
    }

    @Test func aParameterWithTheSameNameButAnotherKindIsRefused() {
        let impostor = Parameter.string("amount", summary: "Not a number", default: "x")
        let session = RenderSession()
        values(everyKind, session: session) { #expect($0[impostor] == "x") }
        #expect(session.issue?.message == "probe reads parameter 'amount' as string, but declares it as number")
    }
}
