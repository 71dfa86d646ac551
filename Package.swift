// swift-tools-version:6.0
//
// Segue: SwiftUI's transition model for anyone who can call C.
//
// The folders under Sources/ show the architecture. This header is the one
// module map: each module is listed once, and depends only on modules listed
// below it (its dependencies are declared in its target further down).
// `make check-modules` (run by `make test`) checks both: each target imports
// exactly what it declares, and no declaration points up this list.
//
// Sources/Tools: the segue command and what only it uses (not in libsegue.so)
//   SegueCLI         the segue tool
//   SegueMedia       video and pictures through FFmpeg's libraries: reading (MediaReader, AudioReader),
//                    colours (ColourConversion, ColourProfile), HEIC and AVIF (HEIFPhoto), sequence
//                    timing (SequenceTimeline), writing (MediaWriter), smart rendering (Splicing/)
//   SegueSamples     the demo's sample pictures
//   SegueWebP        animated WebP (the demo's previews)
//
// Sources/Host: the engine, and libsegue.so over it
//   SegueC           libsegue.so: the C functions, checked against the headers by `@c @implementation`
//   SegueEngine      effects, scenes, the render pipeline
//   SeguePluginHost  loading plugins (dlopen, checks, descriptors read by struct_size), the host table
//   SegueModel       transitions, animations, specs (numbers only, no pixels)
//   SegueImageIO     PNG, the pixel layouts at the edge (I420, NV12, RGBA …), YUV4MPEG2, files
//                    written whole (on a writer thread, with early writeback)
//   SegueText        text: FreeType, fontconfig
//   SegueCompositor  surfaces; recording, planning, execution, kernels, pixman
//   SegueBasics      the error type, locks, the handle table
//
// Sources/PluginKit: the plugin side of the ABI. Plugins (plugins/<name>: the
// effects in Effects/, which tests link, and the .so in Plugin/, one
// libsegue-plugin-<name>.so each, with its own static stdlib; and packages like
// examples/swift-plugin) never link the host's modules: they see the C headers
// through the kit.
//   SeguePluginKitTesting  a fake host for plugins' unit tests
//   SeguePluginKit    the Swift kit: effects, parameters, the canvas
//   SeguePluginEntry  its C part: the exported segue_plugin_entry
//
// Sources/Shared: what both sides of the plugin line speak, defined once
//   SegueABI         every conversion between the vocabulary and its C shapes (values, enums,
//                    structs), struct layouts by release, the version
//   SegueVocabulary  points, rects, affine transforms, colours (SwiftUI's names), blend modes,
//                    paths, parameter kinds and values, statuses, declaration rules, a scene's
//                    placement and stacking, pixel layouts and Y'CbCr matrices (pure Swift)
//   CSegue           include/, the public headers, compiled as C (so that a change to one
//                    rebuilds every module that imports them)
//
// Sources/System: the C libraries as Swift modules, and our own C. FFmpeg's and
// libheif's are for the tools only and opened on first use: libsegue.so never links them.
//   CAV              FFmpeg's libav*         CHeif            libheif
//   CLCMS            Little CMS (ICC)        CZlib            zlib (PNG's iCCP)
//   CWebP            libwebp                 CFreeType        FreeType and fontconfig
//   CPNG             libpng                  CPixman          pixman
//   CDynamicLoader   dlopen                  CInterruptCleanup  removing half-written files from a signal handler
//   CWriteback       sync_file_range         CVectorKernels   AVX2 kernels chosen at run time
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

/// The plugins written in Swift: plugins/<folder>/Effects is the module
/// Segue<Module>, plugins/<folder>/Plugin the .so, libsegue-plugin-<folder>.so.
let plugins: [(folder: String, module: String)] = [
    ("clip", "SegueClip"), ("sliding-door", "SegueSlidingDoor"), ("explode", "SegueExplode"),
    ("count-up", "SegueCountUp"), ("tiktok", "SegueTikTok"), ("distortions", "SegueDistortions"),
    ("particles", "SegueParticles"),
]

