// swift-tools-version:6.0
//
// Segue: SwiftUI's transition model for anyone who can call C.
//
// The folders under Sources/ show the architecture; each module depends only
// on those below it in its list, or in a list further down:
//
// Sources/Tools: the segue command and what only it uses (not in libsegue.so)
//   SegueCLI         the segue tool                      -> SegueEngine, SegueMedia, SegueSamples, SegueWebP
//   SegueMedia       video and pictures through FFmpeg's -> SegueImageIO, CAV, CHeif, CLCMS, CZlib
//                    libraries: reading, colours, sequence timing, writing
//   SegueSamples     the demo's sample pictures          -> SegueText
//   SegueWebP        animated WebP (the demo's previews) -> SegueImageIO
//
// Sources/Host: the engine, and libsegue.so over it
//   SegueC           libsegue.so: the C functions        -> SegueEngine, SegueABI
//   SegueEngine      effects, scenes, the render pipeline -> SeguePluginHost, SegueModel, SegueImageIO, SegueText
//   SeguePluginHost  loading plugins, their host table   -> SegueModel, SegueText, SegueABI
//   SegueModel       transitions, animations, specs      -> SegueBasics (numbers only, no pixels)
//   SegueImageIO     PNG, YUV, files written whole       -> SegueCompositor, CInterruptCleanup, CWriteback,
//                                                           CVectorKernels
//   SegueText        text: FreeType, fontconfig          -> SegueCompositor
//   SegueCompositor  surfaces; recording, planning,      -> SegueBasics, CPixman, CVectorKernels
//                    execution, kernels, pixman
//   SegueBasics      the error type, locks, handle tags  -> SegueVocabulary
//
// Sources/PluginKit: the plugin side of the ABI. Plugins (plugins/<name>, one
// libsegue-plugin-<name>.so each, and packages like examples/swift-plugin)
// never link the host's modules; they see the C headers, through the kit:
//
//   Segue<Name>Plugin (libsegue-plugin-<name>.so)     <- plugins/<name>/Plugin: segue_kit_main(), static stdlib
//          |
//   Segue<Name>                                       <- plugins/<name>/Effects: the effects (tests link these)
//          |
//   SeguePluginKit -> SeguePluginEntry -> CSegue      <- Swift kit | C: the exported segue_plugin_entry | include/
//   SeguePluginKitTesting                             <- a fake host for plugins' unit tests
//
// Sources/Shared: what both sides of the plugin line speak, defined once
//   SegueABI         the vocabulary's C shapes, struct   -> SegueVocabulary, CSegue
//                    layouts by release, the version
//   SegueVocabulary  points, rects, affine transforms, colours (SwiftUI's names), blend modes,
//                    paths, parameter kinds and values, statuses, declaration rules (pure Swift)
//   CSegue           include/, the public headers, compiled as C (so that a change to one
//                    rebuilds every module that imports them)
//
// Sources/System: the C libraries (pixman, libpng, FreeType, libwebp, dlopen, and
// FFmpeg's libav* for the tools only, opened on first use: libsegue.so never links them)
// as Swift modules, and our own C: CInterruptCleanup for the signal handler,
// CWriteback for sync_file_range, CVectorKernels for AVX2 chosen at run time;
// include/ is CSegue, the public headers.
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
    "-Xlinker", "--version-script=\(packageDirectory)/Sources/Host/SegueC/exports.map",
    "-Xlinker", "-soname=libsegue.so",
    "-Xlinker", "--exclude-libs=ALL",
]

/// Linker flags for a plugin: no Swift toolchain library needed at run time,
/// and `segue_plugin_entry` the only symbol exported. Plugins are dlopen()ed
/// by path, so they need no SONAME.
let pluginLinkerFlags = [
    "-static-stdlib", "-use-ld=lld",
    "-Xlinker", "--version-script=\(packageDirectory)/plugins/exports.map",
    "-Xlinker", "--exclude-libs=ALL",
]

