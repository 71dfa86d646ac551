"""The video rows of `make bench` (run by bench/run.py): `segue sequence`
against FFmpeg's own ways of joining the same clips, side by side in one run.

Three 1920×1080 30 fps H.264 clips of 4 s with AAC sound (made here by
ffmpeg's lavfi sources), joined by two 1-s transitions: fade ↔ `.opacity`
(plusLighter) and slideleft ↔ the move pair. Every command writes the same
kind of file into the same folder; the tools alternate run by run; medians.
Segue's figures include what it does to keep its output safe (a temporary
name, fsync, rename); ffmpeg's do not sync.
"""
import os
import subprocess
import time

from rows import target_row

SLIDELEFT = ".asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))"
PRESET = "veryfast"  # the same libx264 preset for both tools' mp4 rows


def make_clips(ffmpeg, work, seconds, size, prefix, log):
    """Three clips (testsrc2, mandelbrot, testsrc2) with tones of 440, 740 and 1040 Hz."""
    paths = []
    for index, source in enumerate(("testsrc2", "mandelbrot", "testsrc2")):
        path = os.path.join(work, f"{prefix}{index}.mp4")
        subprocess.run([ffmpeg, "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", f"{source}=size={size}:rate=30",
                        "-f", "lavfi", "-i", f"sine=frequency={440 + 300 * index}:sample_rate=48000",
                        "-t", f"{seconds:g}", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", path], check=True)
        paths.append(path)
    log(f"  video: made {len(paths)} clips of {seconds:g} s ({prefix})")
    return paths


def commands(ffmpeg, segue, clips, seconds, out):
    """(name, argv, output file) for every setup compared; each clip lasts `seconds`."""
    inputs = sum((["-i", clip] for clip in clips), [])
    base = [ffmpeg, "-nostdin", "-v", "error", "-y"] + inputs
    # xfade's offsets, worked out by hand as its users do: where each junction starts.
    xfade = (f"[0:v][1:v]xfade=transition=fade:duration=1:offset={seconds - 1:g}[v01];"
             f"[v01][2:v]xfade=transition=slideleft:duration=1:offset={2 * seconds - 2:g},format=yuv420p[v]")
    audio = "[0:a][1:a]acrossfade=d=1:c1=qsin:c2=qsin[a01];[a01][2:a]acrossfade=d=1:c1=qsin:c2=qsin[a]"
    sequence = [segue, "sequence", *clips, "--transition", ".opacity", "--transition", SLIDELEFT,
                "--blend", "plusLighter", "--duration", "1", "--animation", ".linear(duration: 1)", "-q"]
    # The clips' sound is mono: both tools write it mono, at Segue's 96 kbit/s a channel.
    x264 = ["-c:v", "libx264", "-preset", PRESET, "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k"]
    return [
        ("ffmpeg xfade chain → Y4M", base + ["-filter_complex", xfade, "-map", "[v]", "-f", "yuv4mpegpipe",
                                             out + ".y4m"], out + ".y4m"),
        ("ffmpeg concat, no transitions → Y4M",
         base + ["-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]", "-map", "[v]", "-f", "yuv4mpegpipe",
                 out + ".y4m"], out + ".y4m"),
        ("ffmpeg decoding alone", base + ["-map", "0:v", "-map", "1:v", "-map", "2:v", "-f", "null", "-"], None),
        ("segue sequence → Y4M", sequence + ["-o", out + ".y4m"], out + ".y4m"),
        ("ffmpeg xfade + acrossfade → mp4",
         base + ["-filter_complex", xfade + ";" + audio, "-map", "[v]", "-map", "[a]"] + x264 + [out + ".mp4"],
         out + ".mp4"),
        ("segue sequence → mp4", sequence + ["--preset", PRESET, "--crf", "18", "-o", out + ".mp4"], out + ".mp4"),
    ]


def timed(argv):
    """Wall-clock seconds of one run."""
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv)} exited {result.returncode}:\n"
                         f"{result.stderr.decode(errors='replace')[-2000:]}")
    return wall


