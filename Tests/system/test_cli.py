"""The segue command line, end to end: outputs, exit codes, messages."""
import os
import shutil
import unittest

from pngio import read_png
from support import SEGUE, Workspace, run, segue

TRANSITION = ".asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), removal: .scale(scale: 0.5, anchor: .bottom))"


class FrameTests(Workspace):
    def test_identity_at_the_end_is_the_input_exactly(self):
        out = self.path("out.png")
        segue("frame", "--from", self.a, "--to", self.b, "--transition", TRANSITION, "--progress", "1", "-o", out, check=0)
        self.assertSamePixels(out, self.b)

    def test_removed_view_alone_at_the_start(self):
        out = self.path("out.png")
        segue("frame", "--from", self.a, "--transition", ".slide", "--progress", "0", "-o", out, check=0)
        self.assertSamePixels(out, self.a)

    def test_move_leading_quarter_shifts_exactly(self):
        out = self.path("out.png")
        segue("frame", "--from", self.a, "--transition", ".move(edge: .leading)", "--progress", "0.25", "-o", out, check=0)
        _, _, shifted = read_png(out)
        _, _, source = read_png(self.a)
        for y in (0, 150, 299):
            self.assertEqual(shifted[y * 400:y * 400 + 300], source[y * 400 + 100:y * 400 + 400])
            self.assertEqual(shifted[y * 400 + 300:y * 400 + 400], [(0, 0, 0, 0)] * 100)

    def test_size_background_and_placement(self):
        out = self.path("out.png")
        segue("frame", "--to", self.card, "--transition", ".identity", "--progress", "1", "--size", "300x300",
              "--background", "#ff0000", "--placement", "fit", "-o", out, check=0)
        width, height, pixels = read_png(out)
        self.assertEqual((width, height), (300, 300))
        self.assertEqual(pixels[0], (255, 0, 0, 255))  # letterbox bar shows the background

    def test_plus_lighter_crossfade_of_a_picture_with_itself_keeps_it(self):
        out = self.path("out.png")
        segue("frame", "--from", self.a, "--to", self.a, "--transition", ".opacity", "--blend", "plusLighter",
              "--progress", "0.5", "-o", out, check=0)
        _, _, got = read_png(out)
        _, _, want = read_png(self.a)
        worst = max(abs(g - w) for gp, wp in zip(got, want) for g, w in zip(gp, wp))
        self.assertLessEqual(worst, 1)


