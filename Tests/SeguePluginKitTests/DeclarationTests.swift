import CSegue
import Testing
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The checks the kit makes before the host sees a descriptor.
@Suite struct DeclarationTests {
    let host = Host(pointer: FakeHost.table)

    func problems(_ declarations: [PluginDeclaration], hasMain: Bool = true) -> [String] {
        switch Kit.load(declarations, hasMain: hasMain, host: host) {
        case .success: []
        case .failure(let error): error.problems
        }
    }

    @Test func aValidDeclarationLoads() {
        #expect(problems([TestPlugin.declaration]) == [])
    }

    @Test func aBinaryWithoutMainIsRefused() {
        #expect(problems([], hasMain: false).first?.hasPrefix("the plugin defines no segue_kit_main()") == true)
    }

    @Test func declareMustBeCalledExactlyOnce() {
        #expect(problems([]) == ["segue_kit_main() did not call Plugin.declare(name:version:effects:)"])
        #expect(problems([TestPlugin.declaration, TestPlugin.declaration])
            == ["segue_kit_main() called Plugin.declare 2 times; call it once"])
    }

    @Test func pluginIdentityAndEffectCountAreChecked() {
        #expect(problems([PluginDeclaration(name: "", version: "1", effects: Probe.self)])
            == [#"the plugin's name must be 1…255 bytes, not """#])
        #expect(problems([PluginDeclaration(name: "P", version: String(repeating: "9", count: 64), effects: Probe.self)])
            .count == 1)
        #expect(problems([PluginDeclaration(name: "P", version: "1", effects: [])])
            == ["a plugin provides 1…1024 effects, not 0"])
        #expect(problems([PluginDeclaration(name: "P", version: "1", effects: Probe.self, Probe.self)])
            == [#"two effects have the id "test.probe""#, #"two effects have the name "probe""#])
    }

    func schema(id: String = "vendor.effect", name: String = "effect", summary: String = "One line",
                _ parameters: [ParameterDeclaration]) -> EffectSchema {
        EffectSchema(id: id, name: name, summary: summary, parameters: parameters, drawsOverContainer: false)
    }

    @Test func effectIDsNamesAndSummariesAreChecked() {
        #expect(DeclarationCheck.problems(in: schema(id: "noVendor", [])) == [
            #"effect "noVendor": the id must be `vendor.name` (letters, digits, '_' or '-' between dots)"#,
        ])
        #expect(DeclarationCheck.problems(in: schema(id: "a..b", [])).count == 1)
        #expect(DeclarationCheck.problems(in: schema(id: "my-co.fancy_fx2", [])).isEmpty)
        #expect(DeclarationCheck.problems(in: schema(name: "2fast", [])) == [
            #"effect "vendor.effect": the name "2fast" is not an identifier"#,
        ])
        #expect(DeclarationCheck.problems(in: schema(summary: "two\nlines", [])) == [
            #"effect "vendor.effect": the summary must be one line"#,
        ])
    }

    @Test func parameterProblemsNameTheEffectAndTheParameter() {
        let bad = [
            Parameter.number("value", summary: "", active: 2, identity: 1, range: 0...1).declaration,
            Parameter.number("value", summary: "", default: .infinity).declaration,
            Parameter.integer("my count", summary: "", default: 1).declaration,
            Parameter.number("wide", summary: "", default: 0, range: -Double.infinity...0).declaration,
            Parameter.color("shade", summary: "", default: Color(red: 2, green: 0, blue: 0)).declaration,
            Parameter.point("spot", summary: "", default: Point(x: .nan, y: 0)).declaration,
            Parameter.integer("huge", summary: "", default: 1 << 60).declaration,
            Parameter.string("essay", summary: "", default: String(repeating: "a", count: 4097)).declaration,
        ]
        #expect(DeclarationCheck.problems(in: schema(bad)) == [
            #"effect "vendor.effect", parameter "value": the active value 2.0 is outside 0.0…1.0"#,
            #"effect "vendor.effect": two parameters are named "value""#,
            #"effect "vendor.effect", parameter "value": the active value is not finite"#,
            #"effect "vendor.effect", parameter "value": the identity value is not finite"#,
            #"effect "vendor.effect", parameter "my count": the name is not an identifier"#,
            #"effect "vendor.effect", parameter "wide": the range must be finite"#,
            #"effect "vendor.effect", parameter "shade": the active value has components outside 0…1"#,
            #"effect "vendor.effect", parameter "shade": the identity value has components outside 0…1"#,
            #"effect "vendor.effect", parameter "spot": the active value is not finite"#,
            #"effect "vendor.effect", parameter "spot": the identity value is not finite"#,
            #"effect "vendor.effect", parameter "huge": the active value 1152921504606846976 is beyond ±2⁵³"#,
            #"effect "vendor.effect", parameter "huge": the identity value 1152921504606846976 is beyond ±2⁵³"#,
            #"effect "vendor.effect", parameter "essay": the active value is longer than 4096 bytes"#,
            #"effect "vendor.effect", parameter "essay": the identity value is longer than 4096 bytes"#,
        ])
    }

    enum BadCases: String, CaseIterable, Sendable {
        case fine, notFine = "not fine"
    }

    enum NoCases: String, CaseIterable, Sendable {
        static var allCases: [NoCases] { [] }
        case only
    }

    @Test func enumerationCasesMustBeIdentifiers() {
        let declaration = Parameter.enumeration("look", summary: "", default: BadCases.fine).declaration
        #expect(DeclarationCheck.problems(in: declaration) == [#"the case "not fine" is not an identifier"#])
        let empty = Parameter.enumeration("look", summary: "", default: NoCases.only).declaration
        #expect(DeclarationCheck.problems(in: empty) == ["an enumeration needs at least one case"])
    }

    @Test func aHostTableTooSmallOrIncompleteIsRefused() {
        var small = FakeHost.table.pointee
        small.struct_size = 24
        // What the kit always calls ends with path_close; later functions are optional.
        let required = MemoryLayout<segue_host>.offset(of: \segue_host.path_close)! + 8
        #expect(withUnsafePointer(to: &small) { Host.problem(with: $0) }
            == "the host's function table has 24 bytes; this plugin needs at least \(required) (plugin ABI 1)")
        var incomplete = FakeHost.table.pointee
        incomplete.path_close = nil
        incomplete.canvas_rasterize = nil
        #expect(withUnsafePointer(to: &incomplete) { Host.problem(with: $0) }
            == "the host's function table lacks canvas_rasterize, path_close")
        #expect(Host.problem(with: FakeHost.table) == nil)
        #expect(Host.problem(with: FakeHost.tableWithoutCancellation) == nil)
    }

    /// A host that predates `canvas_is_cancelled` is accepted, and the
    /// question is answered "no" without reading beyond its table.
    @Test func aHostWithoutCancellationNeverCancels() throws {
        let fake = FakeCanvas(frame: Rect(x: 0, y: 0, width: 8, height: 8))
        fake.cancelled = true
        #expect(Canvas(host: FakeHost.table, pointer: fake.handle).isCancelled)
        let older = Canvas(host: FakeHost.tableWithoutCancellation, pointer: fake.handle)
        #expect(!older.isCancelled)
        try older.checkCancellation()
        #expect(!Host(pointer: FakeHost.tableWithoutCancellation).covers(\.canvas_is_cancelled))
        #expect(Host(pointer: FakeHost.tableWithoutCancellation).covers(\.path_close))
    }

    @Test func initRefusesABadHostAndSaysWhy() {
        var incomplete = FakeHost.table.pointee
        incomplete.image_pixels = nil
        let status = withUnsafePointer(to: &incomplete) { segue_plugin_entry.`init`!($0, "/x.so") }
        #expect(status == SEGUE_ERROR_PLUGIN)
        #expect(FakeHost.log.withLock { $0 }.contains("\(SEGUE_LOG_ERROR): the host's function table lacks image_pixels"))
        #expect(segue_plugin_entry.`init`!(nil, "/x.so") == SEGUE_ERROR_INVALID_ARGUMENT)
    }
}
