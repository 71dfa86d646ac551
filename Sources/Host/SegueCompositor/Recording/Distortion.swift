import SegueBasics

/// SwiftUI's `distortionEffect`: every pixel of a frame shows the source
/// position a function gives for the pixel's own position (see
/// `segue_distortion` in segue/plugin.h, which plugins hand over).
///
/// Positions are in the frame's own coordinates, (0, 0) at its top-left
/// corner; a pixel's position is its centre. A source position reads the
/// drawn source bilinearly, a pixel's colour sitting at its centre; one
/// outside the source, or not finite, leaves its pixel transparent.
///
/// The function is called from several threads at once, for different
/// rows, while the frame is composited. A distortion lives as long as the
/// picture that records it, and calls `release` (the plugin's, if any) when
/// it ends.
public final class Distortion: @unchecked Sendable {
    /// Writes the source positions of `count` pixels of a row into
    /// `positions` (x then y for each), the first pixel's position being
    /// `first` and each next one a pixel to the right.
    public typealias Map = @Sendable (_ first: Point, _ count: Int, _ positions: UnsafeMutablePointer<Double>) -> Void

    /// The frame, in the coordinates of the picture the distortion is drawn in.
    public let frame: Rect
    /// How far a source position may lie from its pixel, across and down:
    /// the source is drawn that far around the frame, and read transparent beyond.
    public let maxSampleOffset: (x: Double, y: Double)
    let map: Map
    private let release: (@Sendable () -> Void)?

    /// - Parameter release: called once when the distortion ends.
    public init(frame: Rect, maxSampleOffset: (x: Double, y: Double), release: (@Sendable () -> Void)? = nil,
                map: @escaping Map) {
        self.frame = frame
        self.maxSampleOffset = (max(0, maxSampleOffset.x), max(0, maxSampleOffset.y))
        self.map = map
        self.release = release
    }

    deinit { release?() }
}
