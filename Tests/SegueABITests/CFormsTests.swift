import CSegue
import Glibc
import SegueABI
import SegueVocabulary
import Testing

/// The Swift vocabulary's numbers against the headers': the headers are the
/// contract, the Swift mirror must say the same.
@Suite struct CFormsTests {
    @Test func statusCodesAreTheHeadersAndHaveOneText() {
        let header: [Int32] = [SEGUE_OK, SEGUE_ERROR_INVALID_ARGUMENT, SEGUE_ERROR_OUT_OF_MEMORY, SEGUE_ERROR_IO,
                               SEGUE_ERROR_FORMAT, SEGUE_ERROR_PARSE, SEGUE_ERROR_UNKNOWN_EFFECT,
                               SEGUE_ERROR_UNKNOWN_PARAMETER, SEGUE_ERROR_MISMATCH, SEGUE_ERROR_PLUGIN,
                               SEGUE_ERROR_CANCELLED, SEGUE_ERROR_OVER_BUDGET].map { Int32($0) }
        #expect(Status.all.map(\.rawValue) == header)
        #expect(Set(Status.all.map(\.description)).count == Status.all.count)
        #expect(Status(rawValue: 99).description == "unknown status")
        #expect(Status.parse.description == "parse error")
    }

    @Test func blendModesAndFillRulesAreInTheHeadersOrder() {
        let blends: [(BlendMode, Int)] = [
            (.normal, SEGUE_BLEND_NORMAL), (.plusLighter, SEGUE_BLEND_PLUS_LIGHTER), (.multiply, SEGUE_BLEND_MULTIPLY),
            (.screen, SEGUE_BLEND_SCREEN), (.overlay, SEGUE_BLEND_OVERLAY), (.darken, SEGUE_BLEND_DARKEN),
            (.lighten, SEGUE_BLEND_LIGHTEN), (.colorDodge, SEGUE_BLEND_COLOR_DODGE),
            (.colorBurn, SEGUE_BLEND_COLOR_BURN), (.softLight, SEGUE_BLEND_SOFT_LIGHT),
            (.hardLight, SEGUE_BLEND_HARD_LIGHT), (.difference, SEGUE_BLEND_DIFFERENCE),
            (.exclusion, SEGUE_BLEND_EXCLUSION), (.hue, SEGUE_BLEND_HUE), (.saturation, SEGUE_BLEND_SATURATION),
            (.color, SEGUE_BLEND_COLOR), (.luminosity, SEGUE_BLEND_LUMINOSITY),
        ]
        #expect(blends.count == BlendMode.allCases.count)
        for (mode, code) in blends {
            #expect(Int(mode.cValue) == code)
            #expect(BlendMode(segue_blend(code)) == mode)
        }
        #expect(BlendMode(segue_blend(BlendMode.allCases.count)) == nil)
        #expect(Int(FillRule.nonZero.cValue) == SEGUE_FILL_NONZERO && Int(FillRule.evenOdd.cValue) == SEGUE_FILL_EVEN_ODD)
        #expect(FillRule(2) == nil)
    }

