"""`segue slideshow`: pictures of any size, holds and transitions, into frames, Y4M or video."""
import os
import shutil
import unittest

from pngio import photo, read_png, write_png
from support import Workspace, run, segue


def over_black(pixel):
    """A straight-alpha pixel composited over black, as a frame stores it."""
    r, g, b, a = pixel
    return (round(r * a / 255), round(g * a / 255), round(b * a / 255), 255)


class SlideshowTests(Workspace):
    def setUp(self):
        super().setUp()
        # Three sizes: exactly the output, smaller (centred), larger.
        self.exact = self.path("exact.png")
        write_png(self.exact, 320, 240, photo(320, 240, 2))
        self.tall = self.path("tall.png")
        write_png(self.tall, 120, 200, photo(120, 200, 3))

    def show(self, *extra, output=None):
        if output is None:
            os.makedirs(self.path("frames"), exist_ok=True)  # Segue writes into folders that exist, and creates none
        output = output or self.path("frames", "f%03d.png")
        return segue("slideshow", self.exact, self.card, self.tall, "--size", "320x240", "--hold", "0.5",
                     "--animation", ".linear(duration: 0.5)", "--fps", "10", *extra, "-o", output)

    def test_the_number_of_frames_is_the_timeline(self):
        result = self.show()
        self.assertEqual(result.returncode, 0, result.stderr)
        # 3 holds of 0.5 s and 2 transitions of 0.5 s at 10 fps.
        self.assertEqual(len(os.listdir(self.path("frames"))), 25)

    def test_frames_inside_a_hold_are_the_placed_picture_exactly(self):
        self.assertEqual(self.show("--placement", "center").returncode, 0)
        _, _, exact = read_png(self.exact)
        for index in (0, 2, 4):  # the first hold: frames at 0, 0.2, 0.4 s
            self.assertEqual(read_png(self.path("frames", f"f{index:03d}.png"))[2], exact)
        # The 257×131 card centred on whole pixels in 320×240, over black.
        _, _, card = read_png(self.card)
        x0, y0 = (320 - 257) // 2, (240 - 131) // 2
        width, height, frame = read_png(self.path("frames", "f011.png"))  # 1.1 s: the second hold
        for y in range(height):
            for x in range(width):
                inside = x0 <= x < x0 + 257 and y0 <= y < y0 + 131
                expected = over_black(card[(y - y0) * 257 + x - x0]) if inside else (0, 0, 0, 255)
                if frame[y * width + x] != expected:
                    self.fail(f"pixel ({x}, {y}) is {frame[y * width + x]}, expected {expected}")

    def test_transition_frames_move_between_pictures(self):
        self.show("--transition", ".slide")
        first, middle = read_png(self.path("frames", "f004.png"))[2], read_png(self.path("frames", "f007.png"))[2]
        self.assertNotEqual(first, middle)

    def test_one_transition_per_gap_or_a_clear_error(self):
        self.assertEqual(self.show("--transition", ".slide", "--transition", ".opacity").returncode, 0)
        result = self.show("--transition", ".slide", "--transition", ".opacity", "--transition", ".scale")
        self.assertEqual(result.returncode, 2)
        self.assertIn("3 transitions for 2 junctions", result.stderr)
        # The count and its noun agree: one junction between two pictures.
        result = segue("slideshow", self.exact, self.card, "--transition", ".slide", "--transition", ".opacity",
                       "-o", self.path("two.y4m"))
        self.assertEqual(result.returncode, 2)
        self.assertIn("2 transitions for 1 junction:", result.stderr)

    def test_random_is_repeatable_with_a_seed(self):
        a, b, c = self.path("a.y4m"), self.path("b.y4m"), self.path("c.y4m")
        for out, seed in ((a, "7"), (b, "7"), (c, "8")):
            self.assertEqual(self.show("--transition", "random", "--seed", seed, output=out).returncode, 0)
        with open(a, "rb") as fa, open(b, "rb") as fb:
            self.assertEqual(fa.read(), fb.read())

    def probed(self, name, entries):
        """Writes the slideshow to `name` (its ending picks the format); returns its path and ffprobe's
        `entries` of its video stream ("nb_read_frames,width,height": the frames counted)."""
        out = self.path(name)
        self.assertEqual(self.show(output=out).returncode, 0)
        probe = run("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    f"stream={entries}", "-of", "csv=p=0", out, check=0)
        return out, probe.stdout.strip()

    @unittest.skipUnless(shutil.which("ffprobe"), "ffmpeg is not installed (.ci/run installs it)")
    def test_the_y4m_stream_is_read_back_by_ffmpeg(self):
        _, probed = self.probed("show.y4m", "nb_read_frames,width,height")
        self.assertEqual(probed, "320,240,25")

    @unittest.skipUnless(shutil.which("ffprobe"), "ffmpeg is not installed (.ci/run installs it)")
    def test_an_mp4_holds_every_frame_and_no_sound_track(self):
        out, probed = self.probed("show.mp4", "nb_read_frames")
        self.assertEqual(probed, "25")
        # Pictures have no sound, so the video has no sound track.
        streams = run("ffprobe", "-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", out, check=0)
        self.assertEqual(streams.stdout.split(), ["video"])

    def test_a_missing_picture_fails_before_writing_anything(self):
        result = segue("slideshow", self.exact, self.path("gone.png"), "-o", self.path("show.y4m"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("gone.png", result.stderr)
        self.assertFalse(os.path.exists(self.path("show.y4m")))

    def test_usage_errors_name_the_command_as_it_was_called(self):
        for command in ("slideshow", "sequence"):
            result = segue(command, self.exact, self.card, "--duration", "-1", "-o", self.path("show.y4m"), check=2)
            self.assertIn(f"segue {command}: option '--duration' needs seconds from 0 (a hard cut)", result.stderr)
            self.assertIn(f"Run 'segue {command} --help' for usage.", result.stderr)


class SheetAndIntrospectionTests(Workspace):
    def test_a_contact_sheet_decodes(self):
        out = self.path("sheet.png")
        segue("sheet", "--from", self.a, "--to", self.b, "--transition", ".slide", "--frames", "4",
              "--thumbnail", "100", "-o", out, check=0)
        width, height, pixels = read_png(out)
        self.assertGreater(width, 400)   # four 100-pixel frames side by side with gaps
        self.assertTrue(all(p[3] == 255 for p in pixels))

    def test_describe_lists_parameters(self):
        import json
        info = json.loads(segue("describe", "scale", "--json", check=0).stdout)
        self.assertEqual([p["name"] for p in info["parameters"]], ["scale", "anchor"])
        self.assertEqual(info["parameters"][0]["active"], "0")
        self.assertIn("scale: number", segue("describe", ".scale", check=0).stdout)

    def test_describe_suggests_close_names(self):
        result = segue("describe", "sclae")
        self.assertEqual(result.returncode, 2)
        self.assertIn("did you mean 'scale'", result.stderr)
        self.assertIn("composition", segue("describe", "slide").stderr)

    def test_list_has_builtins_plugins_and_animations(self):
        import json
        listing = json.loads(segue("list", "--json", check=0).stdout)
        names = [e["name"] for e in listing["effects"]]
        for name in ["opacity", "scale", "move", "offset", "clip", "countUp", "slidingDoor", "explode", "tiktok"]:
            self.assertIn(name, names)
        self.assertIn("spring", [a["name"] for a in listing["animations"]])
        self.assertEqual(len(listing["easings"]), 60)
        self.assertIn("easeInOutBounce", listing["easings"])
        text = segue("list", check=0).stdout
        for name in ("easeInQuad", "easeOutBack", "easeInOutElastic", "cubicInOut", "bounceOut"):
            self.assertIn("." + name, text)

    def test_samples_need_no_input_files(self):
        out = self.path("hello.png")
        segue("sample", "helloWorld", "--size", "200x100", "-o", out, check=0)
        self.assertEqual(read_png(out)[:2], (200, 100))
        result = segue("sample", "helloWrld", "-o", out)
        self.assertEqual(result.returncode, 2)
        self.assertIn("helloWorld", result.stderr)


if __name__ == "__main__":
    unittest.main()
