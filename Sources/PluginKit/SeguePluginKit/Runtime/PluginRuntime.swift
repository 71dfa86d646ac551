import CSegue
import SegueABI
import Glibc

/// The loaded plugin: its identity and one registration per effect, with the
/// C descriptors the host reads. Immutable once made.
final class PluginRuntime: Sendable {
    let name: String
    let version: String
    let effects: [EffectRegistration]

    /// Checks `declarations` (there must be exactly one) and builds every
    /// descriptor. No descriptor is filled in unless the declaration is valid.
    /// - Throws: Every problem found, one sentence each.
    init(declarations: [PluginDeclaration], host: Host) throws(DeclarationError) {
        guard declarations.count == 1, let declaration = declarations.first else {
            throw DeclarationError(problems: [
                declarations.isEmpty
                    ? "segue_kit_main() did not call Plugin.declare(name:version:effects:)"
                    : "segue_kit_main() called Plugin.declare \(declarations.count) times; call it once",
            ])
        }
        let effects = declaration.effects.map { EffectRegistration(type: $0, host: host) }
        let problems = DeclarationCheck.problems(name: declaration.name, version: declaration.version,
                                                 effects: effects.map(\.schema))
        guard problems.isEmpty else { throw DeclarationError(problems: problems) }
        for effect in effects { effect.publish() }
        self.name = declaration.name
        self.version = declaration.version
        self.effects = effects
    }

    /// The effect `descriptor` describes: the very pointer `effect(i)`
    /// returned, or — should the host pass a copy — the effect with its id.
    func registration(for descriptor: UnsafePointer<segue_effect_desc>) -> EffectRegistration? {
        if let match = effects.first(where: { $0.descriptor == descriptor }) { return match }
        guard let id = descriptor.pointee.id else { return nil }
        let wanted = String(cString: id)
        return effects.first { $0.schema.id == wanted }
    }
}

/// An effect's schema as declared in Swift: what the checks look at and the
/// descriptor is built from.
struct EffectSchema: Sendable {
    let id: String
    let name: String
    let summary: String
    let parameters: [ParameterDeclaration]
    let drawsOverContainer: Bool
}
