"""Video in and out: `segue sequence` and `render` on real clips made by ffmpeg's
lavfi sources, checked against FFmpeg's own decoding, closed-form gains and
timestamps; and bad media refused with a clear message, leaving nothing behind."""
import math
import os
import re
import signal
import struct
import subprocess
import time
import unittest

import media
from media import H, W
from pngio import read_png, write_png
from support import BUILD, EXAMPLES, SEGUE, Workspace, run, segue

FPS = 30


class SequenceTests(Workspace):
    """Three 2-s clips (testsrc2 with 440 Hz, mandelbrot with 1000 Hz, testsrc2
    with 440 Hz) joined by two 0.5-s transitions: 5 s, 150 frames at 30 fps."""

    @classmethod
    def setUpClass(cls):
        import tempfile
        cls.media = tempfile.mkdtemp(prefix="segue-media-")
        cls.clips = [os.path.join(cls.media, name) for name in ("one.mp4", "two.mp4", "three.mp4")]
        media.clip(cls.clips[0], "testsrc2", 2, tone=440)
        media.clip(cls.clips[1], "mandelbrot", 2, tone=1000)
        media.clip(cls.clips[2], "testsrc2", 2, tone=440)
        cls.sources = [media.frames(path)[2] for path in cls.clips]
        cls.y4m = os.path.join(cls.media, "whole.y4m")
        segue("sequence", *cls.clips, "--transition", ".slide", "--duration", "0.5", "--animation",
              ".linear(duration: 1)", "-q", "-o", cls.y4m, check=0)
        cls.mp4 = os.path.join(cls.media, "whole.mp4")
        segue("sequence", *cls.clips, "--transition", ".opacity", "--blend", "plusLighter", "--duration", "0.5",
              "--animation", ".linear(duration: 1)", "-q", "--crf", "12", "-o", cls.mp4, check=0)

    @classmethod
    def tearDownClass(cls):
        import shutil
        shutil.rmtree(cls.media, ignore_errors=True)

    def probe(self, path, stream, entries):
        result = run("ffprobe", "-v", "error", "-select_streams", stream, "-count_frames", "-show_entries",
                     f"stream={entries}", "-of", "csv=p=0", path, check=0)
        return result.stdout.strip().split(",")

    def test_the_length_is_the_clips_less_the_overlaps(self):
        _, frames = media.y4m_frames(self.y4m)
        self.assertEqual(len(frames), 150)  # (2 + 2 + 2 − 0.5 − 0.5) s × 30
        count, = self.probe(self.mp4, "v:0", "nb_read_frames")
        self.assertEqual(int(count), 150)
        sound = media.samples(self.mp4)
        # AAC pads its start and end a little; the sound lasts the picture's 5 s within one AAC frame.
        self.assertLess(abs(len(sound) - 5 * 48000), 1024 + 2048)

    def test_frames_away_from_junctions_are_the_source_frames(self):
        width, height, ours = media.frames(self.y4m)
        for output, (clip, frame) in {15: (0, 15), 60: (1, 15), 130: (2, 40)}.items():
            # Clip 2 starts at 1.5 s, clip 3 at 3 s: frame 60 (2 s) is clip 2's 0.5 s, frame 130 clip 3's 1.333 s.
            score = media.psnr(ours[output], self.sources[clip][frame])
            self.assertGreaterEqual(score, 45, f"output frame {output} against clip {clip + 1} frame {frame}: {score:.1f} dB")

    def test_a_junction_frame_is_segue_frame_on_the_two_source_frames(self):
        # Frame 50 (1.667 s) is 0.1667 s into junction 1: clip 1 at 1.667 s (frame 50), clip 2 at 0.1667 s (frame 5).
        os.mkdir(self.path("png"))  # Segue writes into folders that exist, and creates none
        pngs = self.path("png", "f%03d.png")
        segue("sequence", *self.clips, "--transition", ".slide", "--duration", "0.5", "--animation",
              ".linear(duration: 1)", "--range", "50:51", "-q", "-o", pngs, check=0)
        for index, (clip, frame) in enumerate(((0, 50), (1, 5))):
            write_png(self.path(f"source{index}.png"), W, H, rgba(self.sources[clip][frame]))
        expected = self.path("expected.png")
        segue("frame", "--from", self.path("source0.png"), "--to", self.path("source1.png"), "--transition", ".slide",
              "--progress", str(5 / 15), "--background", "black", "-o", expected, check=0)
        _, _, ours = read_png(self.path("png", "f050.png"))
        _, _, theirs = read_png(expected)
        score = media.psnr(rgb(ours), rgb(theirs))
        self.assertGreaterEqual(score, 45, f"{score:.1f} dB")

    def test_sound_crossfades_along_the_transition_and_only_there(self):
        sound = media.samples(self.mp4)
        def levels(start):
            window = sound[int(start * 48000):int(start * 48000) + 4800]
            return media.level(window, 440), media.level(window, 1000)
        alone440, other = levels(0.7)
        self.assertLess(other, alone440 / 100, "away from junctions only one tone sounds")
        other, alone1000 = levels(2.45)
        self.assertLess(other, alone1000 / 100)
        # Junction 1 runs 1.5 … 2 s; the window 1.7 … 1.8 s has its middle at progress 0.5: equal power, cos 45°.
        a, b = levels(1.70)
        expected = media.decibels(math.cos(math.pi / 4))
        self.assertAlmostEqual(media.decibels(a / alone440), expected, delta=1)
        self.assertAlmostEqual(media.decibels(b / alone1000), expected, delta=1)

    def test_mono_clips_give_a_mono_track_at_their_own_level_and_stereo_stays_stereo(self):
        channels, = self.probe(self.mp4, "a:0", "channels")
        self.assertEqual(channels, "1", "three mono clips")
        # lavfi's sine has amplitude 1/8; a stereo upmix would put it at 1/8 × √½ in each channel (−3 dB).
        window = media.samples(self.mp4)[int(0.7 * 48000):int(0.7 * 48000) + 4800]
        self.assertAlmostEqual(media.decibels(media.level(window, 440) / 0.125), 0, delta=0.3)
        stereo = self.path("stereo.mp4")
        media.clip(stereo, "testsrc2", 1, tone=1000, extra=("-ac", "2"))
        for command in (["sequence", self.clips[0], stereo, "--duration", "0.5"],
                        ["render", "--from", self.clips[0], "--to", stereo, "--transition", ".opacity",
                         "--duration", "0.5"],
                        ["render", "--from", self.clips[0], "--to", self.clips[1], "--transition", ".opacity",
                         "--duration", "0.5"]):
            with self.subTest(command=command[:2]):
                out = self.path("mixed.mp4")
                segue(*command, "-q", "-o", out, check=0)
                expected = "1" if stereo not in command else "2"
                self.assertEqual(self.probe(out, "a:0", "channels"), [expected])

    def test_the_linear_fade_follows_its_own_gains(self):
        out = self.path("linear.mov")
        segue("sequence", *self.clips[:2], "--duration", "0.5", "--animation", ".linear(duration: 1)",
              "--audio-fade", "linear", "-q", "-o", out, check=0)
        sound = media.samples(out)
        def level(start, tone):
            return media.level(sound[int(start * 48000):int(start * 48000) + 4800], tone)
        # Progress 0.3 in the middle of 1.6 … 1.7 s: gains 0.7 and 0.3.
        self.assertAlmostEqual(media.decibels(level(1.6, 440) / level(0.5, 440)), media.decibels(0.7), delta=1)
        self.assertAlmostEqual(media.decibels(level(1.6, 1000) / level(2.5, 1000)), media.decibels(0.3), delta=1)

    def test_range_pieces_joined_are_the_whole_render(self):
        header, whole = media.y4m_frames(self.y4m)
        pieces = []
        for name, span in (("p1.y4m", "0:47"), ("p2.y4m", "47:101"), ("p3.y4m", "101:150")):
            out = self.path(name)
            segue("sequence", *self.clips, "--transition", ".slide", "--duration", "0.5", "--animation",
                  ".linear(duration: 1)", "--range", span, "-q", "-o", out, check=0)
            piece_header, frames = media.y4m_frames(out)
            self.assertEqual(piece_header, header)
            pieces += frames
        self.assertEqual(len(pieces), len(whole))
        self.assertTrue(pieces == whole, "the joined pieces differ from the whole render")

    def test_a_range_past_the_end_is_refused(self):
        result = segue("sequence", *self.clips, "--duration", "0.5", "--range", "100:400", "-o", self.path("x.y4m"))
        self.assertEqual(result.returncode, 2)
        self.assertIn("the output has 150", result.stderr)


