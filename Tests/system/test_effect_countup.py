"""The countUp plugin (build/lib/segue/plugins/count-up.so), end to end.

The exact check — countUp draws the same pixels as the formatted text drawn
directly by the compositor over the same content — is a Swift test
(Tests/SegueEffectTests), because SegueText is not reachable from here. These
tests check what the command line shows: the value at the ends of the
transition, the colour switch at the threshold, refused formats, overshoot,
and golden images.
"""
import os
import shutil
import tempfile
import unittest

import golden
from pngio import photo, read_png, write_png
from support import segue

WIDTH, HEIGHT = 160, 120
BLACK = (0, 0, 0, 255)
SYSTEM_RED = (255, 59, 48, 255)


class CountUpTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="segue-countup-")
        self.photo = self.path("photo.png")
        self.clear = self.path("clear.png")
        write_png(self.photo, WIDTH, HEIGHT, photo(WIDTH, HEIGHT, 2))
        write_png(self.clear, WIDTH, HEIGHT, [(0, 0, 0, 0)] * (WIDTH * HEIGHT))

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def frame(self, spec, progress, content=None, name="out.png"):
        out = self.path(name)
        segue("frame", "--to", content or self.photo, "--transition", spec, "--progress", str(progress),
              "-o", out, check=0)
        return out

    def pixels(self, path):
        return read_png(path)[2]

    def opaque_pixels(self, path):
        """The fully covered pixels of a render over transparency: the text's inside."""
        return [p for p in self.pixels(path) if p[3] == 255]

    def test_progress_one_shows_the_target_value(self):
        # `.countUp(to: 120)` ends at 120: the same frame as a state whose value is set to 120 directly.
        end = self.frame(".countUp(to: 120)", 1, name="end.png")
        direct = self.frame(".modifier(active: .countUp(value: 0), identity: .countUp(value: 120))", 1,
                            name="direct.png")
        active = self.frame(".countUp(value: 120)", 0, name="active.png")
        self.assertEqual(self.pixels(end), self.pixels(direct))
        self.assertEqual(self.pixels(end), self.pixels(active))
        self.assertNotEqual(self.pixels(end), self.pixels(self.photo), "the number is drawn over the content")
        # 120 is past the default threshold of 100: the number is red.
        text = self.opaque_pixels(self.frame(".countUp(to: 120)", 1, content=self.clear, name="text.png"))
        self.assertGreater(len(text), 50)
        self.assertEqual(set(text), {SYSTEM_RED})

    def test_progress_zero_shows_zero_and_mid_way_the_value_between(self):
        zero = self.frame(".countUp(to: 120)", 0, name="zero.png")
        self.assertEqual(self.pixels(zero), self.pixels(self.frame(".countUp(value: 0, to: 7)", 0, name="z.png")))
        half = self.frame(".countUp(to: 120)", 0.5, name="half.png")
        sixty = self.frame(".modifier(active: .countUp(value: 60), identity: .countUp(value: 60))", 1,
                           name="sixty.png")
        self.assertEqual(self.pixels(half), self.pixels(sixty))
        self.assertNotEqual(self.pixels(half), self.pixels(zero))

    def test_the_colour_switches_exactly_at_the_threshold(self):
        for value, colour in ((99.9, BLACK), (100, SYSTEM_RED), (99.99, BLACK), (250, SYSTEM_RED)):
            out = self.frame(f".countUp(value: {value}, fontSize: 40)", 0, content=self.clear, name=f"{value}.png")
            text = self.opaque_pixels(out)
            self.assertGreater(len(text), 50, value)
            self.assertEqual(set(text), {colour}, f"value {value}")

    def test_threshold_and_colours_are_parameters(self):
        spec = (".countUp(value: 5, threshold: 5, color: \"#0000FF\", alertColor: \"#00FF00\", fontSize: 40)")
        self.assertEqual(set(self.opaque_pixels(self.frame(spec, 0, content=self.clear))), {(0, 255, 0, 255)})
        below = spec.replace("value: 5,", "value: 4.5,")
        self.assertEqual(set(self.opaque_pixels(self.frame(below, 0, content=self.clear, name="b.png"))),
                         {(0, 0, 255, 255)})

    def test_the_number_is_centred_in_the_frame(self):
        out = self.frame(".countUp(value: 88, format: \"%.0f\", fontSize: 48)", 0, content=self.clear)
        inked = [(i % WIDTH, i // WIDTH) for i, p in enumerate(self.pixels(out)) if p[3] > 0]
        xs, ys = [x for x, _ in inked], [y for _, y in inked]
        # Horizontally the ink is centred within a pixel or two (side bearings are nearly symmetric);
        # vertically the line box is centred, so digits (no descenders) sit a little above the middle.
        self.assertLessEqual(abs((min(xs) + max(xs) + 1) / 2 - WIDTH / 2), 2)
        self.assertLess((min(ys) + max(ys) + 1) / 2, HEIGHT / 2)
        self.assertGreater((min(ys) + max(ys) + 1) / 2, HEIGHT / 2 - 48 * 0.2)

    def test_formats(self):
        percent = self.frame(".countUp(value: 42.4, format: \"%d%%\")", 0, name="percent.png")
        literal = self.frame(".countUp(value: 42, format: \"%.0f%%\")", 0, name="literal.png")
        self.assertEqual(self.pixels(percent), self.pixels(literal))  # both draw "42%"
        padded = self.frame(".countUp(value: 7, format: \"%08.2f\")", 0, name="padded.png")
        self.assertNotEqual(self.pixels(padded), self.pixels(percent))

    def test_bad_formats_fail_the_frame_naming_the_format(self):
        for bad in ("%s", "%n", "%.1f %.1f", "no number", "%ld", "%"):
            out = self.path("bad.png")
            spec = ".countUp(to: 5, format: \"" + bad + "\")"
            result = segue("frame", "--to", self.photo, "--transition", spec, "--progress", "0.5", "-o", out)
            self.assertEqual(result.returncode, 1, f"{bad}: {result.stderr}")
            self.assertIn(f'format "{bad}"', result.stderr)
            self.assertIn("count-up.so", result.stderr)
            self.assertFalse(os.path.exists(out))

    def test_spring_overshoot_formats_the_number_it_is(self):
        over = self.frame(".countUp(to: 120)", 1.3, name="over.png")
        direct = self.frame(".countUp(value: 156)", 0, name="156.png")
        self.assertEqual(self.pixels(over), self.pixels(direct))
        under = self.frame(".countUp(to: 120)", -0.25, name="under.png")
        self.assertEqual(self.pixels(under), self.pixels(self.frame(".countUp(value: -30)", 0, name="m30.png")))

    def test_a_whole_animation_renders_with_the_article_combination(self):
        pattern = self.path("f%02d.png")
        segue("render", "--to", self.photo, "--transition", ".countUp(to: 120).combined(with: .scale)",
              "--animation", ".spring(duration: 0.4, bounce: 0.3)", "--frames", "6", "-o", pattern, check=0)
        self.assertEqual(len([f for f in os.listdir(self.dir) if f.startswith("f")]), 6)

    def test_golden_images(self):
        cases = {
            "countup_quarter": (".countUp(to: 120)", 0.25, self.photo),
            "countup_alert_end": (".countUp(to: 120)", 1, self.photo),
            "countup_scaled_percent": (".countUp(to: 100, format: \"%d%%\").combined(with: .scale)", 0.6, self.photo),
        }
        for name, (spec, progress, content) in cases.items():
            with self.subTest(name):
                golden.check(self, name, self.frame(spec, progress, content=content, name=name + ".png"))


if __name__ == "__main__":
    unittest.main()
