/// An error a render can throw, with the status the frame fails with.
///
/// Anything thrown out of `Effect.render` fails the frame: the kit hands the
/// message to `canvas_set_error` and returns the status (`.plugin` for errors
/// of other types, whose message is their description). Canvas calls the host
/// refuses throw a `PluginError` with the host's status.
public struct PluginError: Error, Hashable, Sendable, CustomStringConvertible {
    public var status: Status
    public var message: String

    public init(_ message: String, status: Status = .plugin) {
        self.status = status
        self.message = message
    }

    public var description: String { message }
}
