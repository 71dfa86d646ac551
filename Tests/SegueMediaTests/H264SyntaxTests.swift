import Testing
@testable import SegueMedia

/// The bitstream syntax splicing reads and writes, against bytes worked out
/// by hand from ITU-T H.264 and ISO/IEC 14496-15.
@Suite struct H264SyntaxTests {
    /// An SPS (High, level 3.0) with id 0 and a PPS with id 1, as libx264 writes them.
    let sps: [UInt8] = [0x67, 0x64, 0x00, 0x1E, 0xAC, 0xD9, 0x40, 0xA0]
    let pps: [UInt8] = [0x68, 0x4E, 0xE3, 0xCB, 0x22, 0xC0]

    @Test func parameterSetIDsAreReadFromTheirExpGolombCodes() {
        // SPS: after profile, constraints and level, ue(v) '1' is 0; PPS: '010' is 1.
        #expect(H264Syntax.parameterSetID(sps[...]) == 0)
        #expect(H264Syntax.parameterSetID(pps[...]) == 1)
        // ue(v) '00110' is 5; an emulation-prevention byte (00 00 03) is not data.
        #expect(H264Syntax.parameterSetID([0x68, 0x30][...]) == 5)
        #expect(H264Syntax.parameterSetID([0x67, 0x64, 0x00, 0x00, 0x03, 0x80][...]) == 0)
        #expect(H264Syntax.parameterSetID([0x67, 0x64][...]) == nil, "too short")
        #expect(H264Syntax.parameterSetID([0x65, 0x88][...]) == nil, "not a parameter set")
        #expect(H264Syntax.parameterSetID([0x68, 0x00, 0x00, 0x00, 0x00, 0x00][...]) == nil, "no end to the code")
    }

    @Test func annexBAndLengthPrefixedFramingsCarryTheSameUnits() {
        let stream: [UInt8] = [0, 0, 0, 1] + sps + [0, 0, 1] + pps + [0, 0, 0, 1, 0x65, 0x88, 0x84, 0x00]
        let units = H264Syntax.units(annexB: stream)
        #expect(units.map(Array.init) == [sps, pps, [0x65, 0x88, 0x84]], "a trailing zero belongs to no unit")
        let framed = H264Syntax.lengthPrefixed(units, lengthSize: 4)!
        #expect(framed.count == 3 * 4 + sps.count + pps.count + 3)
        #expect(Array(framed[0..<4]) == [0, 0, 0, UInt8(sps.count)])
        let back = framed.withUnsafeBufferPointer { H264Syntax.units(lengthPrefixed: $0, lengthSize: 4) }
        #expect(back?.map(Array.init) == units.map(Array.init))
        #expect(H264Syntax.lengthPrefixed([[UInt8](repeating: 1, count: 256)[...]], lengthSize: 1) == nil,
                "256 bytes do not fit a one-byte length")
        let short: [UInt8] = [0, 0, 0, 9, 0x65]
        #expect(short.withUnsafeBufferPointer { H264Syntax.units(lengthPrefixed: $0, lengthSize: 4) } == nil,
                "a length past the sample")
    }

    @Test func anAvcCRecordRoundTripsWithItsHighProfileTrailer() {
        let record: [UInt8] = [1, 0x64, 0x00, 0x1E, 0xFF, 0xE1, 0, UInt8(sps.count)] + sps
            + [1, 0, UInt8(pps.count)] + pps + [0xFD, 0xF8, 0xF8, 0x00]
        let parsed = H264Syntax.Configuration(record)
        #expect(parsed?.lengthSize == 4)
        #expect(parsed?.sequenceSets.map(Array.init) == [sps])
        #expect(parsed?.pictureSets.map(Array.init) == [pps])
        #expect(parsed?.bytes == record)
        var merged = parsed!
        merged.sequenceSets.append(sps[...])
        #expect(merged.bytes[5] == 0xE2, "two sequence parameter sets")
        #expect(H264Syntax.Configuration(merged.bytes)?.sequenceSets.count == 2)
        #expect(H264Syntax.Configuration([0, 0, 0, 1, 0x67]) == nil, "Annex B is not a record")
        #expect(H264Syntax.Configuration(Array(record.prefix(12))) == nil, "cut short")
    }
}
