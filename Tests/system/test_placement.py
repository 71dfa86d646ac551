"""Where pictures land in the frame, to the pixel: a scaled picture keeps its
own edge under every placement (no dark or light line round an upscaled
clip), and a transparent one keeps its transparent edge."""
import shutil
import subprocess
import unittest

import media
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


@unittest.skipUnless(shutil.which("ffmpeg"), "ffmpeg is not installed (make test-deps installs it)")
class SampleAspectTests(Workspace):
    """Pixels that are not square (a sample aspect ratio other than 1:1) are shown at their display aspect."""

    def clip(self, name, sar):
        path = self.path(name)
        media.ffmpeg("-f", "lavfi", "-i", "color=red:size=640x360:rate=30", "-t", "0.5", "-vf", f"setsar={sar}",
                     "-c:v", "libx264", "-pix_fmt", "yuv420p", path)
        return path

    def red_rows(self, clip, size):
        out = self.path("out.png")
        segue("frame", "--to", clip, "--transition", ".identity", "--progress", "1", "--size", size,
              "--background", "black", "-o", out, check=0)
        width, height, pixels = read_png(out)
        rows = [y for y in range(height) if pixels[y * width + width // 2][0] > 128]
        columns = [x for x in range(width) if pixels[(height // 2) * width + x][0] > 128]
        return rows[0], rows[-1] + 1, columns[0], columns[-1] + 1

    def test_a_clip_of_wide_pixels_fits_at_its_display_aspect(self):
        # 640 × 360 pixels of 4:3: shown 853⅓ × 360 (64:27), which fits 1920 × 1080 as 1920 × 810, with bars of 135.
        top, bottom, left, right = self.red_rows(self.clip("wide.mp4", "4/3"), "1920x1080")
        self.assertEqual((left, right), (0, 1920))
        self.assertLessEqual(abs(top - 135), 1)
        self.assertLessEqual(abs((bottom - top) - 810), 2)
        # Its own size, by default, is the size it is shown at, in square pixels.
        out = self.path("joined.mp4")
        segue("sequence", self.path("wide.mp4"), "-q", "-o", out, check=0)
        probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                                "stream=width,height", "-of", "csv=p=0", out], capture_output=True, text=True, check=True)
        self.assertEqual(probe.stdout.strip(), "854,360")

    def test_a_clip_of_square_pixels_is_unchanged(self):
        self.assertEqual(self.red_rows(self.clip("square.mp4", "1/1"), "1920x1080"), (0, 1080, 0, 1920))


if __name__ == "__main__":
    unittest.main()
