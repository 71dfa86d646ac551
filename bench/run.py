#!/usr/bin/env python3
"""Runs Segue's benchmark and writes BENCHMARKS.md and BENCHMARKS.json.

    python3 bench/run.py --bench build/bench/segue_bench --segue build/bin/segue [--quick] [--out DIR]

`make bench` (and `make bench QUICK=1`) run this after building. Standard
library only. It

  1. draws the two input pictures with `segue sample` (photo, onboarding1: both
     opaque, full of detail) at each size, and at 64x64 for the per-call rows;
  2. runs the C program bench/segue_bench.c once per size: the floor (memcpy),
     pixman's own composites and every Segue transition at several progress
     values, one thread and all cores, interleaved in one process;
  3. times FFmpeg's xfade per frame (gbrap, decoded inputs looped in memory,
     minus a run without xfade) and end to end against `segue render`
     (two PNG files in, YUV4MPEG2 out), alternating the two tools run by run;
     then video (bench/video.py), lossless joins (bench/joins.py), HDR into SDR (bench/colour.py),
     melt (bench/mlt.py), Python with moviepy
     (bench/python_binding.py) and all 58 xfade transitions (bench/xfade_pack.py);
  4. writes the tables, the commands that produced them, the machine and the
     pass/fail of the issue's targets.
"""
import argparse
import datetime
import json
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import colour
import joins
import mlt
import python_binding
import xfade_pack
import video

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# Every built-in transition and every shipped plugin effect, as transitions.
# (label, spec, blend): the label is what the tables show.
BUILTINS = [
    (".opacity (plusLighter)", ".opacity", "plusLighter"),
    (".scale", ".scale", "normal"),
    (".scale(scale: 0.5, anchor: .bottom)", ".scale(scale: 0.5, anchor: .bottom)", "normal"),
    (".move(edge: .trailing)", ".move(edge: .trailing)", "normal"),
    (".offset(x: 33.5, y: 12.25)", ".offset(x: 33.5, y: 12.25)", "normal"),
    (".slide", ".slide", "normal"),
    (".push(from: .bottom)", ".push(from: .bottom)", "normal"),
    (".identity", ".identity", "normal"),
]
PLUGINS = [
    (".clip", ".clip", "normal"),
    (".countUp(to: 120)", ".countUp(to: 120)", "normal"),
    (".slidingDoor", ".slidingDoor", "normal"),
    (".explode", ".explode", "normal"),
    (".tiktok", ".tiktok", "normal"),
    (".tiktok(mode: .tint)", ".tiktok(mode: .tint)", "normal"),
    (".slidingDoor(pieces: 4)", ".slidingDoor(pieces: 4)", "normal"),
    (".slideAway", ".slideAway", "normal"),
    (".shift", ".shift", "normal"),
    (".wave", ".wave", "normal"),
    # The article's fire burns the removed view only; the symmetric shorthand burns both.
    (".particles(count: 500), removal", ".asymmetric(insertion: .identity, removal: .particles(count: 500))", "normal"),
    (".particles(count: 500), both sides", ".particles(count: 500)", "normal"),
]
# Effects whose issue sets another fps target at a size than every effect's.
FPS_TARGETS = {
    (".particles(count: 500), removal", "1920x1080"): 60,
    (".particles(count: 500), both sides", "1920x1080"): 60,
}
# SwiftUI's other modifiers as transitions, at their default active states
# (the blur's radius is 20); and two compositions that fold into one pass.
MODIFIERS = [
    (".rotation", ".rotation", "normal"),
    (".rotation3D", ".rotation3D", "normal"),
    (".flip", ".flip", "normal"),
    (".blur", ".blur", "normal"),
    (".blurReplace", ".blurReplace", "normal"),
    (".brightness", ".brightness", "normal"),
    (".contrast", ".contrast", "normal"),
    (".saturation", ".saturation", "normal"),
    (".grayscale", ".grayscale", "normal"),
    (".hueRotation", ".hueRotation", "normal"),
    (".colorMultiply", ".colorMultiply", "normal"),
    (".colorInvert", ".colorInvert", "normal"),
    (".expand", ".expand", "normal"),
    (".collapse", ".collapse", "normal"),
    (".morph(from: .circle, to: .star)", ".morph(from: .circle, to: .star)", "normal"),
    (".saturation + .hueRotation (one pass)", ".saturation.combined(with: .hueRotation)", "normal"),
    (".rotation + .scale (one composite)", ".rotation.combined(with: .scale(0.5))", "normal"),
]
SLIDELEFT = ".asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))"
WIPELEFT = ".asymmetric(insertion: .move(edge: .trailing), removal: .identity)"
EXTRAS = [
    ("slideleft equivalent", SLIDELEFT, "normal"),
    ("wipeleft nearest", WIPELEFT, "normal"),
]
EFFECTS = BUILTINS + PLUGINS + MODIFIERS   # "every shipped effect" for the targets
ALL_CASES = BUILTINS + PLUGINS + MODIFIERS + EXTRAS
LABEL_OF = {(spec, blend): label for label, spec, blend in ALL_CASES}

# FFmpeg xfade transition -> (Segue label, why it is the nearest).
XFADE = [
    ("fade", ".opacity (plusLighter)", "the same: a true crossfade, a(1-t) + bt"),
    ("slideleft", "slideleft equivalent",
     f"the same motion: `{SLIDELEFT}`"),
    ("slideright", ".slide", "the same motion: in from the leading edge, out towards the trailing edge"),
    ("wipeleft", "wipeleft nearest",
     f"nearest, not identical: `{WIPELEFT}`. Segue has no wipe (its built-in effects move, scale and fade "
     "content; none crops it in place). The inserted view slides in from the trailing edge over the removed "
     "one, so the boundary moves right to left exactly as xfade's wipe and every output pixel comes from "
     "exactly one of the two pictures, the same work as a wipe; only the inserted picture moves instead of "
     "being uncovered in place"),
    ("circlecrop", ".clip", "nearest: `.clip` grows a rounded rectangle from the centre (xfade: a circle, "
     "through black)"),
    ("rectcrop", ".clip", "nearest: `.clip` grows a rounded rectangle from the centre (xfade: a rectangle, "
     "through black)"),
    ("zoomin", ".scale", "nearest: `.scale` scales the inserted view up from 0 and the removed one down "
     "(xfade: zooms into the first picture while fading to the second)"),
]