    @Test func sceneAndPixelEnumsAreTheHeaders() {
        let placements: [(Placement, Int)] = [(.fit, SEGUE_PLACEMENT_FIT), (.fill, SEGUE_PLACEMENT_FILL),
                                              (.center, SEGUE_PLACEMENT_CENTER), (.stretch, SEGUE_PLACEMENT_STRETCH)]
        #expect(placements.count == Placement.allCases.count)
        for (placement, code) in placements {
            #expect(Placement(UInt32(code)) == placement && Int(placement.cValue) == code)
        }
        #expect(Placement(4) == nil && Placement(.max) == nil)
        #expect(Stacking(UInt32(SEGUE_STACKING_INSERTED_ON_TOP)) == .insertedOnTop)
        #expect(Stacking(UInt32(SEGUE_STACKING_REMOVED_ON_TOP)) == .removedOnTop && Stacking(2) == nil)

        let layouts: [(PixelLayout, Int)] = [
            (.i420, SEGUE_PIXEL_FORMAT_I420), (.nv12, SEGUE_PIXEL_FORMAT_NV12), (.rgba, SEGUE_PIXEL_FORMAT_RGBA),
            (.bgra, SEGUE_PIXEL_FORMAT_BGRA), (.rgb24, SEGUE_PIXEL_FORMAT_RGB24), (.bgr24, SEGUE_PIXEL_FORMAT_BGR24),
        ]
        #expect(layouts.count == PixelLayout.allCases.count)
        for (layout, code) in layouts { #expect(PixelLayout(UInt32(code)) == layout) }
        #expect(PixelLayout(0) == nil && PixelLayout(7) == nil)

        #expect(YCbCr.Range(UInt32(SEGUE_COLOR_RANGE_LIMITED)) == .limited)
        #expect(YCbCr.Range(UInt32(SEGUE_COLOR_RANGE_FULL)) == .full && YCbCr.Range(2) == nil)
        #expect(YCbCr(matrix: UInt32(SEGUE_COLOR_MATRIX_BT709), range: .limited) == .bt709)
        #expect(YCbCr(matrix: UInt32(SEGUE_COLOR_MATRIX_BT601), range: .full) == YCbCr.bt601.with(.full))
        #expect(YCbCr(matrix: 2, range: .limited) == nil)
    }

    @Test func parameterKindsAreTheHeaders() {
        let kinds: [(ParameterKind, Int)] = [
            (.number, SEGUE_KIND_NUMBER), (.integer, SEGUE_KIND_INTEGER), (.bool, SEGUE_KIND_BOOL),
            (.color, SEGUE_KIND_COLOR), (.point, SEGUE_KIND_POINT), (.enumeration(cases: ["a"]), SEGUE_KIND_ENUM),
            (.string, SEGUE_KIND_STRING),
        ]
        for (kind, code) in kinds {
            #expect(Int(kind.cValue) == code)
            #expect(ParameterKind(segue_kind(code), cases: ["a"]) == kind)
        }
        #expect(ParameterKind(0, cases: []) == nil && ParameterKind(8, cases: []) == nil)
        #expect(ParameterKind.name(of: 42) == "kind 42")
    }

    @Test func valuesKeepTheirKindAndField() {
        let color = segue_value(.color(.orange), text: { _ in nil })
        #expect(Int(color.kind) == SEGUE_KIND_COLOR && Color(color.color) == .orange)
        let integer = segue_value(.integer(-7), text: { _ in nil })
        #expect(Int(integer.kind) == SEGUE_KIND_INTEGER && integer.number == -7)
        let flag = segue_value(.bool(true), text: { _ in nil })
        #expect(Int(flag.kind) == SEGUE_KIND_BOOL && flag.number == 1)
    }

    @Test func theVersionIsTheHeaders() {
        #expect(SegueVersion.string == SEGUE_VERSION_STRING)
        #expect(SegueVersion.number == UInt32(SEGUE_VERSION_MAJOR * 10000 + SEGUE_VERSION_MINOR * 100 + SEGUE_VERSION_PATCH))
        #expect(SegueVersion.pluginABI == UInt32(SEGUE_PLUGIN_ABI_VERSION))
    }

    /// The one reading of a C value, for the C API and plugins alike, keeps
    /// types.h's rules: a bool is 0 or 1, an integer whole within ±2⁵³, an
    /// enumeration or string has text.
    @Test func cValuesAreReadAsTypesHSays() throws {
        func value(_ kind: Int, _ number: Double = 0, text: UnsafePointer<CChar>? = nil) -> segue_value {
            var v = segue_value()
            v.kind = segue_kind(UInt32(kind))
            v.number = number
            v.text = text
            return v
        }
        #expect(try ParameterValue(value(SEGUE_KIND_BOOL, 1), name: "x") == .bool(true))
        #expect(try ParameterValue(value(SEGUE_KIND_BOOL, 0), name: "x") == .bool(false))
        for bad in [2, 0.5, -1, .nan] {
            #expect(throws: ABIRefusal.self) { try ParameterValue(value(SEGUE_KIND_BOOL, bad), name: "x") }
        }
        #expect(try ParameterValue(value(SEGUE_KIND_INTEGER, -7), name: "x") == .integer(-7))
        for bad in [1.5, .nan, .infinity, 1e300] {
            #expect(throws: ABIRefusal.self) { try ParameterValue(value(SEGUE_KIND_INTEGER, bad), name: "x") }
        }
        do {
            _ = try ParameterValue(value(SEGUE_KIND_BOOL, 2), name: "active[0] ('bold')")
            Issue.record("a bool of 2 was read")
        } catch {
            #expect(error.message == "active[0] ('bold') is a bool but holds 2.0, not 0 or 1")
        }
        let values: [ParameterValue] = [.number(-2.5), .integer(7), .bool(true), .bool(false),
                                        .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)),
                                        .point(Point(x: 3, y: -4)), .enumeration("channels"), .string("%.1f")]
        for original in values {
            var kept: [UnsafeMutablePointer<CChar>] = []
            let c = segue_value(original) { s in
                let copy = strdup(s)!
                kept.append(copy)
                return UnsafePointer(copy)
            }
            #expect(try ParameterValue(c, name: "v") == original, "both ways")
            kept.forEach { free($0) }
        }
        #expect(throws: ABIRefusal.self) { try ParameterValue(value(SEGUE_KIND_ENUM), name: "x") }
        #expect(throws: ABIRefusal.self) { try ParameterValue(value(99), name: "x") }
        let hello = strdup("hello")!
        defer { free(hello) }
        #expect(try ParameterValue(value(SEGUE_KIND_STRING, text: hello), name: "x") == .string("hello"))
    }
}
