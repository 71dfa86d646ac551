#!/usr/bin/env python3
"""Writes the fuzzers' seed inputs into Fuzz/corpus/<target>/ (seed-*).

Run by `make fuzz` before fuzzing; the files it writes are also committed.
Inputs kept from crashes (crash-*, named after what they found) live beside
the seeds and are left alone.

  transition-spec     spec texts: built-in effects, shorthand and .modifier
                      forms, the fuzz catalog's `every` and `still` effects
  animation-spec      every animation form, with modifiers
  png                 small valid PNGs: gray 1/8/16-bit, gray+alpha, RGB,
                      RGBA, palette (with tRNS), interlaced, gAMA-tagged
  plugin-descriptor   fake plugins in the byte format PluginFuzzing.swift
                      reads (see `Plugin` below)
  y4m                 small YUV4MPEG2 streams for examples/y4m.h: whole,
                      cut short, with odd sides, full range, frame options
  render-spec         each fault of issue 35's audit as a spec to render,
                      and grammar choices (see RenderFuzzing.swift)

The icc and heif seeds (a Display P3 profile, whole, cut short and relabelled
gray, a PNG carrying it; small HEIC and AVIF photos, turned, mirrored, with
the profile) are committed files, made once with Tests/system/icc.py and
heif.py: Little CMS dates its profiles and x265 runs threads, so writing them
here would change them on every run.
"""
import os
import struct
import sys
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

TRANSITIONS = [
    ".identity", ".opacity", ".slide", ".scale", ".push(from: .top)",
    ".move(edge: .leading)", "AnyTransition.move(edge: .bottom).combined(with: .opacity)",
    ".scale(scale: 0.5, anchor: .bottomTrailing)", ".scale(0.25, anchor: UnitPoint(x: 0.2, y: 1))",
    ".offset(CGSize(width: 40, height: -3.5))", ".offset(x: 10, y: 20)",
    ".asymmetric(insertion: .scale, removal: .opacity.combined(with: .slide))",
    ".modifier(active: .opacity(opacity: 0.25), identity: .opacity)",
    ".modifier(active: .every(amount: -1.5, tint: Color(red: 1, green: 0.5, blue: 0, opacity: 0.5)), identity: .every(count: 7))",
    '.every(count: 10, to: 1.5, style: .bold, label: "hi\\n\\"there\\"", center: CGPoint(x: 1, y: 2), flag: true)',
    ".every(tint: .red.opacity(0.5))", '.every(tint: "#ff8800")', ".every(0.5)", ".every(from: 1, to: -1)",
    ".every(CGSize(width: 2, height: 3))", ".still(mode: .b, steps: -12, spot: .center)",
    '.still(text: "\\t", paint: Color(white: 0.5, opacity: 1))',
    ".opacity.combined(with: .scale).combined(with: .move(edge: .trailing))",
    ".asymmetric(insertion: .asymmetric(insertion: .opacity, removal: .identity), removal: .push(from: .leading))",
]

ANIMATIONS = [
    ".linear", ".easeIn", ".easeOut(duration: 2)", ".easeInOut(duration: 0.25)", "Animation.easeInOut",
    ".timingCurve(0.1, 0.2, 0.3, 0.4)", ".timingCurve(0.5, -1, 0.5, 2, duration: 1.5)",
    ".spring", ".spring(response: 0.5, dampingFraction: 0.8, blendDuration: 0)", ".spring(duration: 0.5, bounce: 0.2)",
    ".spring(duration: 1, bounce: -0.5, blendDuration: 1)", ".smooth", ".snappy(duration: 1, extraBounce: 0.1)",
    ".bouncy(extraBounce: -0.2)", ".interactiveSpring", ".interactiveSpring(response: 0.2, dampingFraction: 0)",
    ".interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)",
    ".interpolatingSpring(stiffness: 1e6, damping: 0.001)", ".default",
    "Animation.easeIn.speed(2).delay(0.5)", ".linear(duration: 1).delay(1).speed(2)", ".spring.speed(0.1).speed(3)",
]