FULL = dict(sizes=["1920x1080", "3840x2160"], progress=[0.1, 0.3, 0.5, 0.7, 0.9], rounds=10, batch=3,
            cap_ms=4000, tiny_rounds=10, tiny_calls=1000,
            xfade_frames={"1920x1080": 60, "3840x2160": 30}, xfade_runs={"1920x1080": 5, "3840x2160": 3},
            e2e_frames=120, e2e_runs=5, video_runs=3, video_size="1920x1080", video_seconds=4,
            mlt_runs=5, mlt_frames=100, mlt_mix=50, python_rounds=7,
            xfade_pack_sizes=["1920x1080", "3840x2160"], xfade_pack_rounds=3,
            # At least ~90 and ~24 frames of xfade between the runs, and at least half a second of them
            # (bench/xfade_pack.py): below that, the cheapest transitions' share of a run (0.2–1 ms a frame)
            # drowns in the process's own start-up noise.
            xfade_pack_frames={"1920x1080": (4, 94), "3840x2160": (2, 26)}, xfade_pack_extra_s=0.5,
            xfade_pack_runs={"1920x1080": 2, "3840x2160": 1},
            joins_seconds=60, joins_size="1920x1080", joins_runs=2,
            colour_sizes=["1920x1080", "3840x2160"], colour_frames=60, colour_runs=3, colour_join_size="3840x2160",
            colour_join_seconds=5)
# QUICK only exercises every part: both sizes through the C program, but
# xfade per frame at 1080p only (4K decodes alone would take most of the
# budget), few iterations, short end-to-end runs. Its figures are not for quoting.
QUICK = dict(sizes=["1920x1080", "3840x2160"], progress=[0.3, 0.7], rounds=2, batch=1, cap_ms=300,
             tiny_rounds=2, tiny_calls=100, xfade_frames={"1920x1080": 10}, xfade_runs={"1920x1080": 1},
             e2e_frames=12, e2e_runs=1, video_runs=1, video_size="320x180", video_seconds=2,
             mlt_runs=1, mlt_frames=12, mlt_mix=6, python_rounds=1,
             xfade_pack_sizes=["1920x1080"], xfade_pack_rounds=1, xfade_pack_frames={"1920x1080": (1, 3)},
             xfade_pack_runs={"1920x1080": 1}, joins_seconds=4, joins_size="160x90", joins_runs=1,
             colour_sizes=["320x180"], colour_frames=10, colour_runs=1, colour_join_size="320x180",
             colour_join_seconds=2)

FPS = 30
FFMPEG_ONE_THREAD = ["-filter_threads", "1", "-filter_complex_threads", "1"]


def log(message):
    print(message, file=sys.stderr, flush=True)


def quoted(argv):
    return " ".join(shlex.quote(str(a)) for a in argv)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def loadavg():
    return " ".join(read_text("/proc/loadavg").split()[:3])


