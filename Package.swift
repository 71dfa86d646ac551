// swift-tools-version:6.0
//
// Segue: SwiftUI's transition model for anyone who can call C.
//
// Module layout (dependencies point downwards only):
//
//   SegueCLI (segue)        SegueC (libsegue.so)      <- clients: CLI and the C surface
//              \              /
//              SegueEngine                            <- effects, scenes, the render pipeline
//             /      |       \
//   SegueModel  SegueImageIO  SegueCompositor         <- numbers only | file formats | pixman
//        \           |          /
//            SegueBasics                            <- geometry, colour, the error type
//
// The C headers in include/ are the contract; SegueC implements them with
// `@c @implementation`, so the compiler checks every exported signature.
import PackageDescription

let packageDirectory = Context.packageDirectory

/// Linker flags for the shipped library: no Swift toolchain library needed at
/// run time, only `segue_*` symbols exported, and a SONAME so C programs
/// record `libsegue.so` rather than a path into the build folder.
let sharedLibraryLinkerFlags = [
    "-static-stdlib", "-use-ld=lld",
    "-Xlinker", "--version-script=\(packageDirectory)/Sources/SegueC/exports.map",
    "-Xlinker", "-soname=libsegue.so",
    "-Xlinker", "--exclude-libs=ALL",
]

let package = Package(
    name: "Segue",
    products: [
        .library(name: "segue", type: .dynamic, targets: ["SegueC"]),
        .executable(name: "segue-cli", targets: ["SegueCLI"]),
    ],
    targets: [
        // System libraries, from Debian's -dev packages.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        // The hand-written public headers, seen by Swift as a module.
        .systemLibrary(name: "CSegue", path: "include"),

        .target(name: "SegueBasics"),
        .target(name: "SegueModel", dependencies: ["SegueBasics"]),
        .target(name: "SegueCompositor", dependencies: ["SegueBasics", "CPixman"]),
        .target(name: "SegueImageIO", dependencies: ["SegueCompositor", "CPNG"]),
        .target(name: "SegueText", dependencies: ["SegueCompositor", "CFreeType", "CPixman"]),
        .target(name: "SegueEngine", dependencies: ["SegueModel", "SegueCompositor", "SegueImageIO"]),
        .target(
            name: "SegueC",
            dependencies: ["SegueEngine", "CSegue"],
            exclude: ["exports.map"],
            linkerSettings: [.unsafeFlags(sharedLibraryLinkerFlags)]
        ),
        .executableTarget(name: "SegueCLI", dependencies: ["SegueEngine"]),

        .testTarget(name: "SegueModelTests", dependencies: ["SegueModel"]),
        .testTarget(name: "SegueCompositorTests", dependencies: ["SegueCompositor", "CPixman"]),
        .testTarget(name: "SegueImageIOTests", dependencies: ["SegueImageIO"]),
        .testTarget(name: "SegueEngineTests", dependencies: ["SegueEngine", "CPixman"]),
        .testTarget(name: "SegueTextTests", dependencies: ["SegueText", "CPixman"]),
    ]
)
