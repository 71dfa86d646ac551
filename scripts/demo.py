#!/usr/bin/env python3
"""Renders every built-in transition between two generated pictures into
BUILD/demo: numbered PNG frames per transition, and an .mp4 of each when
ffmpeg is installed. Usage: demo.py BUILD_DIR"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "system"))
from pngio import card_with_holes, photo, write_png  # noqa: E402

DEMOS = [
    ("opacity-crossfade", ".opacity", ".easeInOut(duration: 1)", ["--blend", "plusLighter"]),
    ("scale", ".scale", ".spring(duration: 0.8, bounce: 0.3)", []),
    ("scale-anchor-bottom", ".scale(scale: 0.5, anchor: .bottom)", ".smooth(duration: 0.8)", []),
    ("move-trailing", ".move(edge: .trailing)", ".snappy", []),
    ("offset", ".offset(x: 120, y: -80).combined(with: .opacity)", ".easeOut(duration: 0.8)", []),
    ("slide", ".slide", ".easeInOut(duration: 1)", []),
    ("push-from-bottom", ".push(from: .bottom)", ".bouncy", []),
    ("onboarding-pager",
     ".asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), "
     "removal: .move(edge: .leading).combined(with: .opacity))", ".easeInOut(duration: 1)", []),
    ("asymmetric-scale",
     ".asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), "
     "removal: .scale(scale: 0.5, anchor: .bottom))", ".spring(duration: 0.6, bounce: 0.3)", []),
]


def main():
    build = sys.argv[1]
    segue = os.path.join(build, "bin", "segue")
    out = os.path.join(build, "demo")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    a, b, card = (os.path.join(out, name) for name in ("a.png", "b.png", "card.png"))
    write_png(a, 640, 360, photo(640, 360, 0))
    write_png(b, 640, 360, photo(640, 360, 1))
    write_png(card, 320, 200, card_with_holes(320, 200))
    encode = shutil.which("ffmpeg") is not None
    for index, (name, transition, animation, extra) in enumerate(DEMOS, 1):
        print(f"[{index}/{len(DEMOS)}] {name}: {transition}", flush=True)
        common = [segue, "render", "--from", a, "--to", card if "offset" in name else b,
                  "--transition", transition, "--animation", animation, "--size", "640x360",
                  "--background", "#1c1c1e", "--quiet"] + extra
        subprocess.run(common + ["-o", os.path.join(out, name, "frame%03d.png")], check=True)
        if encode:
            subprocess.run(common + ["-o", os.path.join(out, name + ".mp4")], check=True)
    print(f"\nDemo written to {os.path.abspath(out)}"
          + ("" if encode else " (install ffmpeg for .mp4 files)"))


if __name__ == "__main__":
    main()
