"""The xfade rows of `make bench` (run by bench/run.py): every one of FFmpeg's
58 xfade transitions, Segue's `.xfade(.name)` against xfade itself, per
core, at 1920×1080 and 3840×2160.

Segue's side is bench/segue_bench.c (one thread, the two inputs decoded once,
medians over rounds at progress 0.3 and 0.7). xfade's side is its cost per
frame on decoded planar RGB frames looped in memory (xfade takes no 4:2:0),
one filter thread: the same command for a long and a short run of frames,
(time long − time short) ÷ (frames long − frames short), so the process's
start and the decoding cancel out and only frames of xfade remain; medians
over rounds, for each FFmpeg that has the transition (Debian's 5.1 for the
first 46, the static FFmpeg 9 of imageio-ffmpeg for all 58), keeping the
faster.
"""
import os
import shutil
import subprocess

NAMES = ("fade wipeleft wiperight wipeup wipedown slideleft slideright slideup slidedown circlecrop rectcrop "
         "distance fadeblack fadewhite radial smoothleft smoothright smoothup smoothdown circleopen circleclose "
         "vertopen vertclose horzopen horzclose dissolve pixelize diagtl diagtr diagbl diagbr hlslice hrslice "
         "vuslice vdslice hblur fadegrays wipetl wipetr wipebl wipebr squeezeh squeezev zoomin fadefast fadeslow "
         "hlwind hrwind vuwind vdwind coverleft coverright coverup coverdown revealleft revealright revealup "
         "revealdown").split()
DEBIAN_COUNT = 46
TARGET_EVERY, TARGET_MOST = 3, 5
FPS = 30


def ffmpegs(python, log):
    """(label, path, how many of NAMES it has): Debian's and imageio-ffmpeg's, those present."""
    found = []
    if shutil.which("ffmpeg"):
        found.append(("FFmpeg 5.1 (Debian)", shutil.which("ffmpeg"), DEBIAN_COUNT))
    if python and os.path.exists(python):
        result = subprocess.run([python, "-c", "import imageio_ffmpeg; print(imageio_ffmpeg.get_ffmpeg_exe())"],
                                capture_output=True, text=True)
        if result.returncode == 0:
            found.append(("FFmpeg 9 (imageio-ffmpeg)", result.stdout.strip(), len(NAMES)))
    if not found:
        log("  xfade pack: no FFmpeg found")
    return found


def graph(transition, frames, duration):
    """xfade over `duration` seconds, of which the first `frames` frames are kept."""
    sources = (f"[0]format=gbrp,loop=loop=-1:size=1:start=0,setpts=N/{FPS}/TB[a];"
               f"[1]format=gbrp,loop=loop=-1:size=1:start=0,setpts=N/{FPS}/TB[b];")
    return sources + (f"[a][b]xfade=transition={transition}:duration={duration:g}:offset=0,"
                      f"trim=end_frame={frames}[out]")


def command(ffmpeg, size, transition, frames, duration):
    inputs = []
    for name in (f"from-{size}.png", f"to-{size}.png"):
        inputs += ["-framerate", str(FPS), "-threads", "1", "-i", name]
    return [ffmpeg, "-nostdin", "-v", "error", "-filter_threads", "1", "-filter_complex_threads", "1"] + inputs + \
        ["-filter_complex", graph(transition, frames, duration), "-map", "[out]", "-f", "null", "-"]


def segue_command(bench, config, size):
    argv = [bench, "frames", "--from", f"from-{size}.png", "--to", f"to-{size}.png", "--progress", "0.3,0.7",
            "--rounds", str(config["xfade_pack_rounds"]), "--batch", "1", "--cap-ms", str(config["cap_ms"])]
    for name in NAMES:
        argv += ["--case", f"{name}|.xfade(.{name})|normal"]
    return argv


