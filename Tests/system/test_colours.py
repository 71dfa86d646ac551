"""Colours in and out.

- What Segue's outputs say about their colours, read by ffprobe: every video
  file names its primaries, transfer, matrix and range, so players need not guess.
- HDR clips (HLG and PQ in BT.2020, 10-bit HEVC, made by FFmpeg's zscale from
  SMPTE bars) come out in SDR BT.709 as FFmpeg's own zscale + tonemap chain
  converts them with the same operator and peak: by PSNR, and by CIEDE2000
  on the bars' saturated colours, computed here."""
import array
import json
import math
import os
import re
import shutil
import subprocess
import unittest
import zlib

import dovi
import heif
import icc
import media
from pngio import read_png, write_png
from support import Workspace, segue

HD = ("tv", "bt709", "bt709", "bt709")
SD = ("tv", "smpte170m", "smpte170m", "smpte170m")
TAGGED_709 = ("-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv")
# Half-second GOPs, so that a join of two 2-s clips copies most of their frames.
GOPS = ("-x264-params", "keyint=15:min-keyint=15:scenecut=0")


def tags(path):
    """(range, matrix, transfer, primaries) of the first video stream, as ffprobe reads them."""
    text = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                           "stream=color_range,color_space,color_transfer,color_primaries", "-of", "json", path],
                          capture_output=True, text=True, check=True).stdout
    stream = json.loads(text)["streams"][0]
    return tuple(stream.get(key, "unknown") for key in ("color_range", "color_space", "color_transfer", "color_primaries"))


@unittest.skipUnless(shutil.which("ffprobe"), "ffprobe is not installed (make test-deps installs it)")
class ColourTagTests(Workspace):
    def test_every_video_file_names_its_colours(self):
        sd = self.path("sd.mp4")
        hd = self.path("hd.mp4")
        media.clip(sd, "testsrc2", 2, tone=440, extra=GOPS)  # untagged: BT.601, as FFmpeg reads it
        media.clip(hd, "mandelbrot", 2, tone=660, extra=GOPS + TAGGED_709)
        self.assertEqual(tags(sd), ("unknown",) * 4)
        self.assertEqual(tags(hd), HD)
        cases = [
            # (arguments, output, expected): spliced and encoded, in every container Segue writes.
            (("sequence", sd, sd, "--duration", "0.5"), "sd-smart.mp4", SD),
            (("sequence", sd, sd, "--duration", "0.5"), "sd-smart.mkv", SD),
            (("sequence", sd, sd, "--duration", "0.5", "--reencode"), "sd-full.mp4", SD),
            (("sequence", sd, sd, "--duration", "0.5", "--reencode"), "sd-full.mov", SD),
            (("sequence", sd, sd, "--duration", "0.5"), "sd.webm", SD),
            (("sequence", hd, hd, "--duration", "0.5"), "hd-smart.mp4", HD),
            (("sequence", hd, hd, "--duration", "0.5"), "hd-smart.mov", HD),
            (("sequence", hd, hd, "--duration", "0.5", "--reencode"), "hd-full.mkv", HD),
            # Pictures alone are written as BT.709.
            (("render", "--from", self.a, "--to", self.b, "--transition", ".slide"), "stills.mp4", HD),
            (("sequence", self.a, self.b, "--hold", "0.5"), "stills.webm", HD),
        ]
        for args, name, expected in cases:
            with self.subTest(name):
                out = self.path(name)
                report = segue(*args, "-o", out, check=0).stderr
                self.assertEqual("copied" in report, "smart" in name, report)
                self.assertEqual(tags(out), expected)

    def test_a_spliced_mov_of_untagged_clips_names_all_but_the_range(self):
        # QuickTime's colour atom has no range, and the copied pictures' own headers do not state one.
        sd = self.path("sd.mp4")
        media.clip(sd, "testsrc2", 2, extra=GOPS)
        out = self.path("out.mov")
        self.assertIn("copied", segue("sequence", sd, sd, "--duration", "0.5", "-o", out, check=0).stderr)
        self.assertEqual(tags(out), ("unknown",) + SD[1:])


