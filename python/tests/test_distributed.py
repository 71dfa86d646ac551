"""segue sequence --plan and segue.render_distributed: the pieces, rendered
on an executor (local pools, a Dask cluster, a local Ray instance) or as the
example Kubernetes and Slurm jobs would, and joined by stream copy. Compared
with the whole render (FFmpeg decoding both), every frame is the same, byte
for byte: the copied ones are the sources' own packets (a piece that started
inside a copied group would show there), and the runs encoded around the
junctions are encoded from the same frames with the same settings (see
"Encoded runs are repeatable" in docs/distributed.md). With sound, the beeps
stay on their flashes.
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

import segue
import segue.distributed
from conftest import REPO
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


def streams(path):
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "json",
                            str(path)], capture_output=True, text=True, check=True)
    return {s["codec_type"]: float(s["duration"]) for s in json.loads(probe.stdout)["streams"]}


ARGS = ("red.mp4", "blue.mp4", "green.mp4")
OPTIONS = ("--transition", ".push(from: .trailing)", "--duration", "0.6")


def frames(path):
    raw = subprocess.run([FFMPEG, "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"],
                         capture_output=True, check=True).stdout
    size = 320 * 240 * 3 // 2
    return [np.frombuffer(raw[i:i + size], np.uint8) for i in range(0, len(raw), size)]


def psnr(a, b):
    return 10 * np.log10(255 ** 2 / max(np.mean((a.astype(float) - b) ** 2), 1e-9))


def assert_joins_into_the_whole(joined, whole):
    """The same frame count, and every frame the same bytes."""
    got, want = frames(joined), frames(whole)
    assert len(got) == len(want) == 270
    differing = [i for i, (a, b) in enumerate(zip(got, want)) if not np.array_equal(a, b)]
    assert not differing, differing


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


@pytest.fixture
def ray_cluster():
    """A local Ray instance of two worker processes, shut down afterwards."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def executor_named(pool, request):
    if pool == "threads":
        return concurrent.futures.ThreadPoolExecutor(2)
    if pool == "processes":
        return concurrent.futures.ProcessPoolExecutor(2)
    request.getfixturevalue("ray_cluster")
    return segue.distributed.RayExecutor()


