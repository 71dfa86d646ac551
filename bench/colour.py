"""The HDR rows of `make bench` (run by bench/run.py): bringing HLG clips into
SDR BT.709, Segue against FFmpeg's own zscale + tonemap chain.

- Per frame: a 10-bit HLG HEVC clip at 1080p and at 4K decoded, tone-mapped
  (Möbius, peak 1000 cd/m²) and written to YUV4MPEG2 by `segue sequence`
  and by `ffmpeg -vf` with the same filters; the time per frame of each, and
  FFmpeg's decoding alone (to -f null) as the floor.
- End to end: two 10-bit 4K HLG clips joined by a 1-s crossfade into SDR
  H.264 (libx264 veryfast, crf 18) by `segue sequence` and by FFmpeg's
  xfade with the same zscale conversion in front of it.
Runs alternate between the tools; medians. Processor time from wait4."""
import os
import subprocess
import time

from rows import target_row

PRESET = "veryfast"
TONEMAP = ("zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=mobius:desat=0:peak=10,"
           "zscale=t=bt709:m=bt709:r=tv:d=error_diffusion,format=yuv420p")


def make_clip(ffmpeg, path, size, seconds, source):
    """`seconds` of lavfi `source` as 10-bit HLG HEVC in BT.2020, as a phone records it."""
    subprocess.run([ffmpeg, "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", f"{source}=size={size}:rate=30",
                    "-t", f"{seconds:g}", "-vf",
                    "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=arib-std-b67:p=bt2020:m=bt2020nc:r=tv:npl=100,"
                    "format=yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
                    "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc", path], check=True)


def measure(argv):
    """(wall s, processor s) of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    stderr = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit(f"bench: {' '.join(argv)} failed:\n{stderr[-2000:]}")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def compare(setups, runs, median):
    """Each setup's median wall and processor time over `runs` alternating rounds."""
    times = {name: [] for name, _ in setups}
    for attempt in range(runs):
        for name, argv in (setups if attempt % 2 == 0 else setups[::-1]):
            times[name].append(measure(argv))
    return [{"setup": name, "command": " ".join(argv), "median_s": median([t[0] for t in times[name]]),
             "cpu_s": median([t[1] for t in times[name]])} for name, argv in setups]


def run(ffmpeg, segue, work, config, log, median):
    data = {"per_frame": [], "runs": config["colour_runs"]}
    frames = config["colour_frames"]
    for size in config["colour_sizes"]:
        clip = os.path.join(work, f"hlg-{size}.mov")
        make_clip(ffmpeg, clip, size, frames / 30, "testsrc2")
        out = os.path.join(work, "tonemapped.y4m")
        rows = compare([("segue sequence → y4m", [segue, "sequence", clip, "-q", "-o", out]),
                        ("ffmpeg zscale + tonemap → y4m", [ffmpeg, "-nostdin", "-v", "error", "-y", "-i", clip, "-vf",
                                                          TONEMAP, "-f", "yuv4mpegpipe", out]),
                        ("ffmpeg decoding alone (floor)", [ffmpeg, "-nostdin", "-v", "error", "-i", clip, "-f",
                                                           "null", "-"])], config["colour_runs"], median)
        for row in rows:
            row["ms_per_frame"] = row["median_s"] / frames * 1000
        data["per_frame"].append({"size": size, "frames": frames, "rows": rows})
        os.unlink(clip)
        os.unlink(out)
        log(f"  colour: per frame at {size} done")
    size, seconds = config["colour_join_size"], config["colour_join_seconds"]
    clips = [os.path.join(work, f"join-hlg-{k}.mov") for k in range(2)]
    for clip, source in zip(clips, ("testsrc2", "smptebars")):
        make_clip(ffmpeg, clip, size, seconds, source)
    out = os.path.join(work, "hdr-join.mp4")
    x264 = ["-c:v", "libx264", "-preset", PRESET, "-crf", "18"]
    xfade = (f"[0:v]{TONEMAP}[a];[1:v]{TONEMAP}[b];"
             f"[a][b]xfade=transition=fade:duration=1:offset={seconds - 1:g},format=yuv420p[v]")
    data["join"] = {"size": size, "seconds": seconds, "rows": compare([
        ("segue sequence", [segue, "sequence", *clips, "--duration", "1", "--preset", PRESET, "--crf", "18", "-q",
                            "-o", out]),
        ("ffmpeg zscale + tonemap + xfade", [ffmpeg, "-nostdin", "-v", "error", "-y", "-i", clips[0], "-i", clips[1],
                                             "-filter_complex", xfade, "-map", "[v]", *x264, out])],
        config["colour_runs"], median)}
    for path in clips + [out]:
        os.unlink(path)
    return data


def row(rows, prefix):
    return next(r for r in rows if r["setup"].startswith(prefix))


def targets(data, fmt, fmt_ratio):
    def target(name, size, subject, segue, ffmpeg, unit, threshold):
        ratio = segue / ffmpeg
        return target_row(name, size, subject, f"Segue {fmt(segue)} {unit} / ffmpeg {fmt(ffmpeg)} {unit} = "
                          f"{fmt_ratio(ratio)}", ratio, threshold, ratio <= 1 if threshold == "≤ 1×" else True)
    rows = [target("HDR to SDR per frame ≤ FFmpeg's zscale + tonemap", result["size"],
                   f"{result['frames']} frames of 10-bit HLG HEVC", row(result["rows"], "segue")["ms_per_frame"],
                   row(result["rows"], "ffmpeg zscale")["ms_per_frame"], "ms", "≤ 1×")
            for result in data["per_frame"]]
    join = data["join"]
    rows.append(target("HDR join, end to end", join["size"],
                       f"2 × {join['seconds']:g} s of 10-bit HLG HEVC, 1-s crossfade, to SDR H.264",
                       row(join["rows"], "segue")["median_s"], row(join["rows"], "ffmpeg")["median_s"], "s", "reported"))
    return rows


def markdown(data, fmt, table, code):
    out = ["## HDR clips into SDR (`segue sequence`)\n",
           "10-bit HLG HEVC clips in BT.2020 (made by zscale from testsrc2 and SMPTE bars), brought into SDR "
           "BT.709 by the same filters in both tools: zscale linearises and maps the primaries, `tonemap=mobius` "
           f"with a 1000 cd/m² peak, zscale dithers to 8 bits. Runs: {data['runs']}, alternating; medians.\n"]
    for result in data["per_frame"]:
        out.append(f"**{result['size'].replace('x', '×')}**, {result['frames']} frames to YUV4MPEG2:\n")
        out.append(table(["setup", "median wall (s)", "per frame (ms)", "processor (s)"],
                         [[r["setup"], fmt(r["median_s"]), fmt(r["ms_per_frame"]), fmt(r["cpu_s"])]
                          for r in result["rows"]]))
        out.append("")
    join = data["join"]
    out.append(f"**A join**: two {join['seconds']:g}-s {join['size'].replace('x', '×')} HLG clips, a 1-s crossfade, "
               f"into SDR H.264 (libx264 `-preset {PRESET} -crf 18`):\n")
    out.append(table(["setup", "median wall (s)", "processor (s)"],
                     [[r["setup"], fmt(r["median_s"]), fmt(r["cpu_s"])] for r in join["rows"]]))
    out.append("")
    out.append("The commands:\n")
    out.append(code("\n".join(r["command"] for result in data["per_frame"] for r in result["rows"])
                    + "\n" + "\n".join(r["command"] for r in join["rows"])))
    out.append("")
    return out
