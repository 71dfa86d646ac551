"""The particles plugin (plugins/particles: the article's fire), end to end
through `segue frame` against build/.

The removed view is an opaque dark card. Above the burn line every pixel is
the card plus the embers' light, channel by channel (plusLighter only adds);
below it, beyond the reach of the lowest ember's glow, every pixel is
transparent; and the embers' light is orange: more red than green, no blue.
"""
import unittest

from pngio import read_png, write_png
from support import EffectInvariants, Workspace, segue

DARK = (24, 22, 34, 255)
WIDTH, HEIGHT = 160, 120


class ParticlesTests(EffectInvariants, Workspace):
    SHORTHAND = ".particles"
    PLUGIN_FILE = "particles.so"
    IDENTITY_SPECS = (".particles(count: 400, size: 0.2, seed: 9)",)

    def burnt(self, progress, *options, name="burnt.png"):
        card = self.path("dark.png")
        write_png(card, WIDTH, HEIGHT, [DARK] * (WIDTH * HEIGHT))
        spec = f".particles({', '.join(options)})" if options else ".particles"
        out = self.path(name)
        segue("frame", "--from", card, "--transition", spec, "--progress", str(progress), "-o", out, check=0)
        width, height, pixels = read_png(out)
        self.assertEqual((width, height), (WIDTH, HEIGHT))
        return pixels

    def test_without_embers_the_view_is_cut_at_the_burn_line(self):
        for progress in (0.25, 0.5, 0.8):
            with self.subTest(progress=progress):
                pixels = self.burnt(progress, "count: 0")
                line = (1 - progress) * HEIGHT
                for y in range(HEIGHT):
                    want = DARK if y + 1 <= line else (0, 0, 0, 0) if y >= line else None
                    if want is None:
                        continue
                    self.assertEqual(set(pixels[y * WIDTH:(y + 1) * WIDTH]), {want}, f"row {y}")

    def test_embers_add_orange_light_above_the_line_and_nothing_far_below(self):
        progress = 0.5
        pixels = self.burnt(progress, "count: 300")
        line = (1 - progress) * HEIGHT
        # The sprite reaches at most its diameter and three deviations from its centre.
        reach = 0.1 * HEIGHT / 2 + 3 * 0.3 * 0.1 * HEIGHT + 2
        lit = 0
        for y in range(HEIGHT):
            for x in range(WIDTH):
                r, g, b, a = pixels[y * WIDTH + x]
                if y + 1 <= line:
                    self.assertTrue(r >= DARK[0] and g >= DARK[1] and b == DARK[2] and a == 255,
                                    f"({x}, {y}): {pixels[y * WIDTH + x]} is not the card plus orange light")
                    lit += (r, g) != DARK[:2]
                elif y >= line + reach:
                    self.assertEqual((r, g, b, a), (0, 0, 0, 0), f"({x}, {y}) is below every ember")
                elif y >= line and a:
                    self.assertTrue(r >= g and b == 0, f"({x}, {y}): {pixels[y * WIDTH + x]} is not orange")
        self.assertGreater(lit, WIDTH * HEIGHT // 10)

    def test_the_same_seed_gives_the_same_bytes_and_another_seed_others(self):
        first = self.burnt(0.4, "seed: 3", name="one.png")
        self.assertEqual(self.burnt(0.4, "seed: 3", name="two.png"), first)
        self.assertNotEqual(self.burnt(0.4, "seed: 4", name="three.png"), first)

    def test_values_out_of_range_are_refused_or_defined(self):
        card = self.path("dark.png")
        write_png(card, WIDTH, HEIGHT, [DARK] * (WIDTH * HEIGHT))
        for progress in (-3, 1.5, 40):
            with self.subTest(progress=progress):
                self.burnt(progress, name="beyond.png")
        result = segue("frame", "--from", card, "--transition", ".particles(count: 9000)", "--progress", "0.5",
                       "-o", self.path("refused.png"))
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("count", result.stderr)
        self.assertIn("9000", result.stderr)


if __name__ == "__main__":
    unittest.main()
