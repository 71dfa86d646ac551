import CSegue
import Glibc

@c @implementation
public func segue_version() -> UInt32 {
    UInt32(SEGUE_VERSION_MAJOR * 10000 + SEGUE_VERSION_MINOR * 100 + SEGUE_VERSION_PATCH)
}

/// The header's version string, copied once into memory that lives as long as the library.
nonisolated(unsafe) private let versionString: UnsafePointer<CChar> = UnsafePointer(strdup(SEGUE_VERSION_STRING)!)

@c @implementation
public func segue_version_string() -> UnsafePointer<CChar>? {
    versionString
}

@c @implementation
public func segue_status_to_string(_ status: segue_status) -> UnsafePointer<CChar>? {
    let text: StaticString = switch Int(status) {
    case SEGUE_OK: "ok"
    case SEGUE_ERROR_INVALID_ARGUMENT: "invalid argument"
    case SEGUE_ERROR_OUT_OF_MEMORY: "out of memory"
    case SEGUE_ERROR_IO: "input/output error"
    case SEGUE_ERROR_FORMAT: "bad file format"
    case SEGUE_ERROR_PARSE: "parse error"
    case SEGUE_ERROR_UNKNOWN_EFFECT: "unknown effect"
    case SEGUE_ERROR_UNKNOWN_PARAMETER: "unknown parameter"
    case SEGUE_ERROR_MISMATCH: "objects from different engines"
    case SEGUE_ERROR_PLUGIN: "plugin error"
    case SEGUE_ERROR_CANCELLED: "cancelled"
    default: "unknown status"
    }
    return cString(text)
}

@c @implementation
public func segue_last_error() -> UnsafePointer<CChar>? {
    LastError.current
}

private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
