"""The lossless-join rows of `make bench` (run by bench/run.py): `segue
sequence` with smart rendering against FFmpeg's ways of joining the same
clips, side by side in one run.

Three 1920×1080 30 fps H.264 clips with AAC sound (made here by ffmpeg,
libx264 veryfast, light noise so that they cost what camera footage costs
to encode), once with x264's default keyframe interval (250) and once with
a keyframe every second as phones write, joined by two 1-s transitions into
mp4. Compared, alternating run by run, medians:
- Segue smart (the default): copies the pictures no transition touches, from
  each clip's keyframes on and up to where each junction begins;
- Segue --reencode: every frame rendered and encoded;
- FFmpeg's xfade + acrossfade chain: every frame decoded and encoded;
- FFmpeg's concat demuxer with -c copy: no transitions at all, the floor.
Every encoder runs libx264 at the same preset and crf. Processor time and
peak memory come from wait4. Then a 10-minute join of 20 clips (trims of
the first clip's first 31 s, 19 transitions), Segue smart against the
concat floor (the concat demuxer with `outpoint`).
"""
import os
import re
import subprocess
import time

from rows import target_row

PRESET = "veryfast"


def make_clips(ffmpeg, work, seconds, sizes, keyint, prefix, log):
    """One H.264 + AAC clip of `seconds` per size in `sizes` (WxH), each a
    different hue and tone, light noise so they cost what camera footage
    costs to encode, a keyframe every `keyint` frames."""
    paths = []
    for index, size in enumerate(sizes):
        path = os.path.join(work, f"{prefix}{index}.mp4")
        subprocess.run([ffmpeg, "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                        f"testsrc2=size={size}:rate=30,hue=h={100 * index},noise=alls=6:allf=t",
                        "-f", "lavfi", "-i", f"sine=frequency={300 + 200 * index}:sample_rate=48000",
                        "-t", f"{seconds:g}", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", PRESET,
                        "-x264-params", f"keyint={keyint}", "-c:a", "aac", path], check=True)
        paths.append(path)
    log(f"  {prefix}: made {len(sizes)} clips of {seconds:g} s, keyint {keyint}")
    return paths


