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
     melt (bench/mlt.py), Python with moviepy and the wheel against the in-tree build
     (bench/python_binding.py), render_distributed on two workers (bench/distributed.py)
     and all 58 xfade transitions (bench/xfade_pack.py);
  4. writes the tables, the commands that produced them, the machine and the
     pass/fail of the issue's targets.
"""
# The work is split by job: bench/cases.py holds what is measured, bench/runners.py
# how (and bench/targets.py what the results must meet), bench/report.py turns the
# results into BENCHMARKS.md and BENCHMARKS.json; this file parses the command line,
# runs and reports.
import argparse
import os
import shutil
import time

from cases import FULL, QUICK
from report import write_json, write_markdown
from runners import ROOT, loadavg, log, measure


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
    parser.add_argument("--wheel-python", default=os.path.join(ROOT, "build", "bench", "wheel-venv", "bin", "python"),
                        help="a Python with the manylinux wheel (make wheel) and the same numpy and moviepy")
    args = parser.parse_args()

    started = time.perf_counter()
    config = dict(QUICK if args.quick else FULL)
    bench = os.path.abspath(args.bench)
    segue = os.path.abspath(args.segue)
    frei0r_path = os.path.abspath(args.frei0r)
    ffmpeg = shutil.which(args.ffmpeg) or args.ffmpeg
    os.makedirs(args.out, exist_ok=True)

    data = measure(args.quick, config, bench, segue, ffmpeg, frei0r_path, os.path.abspath(args.mlt_module),
                   args.python, args.wheel_python)

    data["load_after"] = loadavg()
    data["elapsed_s"] = time.perf_counter() - started
    md = os.path.join(args.out, "BENCHMARKS.md")
    js = os.path.join(args.out, "BENCHMARKS.json")
    write_markdown(md, data)
    write_json(js, data)
    passed = sum(1 for t in data["targets"] if t["pass"])
    log(f"bench: wrote {md} and {js} ({data['mode']}, {data['elapsed_s']:.0f} s; "
        f"targets: {passed}/{len(data['targets'])} rows pass)")


if __name__ == "__main__":
    main()
