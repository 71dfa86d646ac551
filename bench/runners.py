"""How `make bench` measures (bench/run.py): the runs of bench/segue_bench.c,
FFmpeg's xfade per frame, `segue render` against ffmpeg end to end, and the
calls into the comparison modules (video, joins, colour, mlt, python_binding,
distributed, xfade_pack); `measure` runs them all in order and returns the results that
BENCHMARKS.json holds.
"""
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
import distributed
import joins
import mlt
import python_binding
import xfade_pack
import video
from cases import ALL_CASES, BUILTINS, FPS, MODIFIERS, PLUGINS, XFADE, spec_of
from targets import judge

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

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


# ---------------------------------------------------------------------------
# Turning raw results into rows
# ---------------------------------------------------------------------------

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
# Every measurement, in order
# ---------------------------------------------------------------------------

def measure(quick, config, bench, segue, ffmpeg, frei0r_path, mlt_module, python, wheel_python):
    """Runs every part of the benchmark in a temporary folder; returns the
    results (everything BENCHMARKS.json holds but load_after and elapsed_s)."""
    cores = os.cpu_count() or 1
    modes = [False, True]  # all threads, then one thread

    data = {
        "mode": "quick" if quick else "full",
        "command": "make bench QUICK=1" if quick else "make bench",
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

    log(f"bench: {data['mode']} run; expect about {'three minutes' if quick else '40 minutes on 2 cores'}")
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
        data["mlt"] = mlt.run(ffmpeg, work, config, log, median, frei0r_path, mlt_module)
        phase("melt")
        data["python"] = python_binding.run(python, config, log, wheel_python)
        phase("python")
        data["distributed"] = distributed.run(ffmpeg, segue, python, work, config, log, median)
        phase("distributed")
        data["xfade_pack"] = xfade_pack.run(bench, python, work, config, log, median, run_c_bench, timed)
        phase("xfade pack")
        data["commands"] = commands
        data["targets"] = judge(data, cores)
        data["raw"] = [r for r in records if r.get("group") in ("segue", "bands", "meta")]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return data
