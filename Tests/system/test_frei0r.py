"""The frei0r bridge (bridges/frei0r) end to end: in the real hosts — MLT's
melt and GStreamer's gst-launch-1.0, Debian's, which `make test` installs —
and in Tests/c/frei0r_host.c, a small frei0r host of our own for direct
renders, threads and valgrind.

Frames from the hosts are compared with `segue frame` on the same pictures
at the same progress. Both sides are lossless here (PNG in, RGBA through the
host, PNG out), so they must be the same bytes, not merely close.
"""
import os
import re
import shutil
import subprocess
import unittest
import xml.etree.ElementTree as ElementTree

from pngio import read_png, write_png
from support import BUILD, ROOT, BusyCores, Workspace, run, run_host, segue

FREI0R = os.path.join(BUILD, "lib", "frei0r-1")
KDENLIVE = os.path.join(BUILD, "share", "kdenlive", "transitions")
HOST = os.path.join(BUILD, "tests", "frei0r_host")
TRANSITIONS_H = os.path.join(ROOT, "bridges", "shared", "transitions.h")
# The files, as the Makefile finds them in transitions.h.
FILES = re.findall(r'^    \{ "(segue_[a-z]+)"', open(TRANSITIONS_H).read(), re.M)
COMMON = ["position", "transition", "animation", "duration", "start"]
WIDTH, HEIGHT = 320, 180
PROFILE = """description=320x180 25 fps progressive
frame_rate_num=25
frame_rate_den=1
width=320
height=180
progressive=1
sample_aspect_num=1
sample_aspect_den=1
display_aspect_num=16
display_aspect_den=9
colorspace=709
"""
VALGRIND = ("valgrind", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect",
            "--show-leak-kinds=definite,indirect", "--quiet",
            f"--suppressions={os.path.join(ROOT, 'Tests', 'valgrind', 'segue.supp')}")


def ease_in(x):
    """.easeIn, the cubic Bézier (0.42, 0) (1, 1): the curve's y where its
    x is `x`, solved by bisection."""
    def bezier(c, s):
        return 3 * (1 - s) ** 2 * s * c[0] + 3 * (1 - s) * s ** 2 * c[1] + s ** 3
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if bezier((0.42, 1), middle) < x else (low, middle)
    return bezier((0, 1), low)


def so(name):
    return os.path.join(FREI0R, name + ".so")


def raw(pixels):
    return bytes(c for p in pixels for c in p)


