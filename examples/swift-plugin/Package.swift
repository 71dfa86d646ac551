// swift-tools-version:6.0
//
// A Segue effect plugin written in Swift, outside Segue's own repository:
// the template to copy. One command builds the plugin:
//
//     swift build -c release        →  .build/release/libblinds.so
//
// Drop that file (renamed blinds.so, if you like) into a folder Segue
// searches, e.g. SEGUE_PLUGIN_PATH=~/segue-plugins, and `.blinds` works in
// every spec. `swift test` runs the effect's unit tests against the fake
// host of SeguePluginKitTesting, without Segue's library.
//
// Segue is found by path: ../.. (this folder inside Segue's repository), or
// the folder the environment variable SEGUE_SOURCE names.
import PackageDescription

let segue = Context.environment["SEGUE_SOURCE"] ?? "../.."

/// What every Segue plugin links with: its own Swift runtime (so it needs
/// nothing from the toolchain when it runs), and exports.map, which leaves
/// `segue_plugin_entry` the only symbol it exports.
let pluginLinkerFlags = [
    "-static-stdlib", "-use-ld=lld",
    "-Xlinker", "--version-script=\(Context.packageDirectory)/exports.map",
    "-Xlinker", "--exclude-libs=ALL",
]

let package = Package(
    name: "Blinds",
    products: [
        .library(name: "blinds", type: .dynamic, targets: ["BlindsPlugin"]),
    ],
    dependencies: [
        .package(name: "Segue", path: segue),
    ],
    targets: [
        // The effect, linked by the tests.
        .target(name: "Blinds", dependencies: [.product(name: "SeguePluginKit", package: "Segue")]),
        // The .so: the effect and the one entry every plugin has (never linked by tests:
        // -static-stdlib and test targets do not mix).
        .target(name: "BlindsPlugin", dependencies: ["Blinds"], linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
        .testTarget(name: "BlindsTests",
                    dependencies: ["Blinds", .product(name: "SeguePluginKitTesting", package: "Segue")]),
    ]
)
