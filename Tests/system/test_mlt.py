"""MLT's native module (bridges/mlt) end to end in Debian's melt, which
`make test` installs, through a module folder made by scripts/mlt-repository
(MLT's own modules and a link to Segue's).

Frames are compared with `segue frame` on the same pictures at MLT's
progress, (frame − in) ÷ (out − in + 1): exactly when the consumer asks for
RGB (the module then works in RGBA, as lossless as the PNGs around it), and
by PSNR when it asks for 4:2:0 (the module then converts 4:2:0 itself).
"""
import math
import os
import re
import shutil
import subprocess
import unittest
import xml.etree.ElementTree as ElementTree

from pngio import read_png
from support import BUILD, ROOT, BusyCores, run, segue
from test_frei0r import Bridge, FILES, ease_in, raw

MODULE = os.path.join(BUILD, "lib", "mlt-7", "libmltsegue.so")
KDENLIVE = os.path.join(BUILD, "share", "kdenlive", "transitions")
REPOSITORY_SCRIPT = os.path.join(ROOT, "scripts", "mlt-repository")
SERVICES = ["segue." + name[len("segue_"):] for name in FILES]
WIDTH, HEIGHT = 320, 180


def module_folder(folder, module=MODULE):
    """Makes `folder` an MLT module folder of MLT's own modules and `module`
    (scripts/mlt-repository); returns it, for MLT_REPOSITORY."""
    return run(REPOSITORY_SCRIPT, folder, module, check=0).stdout.strip()


def psnr(got, expected):
    squared = sum((a - b) ** 2 for a, b in zip(got, expected)) / len(expected)
    return math.inf if squared == 0 else 10 * math.log10(255 ** 2 / squared)