def srgb_to_lab(rgb):
    """CIELAB (D65) of an sRGB colour given as 0…255 components."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(linear, rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def ciede2000(lab1, lab2):
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0
    dl, dc = l2 - l1, c2 - c1
    dh = 0 if c1 * c2 == 0 else (h2 - h1 if abs(h2 - h1) <= 180 else h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360)
    dh_big = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rt = (-2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh))


def rgb_frames(path, vf=None):
    """The frames of `path` as RGB bytes, decoded (and filtered by `vf`) by FFmpeg."""
    filters = ["-vf", vf] if vf else []
    data = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, *filters, "-f", "rawvideo", "-pix_fmt",
                           "rgb24", "-"], capture_output=True, check=True, timeout=300).stdout
    size = media.W * media.H * 3
    return [data[i:i + size] for i in range(0, len(data), size)]


def bar_colours(frame):
    """The mean colour of the middle of each of SMPTE bars' seven top bars."""
    colours = []
    for bar in range(7):
        x0, x1 = (2 * bar + 1) * media.W // 14 - 3, (2 * bar + 1) * media.W // 14 + 3
        pixels = [frame[(y * media.W + x) * 3:(y * media.W + x) * 3 + 3] for y in range(20, 50) for x in range(x0, x1)]
        colours.append(tuple(sum(p[c] for p in pixels) / len(pixels) for c in range(3)))
    return colours


def tonemapped(operator, peak):
    """FFmpeg's own HDR to SDR BT.709 chain: the expectation."""
    return (f"zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap={operator}:desat=0:peak={peak:g},"
            "zscale=t=bt709:m=bt709:r=tv,format=yuv420p")


@unittest.skipUnless(shutil.which("ffmpeg"), "ffmpeg is not installed (make test-deps installs it)")
class HDRTests(Workspace):
    def hdr_clip(self, name, transfer, x265="", codec=("libx265",), seconds=1):
        """SMPTE bars in BT.2020 with `transfer`, 10-bit (HEVC unless `codec` says otherwise)."""
        path = self.path(name)
        tags = ("-x265-params", f"log-level=error:colorprim=bt2020:transfer={transfer}:colormatrix=bt2020nc{x265}") \
            if codec[0] == "libx265" else ("-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc")
        media.ffmpeg("-f", "lavfi", "-i", f"smptebars=size={media.W}x{media.H}:rate=30", "-t", str(seconds), "-vf",
                     f"zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t={transfer}:p=bt2020:m=bt2020nc:r=tv:npl=100,"
                     "format=yuv420p10le", "-c:v", *codec, *tags, path)
        return path

    def check(self, clip, expected_vf, *options):
        out = self.path("out.mp4")
        result = segue("sequence", clip, *options, "-o", out, check=0)
        self.assertIn("re-encoding every frame", result.stderr)
        if clip.endswith((".mov", ".mp4")):
            self.assertIn("is HDR or BT.2020, converted to SDR BT.709: re-encoding every frame", result.stderr)
        self.assertEqual(tags(out), HD)
        got, expected = rgb_frames(out), rgb_frames(clip, expected_vf)
        self.assertEqual(len(got), len(expected))
        for k in (0, len(got) // 2, len(got) - 1):
            self.assertGreaterEqual(media.psnr(got[k], expected[k]), 35, f"frame {k}")
            for bar, (ours, theirs) in enumerate(zip(bar_colours(got[k]), bar_colours(expected[k]))):
                self.assertLessEqual(ciede2000(srgb_to_lab(ours), srgb_to_lab(theirs)), 3,
                                     f"frame {k}, bar {bar}: {ours} against {theirs}")
        return got

    def test_hlg_comes_out_as_ffmpegs_tonemap_makes_it(self):
        clip = self.hdr_clip("hlg.mov", "arib-std-b67")
        # Without metadata HLG peaks at 1000 cd/m², ten times the SDR white.
        mobius = self.check(clip, tonemapped("mobius", 10))
        hable = self.check(clip, tonemapped("hable", 10), "--tonemap", "hable")
        self.assertLess(media.psnr(mobius[0], hable[0]), 35, "--tonemap chooses the operator")

    def test_ten_bit_h264_vp9_and_av1(self):
        for codec in (("libx264", "-profile:v", "high10"), ("libvpx-vp9", "-profile:v", "2"),
                      ("libaom-av1", "-cpu-used", "8")):
            with self.subTest(codec[0]):
                self.check(self.hdr_clip(f"{codec[0]}.mkv", "arib-std-b67", codec=codec, seconds=0.3),
                           tonemapped("mobius", 10))

    def test_pq_takes_its_peak_from_maxcll(self):
        self.check(self.hdr_clip("pq.mkv", "smpte2084"), tonemapped("mobius", 10))
        self.check(self.hdr_clip("pq400.mkv", "smpte2084", ":max-cll=400,100"), tonemapped("mobius", 4))

    def test_the_bars_are_not_washed_out(self):
        # A check on the expectation itself: the bars come back near the SDR bars the HDR clip was
        # made from (tone mapping moves the brightest a little), where reading the HDR pictures as
        # SDR, as Segue once did, leaves them grey and dim.
        clip = self.hdr_clip("hlg.mov", "arib-std-b67")
        got = self.check(clip, tonemapped("mobius", 10))
        bars = self.path("bars.mp4")
        media.ffmpeg("-f", "lavfi", "-i", f"smptebars=size={media.W}x{media.H}:rate=30", "-t", "1", "-vf",
                     "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p", "-colorspace", "bt709", bars)
        original = bar_colours(rgb_frames(bars)[0])

        def mean_difference(frame):
            pairs = zip(bar_colours(frame), original)
            return sum(ciede2000(srgb_to_lab(a), srgb_to_lab(b)) for a, b in pairs) / len(original)
        self.assertLessEqual(mean_difference(got[0]), 8)
        self.assertGreater(mean_difference(rgb_frames(clip)[0]), 15, "read as SDR, the bars are washed out")


def yuv10_frames(path):
    """Every frame of `path` as 10-bit 4:2:0 samples, as FFmpeg decodes it: (Y', Cb, Cr) lists of codes."""
    data = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "yuv420p10le",
                           "-fps_mode", "passthrough", "-"], capture_output=True, check=True, timeout=300).stdout
    size = media.W * media.H * 3 // 2 * 2
    return [array.array("H", data[i:i + size]) for i in range(0, len(data), size)]


