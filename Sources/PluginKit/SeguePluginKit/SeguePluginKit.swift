// SeguePluginKit — write a Segue plugin in Swift; the kit does the C.
//
// A complete plugin, `fade` (this example is compiled and rendered by
// Tests/SeguePluginKitTests/ReadmeExampleTests.swift):
//
// Sources/Fade/Fade.swift — the effects and the one declaration:
//
//     import SeguePluginKit
//
//     struct Fade: Effect {
//         static let id = "example.fade"
//         static let name = "fade"
//         static let summary = "The content faded in or out"
//
//         static let amount = Parameter.number("amount", summary: "Opacity: 0 invisible, 1 as it is",
//                                              active: 0, identity: 1, range: 0...1, animatable: true)
//         static var parameters: [ParameterDeclaration] { amount }
//
//         func render(values: Values<Fade>, canvas: Canvas) throws {
//             try canvas.draw(canvas.content, opacity: values.amount)
//         }
//     }
//
//     package let plugin = PluginDeclaration(name: "Fade", version: "1.0.0", effects: Fade.self)
//
// Sources/FadePlugin/Entry.swift — the same three lines in every plugin:
//
//     import Fade
//     import SeguePluginKit
//
//     @c @implementation
//     public func segue_kit_main() { Plugin.declare(Fade.plugin) }
//
// A package of your own holds the two targets and the product; copy
// examples/swift-plugin (its Package.swift, exports.map and linker flags),
// which depends on Segue by path. `swift build -c release` there gives the
// `.so`; `swift test` runs the effect's tests against SeguePluginKitTesting's
// fake host. (The seed effects under plugins/ are built the same way, inside
// Segue's own Package.swift.)
//
// Why two targets: the .so's target carries `-static-stdlib`, which test
// targets cannot link, and the fixed symbol `segue_kit_main`, which would
// clash once two plugins' tests share a test binary. Tests link the effects
// target (`@testable import Fade`) and render through the fake host.
//
// What the kit does:
// - `segue_plugin_entry`, the one exported symbol, is defined in C by the
//   SeguePluginEntry target. Its init() saves the host table, calls the
//   plugin's segue_kit_main(), and checks the declaration; every problem is
//   logged through the host, one sentence each, and the plugin refused.
// - The descriptors (`segue_effect_desc`, `segue_param_desc`, all their
//   strings) are built once from the `Parameter`s and never freed.
// - `render` gets typed values (`values.amount` is a Double, an enumeration
//   parameter a Swift enum) and a `Canvas` over the host's functions.
//   Anything it throws becomes canvas_set_error() and an error status;
//   `try canvas.fail("why")` fails a frame on purpose.
// - `Path` is a plain value; a host path is made and destroyed around each call.
//
// Rules for effects: `render` runs for many frames at once on several
// threads (an `Effect` is `Sendable`: keep it immutable); it must stay well
// defined for any finite values, also beyond their ranges (springs
// overshoot); and it must not trap — a trap takes the host down — so throw.

@_exported import SeguePluginEntry
@_exported import SegueVocabulary
