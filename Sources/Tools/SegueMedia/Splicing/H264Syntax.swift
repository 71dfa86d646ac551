/// The little of H.264's bitstream syntax that splicing needs: NAL units in
/// both framings (MP4's length prefixes and Annex B's start codes), their
/// types, the ids of parameter sets, and the `avcC` record that carries
/// them in MP4 and Matroska (ISO/IEC 14496-15, 5.3.3.1).
enum H264Syntax {
    /// NAL unit types (ITU-T H.264, table 7-1) splicing tells apart.
    static let idrSlice: UInt8 = 5
    static let sequenceParameterSet: UInt8 = 7
    static let pictureParameterSet: UInt8 = 8

    static func type(of unit: ArraySlice<UInt8>) -> UInt8 { unit.first.map { $0 & 0x1F } ?? 0 }

    /// The NAL units of a sample framed by `lengthSize`-byte big-endian
    /// lengths; nil when the lengths do not add up to the sample.
    static func units(lengthPrefixed bytes: UnsafeBufferPointer<UInt8>, lengthSize: Int) -> [ArraySlice<UInt8>]? {
        let all = Array(bytes)
        var units: [ArraySlice<UInt8>] = []
        var offset = 0
        while offset < all.count {
            guard offset + lengthSize <= all.count else { return nil }
            let length = all[offset..<offset + lengthSize].reduce(0) { $0 << 8 | Int($1) }
            offset += lengthSize
            guard length > 0, offset + length <= all.count else { return nil }
            units.append(all[offset..<offset + length])
            offset += length
        }
        return units
    }

    /// The NAL units of an Annex B byte stream (each after a 00 00 01 start code).
    static func units(annexB bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [(code: Int, payload: Int)] = []
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                starts.append((index > 0 && bytes[index - 1] == 0 ? index - 1 : index, index + 3))
                index += 3
            } else {
                index += 1
            }
        }
        return starts.indices.map { n in
            var end = n + 1 < starts.count ? starts[n + 1].code : bytes.count
            // Trailing zero bytes belong to no unit.
            while end > starts[n].payload, bytes[end - 1] == 0 { end -= 1 }
            return bytes[starts[n].payload..<end]
        }
    }

    /// `units` framed by `lengthSize`-byte lengths, as MP4 samples are; nil
    /// when one is too long for that size.
    static func lengthPrefixed(_ units: [ArraySlice<UInt8>], lengthSize: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        for unit in units {
            guard lengthSize >= 4 || unit.count < 1 << (8 * lengthSize) else { return nil }
            for shift in stride(from: 8 * (lengthSize - 1), through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: unit.count >> shift)) }
            bytes.append(contentsOf: unit)
        }
        return bytes
    }

    /// `count` NAL units of a configuration record from `offset` on, each
    /// after its 16-bit length, as `avcC` and `hvcC` hold parameter sets;
    /// nil when they run past the record. Moves `offset` past them.
    static func units(count: Int, in bytes: [UInt8], at offset: inout Int) -> [ArraySlice<UInt8>]? {
        var units: [ArraySlice<UInt8>] = []
        for _ in 0..<count {
            guard offset + 2 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            offset += 2
            guard length > 0, offset + length <= bytes.count else { return nil }
            units.append(bytes[offset..<offset + length])
            offset += length
        }
        return units
    }

    /// The id of a sequence parameter set (after profile, constraints and
    /// level) or a picture parameter set (its first field); nil when the
    /// unit is too short.
    static func parameterSetID(_ unit: ArraySlice<UInt8>) -> Int? {
        var reader = BitReader(unescaped(unit.dropFirst()))
        switch type(of: unit) {
        case sequenceParameterSet: guard reader.skip(24) else { return nil }
        case pictureParameterSet: break
        default: return nil
        }
        return reader.exponentialGolomb()
    }

    /// A NAL unit's payload without its emulation-prevention bytes (00 00 03 → 00 00).
    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var zeros = 0
        for byte in bytes {
            if zeros >= 2, byte == 3 { zeros = 0; continue }
            zeros = byte == 0 ? zeros + 1 : 0
            result.append(byte)
        }
        return result
    }

    /// An `avcC` decoder configuration record: profile, compatibility and
    /// level, the NAL length size, the parameter sets, and whatever follows
    /// them (the High profiles' chroma format and bit depths), kept as is.
    struct Configuration: Equatable {
        var profile: UInt8, compatibility: UInt8, level: UInt8
        var lengthSize: Int
        var sequenceSets: [ArraySlice<UInt8>]
        var pictureSets: [ArraySlice<UInt8>]
        var trailer: ArraySlice<UInt8>

        /// Parses a record; nil when `bytes` is not one (an Annex B header, say).
        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 7, bytes[0] == 1 else { return nil }
            profile = bytes[1]
            compatibility = bytes[2]
            level = bytes[3]
            lengthSize = Int(bytes[4] & 3) + 1
            var offset = 6
            guard let sequenceSets = H264Syntax.units(count: Int(bytes[5] & 0x1F), in: bytes, at: &offset),
                  offset < bytes.count else { return nil }
            let pictureCount = Int(bytes[offset])
            offset += 1
            guard let pictureSets = H264Syntax.units(count: pictureCount, in: bytes, at: &offset) else { return nil }
            self.sequenceSets = sequenceSets
            self.pictureSets = pictureSets
            trailer = bytes[offset...]
        }

        /// The record's bytes.
        var bytes: [UInt8] {
            var bytes: [UInt8] = [1, profile, compatibility, level, 0xFC | UInt8(lengthSize - 1),
                                  0xE0 | UInt8(sequenceSets.count)]
            func append(_ sets: [ArraySlice<UInt8>]) {
                for set in sets {
                    bytes += [UInt8(set.count >> 8), UInt8(set.count & 0xFF)]
                    bytes += set
                }
            }
            append(sequenceSets)
            bytes.append(UInt8(pictureSets.count))
            append(pictureSets)
            return bytes + trailer
        }

        static func == (a: Self, b: Self) -> Bool { a.bytes == b.bytes }
    }
}

/// Reads bits, most significant first, and Exp-Golomb codes.
private struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func skip(_ count: Int) -> Bool {
        position += count
        return position <= bytes.count * 8
    }

    mutating func bit() -> Int? {
        guard position < bytes.count * 8 else { return nil }
        defer { position += 1 }
        return Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
    }

    /// An unsigned Exp-Golomb code, ue(v); nil past the end or beyond 31 leading zeros.
    mutating func exponentialGolomb() -> Int? {
        var zeros = 0
        while true {
            guard let bit = bit() else { return nil }
            if bit == 1 { break }
            zeros += 1
            guard zeros < 32 else { return nil }
        }
        var value = 0
        for _ in 0..<zeros {
            guard let bit = bit() else { return nil }
            value = value << 1 | bit
        }
        return (1 << zeros) - 1 + value
    }
}
