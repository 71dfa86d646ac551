import CSegue
import Glibc
import SegueBasics

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
    cString(SegueError.text(forStatus: status))
}

@c @implementation
public func segue_last_error() -> UnsafePointer<CChar>? {
    LastError.current
}

private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
