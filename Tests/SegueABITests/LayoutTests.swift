import CSegue
import CSegueLayouts
import Foundation
import SegueABI
import Testing

/// The structs as C compiles them (Tests/abi/Layouts) against Swift's view of
/// the same headers and against `Layouts`: a Swift module built from stale
/// headers, a field missing from the C table, or a release size that
/// `Layouts` forgot fails here instead of misreading a struct.
@Suite struct LayoutTests {
    /// One struct as C lays it out: its sizeof, and each field's offset and size.
    struct CStruct {
        var size = 0
        var fields: [(name: String, offset: Int, size: Int)] = []
    }

    static func table(_ function: (UnsafeMutablePointer<Int>) -> UnsafePointer<abi_layout>?) -> [String: CStruct] {
        var count = 0
        let rows = UnsafeBufferPointer(start: function(&count), count: count)
        var structs: [String: CStruct] = [:]
        for row in rows {
            let type = String(cString: row.type)
            if let field = row.field {
                structs[type, default: CStruct()].fields.append((String(cString: field), row.offset, row.size))
            } else {
                structs[type, default: CStruct()].size = row.size
            }
        }
        return structs
    }

    static let now = table { abi_layouts_now($0) }
    static let release0_1 = table { abi_layouts_release_0_1($0) }

    /// Swift's sizes, from the module it imported (CSegue).
    static let swiftSizes: [String: Int] = [
        "segue_color": MemoryLayout<segue_color>.size, "segue_point": MemoryLayout<segue_point>.size,
        "segue_value": MemoryLayout<segue_value>.size, "segue_param": MemoryLayout<segue_param>.size,
        "segue_rect": MemoryLayout<segue_rect>.size, "segue_affine": MemoryLayout<segue_affine>.size,
        "segue_draw": MemoryLayout<segue_draw>.size, "segue_text_style": MemoryLayout<segue_text_style>.size,
        "segue_text_metrics": MemoryLayout<segue_text_metrics>.size,
        "segue_distortion": MemoryLayout<segue_distortion>.size, "segue_host": MemoryLayout<segue_host>.size,
        "segue_param_desc": MemoryLayout<segue_param_desc>.size,
        "segue_effect_desc": MemoryLayout<segue_effect_desc>.size, "segue_plugin": MemoryLayout<segue_plugin>.size,
        "segue_engine_options": MemoryLayout<segue_engine_options>.size,
        "segue_plugin_info": MemoryLayout<segue_plugin_info>.size,
        "segue_effect_info": MemoryLayout<segue_effect_info>.size, "segue_pixels": MemoryLayout<segue_pixels>.size,
        "segue_scene": MemoryLayout<segue_scene>.size,
    ]

    /// Every struct `Layouts` reads by its `struct_size`.
    struct Growable {
        let name: String, size: Int, earlierSizes: [Int]
        init<T>(_ layout: GrowableStruct<T>) { (name, size, earlierSizes) = (layout.name, layout.size, layout.earlierSizes) }
    }

    static let growable = [
        Growable(Layouts.plugin), Growable(Layouts.effect), Growable(Layouts.parameter), Growable(Layouts.draw),
        Growable(Layouts.textStyle), Growable(Layouts.distortion), Growable(Layouts.engineOptions),
        Growable(Layouts.scene), Growable(Layouts.pixels),
    ]

    /// The structs the headers define with a body (`typedef struct x { … } x;`), read from include/.
    static func headerStructs() throws -> Set<String> {
        let include = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../include/segue")
        var names = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: include.path) where file.hasSuffix(".h") {
            let text = try String(contentsOf: include.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("} segue_") && line.hasSuffix(";") {
                names.insert(String(line.dropFirst(2).dropLast()))
            }
        }
        return names
    }

    @Test func theTableHasEveryStructOfTheHeadersAndSwiftSeesTheSameSizes() throws {
        #expect(Set(Self.now.keys) == (try Self.headerStructs()))
        #expect(Set(Self.swiftSizes.keys) == Set(Self.now.keys))
        for (name, layout) in Self.now {
            #expect(Self.swiftSizes[name] == layout.size, "\(name): Swift \(Self.swiftSizes[name] ?? 0), C \(layout.size)")
        }
    }

    /// Each struct's fields tile it: the first at 0, none overlapping, and no
    /// gap (nor tail) as large as a double, the largest alignment here. A
    /// field left out of the table, or a wrong offset, shows as a gap.
    @Test(arguments: ["now", "0.1"])
    func theFieldsCoverEachStruct(release: String) {
        for (name, layout) in release == "now" ? Self.now : Self.release0_1 {
            var end = 0
            for field in layout.fields {
                #expect(field.offset >= end && field.offset - end < 8, "\(release) \(name).\(field.name) at \(field.offset)")
                end = field.offset + field.size
            }
            #expect(end <= layout.size && layout.size - end < 8, "\(release) \(name) ends at \(end) of \(layout.size)")
        }
    }

    @Test func layoutsSizesAreCsAndEveryEarlierSizeEndsOnAFieldBoundary() {
        for growable in Self.growable {
            guard let c = Self.now[growable.name] else {
                Issue.record("\(growable.name) is not in the C table")
                continue
            }
            #expect(growable.size == c.size, "\(growable.name): Layouts \(growable.size), C \(c.size)")
            let boundaries = Set(c.fields.flatMap { [$0.offset, $0.offset + $0.size] })
            for earlier in growable.earlierSizes {
                #expect(boundaries.contains(earlier) && earlier < c.size, "\(growable.name): \(earlier)")
            }
        }
    }

    /// What a plugin or caller built against release 0.1.0 declares is a size
    /// `Layouts` accepts for each struct it had.
    @Test func everyFrozenReleaseSizeIsAccepted() {
        for growable in Self.growable {
            guard let past = Self.release0_1[growable.name] else { continue }
            #expect((growable.earlierSizes + [growable.size]).contains(past.size),
                    "\(growable.name): 0.1.0 had \(past.size), Layouts reads \(growable.earlierSizes + [growable.size])")
        }
        #expect(Self.release0_1["segue_draw"]?.size == Layouts.end(of: \segue_draw.channels))
    }

    /// The structs with a `struct_size` that `Layouts` does not read: the
    /// host table (plugins read it) and the two the library fills for a
    /// caller (`writeGrowable`). Any other is a struct Layouts forgot.
    @Test func layoutsReadsEveryOtherGrowingStruct() {
        let growing = Set(Self.now.filter { $0.value.fields.contains { $0.name == "struct_size" } }.keys)
        let written: Set = ["segue_host", "segue_plugin_info", "segue_effect_info"]
        #expect(Set(Self.growable.map(\.name)) == growing.subtracting(written))
    }

    /// plugin.h: "a released field never moves or changes type", and
    /// `segue_plugin.abi_version` is "always first": every field of the frozen
    /// 0.1.0 headers keeps its offset and size today.
    @Test func releasedFieldsNeverMove() {
        #expect(Self.release0_1.count >= 15)
        for (name, past) in Self.release0_1 {
            guard let now = Self.now[name] else {
                Issue.record("\(name) of 0.1.0 is gone")
                continue
            }
            for field in past.fields {
                let today = now.fields.first { $0.name == field.name }
                #expect(today?.offset == field.offset && today?.size == field.size,
                        "\(name).\(field.name): 0.1.0 at \(field.offset) (\(field.size) bytes), now \(String(describing: today))")
            }
        }
        #expect(Self.now["segue_plugin"]?.fields.first?.name == "abi_version")
        #expect(Self.now["segue_plugin"]?.fields.first?.offset == 0)
    }
}
