"""Dolby Vision clips for the tests, as phones write them: HEVC whose every
picture ends with an RPU (a NAL unit of type 62), in an MP4 whose `hvc1`
sample entry carries the configuration record (`dvvC` for profiles 8 and up,
`dvcC` below). No encoder here writes Dolby Vision, so an HEVC clip is
taken apart with FFmpeg (its pictures as Annex B), an RPU-shaped unit is
added after each picture's slice, the stream is muxed again, and the record
is written into the file's sample entry by hand (moov follows mdat there,
so no chunk offset moves). The RPU's bytes are not a valid grade: what is
checked is that they go, and FFmpeg's decoder only warns about them."""
import os
import struct
import subprocess

# NAL header (type 62, layer 0, temporal id 0), rpu_nal_prefix 25, and filler with no start code in it.
RPU = bytes([62 << 1, 1, 0x19]) + bytes(range(0x40, 0x60))


def annex_b(path):
    """The video stream of `path` as Annex B, by FFmpeg's hevc_mp4toannexb."""
    return subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v", "-c", "copy", "-bsf:v",
                           "hevc_mp4toannexb", "-f", "hevc", "-"], capture_output=True, check=True, timeout=300).stdout


def units(stream):
    """The NAL units of an Annex B stream, without start codes or trailing zero bytes."""
    starts, at = [], stream.find(b"\x00\x00\x01")
    while at >= 0:
        starts.append(at + 3)
        at = stream.find(b"\x00\x00\x01", at + 3)
    ends = [start - 3 for start in starts[1:]] + [len(stream)]
    return [stream[start:end].rstrip(b"\x00") for start, end in zip(starts, ends)]


def unit_types(path):
    """The type of every NAL unit in `path`'s video, in order."""
    return [unit[0] >> 1 & 0x3F for unit in units(annex_b(path))]


def boxes(data, start, end):
    """(type, offset, size, header size) of each MP4 box in data[start:end]."""
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[start + 8:start + 16])[0], 16
        yield kind.decode("latin-1"), start, size or end - start, header
        start += size or end - start


def record(profile, compatibility, level=4):
    """A DOVIDecoderConfigurationRecord: version 1.0, the RPU and base layer present, no enhancement layer."""
    flags = profile << 9 | level << 3 | 1 << 2 | 0 << 1 | 1
    return bytes([1, 0]) + struct.pack(">HI", flags, compatibility << 28) + bytes(16)


def dolby_vision(source, out, work, profile=8, compatibility=4):
    """`source`'s HEVC pictures (an MP4 without B-frames: raw HEVC keeps no timestamps) as a Dolby
    Vision `out`, of `profile` over a base layer of `compatibility` (4: HLG, 0: none another player shows)."""
    raw, plain = os.path.join(work, "dovi.hevc"), os.path.join(work, "dovi-plain.mp4")
    # The parameter sets must stay the other clips' own: three-byte start codes (FFmpeg keeps a four-byte
    # code's first zero on the unit before it), and each unit once a picture (hevc_mp4toannexb restates
    # the record's sets and SEI before a keyframe that may carry its own).
    with open(raw, "wb") as f:
        seen = set()
        for unit in units(annex_b(source)):
            if unit in seen:
                continue
            f.write(b"\x00\x00\x01" + unit)
            seen.add(unit)
            if unit[0] >> 1 & 0x3F < 32:  # a slice: one a picture, as x265 writes them
                f.write(b"\x00\x00\x01" + RPU)
                seen = set()
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-framerate", "30", "-i", raw, "-c", "copy",
                    "-tag:v", "hvc1", plain], check=True, timeout=300)
    with open(plain, "rb") as f:
        data = bytearray(f.read())
    box = b"dvvC" if profile > 7 else b"dvcC"
    box = struct.pack(">I4s", 32, box) + record(profile, compatibility)
    # moov > trak > mdia > minf > stbl > stsd (8 bytes of its own first) > hvc1 (78 bytes of VisualSampleEntry).
    parents, start, end = [], 0, len(data)
    for name in ("moov", "trak", "mdia", "minf", "stbl", "stsd", "hvc1"):
        kind, at, size, header = next(b for b in boxes(data, start, end) if b[0] == name)
        parents.append(at)
        start, end = at + header + {"stsd": 8, "hvc1": 78}.get(name, 0), at + size
    assert all(kind != "mdat" or at < parents[0] for kind, at, _, _ in boxes(data, 0, len(data))), "moov follows mdat"
    data[end:end] = box
    for at in parents:
        data[at:at + 4] = struct.pack(">I", struct.unpack(">I", data[at:at + 4])[0] + len(box))
    with open(out, "wb") as f:
        f.write(data)
    return out
