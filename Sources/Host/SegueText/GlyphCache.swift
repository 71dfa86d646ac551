import CPixman
import SegueBasics

/// Rasterised glyphs for every thread, in one pixman glyph cache keyed by
/// (face, size, glyph index).
///
/// Thread rules: one lock guards the cache for the whole of a use —
/// freeze, lookup, insert, the caller's composite, thaw. The composite has to
/// be inside the lock: `pixman_composite_glyphs` moves every glyph it draws
/// to the front of the cache's most-recently-used list, so it writes to the
/// cache even though it looks like a read. One cache behind one lock (rather
/// than one cache per font, each with its own lock) because the engine's
/// threads typically draw the *same* text in the same font, where per-font
/// locks serialise just the same; because each pixman cache costs 256 KiB of
/// hash table whatever it holds; and because a single budget bounds memory.
/// Compositing a line at display sizes takes microseconds, so the lock is
/// held briefly once glyphs are cached. Misses are rasterised under the lock
/// too (lock order: cache, then face; nothing takes them the other way
/// round), so a cold glyph delays other threads' text once.
///
/// Eviction is wholesale: before a use that would take the cache past
/// `maximumEntries` glyphs, or once it holds more than `byteBudget` bytes of
/// coverage, the cache is emptied. pixman's own LRU eviction (by count only,
/// when a thaw finds more than 16384 glyphs) therefore never runs, and its
/// fixed 32768-slot hash table, on which a lookup would loop forever when
/// full, never fills.
final class GlyphCache: Sendable {
    static let shared = GlyphCache()

    static let maximumEntries = 16384
    static let byteBudget = 64 << 20

    /// pixman's two keys: pointer-sized values compared by identity.
    private struct Key: Hashable {
        var font: UnsafeMutableRawPointer
        var glyph: UInt
    }

    private struct State: @unchecked Sendable {
        var cache: OpaquePointer?
        /// Glyphs inserted (or found empty) since the cache was created.
        var entries = 0
        var bytes = 0
        /// Glyphs with no ink (spaces), which pixman cannot hold.
        var emptyGlyphs: Set<Key> = []

        /// Empties the cache when it is over budget or cannot take `incoming`
        /// more glyphs, creating it if needed. Called with the cache thawed.
        mutating func makeRoom(for incoming: Int) throws -> OpaquePointer {
            if let cache, entries + incoming <= GlyphCache.maximumEntries, bytes <= GlyphCache.byteBudget {
                return cache
            }
            if let cache { pixman_glyph_cache_destroy(cache) }
            self = State()
            guard let cache = pixman_glyph_cache_create() else {
                throw SegueError(.outOfMemory, "cannot create a pixman glyph cache")
            }
            self.cache = cache
            return cache
        }
    }

    private let state = Locked(State())

    private init() {}

    /// Runs `body` under the cache lock with `run`'s glyphs as pixman glyphs,
    /// rasterising the ones not yet cached with `face`. Glyphs without ink
    /// are left out. The glyph records are valid only inside `body`.
    /// - Throws: `.invalidArgument` for a run with more than `maximumEntries`
    ///   distinct glyphs, `.outOfMemory`, or what `body` throws.
    func withGlyphs<R: Sendable>(
        _ run: GlyphRun, face: FontFace, size26Dot6: Int, _ body: (CachedGlyphs) throws -> R
    ) throws -> R {
        var distinct: [UInt32] = []
        var seen = Set<UInt32>()
        for glyph in run.glyphs where seen.insert(glyph).inserted { distinct.append(glyph) }
        guard distinct.count <= Self.maximumEntries else {
            throw SegueError.invalidArgument(
                "text uses \(distinct.count) distinct glyphs; at most \(Self.maximumEntries) fit in one line")
        }
        // The font key is the face's address (faces are never freed), the
        // glyph key size << 32 | glyph index.
        let fontKey = Unmanaged.passUnretained(face).toOpaque()
        func key(_ glyph: UInt32) -> Key { Key(font: fontKey, glyph: UInt(size26Dot6) << 32 | UInt(glyph)) }

        return try state.withLock { state in
            let cache = try state.makeRoom(for: distinct.count)
            pixman_glyph_cache_freeze(cache)
            defer { pixman_glyph_cache_thaw(cache) }

            var records: [UInt32: UnsafeRawPointer] = [:]
            var misses: [UInt32] = []
            for glyph in distinct {
                let key = key(glyph)
                if let record = pixman_glyph_cache_lookup(cache, key.font, UnsafeMutableRawPointer(bitPattern: key.glyph)) {
                    records[glyph] = record
                } else if !state.emptyGlyphs.contains(key) {
                    misses.append(glyph)
                }
            }
            let bitmaps = misses.isEmpty ? [] : try face.rasterise(misses, size26Dot6: size26Dot6)
            for (glyph, bitmap) in zip(misses, bitmaps) {
                let key = key(glyph)
                state.entries += 1
                guard !bitmap.isEmpty else {
                    state.emptyGlyphs.insert(key)
                    continue
                }
                guard let record = bitmap.withPixmanImage({ image in
                    pixman_glyph_cache_insert(cache, key.font, UnsafeMutableRawPointer(bitPattern: key.glyph),
                                              Int32(-bitmap.left), Int32(bitmap.top), image)
                }) else {
                    throw SegueError(.outOfMemory, "cannot cache a \(bitmap.width)×\(bitmap.height) glyph")
                }
                state.bytes += bitmap.coverage.count
                records[glyph] = record
            }

            var glyphs: [pixman_glyph_t] = []
            glyphs.reserveCapacity(run.glyphs.count)
            for (glyph, x) in zip(run.glyphs, run.positions) {
                if let record = records[glyph] { glyphs.append(pixman_glyph_t(x: Int32(x), y: 0, glyph: record)) }
            }
            return try body(CachedGlyphs(cache: cache, glyphs: glyphs))
        }
    }
}

extension GlyphBitmap {
    /// Runs `body` with a pixman a8 image over the coverage (not copied).
    /// The image is only ever read (it is the source pixman copies from).
    func withPixmanImage<R>(_ body: (OpaquePointer) -> R?) -> R? {
        coverage.withUnsafeBytes { bytes in
            let bits = UnsafeMutableRawPointer(mutating: bytes.baseAddress!).assumingMemoryBound(to: UInt32.self)
            guard let image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), bits, Int32(stride))
            else { return nil }
            defer { pixman_image_unref(image) }
            return body(image)
        }
    }
}
