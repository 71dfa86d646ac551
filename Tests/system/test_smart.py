"""Smart rendering in `segue sequence`: coded pictures copied wherever no
transition touches them, the rest encoded in pieces that splice in.

The expectations are independent of Segue's splicing:
- the packets FFmpeg reads from the sources (their MD5s, `-c copy -f framemd5`);
- the frames of the same command written to YUV4MPEG2, where decoded frames go
  out as they are: the lossless truth of the render, frame for frame;
- FFmpeg's decoder with -xerror, and GStreamer's demuxer, parser and decoder
  (qtdemux ! h264parse ! avdec_h264), which must agree frame for frame;
- the full re-encode (--reencode): the same frame count and duration;
- headless Chromium, whose <video> element plays the file to its end."""
import hashlib
import os
import re
import shutil
import subprocess
import unittest

import browser
import media
from support import SEGUE, Workspace, run, segue

W, H = media.W, media.H
FRAME = W * H * 3 // 2


def yuv_frames(path):
    """Every frame of `path` as 4:2:0 bytes, as FFmpeg decodes it."""
    data = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "yuv420p",
                           "-fps_mode", "passthrough", "-"], capture_output=True, check=True, timeout=300).stdout
    return [data[i:i + FRAME] for i in range(0, len(data), FRAME)]


def packet_hashes(path):
    """The MD5 of each video packet of `path`, in file order, as FFmpeg reads them."""
    text = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v", "-c", "copy", "-f",
                           "framemd5", "-"], capture_output=True, text=True, check=True, timeout=300).stdout
    return [line.rsplit(",", 1)[1].strip() for line in text.splitlines() if not line.startswith("#")]


def closed_prefix(path, first, limit):
    """How many packets of `path`, in decode order from the one that shows
    frame `first` (a keyframe), show exactly frames `first`… up to the last
    of them: the longest such run within `limit` frames. Packets come from
    ffprobe; frames are numbered by their presentation times."""
    text = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "packet=pts",
                           "-of", "csv=p=0", path], capture_output=True, text=True, check=True, timeout=60).stdout
    times = [int(line) for line in text.split()]
    rank = {t: r for r, t in enumerate(sorted(times))}
    start = [rank[t] for t in times].index(first)
    longest, last = 0, first
    for count, t in enumerate(times[start:], 1):
        last = max(last, rank[t])
        if last >= first + limit:
            break
        if last - first + 1 == count:
            longest = count
    return longest


def duration(path):
    return float(run("ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path,
                     check=0).stdout)


