import CSegue
import Glibc
import SegueABI
import SegueBasics

@c @implementation
public func segue_version() -> UInt32 {
    SegueVersion.number
}

/// The header's version string, copied once into memory that lives as long as the library.
nonisolated(unsafe) private let versionString: UnsafePointer<CChar> = UnsafePointer(strdup(SegueVersion.string)!)

@c @implementation
public func segue_version_string() -> UnsafePointer<CChar>? {
    versionString
}

@c @implementation
public func segue_status_to_string(_ status: segue_status) -> UnsafePointer<CChar>? {
    cString(Status(status).text)
}

@c @implementation
public func segue_last_error() -> UnsafePointer<CChar>? {
    LastError.current
}

private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
