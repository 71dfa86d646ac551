import CSegue
import SegueABI
import SeguePluginKit

/// One `canvas_draw_image` call, with every pointer read back into a value.
public struct DrawCall: Equatable, Sendable {
    /// The image's label: "content", "layer1", "pixels of content", "created".
    public var image: String
    public var blend: BlendMode = .normal
    public var transform: AffineTransform = .identity
    public var opacity: Double = 1
    public var crop: Rect?
    public var clip: Path?
    public var clipRule: FillRule = .nonZero
    public var tint: Color?
    public var channels: Color?

    public init(image: String, blend: BlendMode = .normal, transform: AffineTransform = .identity, opacity: Double = 1,
                crop: Rect? = nil, clip: Path? = nil, clipRule: FillRule = .nonZero, tint: Color? = nil,
                channels: Color? = nil) {
        self.image = image
        self.blend = blend
        self.transform = transform
        self.opacity = opacity
        self.crop = crop
        self.clip = clip
        self.clipRule = clipRule
        self.tint = tint
        self.channels = channels
    }
}

/// One `canvas_draw_distorted` call: the image, and the distortion itself,
/// kept (and released when the call is forgotten) so tests can ask it for
/// positions.
public struct DistortCall: Equatable, Sendable {
    /// The image's label, as in `DrawCall`.
    public var image: String
    let distortion: RecordedDistortion

    init(image: String, distortion: RecordedDistortion) {
        self.image = image
        self.distortion = distortion
    }

    /// The distortion's max_sample_offset.
    public var maxSampleOffset: Size {
        Size(width: distortion.value.max_sample_offset.x, height: distortion.value.max_sample_offset.y)
    }

    /// The source positions of `count` pixels of a row, the first at `first`,
    /// as the host's compositor would ask for them.
    public func positions(from first: Point, count: Int) -> [Point] {
        var numbers = [Double](repeating: .nan, count: 2 * count)
        numbers.withUnsafeMutableBufferPointer {
            distortion.value.map?(distortion.value.context, first.cValue, Int32(count), $0.baseAddress)
        }
        return (0..<count).map { Point(x: numbers[2 * $0], y: numbers[2 * $0 + 1]) }
    }

    /// The source position of the pixel whose position is `point`.
    public func position(of point: Point) -> Point {
        positions(from: point, count: 1)[0]
    }

    public static func == (a: DistortCall, b: DistortCall) -> Bool {
        a.image == b.image && a.distortion === b.distortion
    }
}

/// A distortion a plugin handed the fake host, released with the last call that holds it.
final class RecordedDistortion: @unchecked Sendable {
    let value: segue_distortion

    init(_ value: segue_distortion) {
        self.value = value
    }

    deinit { value.release?(value.context) }
}

/// What an effect asked a fake canvas to do, in order.
public enum Call: Equatable, Sendable {
    case draw(DrawCall)
    case fill(Path, rule: FillRule, color: Color, blend: BlendMode)
    case text(String, family: String?, size: Double, bold: Bool, color: Color, position: Point, anchor: Point)
    case beginLayer
    /// A layer ended, handing back the image labelled so.
    case endLayer(String)
    /// An image rasterised: its label.
    case rasterize(String)
    /// An image drawn distorted.
    case distort(DistortCall)
}

/// An image the fake host hands out: a label tests can recognise, and, for
/// pixel images, zeroed pixels.
public final class FakeImage {
    public let label: String
    public let pixels: UnsafeMutablePointer<UInt32>
    public let width: Int32, height: Int32

    init(label: String, width: Int32 = 0, height: Int32 = 0) {
        self.label = label
        self.width = width
        self.height = height
        let count = max(1, Int(width) * Int(height))
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
    }

    deinit { pixels.deallocate() }

    var handle: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    public static func from(_ handle: OpaquePointer?) -> FakeImage? {
        handle.map { Unmanaged<FakeImage>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// A path being built through the fake host: the same `Path` the real host
/// would build from the same calls.
final class FakePath {
    var path = Path()
    var destroyed = false

    static func from(_ handle: OpaquePointer?) -> FakePath {
        Unmanaged<FakePath>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue()
    }
}

/// A canvas of the fake host: it records what the effect asks for instead of
/// drawing it. Each render gets its own, so tests running in parallel never
/// share a recording.
public final class FakeCanvas {
    public let frame: Rect
    let content: FakeImage
    /// What the effect asked for, in order.
    public internal(set) var calls: [Call] = []
    /// The messages given to `canvas_set_error`.
    public internal(set) var errors: [String] = []
    /// A status every drawing call returns, to play a host that refuses.
    public var refusal: Status = .ok
    /// What `canvas_is_cancelled` answers, to play a host whose render was cancelled.
    public var cancelled = false
    /// The paths drawing calls were given, to check each was destroyed.
    var paths: [FakePath] = []
    /// Images and layers this canvas handed out, kept alive with it.
    var owned: [AnyObject] = []
    weak var parent: FakeCanvas?

    public init(frame: Rect) {
        self.frame = frame
        self.content = FakeImage(label: "content")
    }

    init(frame: Rect, content: FakeImage) {
        self.frame = frame
        self.content = content
    }

    /// The `segue_canvas *` to hand an effect.
    public var handle: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func from(_ handle: OpaquePointer?) -> FakeCanvas {
        Unmanaged<FakeCanvas>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue()
    }

    /// The layers begun on this canvas, in order.
    public var layers: [FakeCanvas] { owned.compactMap { $0 as? FakeCanvas } }

    /// True when every path the effect drew with was destroyed again.
    public var destroyedEveryPath: Bool { paths.allSatisfy(\.destroyed) }
}
