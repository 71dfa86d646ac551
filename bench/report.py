"""Turning the results of `make bench` (bench/run.py) into BENCHMARKS.md and
BENCHMARKS.json: the number formats, the Markdown tables and the text around
them, the comparison modules' own sections in their place.
"""
import json

import colour
import distributed
import joins
import mlt
import python_binding
import xfade_pack
import video
from cases import FPS, SLIDELEFT, WIPELEFT, XFADE


# ---------------------------------------------------------------------------
# Numbers
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


# ---------------------------------------------------------------------------
# Markdown
# ---------------------------------------------------------------------------

def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(lines)


def code(command):
    """`command` as a shell code block."""
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
    out.extend(distributed.markdown(data["distributed"], fmt, table, code))
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


def write_json(path, data):
    with open(path, "w") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
