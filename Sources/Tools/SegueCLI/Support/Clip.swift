import SegueBasics
import SegueCompositor
import SegueImageIO
import SegueMedia

/// An input of `render`, `sequence`, `frame` or `sheet`: a still picture or
/// a moving one, with its sound. PNG files are read by Segue's own reader;
/// everything else (JPEG, WebP, GIF, TIFF, BMP, mp4, mov, mkv, webm, y4m …,
/// and `-` for standard input) through FFmpeg's libraries.
final class Clip {
    let path: String
    private let still: Surface?
    private let reader: MediaReader?

    /// Opens `path`; `audio` asks for its sound in that format.
    /// - Throws: `.io` naming the file when it is not a picture or video Segue can read.
    init(path: String, threads: Int = 0, audio: AudioFormat? = nil) throws {
        self.path = path
        if path.lowercased().hasSuffix(".png") {
            still = try PNG.read(path: path)
            reader = nil
        } else {
            let reader = try MediaReader(path: path, threads: threads, audio: audio)
            self.reader = reader
            still = nil
        }
    }

    var width: Int { still?.width ?? reader!.width }
    var height: Int { still?.height ?? reader!.height }
    var isStill: Bool { still != nil || reader!.isStill }
    /// A video's length; nil for a still.
    var duration: Double? { isStill ? nil : reader!.duration }
    var framesPerSecond: Double? { isStill ? nil : reader!.framesPerSecond }
    var audio: AudioReader? { reader?.audio }

    /// The picture at `seconds` into the clip (nondecreasing from call to
    /// call); valid until the next call.
    func picture(at seconds: Double) throws -> Surface {
        if let still { return still }
        return try reader!.picture(at: seconds)
    }

    /// The colours of a video's decoded 4:2:0 frames, when they can go out as they are.
    var nativeMatrix: YCbCr? { reader?.nativeMatrix }

    /// The frame at `seconds` as decoded 4:2:0 planes in `matrix`, or nil
    /// when it is a still or in another form (then ask for `picture(at:)`).
    func planes(at seconds: Double, matrix: YCbCr) throws -> YUV420Planes? {
        guard still == nil, let reader, !reader.isStill else { return nil }
        return try reader.planes(at: seconds, matrix: matrix)
    }

    /// The colours an output of these clips is written in: the first video's,
    /// so its decoded frames can go out as they are (BT.709 when none has any to give).
    static func outputMatrix(_ clips: [Clip]) -> YCbCr {
        clips.lazy.compactMap(\.nativeMatrix).first { $0.range == .limited } ?? .bt709
    }

    /// A video's length, or an error naming the clip when it does not say.
    func requireDuration() throws -> Double {
        guard let duration else {
            throw SegueError(.io, "'\(path)' does not say how long it is; give it as a file, not a stream")
        }
        return duration
    }
}
