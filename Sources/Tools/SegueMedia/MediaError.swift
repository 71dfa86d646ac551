import CAV
import SegueBasics

/// FFmpeg's error codes as Segue errors that name the file and what was being done.
enum MediaError {
    /// FFmpeg's own text for an error code.
    static func text(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Throws `.io` "cannot <action> '<file>': <FFmpeg's reason>" when
    /// `code` is negative: what FFmpeg logged as the error meanwhile, if it
    /// did (its codes alone can mislead), else the code's own text.
    @discardableResult
    static func check(_ code: Int32, _ action: @autoclosure () -> String, _ file: String) throws -> Int32 {
        defer { segue_av_forget_error() }
        guard code < 0 else { return code }
        let logged = String(cString: segue_av_last_error())
        throw SegueError(.io, "cannot \(action()) '\(file)': \(logged.isEmpty ? text(code) : logged)")
    }
}

/// Seconds as messages show them: "1.250 s".
public enum Seconds {
    public static func text(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "an unknown time" }
        let milliseconds = Int((abs(seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return (seconds < 0 ? "-" : "") + "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
    }
}

/// Frees a packet or frame FFmpeg allocated (its free functions take the
/// pointer's address, to clear it).
func release(_ packet: UnsafeMutablePointer<AVPacket>) {
    var pointer: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&pointer)
}

func release(_ frame: UnsafeMutablePointer<AVFrame>) {
    var pointer: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&pointer)
}
