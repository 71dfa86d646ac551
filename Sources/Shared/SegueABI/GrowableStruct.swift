import CSegue

/// Reading a struct that the other side of a boundary filled, whose layout
/// may be older or newer than the one compiled here: the rule every struct
/// with a `struct_size` follows (segue.h and segue/plugin.h say so).
///
/// - A size equal to this side's is read whole.
/// - A larger size, up to `SEGUE_STRUCT_SIZE_MAX`, is a layout from newer
///   headers: the fields this side knows are read, the unknown tail ignored.
/// - A smaller size must be one an earlier release had (`earlierSizes`,
///   each ending on a field boundary): those bytes are read, and the fields
///   that release lacked keep `defaults`.
/// - Any other size is refused, so no field is ever read in part.
public struct GrowableStruct<Layout>: Sendable {
    /// The C name, for messages: "segue_draw".
    public let name: String
    /// The sizes earlier releases gave the struct, smaller than today's.
    public let earlierSizes: [Int]

    public init(_ name: String, earlierSizes: [Int] = []) {
        self.name = name
        self.earlierSizes = earlierSizes
    }

    /// The largest size accepted (SEGUE_STRUCT_SIZE_MAX): room for any later
    /// layout, and well below what an uninitialised field tends to hold.
    public static var maximumSize: Int { Int(SEGUE_STRUCT_SIZE_MAX) }

    /// Today's size.
    public var size: Int { MemoryLayout<Layout>.size }

    /// Why `declared` cannot be read, or nil when it can.
    public func problem(withSize declared: Int) -> String? {
        if declared >= size && declared <= Self.maximumSize || earlierSizes.contains(declared) { return nil }
        let accepted = (earlierSizes + [size]).map(String.init).joined(separator: ", ")
        return "\(name).struct_size is \(declared); this Segue reads \(accepted) (sizeof(\(name)) in its "
            + "releases) or more, up to \(Self.maximumSize)"
    }

    /// The struct at `pointer` as this side's layout, read by the size it declares.
    /// - Parameter defaults: the values of the fields an earlier layout lacks
    ///   (nil: all zero).
    /// - Throws: `ABIRefusal` for a size no release had.
    public func read(_ pointer: UnsafeRawPointer, declaredSize declared: Int, defaults: Layout? = nil)
        throws(ABIRefusal) -> Layout {
        if let problem = problem(withSize: declared) { throw ABIRefusal(message: problem) }
        let value = UnsafeMutablePointer<Layout>.allocate(capacity: 1)
        defer { value.deallocate() }
        let raw = UnsafeMutableRawPointer(value)
        if let defaults {
            value.initialize(to: defaults)
        } else {
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        }
        raw.copyMemory(from: pointer, byteCount: min(declared, size))
        return value.move()
    }
}
