/// What the other side of a C boundary handed over breaks what the headers
/// say it may be: a struct size no release had, a value whose number its
/// kind does not allow. The message names the struct or value; each side
/// reports it in its own way (a status to a C caller, a refused plugin).
public struct ABIRefusal: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