def rgb(pixels):
    """Straight RGBA tuples from pngio as RGB bytes."""
    return bytes(channel for pixel in pixels for channel in pixel[:3])


def rgba(rgb):
    """RGB bytes as the straight RGBA tuples pngio writes."""
    return [(rgb[i], rgb[i + 1], rgb[i + 2], 255) for i in range(0, len(rgb), 3)]


class TimingTests(Workspace):
    def test_the_flash_and_the_beep_land_in_the_same_frame(self):
        lead = self.path("lead.mp4")
        media.clip(lead, "testsrc2", 2, tone=440)
        sync = self.path("sync.mp4")
        # Black with one white frame at 1.5 s, silent but for a 1 kHz beep starting at 1.5 s.
        media.ffmpeg("-f", "lavfi", "-i", f"color=black:size={W}x{H}:rate=30,drawbox=color=white:t=fill:enable='eq(n\\,45)'",
                     "-f", "lavfi", "-i", "aevalsrc='if(between(t\\,1.5\\,1.55)\\,sin(2*PI*1000*t)\\,0)':s=48000",
                     "-t", "3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", sync)
        out = self.path("out.mp4")
        segue("sequence", lead, sync, "--duration", "0.5", "-q", "-o", out, check=0)
        _, _, pictures = media.frames(out)
        flash = next(i for i, frame in enumerate(pictures[60:], 60) if sum(frame[::97]) / len(frame[::97]) > 128)
        self.assertEqual(flash, 90)  # the sync clip starts at 1.5 s; its flash is 1.5 s later
        sound = media.samples(out)
        beep = next(i for i in range(int(2.5 * 48000), len(sound)) if abs(sound[i]) > 0.25)
        self.assertEqual(int(beep * FPS / 48000), flash, f"the beep starts at sample {beep}")

    def test_24_and_30_fps_clips_do_not_drift_over_10_seconds(self):
        slow = self.path("slow.mp4")
        media.clip(slow, "testsrc2", 10.5, fps=24)
        lead = self.path("lead.mp4")
        media.clip(lead, "mandelbrot", 1, fps=30)
        out = self.path("out.y4m")
        segue("sequence", lead, slow, "--duration", "0.5", "--fps", "30", "-q", "-o", out, check=0)
        _, _, ours = media.frames(out)
        _, _, theirs = media.frames(slow)
        self.assertEqual(len(ours), round((1 + 10.5 - 0.5) * 30))
        for output in (45, 200, 300, 320):
            # The 24-fps clip starts at 0.5 s; output frame i shows its frame ⌊(i/30 − 0.5) × 24⌋.
            expected = math.floor((output / 30 - 0.5) * 24 + 1e-9)
            scores = {n: media.psnr(ours[output], theirs[n]) for n in (expected - 1, expected, expected + 1)}
            self.assertEqual(max(scores, key=scores.get), expected, f"output frame {output}: {scores}")
            self.assertGreaterEqual(scores[expected], 40)


    def test_ntsc_clips_give_an_ntsc_output_that_keeps_their_frames(self):
        # 29.97 fps (30000/1001) clips of 4.004 s: joined with 1 s they last 7.008 s, 210 frames at 29.97.
        clips = [self.path("a.mp4"), self.path("b.mp4")]
        media.clip(clips[0], "testsrc2", 4.004, fps="30000/1001", tone=440)
        media.clip(clips[1], "mandelbrot", 4.004, fps="30000/1001", tone=1000)
        y4m, mp4 = self.path("out.y4m"), self.path("out.mp4")
        segue("sequence", *clips, "--duration", "1", "-q", "-o", y4m, check=0)
        with open(y4m, "rb") as stream:
            self.assertIn(b" F30000:1001 ", stream.readline())
        _, _, ours = media.frames(y4m)
        _, _, theirs = media.frames(clips[1])
        self.assertEqual(len(ours), 210)
        # The second clip starts on the output frame nearest 3.004 s (90.03 frames): frame 90, at 3.003 s, so that
        # its picture and its sound start together. After the junction output frame i shows its frame i − 90.
        self.assertEqual(round(3.004 * 30000 / 1001), 90)
        for output in (130, 170, 209):
            self.assertGreaterEqual(media.psnr(ours[output], theirs[output - 90]), 45, f"output frame {output}")
        segue("sequence", *clips, "--duration", "1", "-q", "-o", mp4, check=0)
        probe = run("ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                    "stream=r_frame_rate,nb_read_frames", "-of", "csv=p=0", mp4, check=0)
        self.assertEqual(probe.stdout.strip(), "30000/1001,210")
        sound = media.samples(mp4)
        self.assertLess(abs(len(sound) - 7.007 * 48000), 1024 + 2048)

    def test_fps_takes_ratios_and_decimals_and_names_a_bad_one(self):
        pictures = [self.path("a.png"), self.path("b.png")]
        for path, colour in zip(pictures, ("red", "blue")):
            media.ffmpeg("-f", "lavfi", "-i", f"color={colour}:size=64x48", "-frames:v", "1", path)
        for given, header in (("24000/1001", b" F24000:1001 "), ("23.976", b" F24000:1001 "), ("12.5", b" F25:2 ")):
            out = self.path("out.y4m")
            segue("render", "--from", pictures[0], "--to", pictures[1], "--transition", ".opacity", "--fps", given,
                  "-q", "-o", out, check=0)
            with open(out, "rb") as stream:
                self.assertIn(header, stream.readline(), given)
        result = segue("render", "--from", pictures[0], "--to", pictures[1], "--transition", ".opacity",
                       "--fps", "30/0", "-q", "-o", self.path("bad.y4m"), check=2)
        self.assertIn("option '--fps' needs frames per second between 1 and 1000", result.stderr)
        self.assertIn("'30/0'", result.stderr)
        self.assertFalse(os.path.exists(self.path("bad.y4m")))


class SeekingTests(Workspace):
    """Times more than 5 s past the frame shown are reached by seeking to the
    keyframe before them, not by decoding everything between: the frames
    must be those that decoding the file whole gives."""

    def test_range_pieces_deep_in_a_long_clip_join_into_the_whole_render(self):
        long, short = self.path("long.mp4"), self.path("short.mp4")
        media.clip(long, "testsrc2", 14, tone=440, extra=("-g", "30"))
        media.clip(short, "mandelbrot", 2, tone=1000)
        common = ["sequence", long, short, "--duration", "0.5", "-q"]
        whole = self.path("whole.y4m")
        segue(*common, "-o", whole, check=0)
        header, frames = media.y4m_frames(whole)
        self.assertEqual(len(frames), 465)
        pieces = []
        for span in ("0:100", "100:350", "350:465"):  # the last starts 11.7 s in, 11.6 s past the first frame
            out = self.path(span.replace(":", "-") + ".y4m")
            segue(*common, "--range", span, "-o", out, check=0)
            piece_header, piece = media.y4m_frames(out)
            self.assertEqual(piece_header, header)
            pieces += piece
        self.assertTrue(pieces == frames, "the joined pieces differ from the whole render")
        # With sound: the piece's picture and sound are those of the whole render's frames 350…464.
        whole_mp4, piece_mp4 = self.path("whole.mp4"), self.path("piece.mp4")
        segue(*common, "--crf", "0", "-o", whole_mp4, check=0)
        segue(*common, "--crf", "0", "--range", "350:465", "-o", piece_mp4, check=0)
        _, _, all_pictures = media.frames(whole_mp4)
        _, _, piece_pictures = media.frames(piece_mp4)
        self.assertEqual(len(piece_pictures), 115)
        for k in (0, 30, 114):
            self.assertGreaterEqual(media.psnr(piece_pictures[k], all_pictures[350 + k]), 50, f"piece frame {k}")
        ours = media.level(media.samples(piece_mp4)[48000:96000], 440)
        theirs = media.level(media.samples(whole_mp4)[(350 + 30) * 1600:(350 + 60) * 1600], 440)
        self.assertGreater(theirs, 0.05)
        self.assertLess(abs(media.decibels(ours / theirs)), 0.1)

    def test_a_raw_stream_is_not_sought_but_read_to_the_frame(self):
        # A raw H.264 stream has no seeking of its own: FFmpeg's generic one, by bytes, times the
        # frames after it wrongly, so a start 10 s in is reached by decoding, and shows frame 300.
        raw, short = self.path("raw.h264"), self.path("short.mp4")
        media.ffmpeg("-f", "lavfi", "-i", f"testsrc2=size={W}x{H}:rate=30", "-t", "14", "-c:v", "libx264", "-g", "30",
                     "-pix_fmt", "yuv420p", "-f", "h264", raw)
        media.clip(short, "mandelbrot", 2)
        out = self.path("frame.png")
        segue("frame", "--from", raw, "--from-start", "10", "--to", short, "--transition", ".opacity",
              "--progress", "0", "-o", out, check=0)
        _, _, ours = media.frames(out)
        _, _, theirs = media.frames(raw)
        scores = {n: media.psnr(ours[0], theirs[n]) for n in (7, 299, 300, 301)}
        self.assertEqual(max(scores, key=scores.get), 300, f"{scores}")
        self.assertGreaterEqual(scores[300], 40)

    def test_a_start_past_damage_is_reached_by_seeking(self):
        # An 8-s Y4M stream damaged at frame 20: decoded from its start it stops at 0.633 s
        # (see BadMediaTests); frames 200 on are reached by seeking past the damage.
        good, bad = self.path("good.y4m"), self.path("bad.y4m")
        media.damaged_y4m(good, bad, 8)
        short = self.path("short.mp4")
        media.clip(short, "mandelbrot", 2)
        out = self.path("out.y4m")
        segue("sequence", bad, short, "--duration", "0.5", "--range", "200:220", "-q", "-o", out, check=0)
        _, _, ours = media.frames(out)
        _, _, theirs = media.frames(good)
        self.assertEqual(len(ours), 20)
        for k in (0, 10, 19):
            scores = {n: media.psnr(ours[k], theirs[n]) for n in (199 + k, 200 + k, 201 + k)}
            self.assertEqual(max(scores, key=scores.get), 200 + k, f"output frame {200 + k}: {scores}")
            self.assertGreaterEqual(scores[200 + k], 40)


class OrientationTests(Workspace):
    def test_a_jpeg_with_exif_orientation_6_comes_out_upright(self):
        # Stored landscape, left red and right blue; orientation 6 turns it a quarter clockwise: red on top.
        stored = self.path("stored.png")
        write_png(stored, 64, 32, [(255, 0, 0, 255) if x < 32 else (0, 0, 255, 255) for y in range(32) for x in range(64)])
        plain = self.path("plain.jpg")
        media.ffmpeg("-i", stored, "-q:v", "2", plain)
        photo = self.path("photo.jpg")
        with open(plain, "rb") as f:
            data = f.read()
        with open(photo, "wb") as f:
            f.write(data[:2] + exif_orientation(6) + data[2:])
        out = self.path("upright.png")
        segue("frame", "--to", photo, "--transition", ".identity", "--progress", "1", "-o", out, check=0)
        width, height, pixels = read_png(out)
        self.assertEqual((width, height), (32, 64))
        top, bottom = pixels[5 * 32 + 16], pixels[58 * 32 + 16]
        self.assertGreater(top[0], 200, top)
        self.assertGreater(bottom[2], 200, bottom)

    def test_a_clip_with_rotation_metadata_comes_out_upright(self):
        stored = self.path("stored.mp4")
        media.ffmpeg("-f", "lavfi", "-i", "color=red:size=64x32:rate=30,drawbox=x=32:w=32:h=32:color=blue:t=fill",
                     "-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", stored)
        rotated = self.path("rotated.mp4")
        # A display matrix turning it a quarter turn; FFmpeg's own player rotation is the expectation.
        media.ffmpeg("-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90", rotated)
        theirs = self.path("theirs.png")
        media.ffmpeg("-i", rotated, "-frames:v", "1", theirs)
        width, height, upright = read_png(theirs)
        self.assertEqual((width, height), (32, 64))
        out = self.path("f%02d.png")
        segue("sequence", rotated, "-q", "-o", out, check=0)
        ours = read_png(self.path("f00.png"))
        self.assertEqual(ours[:2], (32, 64))
        self.assertGreaterEqual(media.psnr(rgb(ours[2]), rgb(upright)), 45)
        top = upright[5 * 32 + 16]
        self.assertNotEqual(top[0] > 200, top[2] > 200, "the test picture has one colour on top")


def exif_orientation(value):
    """An APP1 segment holding EXIF with one tag: Orientation."""
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1)
    tiff += struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(">I", 0)
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


