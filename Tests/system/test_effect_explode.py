"""The explode plugin (plugins/explode), end to end through `segue frame` against build/.

The content is cut into columns × rows whole-pixel pieces that fly from an
epicentre along parabolas, turning and fading (opacity 1 − progress with
fade). `.explode` as an insertion runs progress 1 → 0 (it assembles); as a
removal 0 → 1 (it explodes). Random directions, speeds and spins come from
SplitMix64 seeded with `seed`, so frames are deterministic.
"""
import os
import unittest

import golden
from pngio import read_png, write_png
from support import EffectInvariants, Workspace, segue

CLEAR = (0, 0, 0, 0)


class ExplodeTests(EffectInvariants, Workspace):
    SHORTHAND = ".explode"
    PLUGIN_FILE = "explode.so"
    IDENTITY_SPECS = (".explode(seed: 9, columns: 64, rows: 64)", ".explode(center: CGPoint(x: 0, y: 1))")

    def exploded(self, picture, state, *extra, name="out.png"):
        """The picture drawn in one explode state (`state`: the arguments, e.g. 'progress: 0.3')."""
        spec = f".modifier(active: .explode({state}), identity: .explode({state}))"
        return self.frame(picture, spec, 0.5, *extra, name=name)

    # --- determinism -----------------------------------------------------

    def test_the_same_seed_gives_the_same_bytes(self):
        for seed in (1, 7, -3):
            with self.subTest(seed=seed):
                paths = []
                for run in range(2):
                    out = self.path(f"seed{seed}_{run}.png")
                    segue("frame", "--to", self.a, "--transition", f".explode(seed: {seed})", "--progress", "0.7",
                          "-o", out, check=0)
                    paths.append(out)
                with open(paths[0], "rb") as first, open(paths[1], "rb") as second:
                    self.assertEqual(first.read(), second.read())

    def test_the_same_seed_gives_the_same_bytes_with_any_thread_count(self):
        frames = []
        for threads in ("1", "2", "0"):
            out = self.path(f"threads{threads}.png")
            segue("frame", "--to", self.a, "--transition", ".explode", "--progress", "0.8", "--threads", threads,
                  "-o", out, check=0)
            with open(out, "rb") as f:
                frames.append(f.read())
        self.assertEqual(frames[0], frames[1])
        self.assertEqual(frames[0], frames[2])

    def test_another_seed_gives_another_frame(self):
        one = self.exploded(self.a, "progress: 0.2, seed: 1", name="one.png")
        two = self.exploded(self.a, "progress: 0.2, seed: 2", name="two.png")
        self.assertNotEqual(one, two)
        differing = sum(1 for p, q in zip(one[2], two[2]) if p != q)
        self.assertGreater(differing, len(one[2]) // 4)

    # --- the flight ------------------------------------------------------

    def test_fully_exploded_with_fade_is_fully_transparent(self):
        for picture in (self.a, self.card):
            with self.subTest(picture=os.path.basename(picture)):
                # The insertion's active state (progress 1)…
                _, _, pixels = self.frame(picture, ".explode", 0)
                self.assertEqual(set(pixels), {CLEAR})
                # …and the end of a removal.
                out = self.path("gone.png")
                segue("frame", "--from", picture, "--transition", ".explode", "--progress", "1", "-o", out, check=0)
                self.assertEqual(set(read_png(out)[2]), {CLEAR})

    def test_at_progress_0_3_the_pieces_are_fading_and_displaced(self):
        _, _, source = read_png(self.a)
        _, _, got = self.frame(self.a, ".explode", 0.7)  # insertion at 0.7: explode progress 0.3
        total = sum(p[3] for p in got)
        self.assertLess(total, sum(p[3] for p in source))
        # Every piece at opacity 0.7: one piece alone shows alpha 178 or 179; where two overlap
        # more, but nothing is fully opaque.
        alphas = [p[3] for p in got if p[3]]
        self.assertLess(max(alphas), 255)
        single = sum(1 for a in alphas if a in (178, 179))
        self.assertGreater(single, 0.5 * len(alphas))
        differing = sum(1 for p, q in zip(got, source) if p != q)
        self.assertGreater(differing, 0.9 * len(source))

    def test_without_fade_pieces_stay_opaque_and_fly_off(self):
        _, _, got = self.exploded(self.a, "progress: 0.05, fade: false")
        alphas = [p[3] for p in got]
        self.assertEqual(max(alphas), 255)
        self.assertIn(0, alphas)  # gaps opened between the pieces
        # At progress 1 without fade the pieces have flown about the diagonal: nearly nothing left.
        _, _, far = self.exploded(self.a, "progress: 1, fade: false", name="far.png")
        self.assertLess(sum(1 for p in far if p[3]), 0.05 * len(far))

    def test_gravity_pulls_pieces_down(self):
        # No outward force and no spin: the pieces only fall, so the top rows empty and nothing moves sideways.
        _, _, source = read_png(self.a)
        width, height, got = self.exploded(self.a, "progress: 0.5, force: 0, spin: 0, fade: false")
        fall = round(0.25 * height)  # gravity 1: the frame's height at progress 1, p² = 0.25
        for y in range(height):
            for x in range(0, width, 7):
                expected = source[(y - fall) * width + x] if y >= fall else CLEAR
                self.assertEqual(got[y * width + x], expected, f"({x}, {y})")

    def test_one_piece_without_forces_is_the_input(self):
        # One piece, no force, no gravity, no spin, no fade: the identity transform at any progress.
        self.assertEqual(self.exploded(self.card, "progress: 0.6, columns: 1, rows: 1, force: 0, gravity: 0, "
                                                  "spin: 0, fade: false"),
                         read_png(self.card))

    def test_springs_overshoot_without_failing(self):
        for progress in (-0.6, 1.4, 3):
            with self.subTest(progress=progress):
                self.frame(self.card, ".explode", progress)

    # --- golden images ---------------------------------------------------

    def test_settling_pieces_leave_no_seam(self):
        # A spring brings the pieces home through progress 0.99, 0.995, 0.999 (explode's 0.01, 0.005, 0.001).
        # A pixel may show only what lies within the farthest distance D any piece has moved: it differs from
        # the assembled picture by at most the picture's range within D (plus a pixel, for the filter) — what
        # its motion explains, displacement × local gradient — and 3 levels of rounding. A seam showing the
        # black background breaks it. The picture is a smooth gradient, so the range within D is small.
        width, height = 320, 180
        pixels = [(x * 255 // width, y * 255 // height, 128, 255) for y in range(height) for x in range(width)]
        write_png(self.path("smooth.png"), width, height, pixels)
        _, _, still = self.frame(self.path("smooth.png"), ".identity", 1, "--background", "black", name="still.png")
        diagonal = (width * width + height * height) ** 0.5
        piece = ((width / 8) ** 2 + (height / 6) ** 2) ** 0.5 / 2
        for progress in (0.99, 0.995, 0.999):
            x = 1 - progress
            # Defaults: speed ≤ 1.4 × force 1 × diagonal, a fall of gravity 1 × height × x², ≤ 1 half-turn × x.
            reach = 1.4 * diagonal * x + height * x * x + 3.1416 * x * piece
            r = int(reach) + 1
            with self.subTest(progress=progress, reach=round(reach, 2)):
                _, _, got = self.frame(self.path("smooth.png"), ".explode", progress, "--background", "black",
                                       name=f"settling-{progress}.png")
                worst = None
                for py in range(0, height, 3):
                    for px in range(0, width, 3):
                        want = still[py * width + px]
                        explained = max(abs(a - b) for qy in range(max(0, py - r), min(height, py + r + 1), r or 1)
                                        for qx in range(max(0, px - r), min(width, px + r + 1), r or 1)
                                        for a, b in zip(still[qy * width + qx], want))
                        off = max(abs(a - b) for a, b in zip(got[py * width + px], want))
                        if off > explained + 3 and worst is None:
                            worst = (px, py, got[py * width + px], want, explained)
                self.assertIsNone(worst, "a seam: (x, y), got, assembled, explained by motion")

    def test_golden_images(self):
        small, holes = self.golden_pictures(3)
        golden.check_frames(self, [
            ("explode_0.04", small, ".explode", 0.96),
            ("explode_0.15_holes_seed5", holes, ".explode(seed: 5)", 0.85),
            ("explode_0.3_corner_4x3_nofade", small,
             ".explode(columns: 4, rows: 3, center: CGPoint(x: 0, y: 1), fade: false, gravity: 0.5)", 0.7),
        ])


if __name__ == "__main__":
    unittest.main()