def measure(argv):
    """(wall s, processor s, peak KiB, standard error) of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    stderr = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"bench: {' '.join(argv)} failed:\n{stderr[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, stderr


def setups(ffmpeg, segue, clips, seconds, work):
    """(name, argv, output) of every setup compared."""
    out = os.path.join(work, "join")
    inputs = sum((["-i", clip] for clip in clips), [])
    xfade = (f"[0:v][1:v]xfade=transition=fade:duration=1:offset={seconds - 1:g}[v01];"
             f"[v01][2:v]xfade=transition=fade:duration=1:offset={2 * seconds - 2:g},format=yuv420p[v];"
             "[0:a][1:a]acrossfade=d=1:c1=qsin:c2=qsin[a01];[a01][2:a]acrossfade=d=1:c1=qsin:c2=qsin[a]")
    listing = os.path.join(work, "list.txt")
    with open(listing, "w") as f:
        f.writelines(f"file '{clip}'\n" for clip in clips)
    # The clips' sound is mono: both tools write it mono, at Segue's 96 kbit/s a channel.
    x264 = ["-c:v", "libx264", "-preset", PRESET, "-crf", "18", "-c:a", "aac", "-b:a", "96k"]
    sequence = [segue, "sequence", *clips, "--duration", "1", "--preset", PRESET, "--crf", "18"]
    return [
        ("segue sequence (smart)", sequence + ["-o", out + "-smart.mp4"], out + "-smart.mp4"),
        ("segue sequence --reencode", sequence + ["--reencode", "-o", out + "-full.mp4"], out + "-full.mp4"),
        ("ffmpeg xfade + acrossfade", [ffmpeg, "-nostdin", "-v", "error", "-y", *inputs, "-filter_complex", xfade,
                                       "-map", "[v]", "-map", "[a]", *x264, out + "-xfade.mp4"], out + "-xfade.mp4"),
        ("ffmpeg concat -c copy (no transitions)", [ffmpeg, "-nostdin", "-v", "error", "-y", "-f", "concat", "-safe",
                                                    "0", "-i", listing, "-c", "copy", out + "-concat.mp4"],
         out + "-concat.mp4"),
    ]


def compare(ffmpeg, segue, clips, seconds, work, runs, log, median):
    compared = setups(ffmpeg, segue, clips, seconds, work)
    results = {name: [] for name, _, _ in compared}
    report = ""
    for attempt in range(runs):
        log(f"  joins: run {attempt + 1}/{runs}")
        for name, argv, output in (compared if attempt % 2 == 0 else list(reversed(compared))):
            wall, cpu, peak, stderr = measure(argv)
            results[name].append((wall, cpu, peak))
            report = stderr if "smart" in name else report
            os.unlink(output)
    copied = re.search(r"copied (\d+) of (\d+) frames", report)
    return {
        "rows": [{"setup": name, "command": " ".join(argv),
                  "wall_s": [r[0] for r in results[name]], "median_s": median([r[0] for r in results[name]]),
                  "cpu_s": median([r[1] for r in results[name]]), "peak_kib": max(r[2] for r in results[name])}
                 for name, argv, _ in compared],
        "copied": int(copied[1]) if copied else 0, "frames": int(copied[2]) if copied else 0,
    }


def run(ffmpeg, segue, work, config, log, median):
    seconds, size, runs = config["joins_seconds"], config["joins_size"], config["joins_runs"]
    data = {"size": size, "seconds": seconds, "runs": runs, "sets": []}
    for keyint in (250, 30):
        clips = make_clips(ffmpeg, work, seconds, [size] * 3, keyint, f"join{keyint}-", log)
        result = compare(ffmpeg, segue, clips, seconds, work, runs, log, median)
        result["keyint"] = keyint
        data["sets"].append(result)
        if keyint == 30:
            # Peak memory against clip length: the same join of clips a sixth as long (3 s at least).
            short_seconds = max(3, seconds / 6)
            short = make_clips(ffmpeg, work, short_seconds, [size] * 3, keyint, "short-", log)
            argv = [segue, "sequence", *short, "--duration", "1", "--preset", PRESET, "-q", "-o",
                    os.path.join(work, "short.mp4")]
            data["short_peak_kib"] = measure(argv)[2]
            data["short_seconds"] = short_seconds
            # A long join: twenty clips, each the first half of the first clip and a second (a trim), 19 junctions.
            part = seconds / 2 + 1
            long = [f"{clips[0]}#t=0,{part:g}"] * 20
            smart = [segue, "sequence", *long, "--duration", "1", "--preset", PRESET, "--crf", "18", "-o",
                     os.path.join(work, "long.mp4")]
            listing = os.path.join(work, "long.txt")
            with open(listing, "w") as f:
                f.writelines(f"file '{clips[0]}'\noutpoint {part:g}\n" for _ in long)
            concat = [ffmpeg, "-nostdin", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", listing, "-c",
                      "copy", os.path.join(work, "long-concat.mp4")]
            walls = {"smart": [], "concat": []}
            report = ""
            for attempt in range(runs):
                for name, argv in ([("smart", smart), ("concat", concat)] if attempt % 2 == 0
                                   else [("concat", concat), ("smart", smart)]):
                    wall, _, peak, stderr = measure(argv)
                    walls[name].append(wall)
                    if name == "smart":
                        report, data["long_peak_kib"] = stderr, peak
            copied = re.search(r"copied (\d+) of (\d+) frames", report)
            data["long"] = {"clips": len(long), "seconds": len(long) * part - (len(long) - 1),
                            "smart_s": median(walls["smart"]), "concat_s": median(walls["concat"]),
                            "copied": int(copied[1]) if copied else 0, "frames": int(copied[2]) if copied else 0,
                            "smart_command": " ".join(smart), "concat_command": " ".join(concat)}
            for path in short + [os.path.join(work, n) for n in ("short.mp4", "long.mp4", "long-concat.mp4")]:
                os.unlink(path)
        for path in clips:
            os.unlink(path)
    return data


def row(result, name):
    return next(r for r in result["rows"] if r["setup"] == name)


def targets(data, fmt, fmt_ratio):
    rows = []
    for result in data["sets"]:
        smart, xfade = row(result, "segue sequence (smart)"), row(result, "ffmpeg xfade + acrossfade")
        full, concat = row(result, "segue sequence --reencode"), row(result, "ffmpeg concat -c copy (no transitions)")
        subject = f"3 × {data['seconds']:g} s, keyint {result['keyint']}"
        junctions = max(0.0, smart["median_s"] - concat["median_s"])
        for target, measured, value, threshold, ok in (
                ("smart join ≤ 0.1× the xfade chain", f"Segue {fmt(smart['median_s'])} s / ffmpeg "
                 f"{fmt(xfade['median_s'])} s", smart["median_s"] / xfade["median_s"], "≤ 0.1×",
                 smart["median_s"] <= 0.1 * xfade["median_s"]),
                ("--reencode ≤ 0.8× the xfade chain", f"Segue {fmt(full['median_s'])} s / ffmpeg "
                 f"{fmt(xfade['median_s'])} s", full["median_s"] / xfade["median_s"], "≤ 0.8×",
                 full["median_s"] <= 0.8 * xfade["median_s"]),
                ("smart join's time beyond the concat floor", f"{fmt(junctions)} s for 2 junctions and the sound",
                 junctions, "reported", True)):
            rows.append(target_row(target, data["size"], subject,
                                   measured + (f" = {fmt_ratio(value)}" if "×" in threshold else ""), value, threshold,
                                   ok))
    return rows


def markdown(data, fmt, table, code):
    out = ["## Lossless joins (`segue sequence`, smart rendering)\n",
           f"Three {data['seconds']:g}-s {data['size'].replace('x', '×')} 30 fps H.264 clips with AAC sound, joined "
           f"by two 1-s transitions into mp4; every encoder is libx264 `-preset {PRESET} -crf 18`. Runs: "
           f"{data['runs']}, alternating; medians. Processor time is user + system, from wait4.\n"]
    for result in data["sets"]:
        share = result["copied"] / max(1, result["frames"]) * 100
        concat = row(result, "ffmpeg concat -c copy (no transitions)")["median_s"]
        smart = row(result, "segue sequence (smart)")["median_s"]
        out.append(f"**Keyframe every {result['keyint']} frames**: Segue copied {result['copied']} of "
                   f"{result['frames']} frames ({share:.1f}%), and took {fmt(max(0.0, smart - concat))} s beyond the "
                   "concat floor for its two junctions and the whole sound track's AAC encoding (the floor copies "
                   "the sound).\n")
        out.append(table(["setup", "median wall (s)", "processor (s)", "peak memory (MiB)", "runs (s)"],
                         [[r["setup"], fmt(r["median_s"]), fmt(r["cpu_s"]), str(r["peak_kib"] // 1024),
                           " ".join(fmt(t) for t in r["wall_s"])] for r in result["rows"]]))
        out.append("")
    long = data["long"]
    out.append(f"Peak memory of the smart join: {data['short_peak_kib'] // 1024} MiB with "
               f"{data['short_seconds']:g}-s clips, {row(data['sets'][-1], 'segue sequence (smart)')['peak_kib'] // 1024}"
               f" MiB with {data['seconds']:g}-s clips, {data['long_peak_kib'] // 1024} MiB for the "
               f"{long['seconds']:g}-s join of {long['clips']} clips.\n")
    out.append(f"The {long['seconds']:g}-s join of {long['clips']} clips (trims of the first, "
               f"{long['clips'] - 1} 1-s junctions): Segue smart "
               f"{fmt(long['smart_s'])} s, copying {long['copied']} of {long['frames']} frames; the concat floor "
               f"{fmt(long['concat_s'])} s.\n")
    out.append("The commands:\n")
    out.append(code("\n".join(r["command"] for r in data["sets"][0]["rows"])
                    + "\n" + long["smart_command"] + "\n" + long["concat_command"]))
    out.append("")
    return out