let package = Package(
    name: "Segue",
    products: [
        .library(name: "segue", type: .dynamic, targets: ["SegueC"]),
        .executable(name: "segue-cli", targets: ["SegueCLI"]),
        // For plugins written in Swift outside this repository (examples/swift-plugin).
        .library(name: "SeguePluginKit", targets: ["SeguePluginKit"]),
        .library(name: "SeguePluginKitTesting", targets: ["SeguePluginKitTesting"]),
        // Plugins: libsegue-plugin-<name>.so, installed as lib/segue/plugins/<name>.so.
        .library(name: "segue-plugin-clip", type: .dynamic, targets: ["SegueClipPlugin"]),
        .library(name: "segue-plugin-sliding-door", type: .dynamic, targets: ["SegueSlidingDoorPlugin"]),
        .library(name: "segue-plugin-explode", type: .dynamic, targets: ["SegueExplodePlugin"]),
        .library(name: "segue-plugin-count-up", type: .dynamic, targets: ["SegueCountUpPlugin"]),
        .library(name: "segue-plugin-tiktok", type: .dynamic, targets: ["SegueTikTokPlugin"]),
        .library(name: "segue-plugin-distortions", type: .dynamic, targets: ["SegueDistortionsPlugin"]),
        .library(name: "segue-plugin-particles", type: .dynamic, targets: ["SegueParticlesPlugin"]),
    ],
    targets: [
        // Sources/System: the C libraries, from Debian's -dev packages, as Swift modules.
        .systemLibrary(name: "CPixman", path: "Sources/System/CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/System/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // FFmpeg's libraries (the Makefile installs their -dev packages), opened on first use: see include/cav.h.
        .target(name: "CAV", path: "Sources/System/CAV", cSettings: [.unsafeFlags(["-gdwarf-4"])],
                linkerSettings: [.linkedLibrary("dl")]),
        // libheif (HEIC and AVIF photos), opened on first use like FFmpeg: see include/cheif.h.
        .target(name: "CHeif", path: "Sources/System/CHeif", cSettings: [.unsafeFlags(["-gdwarf-4"])],
                linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CDynamicLoader", path: "Sources/System/CDynamicLoader"),
        .systemLibrary(name: "CFreeType", path: "Sources/System/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/System/CWebP", pkgConfig: "libwebpmux",
                       providers: [.apt(["libwebp-dev"])]),
        // The CLI's photos: ICC profiles converted by Little CMS, PNG's iCCP inflated by zlib.
        .systemLibrary(name: "CLCMS", path: "Sources/System/CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/System/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Our own C: removing half-written files from a signal handler, async-signal-safely.
        .target(name: "CInterruptCleanup", path: "Sources/System/CInterruptCleanup",
                // DWARF 4: valgrind 3.19 (the memcheck tests') cannot read clang's default DWARF 5.
                cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // Our own C: starting a file's writeback while it is still written (sync_file_range).
        .target(name: "CWriteback", path: "Sources/System/CWriteback", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // Our own C: kernels for AVX2, chosen at run time (Swift builds for the SSE2 baseline only).
        .target(name: "CVectorKernels", path: "Sources/System/CVectorKernels",
                cSettings: [.unsafeFlags(["-gdwarf-4", "-O3", "-fvisibility=hidden", "-ffp-contract=off"])]),

        // Sources/Shared: the vocabulary both sides of the plugin line speak, and its C shapes.
        // CSegue is include/ (its include/ links there) compiled as C, so SwiftPM rebuilds
        // whatever imports it when a header changes.
        .target(name: "CSegue", path: "Sources/Shared/CSegue"),
        .target(name: "SegueVocabulary", path: "Sources/Shared/SegueVocabulary"),
        .target(name: "SegueABI", dependencies: ["SegueVocabulary", "CSegue"], path: "Sources/Shared/SegueABI"),

        // Sources/Host: the engine and libsegue.so.
        .target(name: "SegueBasics", dependencies: ["SegueVocabulary"], path: "Sources/Host/SegueBasics"),
        .target(name: "SegueModel", dependencies: ["SegueBasics"], path: "Sources/Host/SegueModel"),
        .target(name: "SegueCompositor", dependencies: ["SegueBasics", "CPixman", "CVectorKernels"],
                path: "Sources/Host/SegueCompositor"),
        .target(name: "SegueImageIO", dependencies: ["SegueCompositor", "CPNG", "CInterruptCleanup", "CWriteback",
                                                     "CVectorKernels"],
                path: "Sources/Host/SegueImageIO"),
        .target(name: "SegueText", dependencies: ["SegueCompositor", "CFreeType", "CPixman"],
                path: "Sources/Host/SegueText"),
        .target(name: "SeguePluginHost",
                dependencies: ["SegueModel", "SegueCompositor", "SegueText", "SegueABI", "CSegue", "CDynamicLoader"],
                path: "Sources/Host/SeguePluginHost"),
        .target(name: "SegueEngine",
                dependencies: ["SegueModel", "SegueCompositor", "SegueImageIO", "SegueText", "SeguePluginHost"],
                path: "Sources/Host/SegueEngine"),
        .target(
            name: "SegueC",
            dependencies: ["SegueEngine", "SegueABI", "CSegue"],
            path: "Sources/Host/SegueC",
            exclude: ["exports.map"],
            linkerSettings: [.unsafeFlags(sharedLibraryLinkerFlags)]
        ),

        // Sources/Tools: the segue command and what only it uses.
        .target(name: "SegueWebP", dependencies: ["SegueImageIO", "CWebP"], path: "Sources/Tools/SegueWebP"),
        .target(name: "SegueSamples", dependencies: ["SegueCompositor", "SegueText"], path: "Sources/Tools/SegueSamples"),
        .target(name: "SegueMedia", dependencies: ["SegueImageIO", "CAV", "CHeif", "CLCMS", "CZlib"],
                path: "Sources/Tools/SegueMedia"),
        .executableTarget(name: "SegueCLI", dependencies: ["SegueEngine", "SegueMedia", "SegueSamples", "SegueWebP", "SegueABI"],
                          path: "Sources/Tools/SegueCLI"),

        // Sources/PluginKit: the plugin side of the ABI. The Swift plugin kit, and the C
        // target that defines each plugin's exported entry.
        .target(name: "SeguePluginEntry", dependencies: ["CSegue"], path: "Sources/PluginKit/SeguePluginEntry"),
        .target(name: "SeguePluginKit", dependencies: ["SegueVocabulary", "SegueABI", "CSegue", "SeguePluginEntry"],
                path: "Sources/PluginKit/SeguePluginKit"),
        // A fake host that records what an effect draws, for plugins' unit tests.
        .target(name: "SeguePluginKitTesting", dependencies: ["SeguePluginKit", "SegueABI", "CSegue"],
                path: "Sources/PluginKit/SeguePluginKitTesting"),
        // Plugins: the effects (linked by the tests), and the .so's target (never linked by tests).
        .target(name: "SegueClip", dependencies: ["SeguePluginKit"], path: "plugins/clip/Effects"),
        .target(name: "SegueClipPlugin", dependencies: ["SegueClip"], path: "plugins/clip/Plugin",
                linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
        .target(name: "SegueSlidingDoor", dependencies: ["SeguePluginKit"], path: "plugins/sliding-door/Effects"),
        .target(name: "SegueSlidingDoorPlugin", dependencies: ["SegueSlidingDoor"], path: "plugins/sliding-door/Plugin",
                linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
        .target(name: "SegueExplode", dependencies: ["SeguePluginKit"], path: "plugins/explode/Effects"),
        .target(name: "SegueExplodePlugin", dependencies: ["SegueExplode"], path: "plugins/explode/Plugin",
                linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
        .target(name: "SegueCountUp", dependencies: ["SeguePluginKit"], path: "plugins/count-up/Effects"),
        .target(name: "SegueCountUpPlugin", dependencies: ["SegueCountUp"], path: "plugins/count-up/Plugin",
                linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
        .target(name: "SegueTikTok", dependencies: ["SeguePluginKit"], path: "plugins/tiktok/Effects"),
        .target(name: "SegueTikTokPlugin", dependencies: ["SegueTikTok"], path: "plugins/tiktok/Plugin",
                linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
        .target(name: "SegueDistortions", dependencies: ["SeguePluginKit"], path: "plugins/distortions/Effects"),
        .target(name: "SegueDistortionsPlugin", dependencies: ["SegueDistortions"], path: "plugins/distortions/Plugin",
                linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
        .target(name: "SegueParticles", dependencies: ["SeguePluginKit"], path: "plugins/particles/Effects"),
        .target(name: "SegueParticlesPlugin", dependencies: ["SegueParticles"], path: "plugins/particles/Plugin",
                linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),

        .testTarget(name: "SegueVocabularyTests", dependencies: ["SegueVocabulary"]),
        // Every public struct's sizeof and offsetof as C compiles them, today's and each frozen release's.
        .target(name: "CSegueLayouts", dependencies: ["CSegue"], path: "Tests/abi/Layouts"),
        .testTarget(name: "SegueABITests", dependencies: ["SegueABI", "SegueVocabulary", "CSegue", "CSegueLayouts"]),
        .testTarget(name: "SegueModelTests", dependencies: ["SegueModel"]),
        .testTarget(name: "SegueCompositorTests", dependencies: ["SegueCompositor", "CPixman", "CVectorKernels"]),
        .testTarget(name: "SegueImageIOTests", dependencies: ["SegueImageIO", "SegueWebP", "CWebP", "CVectorKernels"]),
        .testTarget(name: "SegueEngineTests", dependencies: ["SegueEngine", "CPixman"]),
        .testTarget(name: "SeguePluginHostTests", dependencies: ["SeguePluginHost", "SegueABI", "CPixman"]),
        .testTarget(name: "SegueTextTests", dependencies: ["SegueText", "CPixman"]),
        .testTarget(name: "SegueMediaTests", dependencies: ["SegueMedia"]),
        .testTarget(name: "SegueSamplesTests", dependencies: ["SegueSamples", "SegueImageIO"]),
        .testTarget(name: "SeguePluginKitTests", dependencies: ["SeguePluginKit", "SeguePluginKitTesting", "SegueABI", "SegueClip", "SegueSlidingDoor", "SegueExplode",
                                                                 "SegueCountUp", "SegueTikTok", "SegueDistortions",
                                                                 "SegueParticles"]),
        // Renders the built plugins (build/lib/segue/plugins, from `make build`) through the engine.
        .testTarget(name: "SegueEffectTests",
                    dependencies: ["SegueEngine", "SegueText", "SegueCompositor", "SegueModel", "SegueBasics", "CSegue"]),
    ]
)
