"""What Segue's outputs say about their colours, read by ffprobe: every video
file names its primaries, transfer, matrix and range, so players need not guess."""
import shutil
import subprocess
import unittest

import media
from support import Workspace, segue

HD = ("tv", "bt709", "bt709", "bt709")
SD = ("tv", "smpte170m", "smpte170m", "smpte170m")
TAGGED_709 = ("-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv")
# Half-second GOPs, so that a join of two 2-s clips copies most of their frames.
GOPS = ("-x264-params", "keyint=15:min-keyint=15:scenecut=0")


def tags(path):
    """(range, matrix, transfer, primaries) of the first video stream, as ffprobe reads them."""
    text = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                           "stream=color_range,color_space,color_transfer,color_primaries", "-of", "csv=p=0", path],
                          capture_output=True, text=True, check=True).stdout.strip()
    return tuple(text.split(","))


@unittest.skipUnless(shutil.which("ffprobe"), "ffprobe is not installed (make test-deps installs it)")
class ColourTagTests(Workspace):
    def test_every_video_file_names_its_colours(self):
        sd = self.path("sd.mp4")
        hd = self.path("hd.mp4")
        media.clip(sd, "testsrc2", 2, tone=440, extra=GOPS)  # untagged: BT.601, as FFmpeg reads it
        media.clip(hd, "mandelbrot", 2, tone=660, extra=GOPS + TAGGED_709)
        self.assertEqual(tags(sd), ("unknown",) * 4)
        self.assertEqual(tags(hd), HD)
        cases = [
            # (arguments, output, expected): spliced and encoded, in every container Segue writes.
            (("sequence", sd, sd, "--duration", "0.5"), "sd-smart.mp4", SD),
            (("sequence", sd, sd, "--duration", "0.5"), "sd-smart.mkv", SD),
            (("sequence", sd, sd, "--duration", "0.5", "--reencode"), "sd-full.mp4", SD),
            (("sequence", sd, sd, "--duration", "0.5", "--reencode"), "sd-full.mov", SD),
            (("sequence", sd, sd, "--duration", "0.5"), "sd.webm", SD),
            (("sequence", hd, hd, "--duration", "0.5"), "hd-smart.mp4", HD),
            (("sequence", hd, hd, "--duration", "0.5"), "hd-smart.mov", HD),
            (("sequence", hd, hd, "--duration", "0.5", "--reencode"), "hd-full.mkv", HD),
            # Pictures alone are written as BT.709.
            (("render", "--from", self.a, "--to", self.b, "--transition", ".slide"), "stills.mp4", HD),
            (("sequence", self.a, self.b, "--hold", "0.5"), "stills.webm", HD),
        ]
        for args, name, expected in cases:
            with self.subTest(name):
                out = self.path(name)
                report = segue(*args, "-o", out, check=0).stderr
                self.assertEqual("copied" in report, "smart" in name, report)
                self.assertEqual(tags(out), expected)

    def test_a_spliced_mov_of_untagged_clips_names_all_but_the_range(self):
        # QuickTime's colour atom has no range, and the copied pictures' own headers do not state one.
        sd = self.path("sd.mp4")
        media.clip(sd, "testsrc2", 2, extra=GOPS)
        out = self.path("out.mov")
        self.assertIn("copied", segue("sequence", sd, sd, "--duration", "0.5", "-o", out, check=0).stderr)
        self.assertEqual(tags(out), ("unknown",) + SD[1:])


if __name__ == "__main__":
    unittest.main()
