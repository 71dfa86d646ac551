"""The tiktok plugin (build/lib/segue/plugins/tiktok.so), end to end.

Exact checks: in channels mode at offset 0 the two copies add back up to the
content (translucent pixels included, over any background); in tint mode an
opaque shape becomes white where the copies overlap and colorA / colorB where
only one lies, computed here from the shape and the offset. Plus overshoot,
the article's pressed-button use (the modifier animated on its own), and
golden images.
"""
import os
import shutil
import tempfile
import unittest

import golden
from pngio import card_with_holes, photo, read_png, write_png
from support import segue

WIDTH, HEIGHT = 160, 120
CLEAR = (0, 0, 0, 0)
WHITE = (255, 255, 255, 255)
TIKTOK_RED = (0xFE, 0x2C, 0x55, 255)
TIKTOK_CYAN = (0x25, 0xF4, 0xEE, 255)
# The shape of the tint test: an opaque rectangle, columns X0..X1-1, rows Y0..Y1-1.
X0, X1, Y0, Y1 = 40, 110, 30, 85


def photo_with_holes(width, height):
    """A photo whose alpha varies everywhere: transparent and half-transparent holes
    (card_with_holes) and a ramp of alpha across the rest."""
    pixels = []
    for (r, g, b, _), (_, _, _, hole_alpha) in zip(photo(width, height, 3), card_with_holes(width, height)):
        i = len(pixels)
        x, y = i % width, i // width
        ramp = 40 + (x * 7 + y * 3) % 216
        pixels.append((r, g, b, min(hole_alpha, ramp)))
    return pixels


class TikTokTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="segue-tiktok-")
        self.holes = self.path("holes.png")
        self.shape = self.path("shape.png")
        write_png(self.holes, WIDTH, HEIGHT, photo_with_holes(WIDTH, HEIGHT))
        write_png(self.shape, WIDTH, HEIGHT,
                  [(90, 200, 30, 255) if X0 <= i % WIDTH < X1 and Y0 <= i // WIDTH < Y1 else CLEAR
                   for i in range(WIDTH * HEIGHT)])

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def frame(self, content, spec, progress, *options, name="out.png"):
        out = self.path(name)
        segue("frame", "--to", content, "--transition", spec, "--progress", str(progress), *options, "-o", out,
              check=0)
        return out

    def pixels(self, path):
        return read_png(path)[2]

    def test_channels_at_offset_zero_is_the_content_exactly(self):
        _, _, source = read_png(self.holes)
        self.assertGreater(len({p[3] for p in source}), 100, "the input has many levels of alpha")
        identity = self.pixels(self.frame(self.holes, ".identity", 1, name="identity.png"))
        for spec, progress in ((".tiktok", 1), (".tiktok(offset: CGSize(width: 30, height: -20))", 1),
                               (".modifier(active: .tiktok(offset: CGSize(width: 0, height: 0)), identity: .tiktok)",
                                0)):
            with self.subTest(spec):
                got = self.pixels(self.frame(self.holes, spec, progress))
                self.assertEqual(got, identity)
                # Opaque pixels survive the PNG round trip unchanged, so they equal the input itself.
                self.assertTrue(all(g == s for g, s in zip(got, source) if s[3] == 255))

    def test_the_copies_add_up_with_each_other_not_with_the_background(self):
        for background in ("orange", "#204080"):
            with self.subTest(background):
                got = self.frame(self.holes, ".tiktok", 1, "--background", background, name="bg.png")
                want = self.frame(self.holes, ".identity", 1, "--background", background, name="bg-identity.png")
                self.assertEqual(self.pixels(got), self.pixels(want))

    def expected_tint(self, dx, dy, colour_a=TIKTOK_RED, colour_b=TIKTOK_CYAN, overlap=WHITE):
        """Copy A lies at −(dx, dy), copy B at +(dx, dy): whole-pixel offsets, so the masks are exact."""
        def inside(x, y):
            return X0 <= x < X1 and Y0 <= y < Y1
        expected = []
        for i in range(WIDTH * HEIGHT):
            x, y = i % WIDTH, i // WIDTH
            a, b = inside(x + dx, y + dy), inside(x - dx, y - dy)
            expected.append(overlap if a and b else colour_a if a else colour_b if b else CLEAR)
        return expected

    def test_tint_is_white_where_the_copies_overlap_and_one_colour_where_one_lies(self):
        spec = ".modifier(active: .tiktok(offset: CGSize(width: 10, height: 6), mode: .tint), identity: .tiktok(mode: .tint))"
        got = self.pixels(self.frame(self.shape, spec, 0))
        want = self.expected_tint(10, 6)
        self.assertEqual(sum(1 for p in want if p == WHITE), (X1 - X0 - 20) * (Y1 - Y0 - 12))
        self.assertEqual(got, want)

    def test_tint_at_the_default_active_offset(self):
        # .tiktok(mode: .tint) from its active state: offset (−12, −9).
        got = self.pixels(self.frame(self.shape, ".tiktok(mode: .tint)", 0))
        self.assertEqual(got, self.expected_tint(-12, -9))

    def test_tint_colours_are_parameters(self):
        spec = ('.tiktok(offset: CGSize(width: 4, height: 0), mode: .tint, colorA: "#FF0000", colorB: "#0000FF")')
        got = self.pixels(self.frame(self.shape, spec, 0))
        self.assertEqual(got, self.expected_tint(4, 0, (255, 0, 0, 255), (0, 0, 255, 255), (255, 0, 255, 255)))

    def test_channels_apart_split_red_from_green_and_blue(self):
        # An opaque white rectangle at offset (8, 0): the red-and-alpha copy lies at x − 8, the green-blue one
        # at x + 8. Where both lie it is white again; the red copy alone is red; the green-blue copy alone has
        # no alpha of its own: it is light added onto what lies behind (cyan over black, nothing over clear).
        white = self.path("white.png")
        write_png(white, WIDTH, HEIGHT, [WHITE if X0 <= i % WIDTH < X1 and Y0 <= i // WIDTH < Y1 else CLEAR
                                         for i in range(WIDTH * HEIGHT)])
        spec = ".tiktok(offset: CGSize(width: 8, height: 0))"
        row = (Y0 + Y1) // 2 * WIDTH
        for background, green_blue_alone in (("clear", CLEAR), ("black", (0, 255, 255, 255))):
            with self.subTest(background):
                got = self.pixels(self.frame(white, spec, 0, "--background", background))
                self.assertEqual(got[row + X0 - 8], (255, 0, 0, 255))
                self.assertEqual(got[row + X0 + 7], (255, 0, 0, 255))
                self.assertEqual(got[row + X0 + 8], WHITE)
                self.assertEqual(got[row + X1 - 9], WHITE)
                self.assertEqual(got[row + X1 - 8], green_blue_alone)
                self.assertEqual(got[row + X1 + 7], green_blue_alone)

    def test_spring_overshoot_and_any_finite_offset_render(self):
        for spec, progress in ((".tiktok", 1.3), (".tiktok", -0.5), (".tiktok(mode: .tint)", 1.3),
                               (".tiktok(offset: CGSize(width: 1e9, height: -1e9))", 0),
                               (".tiktok(offset: CGSize(width: 0.3, height: 1e-9), mode: .tint)", 0)):
            with self.subTest(spec=spec, progress=progress):
                width, height, _ = read_png(self.frame(self.holes, spec, progress))
                self.assertEqual((width, height), (WIDTH, HEIGHT))
        # Past the end the offset changes sign: 1.3 of the way from (−12, −9) to 0 is (3.6, 2.7).
        self.assertNotEqual(self.pixels(self.frame(self.holes, ".tiktok", 1.3, name="a.png")),
                            self.pixels(self.frame(self.holes, ".identity", 1, name="b.png")))

    def test_the_articles_pressed_button(self):
        # The effect animated outside a transition, as TikTokButtonStyle does when pressed.
        button = self.path("button.png")
        write_png(button, 120, 40, [(20, 20, 20, 255)] * (120 * 40))
        out = self.path("pressed.png")
        segue("frame", "--to", button, "--transition",
              ".modifier(active: .tiktok(offset: CGSize(width: -4, height: -3), mode: .tint), "
              "identity: .tiktok(mode: .tint))", "--progress", "0.5", "-o", out, check=0)
        width, height, got = read_png(out)
        self.assertEqual((width, height), (120, 40))
        # Half-way the offset is (−2, −1.5): copy A (red) moves right, copy B (cyan) left.
        self.assertEqual(got[20 * 120 + 60], WHITE)
        self.assertEqual(got[20 * 120 + 0], TIKTOK_CYAN)
        self.assertEqual(got[20 * 120 + 119], TIKTOK_RED)
        golden.check(self, "tiktok_pressed_button", out)

    def test_golden_images(self):
        card = self.path("card.png")
        write_png(card, WIDTH, HEIGHT, card_with_holes(WIDTH, HEIGHT))
        cases = {
            "tiktok_channels_half": (self.holes, ".tiktok", 0.5),
            "tiktok_tint_card": (card, ".tiktok(mode: .tint)", 0.3),
        }
        for name, (content, spec, progress) in cases.items():
            with self.subTest(name):
                golden.check(self, name, self.frame(content, spec, progress, name=name + ".png"))


if __name__ == "__main__":
    unittest.main()
