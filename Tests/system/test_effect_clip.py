"""The clip plugin (plugins/clip), end to end through `segue frame` against build/.

At value v the content is clipped to the frame scaled by v about its centre,
with corners of radius cornerRadius·(1 − v) (at most half the shorter side).
"""
import math
import os

import golden
from pngio import read_png
from support import EffectInvariants, Workspace


class ClipTests(EffectInvariants, Workspace):
    SHORTHAND = ".clip"
    PLUGIN_FILE = "clip.so"
    IDENTITY_SPECS = (".clip(cornerRadius: 30)", ".modifier(active: .clip(value: 0.2), identity: .clip(value: 1))")

    def test_at_value_0_nothing_is_drawn(self):
        _, _, pixels = self.frame(self.a, ".clip", 0)
        self.assertTrue(all(p[3] == 0 for p in pixels))

    def test_half_way_the_covered_area_is_the_rounded_rectangle_within_1_percent(self):
        # 400×300 opaque input at value 0.5: a 200×150 rectangle, corner radius 100·0.5 = 50.
        width, height, pixels = self.frame(self.a, ".clip", 0.5)
        covered = sum(p[3] for p in pixels) / 255
        expected = 200 * 150 - (4 - math.pi) * 50 ** 2
        self.assertLess(abs(covered - expected) / expected, 0.01, f"covered {covered:.0f}, expected {expected:.0f}")
        # Centred: the middle is the input, the corners of the frame are empty.
        _, _, source = read_png(self.a)
        self.assertEqual(pixels[150 * width + 200], source[150 * width + 200])
        self.assertEqual(pixels[0][3], 0)
        self.assertEqual(pixels[(height - 1) * width + width - 1][3], 0)
        # The rectangle's corner is rounded: its very corner pixel is empty, its edge middle full.
        self.assertEqual(pixels[75 * width + 100][3], 0)
        self.assertEqual(pixels[150 * width + 101][3], 255)

    def test_springs_overshoot_without_failing(self):
        for progress in (1.3, -0.2):
            self.assertTrue(os.path.getsize(self.render("--to", self.a, ".clip", progress)) > 0)

    def test_golden_images(self):
        golden.check_frames(self, [
            ("clip_0.3_card", self.card, ".clip", 0.3),
            ("clip_0.7_photo_radius40", self.a, ".clip(cornerRadius: 40)", 0.7),
        ], "--size", "200x150")
