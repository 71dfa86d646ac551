"""The xfade rows of `make bench` (run by bench/run.py): every one of FFmpeg's
58 xfade transitions, Segue's `.xfade(.name)` against xfade itself, per
core, at 1920×1080 and 3840×2160.

Segue's side is bench/segue_bench.c (one thread, the two inputs decoded once,
medians over rounds at progress 0.3 and 0.7), run twice: warm, each case's
calls one after another on the same pictures and target (WARM_BATCH of
them a round), as xfade's own loop of one frame runs; and cold, one call
of a case between the other cases' (which at 1080p leaves the pictures out
of the cache, where xfade's planar ones, three quarters the bytes, stay in
it). Rows are judged warm, like for like; the cold figures are the less
flattering setup, reported beside them. xfade's side is its cost per
frame on decoded planar RGB frames looped in memory (xfade takes no 4:2:0),
one filter thread: the same command for a long and a short run of frames,
(time long − time short) ÷ (frames long − frames short), so the process's
start and the decoding cancel out and only frames of xfade remain; medians
over rounds, for each FFmpeg that has the transition (Debian's 5.1 for the
first 46, the static FFmpeg 9 of imageio-ffmpeg for all 58), keeping the
faster.

The long run is made long enough for xfade's frames to stand out of the
noise of starting a process and decoding two pictures (about ±0.1 s at
4K): a first, uncounted pair of runs estimates xfade's cost per frame, and
the counted long runs then have at least `xfade_pack_extra_s` seconds more
of xfade than the short ones (at most MAX_FRAMES frames; the quick run has
no estimate and keeps the configured lengths). Without it, a 4K row that
costs 1 ms a frame measured anywhere from −1 to 2 ms.
"""
import os
import shutil
import subprocess

from rows import target_row

NAMES = ("fade wipeleft wiperight wipeup wipedown slideleft slideright slideup slidedown circlecrop rectcrop "
         "distance fadeblack fadewhite radial smoothleft smoothright smoothup smoothdown circleopen circleclose "
         "vertopen vertclose horzopen horzclose dissolve pixelize diagtl diagtr diagbl diagbr hlslice hrslice "
         "vuslice vdslice hblur fadegrays wipetl wipetr wipebl wipebr squeezeh squeezev zoomin fadefast fadeslow "
         "hlwind hrwind vuwind vdwind coverleft coverright coverup coverdown revealleft revealright revealup "
         "revealdown").split()
DEBIAN_COUNT = 46
# What a transition costs at least in Segue's pixels (premultiplied BGRA, 4 bytes), measured in the same
# segue_bench run: those that only copy each pixel from one picture (or paint the background) cost a frame's
# memcpy; those that mix the two by a weight, the fused C crossfade (two frames read, one written). The
# others (hblur, fadegrays, pixelize, zoomin: more work a pixel) have no floor here.
COPIES = set("wipeleft wiperight wipeup wipedown slideleft slideright slideup slidedown circlecrop rectcrop "
             "dissolve wipetl wipetr wipebl wipebr squeezeh squeezev coverleft coverright coverup coverdown "
             "revealleft revealright revealup revealdown".split())
NO_FLOOR = {"hblur", "fadegrays", "pixelize", "zoomin"}
FLOORS = {"copy": "memcpy of a frame", "mix": "fused C crossfade"}
TARGET_EVERY, TARGET_MOST = 3, 5
FPS = 30
MAX_FRAMES = 1000
WARM_BATCH = 5


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
    duration = f"{duration:g}" if isinstance(duration, (int, float)) else duration
    return sources + (f"[a][b]xfade=transition={transition}:duration={duration}:offset=0,"
                      f"trim=end_frame={frames}[out]")


def command(ffmpeg, size, transition, frames, duration):
    inputs = []
    for name in (f"from-{size}.png", f"to-{size}.png"):
        inputs += ["-framerate", str(FPS), "-threads", "1", "-i", name]
    return [ffmpeg, "-nostdin", "-v", "error", "-filter_threads", "1", "-filter_complex_threads", "1"] + inputs + \
        ["-filter_complex", graph(transition, frames, duration), "-map", "[out]", "-f", "null", "-"]