@unittest.skipUnless(shutil.which("melt"), "melt is not installed (make test-deps installs it)")
class MeltModuleTests(Bridge):
    def setUp(self):
        super().setUp()
        self.env = dict(os.environ, MLT_REPOSITORY=module_folder(self.path("mlt-modules")))

    def mix(self, mixer, *properties, raw=False, consumer=()):
        """Clips of 10 frames each (from, to) joined with a 5-frame mix: frames
        6…10 of the output are the mix at progress 0, 0.2, 0.4, 0.6, 0.8. The
        PNGs in and PNG (RGB) frames out, decoded to RGBA; or with raw=True
        the 4:2:0 videos of the PNGs (self.videos) in and raw 4:2:0 out, so
        that MLT converts nothing."""
        ending = "y4m" if raw else "png"
        clips = [f"avformat:{self.path('from.' + ending)}", "out=9", f"avformat:{self.path('to.' + ending)}", "out=9"]
        if raw:
            out = self.path("mix.yuv")
            result = self.melt(*clips, "-mix", "5", "-mixer", mixer, *properties, "-consumer", f"avformat:{out}",
                               "f=rawvideo", "vcodec=rawvideo", "pix_fmt=yuv420p", *consumer)
            self.assertEqual(result.returncode, 0, result.stderr)
            size = WIDTH * HEIGHT * 3 // 2
            with open(out, "rb") as data:
                video = data.read()
            return result, [video[k * size:(k + 1) * size] for k in range(5, 10)]  # PNGs count from 1
        pattern = self.path("m%02d.png")
        result = self.melt(*clips, "-mix", "5", "-mixer", mixer, *properties, "-consumer", f"avformat:{pattern}",
                           "vcodec=png", *consumer)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result, [self.decoded(pattern % k) for k in range(6, 11)]

    def videos(self):
        """from.y4m and to.y4m: ten frames of each PNG in 4:2:0 (BT.709, limited range)."""
        for name in ("from", "to"):
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-loop", "1", "-i", self.path(name + ".png"), "-frames:v",
                            "10", "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-pix_fmt", "yuv420p",
                            self.path(name + ".y4m")], check=True)

    def video_frame(self, spec, progress):
        """`segue frame` of from.y4m → to.y4m (their first frames) at `progress`, as raw RGBA."""
        out = self.path("expected.png")
        segue("frame", "--from", self.path("from.y4m"), "--to", self.path("to.y4m"), "--transition", spec,
              "--progress", repr(progress), "--background", "#000000", "-o", out, check=0)
        return raw(read_png(out)[2])

    def yuv420(self, rgba):
        """Raw RGBA at 320×180 converted to 4:2:0 by FFmpeg (BT.709, limited range)."""
        return subprocess.run(["ffmpeg", "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s",
                               f"{WIDTH}x{HEIGHT}", "-i", "-", "-vf", "scale=out_color_matrix=bt709:out_range=tv",
                               "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"],
                              input=rgba, capture_output=True, check=True).stdout

    def test_melt_lists_every_service_with_its_parameters(self):
        params = ("from", "transition", "animation", "position")
        push = self.assertMeltLists([f"  - {service}\n" for service in SERVICES], "segue.push",
                                    ["identifier: segue.push"] + [f"identifier: {param}\n" for param in params])
        self.assertRegex(push, r"identifier: from\n(.*\n)*?    default: \.trailing")
        explode = self.melt("-query", "transition=segue.explode").stdout
        self.assertRegex(explode, r"identifier: columns\n    title: columns\n    type: integer\n(.*\n)*?    minimum: 1\n"
                                  r"    maximum: 64\n    default: 8")

    def test_kdenlive_descriptors_show_the_real_values(self):
        for service in SERVICES:
            with self.subTest(service=service):
                root = ElementTree.parse(os.path.join(KDENLIVE, service + ".xml")).getroot()
                self.assertEqual((root.tag, root.get("tag"), root.get("id")), ("transition", service, service))
                widgets = {p.get("name"): p for p in root.findall("parameter")}
                self.assertNotIn("position", widgets, "the composition gives the progress")
                self.assertEqual(widgets["animation"].get("type"), "list")
                meta = self.melt("-query", f"transition={service}").stdout
                # Each effect parameter's block of the metadata: identifier, type, range or cases, default.
                checked = 0
                for block in re.findall(r"  - identifier: (.*?)\n((?:    .*\n|      .*\n)*)", meta):
                    name, body = block
                    if name in ("transition", "animation", "position"):
                        continue
                    widget = widgets[name]
                    default = re.search(r"    default: (.*)", body).group(1)
                    if widget.get("type") == "list":
                        self.assertEqual(widget.get("default"), default, name)
                    else:
                        self.assertEqual(float(widget.get("default")), float(default), name)
                    self.assertIsNone(widget.get("factor"), "real values, not frei0r's 0…1")
                    if widget.get("type") == "list":
                        cases = re.findall(r"      - (.*)", body)
                        self.assertEqual(widget.get("paramlist").split(";"), cases, name)
                    else:
                        self.assertEqual((float(widget.get("min")), float(widget.get("max"))),
                                         (float(re.search(r"minimum: (.*)", body).group(1)),
                                          float(re.search(r"maximum: (.*)", body).group(1))), name)
                    checked += 1
                self.assertEqual(checked, len(widgets) - 1, "every widget but the easing is an effect parameter")

    def test_rgb_mixes_are_segue_frame_exactly(self):
        for service, properties, spec, blend in (
                ("segue.push", (), ".push(from: .trailing)", ()),
                ("segue.push", ("from=top",), ".push(from: .top)", ()),
                ("segue.explode", ("columns=4", "rows=3"), ".explode(columns: 4, rows: 3, force: 1)", ()),
                ("segue.clip", (), ".clip(cornerRadius: 100)", ()),
                ("segue.opacity", (), ".opacity", ("--blend", "plusLighter"))):
            with self.subTest(service=service, properties=properties):
                _, frames = self.mix(service, *properties)
                for k, got in enumerate(frames):
                    self.assertSameFrame(got, self.frame(spec, k / 5, "to", *blend), f"{service} at {k / 5}")

    def test_4_2_0_mixes_match_segue_frame(self):
        self.videos()
        # The tinted copies make colours of their own: chroma planes swapped or a wrong matrix shows there.
        for service, properties, spec in (("segue.push", (), ".push(from: .trailing)"),
                                          ("segue.tiktok", ("mode=tint",), ".tiktok(mode: .tint)")):
            with self.subTest(service=service):
                _, frames = self.mix(service, *properties, raw=True)
                for k, got in enumerate(frames):
                    expected = self.yuv420(self.video_frame(spec, k / 5))
                    self.assertGreaterEqual(psnr(got, expected), 40, f"{service} at {k / 5}")

    def test_position_and_animation_set_the_progress(self):
        _, frames = self.mix("segue.slide", "position=0=0;-1=1", "animation=.easeIn(duration: 1)")
        for k, got in enumerate(frames):
            expected = self.frame(".slide", ease_in(k / 4))
            self.assertLessEqual(max(abs(a - b) for a, b in zip(got, expected)), 1, f"position {k / 4}")
        self.assertNotEqual(frames[2], self.frame(".slide", 0.5), "easing changes the frame")

    def test_threads_give_the_bytes_of_one_thread(self):
        # The issue's repro: y4m clips, where MLT 7.12's image cache hands a
        # transition asking for another format than the chain frames
        # converted by different paths from run to run; 20 runs of 4
        # threads with every core busy against one thread.
        self.videos()
        _, one = self.mix("segue.explode", raw=True, consumer=("real_time=-1",))
        with BusyCores():
            for attempt in range(20):
                _, several = self.mix("segue.explode", raw=True, consumer=("real_time=-4",))
                self.assertEqual(one, several, f"run {attempt}")

    def test_a_bad_transition_is_logged_once_and_crossfades(self):
        result, frames = self.mix("segue.push", "transition=.push(from: .nowhere)")
        self.assertEqual(result.stderr.count("segue mlt segue.push: transition '.push(from: .nowhere)'"), 1,
                         result.stderr)
        self.assertIn("rendering a crossfade (.opacity) instead", result.stderr)
        self.assertSameFrame(frames[2], self.frame(".opacity", 0.4, "to", "--blend", "plusLighter"), "fallback")

    def test_a_value_out_of_range_is_logged_once_and_the_default_used(self):
        result, frames = self.mix("segue.explode", "columns=999", "rows=many")
        self.assertEqual(result.stderr.count("segue mlt segue.explode: columns=999 is not a number in its range; "
                                             "using the default"), 1, result.stderr)
        self.assertIn("rows=many is not a number in its range", result.stderr)
        self.assertSameFrame(frames[3], self.frame(".explode(columns: 8, rows: 6, force: 1)", 0.6), "defaults")

    def test_a_missing_library_is_reported_with_the_path_tried(self):
        lonely = os.path.join(self.path("elsewhere"), "lib", "mlt-7")
        os.makedirs(lonely)
        shutil.copy(MODULE, lonely)
        folder = module_folder(self.path("other-modules"), os.path.join(lonely, "libmltsegue.so"))
        result = self.melt(f"avformat:{self.path('from.png')}", "out=4", f"avformat:{self.path('to.png')}", "out=4",
                           "-mix", "2", "-mixer", "segue.push", "-consumer",
                           f"avformat:{self.path('lonely%02d.png')}", "vcodec=png",
                           env=dict(self.env, MLT_REPOSITORY=folder))
        self.assertGreaterEqual(result.returncode, 0, "melt must not die of a signal")
        expected = os.path.join(self.path("elsewhere"), "lib", "libsegue.so")
        self.assertRegex(result.stderr, r"segue mlt segue\.push: cannot load " + re.escape(
            os.path.join(lonely, "..", "libsegue.so")))
        self.assertFalse(os.path.exists(expected))
