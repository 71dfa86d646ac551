import Glibc
import SegueBasics
import SegueEngine

/// What a `segue_engine` points at: the engine, and the C strings and arrays
/// handed out by the introspection calls, which live as long as it does.
final class EngineObject: Sendable {
    let engine: Engine
    private let strings = Locked(CStringPool())

    init(_ engine: Engine) {
        self.engine = engine
    }

    /// A NUL-terminated copy of `text`, owned by this engine (one per distinct text).
    func cString(_ text: String) -> UnsafePointer<CChar> {
        strings.withLock { $0.string(text) }
    }

    /// A C array of C strings, owned by this engine (one per distinct list).
    func cStringArray(_ texts: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        strings.withLock { $0.array(texts) }
    }
}

/// Interned C strings and string arrays, freed with the pool.
private struct CStringPool: ~Copyable {
    private var strings: [String: UnsafeMutablePointer<CChar>] = [:]
    private var arrays: [[String]: UnsafeMutablePointer<UnsafePointer<CChar>?>] = [:]

    mutating func string(_ text: String) -> UnsafePointer<CChar> {
        if let known = strings[text] { return UnsafePointer(known) }
        let copy = strdup(text)!
        strings[text] = copy
        return UnsafePointer(copy)
    }

    mutating func array(_ texts: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        if let known = arrays[texts] { return UnsafePointer(known) }
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(texts.count, 1))
        for (i, text) in texts.enumerated() { array[i] = string(text) }
        arrays[texts] = array
        return UnsafePointer(array)
    }

    deinit {
        strings.values.forEach { free($0) }
        arrays.values.forEach { $0.deallocate() }
    }
}