class RenderTests(Workspace):
    def test_png_sequence_has_every_frame_and_ends_in_identity(self):
        os.mkdir(self.path("frames"))  # Segue writes into folders that exist, and creates none
        pattern = self.path("frames", "f%03d.png")
        segue("render", "--from", self.a, "--to", self.b, "--transition", ".push(from: .bottom)",
              "--animation", ".easeInOut(duration: 0.5)", "--fps", "10", "-o", pattern, check=0)
        frames = sorted(os.listdir(self.path("frames")))
        self.assertEqual(frames, [f"f{i:03d}.png" for i in range(6)])  # 0.5 s × 10 fps + 1
        self.assertSamePixels(self.path("frames", "f000.png"), self.a)
        self.assertSamePixels(self.path("frames", "f005.png"), self.b)

    def test_frames_option_and_spring_settling_time(self):
        pattern = self.path("f%d.png")
        segue("render", "--to", self.a, "--transition", ".scale", "--animation", ".bouncy", "--frames", "4",
              "-o", pattern, check=0)
        self.assertEqual([f for f in self.files() if f.startswith("f")], ["f0.png", "f1.png", "f2.png", "f3.png"])
        self.assertSamePixels(self.path("f3.png"), self.a)

    def test_y4m_file_has_header_and_frame_sizes(self):
        out = self.path("clip.y4m")
        segue("render", "--from", self.a, "--to", self.b, "--transition", ".slide", "--frames", "7", "-o", out, check=0)
        with open(out, "rb") as f:
            data = f.read()
        header = data[:data.index(b"\n") + 1]
        self.assertTrue(header.startswith(b"YUV4MPEG2 W400 H300 F30:1 "), header)
        frame = len(b"FRAME\n") + 400 * 300 * 3 // 2
        self.assertEqual(len(data), len(header) + 7 * frame)
        self.assertEqual(data.count(b"FRAME\n"), 7)

    @unittest.skipUnless(shutil.which("ffprobe"), "ffmpeg is not installed (.ci/run installs it)")
    def test_standard_output_stream_is_read_by_ffmpeg(self):
        stream = run("sh", "-c", f"'{SEGUE}' render --from {self.a} --to {self.b} "
                     f"--transition .opacity --frames 12 -o - | ffprobe -v error -count_frames -select_streams v:0 "
                     f"-show_entries stream=nb_read_frames,width,height -of csv=p=0 -f yuv4mpegpipe -", check=0)
        self.assertEqual(stream.stdout.strip(), "400,300,12")

    @unittest.skipUnless(shutil.which("ffprobe"), "ffmpeg is not installed (.ci/run installs it)")
    def test_mp4_is_encoded_with_ffmpeg(self):
        out = self.path("clip.mp4")
        segue("render", "--from", self.a, "--to", self.b, "--transition", ".slide", "--frames", "9", "-o", out, check=0)
        probe = run("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    "stream=nb_read_frames,width,height", "-of", "csv=p=0", out, check=0)
        self.assertEqual(probe.stdout.strip(), "400,300,9")
        self.assertEqual([f for f in self.files() if "partial" in f], [])


class ErrorTests(Workspace):
    def assertFails(self, result, code, *fragments):
        self.assertEqual(result.returncode, code, result.stderr)
        for fragment in fragments:
            self.assertIn(fragment, result.stderr)

    def test_missing_input_names_the_file_and_writes_nothing(self):
        out = self.path("out.png")
        result = segue("frame", "--from", self.path("nope.png"), "--to", self.b, "--transition", ".opacity",
                       "--progress", "0.5", "-o", out)
        self.assertFails(result, 1, "nope.png")
        self.assertFalse(os.path.exists(out))

    def test_unreadable_image(self):
        broken = self.path("broken.png")
        with open(broken, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\nnot really")
        result = segue("frame", "--to", broken, "--transition", ".opacity", "--progress", "0.5", "-o", self.path("o.png"))
        self.assertFails(result, 1, "broken.png", "not a valid PNG")

    def test_bad_spec_shows_the_column(self):
        result = segue("frame", "--to", self.a, "--transition", ".move(edge: .trailing", "--progress", "0",
                       "-o", self.path("o.png"))
        self.assertFails(result, 2, "column 22", "expected ',' or ')'", "^")
        self.assertEqual(self.files(), ["a.png", "b.png", "card.png"])

    def test_unknown_effect_suggests_the_closest(self):
        result = segue("frame", "--to", self.a, "--transition", ".opacty", "--progress", "0", "-o", self.path("o.png"))
        self.assertFails(result, 2, "unknown effect 'opacty'", "'opacity'")

    def test_bad_animation(self):
        result = segue("render", "--to", self.a, "--transition", ".opacity", "--animation", ".sprung",
                       "-o", self.path("f%d.png"))
        self.assertFails(result, 2, "--animation", "spring")

    def test_usage_errors(self):
        self.assertFails(segue("frame", "--to", self.a, "--transition", ".opacity", "-o", self.path("o.png")),
                         2, "'--progress' is required")
        self.assertFails(segue("frame", "--bogus"), 2, "unknown option '--bogus'")
        self.assertFails(segue("frame", "--to", self.a, "--transition", ".opacity", "--progress", "half",
                               "-o", self.path("o.png")), 2, "needs a number")
        self.assertFails(segue("render", "--to", self.a, "--transition", ".opacity", "-o", self.path("out.png")),
                         2, "PNG pattern")
        self.assertFails(segue("render", "--to", self.a, "--transition", ".opacity", "--size", "0x5",
                               "-o", self.path("f%d.png")), 2, "WIDTHxHEIGHT")
        self.assertFails(segue("dance"), 2, "unknown command 'dance'")

    def test_failed_sequence_removes_the_frames_it_wrote(self):
        # A folder where the second frame should go: the first frame is written, the second fails.
        os.mkdir(self.path("f1.png"))
        result = segue("render", "--to", self.a, "--transition", ".opacity", "--frames", "3",
                       "-o", self.path("f%d.png"))
        self.assertFails(result, 1, "f1.png")
        self.assertEqual(self.files(), ["a.png", "b.png", "card.png", "f1.png"])

    def test_failed_y4m_leaves_nothing(self):
        result = segue("render", "--to", self.path("missing.png"), "--transition", ".opacity", "-o", self.path("x.y4m"))
        self.assertFails(result, 1, "missing.png")
        self.assertEqual(self.files(), ["a.png", "b.png", "card.png"])


class HelpTests(unittest.TestCase):
    def test_help_everywhere(self):
        for args in (["--help"], ["help"], ["frame", "--help"], ["render", "-h"], ["help", "render"]):
            result = segue(*args, check=0)
            self.assertIn("Usage: segue", result.stdout)
        self.assertIn("Examples:", segue("render", "--help", check=0).stdout)

    def test_version(self):
        self.assertRegex(segue("--version", check=0).stdout, r"^segue \d+\.\d+\.\d+")


if __name__ == "__main__":
    unittest.main()


class InterruptTests(Workspace):
    """Ctrl-C (SIGINT) during a long render leaves neither a truncated file nor temporary ones."""

    def interrupt(self, *args):
        import signal
        import subprocess
        import time
        process = subprocess.Popen([SEGUE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        return process.returncode

    def long_render(self, output):
        return ("render", "--from", self.a, "--to", self.b, "--transition", ".scale", "--size", "1920x1080",
                "--frames", "2000", "-o", output)

    def test_an_interrupted_y4m_file_leaves_nothing(self):
        self.assertEqual(self.interrupt(*self.long_render(self.path("out.y4m"))), 130)
        self.assertEqual(self.files(), ["a.png", "b.png", "card.png"])

    def test_an_interrupted_png_sequence_leaves_nothing(self):
        os.mkdir(self.path("frames"))
        self.assertEqual(self.interrupt(*self.long_render(self.path("frames", "f%05d.png"))), 130)
        self.assertEqual(os.listdir(self.path("frames")), [])

    @unittest.skipUnless(shutil.which("ffmpeg"), "ffmpeg is not installed (.ci/run installs it)")
    def test_an_interrupted_video_leaves_nothing(self):
        self.assertEqual(self.interrupt(*self.long_render(self.path("out.mp4"))), 130)
        self.assertEqual(self.files(), ["a.png", "b.png", "card.png"])

    def test_an_existing_output_survives_an_interrupt(self):
        out = self.path("out.y4m")
        with open(out, "wb") as f:
            f.write(b"the old file")
        self.interrupt(*self.long_render(out))
        with open(out, "rb") as f:
            self.assertEqual(f.read(), b"the old file")

    def test_an_interrupted_demo_leaves_no_staging_folder(self):
        self.interrupt("demo", "-o", self.path("gallery"), "--size", "1280x720")
        self.assertEqual(self.files(), ["a.png", "b.png", "card.png"])