@unittest.skipUnless(shutil.which("ffmpeg"), "ffmpeg is not installed (make test-deps installs it)")
class SmartRenderingTests(Workspace):
    def clip(self, name, source, seconds=4, gop=15, bframes=None, fps=30, tone=440, extra=()):
        """An H.264 + AAC clip at crf 18 with a keyframe every `gop` frames (no scene-cut keyframes)."""
        params = [f"keyint={gop}", f"min-keyint={gop}", "scenecut=0", "crf=18"]
        if bframes is not None:
            params.append(f"bframes={bframes}")
        path = self.path(name)
        media.clip(path, source, seconds, fps=fps, tone=tone, extra=("-x264-params", ":".join(params), *extra))
        return path

    def smart(self, *args, copied=None, command="sequence"):
        """Runs `command` smart, in full (--reencode) and to YUV4MPEG2, checks
        everything that does not depend on the case, and returns the frames
        copied and the smart file's path."""
        out, full, truth = self.path("smart.mp4"), self.path("full.mp4"), self.path("truth.y4m")
        report = segue(command, *args, "-o", out, check=0).stderr
        match = re.search(r"copied (\d+) of (\d+) frames", report)
        self.assertIsNotNone(match, report)
        count, total = int(match[1]), int(match[2])
        segue(command, *args, "--reencode", "-q", "-o", full, check=0)
        segue(command, *args, "-q", "-o", truth, check=0)

        # A valid stream, to FFmpeg's strictest decoding and to GStreamer's.
        strict = run("ffmpeg", "-nostdin", "-v", "error", "-xerror", "-i", out, "-f", "null", "-")
        self.assertEqual((strict.returncode, strict.stderr), (0, ""), "ffmpeg -xerror decodes it cleanly")
        got = yuv_frames(out)
        if shutil.which("gst-launch-1.0"):
            raw = self.path("gst.yuv")
            gst = run("gst-launch-1.0", "-q", "filesrc", f"location={out}", "!", "qtdemux", "!", "h264parse", "!",
                      "avdec_h264", "!", "videoconvert", "!", "video/x-raw,format=I420", "!", "filesink",
                      f"location={raw}")
            self.assertEqual(gst.returncode, 0, gst.stderr + gst.stdout)
            with open(raw, "rb") as f:
                data = f.read()
            self.assertEqual(len(data), len(got) * FRAME, "GStreamer decodes every frame")
            self.assertTrue(data == b"".join(got), "GStreamer decodes the frames FFmpeg does")

        # Exactly the full render's length.
        self.assertEqual(len(got), total)
        self.assertEqual(len(yuv_frames(full)), total, "the full re-encode's frame count")
        self.assertAlmostEqual(duration(out), duration(full), delta=1e-3)

        # Copied frames are the render's own, bit for bit; the encoded ones as
        # close to it as the full re-encode's (both at crf 18, the sources' own).
        expected, encoded = yuv_frames(truth), yuv_frames(full)
        self.assertEqual(len(expected), total)
        same = [k for k in range(total) if got[k] == expected[k]]
        self.assertGreaterEqual(len(same), count, "every copied frame is the decoded source frame, in its place")
        for k in set(range(total)) - set(same):
            smart, reencoded = media.psnr(got[k], expected[k]), media.psnr(encoded[k], expected[k])
            self.assertGreater(smart, min(36, reencoded - 1.5), f"encoded frame {k} (full re-encode: {reencoded:.1f} dB)")

        # Copied packets are the sources' bytes.
        files = {arg.split("#t=")[0] for arg in args}
        sources = {h for path in files if path.endswith((".mp4", ".mkv")) and os.path.exists(path) for h in packet_hashes(path)}
        self.assertEqual(sum(h in sources for h in packet_hashes(out)), count, "packets copied byte for byte")
        if copied is not None:
            self.assertEqual(count, copied, report)
        return count, out

    def test_junctions_encode_only_their_own_gops_with_b_frames_and_without(self):
        for bframes in (3, 0):
            with self.subTest(bframes=bframes):
                a = self.clip("a.mp4", "testsrc2", bframes=bframes)
                b = self.clip("b.mp4", "mandelbrot", bframes=bframes, tone=660)
                c = self.clip("c.mp4", "smptebars", bframes=bframes, tone=880)
                # 0.5 s junctions over 0.5 s GOPs: each junction is exactly one GOP of each side.
                self.smart(a, b, c, "--duration", "0.5", copied=360 - 2 * 15 - 2 * 15)

    def test_long_gops_are_copied_up_to_the_junction_and_encoded_to_the_keyframe_after_it(self):
        a = self.clip("a.mp4", "testsrc2", seconds=12, gop=150)
        b = self.clip("b.mp4", "mandelbrot", seconds=3, gop=300)
        # a's GOPs at 0 and 5 s are copied, and the one from 10 s up to the junction at 11 s, as far
        # as its B-frames allow; b is one GOP, in the junction.
        self.smart(a, b, "--duration", "1", copied=300 + closed_prefix(a, 300, 30))
        # One GOP per clip, a's keyframe trimmed away and b's in the junction: nothing to copy, and
        # the report says so.
        a = self.clip("a.mp4", "testsrc2", seconds=4, gop=300)
        result = segue("sequence", f"{a}#t=0.5", b, "-o", self.path("out.mp4"), check=0)
        self.assertIn("no clip shows a keyframe outside the transitions and trims: re-encoding every frame",
                      result.stderr)

    def test_trims_mid_gop_are_encoded_to_the_next_keyframe(self):
        a = self.clip("a.mp4", "testsrc2", seconds=6)
        b = self.clip("b.mp4", "mandelbrot")
        # From 1.1 s (frame 33, inside the GOP at 30): frames 33…44 encoded, from 45 copied.
        count, _ = self.smart(f"{a}#t=1.1,5", b, "--duration", "0.5")
        self.assertEqual(count, (150 - 45) - 15 + (120 - 15))

    def test_hard_cuts_on_keyframes_copy_both_sides_whole(self):
        a = self.clip("a.mp4", "testsrc2")
        b = self.clip("b.mp4", "mandelbrot")
        self.smart(a, b, "--transition", "cut", copied=240)
        # Off a keyframe: a cut at 1.1 s into a's GOP at 1 s copies that GOP up to the cut as far as
        # its B-frames allow, and encodes the rest.
        self.smart(f"{a}#t=,1.1", b, "--duration", "0", copied=30 + closed_prefix(a, 30, 3) + 120)

    def test_render_copies_the_inserted_video_once_the_transition_has_finished(self):
        a = self.clip("a.mp4", "testsrc2")
        b = self.clip("b.mp4", "mandelbrot", tone=660)
        # A 1-s animation in 3 s of output (91 frames): b's GOPs from 1 s to 3 s are copied, and the
        # last frame, at 3 s, which begins a GOP: its keyframe alone.
        for transition in (".opacity", ".slide", ".push(from: .bottom).combined(with: .opacity)"):
            with self.subTest(transition=transition):
                self.smart("--from", a, "--to", b, "--transition", transition, "--length", "3", command="render",
                           copied=61)
        # Once finished, this one leaves the removed clip on top at half its size: nothing is copied.
        result = segue("render", "--from", a, "--to", b, "--transition", ".scale(0.5)", "--stacking", "removed",
                       "--length", "3", "-o", self.path("out.mp4"), check=0)
        self.assertIn("segue render: the transition does not leave --to (b.mp4) as it is once finished: "
                      "re-encoding every frame", result.stderr)
        self.assertNotIn("copied", result.stderr)

    @unittest.skipUnless(browser.CHROMIUM, "Chromium is not installed (make test-deps installs chromium-headless-shell)")
    def test_a_browser_plays_spliced_files_to_their_end(self):
        a = self.clip("a.mp4", "testsrc2")
        b = self.clip("b.mp4", "mandelbrot", tone=660)
        c = self.clip("c.mp4", "smptebars", tone=880)
        if browser.play(a)[0] != "ended":
            self.skipTest("this Chromium does not play H.264")
        # A junction, a trim mid-GOP and a hard cut off a keyframe: seams of every kind.
        sequence = self.path("sequence.mp4")
        report = segue("sequence", f"{a}#t=1.1", b, f"{c}#t=,2.2", "--transition", ".slide", "--transition", "cut",
                       "--duration", "0.5", "-o", sequence, check=0).stderr
        self.assertIn("copied", report)
        rendered = self.path("render.mp4")
        report = segue("render", "--from", a, "--to", b, "--transition", ".opacity", "--length", "3",
                       "-o", rendered, check=0).stderr
        self.assertIn("copied", report)
        for path in (sequence, rendered):
            with self.subTest(os.path.basename(path)):
                outcome, played = browser.play(path)
                self.assertEqual(outcome, "ended", played)
                self.assertAlmostEqual(played, duration(path), delta=1 / 30)

    def test_three_junctions_in_one_gop(self):
        a = self.clip("a.mp4", "testsrc2", gop=60)
        b = self.clip("b.mp4", "mandelbrot", seconds=1, gop=60)
        c = self.clip("c.mp4", "smptebars", seconds=1, gop=60)
        d = self.clip("d.mp4", "rgbtestsrc", gop=60)
        # b and c are shorter than a GOP of a or d: a's last GOP is copied up to the first junction
        # (at 3.75 s, frame 112.5), then everything to d's second GOP is encoded.
        self.smart(a, b, c, d, "--duration", "0.25", copied=60 + closed_prefix(a, 60, 53) + 60)

    def test_pieces_rendered_apart_join_with_concat_copy_into_the_whole(self):
        a = self.clip("a.mp4", "testsrc2")
        b = self.clip("b.mp4", "mandelbrot")
        whole, first, second = self.path("whole.mp4"), self.path("p1.mp4"), self.path("p2.mp4")
        segue("sequence", a, b, "-q", "-o", whole, check=0)
        # Pieces starting where the whole starts a GOP or a piece of its own.
        segue("sequence", a, b, "-q", "--range", "0:60", "-o", first, check=0)
        segue("sequence", a, b, "-q", "--range", "60:210", "-o", second, check=0)
        listing = self.path("list.txt")
        with open(listing, "w") as f:
            f.write(f"file '{first}'\nfile '{second}'\n")
        joined = self.path("joined.mp4")
        media.ffmpeg("-f", "concat", "-safe", "0", "-i", listing, "-c", "copy", joined)
        strict = run("ffmpeg", "-nostdin", "-v", "error", "-xerror", "-i", joined, "-f", "null", "-")
        self.assertEqual((strict.returncode, strict.stderr), (0, ""))
        self.assertTrue(yuv_frames(joined) == yuv_frames(whole), "the joined pieces decode to the whole's frames")

    def test_one_command_encodes_the_same_bytes_every_time(self):
        # libx264's AVX-512 code let what the heap held steer its choices: about one
        # render in four of this join differed inside an encoded run (docs/distributed.md).
        clips = []
        for colour in ("red", "blue", "green"):
            clips.append(self.path(f"{colour}.mp4"))
            media.clip(clips[-1], "testsrc2", 4, fps=25, tone=440, size=(320, 240),
                       extra=("-vf", f"drawbox=c={colour}:t=20", "-g", "25"))
        renders = set()
        for attempt in range(12):
            out = self.path(f"again{attempt}.mp4")
            segue("sequence", *clips, "--transition", ".push(from: .trailing)", "--duration", "0.6", "-q", "-o", out,
                  check=0)
            renders.add(tuple(packet_hashes(out)))
        self.assertEqual(len(renders), 1, "twelve renders of one command gave different packets")

    def test_pieces_are_encoded_at_the_sources_own_quality_unless_crf_says(self):
        a = self.clip("a.mp4", "testsrc2", extra=("-x264-params", "keyint=15:crf=30"))
        out = self.path("smart.mp4")

        def noted_qualities(*options):
            segue("sequence", a, a, "--duration", "0.5", "-q", *options, "-o", out, check=0)
            with open(out, "rb") as f:
                return re.findall(rb" crf=([0-9.]+) ", f.read())
        # libx264's note of its settings: the source's, then the piece's.
        self.assertEqual(noted_qualities(), [b"30.0", b"30.0"])
        self.assertEqual(noted_qualities("--crf", "20"), [b"30.0", b"20.0"])

    def test_stills_between_clips_are_encoded_the_clips_copied(self):
        a = self.clip("a.mp4", "testsrc2")
        photo = self.path("photo.png")
        media.ffmpeg("-f", "lavfi", "-i", f"mandelbrot=size={W}x{H}", "-frames:v", "1", photo)
        self.smart(a, photo, a, "--hold", "1", "--duration", "0.5", copied=(120 - 15) + (120 - 15))

    def test_hevc_with_closed_gops_is_copied_and_restates_its_parameter_sets_after_each_piece(self):
        x265 = ("-c:v", "libx265", "-x265-params", "keyint=15:min-keyint=15:scenecut=0:open-gop=0:log-level=error")
        a, b = self.path("a.mp4"), self.path("b.mp4")
        media.clip(a, "testsrc2", 4, tone=440, extra=x265)
        media.clip(b, "mandelbrot", 4, tone=660, extra=x265)
        out = self.path("smart.mp4")
        self.assertIn("copied 210 of 225 frames", segue("sequence", a, b, "--duration", "0.5", "-o", out, check=0).stderr)
        strict = run("ffmpeg", "-nostdin", "-v", "error", "-xerror", "-i", out, "-f", "null", "-")
        self.assertEqual((strict.returncode, strict.stderr), (0, ""))
        truth = self.path("truth.y4m")
        segue("sequence", a, b, "--duration", "0.5", "-q", "-o", truth, check=0)
        got, expected = yuv_frames(out), yuv_frames(truth)
        self.assertEqual(len(got), len(expected))
        self.assertEqual(sum(g == e for g, e in zip(got, expected)), 210, "every copied frame exactly")
        if shutil.which("gst-launch-1.0"):
            gst = run("gst-launch-1.0", "-q", "filesrc", f"location={out}", "!", "qtdemux", "!", "h265parse", "!",
                      "avdec_h265", "!", "fakesink")
            self.assertEqual(gst.returncode, 0, gst.stderr)

    def test_open_gops_are_never_cut_and_the_report_says_so(self):
        a = self.clip("a.mp4", "testsrc2", extra=("-x264-params", "keyint=15:min-keyint=15:scenecut=0:open-gop=1:crf=18"))
        b = self.clip("b.mp4", "mandelbrot")
        result = segue("sequence", a, b, "--duration", "0.5", "-o", self.path("smart.mp4"), check=0)
        self.assertIn("clip 1 (a.mp4) has 7 keyframes that open a GOP", result.stderr)
        # a is one group from its IDR picture to its end: copied up to the junction (frame 105, as far
        # as its leading pictures allow), then b's GOPs after it.
        self.smart(a, b, "--duration", "0.5", copied=closed_prefix(a, 0, 105) + 120 - 15)

    def test_what_cannot_be_copied_falls_back_naming_the_clip_and_the_property(self):
        a = self.clip("a.mp4", "testsrc2")
        cases = {
            "is 320×240, the output 160×120": self.clip("big.mp4", "mandelbrot", extra=("-s", "320x240")),
            "runs at 25 fps, the output at 30": self.clip("pal.mp4", "mandelbrot", fps=25),
            "is hevc, clip 1 (a.mp4) h264": self.path("b.mkv"),
            "is vp9, not H.264 or HEVC": self.path("b.webm"),
            "is yuv444p": self.clip("chroma.mp4", "mandelbrot", extra=("-pix_fmt", "yuv444p")),
        }
        media.ffmpeg("-i", a, "-c:v", "libx265", "-x265-params", "log-level=error", self.path("b.mkv"))
        media.clip(self.path("b.webm"), "mandelbrot", 1)
        out = self.path("out.mp4")
        for reason, b in cases.items():
            with self.subTest(reason):
                result = segue("sequence", a, b, "-o", out, check=0)
                self.assertIn(f"clip 2 ({os.path.basename(b)}) {reason}", result.stderr)
                self.assertIn("re-encoding every frame", result.stderr)
                self.assertNotIn("copied", result.stderr)
        quiet = segue("sequence", a, a, "--reencode", "-o", out, check=0)
        self.assertEqual(quiet.stderr, "", "--reencode says nothing: it was asked for")
        # Standard input is read once, as it plays: its clip is decoded, not copied.
        piped = self.path("a.mkv")
        media.ffmpeg("-i", a, "-c", "copy", piped)
        with open(piped, "rb") as f:
            result = subprocess.run([SEGUE, "sequence", "-", a, "-o", out], stdin=f, capture_output=True, text=True,
                                    timeout=300)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("clip 1 (-) comes from standard input, which cannot be read again to copy its pictures: "
                      "re-encoding every frame", result.stderr)
        from_file = self.path("from-file.mp4")
        segue("sequence", piped, a, "-q", "--reencode", "-o", from_file, check=0)
        self.assertEqual(yuv_frames(out), yuv_frames(from_file), "the same frames as from the file itself")
        # Lossless H.264 is High 4:4:4 Predictive, which cannot splice into the clips' High profile.
        lossless = segue("sequence", a, a, "--crf", "0", "-o", out, check=0)
        self.assertIn("clip 1 (a.mp4): --crf 0 asks libx264 for lossless pictures, which need its High 4:4:4 "
                      "Predictive profile, not the high profile of the clips copied: re-encoding every frame",
                      lossless.stderr)
        self.assertNotIn("x264 [error]", lossless.stderr)
        profile = run("ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "stream=profile", "-of",
                      "csv=p=0", out, check=0).stdout.strip()
        self.assertEqual(profile, "High 4:4:4 Predictive")

    def test_edit_lists_and_late_start_times(self):
        a = self.clip("a.mp4", "testsrc2", seconds=6)
        b = self.clip("b.mp4", "mandelbrot")
        # Cut off a keyframe with -c copy: an edit list hides the pictures before 1.1 s, which must not show.
        cut = self.path("cut.mp4")
        media.ffmpeg("-ss", "1.1", "-i", a, "-c", "copy", cut)
        # Matroska whose time starts at 10 s.
        late = self.path("late.mkv")
        media.ffmpeg("-i", b, "-c", "copy", "-output_ts_offset", "10", late)
        count, _ = self.smart(cut, late, "--duration", "0.5")
        self.assertGreater(count, 60, "the GOPs after the cut, and the late clip's after the junction, are copied")

    def test_a_variable_rate_phone_clip_copies_only_what_maps_frame_for_frame(self):
        a = self.clip("a.mp4", "testsrc2")
        # Frames 0…59 at 30 fps, then at 15 fps: a phone slowing down in the dark.
        vfr = self.path("vfr.mp4")
        media.ffmpeg("-f", "lavfi", "-i", f"testsrc2=size={W}x{H}:rate=30", "-t", "4",
                     "-vf", "setpts='if(lt(N,60),N,60+2*(N-60))/30/TB'", "-fps_mode", "vfr",
                     "-c:v", "libx264", "-x264-params", "keyint=15:min-keyint=15:scenecut=0:crf=18", "-pix_fmt", "yuv420p",
                     "-video_track_timescale", "30", vfr)
        count, _ = self.smart(a, vfr, "--duration", "0.5", "--fps", "30")
        self.assertGreater(count, 90, "a's GOPs and the 30 fps part of the phone clip are copied")


if __name__ == "__main__":
    unittest.main()
