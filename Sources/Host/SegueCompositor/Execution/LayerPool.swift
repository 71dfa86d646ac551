import Glibc
import SegueBasics

/// Reusable pixel memory for offscreen layers, so groups do not allocate
/// per frame. Buffers are handed out whole to one user at a time.
final class LayerPool: @unchecked Sendable {
    fileprivate final class Buffer: @unchecked Sendable {
        let capacity: Int
        let bytes: UnsafeMutableRawPointer

        init?(capacity: Int) {
            guard let bytes = malloc(capacity) else { return nil }
            self.capacity = capacity
            self.bytes = bytes
        }

        deinit { free(bytes) }
    }

    private let spare = Locked<[Buffer]>([])
    /// Buffers kept for reuse at most; more are freed on return.
    private let keep = 16

    /// A surface whose memory returns to the pool when the lease ends
    /// (when its last reference goes).
    final class Lease: @unchecked Sendable {
        let surface: Surface
        private let buffer: Buffer
        private let pool: LayerPool

        fileprivate init(_ buffer: Buffer, _ surface: Surface, _ pool: LayerPool) {
            self.buffer = buffer
            self.surface = surface
            self.pool = pool
        }

        deinit { pool.give(buffer) }
    }

    /// A surface of `width`×`height` to keep as long as the lease is held,
    /// cleared unless `cleared` is false (then its pixels are whatever was there).
    /// - Throws: `.outOfMemory` when the memory cannot be had (or its size
    ///   is beyond any memory).
    func lease(width: Int, height: Int, cleared: Bool = true) throws -> Lease {
        let pixels = PixelRect(width: width, height: height).pixelCount
        guard pixels < Int.max / 4 else {
            throw SegueError(.outOfMemory, "cannot allocate a layer of \(width)×\(height) pixels")
        }
        let needed = pixels * 4
        let buffer = try take(needed)
        if cleared { memset(buffer.bytes, 0, needed) }
        do {
            return Lease(buffer, try Surface(wrapping: buffer.bytes, width: width, height: height, stride: width * 4), self)
        } catch {
            give(buffer)
            throw error
        }
    }

    /// Runs `body` with a surface of `width`×`height`, cleared unless
    /// `cleared` is false (then its pixels are whatever was there), whose
    /// memory returns to the pool afterwards.
    func withLayer<T>(width: Int, height: Int, cleared: Bool = true, _ body: (Surface) throws -> T) throws -> T {
        let lease = try lease(width: width, height: height, cleared: cleared)
        return try withExtendedLifetime(lease) { try body(lease.surface) }
    }

    private func take(_ capacity: Int) throws -> Buffer {
        let reused = spare.withLock { buffers -> Buffer? in
            guard let index = buffers.firstIndex(where: { $0.capacity >= capacity }) else { return nil }
            return buffers.remove(at: index)
        }
        if let reused { return reused }
        guard let fresh = Buffer(capacity: capacity) else {
            throw SegueError(.outOfMemory, "cannot allocate a layer of \(capacity) bytes")
        }
        return fresh
    }

    fileprivate func give(_ buffer: Buffer) {
        spare.withLock { buffers in
            if buffers.count < keep {
                buffers.append(buffer)
            } else if let smallest = buffers.indices.min(by: { buffers[$0].capacity < buffers[$1].capacity }),
                      buffers[smallest].capacity < buffer.capacity {
                buffers[smallest] = buffer
            }
        }
    }
}
