import CSegue
import SegueABI

/// The parameter values of one render, read by parameter:
/// `values.cornerRadius` (any `static let` parameter of the effect, by key
/// path) or `values[Self.cornerRadius]`.
///
/// The values are borrowed from the host for the `render` call only; do not
/// keep a `Values`.
///
/// A read never traps. Reading a parameter the effect does not list in
/// `parameters`, or one the host sent with the wrong kind, returns the
/// parameter's identity value and fails the frame once `render` returns, with
/// a message naming the parameter.
@dynamicMemberLookup
public struct Values<E: Effect> {
    let base: UnsafePointer<segue_value>?
    let declarations: [ParameterDeclaration]
    let session: RenderSession

    init(base: UnsafePointer<segue_value>?, declarations: [ParameterDeclaration], session: RenderSession) {
        self.base = base
        self.declarations = declarations
        self.session = session
    }

    /// The value of `parameter` in this render.
    public subscript<Value>(_ parameter: Parameter<Value>) -> Value {
        let name = parameter.name
        guard let index = declarations.firstIndex(where: { $0.name == name }) else {
            session.record("\(E.name) reads parameter '\(name)', which is not in its parameters")
            return parameter.identity
        }
        let declared = declarations[index].kind, wanted = parameter.declaration.kind
        guard declared == wanted else {
            session.record("\(E.name) reads parameter '\(name)' as \(wanted.name), but declares it as \(declared.name)")
            return parameter.identity
        }
        guard let base else {
            session.record("\(E.name) was rendered without parameter values")
            return parameter.identity
        }
        let raw = base[index]
        guard raw.kind == wanted.cValue else {
            session.record("parameter '\(name)' arrived as \(ParameterKind.name(of: raw.kind)), not \(wanted.name)")
            return parameter.identity
        }
        guard let value = parameter.decode(raw) else {
            session.record("parameter '\(name)' arrived with a value that is not a valid \(wanted.name)")
            return parameter.identity
        }
        return value
    }

    /// The value of the effect's parameter `E.<name>`: `values.cornerRadius`.
    public subscript<Value>(dynamicMember key: KeyPath<E.Type, Parameter<Value>>) -> Value {
        self[E.self[keyPath: key]]
    }
}

/// What one render call collects besides the drawing: the first problem a
/// parameter read ran into, reported when `render` returns.
final class RenderSession {
    private(set) var issue: PluginError?

    func record(_ message: String) {
        if issue == nil { issue = PluginError(message) }
    }
}
