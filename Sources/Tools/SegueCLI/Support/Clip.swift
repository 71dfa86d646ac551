import SegueBasics
import SegueCompositor
import SegueImageIO
import SegueMedia

/// An input of `render`, `sequence`, `frame` or `sheet`: a still picture or
/// a moving one, with its sound. PNG files are read by Segue's own reader,
/// HEIC and AVIF photos by libheif; everything else (JPEG, WebP, GIF, TIFF,
/// BMP, mp4, mov, mkv, webm, y4m …, and `-` for standard input) through
/// FFmpeg's libraries. A photo's ICC profile is honoured (see
/// `ColourProfile`). A video named with a trim (`talk.mp4#t=12.5,48`, see
/// `ClipName`) is that part of it: its times, length and sound count from
/// the trim's start.
final class Clip {
    let path: String
    private let name: ClipName
    private let still: Surface?
    private let reader: MediaReader?
    /// What could not be honoured, a line each naming the file ("'IMG_2041.png':
    /// its ICC profile cannot be read: taken as sRGB"), for the command to say.
    let notes: [String]

    /// Opens `path`; `audio` asks for its sound in that format, and `hdr`
    /// says what becomes of HDR pictures.
    /// - Throws: `.io` naming the file when it is not a picture or video
    ///   Segue can read; `.invalidArgument` for a trim that is not a time
    ///   range within the video, or is given to a still picture.
    init(path: String, threads: Int = 0, audio: AudioFormat? = nil, hdr: HDRHandling = .toSDR(.mobius)) throws {
        self.path = path
        name = try ClipName(path)
        let file = name.file
        if file.lowercased().hasSuffix(".png") || HEIFPhoto.handles(file) {
            let still: Surface, profile: Result<[UInt8]?, any Error>
            if HEIFPhoto.handles(file) {
                let photo = try HEIFPhoto.read(path: file)
                (still, profile) = (photo.picture, .success(photo.profile))
            } else {
                (still, profile) = (try PNG.read(path: file), Result { try ColourProfile.embedded(inPNGFile: file) })
            }
            var notes: [String] = []
            do {
                if let data = try profile.get() { try ColourProfile(data: data).convertToSRGB(still) }
            } catch {
                notes.append("'\(path)': \((error as? SegueError)?.message ?? "\(error)"): taken as sRGB")
            }
            self.still = still
            reader = nil
            self.notes = notes
        } else {
            let reader = try MediaReader(path: name.file, threads: threads, audio: audio, hdr: hdr)
            self.reader = reader
            still = nil
            notes = reader.notes.map { "'\(path)': \($0)" }
        }
        guard name.isTrimmed else { return }
        guard let whole = reader.flatMap({ $0.isStill ? nil : $0.duration }) else {
            throw SegueError.invalidArgument("'\(path)': only a video can be trimmed, and '\(name.file)' is "
                                             + (isStill ? "a still picture" : "a stream that does not say how long it is"))
        }
        for (role, time) in [("start", name.start), ("end", name.end ?? 0)] where time > whole + 1e-6 {
            throw SegueError.invalidArgument("'\(path)': the trim's \(role) at \(Seconds.text(time)) is past the end "
                                             + "of '\(name.file)', which lasts \(Seconds.text(whole))")
        }
        if name.start >= whole {
            throw SegueError.invalidArgument("'\(path)': the trim starts at \(Seconds.text(name.start)), the end of "
                                             + "'\(name.file)', which lasts \(Seconds.text(whole)): nothing is left")
        }
    }

    var width: Int { still?.width ?? reader!.width }
    var height: Int { still?.height ?? reader!.height }
    var isStill: Bool { still != nil || reader!.isStill }
    /// A video's length (of its trim); nil for a still.
    var duration: Double? { isStill ? nil : reader!.duration.map { min(name.end ?? $0, $0) - name.start } }
    /// Seconds into the file where the clip starts: its trim's start, for its sound.
    var start: Double { name.start }
    var frameRate: FrameRate? { isStill ? nil : reader!.frameRate }
    var audio: AudioReader? { reader?.audio }
    /// The file it plays from (its name without a trim).
    var file: String { name.file }

    /// The picture at `seconds` into the clip (nondecreasing from call to
    /// call); valid until the next call.
    func picture(at seconds: Double) throws -> Surface {
        if let still { return still }
        return try reader!.picture(at: name.start + seconds)
    }

    /// The colours of a video's decoded 4:2:0 frames, when they can go out as they are.
    var nativeMatrix: YCbCr? { reader?.nativeMatrix }

    /// Whether a video's decoded frames are shown as they are (see `MediaReader.showsAsDecoded`).
    var showsAsDecoded: Bool { reader?.showsAsDecoded ?? false }

    /// A video's HDR signal, when it has one.
    var hdrSignal: HDRSignal? { reader?.hdrSignal }

