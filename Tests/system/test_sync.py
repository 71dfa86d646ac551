"""Sound in sync with the picture across a join: clips whose lengths are not
whole numbers of frames, each with a one-frame white flash and a beep that
starts with it, joined by transitions; FFmpeg decodes the result, and at
every flash the beep starts within 1 ms (a sample period at 48 kHz is
0.02 ms; an output frame 33 ms)."""
import os
import shutil
import subprocess
import unittest

import media
from support import Workspace, segue

# (length in seconds, frame rate, sound's sample rate and channels): the audit's five clips.
CLIPS = [(3.008, 30, 48000, 2), (3.978, 25, 44100, 1), (2.5, 24, 48000, 2), (4.0333, 30, 48000, 2),
         (1.9, 25, 48000, 2)]
FLASH = 1.0  # seconds into each clip: on the frame grid of 24, 25 and 30 fps


def flash_clip(path, seconds, fps, sample_rate, channels):
    """Black, but for one white frame at FLASH; silence, but for a 1 kHz beep from FLASH on."""
    video = (f"color=black:size={media.W}x{media.H}:rate={fps},"
             f"drawbox=color=white:t=fill:enable='between(t,{FLASH},{FLASH + 0.5 / fps})'")
    sound = f"aevalsrc='if(between(t,{FLASH},{FLASH + 0.2}),0.8*sin(2*PI*1000*t),0)':s={sample_rate}:c={'mono' if channels == 1 else 'stereo'}"
    media.ffmpeg("-f", "lavfi", "-i", video, "-f", "lavfi", "-i", sound, "-t", str(seconds), "-c:v", "libx264",
                 "-c:a", "aac", "-pix_fmt", "yuv420p", path)


def stream(path, kind, entry):
    """An entry of the first `kind` ('v' or 'a') stream of `path`, as ffprobe gives it."""
    return subprocess.run(["ffprobe", "-v", "error", "-select_streams", f"{kind}:0", "-show_entries", f"stream={entry}",
                           "-of", "csv=p=0", path], capture_output=True, text=True, check=True).stdout.strip()


def flashes(path):
    """Seconds at which a white frame starts (after a dark one), by FFmpeg's decoding: the video stream's
    start time (Matroska's muxer moves it by the sound's encoder delay) plus the frames before it."""
    numerator, denominator = map(int, stream(path, "v", "r_frame_rate").split("/"))
    start = float(stream(path, "v", "start_time"))
    _, _, frames = media.frames(path)
    bright = [sum(frame[::3]) / (len(frame) / 3) > 128 for frame in frames]
    return [start + i * denominator / numerator for i, b in enumerate(bright) if b and (i == 0 or not bright[i - 1])]


def beeps(path, rate=48000):
    """Seconds at which a beep starts (after 50 ms of silence), by FFmpeg's decoding, from the sound's start time."""
    sound = media.samples(path, rate)
    start = float(stream(path, "a", "start_time"))
    starts, quiet = [], rate
    for i, x in enumerate(sound):
        if abs(x) > 0.05:
            if quiet >= rate // 20:
                starts.append(start + i / rate)
            quiet = 0
        else:
            quiet += 1
    return starts


@unittest.skipUnless(shutil.which("ffmpeg"), "ffmpeg is not installed (make test-deps installs it)")
class SyncTests(Workspace):
    def setUp(self):
        super().setUp()
        self.clips = []
        for index, (seconds, fps, sample_rate, channels) in enumerate(CLIPS):
            path = self.path(f"clip{index}.mp4")
            flash_clip(path, seconds, fps, sample_rate, channels)
            self.clips.append(path)

    def assertInSync(self, output):
        pictures, sounds = flashes(output), beeps(output)
        self.assertEqual(len(pictures), len(CLIPS), f"flashes at {pictures}")
        self.assertEqual(len(sounds), len(CLIPS), f"beeps at {sounds}")
        for picture, sound in zip(pictures, sounds):
            self.assertLessEqual(abs(sound - picture), 0.001,
                                 f"{os.path.basename(output)}: the flash at {picture:.4f} s, its beep at {sound:.4f} s")

    def test_every_flash_has_its_beep_within_a_millisecond(self):
        for extension in ("mp4", "mkv"):
            with self.subTest(container=extension):
                output = self.path(f"joined.{extension}")
                segue("sequence", *self.clips, "--transition", ".opacity", "--duration", "0.5", "-q", "-o", output,
                      check=0)
                self.assertInSync(output)

    def test_range_pieces_joined_by_the_documented_recipe_stay_in_sync(self):
        """The range recipe of docs/command-line.md (Joining clips): pieces with lossless sound (--audio-codec
        pcm_f32le in .mov), joined by FFmpeg's concat demuxer, the picture copied and the sound encoded once. Each
        piece's sound is exactly its frames' share: joined, the samples are the whole render's, and the mp4 is in
        sync at every flash."""
        whole = self.path("whole.mov")
        segue("sequence", *self.clips, "--transition", ".opacity", "--duration", "0.5", "--audio-codec", "pcm_f32le",
              "-q", "-o", whole, check=0)
        count = int(subprocess.run(["ffprobe", "-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries",
                                    "stream=nb_read_packets", "-of", "csv=p=0", whole], capture_output=True, text=True,
                                   check=True).stdout)
        cuts = [0, count // 3, 2 * count // 3 + 1, count]
        pieces = []
        for index, (first, end) in enumerate(zip(cuts, cuts[1:])):
            pieces.append(self.path(f"part{index}.mov"))
            segue("sequence", *self.clips, "--transition", ".opacity", "--duration", "0.5", "--audio-codec", "pcm_f32le",
                  "--range", f"{first}:{end}", "-q", "-o", pieces[-1], check=0)
        with open(self.path("list.txt"), "w") as listing:
            listing.writelines(f"file '{piece}'\n" for piece in pieces)

        def pcm(path):
            return subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:a", "-c:a", "copy", "-f",
                                   "f32le", "-"], capture_output=True, check=True).stdout
        copied = self.path("joined.mov")
        media.ffmpeg("-f", "concat", "-safe", "0", "-i", self.path("list.txt"), "-c", "copy", copied)
        self.assertEqual(pcm(copied), pcm(whole), "the pieces' sound, joined, is the whole render's, sample for sample")
        joined = self.path("joined.mp4")
        media.ffmpeg("-f", "concat", "-safe", "0", "-i", self.path("list.txt"), "-c:v", "copy", "-c:a", "aac", joined)
        self.assertInSync(joined)


if __name__ == "__main__":
    unittest.main()
