"""The MLT rows of `make bench` (run by bench/run.py): melt joining the same
two 1920×1080 25 fps clips with a 50-frame mix, through Segue's frei0r
crossfade (`frei0r.segue_opacity`), Segue's native MLT module
(`segue.opacity`, bridges/mlt), MLT's own dissolve (`luma`) and frei0r's own
crossfade mixer (`frei0r.xfade0r`, from frei0r-plugins).

Every command decodes the same clips and writes the same raw video to the
same consumer; they alternate run by run; medians. A mixer's cost per frame
is (its command's time − the hard cut's time) ÷ the mix's frames, where the
hard cut is the same command with the first clip shortened by the mix and
no mixer: the same frames out, no transition drawn.
"""
import os
import resource
import shutil
import subprocess
import shlex
import time

from rows import target_row

# MLT's own profile for the clips: 1920×1080, 25 fps progressive, square
# pixels, 16:9, BT.709 (from libmlt-data, which melt depends on).
PROFILE = "atsc_1080p_25"
# Segue's setups first, then those they are judged against.
SEGUE_MIXERS = [
    ("Segue frei0r.segue_opacity", ["-mixer", "frei0r.segue_opacity", "position=0=0;-1=1"]),
    ("Segue segue.opacity (MLT module)", ["-mixer", "segue.opacity"]),
]
OTHER_MIXERS = [
    ("MLT luma (dissolve)", ["-mixer", "luma"]),
    ("frei0r xfade0r", ["-mixer", "frei0r.xfade0r", "0=0=0;-1=1"]),
]
MIXERS = SEGUE_MIXERS + OTHER_MIXERS


def quoted(argv):
    return " ".join(shlex.quote(str(a)) for a in argv)


def make_clips(ffmpeg, work, frames, log):
    """Two 1080p25 clips of `frames` (testsrc2, mandelbrot), intra-only so seeking is cheap."""
    paths = []
    for index, source in enumerate(("testsrc2", "mandelbrot")):
        path = os.path.join(work, f"mlt{index}.mkv")
        subprocess.run([ffmpeg, "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                        f"{source}=size=1920x1080:rate=25", "-frames:v", str(frames), "-c:v", "libx264",
                        "-preset", "ultrafast", "-g", "1", "-pix_fmt", "yuv420p", path], check=True)
        paths.append(path)
    log(f"  mlt: made {len(paths)} clips of {frames} frames")
    return paths


def commands(clips, frames, mix, out):
    """(name, argv) of each setup: the hard cut first."""
    a, b = clips
    consumer = ["-consumer", f"avformat:{out}", "f=rawvideo", "vcodec=rawvideo", "pix_fmt=yuv420p",
                "real_time=-1", "terminate_on_pause=1"]
    base = ["melt", "-silent", "-profile", PROFILE]
    cut = base + [a, f"out={frames - 1 - mix}", b, f"out={frames - 1}"] + consumer
    mixes = [(name, base + [a, f"out={frames - 1}", b, f"out={frames - 1}", "-mix", str(mix)] + mixer
              + consumer) for name, mixer in MIXERS]
    return [("hard cut, no transition", cut)] + mixes


