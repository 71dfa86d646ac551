import CSegue
import SegueABI
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

/// The largest `struct_size` accepted (SEGUE_STRUCT_SIZE_MAX in segue.h).
let maximumStructSize = Int(SEGUE_STRUCT_SIZE_MAX)

/// Reads a struct that may grow (see `GrowableStruct`): NULL gives nil,
/// the fields a shorter layout lacks stay zero, which every such struct of
/// segue.h defines as the default.
/// - Throws: `.invalidArgument` for a `struct_size` no release had.
func readGrowable<T>(_ pointer: UnsafePointer<T>?, _ layout: GrowableStruct<T>) throws -> T? {
    guard let pointer else { return nil }
    let declared = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
    do {
        return try layout.read(pointer, declaredSize: declared)
    } catch {
        throw SegueError.invalidArgument(error.message)
    }
}

/// Fills a caller's struct that may grow: as many bytes as its `struct_size`
/// (the caller's version) says, never more than ours; `struct_size` keeps
/// the caller's value. Nothing is written when it is refused.
func writeGrowable<T>(_ value: T, to pointer: UnsafeMutablePointer<T>?, _ name: String) throws {
    let out = try required(pointer, name)
    let declared = Int(UnsafeRawPointer(out).load(as: UInt32.self))
    guard declared >= MemoryLayout<UInt32>.size * 2, declared <= maximumStructSize else {
        throw SegueError.invalidArgument("\(name)->struct_size is \(declared); set it to the struct's sizeof "
            + "(\(MemoryLayout<T>.size) here)")
    }
    withUnsafeBytes(of: value) { bytes in
        let count = min(declared, MemoryLayout<T>.size) - MemoryLayout<UInt32>.size
        UnsafeMutableRawPointer(out).advanced(by: MemoryLayout<UInt32>.size)
            .copyMemory(from: bytes.baseAddress!.advanced(by: MemoryLayout<UInt32>.size), byteCount: count)
    }
}

/// A `size_t` argument, which Swift sees as `Int`: the value as C sees it.
func unsigned(_ value: Int) -> UInt { UInt(bitPattern: value) }

/// A `size_t` count or length of caller memory as an `Int`; no object can
/// be larger than PTRDIFF_MAX bytes, so larger values are refused.
func count(_ value: Int, _ name: String) throws -> Int {
    guard value >= 0 else {
        throw SegueError.invalidArgument("\(name) \(unsigned(value)) is larger than any array can be")
    }
    return value
}

/// Writes `text` snprintf-style into a caller's buffer of `capacity` bytes
/// (a `size_t`: any value, SIZE_MAX included, means "this many bytes are there").
func copyOut(_ text: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
             _ length: UnsafeMutablePointer<Int>?) throws {
    let bytes = Array(text.utf8)
    let room = unsigned(capacity)
    if room > 0 {
        let out = try required(buffer, "buffer")
        let count = Int(min(UInt(bytes.count), room - 1))
        for i in 0..<count { out[i] = CChar(bitPattern: bytes[i]) }
        out[count] = 0
    }
    length?.pointee = bytes.count
}
