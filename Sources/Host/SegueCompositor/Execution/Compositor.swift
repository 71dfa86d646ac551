import CPixman
import Glibc
import SegueBasics

/// Draws pictures: records are flattened to device-space primitives
/// (`Flattener`), planned (`Planner`), then drawn in horizontal bands of
/// fixed height (`BandRenderer`), several at a time on a pool of threads, so
/// the result does not depend on the number of threads.
///
/// One compositor serves many threads at once.
public final class Compositor: @unchecked Sendable {
    private let pool: WorkerPool
    private let renderer: BandRenderer
    /// False draws everything with pixman, the way the fast paths are tested against.
    var usesFastPaths: Bool { renderer.usesFastPaths }

    /// - Parameter threads: threads one render may use; 0 means one per processor.
    public convenience init(threads: Int) {
        self.init(threads: threads, fastPaths: true)
    }

    /// - Parameter fastPaths: false draws every primitive with pixman (for tests).
    init(threads: Int, fastPaths: Bool) {
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        pool = WorkerPool(threads: threads > 0 ? threads : max(1, processors))
        renderer = BandRenderer(layers: LayerPool(), usesFastPaths: fastPaths)
    }

    deinit {
        pool.shutdown()
    }

    /// Threads one render may use.
    public var threadCount: Int { pool.threadCount }

    /// Runs `body(i)` for every i in 0..<count on the render threads, the
    /// calling one included, and returns when all are done; one after the
    /// other on the calling thread while the threads are busy (another
    /// render holds them, or this is called from inside one).
    public func concurrently(_ count: Int, _ body: (Int) -> Void) {
        pool.forEach(count, body)
    }

    /// Draws `picture` over `background` into `area` of `target` (the whole
    /// target by default). Every pixel of `area` is written; none outside it.
    /// Picture coordinates are target pixels.
    /// - Parameter cancellation: asked before each band is drawn; once it
    ///   is requested, the bands not yet begun are left as they were.
    /// - Throws: `.invalidArgument` when `area` leaves the target;
    ///   `.cancelled`; `.outOfMemory`.
    public func render(_ picture: Picture, background: Color, into target: Surface, area: PixelRect? = nil,
                       cancellation: Cancellation = .never) throws {
        let area = area ?? target.bounds
        guard target.bounds.contains(area), !area.isEmpty else {
            throw SegueError.invalidArgument(
                "area \(area.width)×\(area.height) at (\(area.x0), \(area.y0)) does not fit the \(target.width)×\(target.height) target")
        }
        try cancellation.check()
        let primitives = Planner.prepare(Flattener.primitives(of: picture), within: area, fastPaths: usesFastPaths,
                                         forEach: pool.forEach)
        let base = background.premultipliedARGB32
        let bands = Self.bands(of: area)
        let failure = Locked<SegueError?>(nil)
        pool.forEach(bands.count) { index in
            let band = bands[index]
            let destination = Destination(target, origin: (0, 0))
            do {
                try cancellation.check()
                try renderer.draw(primitives, into: destination, area: band, clearTo: base)
            } catch let error as SegueError {
                failure.withLock { $0 = $0 ?? error }
            } catch {
                failure.withLock { $0 = $0 ?? SegueError(.outOfMemory, "\(error)") }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Rows per band: enough to keep the per-band overhead small, few enough
    /// to share the frame among threads. Every pixel is computed the same way
    /// whatever band it falls in (sources are positioned in device
    /// coordinates, never relative to a band or layer), so the split does not
    /// change a byte; the tests render whole, banded and threaded frames alike.
    static let bandHeight = 64

    private static func bands(of area: PixelRect) -> [PixelRect] {
        stride(from: area.y0, to: area.y1, by: bandHeight).map {
            PixelRect(x0: area.x0, y0: $0, x1: area.x1, y1: min($0 + bandHeight, area.y1))
        }
    }
}