@pytest.mark.parametrize("pool", ["threads", "processes", "ray"])
def test_pieces_on_an_executor_join_into_the_whole_renders_frames(clips, monkeypatch, pool, request):
    monkeypatch.chdir(clips)
    subprocess.run([BINARY, "sequence", *ARGS, *OPTIONS, "-q", "-o", "whole.mp4"], check=True)
    calls = []
    with executor_named(pool, request) as executor:
        plan = segue.render_distributed(ARGS, "joined.mp4", *OPTIONS, pieces=3, executor=executor,
                                        progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert_joins_into_the_whole("joined.mp4", "whole.mp4")
    assert plan["frames"] == 270
    durations = streams("joined.mp4")
    assert abs(durations["audio"] - durations["video"]) < 0.05, durations
    # The pieces and their list are gone; only the output is left.
    assert sorted(p for p in os.listdir(clips) if p.startswith("joined")) == ["joined.mp4"]


def test_a_refused_command_line_raises_with_segues_message(clips, monkeypatch):
    monkeypatch.chdir(clips)
    with pytest.raises(segue.SegueError, match="unknown effect 'nosuch'"):
        segue.render_distributed(ARGS, "bad.mp4", "--transition", ".nosuch", pieces=2)


def test_a_failing_piece_is_reported_by_its_frames(clips):
    command = ["segue", "sequence", "red.mp4", "missing.mp4", "--range", "20:40", "-q", "-o", "piece.mov"]
    with pytest.raises(segue.SegueError, match=r"the piece of frames 20–39 failed: .*missing\.mp4"):
        segue.distributed.render_piece(command, str(clips), [20, 40])


def run_as_a_job(command, clips, index_variable, pieces):
    """Runs `command` once per piece with the piece's index in `index_variable`, as the batch system would,
    with this environment's Python (and so its segue) first on PATH."""
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    for index in range(pieces):
        result = subprocess.run(command, cwd=clips, env=dict(env, **{index_variable: str(index)}),
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
    return env


def plan_file(clips):
    subprocess.run([BINARY, "sequence", *ARGS, *OPTIONS, "-q", "-o", "whole.mp4"], cwd=clips, check=True)
    planned = subprocess.run([BINARY, "sequence", *ARGS, *OPTIONS, "--plan", "3", "-o", "job.mp4"], cwd=clips,
                             capture_output=True, text=True, check=True).stdout
    (clips / "plan.json").write_text(planned)
    return len(json.loads(planned)["pieces"])


def test_the_kubernetes_indexed_job_and_its_join(clips):
    pieces = plan_file(clips)
    folder = REPO / "examples" / "kubernetes"
    job, join = (folder / "pieces.yaml").read_text(), (folder / "join.yaml").read_text()
    assert "completionMode: Indexed" in job and "workingDir: /work" in job
    command = json.loads(re.search(r"command: (\[.*\])", job).group(1))
    env = run_as_a_job(command, clips, "JOB_COMPLETION_INDEX", pieces)
    subprocess.run(json.loads(re.search(r"command: (\[.*\])", join).group(1)), cwd=clips, env=env, check=True)
    assert_joins_into_the_whole(clips / "job.mp4", clips / "whole.mp4")
    assert not list(clips.glob("job.part*"))


def test_the_slurm_job_array_and_its_join(clips):
    pieces = plan_file(clips)
    folder = REPO / "examples" / "slurm"
    assert "#SBATCH --job-name=segue-pieces" in (folder / "pieces.sbatch").read_text()
    env = run_as_a_job(["bash", str(folder / "pieces.sbatch")], clips, "SLURM_ARRAY_TASK_ID", pieces)
    subprocess.run(["bash", str(folder / "join.sbatch")], cwd=clips, env=env, check=True)
    assert_joins_into_the_whole(clips / "job.mp4", clips / "whole.mp4")


def y4m_frames(path, width, height):
    """The Y'CbCr 4:2:0 frames of a YUV4MPEG2 file, as arrays."""
    data = open(path, "rb").read()
    body = data[data.index(b"\n") + 1:]
    size = width * height * 3 // 2
    frames = body.split(b"FRAME\n")[1:]
    return [np.frombuffer(f[:size], np.uint8) for f in frames]


def test_a_dask_cluster_of_two_worker_processes_renders_a_reencoded_join(tmp_path, monkeypatch):
    from distributed import Client, LocalCluster
    monkeypatch.chdir(tmp_path)
    # Clips of two sizes, with a flash and a beep at 1 s in each: every frame is encoded.
    for name, size in (("small.mp4", "240x180"), ("large.mp4", "320x240")):
        subprocess.run([FFMPEG, "-v", "error", "-f", "lavfi", "-i", f"testsrc2=s={size}:r=25:d=3", "-f", "lavfi",
                        "-i", "sine=f=1000:d=3", "-vf", "drawbox=c=white:t=fill:enable='between(t,1,1.04)'",
                        "-af", "volume=enable='not(between(t,1,1.04))':volume=0", "-c:v", "libx264",
                        "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", name], check=True)
    options = ("--size", "320x240", "--transition", ".slide", "--duration", "0.5")
    subprocess.run([BINARY, "sequence", "small.mp4", "large.mp4", *options, "-q", "-o", "one.y4m"], check=True)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        plan = segue.render_distributed(["small.mp4", "large.mp4"], "dask.mp4", *options, pieces=2,
                                        executor=client.get_executor())
    assert len(plan["pieces"]) == 2
    subprocess.run([FFMPEG, "-v", "error", "-i", "dask.mp4", "-f", "yuv4mpegpipe", "-pix_fmt", "yuv420p",
                    "dask.y4m"], check=True)
    one, many = y4m_frames("one.y4m", 320, 240), y4m_frames("dask.y4m", 320, 240)
    assert len(many) == len(one) == plan["frames"] == 3 * 25 + 3 * 25 - 12
    worst = min(psnr(a, b) for a, b in zip(one, many))
    assert worst >= 40, f"a frame at {worst:.1f} dB"
    # The beeps come where the flashes are: the second clip's at 1 s into it, (3 − 0.5) s later.
    sound = subprocess.run([FFMPEG, "-v", "error", "-i", "dask.mp4", "-f", "s16le", "-ac", "1", "-ar", "48000", "-"],
                           capture_output=True, check=True).stdout
    samples = np.abs(np.frombuffer(sound, np.int16).astype(float))
    loud = np.flatnonzero(samples > 3000) / 48000
    flashes = [i / 25 for i, frame in enumerate(many) if frame[:320 * 240].mean() > 200]
    assert loud.size and flashes
    onsets = []
    # The second clip starts on an output frame (2.52 s: 12.5 frames of overlap round to 12), so its flash is
    # near 3.5 s; each beep must follow its own flash.
    for expected in (1.0, 3.5):
        flash = min(f for f in flashes if f >= expected - 0.1)
        assert abs(flash - expected) <= 0.04, flashes
        onsets.append(loud[loud >= flash - 0.1].min() - flash)
    # Each beep within a frame of its flash, and both equally late (the sources' AAC delay).
    assert all(abs(onset) <= 0.04 for onset in onsets) and abs(onsets[0] - onsets[1]) <= 0.005, onsets
    durations = streams("dask.mp4")
    assert abs(durations["audio"] - durations["video"]) < 0.05, durations
