"""Where pictures land in the frame, to the pixel: a scaled picture keeps its
own edge under every placement (no dark or light line round an upscaled
clip), and a transparent one keeps its transparent edge."""
import unittest

from pngio import read_png, write_png
from support import Workspace, segue

ORANGE = (0xC8, 0x64, 0x32, 255)


def close(a, b, levels=2):
    return max(abs(x - y) for x, y in zip(a, b)) <= levels


class ScaledEdgeTests(Workspace):
    def solid(self, name, width, height, colour=ORANGE):
        path = self.path(name)
        write_png(path, width, height, [colour] * (width * height))
        return path

    def placed(self, picture, size, placement, background, transition=".identity", progress="1"):
        out = self.path("out.png")
        segue("frame", "--to", picture, "--transition", transition, "--progress", progress, "--size", size,
              "--placement", placement, "--background", background, "-o", out, check=0)
        return read_png(out)

    def assertEdgesAreInside(self, frame, rect, what):
        """The first and last rows and columns of `rect` (x0, y0, x1, y1) equal the pixels next inside them."""
        width, _, pixels = frame
        x0, y0, x1, y1 = rect
        at = lambda x, y: pixels[y * width + x]
        middle_x, middle_y = (x0 + x1) // 2, (y0 + y1) // 2
        for (x, y), (ix, iy) in [((x0, middle_y), (x0 + 1, middle_y)), ((x1 - 1, middle_y), (x1 - 2, middle_y)),
                                 ((middle_x, y0), (middle_x, y0 + 1)), ((middle_x, y1 - 1), (middle_x, y1 - 2)),
                                 ((x0, y0), (x0 + 1, y0 + 1)), ((x1 - 1, y1 - 1), (x1 - 2, y1 - 2))]:
            self.assertTrue(close(at(x, y), at(ix, iy)), f"{what}: edge ({x}, {y}) is {at(x, y)}, inside {at(ix, iy)}")
            self.assertTrue(close(at(x, y), ORANGE), f"{what}: edge ({x}, {y}) is {at(x, y)}, not the picture's colour")

    def test_upscaled_pictures_keep_their_edge_under_every_placement(self):
        # (picture size, output size, where it lands under fit and stretch): ×1.5, ×2.25, ×3.6 and a 1×1 picture.
        cases = [((640, 360), "960x540", (0, 0, 960, 540)), ((640, 360), "1440x810", (0, 0, 1440, 810)),
                 ((400, 300), "1440x1080", (0, 0, 1440, 1080)), ((1, 1), "320x240", (40, 0, 280, 240))]
        for (width, height), size, fitted in cases:
            picture = self.solid(f"{width}x{height}.png", width, height)
            out_width, out_height = map(int, size.split("x"))
            for placement, rect in (("fit", fitted), ("fill", (0, 0, out_width, out_height)),
                                    ("stretch", (0, 0, out_width, out_height))):
                for background in ("black", "white"):
                    with self.subTest(picture=f"{width}x{height}", size=size, placement=placement,
                                      background=background):
                        frame = self.placed(picture, size, placement, background)
                        self.assertEdgesAreInside(frame, rect, f"{width}×{height} → {size}, {placement}, over {background}")

    def test_a_scaled_view_keeps_its_edge(self):
        # .scale at progress 0.5: half size about the centre, 160 … 480 × 90 … 270 of 640 × 360.
        picture = self.solid("clip.png", 640, 360)
        for background in ("black", "white"):
            with self.subTest(background=background):
                frame = self.placed(picture, "640x360", "fit", background, ".scale", "0.5")
                self.assertEdgesAreInside(frame, (160, 90, 480, 270), f".scale at 0.5 over {background}")

    def test_a_transparent_edge_stays_transparent(self):
        # A 100 × 100 picture whose outermost pixels are transparent, ×3: the two device pixels whose samples
        # fall on them show the background (the third blends into the picture, as the picture itself does).
        width = height = 100
        pixels = [(0, 0, 0, 0) if x in (0, width - 1) or y in (0, height - 1) else ORANGE
                  for y in range(height) for x in range(width)]
        write_png(self.path("framed.png"), width, height, pixels)
        w, _, frame = self.placed(self.path("framed.png"), "300x300", "fit", "white")
        at = lambda x, y: frame[y * w + x]
        for x in (0, 1, 298, 299):  # within pixman's rounding of the sample points (1/3 is not a 16.16 number)
            self.assertTrue(close(at(x, 150), (255, 255, 255, 255)), f"column {x}: {at(x, 150)}")
        self.assertEqual(at(150, 150), ORANGE)


if __name__ == "__main__":
    unittest.main()
