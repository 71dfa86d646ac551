"""The distortions plugin (plugins/distortions: slideAway, shift, wave), end
to end through `segue frame` against build/, on the host's per-pixel
distortion API.

Each effect's positions are checked pixel by pixel against the article's
formula evaluated here: the input is one opaque colour, so a pixel whose
source position has all four bilinear neighbours inside the picture shows
exactly that colour, and one whose position lies beyond the picture (by
more than the half pixel bilinear reaches) or is invalid is transparent.
Pixels within a hair of those borders are left out.
"""
import math
import unittest

from pngio import read_png, write_png
from support import EffectInvariants, Workspace, segue

CLEAR = (0, 0, 0, 0)
ORANGE = (230, 120, 40, 255)
WIDTH, HEIGHT = 96, 64


class PositionChecks(Workspace):
    """Renders a solid WIDTH × HEIGHT picture and checks each pixel against a formula."""

    def assertPositions(self, spec, formula):
        solid = self.path("solid.png")
        write_png(solid, WIDTH, HEIGHT, [ORANGE] * (WIDTH * HEIGHT))
        out = self.path("out.png")
        segue("frame", "--to", solid, "--transition", spec, "--progress", "0", "-o", out, check=0)
        width, height, pixels = read_png(out)
        self.assertEqual((width, height), (WIDTH, HEIGHT))
        counts = {"inside": 0, "beyond": 0}
        margin = 1e-6
        for y in range(HEIGHT):
            for x in range(WIDTH):
                u, v = formula(x + 0.5, y + 0.5)
                got = pixels[y * WIDTH + x]
                if not (math.isfinite(u) and math.isfinite(v)):
                    self.assertEqual(got, CLEAR, f"{spec}: ({x}, {y}) reads an invalid position")
                    counts["beyond"] += 1
                    continue
                # Bilinear reference point: the position less half a pixel.
                rx, ry = u - 0.5, v - 0.5
                if margin < rx < WIDTH - 1 - margin and margin < ry < HEIGHT - 1 - margin:
                    self.assertEqual(got, ORANGE, f"{spec}: ({x}, {y}) reads ({u:.3f}, {v:.3f}), inside")
                    counts["inside"] += 1
                elif rx < -1 - margin or ry < -1 - margin or rx > WIDTH + margin or ry > HEIGHT + margin:
                    self.assertEqual(got, CLEAR, f"{spec}: ({x}, {y}) reads ({u:.3f}, {v:.3f}), beyond")
                    counts["beyond"] += 1
        return counts


class SlideAwayTests(EffectInvariants, PositionChecks):
    SHORTHAND = ".slideAway"
    PLUGIN_FILE = "distortions.so"
    IDENTITY_SPECS = (".slideAway(direction: .trailing)",)

    @staticmethod
    def shader(time, direction):
        """The article's slideAwayShader for the WIDTH × HEIGHT frame; None where it returns (-1, -1)."""
        def at(x, y):
            cx, cy = WIDTH / 2, HEIGHT / 2
            f = (x if direction > 0 else WIDTH - x) / WIDTH
            if time > f:
                mul = (time - f) / (1 - f)
                return cx + (x - cx) * mul, cy + (y - cy) * mul
            return -1.0, -1.0
        return at

    def test_every_pixel_reads_where_the_shader_says(self):
        for time, direction, name in [(0.35, 1, "leading"), (0.8, -1, "trailing"), (0.6, 1, "leading")]:
            with self.subTest(time=time, direction=name):
                counts = self.assertPositions(
                    f".modifier(active: .slideAway(progress: {time}, direction: .{name}), identity: .slideAway)",
                    self.shader(time, direction))
                self.assertGreater(counts["inside"], 500)
                self.assertGreater(counts["beyond"], 500)

    def test_at_progress_zero_nothing_shows(self):
        _, _, pixels = self.rendered("--to", self.a, ".slideAway", 0)
        self.assertEqual(set(pixels), {CLEAR})


class ShiftTests(EffectInvariants, PositionChecks):
    SHORTHAND = ".shift"
    PLUGIN_FILE = "distortions.so"
    IDENTITY_SPECS = (".shift(0.4)",)

    @staticmethod
    def shader(effect_value):
        """The article's shift shader (Metal's sign(0) is 0)."""
        sign = (effect_value > 0) - (effect_value < 0)

        def at(x, y):
            skew_f = 0.1 * WIDTH
            y_ratio = y / HEIGHT
            positive = effect_value * sign
            skew_progress = min(0.5 - abs(positive - 0.5), 0.2) / 0.2
            skew = (y_ratio if effect_value > 0 else 1 - y_ratio) * skew_f * skew_progress
            return x + (effect_value * WIDTH + skew * sign), y
        return at

    def test_every_pixel_reads_where_the_shader_says(self):
        for amount in (0.3, -0.45, 0.9, -0.08):
            with self.subTest(amount=amount):
                counts = self.assertPositions(
                    f".modifier(active: .shift(amount: {amount}), identity: .shift(amount: 0))", self.shader(amount))
                self.assertGreater(counts["inside"], 300)
                self.assertGreater(counts["beyond"], 300)

    def test_the_shorthand_inserts_from_the_right_and_removes_to_the_right(self):
        # Inserting at progress 0: amount 1, every pixel reads a whole width to its right: nothing.
        _, _, inserting = self.rendered("--to", self.a, ".shift", 0)
        self.assertEqual(set(inserting), {CLEAR})
        # Half-way each way: insertion amount 0.5 reads to the right (the left half shows the
        # picture's right half), removal amount −0.5 reads to the left (the right half shows its left half).
        width, _, half_in = self.rendered("--to", self.a, ".shift", 0.5, name="in.png")
        _, _, half_out = self.rendered("--from", self.a, ".shift", 0.5, name="out.png")
        row = 150 * width
        self.assertNotEqual(half_in[row + 50][3], 0, "inserting: the left half shows")
        self.assertEqual(half_in[row + 350][3], 0, "inserting: the right half is clear")
        self.assertEqual(half_out[row + 50][3], 0, "removing: the left half is clear")
        self.assertNotEqual(half_out[row + 350][3], 0, "removing: the right half shows")

    def test_it_lists_and_describes_its_removal_default(self):
        described = segue("describe", "shift", check=0).stdout
        self.assertIn("removal -1", described)


class WaveTests(EffectInvariants, PositionChecks):
    SHORTHAND = ".wave"
    PLUGIN_FILE = "distortions.so"
    IDENTITY_SPECS = (".wave(amplitude: 35, frequency: 3)",)

    def test_every_pixel_reads_where_the_sine_says(self):
        for amplitude, frequency in [(20, 1), (-9, 2.5)]:
            with self.subTest(amplitude=amplitude, frequency=frequency):
                counts = self.assertPositions(
                    f".modifier(active: .wave(amplitude: {amplitude}, frequency: {frequency}), identity: .wave)",
                    lambda x, y: (x, y + math.sin(x / WIDTH * math.pi * 2 * frequency) * amplitude))
                self.assertGreater(counts["inside"], 2000)
                self.assertGreater(counts["beyond"], 100)

    def test_values_far_out_of_range_render_without_failing(self):
        for spec in (".wave(amplitude: 1e12)", ".wave(amplitude: 40, frequency: 1e9)", ".wave(frequency: -3)"):
            with self.subTest(spec=spec):
                out = self.path("far.png")
                result = segue("frame", "--to", self.card, "--transition", spec, "--progress", "0.3", "-o", out,
                               check=None)
                self.assertEqual(result.returncode, 0, result.stderr)


if __name__ == "__main__":
    unittest.main()