    /// The frame at `seconds` as it was decoded, to go out as it is: 10-bit
    /// 4:2:0 kept for an HDR output (see `MediaReader.deepFrame(at:)`), or
    /// 8-bit 4:2:0 planes in `matrix` (a sink's `planesMatrix`); nil when it
    /// is a still or in another form (then ask for `picture(at:)`).
    func decoded(at seconds: Double, matrix: YCbCr?) throws -> FrameContent? {
        guard still == nil, let reader, !reader.isStill else { return nil }
        if let frame = try reader.deepFrame(at: name.start + seconds) { return .deep(frame) }
        guard let matrix else { return nil }
        return try reader.planes(at: name.start + seconds, matrix: matrix).map { .planes($0) }
    }

    /// The colours an output is written in, given its clips' `nativeMatrix`:
    /// the first video's, so its decoded frames can go out as they are
    /// (BT.709 when none has any to give).
    static func outputMatrix(_ matrices: [YCbCr?]) -> YCbCr {
        matrices.lazy.compactMap { $0 }.first { $0.range == .limited } ?? .bt709
    }
}

/// The clips of a sequence, each open only while it plays. All are opened
/// once up front to learn their facts (size, length, rate, colours, sound),
/// then closed; a clip opens again when its turn comes and closes once the
/// sequence is past it, so memory does not grow with the number of clips.
/// Standard input, which cannot be read twice, stays open.
final class ClipShelf {
    /// What the sequence needs to know of a clip before it plays.
    struct Facts {
        let width: Int, height: Int
        let isStill: Bool
        let duration: Double?
        let frameRate: FrameRate?
        let nativeMatrix: YCbCr?
        let showsAsDecoded: Bool
        let hdrSignal: HDRSignal?
        /// How many channels its sound has; nil when it has none.
        let soundChannels: Int?
        var hasAudio: Bool { soundChannels != nil }
        /// Seconds into the file where it starts (its trim's start).
        let start: Double
        /// The file it plays from.
        let file: String

        init(_ clip: Clip) {
            (width, height, isStill, duration) = (clip.width, clip.height, clip.isStill, clip.duration)
            (frameRate, nativeMatrix, soundChannels) = (clip.frameRate, clip.nativeMatrix, clip.audio?.sourceChannels)
            (showsAsDecoded, hdrSignal) = (clip.showsAsDecoded, clip.hdrSignal)
            (start, file) = (clip.start, clip.file)
        }
    }

    let paths: [String]
    let facts: [Facts]
    /// The clips' notes (see `Clip.notes`).
    let notes: [String]
    private var audio: AudioFormat?
    private let hdr: HDRHandling
    private var open: [Int: Clip] = [:]
    /// Whether clips read their sound along with their pictures. When the
    /// sound is read apart (see `SoundShelf`), clips open without it, so
    /// that none of its packets wait in memory for a reader that never
    /// comes; the clips open now are opened again so.
    var readsSound = true {
        didSet { for key in open.keys where paths[key] != "-" { open[key] = nil } }
    }

    /// - Throws: `.io` naming the first clip that cannot be read.
    init(paths: [String], audio: AudioFormat?, hdr: HDRHandling = .toSDR(.mobius)) throws {
        self.paths = paths
        self.audio = audio
        self.hdr = hdr
        var facts: [Facts] = []
        var notes: [String] = []
        for (index, path) in paths.enumerated() {
            let clip = try Clip(path: path, audio: audio, hdr: hdr)
            facts.append(Facts(clip))
            notes += clip.notes
            // Standard input cannot be opened twice; the first clip plays at once, so it is not closed to be reopened.
            if path == "-" || index == 0 { open[index] = clip }
        }
        self.facts = facts
        self.notes = notes
    }

    /// The format the clips' sound is mixed and written in: the one asked
    /// for, mono when every clip with sound is mono (`AudioFormat.mixing`),
    /// nil when none has sound or none was asked for. The clips give their
    /// sound in it from now on.
    /// - Throws: `.io` naming a file whose sound cannot be resampled so.
    func settleSound() throws -> AudioFormat? {
        let channels = facts.compactMap(\.soundChannels)
        guard let requested = audio, !channels.isEmpty else { return nil }
        let format = requested.mixing(channels)
        audio = format
        for clip in open.values { try clip.audio?.convert(to: format) }
        return format
    }

    /// Clip `index`, opened now if it is not open.
    subscript(index: Int) -> Clip {
        get throws {
            if let clip = open[index] { return clip }
            let clip = try Clip(path: paths[index], audio: readsSound ? audio : nil, hdr: hdr)
            open[index] = clip
            return clip
        }
    }

    /// Closes every clip before `index`: the sequence has moved past them.
    func close(before index: Int) {
        for key in open.keys where key < index { open[key] = nil }
    }

    /// A video's length, or an error naming the clip when it does not say.
    func duration(_ index: Int) throws -> Double {
        guard let duration = facts[index].duration else {
            throw SegueError(.io, "'\(paths[index])' does not say how long it is; give it as a file, not a stream")
        }
        return duration
    }

    /// The colours the output is written in (see `Clip.outputMatrix`).
    var outputMatrix: YCbCr { Clip.outputMatrix(facts.map(\.nativeMatrix)) }
}
