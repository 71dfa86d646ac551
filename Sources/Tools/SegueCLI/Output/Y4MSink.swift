import Glibc
import SegueBasics
import SegueCompositor
import SegueImageIO

/// Frames as a YUV4MPEG2 stream: into a file (written whole, then renamed
/// into place) or onto standard output.
final class Y4MSink: FrameSink {
    private let file: AtomicFileWriter?
    private let writer: Y4MWriter

    init(path: String, width: Int, height: Int, frameRate: FrameRate, matrix: YCbCr, loop: @escaping ParallelLoop) throws {
        try Folders.requireParent(of: path)
        let file = try AtomicFileWriter(path: path)
        self.file = file
        writer = try Y4MWriter(file: file.file, width: width, height: height, frameRate: frameRate,
                               matrix: matrix, name: path, afterEachFrame: file.startWriteback, loop: loop)
    }

    init(standardOutputWidth width: Int, height: Int, frameRate: FrameRate, matrix: YCbCr,
         loop: @escaping ParallelLoop) throws {
        file = nil
        writer = try Y4MWriter(file: StandardStream.output, width: width, height: height, frameRate: frameRate,
                               matrix: matrix, loop: loop)
    }

    func write(_ frame: Surface) throws {
        try writer.write(frame)
    }

    var planesMatrix: YCbCr? { writer.matrix }

    func write(_ planes: YUV420Planes) throws {
        try writer.write(planes)
    }

    func finish() throws {
        try writer.finish()
        if let file {
            try file.commit()
        } else if fflush(StandardStream.output) != 0 {
            throw SegueError(.io, "cannot write to standard output: \(describeErrno())")
        }
    }

    func abandon() {
        writer.abandon()
        file?.abandon()
    }
}