let package = Package(
    name: "Segue",
    products: [
        .library(name: "segue", type: .dynamic, targets: ["SegueC"]),
        .executable(name: "segue-cli", targets: ["SegueCLI"]),
        // For plugins written in Swift outside this repository (examples/swift-plugin).
        .library(name: "SeguePluginKit", targets: ["SeguePluginKit"]),
        .library(name: "SeguePluginKitTesting", targets: ["SeguePluginKitTesting"]),
    ] as [Product] + plugins.map {
        // Plugins: libsegue-plugin-<folder>.so, installed as lib/segue/plugins/<folder>.so.
        .library(name: "segue-plugin-\($0.folder)", type: .dynamic, targets: [$0.module + "Plugin"])
    },
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
        .target(name: "CSegue", path: "Sources/Shared/CSegue"),
        .target(name: "SegueVocabulary", path: "Sources/Shared/SegueVocabulary"),
        .target(name: "SegueABI", dependencies: ["SegueVocabulary", "CSegue"], path: "Sources/Shared/SegueABI"),

        // Sources/Host: the engine and libsegue.so.
        .target(name: "SegueBasics", dependencies: ["SegueVocabulary"], path: "Sources/Host/SegueBasics"),
        .target(name: "SegueModel", dependencies: ["SegueBasics"], path: "Sources/Host/SegueModel"),
        .target(name: "SegueCompositor", dependencies: ["SegueBasics", "CPixman", "CVectorKernels"],
                path: "Sources/Host/SegueCompositor"),
        .target(name: "SegueImageIO",
                dependencies: ["SegueBasics", "SegueCompositor", "CPNG", "CInterruptCleanup", "CWriteback",
                               "CVectorKernels"],
                path: "Sources/Host/SegueImageIO"),
        .target(name: "SegueText", dependencies: ["SegueBasics", "SegueCompositor", "CFreeType", "CPixman"],
                path: "Sources/Host/SegueText"),
        .target(name: "SeguePluginHost",
                dependencies: ["SegueBasics", "SegueModel", "SegueCompositor", "SegueText", "SegueABI", "CSegue",
                               "CDynamicLoader"],
                path: "Sources/Host/SeguePluginHost"),
        .target(name: "SegueEngine",
                dependencies: ["SegueBasics", "SegueModel", "SegueCompositor", "SeguePluginHost"],
                path: "Sources/Host/SegueEngine"),
        .target(
            name: "SegueC",
            dependencies: ["SegueBasics", "SegueModel", "SegueCompositor", "SegueImageIO", "SeguePluginHost",
                           "SegueEngine", "SegueABI", "CSegue"],
            path: "Sources/Host/SegueC",
            exclude: ["exports.map"],
            linkerSettings: [.unsafeFlags(sharedLibraryLinkerFlags)]
        ),

        // Sources/Tools: the segue command and what only it uses.
        .target(name: "SegueWebP", dependencies: ["SegueBasics", "SegueCompositor", "SegueImageIO", "CWebP"],
                path: "Sources/Tools/SegueWebP"),
        .target(name: "SegueSamples", dependencies: ["SegueBasics", "SegueCompositor", "SegueText"],
                path: "Sources/Tools/SegueSamples"),
        .target(name: "SegueMedia",
                dependencies: ["SegueBasics", "SegueCompositor", "SegueImageIO", "CAV", "CHeif", "CLCMS", "CZlib"],
                path: "Sources/Tools/SegueMedia"),
        .executableTarget(name: "SegueCLI",
                          dependencies: ["SegueVocabulary", "SegueABI", "SegueBasics", "SegueModel", "SegueCompositor",
                                         "SegueImageIO", "SegueText", "SegueEngine", "SegueMedia", "SegueSamples",
                                         "SegueWebP"],
                          path: "Sources/Tools/SegueCLI"),

        // Sources/PluginKit: the plugin side of the ABI. The Swift plugin kit, and the C
        // target that defines each plugin's exported entry.
        .target(name: "SeguePluginEntry", dependencies: ["CSegue"], path: "Sources/PluginKit/SeguePluginEntry"),
        .target(name: "SeguePluginKit", dependencies: ["SegueVocabulary", "SegueABI", "CSegue", "SeguePluginEntry"],
                path: "Sources/PluginKit/SeguePluginKit"),
        // A fake host that records what an effect draws, for plugins' unit tests.
        .target(name: "SeguePluginKitTesting", dependencies: ["SeguePluginKit", "SegueABI", "CSegue"],
                path: "Sources/PluginKit/SeguePluginKitTesting"),
    ] as [Target] + plugins.flatMap { plugin -> [Target] in [
        // Each plugin: its effects (linked by the tests), and the .so's target (never linked by tests).
        .target(name: plugin.module, dependencies: ["SeguePluginKit"], path: "plugins/\(plugin.folder)/Effects"),
        .target(name: plugin.module + "Plugin", dependencies: [.target(name: plugin.module), "SeguePluginKit"],
                path: "plugins/\(plugin.folder)/Plugin", linkerSettings: [.unsafeFlags(pluginLinkerFlags)]),
    ] } + ([
        .testTarget(name: "SegueVocabularyTests", dependencies: ["SegueVocabulary"]),
        // Every public struct's sizeof and offsetof as C compiles them, today's and each frozen release's.
        .target(name: "CSegueLayouts", dependencies: ["CSegue"], path: "Tests/abi/Layouts"),
        .testTarget(name: "SegueABITests", dependencies: ["SegueVocabulary", "SegueABI", "CSegue", "CSegueLayouts"]),
        .testTarget(name: "SegueModelTests", dependencies: ["SegueBasics", "SegueModel"]),
        .testTarget(name: "SegueCompositorTests",
                    dependencies: ["SegueBasics", "SegueCompositor", "CPixman", "CVectorKernels"]),
        .testTarget(name: "SegueImageIOTests",
                    dependencies: ["SegueBasics", "SegueCompositor", "SegueImageIO", "SegueWebP", "CPNG", "CWebP",
                                   "CVectorKernels"]),
        .testTarget(name: "SegueEngineTests",
                    dependencies: ["SegueBasics", "SegueModel", "SegueCompositor", "SegueEngine", "CPixman"]),
        .testTarget(name: "SeguePluginHostTests",
                    dependencies: ["SegueBasics", "SegueModel", "SegueCompositor", "SeguePluginHost", "SegueABI",
                                   "CSegue", "CPixman"]),
        .testTarget(name: "SegueTextTests",
                    dependencies: ["SegueBasics", "SegueCompositor", "SegueText", "CFreeType", "CPixman"]),
        .testTarget(name: "SegueMediaTests", dependencies: ["SegueBasics", "SegueCompositor", "SegueMedia"]),
        .testTarget(name: "SegueSamplesTests",
                    dependencies: ["SegueBasics", "SegueCompositor", "SegueImageIO", "SegueSamples"]),
        .testTarget(name: "SeguePluginKitTests",
                    dependencies: ["SeguePluginKit", "SeguePluginKitTesting", "SegueABI", "CSegue"]
                        + plugins.map { .target(name: $0.module) }),
        // Renders the built plugins (build/lib/segue/plugins, from `make build`) through the engine.
        .testTarget(name: "SegueEffectTests",
                    dependencies: ["SegueBasics", "SegueModel", "SegueCompositor", "SegueText", "SegueEngine", "CSegue"]),
    ] as [Target])
)