def psnr10(a, b):
    """PSNR of two 10-bit pictures, over every sample, with 1023 as the peak."""
    error = sum((x - y) ** 2 for x, y in zip(a, b)) / len(a)
    return float("inf") if error == 0 else 10 * math.log10(1023 ** 2 / error)


def hdr_metadata(path):
    """What ffprobe reads of `path`'s first picture and its stream: codec, profile, pixel format,
    (range, matrix, transfer, primaries), and the HDR metadata's values by name."""
    import json
    text = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1",
                           "-show_entries", "stream=codec_name,profile,pix_fmt:stream_side_data:frame=side_data_list",
                           "-of", "json", path], capture_output=True, text=True, check=True).stdout
    probe = json.loads(text)
    stream = probe["streams"][0]
    values = {}
    for side in stream.get("side_data_list", []) + probe["frames"][0].get("side_data_list", []):
        values.update({f"{side['side_data_type']}: {k}": v for k, v in side.items() if k != "side_data_type"})
    return stream["codec_name"], stream.get("profile"), stream["pix_fmt"], tags(path), values


# A mastering display (BT.2020 primaries, D65, 1000 cd/m² to 0.005) and content light levels, as x265 writes them.
MASTERING = "G(8500,39850)B(6550,2300)R(35400,14600)WP(15635,16450)L(10000000,50)"


