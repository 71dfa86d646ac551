/// Runs `body(0)` … `body(count − 1)`, in any order and possibly at once,
/// and returns when all have run: `Compositor.concurrently` spreads them
/// over the render threads, `serially` runs them in order on the calling
/// thread. Iterations must not depend on each other.
public typealias ParallelLoop = (_ count: Int, _ body: (Int) -> Void) -> Void

/// The `ParallelLoop` that runs every iteration in order on the calling thread.
public func serially(_ count: Int, _ body: (Int) -> Void) {
    for i in 0..<count { body(i) }
}