def module_folder(work, module):
    """A folder of MLT's modules and Segue's, for MLT_REPOSITORY (scripts/mlt-repository)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "mlt-repository")
    return subprocess.run([script, os.path.join(work, "mlt-modules"), module], capture_output=True, text=True,
                          check=True).stdout.strip()


def run(ffmpeg, work, config, log, median, frei0r_path, mlt_module):
    """Rows: name, median seconds, per-frame milliseconds over the cut; None when melt is missing."""
    if not shutil.which("melt"):
        log("  mlt: melt is not installed; skipped")
        return None
    frames, mix = config["mlt_frames"], config["mlt_mix"]
    clips = make_clips(ffmpeg, work, frames, log)
    out = os.path.join(work, "mlt-out.yuv")
    env = dict(os.environ, FREI0R_PATH=f"{frei0r_path}:/usr/lib/frei0r-1",
               MLT_REPOSITORY=module_folder(work, mlt_module))
    setups = commands(clips, frames, mix, out)
    runs = config["mlt_runs"]
    times = {name: [] for name, _ in setups}
    sizes = {}
    cpu = {name: [] for name, _ in setups}
    for index in range(runs):
        log(f"  mlt: run {index + 1}/{runs}")
        for name, argv in setups:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            result = subprocess.run(argv, env=env, capture_output=True, text=True)
            elapsed = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            if result.returncode != 0 or not os.path.exists(out):
                raise RuntimeError(f"{name} failed: {result.stderr[-2000:]}")
            sizes[name] = os.path.getsize(out)
            os.remove(out)
            times[name].append(elapsed)
    cut, cut_cpu = median(times[setups[0][0]]), median(cpu[setups[0][0]])
    rows = []
    for name, argv in setups:
        seconds, cpu_seconds = median(times[name]), median(cpu[name])
        first = name == setups[0][0]
        rows.append({"name": name, "command": argv, "median_s": seconds, "median_cpu_s": cpu_seconds,
                     "bytes": sizes[name],
                     "ms_per_mix_frame": None if first else (seconds - cut) * 1000 / mix,
                     "cpu_ms_per_mix_frame": None if first else (cpu_seconds - cut_cpu) * 1000 / mix})
    return {"rows": rows, "runs": runs, "mix": mix, "clip_frames": frames}


def targets(data, fmt):
    """Each of Segue's crossfades no slower per frame than either of the others."""
    if not data:
        return []
    by_name = {r["name"]: r for r in data["rows"]}
    result = []
    for segue_name, _ in SEGUE_MIXERS:
        segue = by_name[segue_name]
        for name, _ in OTHER_MIXERS:
            other = by_name[name]
            result.append(target_row(
                "melt: Segue's crossfade no slower per frame", "1920x1080", f"{segue_name[len('Segue '):]} vs {name}",
                f"{fmt(segue['ms_per_mix_frame'])} ms vs {fmt(other['ms_per_mix_frame'])} ms per frame",
                segue["ms_per_mix_frame"], f"≤ {fmt(other['ms_per_mix_frame'])} ms",
                segue["ms_per_mix_frame"] <= other["ms_per_mix_frame"]))
    return result


def markdown(data, fmt, table, code):
    lines = ["## In melt: Segue's crossfades against MLT's and frei0r's\n"]
    if not data:
        return lines + ["melt was not installed; nothing measured.\n"]
    lines.append(f"Two 1920×1080 25 fps clips of {data['clip_frames']} frames (ffmpeg's testsrc2 and mandelbrot, "
                 f"H.264 intra), joined by a {data['mix']}-frame `-mix` in melt; raw 4:2:0 out through the same "
                 f"avformat consumer; {data['runs']} alternating runs, medians. Per frame: (time − the hard cut's "
                 f"time) ÷ {data['mix']}, the hard cut writing the same number of frames with no transition; "
                 "the same for the processor time melt used (all its threads, both cores: melt decodes, mixes and "
                 "writes on threads of its own, so a mixer's work partly overlaps the rest and wall time shows "
                 "less of it than processor time). "
                 "frei0r mixers get RGBA frames, so their rows include MLT's conversions to and from RGBA; "
                 "`luma` mixes in MLT's 4:2:2 (converting both clips into it and the result out of it); Segue's "
                 "MLT module takes the clips' 4:2:0 and converts it itself.\n")
    lines.append(table(["setup", "median (s)", "ms per mix frame", "CPU median (s)", "CPU ms per mix frame"],
                       [[r["name"], fmt(r["median_s"]),
                         fmt(r["ms_per_mix_frame"]) if r["ms_per_mix_frame"] is not None else "—",
                         fmt(r["median_cpu_s"]),
                         fmt(r["cpu_ms_per_mix_frame"]) if r["cpu_ms_per_mix_frame"] is not None else "—"]
                        for r in data["rows"]]))
    lines.append("")
    for r in data["rows"]:
        lines.append(code(quoted(r["command"])))
    return lines
