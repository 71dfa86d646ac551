"""segue sequence --plan and segue.render_distributed: the pieces, rendered
on an executor and joined by stream copy, decode to exactly the frames of
the whole render (FFmpeg decoding both); the sound comes along once."""
import concurrent.futures
import hashlib
import json
import os
import shutil
import subprocess

import pytest

import segue
from segue._cli import BINARY

FFMPEG = shutil.which("ffmpeg")
pytestmark = pytest.mark.skipif(not FFMPEG, reason="the tests need ffmpeg to make and decode clips")


@pytest.fixture(scope="module")
def clips(tmp_path_factory):
    """Three 4-s H.264 clips with sound, a keyframe every 25 frames, in a folder of their own."""
    folder = tmp_path_factory.mktemp("clips")
    for colour in ("red", "blue", "green"):
        subprocess.run([FFMPEG, "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-f", "lavfi",
                        "-i", "sine=f=440:d=4", "-vf", f"drawbox=c={colour}:t=20", "-c:v", "libx264", "-g", "25",
                        "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", str(folder / f"{colour}.mp4")], check=True)
    return folder


def decoded(path):
    """The MD5 of every frame FFmpeg decodes, and how many there are."""
    raw = subprocess.run([FFMPEG, "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"],
                         capture_output=True, check=True).stdout
    return hashlib.md5(raw).hexdigest(), len(raw) // (320 * 240 * 3 // 2)


def streams(path):
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "json",
                            str(path)], capture_output=True, text=True, check=True)
    return {s["codec_type"]: float(s["duration"]) for s in json.loads(probe.stdout)["streams"]}


ARGS = ("red.mp4", "blue.mp4", "green.mp4")
OPTIONS = ("--transition", ".push(from: .trailing)", "--duration", "0.6")


def test_the_plan_cuts_the_whole_at_its_own_segments(clips, monkeypatch):
    monkeypatch.chdir(clips)
    plan = json.loads(subprocess.run([BINARY, "sequence", *ARGS, *OPTIONS, "--plan", "3", "-o", "out.mp4"],
                                     capture_output=True, text=True, check=True).stdout)
    ranges = [tuple(piece["frames"]) for piece in plan["pieces"]]
    assert plan["frames"] == 3 * 100 - 2 * 15
    assert len(ranges) == 3 and ranges[0][0] == 0 and ranges[-1][1] == plan["frames"]
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
    for piece in plan["pieces"]:
        command = piece["command"]
        assert command[:5] == ["segue", "sequence", *ARGS]
        assert "--plan" not in command and command[command.index("-o") + 1] == piece["output"]
        assert piece["output"].endswith(".mov") and "pcm_f32le" in command  # lossless sound, encoded at the join
    assert plan["join"]["command"][0] == "ffmpeg" and plan["join"]["command"][-1] == "out.mp4"
    refused = subprocess.run([BINARY, "sequence", *ARGS, "--plan", "3", "-o", "out.y4m"], capture_output=True,
                             text=True)
    assert refused.returncode == 2 and "--plan cuts a video file" in refused.stderr


@pytest.mark.parametrize("pool", ["threads", "processes"])
def test_pieces_on_an_executor_join_into_the_whole_renders_frames(clips, monkeypatch, pool):
    monkeypatch.chdir(clips)
    subprocess.run([BINARY, "sequence", *ARGS, *OPTIONS, "-q", "-o", "whole.mp4"], check=True)
    calls = []
    executor = (concurrent.futures.ThreadPoolExecutor(2) if pool == "threads"
                else concurrent.futures.ProcessPoolExecutor(2))
    with executor:
        plan = segue.render_distributed(ARGS, "joined.mp4", *OPTIONS, pieces=3, executor=executor,
                                        progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert decoded("joined.mp4") == decoded("whole.mp4")
    assert decoded("joined.mp4")[1] == plan["frames"]
    sound = streams("joined.mp4")
    assert abs(sound["audio"] - plan["frames"] / 25) < 0.05, sound
    # The pieces and their list are gone; only the output is left.
    assert sorted(p for p in os.listdir(clips) if p.startswith("joined")) == ["joined.mp4"]


def test_a_refused_command_line_raises_with_segues_message(clips, monkeypatch):
    monkeypatch.chdir(clips)
    with pytest.raises(segue.SegueError, match="unknown effect 'nosuch'"):
        segue.render_distributed(ARGS, "bad.mp4", "--transition", ".nosuch", pieces=2)