class RenderVideoTests(Workspace):
    def test_render_plays_the_last_and_first_seconds_of_two_clips(self):
        a, b = self.path("a.mp4"), self.path("b.mp4")
        media.clip(a, "testsrc2", 3, tone=440)
        media.clip(b, "mandelbrot", 3, tone=1000)
        out = self.path("out.y4m")
        segue("render", "--from", a, "--to", b, "--transition", ".opacity", "--duration", "1",
              "--animation", ".linear(duration: 1)", "-q", "-o", out, check=0)
        _, _, ours = media.frames(out)
        _, _, source = media.frames(a)
        self.assertEqual(len(ours), 31)
        # Frame 0 is the removed clip at 2 s (its frame 60), fully shown. Every frame of a render is composited, so
        # it went through RGB and 4:2:0 again: testsrc2's sharp colour edges lose a little to the second subsampling.
        self.assertGreaterEqual(media.psnr(ours[0], source[60]), 40)
        _, _, inserted = media.frames(b)
        self.assertGreaterEqual(media.psnr(ours[30], inserted[30]), 40)

    def test_the_start_options_choose_where(self):
        a = self.path("a.mp4")
        media.clip(a, "testsrc2", 3)
        out = self.path("out.y4m")
        segue("render", "--from", a, "--to", self.b, "--from-start", "0.5", "--transition", ".opacity",
              "--duration", "1", "--size", f"{W}x{H}", "-q", "-o", out, check=0)
        _, _, ours = media.frames(out)
        _, _, source = media.frames(a)
        self.assertGreaterEqual(media.psnr(ours[0], source[15]), 40)

    def test_duration_stretches_the_animation_and_length_shows_it_finished(self):
        red, blue = self.path("red.png"), self.path("blue.png")
        write_png(red, 32, 16, [(255, 0, 0, 255)] * 512)
        write_png(blue, 32, 16, [(0, 0, 255, 255)] * 512)
        def frames(*options):
            folder = self.path(f"frames{len(os.listdir(self.dir))}")
            os.mkdir(folder)
            segue("render", "--from", red, "--to", blue, "--transition", ".opacity", "--blend", "plusLighter",
                  "--fps", "10", *options, "-q", "-o", os.path.join(folder, "f%03d.png"), check=0)
            return [read_png(os.path.join(folder, name))[2] for name in sorted(os.listdir(folder))]
        # A 1-s linear animation stretched over 2 s: frame k of 21 at progress k / 20, as 'sequence' stretches it.
        stretched = frames("--animation", ".linear(duration: 1)", "--duration", "2")
        self.assertEqual(len(stretched), 21)
        for k in (0, 5, 10, 15, 20):
            red_part = stretched[k][0][0]
            self.assertAlmostEqual(red_part, 255 * (1 - k / 20), delta=1, msg=f"frame {k}")
        # The same frames as a 2-s linear animation left as it is.
        self.assertEqual(frames("--animation", ".linear(duration: 2)"), stretched)
        # --length renders on past the transition's end: its frames show it finished.
        longer = frames("--animation", ".linear(duration: 1)", "--duration", "2", "--length", "3")
        self.assertEqual(len(longer), 31)
        self.assertEqual(longer[:21], stretched)
        self.assertEqual(longer[30], stretched[20])
        self.assertEqual(longer[30][0], (0, 0, 255, 255))
        refused = segue("render", "--to", blue, "--transition", ".opacity", "--duration", "0", "-o", self.path("x.y4m"))
        self.assertEqual(refused.returncode, 2)
        self.assertIn("option '--duration' needs the seconds the transition lasts, above 0 and up to 3600, not '0'",
                      refused.stderr)


