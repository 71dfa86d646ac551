import SegueBasics

/// Which way a view is going: SwiftUI draws the inserted view at
/// `lerp(active, identity, p)` and the removed view at `lerp(identity, active, p)`.
public enum TransitionSide: Sendable {
    case insertion, removal
}

/// One `.modifier(active:identity:)`: two states of the same effect.
public struct Modifier: Hashable, Sendable {
    public let active: EffectState
    public let identity: EffectState

    /// The state to draw `side` in at `progress` (which may leave 0...1).
    public func state(for side: TransitionSide, at progress: Double) -> EffectState {
        switch side {
        case .insertion: EffectState.between(active, identity, at: progress)
        case .removal: EffectState.between(identity, active, at: progress)
        }
    }
}

/// SwiftUI's `AnyTransition`: identity, a modifier between two states, two
/// transitions combined, or an asymmetric pair. An immutable value.
public struct Transition: Hashable, Sendable {
    indirect enum Node: Hashable, Sendable {
        case identity
        case modifier(Modifier)
        case combined(Node, Node)
        case asymmetric(insertion: Node, removal: Node)
    }

    let node: Node
    /// Levels of nesting: 1 for identity and modifiers, one more per
    /// `combined`/`asymmetric` above them.
    public let depth: Int
    /// Identities and modifiers as the spec writes them out: a transition
    /// combined with itself has twice its parts, though it shares them.
    public let parts: Int

    /// The deepest transition accepted. Deep enough for any real
    /// composition, shallow enough that every transition prints as a spec
    /// within the parser's nesting limit and no traversal exhausts a stack.
    public static let maximumDepth = 24

    /// The most parts a transition may have. Nesting alone allows 2^23 (a
    /// transition combined with itself 23 times); every traversal (drawing
    /// a view through its modifiers, printing the spec) visits each part,
    /// so their number is bounded too: far beyond any real composition,
    /// small enough that each traversal is quick and its result small.
    public static let maximumParts = 1024

    private init(node: Node, depth: Int = 1, parts: Int = 1) {
        self.node = node
        self.depth = depth
        self.parts = parts
    }

    /// Draws the view unchanged.
    public static let identity = Transition(node: .identity)

    /// `.modifier(active:identity:)`.
    /// - Throws: `.invalidArgument` when the two states are of different effects.
    public static func modifier(active: EffectState, identity: EffectState) throws -> Transition {
        guard active.effect.id == identity.effect.id else {
            throw SegueError.invalidArgument(
                "a modifier's active and identity states must use one effect, not '\(active.effect.name)' and '\(identity.effect.name)'")
        }
        return Transition(node: .modifier(Modifier(active: active, identity: identity)))
    }

    /// `self.combined(with: other)`: content → self → other.
    /// - Throws: `.invalidArgument` beyond `maximumDepth` or `maximumParts`.
    public func combined(with other: Transition) throws -> Transition {
        try Self.joining(self, other) { .combined($0, $1) }
    }

    /// `.asymmetric(insertion:removal:)`.
    /// - Throws: `.invalidArgument` beyond `maximumDepth` or `maximumParts`.
    public static func asymmetric(insertion: Transition, removal: Transition) throws -> Transition {
        try joining(insertion, removal) { .asymmetric(insertion: $0, removal: $1) }
    }

    /// The node `join` makes of `a` and `b`, one level deeper than either.
    private static func joining(_ a: Transition, _ b: Transition, _ join: (Node, Node) -> Node) throws -> Transition {
        let depth = max(a.depth, b.depth) + 1
        guard depth <= maximumDepth else {
            throw SegueError.invalidArgument("transitions nest at most \(maximumDepth) levels deep")
        }
        let parts = a.parts + b.parts  // each at most maximumParts: no overflow
        guard parts <= maximumParts else {
            throw SegueError.invalidArgument("a transition has at most \(maximumParts) parts (identities and "
                + "modifiers, counted as written out), not \(parts)")
        }
        return Transition(node: join(a.node, b.node), depth: depth, parts: parts)
    }

    /// The modifiers `side` goes through, in drawing order (content first).
    public func modifiers(for side: TransitionSide) -> [Modifier] {
        var result: [Modifier] = []
        Self.collect(node, side, into: &result)
        return result
    }

    private static func collect(_ node: Node, _ side: TransitionSide, into result: inout [Modifier]) {
        switch node {
        case .identity:
            break
        case .modifier(let modifier):
            result.append(modifier)
        case .combined(let first, let second):
            collect(first, side, into: &result)
            collect(second, side, into: &result)
        case .asymmetric(let insertion, let removal):
            collect(side == .insertion ? insertion : removal, side, into: &result)
        }
    }

    /// The ids of every effect the transition uses, on either side.
    public var effectIDs: Set<String> {
        Set((modifiers(for: .insertion) + modifiers(for: .removal)).map(\.active.effect.id))
    }
}
