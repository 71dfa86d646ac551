import SegueBasics

/// The handles the host hands plugins: `segue_canvas *`, `segue_image *`
/// and `segue_path *`, records of `HandleTable` like the C API's. So a
/// handle of the wrong kind, a stale one (a canvas whose render has
/// returned, an image that was released), a forged one or a pointer to
/// unrelated memory is told apart from a live handle — without reading
/// through a pointer that is not one of the table's — before the host does
/// anything with it, and the call is refused or ignored.
enum PluginHandles {
    /// A new handle for `object`, which it keeps alive until `release`.
    /// - Throws: `.outOfMemory` when no handle can be had.
    static func make(_ object: AnyObject, _ tag: HandleTag) throws -> OpaquePointer {
        try HandleTable.make(object, tag)
    }

    /// What a handle turned out to be.
    enum Lookup<Object> {
        case live(Object)
        case null
        case otherKind(HandleTag)
        case freed
        case notAHandle

        var object: Object? {
            if case .live(let object) = self { return object }
            return nil
        }

        /// Why the handle was refused, naming `name` and the kind expected.
        func problem(_ name: String, _ expected: HandleTag) -> String {
            switch self {
            case .live: "\(name) is fine"
            case .null: "\(name) is NULL"
            case .otherKind(let other): "\(name) is a \(other.typeName), not a \(expected.typeName)"
            case .freed: "\(name) is a \(expected.typeName) that has ended or was released"
            case .notAHandle: "\(name) is not a \(expected.typeName) (it is no live Segue handle)"
            }
        }
    }

    /// The object behind a handle of kind `tag`.
    static func lookup<Object: AnyObject>(_ handle: OpaquePointer?, _ tag: HandleTag, as type: Object.Type)
        -> Lookup<Object> {
        switch HandleTable.inspect(handle, expecting: tag) {
        case .live(let record):
            guard let object = record.pointee.object?.takeUnretainedValue() else { return .freed }
            return .live(unsafeDowncast(object, to: Object.self))
        case .null: return .null
        case .otherKind(let other): return .otherKind(other)
        case .freed: return .freed
        case .notAHandle: return .notAHandle
        }
    }

    /// Ends a handle made by `make`: its tag becomes the freed tag and its
    /// object is let go. A handle that is not live is left alone.
    static func release(_ handle: OpaquePointer, _ tag: HandleTag) {
        guard case .live(let record) = HandleTable.inspect(handle, expecting: tag) else { return }
        HandleTable.end(record, tag)
    }
}