def png(width, height, color_type, depth, rows, interlace=0, chunks=()):
    """A PNG of raw (already packed) scanlines, filter 0 on each row."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\0" + row for row in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace)
    body = b"".join(chunk(kind, data) for kind, data in chunks)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + body + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def adam7(width, height, channels, pixel):
    """The scanlines of an Adam7-interlaced 8-bit image, pass after pass."""
    rows = []
    for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
        xs = range(x0, width, dx)
        if not xs:
            continue
        for y in range(y0, height, dy):
            rows.append(b"".join(pixel(x, y) for x in xs))
    return rows


def pngs():
    yield "gray8", png(3, 2, 0, 8, [bytes([0, 128, 255]), bytes([1, 2, 3])])
    yield "gray1", png(9, 2, 0, 1, [bytes([0b10110011, 0b10000000]), bytes([0xFF, 0])])
    yield "gray16", png(2, 2, 0, 16, [bytes([0, 1, 255, 255]), bytes([128, 0, 1, 0])])
    yield "grayalpha8", png(2, 2, 4, 8, [bytes([200, 255, 17, 1]), bytes([255, 0, 99, 64])])
    yield "rgb8", png(2, 2, 2, 8, [bytes([255, 0, 0, 0, 255, 0]), bytes([0, 0, 255, 10, 20, 30])])
    yield "rgba8", png(2, 2, 6, 8, [bytes([255, 0, 0, 128, 0, 255, 0, 0]), bytes([0, 0, 255, 255, 1, 2, 3, 4])])
    yield "rgb16-gamma", png(2, 1, 2, 16, [bytes(range(12))], chunks=[(b"gAMA", struct.pack(">I", 100000))])
    yield "rgba16", png(1, 2, 6, 16, [bytes(range(8)), bytes(range(8, 16))])
    yield "palette-trns", png(4, 1, 3, 2, [bytes([0b00011011])],
                              chunks=[(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])), (b"tRNS", bytes([0, 128]))])
    yield "interlaced-rgba", png(3, 3, 6, 8, adam7(3, 3, 4, lambda x, y: bytes([x * 80, y * 80, 128, 200 + x + y])), interlace=1)


class Plugin:
    """Bytes in the order FuzzedPlugin.build (PluginFuzzing.swift) reads them.
    A zero byte picks the valid choice almost everywhere."""

    def __init__(self):
        self.out = bytearray()

    def byte(self, *values):
        self.out += bytes(values)
        return self

    def text(self, s):
        data = s.encode()
        assert len(data) < 256
        return self.byte(160, len(data)).raw(data)

    def raw(self, data):
        self.out += data
        return self

    def number(self, x):
        if isinstance(x, int) and -64 <= x < 64:
            return self.byte(x if x >= 0 else x + 128)
        return self.byte(255).raw(struct.pack("<d", x))

    def value(self, kind, payload):
        self.byte(0)  # of the parameter's kind
        if kind in ("number", "integer", "bool"):
            return self.number(payload)
        if kind == "point":
            return self.number(payload[0]).number(payload[1])
        if kind == "color":
            for c in payload:
                self.number(c)
            return self
        return self.text(payload)

    KINDS = ["number", "integer", "bool", "color", "point", "enum", "string"]

    def parameter(self, name, kind, active, identity, animatable=False, range_=None, cases=(), first=True,
                  struct_extra=0):
        flags = (1 if animatable else 0) | (2 if range_ else 0)
        self.byte(flags).text(name).text("the " + name).byte(self.KINDS.index(kind))
        lo, hi = range_ or (0, 0)
        self.number(lo).number(hi).value(kind, active).value(kind, identity)
        if kind == "enum":
            self.byte(len(cases) - 1, 0)
            for case in cases:
                self.text(case)
        if not first:
            self.byte(0)  # this element's struct_size: exact
        return self

    def effect(self, id_, name, parameters, struct_extra=0):
        self.byte(0, 0).text(id_).text(name).text("fuzz effect " + name).byte(0)  # present, size, …, render
        self.count(len(parameters)).byte(0)  # param_count, params not NULL
        if struct_extra:
            self.byte(200, struct_extra // 8 - 1)
        else:
            self.byte(0)
        for i, p in enumerate(parameters):
            self.parameter(*p[0], **dict(p[1], first=(i == 0)))
        return self

    def count(self, n):
        return self.byte(n) if n < 5 else self.byte(200).raw(struct.pack("<H", n))

    def plugin(self, effects, name="fuzz plugin", version="1.0"):
        """ABI, struct_size, name, version, init(), the functions, effect_count()."""
        return self.byte(0, 0).text(name).text(version).byte(0, 0).count(effects)


def p(*args, **kwargs):
    return (args, kwargs)


def plugins():
    yield "empty", bytes(Plugin().plugin(0).out)
    wobble = [p("amount", "number", 0, 1, animatable=True, range_=(0, 1))]
    yield "wobble", bytes(Plugin().plugin(1).effect("fuzz.wobble", "wobble", wobble).out)
    every = [
        p("amount", "number", 0.5, 1.0, animatable=True, range_=(-2, 2)),
        p("count", "integer", 3, 10, animatable=True, range_=(0, 10)),
        p("flag", "bool", 0, 1),
        p("tint", "color", (1, 0, 0, 1), (0, 0, 1, 0.5), animatable=True),
        p("center", "point", (0.5, 0.5), (1, -1), animatable=True),
        p("edge", "enum", "leading", "trailing", cases=("leading", "trailing", "top")),
        p("format", "string", "%.1f", ""),
    ]
    yield "every-kind", bytes(Plugin().plugin(1).effect("fuzz.every", "every", every).out)
    yield "two-effects", bytes(Plugin().plugin(2).effect("fuzz.a", "a", wobble)
                               .effect("fuzz.b", "b", every[4:6]).out)
    yield "larger-params", bytes(Plugin().plugin(1).effect("fuzz.big", "big", every[:3], struct_extra=16).out)


def y4m_streams():
    """(name, bytes): YUV4MPEG2 streams for examples/y4m.h."""
    def stream(header, width, height, frames, cut=0):
        size = width * height + 2 * ((width + 1) // 2) * ((height + 1) // 2)
        body = b"".join(b"FRAME\n" + bytes((i * 7 + j) % 256 for j in range(size)) for i in range(frames))
        data = header.encode() + b"\n" + body
        return data[:len(data) - cut] if cut else data
    yield "whole.y4m", stream("YUV4MPEG2 W4 H2 F30:1 Ip A1:1 C420jpeg", 4, 2, 3)
    yield "odd.y4m", stream("YUV4MPEG2 W5 H3 F30000:1001 C420mpeg2 XCOLORRANGE=FULL", 5, 3, 2)
    yield "cut.y4m", stream("YUV4MPEG2 W4 H4 F25:1", 4, 4, 2, cut=5)
    yield "no-size.y4m", stream("YUV4MPEG2 F25:1 C420", 4, 4, 1)
    yield "mono.y4m", stream("YUV4MPEG2 W4 H4 Cmono", 4, 4, 1)


# RenderFuzzing.swift's choices: frame sizes and progress values, by index.
RENDER_SIZES = {"1x1": 0, "2x3": 1, "17x9": 2, "40x30": 3}
RENDER_PROGRESSES = {"-DBL_MAX": 0, "-1e300": 1, "-1e6": 2, "-2": 3, "-0.3": 4, "-5e-324": 5, "0": 6, "5e-324": 7,
                     "1e-300": 8, "0.25": 9, "0.5": 10, "0.999": 11, "1": 12, "1.3": 13, "2": 14, "1e6": 15,
                     "1e300": 16, "DBL_MAX": 17}


def self_combined(leaf, times):
    spec = leaf
    for _ in range(times):
        spec = f"{spec}.combined(with: {spec})"
    return spec


def render_specs():
    """(name, bytes): inputs of the render fuzzer. Each fault issue 35's audit found, written as a spec
    ("spec:" and the text, then the size and two progress values), and grammar choices for the rest."""
    faults = [
        ("hblur-overshoot", ".xfade(transition: .hblur)", "40x30", "1.3", "-0.3"),
        ("hblur-spring", ".xfade(transition: .hblur)", "17x9", "2", "DBL_MAX"),
        ("circlecrop-huge-progress", ".xfade(transition: .circlecrop)", "40x30", "1e6", "1e300"),
        ("circleopen-1x1", ".xfade(transition: .circleopen)", "1x1", "5e-324", "0.5"),
        ("blur-replace-denormal", ".blurReplace", "17x9", "1e-300", "5e-324"),
        ("blur-tiny-radius", ".blur(radius: 1e-170)", "17x9", "0.5", "0.25"),
        ("blur-replace-tree", self_combined(".blurReplace", 9), "17x9", "0.5", "1"),
        ("push-tree", self_combined(".push(from: .trailing)", 7), "40x30", "0.5", "1.3"),
        ("rotation3d-tree", self_combined(".rotation3D(angle: 30)", 4), "40x30", "0.5", "0.25"),
        ("explode-chain", ".explode" + ".combined(with: .explode)" * 3, "40x30", "0.5", "0.25"),
        ("tiktok-extremes", ".tiktok", "17x9", "DBL_MAX", "-DBL_MAX"),
        ("blur-chain", ".blur(radius: 3)" + ".combined(with: .blur(radius: 3))" * 23, "40x30", "0.5", "-1e6"),
    ]
    for name, spec, size, first, second in faults:
        yield name, (f"spec:{spec}\n".encode() + bytes([RENDER_SIZES[size], RENDER_PROGRESSES[first],
                                                         RENDER_PROGRESSES[second]]))
    # Grammar choices: a chain, a tree combined with itself, an asymmetric pair, modifiers.
    yield "chain", bytes([7, 2, 5, 3, 40, 2, 9, 3, 10, 1, 2, 3, 12, 13])
    yield "doubled", bytes([6, 4, 0, 2, 3, 4, 3, 11, 4, 3, 2, 2, 13])
    yield "asymmetric", bytes([5, 0, 3, 20, 1, 9, 2, 1, 30, 2, 1, 1, 7, 3, 16])


def write(target, name, data):
    folder = os.path.join(ROOT, target)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "seed-" + name)
    if isinstance(data, str):
        data = data.encode()
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except FileNotFoundError:
        pass
    with open(path, "wb") as f:
        f.write(data)


def main():
    for i, text in enumerate(TRANSITIONS):
        write("transition-spec", "%02d" % i, text)
    for i, text in enumerate(ANIMATIONS):
        write("animation-spec", "%02d" % i, text)
    for name, data in pngs():
        write("png", name + ".png", data)
    for name, data in plugins():
        write("plugin-descriptor", name, data)
    for name, data in y4m_streams():
        write("y4m", name, data)
    for name, data in render_specs():
        write("render-spec", name, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
