"""Minimal PNG reading and writing with the Python standard library only.

The system tests use it to make input pictures and to decode Segue's
output independently of Segue's own codec. Supports 8-bit RGB and RGBA,
non-interlaced (what Segue writes), and writes RGBA.
"""
import struct
import zlib


def write_png(path, width, height, pixels):
    """Writes straight-alpha RGBA pixels (a list of (r, g, b, a) tuples, row by row)."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for r, g, b, a in pixels[y * width:(y + 1) * width]:
            raw += bytes((r, g, b, a))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 6))
                + chunk(b"IEND", b""))


def read_png(path):
    """Returns (width, height, pixels) with pixels as (r, g, b, a) tuples, straight alpha."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are supported here")
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    pixels = []
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        previous = line
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            pixels.append(tuple(px) if channels == 4 else (px[0], px[1], px[2], 255))
    return width, height, pixels


def photo(width, height, seed=0):
    """An opaque picture with gradients and fine stripes, so seams and blur show."""
    pixels = []
    for y in range(height):
        for x in range(width):
            r = (x * 255 // max(width - 1, 1) + seed * 40) & 0xFF
            g = (y * 255 // max(height - 1, 1) + seed * 90) & 0xFF
            b = 255 if (x // 3 + y // 3 + seed) % 2 else 40
            pixels.append((r, g, b, 255))
    return pixels


def card_with_holes(width, height):
    """A picture with transparent and half-transparent regions."""
    pixels = []
    for y in range(height):
        for x in range(width):
            if (x - width / 2) ** 2 + (y - height / 2) ** 2 < (min(width, height) / 4) ** 2:
                pixels.append((0, 0, 0, 0))
            elif x < width // 4:
                pixels.append((255, 128, 0, 128))
            else:
                pixels.append((30, 60, 200, 255))
    return pixels