def command_output(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def machine_info(ffmpeg):
    cpuinfo = read_text("/proc/cpuinfo")
    model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
    lscpu = command_output(["lscpu"])

    def lscpu_field(name):
        found = re.search(rf"^{re.escape(name)}:\s*(.*)$", lscpu, re.M)
        return found.group(1).strip() if found else None

    mem = re.search(r"^MemTotal:\s*(\d+) kB", read_text("/proc/meminfo"), re.M)
    version = command_output([ffmpeg, "-version"]).splitlines() if ffmpeg else []
    commit = command_output(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).strip() or None
    dirty = None
    if commit:
        dirty = subprocess.run(["git", "-C", ROOT, "diff", "--quiet", "HEAD", "--", "Sources", "plugins"],
                               capture_output=True).returncode != 0
    return {
        "cpu": model.group(1).strip() if model else platform.processor() or "unknown",
        "cores": os.cpu_count(),
        "l2": lscpu_field("L2 cache"),
        "l3": lscpu_field("L3 cache"),
        "hypervisor": lscpu_field("Hypervisor vendor"),
        "memory_gib": round(int(mem.group(1)) / 1048576, 1) if mem else None,
        "kernel": platform.release(),
        "ffmpeg": version[0] if version else None,
        "python": platform.python_version(),
        "commit": commit,
        "sources_modified": dirty,
    }


# ---------------------------------------------------------------------------
# The C program
# ---------------------------------------------------------------------------

def run_c_bench(argv, cwd):
    log("$ " + quoted(argv))
    result = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise SystemExit(f"bench: {argv[0]} exited {result.returncode}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def c_frames_command(bench, config, size):
    argv = [bench, "frames", "--from", f"from-{size}.png", "--to", f"to-{size}.png",
            "--progress", ",".join(f"{p:g}" for p in config["progress"]), "--rounds", str(config["rounds"]),
            "--batch", str(config["batch"]), "--cap-ms", str(config["cap_ms"])]
    for label, spec, blend in ALL_CASES:
        argv += ["--case", f"{label}|{spec}|{blend}"]
    return argv


def c_tiny_command(bench, config):
    argv = [bench, "tiny", "--from", "from-64x64.png", "--to", "to-64x64.png", "--rounds",
            str(config["tiny_rounds"]), "--batch", "3", "--calls", str(config["tiny_calls"]), "--cap-ms", "20000"]
    for label, spec, blend in [BUILTINS[7], BUILTINS[0], BUILTINS[3]]:
        argv += ["--case", f"{label}|{spec}|{blend}"]
    return argv


# ---------------------------------------------------------------------------
# FFmpeg and `segue render`
# ---------------------------------------------------------------------------

def timed(argv, cwd, stdout=subprocess.DEVNULL):
    """Wall-clock seconds and CPU seconds (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(argv, cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"bench: {quoted(argv)} exited {result.returncode}:\n"
                         f"{result.stderr.decode(errors='replace')[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def count_y4m_frames(argv, cwd, width, height):
    """Runs a command writing YUV4MPEG2 to standard output and counts its frames."""
    process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL)
    header = process.stdout.readline()
    total = 0
    while True:
        chunk = process.stdout.read(1 << 20)
        if not chunk:
            break
        total += len(chunk)
    process.wait()
    if process.returncode != 0 or not header.startswith(b"YUV4MPEG2"):
        raise SystemExit(f"bench: {quoted(argv)} did not write YUV4MPEG2 (exit {process.returncode})")
    frame = 6 + width * height * 3 // 2  # "FRAME\n" + 4:2:0 planes
    if total % frame:
        raise SystemExit(f"bench: {quoted(argv)}: {total} bytes are not whole {width}x{height} 4:2:0 frames")
    return total // frame, header.decode().strip()


def xfade_commands(ffmpeg, transition, frames, size, one_thread):
    """The per-frame pair: xfade on decoded gbrap frames, and the same graph without it."""
    duration = frames / FPS
    sources = (f"[0]format=gbrap,loop=loop=-1:size=1:start=0,setpts=N/{FPS}/TB[a];"
               f"[1]format=gbrap,loop=loop=-1:size=1:start=0,setpts=N/{FPS}/TB[b];")
    with_xfade = sources + (f"[a][b]xfade=transition={transition}:duration={duration:g}:offset=0,"
                            f"trim=end_frame={frames}[out]")
    without = sources + f"[b]trim=end_frame={frames},nullsink;[a]trim=end_frame={frames}[out]"
    threads = FFMPEG_ONE_THREAD if one_thread else []
    inputs = []
    for name in (f"from-{size}.png", f"to-{size}.png"):
        inputs += ["-framerate", str(FPS)] + (["-threads", "1"] if one_thread else []) + ["-i", name]

    def command(graph):
        return [ffmpeg, "-nostdin", "-v", "error"] + threads + inputs + \
            ["-filter_complex", graph, "-map", "[out]", "-f", "null", "-"]
    return command(with_xfade), command(without)


def e2e_ffmpeg(ffmpeg, transition, frames, one_thread):
    duration = frames / FPS
    inputs = []
    for name in ("from-1920x1080.png", "to-1920x1080.png"):
        inputs += ["-loop", "1", "-t", f"{duration:g}", "-framerate", str(FPS)] + \
            (["-threads", "1"] if one_thread else []) + ["-i", name]
    return [ffmpeg, "-nostdin", "-v", "error"] + (FFMPEG_ONE_THREAD if one_thread else []) + inputs + \
        ["-filter_complex", f"[0][1]xfade=transition={transition}:duration={duration:g}:offset=0,format=yuv420p",
         "-frames:v", str(frames), "-f", "yuv4mpegpipe", "-"]


def e2e_ffmpeg_loop(ffmpeg, transition, frames, one_thread):
    """FFmpeg's best command for the same job: each PNG decoded once, converted
    once to yuv444p (xfade's cheapest format: planar, three planes) and
    repeated from memory by the `loop` filter; xfade's result converted to the
    same 4:2:0 YUV4MPEG2 out."""
    duration = frames / FPS
    inputs = []
    for name in ("from-1920x1080.png", "to-1920x1080.png"):
        inputs += (["-threads", "1"] if one_thread else []) + ["-i", name]
    loop = f"format=yuv444p,loop=loop=-1:size=1:start=0,setpts=N/{FPS}/TB"
    graph = f"[0]{loop}[a];[1]{loop}[b];[a][b]xfade=transition={transition}:duration={duration:g}:offset=0,format=yuv420p"
    return [ffmpeg, "-nostdin", "-v", "error"] + (FFMPEG_ONE_THREAD if one_thread else []) + inputs + \
        ["-filter_complex", graph, "-frames:v", str(frames), "-f", "yuv4mpegpipe", "-"]


def e2e_segue(segue, spec, blend, frames, one_thread):
    duration = frames / FPS
    argv = [segue, "render", "--from", "from-1920x1080.png", "--to", "to-1920x1080.png", "--transition", spec]
    if blend != "normal":
        argv += ["--blend", blend]
    argv += ["--animation", f".linear(duration: {duration:g})", "--frames", str(frames), "--fps", str(FPS), "-q"]
    if one_thread:
        argv += ["--threads", "1"]
    return argv + ["-o", "-"]


def spec_of(label):
    for case_label, spec, blend in ALL_CASES:
        if case_label == label:
            return spec, blend
    raise KeyError(label)


# ---------------------------------------------------------------------------
# Turning raw results into rows
# ---------------------------------------------------------------------------

def fmt(value, digits=2):
    if value is None:
        return "—"
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.{digits}f}"


def fmt_ratio(value):
    return "—" if value is None else f"{value:.2f}×"


def pass_fail(ok):
    return "—" if ok is None else ("PASS" if ok else "**FAIL**")


def frame_bytes(size):
    width, height = (int(v) for v in size.split("x"))
    return width * height * 4


def size_title(size):
    return {"1920x1080": "1920×1080", "3840x2160": "3840×2160"}.get(size, size.replace("x", "×"))


def summarise_transitions(records, size, cores):
    """One row per transition: medians and worst over the progress values, both thread counts."""
    floors = {r["threads"]: r["median_ms"] for r in records
              if r.get("group") == "floor" and r["name"] == "traffic floor" and r["size"] == size}
    identical = {r["name"]: r["identical"] for r in records if r.get("group") == "bands" and r["size"] == size}
    errors = {r["name"]: r["error"] for r in records
              if r.get("group") == "segue" and r["size"] == size and "error" in r}
    rows = []
    for label, spec, blend in ALL_CASES:
        row = {"label": label, "spec": spec, "blend": blend, "size": size,
               "kind": "built-in" if (label, spec, blend) in BUILTINS + MODIFIERS else
               "plugin" if (label, spec, blend) in PLUGINS else "xfade equivalent",
               "bands_identical": identical.get(label), "error": errors.get(label)}
        for threads, key in ((1, "one"), (cores, "all")):
            cells = [r for r in records if r.get("group") == "segue" and r["size"] == size and r["name"] == label
                     and r.get("threads") == threads and r.get("n", 0) > 0]
            by_progress = {c["progress"]: c["median_ms"] for c in cells}
            med = median(list(by_progress.values()))
            worst = max(by_progress.values()) if by_progress else None
            floor = floors.get(threads)
            row[key] = {
                "by_progress_ms": by_progress,
                "median_ms": med,
                "worst_ms": worst,
                "fps": 1000 / med if med else None,
                "worst_fps": 1000 / worst if worst else None,
                "floor_ms": floor,
                "x_floor": med / floor if med and floor else None,
            }
        one, all_ = row["one"]["median_ms"], row["all"]["median_ms"]
        row["speedup"] = one / all_ if one and all_ else None
        rows.append(row)
    return rows


def run_xfade_per_frame(ffmpeg, config, size, cwd, modes):
    frames = config["xfade_frames"][size]
    runs = config["xfade_runs"][size]
    samples = {}
    commands = {}
    for transition, _, _ in XFADE:
        for one_thread in modes:
            commands[(transition, one_thread)] = xfade_commands(ffmpeg, transition, frames, size, one_thread)
            samples[(transition, one_thread)] = []
    for run in range(runs):
        log(f"  xfade per frame {size}: run {run + 1}/{runs}")
        for (transition, one_thread), (with_xfade, without) in commands.items():
            # Alternate which of the pair goes first from run to run.
            order = [("x", with_xfade), ("b", without)] if run % 2 == 0 else [("b", without), ("x", with_xfade)]
            times = {key: timed(argv, cwd)[0] for key, argv in order}
            samples[(transition, one_thread)].append((times["x"], times["b"]))
    rows = []
    for (transition, one_thread), pairs in samples.items():
        per_frame = [(x - b) / frames * 1000 for x, b in pairs]
        ms = median(per_frame)
        rows.append({
            "transition": transition, "size": size, "threads": 1 if one_thread else "all",
            "frames": frames, "runs": runs,
            "with_xfade_s": [x for x, _ in pairs], "without_xfade_s": [b for _, b in pairs],
            "per_run_ms_per_frame": per_frame,
            # A difference at or below zero is process-timing noise, not a cost: no figure.
            "ms_per_frame": ms if ms is not None and ms > 0 else None,
            "command_with_xfade": quoted(commands[(transition, one_thread)][0]),
            "command_without_xfade": quoted(commands[(transition, one_thread)][1]),
        })
    return rows


def run_end_to_end(ffmpeg, segue, config, cwd, modes):
    frames = config["e2e_frames"]
    runs = config["e2e_runs"]
    jobs = []
    for transition, label, _ in XFADE:
        spec, blend = spec_of(label)
        for one_thread in modes:
            jobs.append({"transition": transition, "label": label, "spec": spec, "blend": blend,
                         "threads": 1 if one_thread else "all",
                         "ffmpeg": e2e_ffmpeg(ffmpeg, transition, frames, one_thread),
                         "ffmpeg_loop": e2e_ffmpeg_loop(ffmpeg, transition, frames, one_thread),
                         "segue": e2e_segue(segue, spec, blend, frames, one_thread),
                         "ffmpeg_s": [], "segue_s": [], "ffmpeg_loop_s": [], "ffmpeg_cpu_s": [], "segue_cpu_s": [],
                         "ffmpeg_loop_cpu_s": []})
    # Check once that both write the frames asked for (and warm the file cache).
    tools_in_order = ("ffmpeg", "ffmpeg_loop", "segue")
    for job in jobs:
        for tool in tools_in_order:
            count, header = count_y4m_frames(job[tool], cwd, 1920, 1080)
            if count != frames:
                raise SystemExit(f"bench: {quoted(job[tool])} wrote {count} frames, not {frames}")
            job[tool + "_header"] = header
    for run in range(runs):
        log(f"  end to end: run {run + 1}/{runs}")
        for job in jobs:
            tools = tools_in_order if run % 2 == 0 else tuple(reversed(tools_in_order))
            for tool in tools:
                wall, cpu = timed(job[tool], cwd)
                job[tool + "_s"].append(wall)
                job[tool + "_cpu_s"].append(cpu)
    rows = []
    for job in jobs:
        f, s, loop = median(job["ffmpeg_s"]), median(job["segue_s"]), median(job["ffmpeg_loop_s"])
        rows.append({
            "ffmpeg_loop_s": loop, "ratio_loop": s / loop if loop and s else None,
            "ffmpeg_loop_runs_s": job["ffmpeg_loop_s"], "command_ffmpeg_loop": quoted(job["ffmpeg_loop"]),
            "transition": job["transition"], "segue_label": job["label"], "spec": job["spec"],
            "blend": job["blend"], "threads": job["threads"], "frames": frames, "runs": runs,
            "ffmpeg_s": f, "segue_s": s, "ratio": s / f if f and s else None,
            "ffmpeg_cpu_s": median(job["ffmpeg_cpu_s"]), "segue_cpu_s": median(job["segue_cpu_s"]),
            "ffmpeg_runs_s": job["ffmpeg_s"], "segue_runs_s": job["segue_s"],
            "ffmpeg_header": job["ffmpeg_header"], "segue_header": job["segue_header"],
            "command_ffmpeg": quoted(job["ffmpeg"]), "command_segue": quoted(job["segue"]),
        })
    return rows


# ---------------------------------------------------------------------------
# Targets
# ---------------------------------------------------------------------------

def evaluate_targets(transitions, xfade_rows, e2e_rows, sizes, cores):
    targets = []

    def seg(label, size):
        return next((r for r in transitions if r["label"] == label and r["size"] == size), None)

    # 1. Per core, >= 3x faster than xfade (5x the aim), per frame.
    for size in sizes:
        for transition, label, _ in XFADE:
            x = next((r for r in xfade_rows if r["transition"] == transition and r["size"] == size
                      and r["threads"] == 1), None)
            s = seg(label, size)
            if not x or not s:
                continue
            xm, sm = x["ms_per_frame"], s["one"]["median_ms"]
            ratio = xm / sm if xm and sm else None
            targets.append({
                "target": "per core ≥3× faster than xfade", "size": size,
                "subject": f"{transition} ↔ {label}",
                "measured": f"xfade {fmt(xm)} ms / Segue {fmt(sm)} ms = {fmt_ratio(ratio)}"
                            + (" (aim 5×: met)" if ratio and ratio >= 5 else " (aim 5×: not met)" if ratio else ""),
                "value": ratio, "threshold": "≥ 3×", "pass": ratio >= 3 if ratio else None})
    # 2. .opacity, .move, .slide at 1080p within 2x of the memory-traffic floor.
    if "1920x1080" in sizes:
        for label in (".opacity (plusLighter)", ".move(edge: .trailing)", ".slide"):
            s = seg(label, "1920x1080")
            if not s:
                continue
            for key, threads in (("one", "1 thread"), ("all", f"{cores} threads")):
                v = s[key]["x_floor"]
                targets.append({
                    "target": "within 2× of the memory-traffic floor", "size": "1920x1080",
                    "subject": f"{label}, {threads}",
                    "measured": f"{fmt(s[key]['median_ms'])} ms vs floor {fmt(s[key]['floor_ms'])} ms = "
                                f"{fmt_ratio(v)}",
                    "value": v, "threshold": "≤ 2×", "pass": v <= 2 if v else None})
    # 3. All cores: every shipped effect >= 120 fps at 1080p, >= 30 fps at 4K (at its slowest progress),
    #    or the target its own issue sets (FPS_TARGETS).
    for size, every in (("1920x1080", 120), ("3840x2160", 30)):
        if size not in sizes:
            continue
        for label, _, _ in EFFECTS:
            s = seg(label, size)
            if not s:
                continue
            need = FPS_TARGETS.get((label, size), every)
            fps = s["all"]["worst_fps"]
            targets.append({
                "target": f"{cores} cores: ≥{need} fps at {size_title(size)}", "size": size, "subject": label,
                "measured": f"{fmt(fps, 0)} fps at the slowest progress ({fmt(s['all']['worst_ms'])} ms), "
                            f"{fmt(s['all']['fps'], 0)} fps median",
                "value": fps, "threshold": f"≥ {need} fps", "pass": fps >= need if fps else None})
    # 4. Bands on 2 threads >= 1.8x one thread.
    for size in sizes:
        for label, _, _ in EFFECTS:
            s = seg(label, size)
            if not s:
                continue
            v = s["speedup"]
            targets.append({
                "target": f"bands: {cores} threads ≥1.8× one thread", "size": size, "subject": label,
                "measured": f"{fmt(s['one']['median_ms'])} ms → {fmt(s['all']['median_ms'])} ms = {fmt_ratio(v)}",
                "value": v, "threshold": "≥ 1.8×", "pass": v >= 1.8 if v else None})
    # 5. `segue render` end to end at most a third of ffmpeg's time.
    for row in e2e_rows:
        v = row["ratio"]
        threads = "1 thread" if row["threads"] == 1 else "all cores"
        targets.append({
            "target": "end to end ≤ ⅓ of ffmpeg's time", "size": "1920x1080",
            "subject": f"{row['transition']} ↔ {row['segue_label']}, {threads}",
            "measured": f"Segue {fmt(row['segue_s'])} s / ffmpeg {fmt(row['ffmpeg_s'])} s = {fmt_ratio(v)}",
            "value": v, "threshold": "≤ 0.33×", "pass": v <= 1 / 3 if v else None})
        v = row["ratio_loop"]
        targets.append({
            "target": "end to end ≤ ⅓ of ffmpeg's best command (loop filter)", "size": "1920x1080",
            "subject": f"{row['transition']} ↔ {row['segue_label']}, {threads}",
            "measured": f"Segue {fmt(row['segue_s'])} s / ffmpeg {fmt(row['ffmpeg_loop_s'])} s = {fmt_ratio(v)}",
            "value": v, "threshold": "≤ 0.33×", "pass": v <= 1 / 3 if v else None})
    return targets


# ---------------------------------------------------------------------------
# Markdown
# ---------------------------------------------------------------------------

def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(lines)


def code(command, cwd_note=True):
    return "```sh\n" + command + "\n```"


def write_markdown(path, data):
    m, cfg, cores = data["machine"], data["config"], data["machine"]["cores"]
    sizes = cfg["sizes"]
    out = []
    add = out.append
    quick = data["mode"] == "quick"
    add("# Segue benchmarks\n")
    if quick:
        add("> **Mode: QUICK** (`make bench QUICK=1`): few sizes and iterations, only to check that the "
            "harness runs end to end. These figures are not for quoting; run `make bench` for the real "
            "tables.\n")
    else:
        add("> **Mode: full** (`make bench`).\n")
    add(f"Written by `bench/run.py` on {data['date']} in {data['elapsed_s']:.0f} s. Everything below was "
        "measured in this one run, on the same two pictures; medians and ratios only — each figure is the "
        "median of many timed runs, never a lone time.\n")
    add(table(["machine", ""], [
        ["CPU", f"{m['cpu']} ({m['cores']} cores" + (f", {m['hypervisor']} guest" if m.get("hypervisor") else "")
         + ")"],
        ["caches", f"L2 {m.get('l2') or '?'}, L3 {m.get('l3') or '?'}"],
        ["memory", f"{m.get('memory_gib')} GiB"],
        ["kernel", m["kernel"]],
        ["pixman", data["pixman"]],
        ["FFmpeg", m.get("ffmpeg") or "not found"],
        ["Segue", f"{data['segue']} (commit {m.get('commit') or '?'}"
         + (", with uncommitted changes under Sources/ or plugins/" if m.get("sources_modified") else "") + ")"],
        ["load average (1, 5, 15 min)", f"{data['load_before']} before, {data['load_after']} after"],
    ]))
    add("")
    add("The pictures: `segue sample photo --size WxH -o from-WxH.png` (the view removed) and "
        "`segue sample onboarding1 --size WxH -o to-WxH.png` (the view inserted), both opaque and full of "
        "detail. \"All cores\" means "
        f"{cores} threads: the engine option `threads = 0` (one per processor), `--threads 0` for the CLI.\n")

    # Targets
    add("## Targets\n")
    add("The issue's targets, judged on this run's figures. A target that is not met says FAIL.\n")
    summary = []
    groups = []
    for t in data["targets"]:
        key = (t["target"], t["size"])
        if key not in groups:
            groups.append(key)
    for key in groups:
        items = [t for t in data["targets"] if (t["target"], t["size"]) == key]
        passed = [t for t in items if t["pass"]]
        failed = [t for t in items if t["pass"] is False]
        verdict = "PASS" if items and len(passed) == len(items) else "**FAIL**"
        worst = ", ".join(t["subject"] for t in failed[:6]) + (" …" if len(failed) > 6 else "")
        summary.append([key[0], size_title(key[1]), verdict, f"{len(passed)}/{len(items)}",
                        worst or "—"])
    add(table(["target", "size", "verdict", "rows passing", "failing"], summary))
    add("")
    add("<details><summary>Every target row</summary>\n")
    add(table(["target", "size", "subject", "measured", "needs", "result"],
              [[t["target"], size_title(t["size"]), t["subject"], t["measured"], t["threshold"],
                pass_fail(t["pass"])] for t in data["targets"]]))
    add("\n</details>\n")
    add("Per core compares one Segue thread with xfade run with `-threads 1 -filter_threads 1 "
        "-filter_complex_threads 1`, per frame (tables below). The fps target uses each effect's slowest "
        "progress value: a player needs every frame in time. The floor target divides by the traffic floor "
        "with the same number of threads.\n")

    # How
    add("## How each number is measured\n")
    add("- **Per frame (Segue, memcpy, pixman)**: `build/bench/segue_bench` (bench/segue_bench.c, C against "
        "`libsegue.so` and pixman) loads the two pictures once, then runs every case of one size — memcpy, "
        "each pixman composite, every transition at every progress value on an engine with `threads = 1` and "
        f"one with `threads = 0` — in the same process. Each case runs twice to warm up; then "
        f"{cfg['rounds']} rounds run every case for a batch of up to {cfg['batch']} iterations each, the "
        "starting case rotating from round to round, every iteration timed on its own with "
        "`CLOCK_MONOTONIC` around one `segue_render()` call (or one composite). A case gets fewer "
        f"iterations when its batch would exceed its share of {cfg['cap_ms'] / 1000:g} s. Figures are the "
        "median of a case's samples; a transition's \"median\" is the median over its progress values "
        f"({', '.join(f'{p:g}' for p in cfg['progress'])}) and \"worst\" the slowest of them.")
    frame_mb = ", ".join(f"{size_title(z)}: {frame_bytes(z) / 1e6:.1f} MB" for z in sizes)
    add("- **The floor**: \"traffic floor\" is the memory-traffic floor the targets use: the time `memcpy` "
        "needs to move the bytes one frame of a two-picture transition must move — two frames read, one "
        "written, 3 frames of traffic. memcpy reads as many bytes as it writes, so the floor is measured as "
        "memcpy of 1.5 frames (1.5 read + 1.5 written = 3 frames of traffic): the whole removed picture "
        "into the render target plus half the inserted picture into a scratch frame. It reads and writes the "
        "same buffers the Segue renders do, in the same interleaved rounds, so it sees the same cache state "
        "they see. \"memcpy of a frame\" (1 read + 1 written) is listed for scale. All-cores rows split the "
        "copies into horizontal bands over a pthread pool; \"× floor\" divides by the floor with the same "
        f"thread count. Frame sizes: {frame_mb}"
        + (f"; this machine reports an L3 cache of {m['l3']}" if m.get("l3") else "")
        + ", shared with whatever else runs on the host.")
    add("- **pixman** has no threads of its own: its rows are single-threaded. It composites the same "
        "premultiplied a8r8g8b8 frames Segue uses. \"fused C crossfade\" is a plain C loop "
        "`dst = a(1-t) + bt` at t = 0.5, per byte in 16-bit arithmetic, compiled with `-O3` for baseline "
        "x86-64 (SSE2): a one-pass crossfade, for scale, on the same bands as memcpy.")
    add("- **Per call (64×64)**: the same program, on 64×64 pictures, times batches of "
        f"{cfg['tiny_calls']} calls and divides (median over {cfg['tiny_rounds'] * 3} batches); µs per call. "
        "memcpy, pixman and the plain C loop run on the calling thread only (handing a 16 KB copy to a "
        "thread pool would time the hand-off); Segue runs on both engines.")
    add("- **xfade per frame**: FFmpeg decodes each PNG once, converts it to `gbrap` (planar RGBA, the "
        "4-byte format xfade supports) and the `loop` filter repeats that decoded frame from memory, so no "
        "decoding happens per frame; the output goes to `-f null` (no encoding). The same command with "
        "xfade replaced by a pass-through (`trim`/`nullsink`) is the baseline. xfade's cost per frame = "
        "(time with xfade − time without) ÷ frames, the median over runs of that difference, the two "
        "commands alternating. xfade's progress sweeps 0→1 over the frames, as Segue's progress values do.")
    add("- **End to end**: wall-clock of the whole process, two PNG files in, "
        f"{cfg['e2e_frames']} frames of 1920×1080 YUV4MPEG2 (4:2:0) out to `/dev/null`, ffmpeg and "
        f"`segue render` alternating, {cfg['e2e_runs']} runs each, medians. ffmpeg's command is the one the "
        "issue names (`-loop 1` inputs, so it decodes the PNGs for every frame — that is what it does when "
        "given two PNG files). Before timing, each command runs once into a reader that counts its frames. "
        "CPU seconds (user + system) are reported too. Single-core rows: `--threads 1` for Segue, "
        "`-threads 1` on each input and `-filter_threads 1 -filter_complex_threads 1` for ffmpeg "
        "(`-filter_threads` alone does not reach a `-filter_complex` graph in FFmpeg 5).\n")

    # Floor
    floor_rows = data["floor"]
    add("## The floor and pixman\n")
    header = ["operation"]
    for size in sizes:
        header += [f"{size_title(size)}, 1 thread (ms)", f"{size_title(size)}, {cores} threads (ms)",
                   "× floor (1 thread)"]
    header.append("note")
    names = []
    for r in floor_rows:
        if r["name"] not in names:
            names.append(r["name"])
    rows = []
    for name in names:
        row = [name]
        note = ""
        for size in sizes:
            one = next((r for r in floor_rows if r["name"] == name and r["size"] == size and r["threads"] == 1), None)
            all_ = next((r for r in floor_rows if r["name"] == name and r["size"] == size and r["threads"] == cores
                         and cores > 1), None)
            fl = next((r for r in floor_rows if r["name"] == "traffic floor" and r["size"] == size
                       and r["threads"] == 1), None)
            row += [fmt(one["median_ms"]) if one else "—",
                    fmt(all_["median_ms"]) if all_ else ("— (no threads)" if one and one["group"] == "pixman" else "—"),
                    fmt_ratio(one["median_ms"] / fl["median_ms"]) if one and fl else "—"]
            note = (one or {}).get("note", note)
        row.append(note)
        rows.append(row)
    add(table(header, rows))
    add("")
    for size in sizes:
        add(f"Produced by ({size_title(size)}, run in the folder holding the pictures; the same run as the "
            "next table):\n")
        add(code(data["commands"]["frames"][size]))
        add("")

    # Transitions
    for size in sizes:
        add(f"## Segue per frame, {size_title(size)}\n")
        add("ms per frame: the median over the progress values, and the slowest; fps from the median; "
            "× floor against the traffic floor with the same threads; speed-up = 1 thread ÷ all cores; "
            "\"same bytes\": the all-cores frame is byte-identical to the one-thread frame at progress 0.5.\n")
        rows = []
        for r in data["transitions"]:
            if r["size"] != size:
                continue
            if r["error"]:
                rows.append([f"`{r['label']}`", r["kind"], "error: " + r["error"]] + [""] * 9)
                continue
            o, a = r["one"], r["all"]
            rows.append([f"`{r['label']}`", r["kind"],
                         fmt(o["median_ms"]), fmt(o["worst_ms"]), fmt(o["fps"], 0), fmt_ratio(o["x_floor"]),
                         fmt(a["median_ms"]), fmt(a["worst_ms"]), fmt(a["fps"], 0), fmt_ratio(a["x_floor"]),
                         fmt_ratio(r["speedup"]),
                         "—" if r["bands_identical"] is None else ("yes" if r["bands_identical"] else "**NO**")])
        add(table(["transition", "kind", "1 thread: ms", "worst ms", "fps", "× floor",
                   f"{cores} threads: ms", "worst ms", "fps", "× floor", "speed-up", "same bytes"], rows))
        add("")
        fl = {r["threads"]: r["median_ms"] for r in floor_rows if r["name"] == "traffic floor" and r["size"] == size}
        add(f"Traffic floor at {size_title(size)}: {fmt(fl.get(1))} ms (1 thread), {fmt(fl.get(cores))} ms "
            f"({cores} threads). `slideleft equivalent` is `{SLIDELEFT}`; `wipeleft nearest` is `{WIPELEFT}`. "
            "Produced by the command under the floor table for this size.\n")
        progress = data["config"]["progress"]
        add(f"<details><summary>Every progress value, {size_title(size)} (ms per frame, median)</summary>\n")
        rows = []
        for r in data["transitions"]:
            if r["size"] != size or r["error"]:
                continue
            rows.append([f"`{r['label']}`"] + [fmt(r[key]["by_progress_ms"].get(p)) for key in ("one", "all")
                                                for p in progress])
        add(table(["transition"] + [f"{p:g}, 1 thread" for p in progress]
                  + [f"{p:g}, {cores} threads" for p in progress], rows))
        add("\n</details>\n")

    # Tiny
    add("## Per-call overhead: one `segue_render()` on a 64×64 frame\n")
    rows = []
    pix = next((r for r in data["tiny"] if r["name"] == "copy (SRC)"), None)
    for r in data["tiny"]:
        us = r["median_ms"] * 1000 if r.get("median_ms") is not None else None
        name = r["name"] if r["group"] != "segue" else f"segue_render `{r['name']}` at 0.5"
        what = {"segue": "Segue", "handles": "Segue", "pixman": "pixman", "floor": "memcpy",
                "reference": "plain C"}[r["group"]]
        rows.append([name, what, r["threads"], fmt(us), fmt_ratio(r["median_ms"] / pix["median_ms"])
                     if pix and r.get("median_ms") else "—"])
    add(table(["call", "by", "threads", "µs per call", "× pixman copy"], rows))
    add("")
    add("The Segue rows include everything one C call does (argument checks, the scene, the plan, "
        "compositing, the bands' hand-off on the all-cores engine). Produced by:\n")
    lookup = next((r for r in data["tiny"] if r["group"] == "handles" and r.get("median_ms")), None)
    render = next((r for r in data["tiny"] if r["group"] == "segue" and r["threads"] == 1 and r.get("median_ms")), None)
    if lookup and render:
        share = 5 * lookup["median_ms"] / render["median_ms"]
        add(f"Every handle a call is given is looked up in the library's table of live handles before anything "
            f"is read through it (SECURITY.md): {fmt(lookup['median_ms'] * 1e6)} ns a handle, so the five of a "
            f"`segue_render()` cost {fmt(100 * share, 3)} % of the 64×64 `{render['name']}` render above "
            f"(the target: under 1 %).\n")
    add(code(data["commands"]["tiny"]))
    add("")

    # xfade per frame
    add("## Segue vs FFmpeg xfade, per frame\n")
    add("xfade's own cost per frame in `gbrap`, decoding and encoding excluded (see above), against Segue's "
        "median per frame for the nearest equivalent, same pictures, same run. Speed-up = xfade ÷ Segue.\n")
    for size in sizes:
        if size not in data["config"]["xfade_frames"]:
            add(f"**{size_title(size)}**: not measured in this mode (QUICK times xfade at "
                f"{', '.join(size_title(z) for z in data['config']['xfade_frames'])} only).\n")
            continue
        rows = []
        for transition, label, why in XFADE:
            row = [f"`{transition}`", f"`{label}`"]
            s = next((r for r in data["transitions"] if r["label"] == label and r["size"] == size), None)
            for threads, key in ((1, "one"), ("all", "all")):
                x = next((r for r in data["xfade_per_frame"] if r["transition"] == transition and r["size"] == size
                          and r["threads"] == threads), None)
                xm = x["ms_per_frame"] if x else None
                sm = s[key]["median_ms"] if s else None
                row += [fmt(xm), fmt(sm), fmt_ratio(xm / sm if xm and sm else None)]
            rows.append(row)
        add(f"**{size_title(size)}** ({data['config']['xfade_frames'][size]} frames per ffmpeg run, "
            f"{data['config']['xfade_runs'][size]} runs):\n")
        add(table(["xfade", "Segue", "xfade 1 thread (ms)", "Segue 1 thread (ms)", "speed-up",
                   "xfade all threads (ms)", f"Segue {cores} threads (ms)", "speed-up"], rows))
        add("")
    add("An xfade figure shown as — had a median difference (with xfade − without) at or below zero: "
        "process-timing noise larger than xfade's cost, so no figure. Segue's figures are the medians "
        "over progress values from the per-frame tables above.\n")
    add("Equivalents:\n")
    for transition, label, why in XFADE:
        add(f"- `{transition}` ↔ `{label}`: {why}.")
    add("")
    size0 = sizes[0]
    example = next(r for r in data["xfade_per_frame"] if r["transition"] == "fade" and r["size"] == size0
                   and r["threads"] == 1)
    add(f"Produced by, for each transition (here `fade`, {size_title(size0)}, one thread; all threads drops "
        "`-threads 1 -filter_threads 1 -filter_complex_threads 1`), with xfade and without:\n")
    add(code(example["command_with_xfade"] + "\n" + example["command_without_xfade"]))
    add("")

    # End to end
    add("## End to end: two PNG files in, YUV4MPEG2 out (1920×1080)\n")
    rows = []
    for r in data["end_to_end"]:
        rows.append([f"`{r['transition']}`", f"`{r['segue_label']}`",
                     "1" if r["threads"] == 1 else "all", fmt(r["ffmpeg_s"]), fmt(r["ffmpeg_loop_s"]),
                     fmt(r["segue_s"]), fmt_ratio(r["ratio"]), fmt_ratio(r["ratio_loop"]), fmt(r["ffmpeg_cpu_s"]),
                     fmt(r["segue_cpu_s"]), fmt(r["segue_s"] and r["frames"] / r["segue_s"], 0)])
    add(table(["xfade", "Segue", "threads", "ffmpeg -loop 1 (s)", "ffmpeg loop filter (s)", "segue render (s)",
               "÷ -loop 1", "÷ loop filter", "ffmpeg CPU (s)", "Segue CPU (s)", "Segue fps"], rows))
    add("")
    add(f"{data['config']['e2e_frames']} frames at {FPS} fps, {data['config']['e2e_runs']} alternating runs, "
        "medians of wall-clock time. Produced by, for each pair (here `fade`, all cores; the single-core "
        "rows add the thread options above):\n")
    ex = next(r for r in data["end_to_end"] if r["transition"] == "fade" and r["threads"] == "all")
    add(code(ex["command_ffmpeg"] + " > /dev/null\n" + ex["command_ffmpeg_loop"] + " > /dev/null\n"
             + ex["command_segue"] + " > /dev/null"))
    add("")
    add("Two ffmpeg setups: `-loop 1` inputs, which decode both PNGs for every frame (what ffmpeg does when "
        "given two PNG files), and its best command for the job: each PNG decoded once, converted once to "
        "yuv444p (the cheapest format xfade takes; it takes no 4:2:0) and repeated from memory by the `loop` "
        "filter, xfade's output converted to the same 4:2:0. The second is the fair one.")
    add("")
    add(f"Output headers: ffmpeg `{ex['ffmpeg_header']}`, Segue `{ex['segue_header']}`.\n")

    out.extend(video.markdown(data["video"], fmt, table, code))
    out.extend(joins.markdown(data["joins"], fmt, table, code))
    out.extend(colour.markdown(data["colour"], fmt, table, code))
    out.extend(mlt.markdown(data["mlt"], fmt, table, code))
    out.extend(python_binding.markdown(data["python"], fmt, table, code))
    out.extend(xfade_pack.markdown(data["xfade_pack"], fmt, table, code))

    # Reliability
    add("## What makes these figures less reliable\n")
    add(f"- This is a {cores}-core virtual machine shared with other work (load average "
        f"{data['load_before']} when the run began, {data['load_after']} when it ended). Other processes "
        "take turns on the same cores: single-thread figures are the steadier; all-cores figures and "
        "speed-ups suffer most, because a band waits for whichever thread was descheduled. Interleaving "
        "the cases and taking medians spreads the noise evenly but cannot remove it.")
    add("- Caches: how much of the two pictures and the target is still cached when a case starts depends "
        "on the cases run before it and on the host's other tenants; the floor shares Segue's buffers so "
        "that it is affected alike, but ratios near 1× (or below, for transitions that touch less than "
        "three frames of memory) mean \"as fast as memory\", not more.")
    add("- xfade's per-frame cost is a difference of two process timings; at small frame counts the "
        "difference is noisier than Segue's in-process figures.")
    add("- End to end with `-loop 1`, ffmpeg decodes both PNGs for every frame, Segue once; the loop-filter "
        "setup removes that difference.\n")
    with open(path, "w") as f:
        f.write("\n".join(out))


# ---------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", required=True, help="the compiled bench/segue_bench.c")
    parser.add_argument("--segue", required=True, help="build/bin/segue")
    parser.add_argument("--ffmpeg", default=shutil.which("ffmpeg") or "ffmpeg")
    parser.add_argument("--out", default=ROOT, help="folder for BENCHMARKS.md and BENCHMARKS.json")
    parser.add_argument("--quick", action="store_true", help="a short run that only exercises everything")
    parser.add_argument("--frei0r", default=os.path.join(ROOT, "build", "lib", "frei0r-1"),
                        help="the folder of Segue's frei0r mixers")
    parser.add_argument("--mlt-module", default=os.path.join(ROOT, "build", "lib", "mlt-7", "libmltsegue.so"),
                        help="Segue's MLT module")
    parser.add_argument("--python", default=os.path.join(ROOT, "build", "python", "venv", "bin", "python"),
                        help="the Python of build/python/venv, with the segue wheel, numpy and moviepy")
    args = parser.parse_args()

    started = time.perf_counter()
    config = dict(QUICK if args.quick else FULL)
    bench = os.path.abspath(args.bench)
    segue = os.path.abspath(args.segue)
    frei0r_path = os.path.abspath(args.frei0r)
    ffmpeg = shutil.which(args.ffmpeg) or args.ffmpeg
    cores = os.cpu_count() or 1
    modes = [False, True]  # all threads, then one thread
    os.makedirs(args.out, exist_ok=True)

    data = {
        "mode": "quick" if args.quick else "full",
        "command": "make bench QUICK=1" if args.quick else "make bench",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine_info(ffmpeg),
        "config": config,
        "load_before": loadavg(),
    }
    phases = data["phases_s"] = {}
    mark = [time.perf_counter()]

    def phase(name):
        now = time.perf_counter()
        phases[name] = round(now - mark[0], 1)
        mark[0] = now
        log(f"bench: {name}: {phases[name]:.0f} s")

    log(f"bench: {data['mode']} run; expect about {'three minutes' if args.quick else '40 minutes on 2 cores'}")
    work = tempfile.mkdtemp(prefix="segue-bench-")
    try:
        log(f"bench: pictures in {work}")
        for size in config["sizes"] + ["64x64"]:
            for role, sample in (("from", "photo"), ("to", "onboarding1")):
                subprocess.run([segue, "sample", sample, "--size", size, "-o", f"{role}-{size}.png"], cwd=work,
                               check=True)
        phase("pictures")

        records, commands = [], {"frames": {}}
        for size in config["sizes"]:
            argv = c_frames_command(bench, config, size)
            commands["frames"][size] = quoted(argv)
            records += run_c_bench(argv, work)
        meta = next(r for r in records if r.get("group") == "meta")
        data["pixman"], data["segue"] = meta["pixman"], meta["segue"]
        tiny_argv = c_tiny_command(bench, config)
        commands["tiny"] = quoted(tiny_argv)
        tiny = [r for r in run_c_bench(tiny_argv, work) if r.get("group") not in ("meta", "bands")]

        data["floor"] = [r for r in records if r.get("group") in ("floor", "pixman", "reference")]
        transitions = []
        for size in config["sizes"]:
            transitions += summarise_transitions(records, size, cores)
        data["transitions"] = transitions
        data["tiny"] = tiny

        phase("C program")

        xfade_rows = []
        for size in config["sizes"]:
            if size in config["xfade_frames"]:
                xfade_rows += run_xfade_per_frame(ffmpeg, config, size, work, [True, False])
        data["xfade_per_frame"] = xfade_rows
        phase("xfade per frame")
        data["end_to_end"] = run_end_to_end(ffmpeg, segue, config, work, modes)
        phase("end to end")
        data["video"] = video.run(ffmpeg, segue, work, config, log, median)
        phase("video")
        data["joins"] = joins.run(ffmpeg, segue, work, config, log, median)
        phase("joins")
        data["colour"] = colour.run(ffmpeg, segue, work, config, log, median)
        phase("colour")
        data["mlt"] = mlt.run(ffmpeg, work, config, log, median, frei0r_path, os.path.abspath(args.mlt_module))
        phase("melt")
        data["python"] = python_binding.run(args.python, config, log)
        phase("python")
        data["xfade_pack"] = xfade_pack.run(bench, args.python, work, config, log, median, run_c_bench, timed)
        phase("xfade pack")
        data["commands"] = commands
        data["targets"] = evaluate_targets(transitions, xfade_rows, data["end_to_end"], config["sizes"], cores) \
            + video.targets(data["video"], fmt, fmt_ratio) + joins.targets(data["joins"], fmt, fmt_ratio) \
            + colour.targets(data["colour"], fmt, fmt_ratio) \
            + mlt.targets(data["mlt"], fmt) \
            + python_binding.targets(data["python"], fmt) + xfade_pack.targets(data["xfade_pack"], fmt)
        data["raw"] = [r for r in records if r.get("group") in ("segue", "bands", "meta")]
    finally:
        shutil.rmtree(work, ignore_errors=True)

    data["load_after"] = loadavg()
    data["elapsed_s"] = time.perf_counter() - started
    md = os.path.join(args.out, "BENCHMARKS.md")
    js = os.path.join(args.out, "BENCHMARKS.json")
    write_markdown(md, data)
    with open(js, "w") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    passed = sum(1 for t in data["targets"] if t["pass"])
    log(f"bench: wrote {md} and {js} ({data['mode']}, {data['elapsed_s']:.0f} s; "
        f"targets: {passed}/{len(data['targets'])} rows pass)")


if __name__ == "__main__":
    main()
