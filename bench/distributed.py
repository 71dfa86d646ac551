"""The distributed rows of `make bench` (run by bench/run.py): one `segue
sequence` rendered by `segue.render_distributed` on two local worker
processes, against the same command in one process, side by side in one run.

The clips alternate 1920×1080 and 1280×720 (made as bench/joins.py makes
its own, x264's default keyframe interval), so
nothing can be copied: every frame is rendered and encoded, into a 1920×1080
mp4 with libx264 at the same preset and crf both ways. The distributed run
plans two pieces (`--plan 2`), renders them on a ProcessPoolExecutor of two
workers, and joins them by stream copy, encoding the sound once; its
progress callback times the join (with the sound) apart. Both setups
alternate run by run; medians.

`python bench/distributed.py CONFIG_JSON` is the distributed run itself,
under the Python of build/python/venv (the segue package and its tool); it
prints {"wall_s", "join_s"} as JSON.
"""
import json
import os
import subprocess
import sys
import time

from joins import PRESET, make_clips
from rows import target_row

SIZES = ((1920, 1080), (1280, 720))


def options():
    return ["--duration", "1", "--preset", PRESET, "--crf", "18"]


def run(ffmpeg, segue, python, work, config, log, median):
    """The rows, or None when the Python environment is missing."""
    if not python or not os.path.exists(python):
        log("  distributed: build/python/venv is missing (make python); skipped")
        return None
    count, seconds, runs = config["distributed_clips"], config["distributed_seconds"], config["distributed_runs"]
    scale = config["distributed_scale"]
    sizes = [f"{SIZES[k % 2][0] // scale}x{SIZES[k % 2][1] // scale}" for k in range(count)]
    clips = make_clips(ffmpeg, work, seconds, sizes, 250, "distributed", log)
    one_out, pieces_out = os.path.join(work, "one.mp4"), os.path.join(work, "pieces.mp4")
    one = [segue, "sequence", *clips, *options(), "-q", "-o", one_out]
    # The script runs in `work`, where the pieces go.
    script = [os.path.abspath(python), os.path.abspath(__file__), json.dumps({"clips": clips, "output": pieces_out})]
    walls = {"one": [], "pieces": []}
    joins = []
    for attempt in range(runs):
        log(f"  distributed: run {attempt + 1}/{runs}")
        for name in (("one", "pieces") if attempt % 2 == 0 else ("pieces", "one")):
            if name == "one":
                started = time.perf_counter()
                subprocess.run(one, check=True, stdin=subprocess.DEVNULL)
                walls["one"].append(time.perf_counter() - started)
            else:
                result = subprocess.run(script, check=True, capture_output=True, text=True, cwd=work)
                measured = json.loads(result.stdout)
                walls["pieces"].append(measured["wall_s"])
                joins.append(measured["join_s"])
    frames = [_frame_count(ffmpeg, path) for path in (one_out, pieces_out)]
    for path in clips + [one_out, pieces_out]:
        os.unlink(path)
    return {"clips": count, "seconds": seconds * count - (count - 1), "runs": runs, "frames": frames,
            "one_s": walls["one"], "pieces_s": walls["pieces"], "join_s": joins,
            "one_median_s": median(walls["one"]), "pieces_median_s": median(walls["pieces"]),
            "join_median_s": median(joins),
            "one_command": " ".join(one),
            "pieces_command": f"segue.render_distributed(clips, out, {', '.join(repr(o) for o in options())}, "
                              "pieces=2, executor=ProcessPoolExecutor(2))"}


def _frame_count(ffmpeg, path):
    probe = subprocess.run([ffmpeg, "-nostdin", "-v", "error", "-i", path, "-map", "0:v", "-c", "copy", "-f",
                            "framemd5", "-"], check=True, capture_output=True, text=True).stdout
    return sum(1 for line in probe.splitlines() if line and not line.startswith("#"))


def targets(data, fmt, fmt_ratio):
    """Reported, not judged: the issue asks for the ratio and the join's share."""
    if not data:
        return []
    ratio = data["pieces_median_s"] / data["one_median_s"]
    return [target_row("render_distributed on 2 workers against one process", "1920x1080",
                       f"{data['clips']} clips, {data['seconds']:g} s, re-encoded",
                       f"{fmt(data['pieces_median_s'])} s / {fmt(data['one_median_s'])} s = {fmt_ratio(ratio)}; "
                       f"the join and sound {fmt(data['join_median_s'])} s", ratio, "reported", True)]


def markdown(data, fmt, table, code):
    out = ["## Distributed: `segue.render_distributed` on two local workers\n"]
    if not data:
        return out + ["The Python environment was missing; nothing measured.\n"]
    out.append(f"{data['clips']} clips alternating 1920×1080 and 1280×720 (so every frame is re-encoded), "
               f"{data['seconds']:g} s joined by 1-s crossfades into a 1920×1080 mp4, libx264 `-preset {PRESET} "
               f"-crf 18`. Runs: {data['runs']}, alternating; medians. Both outputs have "
               f"{' and '.join(str(f) for f in data['frames'])} frames.\n")
    out.append(table(["setup", "median wall (s)", "runs (s)"],
                     [["one process (`segue sequence`)", fmt(data["one_median_s"]),
                       " ".join(fmt(t) for t in data["one_s"])],
                      ["2 pieces on 2 worker processes, joined", fmt(data["pieces_median_s"]),
                       " ".join(fmt(t) for t in data["pieces_s"])],
                      ["of which the join and the sound", fmt(data["join_median_s"]),
                       " ".join(fmt(t) for t in data["join_s"])]]))
    out.append("")
    out.append("The commands:\n")
    out.append(code(data["one_command"] + "\n" + data["pieces_command"]))
    out.append("")
    return out


def main():
    """One distributed render, timed: prints {"wall_s", "join_s"}."""
    import concurrent.futures

    import segue

    config = json.loads(sys.argv[1])
    marks = []
    started = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        segue.render_distributed(config["clips"], config["output"], *options(), pieces=2, executor=pool,
                                 progress=lambda done, total: marks.append(time.perf_counter()))
    wall = time.perf_counter() - started
    print(json.dumps({"wall_s": wall, "join_s": marks[-1] - marks[-2]}))


if __name__ == "__main__":
    main()