def peak_memory_kib(argv):
    """Peak resident memory of one run of `argv`, in KiB (from wait4)."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit(f"bench: {' '.join(argv)} failed")
    return usage.ru_maxrss


def run(ffmpeg, segue, work, config, log, median):
    runs, size, seconds = config["video_runs"], config["video_size"], config["video_seconds"]
    clips = make_clips(ffmpeg, work, seconds, size, "clip", log)
    setups = commands(ffmpeg, segue, clips, seconds, os.path.join(work, "joined"))
    times = {name: [] for name, _, _ in setups}
    for attempt in range(runs):
        log(f"  video: run {attempt + 1}/{runs}")
        order = setups if attempt % 2 == 0 else list(reversed(setups))
        for name, argv, output in order:
            times[name].append(timed(argv))
            if output and os.path.exists(output):
                os.unlink(output)
    rows = [{"setup": name, "command": " ".join(argv), "runs_s": times[name], "median_s": median(times[name])}
            for name, argv, _ in setups]
    # Memory against length: the same three-clip sequence lasting 6 s and 60 s.
    memory = []
    for clip_seconds, total in ((8 / 3, 6), (62 / 3, 60)):
        short = make_clips(ffmpeg, work, clip_seconds, size, f"m{total}-", log)
        argv = [segue, "sequence", *short, "--duration", "1", "-q", "-o", os.path.join(work, "memory.y4m")]
        memory.append({"seconds": total, "peak_kib": peak_memory_kib(argv), "command": " ".join(argv)})
        for path in short + [os.path.join(work, "memory.y4m")]:
            if os.path.exists(path):
                os.unlink(path)
    return {"clips": f"3 × {seconds:g} s, {size.replace('x', '×')}, 30 fps, H.264 + AAC", "size": size,
            "rows": rows, "memory": memory, "runs": runs, "total_s": 3 * seconds - 2}


def by_name(data, name):
    return next(r["median_s"] for r in data["rows"] if r["setup"] == name)


def targets(data, fmt, fmt_ratio):
    seg, xfade = by_name(data, "segue sequence → Y4M"), by_name(data, "ffmpeg xfade chain → Y4M")
    concat = by_name(data, "ffmpeg concat, no transitions → Y4M")
    mp4, ffmp4 = by_name(data, "segue sequence → mp4"), by_name(data, "ffmpeg xfade + acrossfade → mp4")
    short, long = data["memory"][0]["peak_kib"], data["memory"][1]["peak_kib"]
    rows = []
    for target, measured, value, threshold, ok in (
            ("sequence → Y4M ≤ 0.7× the xfade chain", f"Segue {fmt(seg)} s / ffmpeg {fmt(xfade)} s",
             seg / xfade, "≤ 0.7×", seg / xfade <= 0.7),
            ("sequence → Y4M ≤ 1.2× concat without transitions", f"Segue {fmt(seg)} s / ffmpeg {fmt(concat)} s",
             seg / concat, "≤ 1.2×", seg / concat <= 1.2),
            ("sequence → mp4 with sound no slower than xfade + acrossfade",
             f"Segue {fmt(mp4)} s / ffmpeg {fmt(ffmp4)} s", mp4 / ffmp4, "≤ 1×", mp4 / ffmp4 <= 1),
            ("peak memory of a 60-s sequence ≤ a 6-s one + a constant",
             f"{short // 1024} MiB (6 s) → {long // 1024} MiB (60 s)", long / short, "≤ 1.1×", long <= short * 1.1)):
        rows.append(target_row(target, data["size"], "three clips, two 1-s transitions",
                               measured + (f" = {fmt_ratio(value)}" if "memory" not in target else ""), value,
                               threshold, ok))
    return rows


def markdown(data, fmt, table, code):
    out = ["## Video: joining clips (`segue sequence`)\n",
           f"{data['clips']}, joined by two 1-s transitions (fade ↔ `.opacity` with plusLighter, slideleft ↔ "
           f"`{SLIDELEFT}`): {data['total_s']:g} s at 30 fps. Every setup writes into the same folder on the same disk; "
           f"runs: {data['runs']}, the order reversed every other run, medians of wall-clock time. Segue's "
           "figures include its temporary name, fsync and rename; ffmpeg's files are left in the page cache. "
           f"The mp4 rows use libx264 `-preset {PRESET} -crf 18` and AAC for both.\n"]
    rows = [[r["setup"], fmt(r["median_s"]), " ".join(fmt(t) for t in r["runs_s"])] for r in data["rows"]]
    out.append(table(["setup", "median (s)", "runs (s)"], rows))
    out.append("")
    out.append("Peak resident memory of `segue sequence` → Y4M against the sequence's length (three clips, two "
               "1-s transitions): " + "; ".join(f"{m['seconds']} s: {m['peak_kib'] // 1024} MiB"
                                              for m in data["memory"]) + ".\n")
    out.append("The commands:\n")
    out.append(code("\n".join(r["command"] for r in data["rows"])))
    out.append("")
    return out
