import Glibc
import SegueBasics
import SegueCompositor
import SegueEngine
import SegueImageIO
import SegueModel
import SegueSamples
import SegueWebP

/// `segue demo`: a folder a browser opens to see every transition Segue has.
enum DemoCommand {
    static let name = "demo"
    static let summary = "render a gallery of every transition and effect into a folder a browser opens"
    static let help = """
        Usage: segue demo [-o DIR] [--size WxH] [--fps N] [--plugin-path DIRS] [--quiet]

        Renders, with built-in sample pictures (no input files needed), every
        built-in transition, the scenes of the SwiftUI articles Segue grew from
        (for the seed effects that are loaded) and every other plugin effect: for
        each, an animated WebP preview that browsers play, a contact sheet PNG,
        and one index.html that shows them all with their specs and parameters.
        The folder is written whole: a failure leaves an existing DIR as it was.

        Options:
        \(Arguments.Option.help(options))

        Examples:
          segue demo
          segue demo -o /tmp/gallery --size 640x360 --fps 30
        """
    static let options: [Arguments.Option] = [
        .value("-o", "--output", as: "DIR", completing: .folders, "the folder to write (default: segue-demo)"),
        .value("--size", as: "WxH", "the previews' size (default: 480x270)"),
        .value("--fps", as: "N", "the previews' frame rate (default: 24)"),
    ] + PluginPathOption.options + [.flag("-q", "--quiet", help: "no progress bar")]

    static let command = Command(name: name, summary: summary, help: help, options: options, run: run)

    static func run(_ args: Arguments) throws {
        let folder = args.value("-o") ?? "segue-demo"
        let (width, height) = try args.value("--size").map { try SceneOptions.size($0, name) } ?? (480, 270)
        let fps = try args.integer("--fps", in: 1...120) ?? 24
        let engine = Engine(plugins: PluginPathOption.plugins(args))
        let sections = DemoGallery.sections(engine: engine)
        let entries = sections.flatMap(\.entries)
        let animations = try entries.map { try Animation(spec: $0.animation) }
        let frameCounts = animations.map { max(2, Int(($0.duration * Double(fps)).rounded()) + 1) }
        let sheetFrames = 5

        let staging = try StagingFolder(for: folder)
        let progressBar = ProgressBar(total: frameCounts.reduce(0, +) + entries.count * sheetFrames,
                                      label: "demo", quiet: args.has("-q"))
        var done = 0
        var samples: [Sample: Surface] = [:]
        func sample(_ s: Sample?) throws -> Surface? {
            guard let s else { return nil }
            if let known = samples[s] { return known }
            let rendered = try s.render(width: width, height: height, compositor: engine.compositor)
            samples[s] = rendered
            return rendered
        }
        do {
            var rendered: [DemoPage.Rendered] = []
            for (index, entry) in entries.enumerated() {
                let transition = try engine.transition(spec: entry.transition)
                let animation = animations[index]
                let scene = Scene(width: width, height: height, background: .clear, blend: entry.blend)
                let from = try sample(entry.from), to = try sample(entry.to)
                // The animated preview: the whole animation, then a pause on the last frame.
                let preview = try AnimatedWebPWriter(path: staging.path(entry.slug + ".webp"), width: width, height: height)
                let frame = try Surface(width: width, height: height)
                let count = frameCounts[index]
                for i in 0..<count {
                    let time = animation.duration * Double(i) / Double(count - 1)
                    try engine.render(transition, from: from, to: to, progress: animation.progress(at: time),
                                      scene: scene, into: frame)
                    try preview.add(frame, durationMilliseconds: i == count - 1 ? 800 : Int((1000 / Double(fps)).rounded()))
                    done += 1
                    progressBar.update(done)
                }
                try preview.finish()
                let frames = try Sheets.frames(engine: engine, transition: transition, animation: animation,
                                               scene: scene, count: sheetFrames) { _ in (from, to) }
                let sheet = try ContactSheet(title: entry.transition, subtitle: entry.animation, columns: sheetFrames,
                                             thumbnailWidth: 240).render(frames, compositor: engine.compositor)
                try PNG.write(sheet, to: staging.path(entry.slug + ".png"))
                done += sheetFrames
                progressBar.update(done)
                let effects = transition.effectIDs.sorted().compactMap { engine.catalog.effect(named: $0) }
                rendered.append(DemoPage.Rendered(entry: entry, effects: effects, frames: count, width: width,
                                                  height: height, sheetWidth: sheet.width, sheetHeight: sheet.height))
            }
            let page = DemoPage.html(sections: sections.map { section in
                (section, rendered.filter { item in section.entries.contains { $0.slug == item.entry.slug } })
            }, version: Segue.version)
            try AtomicFile.write(to: staging.path("index.html")) { file in
                guard fputs(page, file) >= 0 else { throw SegueError(.io, "cannot write index.html") }
            }
            try staging.publish()
            progressBar.finish()
        } catch {
            progressBar.finish()
            staging.abandon()
            throw error
        }
        print("Demo written: open \(folder)/index.html (\(entries.count) transitions)")
    }
}

/// A folder written under a temporary name next to its destination, then
/// renamed into place, so the destination is either as it was or complete.
final class StagingFolder {
    let destination: String
    let temporary: String
    private var published = false
    /// Removes the staged folder if the process is interrupted.
    private let cleanup: InterruptCleanup.Registration

    init(for destination: String) throws {
        let trimmed = destination.hasSuffix("/") && destination.count > 1 ? String(destination.dropLast()) : destination
        self.destination = trimmed
        try Folders.requireParent(of: trimmed)
        var template = Array((trimmed + ".partial-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw SegueError(.io, "cannot create a folder next to '\(trimmed)': \(describeErrno())")
        }
        temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        cleanup = try InterruptCleanup.folder(temporary)
    }

    func path(_ name: String) -> String { temporary + "/" + name }

    /// Replaces the destination with the staged folder.
    func publish() throws {
        let old = destination + ".old-" + String(getpid())
        let hadOld = rename(destination, old) == 0
        guard rename(temporary, destination) == 0 else {
            let reason = describeErrno()
            if hadOld { rename(old, destination) }
            throw SegueError(.io, "cannot move the demo into '\(destination)': \(reason)")
        }
        published = true
        cleanup.forget()
        if hadOld { Directory.removeShallow(old) }
    }

    func abandon() {
        guard !published else { return }
        Directory.removeShallow(temporary)
        cleanup.forget()
    }

    deinit { abandon() }
}
