import SegueBasics

/// SwiftUI's built-in transitions, made of the built-in effects.
extension Transition {
    /// `.opacity`: fades in from transparent, out to transparent.
    public static var opacity: Transition {
        shorthand(BuiltinEffects.opacity)
    }

    /// `.scale(scale:anchor:)`: from `scale` to 1 about a unit point of the frame.
    /// `.scale` is `scale(0)`.
    public static func scale(_ scale: Double = 0, anchor: Point = UnitPoint.center) throws -> Transition {
        let effect = BuiltinEffects.scale
        return try modifier(
            active: effect.defaultActive.setting("scale", to: .number(scale)).setting("anchor", to: .point(anchor)),
            identity: effect.defaultIdentity.setting("anchor", to: .point(anchor)))
    }

    /// `.move(edge:)`: in from `edge` by the frame's size, out towards it.
    public static func move(edge: Edge) -> Transition {
        let effect = BuiltinEffects.move
        let edgeValue = ParameterValue.enumeration(edge.rawValue)
        return try! modifier(active: effect.defaultActive.setting("edge", to: edgeValue),
                             identity: effect.defaultIdentity.setting("edge", to: edgeValue))
    }

    /// `.offset(x:y:)`: in from an offset in pixels (y down).
    public static func offset(x: Double, y: Double) throws -> Transition {
        let effect = BuiltinEffects.offset
        return try modifier(active: effect.defaultActive.setting("x", to: .number(x)).setting("y", to: .number(y)),
                            identity: effect.defaultIdentity)
    }

    /// `.slide`: inserted from the leading edge, removed towards the trailing edge.
    public static var slide: Transition {
        try! asymmetric(insertion: move(edge: .leading), removal: move(edge: .trailing))
    }

    /// `.push(from:)`: inserted from `edge` while fading in, removed towards
    /// the opposite edge while fading out.
    public static func push(from edge: Edge) -> Transition {
        try! asymmetric(insertion: move(edge: edge).combined(with: opacity),
                        removal: move(edge: edge.opposite).combined(with: opacity))
    }

    /// An effect between its default active and identity states (`.clip`).
    public static func shorthand(_ effect: EffectDescriptor) -> Transition {
        try! modifier(active: effect.defaultActive, identity: effect.defaultIdentity)
    }
}
