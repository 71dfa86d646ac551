import CSegue
import SegueABI
import SegueBasics
import SegueEngine
import SegueModel
import SeguePluginHost

@c @implementation
public func segue_engine_load_plugin(_ engine: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> segue_status {
    call {
        let object = try Handle.require(engine, as: EngineObject.self, "engine")
        try object.engine.loadPlugin(at: string(path, "path"))
    }
}

@c @implementation
public func segue_engine_plugin_folder(_ engine: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let object = Handle.peek(engine, as: EngineObject.self) else { return nil }
    let folders = object.engine.pluginFolders
    return folders.indices.contains(index) ? object.cString(folders[index]) : nil
}

@c @implementation
public func segue_engine_plugin_count(_ engine: OpaquePointer?) -> Int {
    Handle.peek(engine, as: EngineObject.self)?.engine.pluginReports.count ?? 0
}

@c @implementation
public func segue_engine_plugin(_ engine: OpaquePointer?, _ index: Int,
                                _ outInfo: UnsafeMutablePointer<segue_plugin_info>?) -> segue_status {
    call {
        let object = try Handle.require(engine, as: EngineObject.self, "engine")
        let reports = object.engine.pluginReports
        guard reports.indices.contains(index) else {
            throw SegueError.invalidArgument("plugin index \(unsigned(index)) is out of range 0..<\(reports.count)")
        }
        let report = reports[index]
        var info = segue_plugin_info()
        info.loaded = report.isLoaded ? 1 : 0
        info.path = object.cString(report.path)
        info.name = report.name.map(object.cString)
        info.version = report.version.map(object.cString)
        info.reason = report.rejection.map(object.cString)
        info.effect_count = UInt32(report.effects.count)
        try writeGrowable(info, to: outInfo, "out_info")
    }
}

@c @implementation
public func segue_engine_effect_count(_ engine: OpaquePointer?) -> Int {
    Handle.peek(engine, as: EngineObject.self)?.engine.catalog.effects.count ?? 0
}

@c @implementation
public func segue_engine_effect(_ engine: OpaquePointer?, _ index: Int,
                                _ outInfo: UnsafeMutablePointer<segue_effect_info>?) -> segue_status {
    call {
        let object = try Handle.require(engine, as: EngineObject.self, "engine")
        let effect = try effectDescriptor(object, index)
        var info = segue_effect_info()
        info.param_count = UInt32(effect.parameters.count)
        info.id = object.cString(effect.id)
        info.name = object.cString(effect.name)
        info.summary = object.cString(effect.summary)
        info.plugin_path = object.engine.pluginPath(ofEffect: effect.id).map(object.cString)
        try writeGrowable(info, to: outInfo, "out_info")
    }
}

@c @implementation
public func segue_engine_effect_param(_ engine: OpaquePointer?, _ index: Int, _ param: UInt32,
                                      _ outParam: UnsafeMutablePointer<segue_param_desc>?) -> segue_status {
    call {
        let object = try Handle.require(engine, as: EngineObject.self, "engine")
        let effect = try effectDescriptor(object, index)
        guard Int(param) < effect.parameters.count else {
            throw SegueError.invalidArgument("parameter \(param) is out of range 0..<\(effect.parameters.count) of '\(effect.name)'")
        }
        let p = effect.parameters[Int(param)]
        var desc = segue_param_desc()
        desc.flags = (p.isAnimatable ? UInt32(SEGUE_PARAM_ANIMATABLE) : 0) | (p.range != nil ? UInt32(SEGUE_PARAM_HAS_RANGE) : 0)
        desc.name = object.cString(p.name)
        desc.summary = object.cString(p.summary)
        desc.kind = p.kind.cValue
        desc.minimum = p.range?.lowerBound ?? 0
        desc.maximum = p.range?.upperBound ?? 0
        desc.active = segue_value(p.active, text: object.cString)
        desc.identity = segue_value(p.identity, text: object.cString)
        if case .enumeration(let cases) = p.kind {
            desc.cases = object.cStringArray(cases)
            desc.case_count = UInt32(cases.count)
        }
        // A caller built before `removal` existed gets neither the field nor the flag that says it applies.
        let declared = outParam.map { Int($0.pointee.struct_size) } ?? 0
        if let removal = p.removal, declared >= Layouts.end(of: \segue_param_desc.removal) {
            desc.flags |= UInt32(SEGUE_PARAM_HAS_REMOVAL)
            desc.removal = segue_value(removal, text: object.cString)
        }
        try writeGrowable(desc, to: outParam, "out_param")
    }
}

private func effectDescriptor(_ object: EngineObject, _ index: Int) throws -> EffectDescriptor {
    let effects = object.engine.catalog.effects
    guard effects.indices.contains(index) else {
        throw SegueError.invalidArgument("effect index \(unsigned(index)) is out of range 0..<\(effects.count)")
    }
    return effects[index]
}
