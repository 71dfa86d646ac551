/// How a caller asks a render to stop early: a question the renderer asks
/// between pieces of work (before each effect, before each band of pixels),
/// and that effects which take long ask themselves.
public struct Cancellation: Sendable {
    private let asked: @Sendable () -> Bool

    /// A cancellation that is requested once `asked` returns true; it must
    /// be cheap and safe to call from any thread.
    public init(_ asked: @escaping @Sendable () -> Bool) {
        self.asked = asked
    }

    /// One that is never requested.
    public static let never = Cancellation { false }

    public var isRequested: Bool { asked() }

    /// - Throws: `.cancelled` once cancellation is requested.
    public func check() throws {
        if asked() { throw SegueError(.cancelled, "the render was cancelled") }
    }
}
