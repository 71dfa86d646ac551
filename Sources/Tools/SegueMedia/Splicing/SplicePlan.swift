/// Which output frames a smart render copies from its clips and which it
/// encodes. Numbers only: given what the full render would show at each
/// output frame, the longest run of a group's packets (see
/// `VideoPackets.groups`) from its clean start, in decode order, is copied
/// when its pictures are exactly the output's next frames, one after
/// another, each shown alone and as decoded. A run decodes alone, since a
/// picture refers only to those decoded before it, and is whole in display
/// order when it shows every picture up to its last. Every other frame is
/// encoded, in runs that each start a fresh, closed stretch of the stream.
public struct SplicePlan: Sendable {
    public enum Segment: Equatable, Sendable {
        /// Clip `clip`'s packets `packets` (decode order) become output
        /// frames `frames`; packet `packets.lowerBound + n` is shown at
        /// `frames.lowerBound + shownAt[n]`.
        case copy(clip: Int, packets: Range<Int>, frames: Range<Int>, shownAt: [Int])
        /// Output frames rendered and encoded.
        case encode(frames: Range<Int>)

        public var frames: Range<Int> {
            switch self {
            case .copy(_, _, let frames, _), .encode(let frames): return frames
            }
        }
    }

    public let segments: [Segment]
    /// The most pictures a copied packet of the whole output is decoded
    /// ahead of being shown: decode timestamps trail presentation ones by this.
    public let copiedReorderDepth: Int

    /// - Parameters:
    ///   - frames: the output frames to write: a part (`--range`) is cut
    ///     from the plan of the whole, so pieces written apart that start
    ///     where the whole starts a segment have the whole's packets.
    ///   - count: the number of frames in the whole output.
    ///   - clips: each clip's packets, or nil for a clip that is never copied (a still).
    ///   - shown: for an output frame that the full render shows as one
    ///     clip's decoded frame, unchanged, the clip and the time in its
    ///     file (seconds from its start); nil for every other frame.
    public init(frames: Range<Int>, of count: Int, clips: [VideoPackets?], shown: (Int) -> (clip: Int, seconds: Double)?) {
        let whole = SplicePlan(frames: 0..<count, clips: clips, shown: shown)
        var segments: [Segment] = []
        for segment in whole.segments {
            let part = segment.frames.clamped(to: frames)
            guard !part.isEmpty else { continue }
            if part == segment.frames, case .copy = segment {
                segments.append(segment)
            } else if case .encode(let run)? = segments.last, run.upperBound == part.lowerBound {
                segments[segments.count - 1] = .encode(frames: run.lowerBound..<part.upperBound)
            } else {
                segments.append(.encode(frames: part))
            }
        }
        self.segments = segments
        // The whole's, so that every piece encodes as the whole does.
        copiedReorderDepth = whole.copiedReorderDepth
    }

    private init(frames: Range<Int>, clips: [VideoPackets?], shown: (Int) -> (clip: Int, seconds: Double)?) {
        // Each clip's pictures in display order, and each packet's place in it.
        let orders = clips.map { packets in packets.map { Self.displayOrder($0.packets) } }
        // The picture (display rank) each output frame shows, as the full render picks it.
        let pictures: [(clip: Int, rank: Int)?] = frames.map { index in
            guard let (clip, seconds) = shown(index), let order = orders[clip], !order.times.isEmpty else { return nil }
            return (clip, Self.rank(showing: seconds, in: order.times))
        }
        func picture(_ index: Int) -> (clip: Int, rank: Int)? {
            frames.contains(index) ? pictures[index - frames.lowerBound] : nil
        }
        // Groups by the rank of the clean start that begins them, the first picture they show.
        var groupsByRank: [[Int: Range<Int>]] = clips.map { _ in [:] }
        for (k, packets) in clips.enumerated() {
            guard let packets, let order = orders[k] else { continue }
            for group in packets.groups { groupsByRank[k][order.rankOfPacket[group.lowerBound]] = group }
        }
        /// How many of `group`'s packets, from its start, are copied as
        /// output frames `index…`: the longest run, none hidden or damaged,
        /// that shows every picture up to its last and no other, each the
        /// output's frame in its place.
        func copyable(_ group: Range<Int>, clip: Int, rank: Int, at index: Int) -> Int {
            var matching = 0
            while matching < group.count, picture(index + matching).map({ $0 == (clip, rank + matching) }) ?? false {
                matching += 1
            }
            let packets = clips[clip]!.packets, ranks = orders[clip]!.rankOfPacket
            var longest = 0, lastShown = rank
            for (count, n) in zip(1..., group) {
                lastShown = max(lastShown, ranks[n])
                guard !packets[n].isHiddenOrDamaged, lastShown - rank < matching else { break }
                if lastShown - rank + 1 == count { longest = count }
            }
            return longest
        }
        var segments: [Segment] = []
        func encode(_ index: Int) {
            if case .encode(let run)? = segments.last, run.upperBound == index {
                segments[segments.count - 1] = .encode(frames: run.lowerBound..<index + 1)
            } else {
                segments.append(.encode(frames: index..<index + 1))
            }
        }
        var index = frames.lowerBound
        while index < frames.upperBound {
            if let (clip, rank) = picture(index), let group = groupsByRank[clip][rank] {
                let count = copyable(group, clip: clip, rank: rank, at: index)
                if count > 0 {
                    let packets = group.lowerBound..<group.lowerBound + count
                    let shownAt = packets.map { orders[clip]!.rankOfPacket[$0] - rank }
                    segments.append(.copy(clip: clip, packets: packets, frames: index..<index + count, shownAt: shownAt))
                    index += count
                    continue
                }
            }
            encode(index)
            index += 1
        }
        self.segments = segments
        copiedReorderDepth = segments.reduce(0) { depth, segment in
            guard case .copy(_, _, _, let shownAt) = segment else { return depth }
            return shownAt.enumerated().reduce(depth) { max($0, $1.offset - $1.element) }
        }
    }

    /// How many of the frames are copied.
    public var copiedFrames: Int {
        segments.reduce(0) { count, segment in
            if case .copy = segment { return count + segment.frames.count }
            return count
        }
    }

    /// The segment holding output frame `index`.
    public func segment(containing index: Int) -> Segment? {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].frames.upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < segments.count && segments[low].frames.contains(index) ? segments[low] : nil
    }

    /// Pictures sorted by the time they are shown, and each packet's rank among them.
    private static func displayOrder(_ packets: [VideoPackets.Packet]) -> (times: [Double], rankOfPacket: [Int]) {
        let sorted = packets.indices.sorted { (packets[$0].pts, $0) < (packets[$1].pts, $1) }
        var rank = [Int](repeating: 0, count: packets.count)
        for (r, n) in sorted.enumerated() { rank[n] = r }
        return (sorted.map { packets[$0].time }, rank)
    }

    /// The picture shown at `seconds`: the last whose time is at or before it
    /// (within the reader's tolerance), else the first (see `MediaReader`).
    private static func rank(showing seconds: Double, in times: [Double]) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= seconds + 1e-6 { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }
}