class LiveSheetTests(Workspace):
    def test_a_sheet_of_a_video_plays_it_across_the_frames(self):
        clip = self.path("clip.mp4")
        media.clip(clip, "testsrc2", 2)
        first = self.path("first.png")
        segue("frame", "--to", clip, "--transition", ".identity", "--progress", "1", "-o", first, check=0)
        live, still = self.path("live.png"), self.path("still.png")
        for source, out in ((clip, live), (first, still)):
            segue("sheet", "--to", source, "--transition", ".identity", "--frames", "3", "-o", out, check=0)
        live_sheet, still_sheet = read_png(live), read_png(still)
        self.assertEqual(live_sheet[:2], still_sheet[:2])
        # testsrc2 draws its time: frames 0.5 s and 1 s in differ from the first.
        self.assertNotEqual(live_sheet[2], still_sheet[2])


class MediaFormatsTests(Workspace):
    """Every picture format FFmpeg reads, as inputs to a sequence of stills."""

    def test_pictures_of_every_format_are_read(self):
        source = self.path("source.png")
        write_png(source, 64, 48, [((x * 4) % 256, (y * 5) % 256, 128, 255) for y in range(48) for x in range(64)])
        paths = []
        for extension in ("jpg", "webp", "gif", "tiff", "bmp"):
            path = self.path(f"p.{extension}")
            media.ffmpeg("-i", source, *(["-q:v", "2"] if extension == "jpg" else []), path)
            paths.append(path)
        out = self.path("out.y4m")
        result = segue("sequence", *paths, "--hold", "0.1", "--duration", "0.1", "-q", "-o", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        _, frames = media.y4m_frames(out)
        self.assertEqual(len(frames), round((5 * 0.1 + 4 * 0.1) * 30))

    def test_every_container_is_written_and_read_back(self):
        source = self.path("source.mp4")
        media.clip(source, "testsrc2", 1, tone=440)
        expected = {"mp4": "h264 aac", "mov": "h264 aac", "mkv": "h264 aac", "webm": "vp9 opus"}
        for extension, codecs in expected.items():
            out = self.path(f"out.{extension}")
            result = segue("sequence", source, "-q", "-o", out)
            self.assertEqual(result.returncode, 0, result.stderr)
            probe = run("ffprobe", "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", out, check=0)
            self.assertEqual(" ".join(probe.stdout.split()), codecs, extension)
            # Segue reads its own output back: the first frame, upright and whole.
            _, _, decoded = media.frames(out)
            self.assertEqual(len(decoded), 30, extension)
            again = self.path(f"again-{extension}.png")
            segue("frame", "--to", out, "--transition", ".identity", "--progress", "1", "-o", again, check=0)
            self.assertEqual(read_png(again)[:2], (W, H))

    def test_webm_with_alpha_keeps_its_transparency(self):
        clip = self.path("alpha.webm")
        media.ffmpeg("-f", "lavfi", "-i", "color=black:size=64x48:rate=30,format=rgba,"
                     "geq=r=255:g=0:b=0:a='if(lt(X\\,32)\\,255\\,0)'", "-t", "1", "-c:v", "libvpx-vp9",
                     "-pix_fmt", "yuva420p", clip)
        out = self.path("f%02d.png")
        segue("sequence", clip, "--background", "clear", "-q", "-o", out, check=0)
        _, _, pixels = read_png(self.path("f05.png"))
        self.assertEqual(pixels[10 * 64 + 5][3], 255)
        self.assertLess(pixels[10 * 64 + 50][3], 10)

    def test_a_stream_on_standard_input(self):
        still = self.path("still.jpg")
        media.ffmpeg("-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", still)
        with open(still, "rb") as f:
            data = f.read()
        out = self.path("out.png")
        result = subprocess.run([SEGUE, "frame", "--to", "-", "--transition", ".identity", "--progress", "1", "-o", out],
                                input=data, capture_output=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(read_png(out)[:2], (64, 48))


class BadMediaTests(Workspace):
    """Bad input: a message naming the file (and the time, where there is one),
    exit status 1 or 2, and no output, partial or temporary, left behind."""

    def assertRefused(self, args, *fragments, output=None):
        output = output or self.path("out.mp4")
        before = set(self.files())
        result = segue(*args, "-o", output)
        self.assertIn(result.returncode, (1, 2), result.stderr)
        for fragment in fragments:
            self.assertIn(fragment, result.stderr)
        self.assertNotIn("Fatal error", result.stderr)
        self.assertEqual(set(self.files()), before, "something was left behind")
        return result

    def test_a_file_that_is_not_media(self):
        text = self.path("notes.mp4")
        with open(text, "w") as f:
            f.write("these are not the frames you are looking for\n" * 20)
        # FFmpeg's own reason, as it logged it (its error code alone says "Invalid data").
        self.assertRefused(["sequence", text, self.a], "notes.mp4", "moov atom not found")

    def test_a_sound_only_file(self):
        sound = self.path("tone.m4a")
        media.ffmpeg("-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", sound)
        self.assertRefused(["sequence", sound, self.a], "tone.m4a", "only sound")

    def test_an_empty_file(self):
        empty = self.path("empty.mp4")
        open(empty, "w").close()
        self.assertRefused(["render", "--from", empty, "--to", self.a, "--transition", ".slide"], "empty.mp4")

    def test_a_truncated_mp4(self):
        whole = self.path("whole.mp4")
        media.clip(whole, "testsrc2", 2, tone=440)
        with open(whole, "rb") as f:
            data = f.read()
        cut = self.path("cut.mp4")
        with open(cut, "wb") as f:
            f.write(data[:len(data) // 2])
        self.assertRefused(["sequence", cut, self.a], "cut.mp4")

    def test_a_truncated_mp4_with_its_index_first_says_where_its_data_ends(self):
        # With the index at the front (faststart) FFmpeg opens it; its packets end part-way through.
        whole = self.path("whole.mp4")
        media.clip(whole, "testsrc2", 2, tone=440, extra=("-movflags", "+faststart"))
        with open(whole, "rb") as f:
            data = f.read()
        cut = self.path("cut.mp4")
        with open(cut, "wb") as f:
            f.write(data[:len(data) * 3 // 5])
        result = self.assertRefused(["sequence", cut, self.a], "cut.mp4", "cut short", "it declares")
        ended = float(re.search(r"data ending at (\d+\.\d+) s of the 2\.\d+ s", result.stderr).group(1))
        self.assertTrue(0.2 < ended < 1.9, result.stderr)

    def test_standard_input_twice_is_refused_on_the_command_line(self):
        result = self.assertRefused(["sequence", "-", self.a, "-"], "standard input ('-') can be read only once")
        self.assertEqual(result.returncode, 2)

    def test_a_start_past_the_end_of_a_clip_is_refused_with_its_length(self):
        short = self.path("short.mp4")
        media.clip(short, "testsrc2", 2)
        for command in (["frame", "--progress", "0.5"], ["render", "--duration", "0.5"]):
            with self.subTest(command=command[0]):
                output = self.path("out.png" if command[0] == "frame" else "out.mp4")
                result = self.assertRefused([*command, "--from", short, "--from-start", "99", "--to", self.a,
                                             "--transition", ".opacity"],
                                            "option '--from-start' is 99.000 s, past the end of", "short.mp4",
                                            "which lasts 2.000 s", output=output)
                self.assertEqual(result.returncode, 2)

    def test_corrupt_packets_in_the_middle_stop_with_the_time(self):
        # A Y4M stream whose frame marker is damaged at frame 20: FFmpeg's y4m demuxer refuses it there.
        bad = self.path("bad.y4m")
        media.damaged_y4m(self.path("good.y4m"), bad, 2)
        # The last whole frame before the damage is frame 19, at 19/30 s.
        self.assertRefused(["sequence", self.a, bad, "--hold", "0.2", "--duration", "0.2"], "bad.y4m", "after 0.633 s")

    def test_a_clip_shorter_than_its_overlaps(self):
        short = self.path("short.mp4")
        media.clip(short, "testsrc2", 1)
        result = self.assertRefused(["sequence", self.a, short, self.b, "--duration", "0.8"], "short.mp4", "1.000 s",
                                    "1.600 s")
        self.assertEqual(result.returncode, 2)

    def test_a_codec_the_container_cannot_hold(self):
        out = self.path("out.webm")
        self.assertRefused(["sequence", self.a, "--video-codec", "libx264"], "out.webm", "cannot hold h264", output=out)
        toned = self.path("toned.mkv")
        media.clip(toned, "testsrc2", 1, tone=440)
        self.assertRefused(["sequence", toned, "--audio-codec", "pcm_f32le"], "out.mp4", "cannot hold pcm_f32le sound",
                           "--audio-codec", output=self.path("out.mp4"))
        self.assertRefused(["sequence", toned, "--audio-codec", "libx264"], "'libx264' is not an audio encoder")

    def test_an_unknown_codec_and_preset(self):
        self.assertRefused(["sequence", self.a, "--video-codec", "nonesuch"], "nonesuch")
        self.assertRefused(["sequence", self.a, "--preset", "warp"], "warp")

    def test_a_full_disk_removes_the_partial_output(self):
        if os.geteuid() != 0:
            self.skipTest("mounting a small file system needs root")
        disk = self.path("disk")
        os.mkdir(disk)
        if run("mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", disk).returncode != 0:
            self.skipTest("cannot mount a tmpfs here")
        try:
            clip = self.path("long.mp4")
            media.clip(clip, "testsrc2", 4, size=(320, 240))
            result = segue("sequence", clip, "--crf", "0", "-q", "-o", os.path.join(disk, "out.mp4"))
            self.assertEqual(result.returncode, 1, result.stderr)
            self.assertIn("out.mp4", result.stderr)
            self.assertIn("No space left", result.stderr)
            self.assertEqual(os.listdir(disk), [])
        finally:
            run("umount", disk)

    def test_ctrl_c_while_encoding_leaves_nothing(self):
        clip = self.path("long.mp4")
        media.clip(clip, "testsrc2", 20, size=(640, 480))
        out = self.path("out.mp4")
        before = set(self.files())
        # --reencode: encoding every frame (a lone clip would be copied whole in a moment).
        process = subprocess.Popen([SEGUE, "sequence", clip, "--reencode", "--preset", "veryslow", "-q", "-o", out],
                                   stderr=subprocess.DEVNULL)
        time.sleep(2)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        self.assertNotEqual(process.returncode, 0)
        self.assertEqual(set(self.files()), before)

    def test_standard_input_closed_early(self):
        good = self.path("good.y4m")
        media.ffmpeg("-f", "lavfi", "-i", f"testsrc2=size={W}x{H}:rate=30", "-t", "1", "-pix_fmt", "yuv420p", good)
        with open(good, "rb") as f:
            data = f.read()
        out = self.path("out.png")
        # Half a frame: the stream ends before its first picture is whole.
        cut = data[:data.index(b"\n") + 1 + 6 + W * H // 2]
        result = subprocess.run([SEGUE, "frame", "--to", "-", "--transition", ".identity", "--progress", "1", "-o", out],
                                input=cut, capture_output=True, timeout=60)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(b"'-'", result.stderr)
        self.assertFalse(os.path.exists(out))


class Y4MExampleTests(Workspace):
    """examples/y4m_transition.c: two live Y4M streams joined with libsegue
    alone, through segue_surface_import/export."""

    def streams(self):
        a, b = self.path("a.y4m"), self.path("b.y4m")
        for path, source in ((a, "testsrc2"), (b, "mandelbrot")):
            media.ffmpeg("-f", "lavfi", "-i", f"{source}=size={W}x{H}:rate=30", "-t", "2", "-pix_fmt", "yuv420p", path)
        return a, b

    def test_both_streams_stay_live_and_end_as_they_should(self):
        a, b = self.streams()
        out = self.path("out.y4m")
        with open(out, "wb") as f:
            result = subprocess.run([os.path.join(EXAMPLES, "y4m_transition"), a, b, ".opacity", ".linear(duration: 1)"],
                                    stdout=f, stderr=subprocess.PIPE, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr)
        _, frames = media.y4m_frames(out)
        _, first = media.y4m_frames(a)
        _, second = media.y4m_frames(b)
        self.assertEqual(len(frames), 31)
        # 4:2:0 → RGB → 4:2:0 at the identity states: within rounding of the sources, frame for frame.
        self.assertGreaterEqual(media.psnr(frames[0], first[0]), 45)
        self.assertGreaterEqual(media.psnr(frames[30], second[30]), 45)
        # Live, not a still: the last frame is the inserted stream's frame 30, not its frame 0.
        self.assertLess(media.psnr(frames[30], second[0]), media.psnr(frames[30], second[30]) - 10)

    def test_a_broken_stream_is_named(self):
        a, _ = self.streams()
        broken = self.path("broken.y4m")
        with open(broken, "wb") as f:
            f.write(b"YUV4MPEG2 W160 H0 F30:1\n")
        result = subprocess.run([os.path.join(EXAMPLES, "y4m_transition"), a, broken, ".slide", ".smooth"],
                                capture_output=True, timeout=60)
        self.assertEqual(result.returncode, 1)
        self.assertIn(b"broken.y4m", result.stderr)
        self.assertIn(b"header field H", result.stderr)


LIBAV = ("libavformat", "libavcodec", "libavfilter", "libswscale", "libswresample", "libavutil")


class LibraryTests(Workspace):
    def test_libsegue_needs_no_libav(self):
        needed = run("readelf", "-d", os.path.join(BUILD, "lib", "libsegue.so"), check=0).stdout
        self.assertIn("libpixman", needed)
        for library in LIBAV + ("libheif", "liblcms2"):
            self.assertNotIn(library, needed)

    def test_segue_opens_ffmpeg_only_when_it_meets_media(self):
        # Not linked: FFmpeg's libraries are opened the first time a media file is read or written.
        needed = run("readelf", "-d", SEGUE, check=0).stdout
        for library in LIBAV + ("libheif",):
            self.assertNotIn(library, needed)
        # A folder where every libav soname is a file that is not a library, searched first.
        broken = self.path("broken-libav")
        os.makedirs(broken)
        cache = run("ldconfig", "-p", check=0).stdout
        for library in LIBAV:
            soname = next(word for word in cache.split() if word.startswith(library + ".so."))
            with open(os.path.join(broken, soname), "w") as f:
                f.write("not a library\n")
        env = dict(os.environ, LD_LIBRARY_PATH=broken)

        def with_broken_libav(*args):
            return subprocess.run([SEGUE, *args], capture_output=True, text=True, env=env, timeout=120)

        pictures = with_broken_libav("render", "--from", self.a, "--to", self.b, "--transition", ".slide",
                                     "--frames", "3", "-q", "-o", self.path("f%d.png"))
        self.assertEqual(pictures.returncode, 0, pictures.stderr)
        self.assertEqual(with_broken_libav("list").returncode, 0)
        clip = self.path("clip.mp4")
        media.clip(clip, "testsrc2", 1)
        video = with_broken_libav("frame", "--from", clip, "--to", self.b, "--transition", ".slide",
                                  "--progress", "0.5", "-o", self.path("mid.png"))
        self.assertEqual(video.returncode, 1, video.stderr)
        self.assertIn("cannot load FFmpeg's libavutil.so.", video.stderr)
        self.assertIn("broken-libav", video.stderr)  # the dynamic loader's reason names the file it tried
        self.assertFalse(os.path.exists(self.path("mid.png")))

    def test_segue_opens_libheif_only_when_it_meets_a_heif_photo(self):
        # libheif brings x265, libaom and dav1d: opened the first time a HEIC or AVIF photo is read.
        broken = self.path("broken-heif")
        os.makedirs(broken)
        with open(os.path.join(broken, "libheif.so.1"), "w") as f:
            f.write("not a library\n")
        env = dict(os.environ, LD_LIBRARY_PATH=broken)
        pictures = subprocess.run([SEGUE, "frame", "--to", self.b, "--transition", ".slide", "--progress", "0.5",
                                   "-o", self.path("png.png")], capture_output=True, text=True, env=env, timeout=120)
        self.assertEqual(pictures.returncode, 0, pictures.stderr)
        photo = self.path("photo.heic")
        with open(photo, "wb") as f:
            f.write(b"\0\0\0\x18ftypheic")
        refused = subprocess.run([SEGUE, "frame", "--to", photo, "--transition", ".slide", "--progress", "0.5",
                                  "-o", self.path("heic.png")], capture_output=True, text=True, env=env, timeout=120)
        self.assertEqual(refused.returncode, 1, refused.stderr)
        self.assertIn("cannot load libheif.so.1 (Debian's libheif1): ", refused.stderr)
        self.assertIn("apt-get install libheif1", refused.stderr)
        self.assertFalse(os.path.exists(self.path("heic.png")))


if __name__ == "__main__":
    unittest.main()
