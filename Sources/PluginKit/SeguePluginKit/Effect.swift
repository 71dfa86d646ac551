/// A kind of modifier a plugin provides: a typed parameter schema and the
/// drawing that applies it. SwiftUI's `ViewModifier`/`GeometryEffect`.
///
/// ```swift
/// struct Fade: Effect {
///     static let id = "example.fade"
///     static let name = "fade"
///     static let summary = "The content faded in or out"
///
///     static let amount = Parameter.number("amount", summary: "Opacity, 0…1",
///                                          active: 0, identity: 1, range: 0...1, animatable: true)
///     static var parameters: [ParameterDeclaration] { amount }
///
///     func render(values: Values<Fade>, canvas: Canvas) throws {
///         try canvas.draw(canvas.content, opacity: values.amount)
///     }
/// }
/// ```
///
/// One instance is made per engine (`init()`); `render` is then called for
/// many frames at once from several threads, so it must not mutate shared
/// state (hence `Sendable`). It must stay well defined for any finite values,
/// including animatable ones beyond their range (springs overshoot), and must
/// not trap: throw instead, and the frame fails with the error's message.
public protocol Effect: Sendable {
    /// A stable id, `vendor.name`, unique across all plugins.
    static var id: String { get }
    /// The name specs use (`.clip`): an identifier.
    static var name: String { get }
    /// One line for listings.
    static var summary: String { get }
    /// The parameters, in the order the host passes their values. The first
    /// animatable one is the effect's primary parameter: the shorthand spec
    /// form's `from:` and `to:` set its active and identity values.
    @ParameterListBuilder static var parameters: [ParameterDeclaration] { get }
    /// Whether the canvas covers the view's container (the output both views
    /// are placed in, the content transparent where the view is not) rather
    /// than the view's own frame: for effects defined over whole frames of
    /// one size. False unless declared (SEGUE_EFFECT_CONTAINER_FRAME).
    static var drawsOverContainer: Bool { get }

    /// Makes the state one engine keeps for this effect.
    init()

    /// Draws the content (`canvas.content`) modified according to `values`.
    /// - Throws: Anything; the frame then fails with the error's message.
    func render(values: Values<Self>, canvas: Canvas) throws
}

extension Effect {
    public static var drawsOverContainer: Bool { false }
}
