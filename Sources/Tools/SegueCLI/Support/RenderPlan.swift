import SegueBasics
import SegueMedia

/// `segue sequence … --plan N`: the whole output cut into N pieces that
/// machines render apart (`--range`) and one join puts back together, as
/// JSON for any batch system (Slurm, Kubernetes jobs, Dask, Ray,
/// `segue.render_distributed`).
///
/// When the output is smart-rendered, a piece starts only where the whole
/// output starts a segment of its plan (a copied group of pictures, or an
/// encoded run): there every piece starts on an IDR picture and holds
/// exactly the whole's packets, so the join, a stream copy, decodes to the
/// whole's frames byte for byte. When every frame is encoded,
/// a piece may start anywhere, on an IDR of its own. Each piece carries its
/// share of the mixed sound as lossless PCM, which the join encodes once.
struct RenderPlan {
    let output: String
    let frameCount: Int
    let frameRate: FrameRate
    /// Each piece's frames, in order, covering 0..<frameCount.
    let pieces: [Range<Int>]
    /// The command line that asked for the plan, `--plan` and its value left out.
    let arguments: [String]
    let hasSound: Bool
    /// The sound encoder the join uses (the command's --audio-codec, else the container's).
    let audioCodec: String

    /// `count` pieces of `frameCount` frames (fewer when there are fewer
    /// places to start), as even as the places a piece may start allow:
    /// `smart`'s segments, or any frame without a plan.
    init(count: Int, frameCount: Int, frameRate: FrameRate, smart: SplicePlan?, output: String,
         arguments: [String], hasSound: Bool, audioCodec: String) {
        // Where the whole's segments start, in order; without a plan, every frame.
        let starts = smart?.segments.map(\.frames.lowerBound)
        var bounds = [0]
        for k in 1..<max(1, count) {
            let goal = k * frameCount / count
            var nearest = [goal]
            if let starts {
                // The starts on either side of the goal (a binary search: plans can have many segments).
                var low = 0, high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle] < goal { low = middle + 1 } else { high = middle }
                }
                nearest = [low - 1, low].filter(starts.indices.contains).map { starts[$0] }
            }
            let best = nearest.filter { $0 > bounds.last! && $0 < frameCount }.min { abs($0 - goal) < abs($1 - goal) }
            if let best { bounds.append(best) }
        }
        bounds.append(frameCount)
        pieces = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        self.output = output
        self.frameCount = frameCount
        self.frameRate = frameRate
        self.arguments = arguments
        self.hasSound = hasSound
        self.audioCodec = audioCodec
    }

    /// Where piece `k` (from 0) is written: beside the output, in a container
    /// that holds PCM sound when there is sound (MOV for MP4, Matroska for WebM).
    func piecePath(_ k: Int) -> String {
        let dot = output.lastIndex(of: ".") ?? output.endIndex
        var suffix = String(output[dot...])
        if hasSound { suffix = [".mp4": ".mov", ".webm": ".mkv"][suffix] ?? suffix }
        return output[..<dot] + ".part\(k + 1)" + suffix
    }

    /// The command that renders piece `k`: the plan's own, with its range,
    /// output and lossless sound (before any `--`, after which all is clips).
    func command(_ k: Int) -> [String] {
        var options = ["--range", "\(pieces[k].lowerBound):\(pieces[k].upperBound)", "-q", "-o", piecePath(k)]
        if hasSound { options += ["--audio-codec", "pcm_f32le"] }
        var command = ["segue"] + arguments
        command.insert(contentsOf: options, at: command.firstIndex(of: "--") ?? command.endIndex)
        return command
    }

    var listPath: String {
        (output.lastIndex(of: ".").map { String(output[..<$0]) } ?? output) + ".pieces.txt"
    }

    /// The join: FFmpeg's concat demuxer copying the pictures, encoding the sound once.
    var join: [String] {
        ["ffmpeg", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", listPath, "-map", "0", "-c:v", "copy"]
            + (hasSound ? ["-c:a", audioCodec] : []) + [output]
    }

    var json: JSON {
        .object([
            ("output", .string(output)),
            ("frames", .number(Double(frameCount))),
            ("frame_rate", .string(frameRate.description)),
            ("pieces", .array(pieces.indices.map { k in
                .object([("frames", .array([.number(Double(pieces[k].lowerBound)), .number(Double(pieces[k].upperBound))])),
                         ("output", .string(piecePath(k))),
                         ("command", .array(command(k).map(JSON.string)))])
            })),
            ("join", .object([
                ("list", .string(listPath)),
                ("list_text", .string(pieces.indices.map { "file '\(piecePath($0))'\n" }.joined())),
                ("command", .array(join.map(JSON.string))),
            ])),
        ])
    }

    /// The command line as given, less `--plan N` and the options each piece sets itself.
    static func arguments(_ all: [String]) -> [String] {
        var kept: [String] = [], index = 0
        let replaced: Set<String> = ["--plan", "-o", "--output", "--range", "--audio-codec"]
        while index < all.count {
            let argument = all[index]
            index += 1
            if argument == "--" { kept += all[(index - 1)...]; break }
            if replaced.contains(argument) { index += 1; continue }
            if let equals = argument.firstIndex(of: "="), replaced.contains(String(argument[..<equals])) { continue }
            if argument == "-q" || argument == "--quiet" { continue }
            kept.append(argument)
        }
        return kept
    }
}
