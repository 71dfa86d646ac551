"""The issue's targets, judged on the results of `make bench` (bench/run.py):
Segue's own (per core against xfade, the memory-traffic floor, fps, bands'
speed-up, end to end) and each comparison module's. Every target row names
what it judges, what was measured, the threshold and whether it passed.
"""
import colour
import distributed
import joins
import mlt
import python_binding
import xfade_pack
import video
from cases import EFFECTS, FPS_TARGETS, XFADE
from report import fmt, fmt_ratio, size_title
from rows import target_row


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
            targets.append(target_row(
                "per core ≥3× faster than xfade", size, f"{transition} ↔ {label}",
                f"xfade {fmt(xm)} ms / Segue {fmt(sm)} ms = {fmt_ratio(ratio)}"
                + (" (aim 5×: met)" if ratio and ratio >= 5 else " (aim 5×: not met)" if ratio else ""),
                ratio, "≥ 3×", ratio >= 3 if ratio else None))
    # 2. .opacity, .move, .slide at 1080p within 2x of the memory-traffic floor.
    if "1920x1080" in sizes:
        for label in (".opacity (plusLighter)", ".move(edge: .trailing)", ".slide"):
            s = seg(label, "1920x1080")
            if not s:
                continue
            for key, threads in (("one", "1 thread"), ("all", f"{cores} threads")):
                v = s[key]["x_floor"]
                targets.append(target_row(
                    "within 2× of the memory-traffic floor", "1920x1080", f"{label}, {threads}",
                    f"{fmt(s[key]['median_ms'])} ms vs floor {fmt(s[key]['floor_ms'])} ms = {fmt_ratio(v)}",
                    v, "≤ 2×", v <= 2 if v else None))
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
            targets.append(target_row(
                f"{cores} cores: ≥{need} fps at {size_title(size)}", size, label,
                f"{fmt(fps, 0)} fps at the slowest progress ({fmt(s['all']['worst_ms'])} ms), "
                f"{fmt(s['all']['fps'], 0)} fps median", fps, f"≥ {need} fps", fps >= need if fps else None))
    # 4. Bands on 2 threads >= 1.8x one thread.
    for size in sizes:
        for label, _, _ in EFFECTS:
            s = seg(label, size)
            if not s:
                continue
            v = s["speedup"]
            targets.append(target_row(
                f"bands: {cores} threads ≥1.8× one thread", size, label,
                f"{fmt(s['one']['median_ms'])} ms → {fmt(s['all']['median_ms'])} ms = {fmt_ratio(v)}",
                v, "≥ 1.8×", v >= 1.8 if v else None))
    # 5. `segue render` end to end at most a third of ffmpeg's time.
    for row in e2e_rows:
        threads = "1 thread" if row["threads"] == 1 else "all cores"
        for target, ffmpeg_s, v in (("end to end ≤ ⅓ of ffmpeg's time", row["ffmpeg_s"], row["ratio"]),
                                    ("end to end ≤ ⅓ of ffmpeg's best command (loop filter)", row["ffmpeg_loop_s"],
                                     row["ratio_loop"])):
            targets.append(target_row(
                target, "1920x1080", f"{row['transition']} ↔ {row['segue_label']}, {threads}",
                f"Segue {fmt(row['segue_s'])} s / ffmpeg {fmt(ffmpeg_s)} s = {fmt_ratio(v)}",
                v, "≤ 0.33×", v <= 1 / 3 if v else None))
    return targets


def judge(data, cores):
    """Every target row: Segue's own, then each comparison module's."""
    return evaluate_targets(data["transitions"], data["xfade_per_frame"], data["end_to_end"],
                            data["config"]["sizes"], cores) \
        + video.targets(data["video"], fmt, fmt_ratio) + joins.targets(data["joins"], fmt, fmt_ratio) \
        + colour.targets(data["colour"], fmt, fmt_ratio) \
        + mlt.targets(data["mlt"], fmt) \
        + python_binding.targets(data["python"], fmt) + distributed.targets(data["distributed"], fmt, fmt_ratio) \
        + xfade_pack.targets(data["xfade_pack"], fmt)
