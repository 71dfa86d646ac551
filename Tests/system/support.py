"""Shared helpers for the system tests: paths, running commands, fixtures."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from pngio import card_with_holes, photo, read_png, write_png

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build")
SEGUE = os.path.join(BUILD, "bin", "segue")
EXAMPLES = os.path.join(BUILD, "examples")


class BusyCores:
    """A busy loop on every core while in use (`with BusyCores():`): races
    between threads that a quiet machine hides show when every core is
    taken, as on a loaded CI runner."""

    def __enter__(self):
        self.loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                      for _ in range(os.cpu_count() or 1)]
        return self

    def __exit__(self, *exception):
        for loop in self.loops:
            loop.kill()
            loop.wait()


def run(*args, stdin=None, check=None):
    """Runs a command; returns the CompletedProcess (text output)."""
    result = subprocess.run(list(args), input=stdin, capture_output=True, text=True, timeout=300)
    if check is not None and result.returncode != check:
        raise AssertionError(f"{args} exited {result.returncode}, expected {check}\n"
                             f"stdout: {result.stdout}\nstderr: {result.stderr}")
    return result


def run_host(argv, env, timeout=60, retry_when_left_alone=False):
    """Runs a host program (melt, gst-launch-1.0) that loads Segue; returns
    the CompletedProcess (text output). A host still running after `timeout`
    seconds fails the test with every thread's stack (from gdb, when it is
    installed), so a hang says where it hung.

    With `retry_when_left_alone`, a host found with its main thread alone
    (every other thread, ours included, has finished) is run again, up to
    twice: see MeltTests.melt for the host bug that leaves it so."""
    for attempt in range(3):
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            stdout, stderr = process.communicate(timeout=timeout)
            return subprocess.CompletedProcess(argv, process.returncode, stdout, stderr)
        except subprocess.TimeoutExpired:
            if process.poll() is not None:   # it ended just as the time ran out
                stdout, stderr = process.communicate()
                return subprocess.CompletedProcess(argv, process.returncode, stdout, stderr)
            alone = len(os.listdir(f"/proc/{process.pid}/task")) == 1
            stacks = "gdb is not installed: no stacks"
            if retry_when_left_alone and alone and attempt < 2:
                stacks = None
            elif shutil.which("gdb"):
                stacks = subprocess.run(["gdb", "-p", str(process.pid), "-batch", "-ex", "thread apply all bt"],
                                        capture_output=True, text=True, timeout=120).stdout
            process.kill()
            stdout, stderr = process.communicate()
            if stacks is None:
                print(f"\n{argv[0]}: main thread left alone after {timeout} s; running it again", file=sys.stderr)
                continue
            raise AssertionError(f"{argv} still running after {timeout} s (attempt {attempt + 1})\n"
                                 f"stderr: {stderr[-4000:]}\nthreads:\n{stacks}") from None


def segue(*args, **kwargs):
    return run(SEGUE, *args, **kwargs)


class Workspace(unittest.TestCase):
    """A test case with a temporary folder holding input pictures:
    a.png and b.png (400×300 photos), card.png (257×131 with transparency)."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="segue-test-")
        self.a = self.path("a.png")
        self.b = self.path("b.png")
        self.card = self.path("card.png")
        write_png(self.a, 400, 300, photo(400, 300, 0))
        write_png(self.b, 400, 300, photo(400, 300, 1))
        write_png(self.card, 257, 131, card_with_holes(257, 131))

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def path(self, *parts):
        return os.path.join(self.dir, *parts)

    def files(self):
        return sorted(os.listdir(self.dir))

    def assertSamePixels(self, path_a, path_b):
        self.assertEqual(read_png(path_a), read_png(path_b), f"{path_a} and {path_b} differ")


class EffectInvariants:
    """What every seed effect keeps, for an effect's end-to-end tests to
    inherit next to Workspace: it is installed and listed; its finished
    transition is the input exactly, placed into a larger output or not; its
    removal starts as the input exactly. Subclasses set SHORTHAND (".clip"),
    PLUGIN_FILE ("clip.so") and IDENTITY_SPECS (specs to finish exactly), and
    render their own frames with its helpers (render, rendered, frame). A
    mixin, not a TestCase, so that importing it runs nothing by itself."""

    SHORTHAND = None
    PLUGIN_FILE = None
    IDENTITY_SPECS = ()

    def render(self, side, picture, spec, progress, *extra, name="out.png"):
        """Renders `spec` at `progress` with `picture` on `side` ("--to" or "--from"); returns the PNG's path."""
        out = self.path(name)
        segue("frame", side, picture, "--transition", spec, "--progress", str(progress), "-o", out, *extra, check=0)
        return out

    def rendered(self, side, picture, spec, progress, *extra, name="invariant.png"):
        """(width, height, pixels) of `spec` at `progress` with `picture` on `side` ("--to" or "--from")."""
        return read_png(self.render(side, picture, spec, progress, *extra, name=name))

    def frame(self, to, spec, progress, *extra, name="out.png"):
        """Renders `spec` with `to` inserted at `progress`; returns (width, height, pixels)."""
        return self.rendered("--to", to, spec, progress, *extra, name=name)

    def golden_pictures(self, seed):
        """Paths of two 160×120 pictures for golden images: small.png (a photo, `seed`) and holes.png (a card)."""
        small, holes = self.path("small.png"), self.path("holes.png")
        write_png(small, 160, 120, photo(160, 120, seed))
        write_png(holes, 160, 120, card_with_holes(160, 120))
        return small, holes

    def test_the_effect_is_installed_and_listed(self):
        self.assertIn(self.SHORTHAND, segue("list", check=0).stdout)
        self.assertTrue(os.path.exists(os.path.join(BUILD, "lib", "segue", "plugins", self.PLUGIN_FILE)))

    def test_the_finished_transition_is_the_input_exactly(self):
        # Odd width, transparent and half-transparent pixels (the card); an opaque photo.
        for picture in (self.card, self.a):
            for spec in (self.SHORTHAND, *self.IDENTITY_SPECS):
                with self.subTest(picture=os.path.basename(picture), spec=spec):
                    self.assertEqual(self.rendered("--to", picture, spec, 1), read_png(picture))

    def test_the_finished_transition_is_the_placed_input_exactly_when_fitted(self):
        # Scaled by a fraction into a larger output: bilinear, but the same as no effect at all.
        for picture in (self.card, self.a):
            options = ("--placement", "fit", "--size", "600x450")
            with self.subTest(picture=os.path.basename(picture)):
                expected = self.rendered("--to", picture, ".identity", 1, *options, name="expected.png")
                self.assertEqual(self.rendered("--to", picture, self.SHORTHAND, 1, *options), expected)

    def test_a_removal_starts_as_the_input_exactly(self):
        self.assertEqual(self.rendered("--from", self.card, self.SHORTHAND, 0), read_png(self.card))