def run(bench, python, work, config, log, median, run_c_bench, timed):
    """Rows per size and transition: Segue's and each FFmpeg's ms per frame on one thread."""
    tools = ffmpegs(python, log)
    rows = []
    commands = {}
    for size in config["xfade_pack_sizes"]:
        argv = segue_command(bench, config, size)
        commands[f"segue {size}"] = argv
        by_progress = {}
        for record in run_c_bench(argv, work):
            if record.get("group") == "segue" and record.get("threads") == 1 and record.get("median_ms"):
                by_progress.setdefault(record["name"], []).append(record["median_ms"])
        segue_ms = {name: median(values) for name, values in by_progress.items()}
        short, long = config["xfade_pack_frames"][size]
        duration = long / FPS  # both runs inside the same transition
        samples = {(label, name): [] for label, _, count in tools for name in NAMES[:count]}
        for index in range(config["xfade_pack_runs"][size]):
            log(f"  xfade pack {size}: run {index + 1}/{config['xfade_pack_runs'][size]}")
            for label, ffmpeg, count in tools:
                for name in NAMES[:count]:
                    pair = [short, long] if index % 2 == 0 else [long, short]
                    seconds = {n: timed(command(ffmpeg, size, name, n, duration), work)[0] for n in pair}
                    samples[(label, name)].append((seconds[long] - seconds[short]) / (long - short) * 1000)
        for label, ffmpeg, _ in tools:
            commands[f"{label} {size}"] = command(ffmpeg, size, "NAME", long, duration)
        for name in NAMES:
            per_tool = {label: median(samples[(label, name)]) for label, _, count in tools if name in NAMES[:count]}
            per_tool = {label: ms for label, ms in per_tool.items() if ms is not None and ms > 0}
            best = min(per_tool.items(), key=lambda item: item[1]) if per_tool else (None, None)
            segue = segue_ms.get(name)
            rows.append({"transition": name, "size": size, "segue_ms": segue, "ffmpeg_ms": per_tool,
                         "best_ffmpeg": best[0], "best_ffmpeg_ms": best[1],
                         "speed_up": best[1] / segue if segue and best[1] else None})
    return {"rows": rows, "commands": {key: " ".join(map(str, argv)) for key, argv in commands.items()},
            "tools": [label for label, _, _ in tools]}


def targets(data, fmt):
    """Per size: every row ≥ 3× faster per core, and most (more than half) ≥ 5×."""
    if not data or not data["rows"]:
        return []
    result = []
    for size in sorted({r["size"] for r in data["rows"]}):
        rows = [r for r in data["rows"] if r["size"] == size and r["speed_up"]]
        slowest = min(rows, key=lambda r: r["speed_up"])
        at_five = sum(1 for r in rows if r["speed_up"] >= TARGET_MOST)
        result.append({"target": f"xfade pack: every transition ≥ {TARGET_EVERY}× faster per core", "size": size,
                       "subject": f"slowest: {slowest['transition']}",
                       "measured": f"{slowest['speed_up']:.1f}× ({sum(1 for r in rows if r['speed_up'] >= TARGET_EVERY)}"
                                   f"/{len(rows)} rows at {TARGET_EVERY}× or more)",
                       "value": slowest["speed_up"], "threshold": f"≥ {TARGET_EVERY}×",
                       "pass": slowest["speed_up"] >= TARGET_EVERY})
        result.append({"target": f"xfade pack: most transitions ≥ {TARGET_MOST}× faster per core", "size": size,
                       "subject": "rows", "measured": f"{at_five}/{len(rows)} rows at {TARGET_MOST}× or more",
                       "value": at_five, "threshold": f"> {len(rows) // 2} rows", "pass": at_five > len(rows) // 2})
    return result


def markdown(data, fmt, table, code):
    lines = ["## FFmpeg's xfade transitions, by name: `.xfade(.name)` against xfade, per core\n"]
    if not data or not data["rows"]:
        return lines + ["No FFmpeg was found; nothing measured.\n"]
    lines.append("One thread each. Segue: bench/segue_bench.c, median ms per frame at progress 0.3 and 0.7, both "
                 "inputs decoded once. xfade: on decoded planar RGB frames looped in memory, (time of a long run "
                 "− time of a short one) ÷ the frames between, medians over rounds, for " + " and ".join(data["tools"])
                 + " (Debian's has the first 46), the faster of the two per transition. The long run's command:\n")
    for size in sorted({r["size"] for r in data["rows"]}, key=lambda s: int(s.split("x")[0])):
        rows = [r for r in data["rows"] if r["size"] == size]
        lines.append(f"### {size}\n")
        lines.append(table(["transition", "Segue ms", "xfade ms (faster FFmpeg)", "speed-up"],
                           [[f"`{r['transition']}`", fmt(r["segue_ms"]),
                             (f"{fmt(r['best_ffmpeg_ms'])} ({r['best_ffmpeg'].split(' (')[0]})"
                              if r["best_ffmpeg_ms"] else "—"),
                             f"{r['speed_up']:.1f}×" if r["speed_up"] else "—"] for r in rows]))
        lines.append("")
    for key, argv in data["commands"].items():
        lines.append(f"{key}:\n")
        lines.append(code(argv))
        lines.append("")
    return lines
