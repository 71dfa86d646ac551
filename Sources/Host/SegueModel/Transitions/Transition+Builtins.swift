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

    /// `.flip(axis:)`: a card turned over — the removed view turns away about
    /// the axis through its centre (`.y`: vertical, `.x`: horizontal) until
    /// its back shows half-way, when the inserted one, which has been
    /// turning from behind, shows its face and turns in. Both turn 180°;
    /// backs are hidden, so each is seen only on its own half.
    public static func flip(axis: FlipAxis = .y) -> Transition {
        let effect = BuiltinEffects.rotation3D
        func turned(_ degrees: Double) -> EffectState {
            var state = try! effect.defaultIdentity.setting("angle", to: .number(degrees))
            if axis == .x {
                state = try! state.setting("axisX", to: .number(1)).setting("axisY", to: .number(0))
            }
            return state
        }
        return try! asymmetric(insertion: modifier(active: turned(-180), identity: turned(0)),
                               removal: modifier(active: turned(180), identity: turned(0)))
    }

    /// The axis `.flip` turns about.
    public enum FlipAxis: String, CaseIterable, Sendable {
        /// Horizontal: the view turns up or down.
        case x
        /// Vertical: the view turns sideways, as a card turned over.
        case y
    }

    /// `.blurReplace(_:)`, SwiftUI's: the removed view blurs out, scaling a
    /// little and fading, as the inserted one sharpens in from a little
    /// smaller. Blur radius 20 pixels, scale 0.8; `.upUp` scales the removed
    /// view up to 1.2 instead of down.
    public static func blurReplace(_ configuration: BlurReplaceConfiguration = .downUp) -> Transition {
        func side(scale: Double) -> Transition {
            let blur = BuiltinEffects.blur
            let blurred = try! modifier(active: blur.defaultActive.setting("radius", to: .number(20)),
                                        identity: blur.defaultIdentity)
            return try! blurred.combined(with: .scale(scale)).combined(with: .opacity)
        }
        return try! asymmetric(insertion: side(scale: 0.8), removal: side(scale: configuration == .upUp ? 1.2 : 0.8))
    }

    /// SwiftUI's `BlurReplaceTransition.Configuration`.
    public enum BlurReplaceConfiguration: String, CaseIterable, Sendable {
        /// Scales the view down while removing it and up while inserting it.
        case downUp
        /// Scales the view up while removing and while inserting it.
        case upUp
    }

    /// `.expand(edge:mode:)`: the inserted view's frame grows from `edge`
    /// as it fades in (the `expand` effect), over the removed view, which
    /// stays as it is.
    public static func expand(edge: Edge = .top, mode: String = "reveal") throws -> Transition {
        try asymmetric(insertion: expansion(edge: edge, mode: mode), removal: .identity)
    }

    /// `.collapse(edge:mode:)`: the removed view's frame shrinks towards
    /// `edge` as it fades out, over the inserted view, which stays as it is.
    public static func collapse(edge: Edge = .top, mode: String = "reveal") throws -> Transition {
        try asymmetric(insertion: .identity, removal: expansion(edge: edge, mode: mode))
    }

    private static func expansion(edge: Edge, mode: String) throws -> Transition {
        let effect = BuiltinEffects.expand
        func state(_ base: EffectState) throws -> EffectState {
            try base.setting("edge", to: .enumeration(edge.rawValue)).setting("mode", to: .enumeration(mode))
        }
        return try modifier(active: state(effect.defaultActive), identity: state(effect.defaultIdentity))
    }

    /// An effect between its default active and identity states (`.clip`).
    public static func shorthand(_ effect: EffectDescriptor) -> Transition {
        try! modifier(active: effect.defaultActive, identity: effect.defaultIdentity)
    }
}
