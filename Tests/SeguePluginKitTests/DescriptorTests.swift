import CSegue
import Glibc
import Testing
@testable import SeguePluginKit
import SeguePluginKitTesting
import SegueABI

/// The exported entry and the descriptors the host reads, after the kit's init.
@Suite struct DescriptorTests {
    init() throws {
        try #require(TestPlugin.initStatus == SEGUE_OK, "init failed: \(FakeHost.log.withLock { $0 })")
    }

    @Test func entryDescribesThePlugin() throws {
        let entry = segue_plugin_entry
        #expect(entry.abi_version == UInt32(SEGUE_PLUGIN_ABI_VERSION))
        #expect(entry.struct_size == UInt32(MemoryLayout<segue_plugin>.size))
        #expect(String(cString: try #require(entry.name)) == "Kit tests")
        #expect(String(cString: try #require(entry.version)) == "0.0.1")
        #expect(entry.`init` != nil)
        #expect(entry.deinit == nil)
        #expect(entry.effect_count!() == 3)
        #expect(entry.effect!(3) == nil)
        #expect(entry.effect!(UInt32.max) == nil)
    }

    @Test func effectsComeInDeclarationOrderAndStayPut() throws {
        let entry = segue_plugin_entry
        let ids = (0..<entry.effect_count!()).map { String(cString: entry.effect!($0)!.pointee.id) }
        #expect(ids == ["segue.clip", "test.probe", "test.thrower"])
        #expect(entry.effect!(1) == entry.effect!(1))
    }

    @Test func secondInitSucceedsAndChangesNothing() throws {
        let before = segue_plugin_entry.effect!(0)
        #expect(segue_plugin_entry.`init`!(FakeHost.table, "/elsewhere.so") == SEGUE_OK)
        #expect(segue_plugin_entry.effect!(0) == before)
    }

    @Test func effectDescriptorIsWellFormed() throws {
        let effect = try #require(TestPlugin.descriptor("test.probe")).pointee
        #expect(effect.struct_size == UInt32(MemoryLayout<segue_effect_desc>.size))
        #expect(String(cString: effect.name) == "probe")
        #expect(String(cString: effect.summary) == "Every kind of parameter")
        #expect(effect.param_count == 7)
        #expect(effect.create != nil && effect.destroy != nil && effect.render != nil)
        // Drawn over the view's own frame unless declared otherwise (the thrower does).
        #expect(effect.flags == 0)
        #expect(try #require(TestPlugin.descriptor("test.thrower")).pointee.flags == SEGUE_EFFECT_CONTAINER_FRAME)
    }

    @Test func parameterDescriptorsCarryKindsFlagsRangesAndDefaults() throws {
        let effect = try #require(TestPlugin.descriptor("test.probe")).pointee
        let params = Array(UnsafeBufferPointer(start: effect.params, count: Int(effect.param_count)))
        for param in params {
            #expect(param.struct_size == UInt32(MemoryLayout<segue_param_desc>.size))
            #expect(param.active.kind == param.kind && param.identity.kind == param.kind)
        }
        #expect(params.map { String(cString: $0.name) } == ["amount", "count", "flag", "tint", "offset", "mode", "label"])
        #expect(params.map { String(cString: $0.summary) }
            == ["A number", "An integer", "A flag", "A colour", "A point", "An enumeration", "Text"])
        #expect(params.map { ParameterKind.name(of: $0.kind) }
            == ["number", "integer", "bool", "color", "point", "enum", "string"])
        let animatable = SEGUE_PARAM_ANIMATABLE, ranged = SEGUE_PARAM_HAS_RANGE
        #expect(params.map(\.flags) == [animatable | ranged, ranged, 0, animatable, animatable, 0, 0])

        let amount = params[0]
        #expect(amount.minimum == 0 && amount.maximum == 1)
        #expect(amount.active.number == 0 && amount.identity.number == 1)

        let count = params[1]
        #expect(count.minimum == 1 && count.maximum == 64)
        #expect(count.active.number == 4 && count.identity.number == 4)

        #expect(params[2].active.number == 1 && params[2].identity.number == 0)

        #expect(Color(params[3].active.color) == .red && Color(params[3].identity.color) == .cyan)
        #expect(Point(params[4].active.point) == Point(x: 12, y: -3) && Point(params[4].identity.point) == .zero)

        let mode = params[5]
        #expect(mode.case_count == 3)
        let cases = UnsafeBufferPointer(start: mode.cases, count: Int(mode.case_count)).map { String(cString: $0!) }
        #expect(cases == ["channels", "tint", "both_ways"])
        #expect(String(cString: mode.active.text) == "tint" && String(cString: mode.identity.text) == "tint")

        #expect(String(cString: params[6].active.text) == "%.1f")
        #expect(params[6].cases == nil && params[6].case_count == 0)
        // Text fields are NULL for kinds that are not text.
        #expect(amount.active.text == nil)
    }

    @Test func clipDescriptorMatchesItsSpecification() throws {
        let effect = try #require(TestPlugin.descriptor("segue.clip")).pointee
        #expect(String(cString: effect.name) == "clip")
        #expect(effect.param_count == 2)
        let value = effect.params[0], cornerRadius = effect.params[1]
        #expect(String(cString: value.name) == "value")
        #expect(value.kind == ParameterKind.number.cValue)
        #expect(value.flags == SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_RANGE)
        #expect(value.minimum == 0 && value.maximum == 1)
        #expect(value.active.number == 0 && value.identity.number == 1)
        #expect(String(cString: cornerRadius.name) == "cornerRadius")
        #expect(cornerRadius.kind == ParameterKind.number.cValue)
        #expect(cornerRadius.flags == SEGUE_PARAM_HAS_RANGE)
        #expect(cornerRadius.minimum == 0 && cornerRadius.maximum == 10000)
        #expect(cornerRadius.active.number == 100 && cornerRadius.identity.number == 100)
    }

    @Test func createFindsTheEffectFromACopyOfItsDescriptor() throws {
        var copy = try #require(TestPlugin.descriptor("test.probe")).pointee
        var instance: UnsafeMutableRawPointer?
        #expect(copy.create!(&copy, &instance) == SEGUE_OK)
        let made = try #require(instance)
        #expect(Unmanaged<EffectInstance>.fromOpaque(made).takeUnretainedValue().registration.schema.id == "test.probe")
        copy.destroy!(made)
    }

    @Test func createRefusesAnUnknownDescriptor() throws {
        var copy = try #require(TestPlugin.descriptor("test.probe")).pointee
        copy.id = UnsafePointer(strdup("test.nothing"))
        var instance: UnsafeMutableRawPointer?
        #expect(copy.create!(&copy, &instance) == SEGUE_ERROR_INVALID_ARGUMENT)
        #expect(instance == nil)
    }

    @Test func pluginLogAndHostVersionGoThroughTheHost() {
        #expect(Plugin.hostVersion == "9.9.9")
        Plugin.log(.warning, "a unique warning 8317")
        #expect(FakeHost.log.withLock { $0 }.contains("\(SEGUE_LOG_WARNING): a unique warning 8317"))
    }
}
