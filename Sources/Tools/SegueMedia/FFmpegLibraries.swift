import CAV
import SegueBasics

/// FFmpeg's libraries, opened the first time a media file is read or
/// written (see `segue_av_load` in CAV's cav.h), so that a command that
/// meets none starts without them. Their log is set to errors only (a
/// decoder's notes on damage it concealed), not banners and statistics:
/// Segue reports what stops it itself.
enum FFmpegLibraries {
    private static let loaded: Result<Void, SegueError> = {
        var reason = [CChar](repeating: 0, count: 512)
        guard segue_av_load(&reason, reason.count) == 0 else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return .failure(SegueError(.io, "\(text) (Debian and Ubuntu: apt-get install ffmpeg)"))
        }
        av_log_set_level(AV_LOG_ERROR)
        segue_av_keep_errors()
        return .success(())
    }()

    /// Loads the libraries once; later calls give the first call's outcome.
    /// - Throws: `.io` with the library or function that is missing.
    static func load() throws {
        try loaded.get()
    }
}