def segue_command(bench, config, size, batch):
    argv = [bench, "frames", "--from", f"from-{size}.png", "--to", f"to-{size}.png", "--progress", "0.3,0.7",
            "--rounds", str(config["xfade_pack_rounds"]), "--batch", str(batch), "--cap-ms", str(config["cap_ms"])]
    for name in NAMES:
        argv += ["--case", f"{name}|.xfade(.{name})|normal"]
    return argv


def run(bench, python, work, config, log, median, run_c_bench, timed):
    """Rows per size and transition: Segue's and each FFmpeg's ms per frame on one thread."""
    tools = ffmpegs(python, log)
    paths = {label: path for label, path, _ in tools}
    rows = []
    commands = {}
    for size in config["xfade_pack_sizes"]:
        segue_ms, floor_ms = {}, {}
        for warmth, batch in (("warm", WARM_BATCH), ("cold", 1)):
            argv = segue_command(bench, config, size, batch)
            commands[f"segue {size}, {warmth}"] = argv
            by_progress = {}
            for record in run_c_bench(argv, work):
                if record.get("threads") != 1 or not record.get("median_ms"):
                    continue
                if record.get("group") == "segue":
                    by_progress.setdefault(record["name"], []).append(record["median_ms"])
                elif warmth == "warm" and record["name"] in FLOORS.values():
                    floor_ms[record["name"]] = record["median_ms"]
            segue_ms[warmth] = {name: median(values) for name, values in by_progress.items()}
        short, base = config["xfade_pack_frames"][size]

        def per_frame_ms(ffmpeg, name, long, first_short=True):
            """xfade's ms per frame from a short and a long run inside one transition of `long` frames."""
            duration = long / FPS
            pair = [short, long] if first_short else [long, short]
            seconds = {n: timed(command(ffmpeg, size, name, n, duration), work)[0] for n in pair}
            return (seconds[long] - seconds[short]) / (long - short) * 1000

        extra_s = config.get("xfade_pack_extra_s", 0)
        if extra_s:
            log(f"  xfade pack {size}: estimating xfade's cost per frame")
        frames = {}
        for label, ffmpeg, count in tools:
            for name in NAMES[:count]:
                frames[(label, name)] = base
                if extra_s:
                    estimate = per_frame_ms(ffmpeg, name, base)
                    wanted = short + (extra_s * 1000 / estimate if estimate > 0 else MAX_FRAMES)
                    frames[(label, name)] = max(base, min(MAX_FRAMES, int(wanted) + 1))
        samples = {key: [] for key in frames}
        for index in range(config["xfade_pack_runs"][size]):
            log(f"  xfade pack {size}: run {index + 1}/{config['xfade_pack_runs'][size]}")
            for (label, name), long in frames.items():
                samples[(label, name)].append(per_frame_ms(paths[label], name, long, index % 2 == 0))
        for label, ffmpeg, _ in tools:
            commands[f"{label} {size}"] = command(ffmpeg, size, "NAME", "LONG", "LONG/30")
        for name in NAMES:
            per_tool = {label: median(samples[(label, name)]) for label, _, count in tools if name in NAMES[:count]}
            per_tool = {label: ms for label, ms in per_tool.items() if ms is not None and ms > 0}
            best = min(per_tool.items(), key=lambda item: item[1]) if per_tool else (None, None)
            segue, cold = segue_ms["warm"].get(name), segue_ms["cold"].get(name)
            floor = None if name in NO_FLOOR else FLOORS["copy" if name in COPIES else "mix"]
            rows.append({"transition": name, "size": size, "segue_ms": segue, "segue_cold_ms": cold,
                         "ffmpeg_ms": per_tool, "ffmpeg_frames": {label: frames[(label, name)] for label in per_tool},
                         "best_ffmpeg": best[0], "best_ffmpeg_ms": best[1],
                         "speed_up": best[1] / segue if segue and best[1] else None,
                         "speed_up_cold": best[1] / cold if cold and best[1] else None,
                         "floor": floor, "floor_ms": floor_ms.get(floor),
                         "speed_up_at_floor": best[1] / floor_ms[floor] if floor in floor_ms and best[1] else None})
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
        cold = sum(1 for r in rows if (r.get("speed_up_cold") or 0) >= TARGET_EVERY)
        at_every = sum(1 for r in rows if r["speed_up"] >= TARGET_EVERY)
        result.append(target_row(f"xfade pack: every transition ≥ {TARGET_EVERY}× faster per core", size,
                                 f"slowest: {slowest['transition']}",
                                 f"{slowest['speed_up']:.1f}× ({at_every}/{len(rows)} rows at {TARGET_EVERY}× or more; "
                                 f"cold, {cold})", slowest["speed_up"], f"≥ {TARGET_EVERY}×",
                                 slowest["speed_up"] >= TARGET_EVERY))
        result.append(target_row(f"xfade pack: most transitions ≥ {TARGET_MOST}× faster per core", size, "rows",
                                 f"{at_five}/{len(rows)} rows at {TARGET_MOST}× or more", at_five,
                                 f"> {len(rows) // 2} rows", at_five > len(rows) // 2))
    return result


def times(ratio):
    return f"{ratio:.1f}×" if ratio else "—"


def markdown(data, fmt, table, code):
    lines = ["## FFmpeg's xfade transitions, by name: `.xfade(.name)` against xfade, per core\n"]
    if not data or not data["rows"]:
        return lines + ["No FFmpeg was found; nothing measured.\n"]
    lines.append(
        "One thread each. Segue: bench/segue_bench.c, median ms per frame at progress 0.3 and 0.7, both inputs "
        f"decoded once; warm ({WARM_BATCH} calls of a case in a row on the same pictures, as xfade's loop of one "
        "frame runs: the speed-up judged) and cold (one call between other cases', the pictures out of the cache "
        "at 1080p). xfade: on decoded planar RGB frames looped in memory, (time of a long run − time of a short "
        "one) ÷ the frames between, medians over rounds, for " + " and ".join(data["tools"]) + " (Debian's has "
        "the first 46), the faster of the two per transition; the long run has LONG frames, at least half a "
        "second more of xfade than the short run by a first, uncounted estimate. The last column is the speed-up "
        "Segue would have at its floor for the transition, measured in the same run: a frame's memcpy for those "
        "that copy each pixel from one picture, the fused C crossfade (two frames read, one written) for those "
        f"that mix the two by a weight. Below {TARGET_EVERY}× there, the target is out of reach for Segue's "
        "4-byte pixels against xfade's 3-byte planar ones. The long run's command:\n")
    for size in sorted({r["size"] for r in data["rows"]}, key=lambda s: int(s.split("x")[0])):
        rows = [r for r in data["rows"] if r["size"] == size]
        lines.append(f"### {size}\n")
        lines.append(table(["transition", "Segue ms, warm", "Segue ms, cold", "xfade ms (faster FFmpeg)", "speed-up",
                            "speed-up, cold", "at Segue's floor"],
                           [[f"`{r['transition']}`", fmt(r["segue_ms"]), fmt(r.get("segue_cold_ms")),
                             (f"{fmt(r['best_ffmpeg_ms'])} ({r['best_ffmpeg'].split(' (')[0]})"
                              if r["best_ffmpeg_ms"] else "—"),
                             times(r["speed_up"]), times(r.get("speed_up_cold")),
                             f"{times(r.get('speed_up_at_floor'))} ({r['floor']})" if r.get("floor") else "—"]
                            for r in rows]))
        lines.append("")
    for key, argv in data["commands"].items():
        lines.append(f"{key}:\n")
        lines.append(code(argv))
        lines.append("")
    return lines