class Bridge(Workspace):
    """Two opaque 320×180 samples (from, to) and one with transparency, as
    PNG and as raw RGBA."""

    def setUp(self):
        super().setUp()
        self.env = dict(os.environ, FREI0R_PATH=FREI0R, GST_REGISTRY=self.path("gst-registry.bin"))
        for name, sample in (("from", "photo"), ("to", "onboarding1"), ("cutout", "cutout")):
            segue("sample", sample, "--size", f"{WIDTH}x{HEIGHT}", "-o", self.path(name + ".png"), check=0)
            with open(self.path(name + ".rgba"), "wb") as out:
                out.write(raw(read_png(self.path(name + ".png"))[2]))

    def frame(self, spec, progress, to="to", *options, background="#000000"):
        """`segue frame` of from → `to` at `progress`, as raw RGBA."""
        out = self.path("expected.png")
        extra = ("--background", background) if background else ()
        segue("frame", "--from", self.path("from.png"), "--to", self.path(to + ".png"), "--transition", spec,
              "--progress", repr(progress), "-o", out, *extra, *options, check=0)
        return raw(read_png(out)[2])

    def melt(self, *args, env=None):
        """melt at 320×180 25 fps with `args`, in self.env (or `env`)."""
        profile = self.path("profile")
        with open(profile, "w") as out:
            out.write(PROFILE)
        # MLT 7.12's avformat consumer (and MLT's current one) starts its
        # thread before it sets "running", and the thread runs only while
        # "running" is set: when the thread gets there first, it ends at
        # once, and melt waits for it to stop, alone, forever. Seen here once
        # in several hundred mixes on a busy machine; such a run is run
        # again (run_host), any other hang fails with its stacks.
        return run_host(["melt", "-silent", "-profile", profile, *args], env or self.env, retry_when_left_alone=True)

    def assertMeltLists(self, listed, service, described):
        """`melt -query transitions` holds each text of `listed`, and the query
        of `service` each of `described`; returns the latter query."""
        transitions = self.melt("-query", "transitions").stdout
        for text in listed:
            self.assertIn(text, transitions)
        query = self.melt("-query", f"transition={service}").stdout
        for text in described:
            self.assertIn(text, query)
        return query

    def direct(self, name, to="to", *assignments, time=0.0):
        """One frame through frei0r_host: raw RGBA."""
        out = self.path("direct.rgba")
        run(HOST, "render", so(name), str(WIDTH), str(HEIGHT), repr(time), self.path("from.rgba"),
            self.path(to + ".rgba"), out, *assignments, check=0)
        with open(out, "rb") as data:
            return data.read()

    def decoded(self, png):
        """A host's PNG output, decoded by FFmpeg (any PNG flavour) to raw RGBA."""
        return subprocess.run(["ffmpeg", "-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                              capture_output=True, check=True).stdout

    def assertSameFrame(self, got, expected, what):
        self.assertEqual(len(got), len(expected), what)
        if got != expected:
            worst = max(abs(a - b) for a, b in zip(got, expected))
            differing = sum(1 for a, b in zip(got, expected) if a != b)
            self.fail(f"{what}: {differing} bytes differ, by up to {worst}")


class FileTests(Bridge):
    def test_every_file_reports_its_own_name_and_parameters(self):
        self.assertGreaterEqual(len(FILES), 10)
        for name in FILES:
            with self.subTest(file=name):
                info = run(HOST, "info", so(name), check=0).stdout
                self.assertIn(f"name {name}\n", info)
                self.assertIn("type 2\n", info)          # F0R_PLUGIN_TYPE_MIXER2
                self.assertIn("color_model 1\n", info)   # F0R_COLOR_MODEL_RGBA8888
                self.assertIn("init 1\n", info)
                params = re.findall(r"^param \d+ (\S+) (\d)", info, re.M)
                self.assertEqual([p for p, _ in params[:5]], COMMON)
                self.assertEqual([t for _, t in params[:5]], ["1", "4", "4", "1", "1"])
        explanations = {run(HOST, "info", so(name), check=0).stdout.split("explanation ")[1].split("\n")[0]
                        for name in FILES}
        self.assertEqual(len(explanations), len(FILES), "each file explains itself")

    def test_a_direct_render_is_segue_frame_exactly(self):
        cases = [
            ("segue_push", [], ".push(from: .trailing)", 0.3),
            # The move effect's edges, top, leading, bottom, trailing: 0.5 picks the third.
            ("segue_push", ["from=0.5"], ".push(from: .bottom)", 0.6),
            # pieces 2…4: 0.9 × 4 = 3.6, rounded to 4.
            ("segue_slidingdoor", ["pieces=0.9"], ".slidingDoor(pieces: 4)", 0.5),
            # columns 1…64: 0.5 × 64 = 32; rows 0 × 64 = 0, clamped to 1.
            ("segue_explode", ["columns=0.5", "rows=0"], ".explode(columns: 32, rows: 1, force: 1)", 0.4),
            ("segue_clip", [], ".clip(cornerRadius: 100)", 0.5),
        ]
        for name, assignments, spec, p in cases:
            with self.subTest(file=name, assignments=assignments):
                got = self.direct(name, "to", f"position={p}", *assignments)
                self.assertSameFrame(got, self.frame(spec, p), f"{name} {assignments} at {p}")

    def test_the_crossfade_adds_and_animation_eases(self):
        got = self.direct("segue_opacity", "to", "position=0.5")
        self.assertSameFrame(got, self.frame(".opacity", 0.5, "to", "--blend", "plusLighter"), "crossfade")
        eased_progress = ease_in(0.5)
        eased = self.direct("segue_slide", "to", "position=0.5", "animation=.easeIn(duration: 2)")
        expected = self.frame(".slide", eased_progress)
        self.assertLessEqual(max(abs(a - b) for a, b in zip(eased, expected)), 1, "eased slide")
        self.assertNotEqual(eased, self.direct("segue_slide", "to", "position=0.5"), "easing changes the frame")

    def test_time_drives_progress_when_a_duration_is_set(self):
        got = self.direct("segue_slide", "to", "duration=2", "start=1", time=2.5)
        self.assertSameFrame(got, self.frame(".slide", 0.75), "time 2.5 s of a 2 s transition from 1 s")
        before = self.direct("segue_slide", "to", "duration=2", "start=1", time=0.2)
        self.assertSameFrame(before, self.frame(".slide", 0), "before the start")

    def test_a_spec_string_replaces_the_files_transition(self):
        for assignment in ("transition=.scale(scale: 0.5)", "transition:=.scale(scale: 0.5)"):
            with self.subTest(how=assignment.split("=")[0]):
                got = self.direct("segue_push", "to", "position=0.4", assignment)
                self.assertSameFrame(got, self.frame(".scale(scale: 0.5)", 0.4), assignment)

    def test_a_transparent_clip_keeps_its_alpha(self):
        got = self.direct("segue_push", "cutout", "position=0.5")
        expected = self.frame(".push(from: .trailing)", 0.5, "cutout", background=None)
        self.assertSameFrame(got, expected, "push onto a clip with holes")
        self.assertTrue(any(got[k] != 255 for k in range(3, len(got), 4)), "some output is transparent")

    def test_a_bad_spec_is_logged_and_crossfades(self):
        result = run(HOST, "render", so("segue_push"), str(WIDTH), str(HEIGHT), "0", self.path("from.rgba"),
                     self.path("to.rgba"), self.path("bad.rgba"), "position=0.5", "transition=.push(from: .nowhere",
                     check=0)
        self.assertRegex(result.stderr, r"segue frei0r segue_push: transition '\.push\(from: \.nowhere': .*"
                                        r"rendering a crossfade \(\.opacity\) instead")
        self.assertEqual(result.stderr.count("segue frei0r"), 1)
        with open(self.path("bad.rgba"), "rb") as data:
            self.assertSameFrame(data.read(), self.frame(".opacity", 0.5, "to", "--blend", "plusLighter"), "fallback")

    def test_a_missing_library_is_reported_with_the_path_tried(self):
        folder = self.path("elsewhere", "lib", "frei0r-1")
        os.makedirs(folder)
        lonely = os.path.join(folder, "segue_push.so")
        shutil.copy(so("segue_push"), lonely)
        info = run(HOST, "info", lonely, check=0)
        self.assertIn("init 0\n", info.stdout)
        self.assertIn(f"segue frei0r segue_push: cannot load {folder}/../libsegue.so", info.stderr)
        render = run(HOST, "render", lonely, "8", "8", "0", self.path("from.rgba"), self.path("to.rgba"),
                     self.path("none.rgba"))
        self.assertEqual(render.returncode, 1, render.stderr)
        self.assertIn("f0r_construct(8, 8) returned NULL", render.stderr)

    def test_odd_sizes_render(self):
        for width, height in ((1, 1), (3, 7), (641, 17)):
            with self.subTest(size=(width, height)):
                for name in ("a", "b"):
                    with open(self.path(name + ".raw"), "wb") as out:
                        out.write(bytes([40, 80, 120, 255]) * (width * height))
                run(HOST, "render", so("segue_explode"), str(width), str(height), "0", self.path("a.raw"),
                    self.path("b.raw"), self.path("odd.rgba"), "position=0.5", check=0)
                self.assertEqual(os.path.getsize(self.path("odd.rgba")), width * height * 4)

    def test_threads_give_the_bytes_of_one_thread(self):
        # 20 runs with every core busy, where a race shows.
        with BusyCores():
            for attempt in range(20):
                result = run(HOST, "threads", so("segue_explode"), "96", "64", "6", "5", check=0)
                self.assertIn("6 threads x 5 frames of 96x64: identical", result.stdout, f"run {attempt}")

    @unittest.skipUnless(shutil.which("valgrind"), "valgrind is not installed (make test-deps installs it)")
    def test_threads_are_clean_under_valgrind(self):
        result = run(*VALGRIND, HOST, "threads", so("segue_push"), "48", "32", "3", "3")
        self.assertEqual(result.returncode, 0, result.stderr[-4000:])

    def test_kdenlive_descriptors(self):
        for name in FILES:
            with self.subTest(file=name):
                root = ElementTree.parse(os.path.join(KDENLIVE, name + ".xml")).getroot()
                self.assertEqual(root.tag, "transition")
                self.assertEqual(root.get("tag"), f"frei0r.{name}")
                params = {p.get("name"): p for p in root.findall("parameter")}
                self.assertEqual(params["position"].get("type"), "animated")
                self.assertEqual(params["position"].get("value"), "0=0;-1=1")
                self.assertEqual(params["animation"].get("type"), "list")
                info = run(HOST, "info", so(name), check=0).stdout
                own = re.findall(r"^param \d+ (\S+) 1", info, re.M)[3:]  # after position, duration, start
                for param in own:
                    self.assertIn(param, params)
                    widget = params[param]
                    self.assertIn(widget.get("type"), ("animated", "list"))
                    if widget.get("type") == "animated":
                        self.assertLess(float(widget.get("min")), float(widget.get("max")))


@unittest.skipUnless(shutil.which("melt"), "melt is not installed (make test-deps installs it)")
class MeltTests(Bridge):
    def test_melt_lists_the_transitions_and_their_parameters(self):
        self.assertMeltLists([f"frei0r.{name}" for name in FILES], "frei0r.segue_push",
                             ["title: segue_push"] + [f"title: {param}" for param in COMMON + ["from"]])

    def mix(self, mixer, *properties):
        """Clips of 10 frames each (from, to) joined with a 5-frame mix:
        frames 6…10 of the output are the mix at positions 0, ¼, ½, ¾, 1."""
        pattern = self.path("m%02d.png")
        result = self.melt(f"avformat:{self.path('from.png')}", "out=9", f"avformat:{self.path('to.png')}", "out=9",
                           "-mix", "5", "-mixer", mixer, *properties, "-consumer", f"avformat:{pattern}",
                           "vcodec=png")
        self.assertEqual(result.returncode, 0, result.stderr)
        return result, [self.decoded(pattern % k) for k in range(6, 11)]

    def test_melt_mixes_match_segue_frame(self):
        for name, spec, blend in (("segue_push", ".push(from: .trailing)", ()),
                                  ("segue_explode", ".explode(columns: 8, rows: 6, force: 1)", ()),
                                  ("segue_clip", ".clip(cornerRadius: 100)", ())):
            with self.subTest(file=name):
                _, frames = self.mix(f"frei0r.{name}", "position=0=0;-1=1")
                for k, got in enumerate(frames):
                    self.assertSameFrame(got, self.frame(spec, k / 4, "to", *blend), f"{name}, mix frame {k}")

    def test_a_bad_transition_in_melt_is_logged_and_crossfades(self):
        result, frames = self.mix("frei0r.segue_push", "position=0=0;-1=1", "transition=.push(from: .nowhere)")
        self.assertEqual(result.stderr.count("segue frei0r segue_push: transition '.push(from: .nowhere)'"), 1,
                         result.stderr)
        self.assertIn("rendering a crossfade (.opacity) instead", result.stderr)
        self.assertSameFrame(frames[2], self.frame(".opacity", 0.5, "to", "--blend", "plusLighter"), "fallback")


@unittest.skipUnless(shutil.which("gst-launch-1.0"), "gst-launch-1.0 is not installed (make test-deps installs it)")
class GStreamerTests(Bridge):
    CAPS = f"video/x-raw,format=RGBA,width={WIDTH},height={HEIGHT},framerate=10/1"

    def gst(self, *pipeline):
        return run_host(["gst-launch-1.0", "-q", *pipeline], self.env)

    def pattern(self, name, pattern):
        result = self.gst("videotestsrc", f"pattern={pattern}", "num-buffers=1", "!", self.CAPS, "!", "pngenc", "!",
                          "filesink", f"location={self.path(name + '.png')}")
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_the_element_exists_with_its_properties(self):
        result = subprocess.run(["gst-inspect-1.0", "frei0r-mixer-segue-slide"], capture_output=True, text=True,
                                env=self.env, timeout=300)
        self.assertEqual(result.returncode, 0, result.stderr)
        for param in COMMON:
            self.assertIn(param, result.stdout)

    def test_a_pipeline_with_a_duration_plays_the_transition(self):
        # The same two test patterns as still pictures, for `segue frame`.
        self.pattern("from", "smpte")
        self.pattern("to", "checkers-8")
        pattern = self.path("g%02d.png")
        result = self.gst("frei0r-mixer-segue-slide", "name=m", "duration=1", "!", "videoconvert", "!", "pngenc",
                          "!", "multifilesink", f"location={pattern}",
                          "videotestsrc", "pattern=smpte", "num-buffers=11", "!", self.CAPS, "!", "m.sink_0",
                          "videotestsrc", "pattern=checkers-8", "num-buffers=11", "!", self.CAPS, "!", "m.sink_1")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("segue frei0r", result.stderr)
        # Frame k is at k/10 s: progress k/10 of the one-second transition.
        for k in (0, 3, 5, 8, 10):
            with self.subTest(frame=k):
                self.assertSameFrame(self.decoded(pattern % k), self.frame(".slide", k / 10), f"frame {k}")


if __name__ == "__main__":
    unittest.main()
