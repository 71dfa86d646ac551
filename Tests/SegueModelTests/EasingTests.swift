import SegueBasics
import Testing
@testable import SegueModel

// The easing vocabulary's spellings. Its values are checked against the
// closed forms, written out independently in Python, by
// python/tests/test_easing.py.

@Test func everyEasingNameParsesAndRoundTrips() throws {
    #expect(Easing.named.count == 30 + 21 + 9)
    for (name, easing) in Easing.named {
        let animation = try Animation(spec: ".\(name)(duration: 2)")
        #expect(animation == (try .easing(easing, duration: 2)), "\(name)")
        #expect(try Animation(spec: animation.spec) == animation, "\(name)")
        #expect(try Animation(spec: name) == (try .easing(easing, duration: 0.35)), "bare \(name)")
    }
    // glsl-easings' names for Penner's maths are aliases, written back in Penner's spelling.
    #expect(try Animation(spec: ".cubicInOut").spec == ".easeInOutCubic(duration: 0.35)")
    #expect(try Animation(spec: ".bounceOut").spec == ".bounceOut(duration: 0.35)")
}

@Test func cssSpellingsAreTheSameAnimations() throws {
    let cases: [(String, String)] = [
        ("linear", ".linear(duration: 0.35)"),
        ("ease", ".ease(duration: 0.35)"),
        ("ease-in 2s", ".easeIn(duration: 2)"),
        ("ease-out 250ms", ".easeOut(duration: 0.25)"),
        ("  ease-in-out   1.5s ", ".easeInOut(duration: 1.5)"),
        ("cubic-bezier(0.25, 0.1, 0.25, 1)", ".ease(duration: 0.35)"),
        ("cubic-bezier(.17,.67,.83,.67) 1s", ".timingCurve(0.17, 0.67, 0.83, 0.67, duration: 1)"),
        ("steps(4)", ".steps(4, jump: .end, duration: 0.35)"),
        ("steps(4, jump-start) 2s", ".steps(4, jump: .start, duration: 2)"),
        ("steps(3, start)", ".steps(3, jump: .start, duration: 0.35)"),
        ("steps(5, jump-none)", ".steps(5, jump: .none, duration: 0.35)"),
        ("steps(2, jump-both)", ".steps(2, jump: .both, duration: 0.35)"),
        ("step-start", ".steps(1, jump: .start, duration: 0.35)"),
        ("step-end", ".steps(1, jump: .end, duration: 0.35)"),
        ("easeOutBack 0.8s", ".easeOutBack(duration: 0.8)"),
        ("easeInOutCubic", ".easeInOutCubic(duration: 0.35)"),
    ]
    for (css, segue) in cases {
        let animation = try Animation(spec: css)
        #expect(animation.spec == segue, "\(css)")
        #expect(try Animation(spec: segue) == animation, "\(css)")
    }
    #expect(try Animation(spec: ".steps(4, jump: .start, duration: 2).delay(1)").duration == 3)
}

@Test func badEasingsNameTheColumn() {
    let parse: [(String, String)] = [
        ("cubic-bezier(0.1, 0.2)", "column 1: cubic-bezier() takes four numbers, x1, y1, x2, y2"),
        ("cubic-bezier 0.1", "column 14: expected '(' after 'cubic-bezier'"),
        ("steps(2.5)", "column 1: steps() takes a whole number of steps in 1…10000, then optionally jump-start, "
            + "jump-end, jump-none or jump-both"),
        ("steps(2, jump-sideways)", "column 10: expected jump-start, jump-end, jump-none or jump-both"),
        ("steps(2; start)", "column 8: expected ',' or ')' in steps()"),
        ("ease-in 2", "column 9: a duration needs its unit, s or ms: 2s"),
        ("ease-in fast", "column 9: expected a duration such as 2s or 500ms after 'ease-in'"),
        ("ease-in 2s later", "column 12: unexpected text after the duration"),
        (".steps(0)", "column 2: '.steps' needs a whole number of steps in 1…10000, not 0"),
        (".steps(3, jump: .sideways)", "column 18: expected one of .start, .end, .none, .both for 'jump', found '.sideways'"),
        (".easeInQaud", "column 2: expected an animation such as .easeInOut or .spring(duration: 0.5, bounce: 0.2), "
            + "found '.easeInQaud'; did you mean '.easeInQuad'?"),
        (".easeOutBack(0.5)", "column 14: '.easeOutBack' takes no unlabelled argument; it takes (duration:)"),
    ]
    for (spec, message) in parse {
        let failure = animationError { try Animation(spec: spec) }
        #expect(failure?.code == .parse, "\(spec)")
        #expect(failure?.message == message, "\(spec)")
    }
    let invalid: [(String, String)] = [
        ("cubic-bezier(1.2, 0, 1, 1)", "column 1: timing curve control point 'c0x' must lie in 0…1, not 1.2"),
        ("steps(1, jump-none)", "column 1: steps(1, jump: .none) needs at least 2 steps"),
        ("ease-in 0s", "column 1: 'duration' must be finite and greater than 0, not 0"),
        (".easeInBounce(duration: 0)", "column 2: 'duration' must be finite and greater than 0, not 0"),
    ]
    for (spec, message) in invalid {
        let failure = animationError { try Animation(spec: spec) }
        #expect(failure?.code == .invalidArgument, "\(spec)")
        #expect(failure?.message == message, "\(spec)")
    }
}
