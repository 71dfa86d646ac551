/// The little of HEVC's bitstream syntax that splicing needs: NAL unit
/// types, and the `hvcC` record that carries the parameter sets in MP4 and
/// Matroska (ISO/IEC 14496-15, 8.3.3.1). Framing is H.264's (see `H264Syntax`).
enum HEVCSyntax {
    /// Types (ITU-T H.265, table 7-1): BLA_W_LP … CRA_NUT are intra random
    /// access points, the IDRs among them with no leading pictures to drop.
    static let randomAccessPoints: ClosedRange<UInt8> = 16...21
    static let videoParameterSet: UInt8 = 32
    static let sequenceParameterSet: UInt8 = 33
    static let pictureParameterSet: UInt8 = 34

    static func type(of unit: ArraySlice<UInt8>) -> UInt8 { unit.first.map { $0 >> 1 & 0x3F } ?? 0 }

    /// An `hvcC` record: the NAL length size and the parameter sets, in order.
    struct Configuration: Equatable {
        let bytes: [UInt8]
        let lengthSize: Int
        /// The VPS, SPS and PPS units the record holds.
        let parameterSets: [ArraySlice<UInt8>]

        /// Parses a record; nil when `bytes` is not one.
        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 23, bytes[0] == 1 else { return nil }
            self.bytes = bytes
            lengthSize = Int(bytes[21] & 3) + 1
            var offset = 23
            var sets: [ArraySlice<UInt8>] = []
            for _ in 0..<Int(bytes[22]) {
                guard offset + 3 <= bytes.count else { return nil }
                let count = Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
                offset += 3
                guard let units = H264Syntax.units(count: count, in: bytes, at: &offset) else { return nil }
                sets += units
            }
            parameterSets = sets.filter {
                [Self.videoSet, Self.sequenceSet, Self.pictureSet].contains(HEVCSyntax.type(of: $0))
            }
        }

        private static let videoSet = HEVCSyntax.videoParameterSet
        private static let sequenceSet = HEVCSyntax.sequenceParameterSet
        private static let pictureSet = HEVCSyntax.pictureParameterSet

        static func == (a: Self, b: Self) -> Bool { a.parameterSets == b.parameterSets && a.lengthSize == b.lengthSize }
    }
}
