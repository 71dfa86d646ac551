// swift-tools-version:6.0
//
// Segue's fuzzers: libFuzzer harnesses over the code that reads untrusted
// input. A package of its own, so the main package's products and its
// `swift build` / `swift test` are untouched. Build and run with `make fuzz`
// (Fuzz/run; see README.md for the flags and why both are needed):
//
//     swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
//
// The targets under Linked/ are symbolic links to the main package's
// sources: the same code, compiled here with the fuzzer's instrumentation.
// Keep their dependencies as in ../Package.swift.
import PackageDescription

let package = Package(
    name: "SegueFuzz",
    targets: [
        .systemLibrary(name: "CPixman", path: "Linked/CPixman", pkgConfig: "pixman-1"),
        .systemLibrary(name: "CPNG", path: "Linked/CPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CDynamicLoader", path: "Linked/CDynamicLoader"),
        .systemLibrary(name: "CFreeType", path: "Linked/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CSegue", path: "Linked/CSegue"),
        .systemLibrary(name: "CLCMS", path: "Linked/CLCMS", pkgConfig: "lcms2"),
        .systemLibrary(name: "CZlib", path: "Linked/CZlib", pkgConfig: "zlib"),
        .target(name: "CAV", path: "Linked/CAV", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CHeif", path: "Linked/CHeif", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CInterruptCleanup", path: "Linked/CInterruptCleanup"),
        .target(name: "CWriteback", path: "Linked/CWriteback"),
        .target(name: "CVectorKernels", path: "Linked/CVectorKernels", cSettings: [.unsafeFlags(["-O3", "-fvisibility=hidden", "-ffp-contract=off"])]),

        .target(name: "SegueVocabulary", path: "Linked/SegueVocabulary"),
        .target(name: "SegueABI", dependencies: ["SegueVocabulary", "CSegue"], path: "Linked/SegueABI"),
        .target(name: "SegueBasics", dependencies: ["SegueVocabulary"], path: "Linked/SegueBasics"),
        .target(name: "SegueModel", dependencies: ["SegueBasics"], path: "Linked/SegueModel"),
        .target(name: "SegueCompositor", dependencies: ["SegueBasics", "CPixman", "CVectorKernels"],
                path: "Linked/SegueCompositor"),
        .target(name: "SegueImageIO",
                dependencies: ["SegueCompositor", "CPNG", "CInterruptCleanup", "CWriteback", "CVectorKernels"],
                path: "Linked/SegueImageIO"),
        .target(name: "SegueText", dependencies: ["SegueCompositor", "CFreeType", "CPixman"], path: "Linked/SegueText"),
        .target(name: "SeguePluginHost",
                dependencies: ["SegueModel", "SegueCompositor", "SegueText", "SegueABI", "CSegue", "CDynamicLoader"],
                path: "Linked/SeguePluginHost"),
        .target(name: "SegueEngine",
                dependencies: ["SegueModel", "SegueCompositor", "SegueImageIO", "SegueText", "SeguePluginHost"],
                path: "Linked/SegueEngine"),
        .target(name: "SegueMedia", dependencies: ["SegueImageIO", "CAV", "CHeif", "CLCMS", "CZlib"],
                path: "Linked/SegueMedia"),

        // The fuzzers: one executable each, whose main is libFuzzer's.
        .executableTarget(name: "TransitionSpecFuzzer", dependencies: ["SegueModel"]),
        .executableTarget(name: "AnimationSpecFuzzer", dependencies: ["SegueModel"]),
        .executableTarget(name: "PNGFuzzer", dependencies: ["SegueImageIO"]),
        .executableTarget(name: "PluginDescriptorFuzzer", dependencies: ["SeguePluginHost"]),
        .executableTarget(name: "RenderSpecFuzzer", dependencies: ["SegueEngine"]),
        .executableTarget(name: "ICCFuzzer", dependencies: ["SegueMedia"]),
        .executableTarget(name: "HEIFFuzzer", dependencies: ["SegueMedia"]),
    ]
)
