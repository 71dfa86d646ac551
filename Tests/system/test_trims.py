"""Trims (`clip.mp4#t=12.5,48`, W3C Media Fragments) and hard cuts
(`--transition cut`, `--duration 0`) in `segue sequence` and `segue render`.

The expectation is FFmpeg's own decoding of the sources: a trimmed clip's
frames are the source's frames from the trim's start, and its sound is the
source's from there (a beep moves by the trim's start)."""
import os
import shutil
import unittest

import media
from support import Workspace, run, segue, SEGUE

FPS = 25


@unittest.skipUnless(shutil.which("ffmpeg"), "ffmpeg is not installed (make test-deps installs it)")
class TrimTests(Workspace):
    def setUp(self):
        super().setUp()
        # a: 6 s of testsrc2 (every frame differs) with a 1 kHz beep from 2.0 s; b: 4 s of mandelbrot, silent.
        self.a, self.b = self.path("a.mp4"), self.path("b.mp4")
        media.ffmpeg("-f", "lavfi", "-i", f"testsrc2=size={media.W}x{media.H}:rate={FPS}", "-f", "lavfi", "-i",
                     "aevalsrc='if(between(t,2,2.2),0.8*sin(2*PI*1000*t),0)':s=48000", "-t", "6", "-c:v", "libx264",
                     "-c:a", "pcm_s16le", "-pix_fmt", "yuv420p", self.path("a.mov"))
        media.ffmpeg("-i", self.path("a.mov"), "-c", "copy", "-f", "matroska", self.path("a.mkv"))
        self.a = self.path("a.mkv")
        media.clip(self.b, "mandelbrot", 4, fps=FPS)
        self.a_frames = media.frames(self.a)[2]
        self.b_frames = media.frames(self.b)[2]

    def output_frames(self, *args):
        """The frames of a YUV4MPEG2 output: decoded frames go out as they are."""
        out = self.path("out.y4m")
        segue(*args, "-q", "-o", out, check=0)
        return media.frames(out)[2]

    def assertSameFrames(self, got, expected, what):
        """Frame for frame, byte for byte, as FFmpeg decodes both."""
        self.assertEqual(len(got), len(expected), what)
        for k, (g, e) in enumerate(zip(got, expected)):
            self.assertEqual(g, e, f"{what}: frame {k}")

    def test_a_trimmed_clip_plays_its_part_then_cuts_to_the_next(self):
        got = self.output_frames("sequence", f"{self.a}#t=1.6,4", f"{self.b}#t=1", "--transition", "cut")
        # 2.4 s of a from its frame 40, then 3 s of b from its frame 25.
        self.assertSameFrames(got, self.a_frames[40:100] + self.b_frames[25:100], "trim, cut, trim")

    def test_times_in_clock_form_are_the_same_trim(self):
        seconds = self.output_frames("sequence", f"{self.a}#t=1.6,4", self.b, "--duration", "0")
        clock = self.output_frames("sequence", f"{self.a}#t=npt:00:00:01.6,0:04", self.b, "--transition", "cut")
        self.assertEqual(self.output_frames("sequence", f"{self.a}#t=npt:,2", self.b, "--transition", "cut"),
                         self.output_frames("sequence", f"{self.a}#t=,2", self.b, "--transition", "cut"),
                         "npt: applies to the whole range")
        self.assertEqual(seconds, clock, "--duration 0 and 'cut' are one hard cut; 1.6 and 00:00:01.6 one time")
        self.assertSameFrames(seconds, self.a_frames[40:100] + self.b_frames, "to the end of b")

    def test_only_the_end_trims_the_start_stays(self):
        got = self.output_frames("sequence", f"{self.a}#t=,2", self.b, "--transition", "cut")
        self.assertSameFrames(got, self.a_frames[:50] + self.b_frames, "#t=,2")

    def test_the_sound_follows_the_trim(self):
        out = self.path("out.mkv")
        segue("sequence", f"{self.a}#t=1.6", self.b, "--transition", "cut", "--audio-codec", "pcm_f32le", "-q", "-o",
              out, check=0)
        sound = media.samples(out)
        first = next(i for i, x in enumerate(sound) if abs(x) > 0.05)
        self.assertAlmostEqual(first / 48000, 0.4, delta=0.001, msg="the beep at 2 s, trimmed from 1.6 s")
        # The cut is hard: 4.4 s of a, then b's silence, no crossfade.
        self.assertEqual(len(media.frames(out)[2]), int(4.4 * FPS) + 4 * FPS)
        self.assertLess(max(abs(x) for x in sound[int(4.4 * 48000):]), 1e-4, "b is silent from the cut on")

    def test_a_trimmed_transition_in_render(self):
        out = self.path("render.y4m")
        segue("render", "--from", f"{self.a}#t=1,3", "--to", self.b, "--transition", ".opacity", "--duration", "1",
              "--fps", str(FPS), "-q", "-o", out, check=0)
        got = media.frames(out)[2]
        # The removed clip plays its trim's last second: the first frame is a's at 2 s (frame 50).
        # Drawn through the engine (progress 0 is the removed view as it is), so by PSNR: frame 50, not its neighbours.
        self.assertGreaterEqual(media.psnr(got[0], self.a_frames[50]), 40)
        self.assertLess(media.psnr(got[0], self.a_frames[49]), 30)

    def test_a_file_really_named_with_a_fragment_is_that_file(self):
        literal = self.path("odd#t=1.mkv")
        shutil.copy(self.a, literal)
        got = self.output_frames("sequence", literal, self.b, "--transition", "cut")
        self.assertSameFrames(got, self.a_frames + self.b_frames, "the whole file")

    def test_bad_trims_name_the_clip_and_the_numbers(self):
        still = self.path("still.png")
        segue("sample", "photo", "--size", "64x48", "-o", still, check=0)
        for name, message in ((f"{self.a}#t=5,3", "the trim ends at 3.000 s, not after its start at 5.000 s"),
                              (f"{self.a}#t=9", "the trim's start at 9.000 s is past the end of"),
                              (f"{self.a}#t=1,9", "the trim's end at 9.000 s is past the end of"),
                              (f"{self.a}#t=1:75", "the trim's start '1:75' is not a time"),
                              (f"{self.a}#t=2,", "the trim has a ',' but no end"),
                              (f"{still}#t=1", "only a video can be trimmed")):
            with self.subTest(name=name):
                out = self.path("bad.mkv")
                result = run(SEGUE, "sequence", name, self.b, "-q", "-o", out)
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertIn(f"'{name}'", result.stderr)
                self.assertIn(message, result.stderr)
                self.assertFalse(os.path.exists(out), "nothing is written")

    def test_a_negative_duration_is_refused_and_zero_is_a_cut(self):
        result = run(SEGUE, "sequence", self.a, self.b, "--duration", "-1", "-q", "-o", self.path("x.mkv"))
        self.assertEqual(result.returncode, 2)
        self.assertIn("seconds from 0 (a hard cut) to 3600", result.stderr)


if __name__ == "__main__":
    unittest.main()
