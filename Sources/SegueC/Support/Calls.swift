import CSegue
import SegueBasics

/// Runs the body of a status-returning C function: a thrown `SegueError`
/// becomes its status code and this thread's message; success clears it.
func call(_ body: () throws -> Void) -> segue_status {
    do {
        try body()
        LastError.clear()
        return segue_status(SEGUE_OK)
    } catch let error as SegueError {
        LastError.set(error.message)
        return error.code.rawValue
    } catch {
        LastError.set("\(error)")
        return segue_status(SEGUE_ERROR_INVALID_ARGUMENT)
    }
}

/// The pointee of a required pointer argument, or `.invalidArgument` naming it.
func required<T>(_ pointer: UnsafePointer<T>?, _ name: String) throws -> UnsafePointer<T> {
    guard let pointer else { throw SegueError.invalidArgument("\(name) must not be NULL") }
    return pointer
}

func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws -> UnsafeMutablePointer<T> {
    guard let pointer else { throw SegueError.invalidArgument("\(name) must not be NULL") }
    return pointer
}

/// A NUL-terminated UTF-8 argument as a Swift string.
func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String {
    String(cString: try required(pointer, name))
}

/// Reads a struct that may grow: `struct_size` (its first field) says how
/// many bytes the caller's version has. Fields past that stay zero, which
/// every such struct defines as the default. NULL gives all defaults.
func readGrowable<T>(_ pointer: UnsafePointer<T>?, _ name: String, minimumSize: Int) throws -> T? {
    guard let pointer else { return nil }
    let declared = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
    guard declared >= minimumSize else {
        throw SegueError.invalidArgument("\(name)->struct_size is \(declared); set it to sizeof(\(name)) (at least \(minimumSize))")
    }
    let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
    defer { value.deallocate() }
    let raw = UnsafeMutableRawPointer(value)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    raw.copyMemory(from: pointer, byteCount: min(declared, MemoryLayout<T>.size))
    return raw.load(as: T.self)
}

/// Fills a caller's struct that may grow: as many bytes as its `struct_size`
/// (the caller's version) says, never more than ours; `struct_size` keeps
/// the caller's value.
func writeGrowable<T>(_ value: T, to pointer: UnsafeMutablePointer<T>?, _ name: String) throws {
    let out = try required(pointer, name)
    let declared = Int(UnsafeRawPointer(out).load(as: UInt32.self))
    guard declared >= MemoryLayout<UInt32>.size * 2 else {
        throw SegueError.invalidArgument("\(name)->struct_size is \(declared); set it to the struct's sizeof")
    }
    withUnsafeBytes(of: value) { bytes in
        let count = min(declared, MemoryLayout<T>.size) - MemoryLayout<UInt32>.size
        UnsafeMutableRawPointer(out).advanced(by: MemoryLayout<UInt32>.size)
            .copyMemory(from: bytes.baseAddress!.advanced(by: MemoryLayout<UInt32>.size), byteCount: count)
    }
}

/// Writes `text` snprintf-style into a caller's buffer.
func copyOut(_ text: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
             _ length: UnsafeMutablePointer<Int>?) throws {
    let bytes = Array(text.utf8)
    if capacity > 0 {
        let out = try required(buffer, "buffer")
        let count = min(bytes.count, capacity - 1)
        for i in 0..<count { out[i] = CChar(bitPattern: bytes[i]) }
        out[count] = 0
    }
    length?.pointee = bytes.count
}