@unittest.skipUnless(shutil.which("ffmpeg"), "ffmpeg is not installed (make test-deps installs it)")
class HDRKeepTests(Workspace):
    def hdr_clip(self, name, source, transfer, seconds=2, codec="libx265", reorder=True):
        """A moving HDR clip: lavfi `source` in BT.2020 with `transfer`, 10-bit, a closed GOP every 15
        frames (with B-frames unless not `reorder`), with sound; HEVC with a mastering display and MaxCLL
        1000, MaxFALL 400 (or H.264 High 10)."""
        path = self.path(name)
        gops = "keyint=15:min-keyint=15:scenecut=0" + ("" if reorder else ":bframes=0")
        params = ("-x265-params", f"log-level=error:{gops}:open-gop=0:colorprim=bt2020:transfer={transfer}:"
                  f"colormatrix=bt2020nc:master-display={MASTERING}:max-cll=1000,400") if codec == "libx265" else \
            ("-profile:v", "high10", "-x264-params", gops, "-color_primaries", "bt2020", "-color_trc", transfer,
             "-colorspace", "bt2020nc")
        media.ffmpeg("-f", "lavfi", "-i", f"{source}=size={media.W}x{media.H}:rate=30", "-f", "lavfi", "-i",
                      "sine=frequency=440:sample_rate=48000", "-t", str(seconds), "-vf",
                      f"zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t={transfer}:p=bt2020:m=bt2020nc:r=tv:npl=100,"
                      "format=yuv420p10le", "-c:v", codec, *params, "-c:a", "aac", path)
        return path

    def join(self, a, b, *options):
        """`segue sequence a b --hdr keep` with a linear 0.5-s crossfade: its standard error, its frames at
        10 bits, and the sources' frames at 10 bits."""
        out = self.path("out.mp4")
        result = segue("sequence", a, b, "--hdr", "keep", "--duration", "0.5", "--animation", ".linear(duration: 1)",
                       *options, "-o", out, check=0)
        strict = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-xerror", "-i", out, "-f", "null", "-"],
                                capture_output=True, text=True)
        self.assertEqual((strict.returncode, strict.stderr), (0, ""), "ffmpeg -xerror decodes it cleanly")
        return result.stderr, out, yuv10_frames(out), yuv10_frames(a), yuv10_frames(b)

    def check_frames(self, got, a, b, copied=0, floor=45):
        """Frames 0…44 are a's, 60… b's from its frame 15 on, within `floor` dB (an encoding's loss);
        45…59 a linear crossfade of the two. At least `copied` of those outside the junction are
        the sources' exactly."""
        self.assertEqual(len(got), 60 + 45)
        outside = [(k, a[k]) for k in range(45)] + [(k, b[k - 45]) for k in range(60, 105)]
        exact = sum(got[k] == expected for k, expected in outside)
        self.assertGreaterEqual(exact, copied, "copied frames are the sources' decodes at 10 bits")
        for k, expected in outside:
            self.assertGreaterEqual(psnr10(got[k], expected), floor, f"frame {k}, away from the junction")
        # The crossfade in the 10-bit codes: Y'CbCr is linear in R'G'B', where Segue blends (at 8 bits).
        worst = min(psnr10(got[k], [round((1 - (k - 45) / 15) * x + (k - 45) / 15 * y)
                                    for x, y in zip(a[k], b[k - 45])]) for k in range(45, 60))
        self.assertGreaterEqual(worst, 38, "junction frames, blended through the compositor's 8 bits")
        return exact

    def test_pq_clips_join_into_pq_keeping_metadata_and_copying_what_no_transition_touches(self):
        a = self.hdr_clip("a.mp4", "testsrc2", "smpte2084")
        b = self.hdr_clip("b.mp4", "mandelbrot", "smpte2084")
        report, out, got, frames_a, frames_b = self.join(a, b)
        copied = int(re.search(r"copied (\d+) of 105 frames", report)[1])
        self.assertGreaterEqual(copied, 45 + 30, report)
        codec, profile, pixels, colours, metadata = hdr_metadata(out)
        self.assertEqual((codec, profile, pixels), ("hevc", "Main 10", "yuv420p10le"))
        self.assertEqual(colours, ("tv", "bt2020nc", "smpte2084", "bt2020"))
        self.assertEqual(metadata.get("Mastering display metadata: max_luminance"), "10000000/10000")
        self.assertEqual(metadata.get("Mastering display metadata: red_x"), "35400/50000")
        self.assertEqual(metadata.get("Content light level metadata: max_content"), 1000)
        self.assertEqual(metadata.get("Content light level metadata: max_average"), 400)
        self.assertGreaterEqual(self.check_frames(got, frames_a, frames_b, copied), copied)

    def test_a_full_encode_keeps_hlg(self):
        a = self.hdr_clip("a.mp4", "testsrc2", "arib-std-b67")
        b = self.hdr_clip("b.mp4", "mandelbrot", "arib-std-b67")
        report, out, got, frames_a, frames_b = self.join(a, b, "--reencode")
        self.assertNotIn("copied", report)
        self.assertEqual(hdr_metadata(out)[:4], ("hevc", "Main 10", "yuv420p10le",
                                                 ("tv", "bt2020nc", "arib-std-b67", "bt2020")))
        # Every frame is encoded again at crf 18: one generation's loss (41.8 dB at worst, measured).
        self.check_frames(got, frames_a, frames_b, floor=38)

    def test_render_keeps_hdr_and_copies_the_inserted_clip_once_finished(self):
        a = self.hdr_clip("a.mp4", "testsrc2", "smpte2084")
        b = self.hdr_clip("b.mp4", "mandelbrot", "smpte2084")
        out = self.path("render.mp4")
        report = segue("render", "--from", a, "--to", b, "--transition", ".opacity", "--length", "1.5", "--hdr",
                       "keep", "-o", out, check=0).stderr
        self.assertRegex(report, r"copied \d+ of 46 frames")
        self.assertEqual(hdr_metadata(out)[:4], ("hevc", "Main 10", "yuv420p10le",
                                                 ("tv", "bt2020nc", "smpte2084", "bt2020")))
        got, frames_b = yuv10_frames(out), yuv10_frames(b)
        self.assertEqual(got[45], frames_b[45], "past the animation, b's own frames at 10 bits")

    def test_dolby_vision_is_dropped_with_a_note_and_its_hlg_picture_kept(self):
        # An iPhone's clip: profile 8.4, an RPU after every picture over an HLG base layer.
        base = self.hdr_clip("base.mp4", "testsrc2", "arib-std-b67", reorder=False)
        a = dovi.dolby_vision(base, self.path("a.mp4"), self.path())
        self.assertEqual(dovi.unit_types(a).count(62), 60, "the clip has an RPU a picture")
        self.assertIn("DOVI configuration record: dv_profile", hdr_metadata(a)[4])
        b = self.hdr_clip("b.mp4", "mandelbrot", "arib-std-b67", reorder=False)
        note = f"'{a}': Dolby Vision profile 8.4: its metadata is dropped and its HLG picture kept"
        # The clips note x265's default crf 28 and have no B-frames: the pieces at 18 keep the junction's floor.
        report, out, got, frames_a, frames_b = self.join(a, b, "--crf", "18")
        self.assertIn(note, report)
        copied = int(re.search(r"copied (\d+) of 105 frames", report)[1])
        self.assertGreaterEqual(copied, 45 + 30, report)
        self.assertNotIn(62, dovi.unit_types(out), "no RPU is copied")
        codec, profile, pixels, colours, metadata = hdr_metadata(out)
        self.assertEqual(colours, ("tv", "bt2020nc", "arib-std-b67", "bt2020"))
        self.assertFalse([key for key in metadata if "DOVI" in key], "no Dolby Vision record")
        self.assertEqual(frames_a, yuv10_frames(base), "the base layer decodes as the clip beneath")
        self.check_frames(got, frames_a, frames_b, copied)
        # Converted to SDR, every frame is encoded: the note is the same.
        sdr = segue("sequence", a, b, "--duration", "0.5", "-o", self.path("sdr.mp4"), check=0).stderr
        self.assertIn(note, sdr)

    def test_dolby_vision_with_no_base_layer_others_show_is_refused(self):
        # Profile 5 (IPTPQc2): only a Dolby Vision decoder turns its pictures into colours.
        base = self.hdr_clip("base.mp4", "testsrc2", "smpte2084", reorder=False)
        clip = dovi.dolby_vision(base, self.path("p5.mp4"), self.path(), profile=5, compatibility=0)
        out = self.path("out.mp4")
        result = segue("sequence", clip, base, "--hdr", "keep", "-o", out, check=1)
        self.assertIn(f"cannot read '{clip}': it is Dolby Vision profile 5, whose pictures only a Dolby Vision "
                      "decoder turns into colours", result.stderr)
        self.assertFalse(os.path.exists(out))

    def test_h264_high_10(self):
        a = self.hdr_clip("a.mp4", "testsrc2", "arib-std-b67", codec="libx264")
        b = self.hdr_clip("b.mp4", "mandelbrot", "arib-std-b67", codec="libx264")
        report, out, got, frames_a, frames_b = self.join(a, b, "--video-codec", "libx264")
        self.assertRegex(report, r"copied \d+ of 105 frames")
        self.assertEqual(hdr_metadata(out)[:4], ("h264", "High 10", "yuv420p10le",
                                                 ("tv", "bt2020nc", "arib-std-b67", "bt2020")))
        self.check_frames(got, frames_a, frames_b)

    def test_ten_bit_gradients_pass_through_and_junctions_are_dithered_not_banded(self):
        # A shallow PQ ramp, luma 400…415 (a quarter of an 8-bit step per 10-bit code), coded losslessly,
        # joined to itself and encoded at crf 0: what is left is the path's own error.
        w, h = media.W, media.H
        ramp = [400 + x * 16 // w for x in range(w)]
        raw, clip, out = self.path("ramp.yuv"), self.path("ramp.mp4"), self.path("out.mp4")
        with open(raw, "wb") as f:
            for _ in range(60):
                f.write(array.array("H", ramp * h).tobytes() + array.array("H", [512] * (w * h // 2)).tobytes())
        media.ffmpeg("-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", f"{w}x{h}", "-r", "30", "-i", raw, "-c:v",
                     "libx265", "-x265-params", "log-level=error:lossless=1:keyint=15:min-keyint=15:scenecut=0:"
                     "open-gop=0:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc", clip)
        segue("sequence", clip, clip, "--hdr", "keep", "--duration", "0.5", "--reencode", "--crf", "0", "-q", "-o", out,
              check=0)
        frames = yuv10_frames(out)

        def errors(k):
            """(RMS error, mean and worst error of the columns' means) of frame k's luma, in 10-bit codes."""
            luma = frames[k][:w * h]
            rms = math.sqrt(sum((luma[i] - ramp[i % w]) ** 2 for i in range(w * h)) / (w * h))
            columns = [abs(sum(luma[r * w + x] for r in range(h)) / h - ramp[x]) for x in range(w)]
            return rms, sum(columns) / w, max(columns)
        # Passed through at 10 bits (measured: 0.09 RMS); through 8 bits it would be 1 code or more.
        for k in (10, 44, 90):
            self.assertLessEqual(errors(k)[0], 0.5, f"frame {k}")
        # The junction goes through the compositor's 8-bit R'G'B', four 10-bit codes a step: dithered,
        # the columns keep the ramp's levels (measured: mean 0.22, worst 0.8 of a code) where rounding
        # would leave bands of four codes, off by up to two.
        for k in (48, 52, 57):
            rms, mean, worst = errors(k)
            self.assertLessEqual(rms, 1.5, f"frame {k}")
            self.assertLessEqual(mean, 0.4, f"frame {k}")
            self.assertLessEqual(worst, 1.2, f"frame {k}")

    def test_eight_bit_hdr_clips_are_drawn_into_the_ten_bit_file(self):
        # 8-bit PQ HEVC: nothing to copy into a 10-bit file, and its decoded 8-bit planes are no
        # HDR file's frames, so every frame is drawn and converted.
        a = self.path("a8.mp4")
        media.ffmpeg("-f", "lavfi", "-i", f"testsrc2=size={media.W}x{media.H}:rate=30", "-t", "1", "-vf",
                     "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=smpte2084:p=bt2020:m=bt2020nc:r=tv:npl=100,"
                     "format=yuv420p", "-c:v", "libx265", "-x265-params",
                     "log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc", a)
        out = self.path("out.mp4")
        report = segue("sequence", a, a, "--hdr", "keep", "--duration", "0.5", "-o", out, check=0).stderr
        self.assertIn("is yuv420p, the output 10-bit 4:2:0 (yuv420p10le): re-encoding every frame", report)
        self.assertEqual(hdr_metadata(out)[:4], ("hevc", "Main 10", "yuv420p10le",
                                                 ("tv", "bt2020nc", "smpte2084", "bt2020")))
        source, got = yuv10_frames(a), yuv10_frames(out)
        self.assertEqual(len(got), 45)
        self.assertGreaterEqual(psnr10(got[5], source[5]), 40, "drawn through 8-bit R'G'B', then 10 bits")

    def test_what_cannot_be_kept_is_refused_naming_the_clip(self):
        pq = self.hdr_clip("pq.mp4", "testsrc2", "smpte2084", seconds=1)
        hlg = self.hdr_clip("hlg.mp4", "testsrc2", "arib-std-b67", seconds=1)
        sdr = self.path("sdr.mp4")
        media.clip(sdr, "testsrc2", 1)
        out = self.path("out.mp4")
        for clips, options, message in (
                ((pq, sdr), (), "--hdr keep needs HDR clips, and clip 2 (sdr.mp4) is SDR"),
                ((pq, hlg), (), "--hdr keep needs one transfer, and clip 2 (hlg.mp4) is HLG, clip 1 (pq.mp4) PQ"),
                ((pq, pq), ("--video-codec", "libvpx-vp9"), "an HDR file is HEVC by libx265 or H.264 High 10 by "
                                                              "libx264, not libvpx-vp9"),
                ((pq, pq), ("--tonemap", "hable"), "--tonemap brings HDR into SDR, and --hdr keep keeps it")):
            with self.subTest(message):
                result = segue("sequence", *clips, "--hdr", "keep", *options, "-o", out, check=None)
                self.assertNotEqual(result.returncode, 0)
                self.assertIn(message, result.stderr)
                self.assertFalse(os.path.exists(out), "nothing is written")
        result = segue("sequence", pq, pq, "--hdr", "keep", "-o", self.path("out.y4m"), check=None)
        self.assertIn("--hdr keep writes an .mp4, .mov or .mkv file, not", result.stderr)


class DeepSDRTests(Workspace):
    def test_ten_bit_sdr_is_dithered_to_eight_not_banded(self):
        # A shallow 10-bit ramp: luma 400…415, a quarter of an 8-bit code per step, lossless (FFV1).
        w, h = media.W, media.H
        ramp = [400 + x * 16 // w for x in range(w)]
        raw = self.path("ramp.yuv")
        with open(raw, "wb") as f:
            for _ in range(3):
                f.write(array.array("H", ramp * h).tobytes() + array.array("H", [512] * (w * h // 2)).tobytes())
        clip = self.path("ramp.mkv")
        media.ffmpeg("-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", f"{w}x{h}", "-r", "30", "-i", raw, "-c:v", "ffv1",
                     "-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                     clip)
        out = self.path("out.y4m")
        segue("sequence", clip, "-q", "-o", out, check=0)
        luma = media.y4m_frames(out)[1][0][len(b"FRAME\n"):][:w * h]
        # Each column's mean over its rows against the 10-bit value: rounding to 8 bits would be off by
        # a quarter code on average and half a code at worst, in bands; dithered, the mean follows the ramp.
        errors = [abs(sum(luma[r * w + x] for r in range(h)) / h - ramp[x] / 4) for x in range(w)]
        self.assertLessEqual(sum(errors) / w, 0.2)
        self.assertLessEqual(max(errors), 0.4)


# Patches of a photo in Display P3: its pure red (outside sRGB, clipped to sRGB's red), an orange,
# a green and a skin tone (inside sRGB, where P3 and sRGB values differ by up to 60 codes).
PATCHES = [(255, 0, 0), (200, 100, 50), (60, 160, 90), (180, 120, 100)]


class PhotoProfileTests(Workspace):
    def photo(self, name):
        path = self.path(name)
        write_png(path, 40, 10, [PATCHES[x // 10] + (255,) for _ in range(10) for x in range(40)])
        return path

    def shown(self, path):
        """The patches' colours as Segue shows the picture, and what it said."""
        out = self.path("shown.png")
        result = segue("frame", "--to", path, "--transition", ".identity", "--progress", "1", "-o", out, check=0)
        pixels = read_png(out)[2]
        return [pixels[5 * 40 + 10 * k + 5][:3] for k in range(4)], result.stderr

    def assertClose(self, got, expected, what):
        for k, (a, b) in enumerate(zip(got, expected)):
            self.assertLessEqual(max(abs(x - y) for x, y in zip(a, b)), 1, f"{what}, patch {k}: {a} against {b}")

    def test_display_p3_photos_are_converted_to_srgb_as_little_cms_computes(self):
        p3 = icc.display_p3()
        plain = self.photo("plain.png")
        expected = [icc.to_srgb(p3, colour) for colour in PATCHES]
        self.assertGreater(max(abs(x - y) for x, y in zip(expected[1], PATCHES[1])), 10, "P3 and sRGB differ here")
        # PNG (iCCP, read by Segue), and JPEG (APP2) and WebP (ICCP chunk, set by webpmux) read through FFmpeg.
        png = self.path("p3.png")
        icc.png_with_profile(plain, png, p3)
        got, said = self.shown(png)
        self.assertClose(got, expected, "PNG")
        self.assertEqual(said, "")
        jpeg, p3_jpeg = self.path("plain.jpg"), self.path("p3.jpg")
        media.ffmpeg("-i", plain, "-pix_fmt", "yuvj444p", "-q:v", "1", jpeg)
        icc.jpeg_with_profile(jpeg, p3_jpeg, p3)
        # The JPEG's own decoding is not exact: the expectation converts what Segue decodes without the profile.
        self.assertClose(self.shown(p3_jpeg)[0], [icc.to_srgb(p3, c) for c in self.shown(jpeg)[0]], "JPEG")
        if shutil.which("webpmux") and shutil.which("cwebp"):
            webp, p3_webp, profile = self.path("plain.webp"), self.path("p3.webp"), self.path("p3.icc")
            with open(profile, "wb") as f:
                f.write(p3)
            subprocess.run(["cwebp", "-quiet", "-lossless", plain, "-o", webp], check=True)
            subprocess.run(["webpmux", "-set", "icc", profile, webp, "-o", p3_webp], check=True, capture_output=True)
            self.assertClose(self.shown(p3_webp)[0], expected, "WebP")

    def test_a_photo_without_a_profile_is_srgb(self):
        self.assertClose(self.shown(self.photo("plain.png"))[0], PATCHES, "no profile")

    def test_a_broken_profile_is_said_and_the_photo_taken_as_srgb(self):
        plain = self.photo("plain.png")
        cases = {
            "its ICC profile cannot be read": lambda data: zlib.compress(b"not a profile" * 20),
            "its ICC profile does not inflate": lambda data: b"\x78\x9c not zlib at all",
            "its ICC profile is not for RGB pictures": lambda data: zlib.compress(data[:16] + b"GRAY" + data[20:]),
        }
        for message, compress in cases.items():
            with self.subTest(message):
                broken = self.path("broken.png")
                icc.png_with_profile(plain, broken, icc.display_p3(), compress=compress)
                got, said = self.shown(broken)
                self.assertClose(got, PATCHES, "taken as sRGB")
                self.assertIn(f"segue frame: '{broken}': {message}", said)
                self.assertIn("taken as sRGB", said)


class HEIFPhotoTests(Workspace):
    def shown(self, path):
        out = self.path("shown.png")
        result = segue("frame", "--to", path, "--transition", ".identity", "--progress", "1", "-o", out, check=0)
        return read_png(out), result.stderr

    def test_phone_photos_stand_as_their_irot_and_imir_say(self):
        # Landscape pixels, red on the left and blue on the right, stored as a phone stores them.
        pixels = [(255, 0, 0) if x < 32 else (0, 0, 255) for _ in range(32) for x in range(64)]
        red, blue = (255, 0, 0), (0, 0, 255)
        cases = [  # (EXIF orientation, file type, size shown, colour top left, colour bottom right)
            (1, "heic", (64, 32), red, blue),
            (6, "heic", (32, 64), red, blue),  # turned 90° clockwise: the left side on top
            (8, "heic", (32, 64), blue, red),  # turned 90° anticlockwise: the right side on top
            (2, "heic", (64, 32), blue, red),  # mirrored
            (3, "avif", (64, 32), blue, red),  # turned 180°
        ]
        for orientation, kind, size, top_left, bottom_right in cases:
            with self.subTest(orientation=orientation, kind=kind):
                path = self.path(f"photo{orientation}.{kind}")
                heif.write(path, 64, 32, pixels, orientation=orientation, kind=kind)
                (width, height, shown), said = self.shown(path)
                self.assertEqual((width, height), size)
                self.assertEqual(said, "")
                for (x, y), colour in (((2, 2), top_left), ((width - 3, height - 3), bottom_right)):
                    got = shown[y * width + x][:3]
                    self.assertLessEqual(max(abs(a - b) for a, b in zip(got, colour)), 8, f"({x}, {y}): {got}")

    def test_a_heic_photos_icc_profile_is_honoured(self):
        p3 = icc.display_p3()
        pixels = [PATCHES[x // 10] for _ in range(10) for x in range(40)]
        plain, tagged = self.path("plain.heic"), self.path("p3.heic")
        heif.write(plain, 40, 10, pixels)
        heif.write(tagged, 40, 10, pixels, profile=p3)
        def patches(path):
            width, _, shown = self.shown(path)[0]
            return [shown[5 * width + 10 * k + 5][:3] for k in range(4)]
        # Lossy coding moves the colours a little: the expectation converts what Segue decodes without the profile.
        for k, (got, plain_colour) in enumerate(zip(patches(tagged), patches(plain))):
            expected = icc.to_srgb(p3, plain_colour)
            self.assertLessEqual(max(abs(a - b) for a, b in zip(got, expected)), 1, f"patch {k}: {got} against {expected}")

    def test_what_is_not_a_heif_photo_is_an_error_naming_it(self):
        pixels = [(200, 100, 50)] * (16 * 16)
        whole = self.path("whole.heic")
        heif.write(whole, 16, 16, pixels)
        with open(whole, "rb") as f:
            data = f.read()
        cases = {"cut.heic": data[:len(data) // 2], "text.heic": b"not a photo at all" * 10, "empty.avif": b""}
        for name, content in cases.items():
            with self.subTest(name):
                path = self.path(name)
                with open(path, "wb") as f:
                    f.write(content)
                result = segue("frame", "--to", path, "--transition", ".identity", "--progress", "1",
                               "-o", self.path("out.png"))
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertIn(f"cannot read '{path}' as a HEIF photo: ", result.stderr)
                self.assertFalse(os.path.exists(self.path("out.png")))


if __name__ == "__main__":
    unittest.main()
