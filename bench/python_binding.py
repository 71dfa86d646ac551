"""The Python rows of `make bench`: Segue from Python against moviepy's own
crossfade, and the binding's overhead over the C API.

Imported by bench/run.py (standard library only), which runs this file as a
script with the Python of build/python/venv, where the segue wheel, numpy and
moviepy are installed; the script prints its measurements as JSON.

  1. Two 1920×1080 clips with a 1-s transition at 25 fps, each rendering the
     overlap's 25 frames to numpy arrays (no encoding): moviepy 2's
     `CrossFadeIn` composited the moviepy way (a CompositeVideoClip of the
     first clip and the second started 1 s before its end), against
     `segue.moviepy.transition(a, b, ".opacity", 1, blend="plusLighter")`
     (a true crossfade). The clips' frames are computed once and handed out
     by their frame functions, so neither side decodes anything. Segue runs
     on every core and, the less flattering setup, on one thread.
  2. `engine.render` per frame against the C API's `segue_render` on the same
     pictures (prepared surfaces, called through ctypes: the call alone), at
     64×64 and at 1080p, straight RGBA (converted in and out) and in Segue's
     own premultiplied layout (wrapped, nothing converted).

  3. The wheel `make wheel` builds (manylinux, its libraries vendored),
     installed into an environment of its own (build/bench/wheel-venv, with
     the same numpy and moviepy), against the in-tree build: item 1's
     `segue.moviepy.transition` on every core and on one thread, the two
     environments alternating run by run.

Setups alternate within every round; figures are medians over the rounds.
"""
import json
import os
import statistics
import subprocess
import sys
import time

from rows import target_row

TARGET_SPEED_UP = 10
# The wheel passes when it is within this of the in-tree build: the same
# code, so what is left between them is the machine's noise.
WHEEL_NOISE = 1.05
TRANSITIONS = ["segue.moviepy.transition, all cores", "segue.moviepy.transition, 1 thread"]
IN_TREE, WHEEL = "in-tree build (build/python/venv)", "manylinux wheel (build/bench/wheel-venv)"


def run(python, config, log, wheel_python=None):
    """Rows from the script run under `python` (and the wheel's comparison
    under `wheel_python`); None when that Python is missing."""
    if not python or not os.path.exists(python):
        log("  python: build/python/venv is missing (make python); skipped")
        return None
    log("  python: moviepy crossfade and binding overhead")
    data = _script(python, {"rounds": config["python_rounds"]})
    data["wheel"] = _wheel_against_tree(python, wheel_python, config, log)
    return data


def _script(python, config):
    result = subprocess.run([python, __file__, json.dumps(config)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"bench/python_binding.py under {python} failed: {result.stderr[-2000:]}")
    return json.loads(result.stdout)


def _wheel_against_tree(python, wheel_python, config, log):
    """ms per frame of the transition (all cores, one thread) under each
    environment, alternating run by run; None without the wheel's environment."""
    if not wheel_python or not os.path.exists(wheel_python):
        log("  python: the wheel's environment is missing (make wheel); skipped")
        return None
    log("  python: the wheel against the in-tree build")
    runs = {(environment, setup): [] for environment in (IN_TREE, WHEEL) for setup in TRANSITIONS}
    libraries = {}
    order = [(IN_TREE, python), (WHEEL, wheel_python)]
    for attempt in range(config["wheel_runs"]):
        for environment, program in (order if attempt % 2 == 0 else order[::-1]):
            answer = _script(program, {"rounds": config["python_rounds"], "only": TRANSITIONS})
            for setup in TRANSITIONS:
                runs[environment, setup].append(answer["moviepy"][setup])
            libraries[environment] = answer["library"]
    return [{"environment": environment, "setup": setup, "runs_ms": values, "median_ms": statistics.median(values),
             "library": libraries[environment]} for (environment, setup), values in runs.items()]


def targets(data, fmt):
    """Segue's crossfade in moviepy at least TARGET_SPEED_UP× faster than moviepy's own, per setup; the
    wheel's within WHEEL_NOISE of the in-tree build's."""
    if not data:
        return []
    moviepy = data["moviepy"]["moviepy CrossFadeIn"]
    rows = []
    for name in ("segue.moviepy.transition, all cores", "segue.moviepy.transition, 1 thread"):
        ms = data["moviepy"][name]
        rows.append(target_row(f"moviepy: Segue ≥ {TARGET_SPEED_UP}× faster than CrossFadeIn", "1920x1080", name,
                               f"{fmt(ms)} vs {fmt(moviepy)} ms per frame", moviepy / ms, f"≥ {TARGET_SPEED_UP}×",
                               moviepy / ms >= TARGET_SPEED_UP))
    for setup in TRANSITIONS if data["wheel"] else []:
        wheel, tree = (next(row["median_ms"] for row in data["wheel"]
                            if (row["environment"], row["setup"]) == (environment, setup))
                       for environment in (WHEEL, IN_TREE))
        rows.append(target_row("the wheel's transition no slower than the in-tree build's", "1920x1080", setup,
                               f"{fmt(wheel)} vs {fmt(tree)} ms per frame = {wheel / tree:.2f}×", wheel / tree,
                               f"≤ {WHEEL_NOISE}×", wheel / tree <= WHEEL_NOISE))
    return rows


def markdown(data, fmt, table, code):
    lines = ["## In Python: moviepy's crossfade, and the binding's overhead\n"]
    if not data:
        return lines + ["The Python environment was missing; nothing measured.\n"]
    lines.append(f"Two 1920×1080 clips, a 1-s transition at 25 fps: the overlap's 25 frames rendered to numpy "
                 f"arrays (no encoding), {data['rounds']} alternating rounds, median ms per frame. The clips' "
                 "frames are computed once, so nothing is decoded. moviepy "
                 f"{data['moviepy_version']}, numpy {data['numpy_version']}.\n")
    moviepy = data["moviepy"]["moviepy CrossFadeIn"]
    lines.append(table(["setup", "ms per frame", "speed-up"],
                       [[name, fmt(ms), f"{moviepy / ms:.1f}×"] for name, ms in data["moviepy"].items()]))
    lines.append("")
    lines.append("```python\n"
                 "b = b.with_start(a.duration - 1).with_effects([CrossFadeIn(1)])\n"
                 "CompositeVideoClip([a, b]).get_frame(t)                                    # moviepy\n"
                 "segue.moviepy.transition(a, b, \".opacity\", 1, blend=\"plusLighter\",\n"
                 "                         animation=\".linear(duration: 1)\").get_frame(t)  # Segue\n"
                 "```\n")
    lines.append("`engine.render` against `segue_render` on the same frame (`.opacity`, plusLighter, all cores), "
                 "median ms per call; the overhead is the difference. Straight RGBA converts both inputs and "
                 "the output (Segue's own import and export); Segue's layout is wrapped in place.\n")
    rows = []
    for row in data["overhead"]:
        rows.append([row["size"], fmt(row["c_ms"], 4), fmt(row["straight_ms"], 4),
                     fmt(row["straight_ms"] - row["c_ms"], 4), fmt(row["premultiplied_ms"], 4),
                     fmt(row["premultiplied_ms"] - row["c_ms"], 4)])
    lines.append(table(["size", "C segue_render", "render, RGBA", "overhead", "render, premultiplied",
                        "overhead"], rows))
    lines.append("")
    if data["wheel"]:
        lines.append("The wheel against the in-tree build: `segue.moviepy.transition` as above, one process per "
                     "run, the two environments alternating; median of the runs' medians, ms per frame.\n")
        lines.append(table(["environment", "setup", "ms per frame", "runs (ms)", "libsegue.so loaded"],
                           [[row["environment"], row["setup"].split(", ")[1], fmt(row["median_ms"]),
                             " ".join(fmt(t) for t in row["runs_ms"]), f"`{row['library']}`"]
                            for row in data["wheel"]]))
        lines.append("")
    return lines


# --- The measurement, run under the environment's Python ----------------------------------------------

def _median_ms(function, calls, rounds_out):
    started = time.perf_counter()
    for _ in range(calls):
        function()
    rounds_out.append((time.perf_counter() - started) * 1000 / calls)


def _moviepy_rows(rounds, only=None):
    """ms per frame of each setup (of those named in `only`, if given)."""
    import numpy as np
    from moviepy import CompositeVideoClip, VideoClip
    from moviepy.video.fx import CrossFadeIn

    import segue
    import segue.moviepy as sm

    rng = np.random.default_rng(1)
    pictures = [[rng.integers(0, 256, (1080, 1920, 3), np.uint8) for _ in range(2)] for _ in range(2)]

    def clip(which):
        return VideoClip(lambda t: pictures[which][int(t * 25) % 2], duration=2).with_fps(25)

    a, b = clip(0), clip(1)
    times = [1 + i / 25 for i in range(25)]
    setups = {
        "moviepy CrossFadeIn": CompositeVideoClip([a, b.with_start(1).with_effects([CrossFadeIn(1)])]),
        "segue.moviepy.transition, all cores": sm.transition(a, b, ".opacity", 1, blend="plusLighter",
                                                             animation=".linear(duration: 1)"),
        "segue.moviepy.transition, 1 thread": sm.transition(a, b, ".opacity", 1, blend="plusLighter",
                                                            animation=".linear(duration: 1)",
                                                            engine=segue.Engine(threads=1)),
    }
    # The same picture out of both, within a rounding step, before timing anything.
    reference = setups["moviepy CrossFadeIn"].get_frame(1.5).astype(int)
    ours = setups["segue.moviepy.transition, all cores"].get_frame(1.5).astype(int)
    assert np.abs(reference - ours).max() <= 2, "the two crossfades differ"
    measured = {name: [] for name in setups if only is None or name in only}
    for _ in range(rounds):
        for name, joined in ((name, setups[name]) for name in measured):
            started = time.perf_counter()
            for t in times:
                joined.get_frame(t)
            measured[name].append((time.perf_counter() - started) * 1000 / len(times))
    return {name: statistics.median(values) for name, values in measured.items()}


def _overhead_rows(rounds):
    import ctypes

    import numpy as np

    import segue
    from segue import _native

    engine = segue.Engine()
    transition = engine.transition(".opacity")
    lib = _native.lib
    rows = []
    for width, height, calls in ((64, 64, 2000), (1920, 1080, 10)):
        rng = np.random.default_rng(2)
        a, b = (rng.integers(0, 256, (height, width, 4), np.uint8) for _ in range(2))
        a[..., 3] = b[..., 3] = 255
        out = np.empty_like(a)
        handles = []
        for picture in (a, b, out):
            handle = ctypes.c_void_p()
            assert lib.segue_surface_wrap(ctypes.c_void_p(picture.ctypes.data), width, height, width * 4,
                                          ctypes.byref(handle)) == 0
            handles.append(handle)
        scene = _native.Scene(struct_size=ctypes.sizeof(_native.Scene), blend=_native.BLENDS["plusLighter"])
        scene_ref = ctypes.byref(scene)
        handle = transition._handle
        setups = {
            "c_ms": lambda: lib.segue_render(engine._handle, handle, handles[0], handles[1], 0.5, scene_ref,
                                             handles[2]),
            "straight_ms": lambda: engine.render(transition, a, b, 0.5, blend="plusLighter", out=out),
            "premultiplied_ms": lambda: engine.render(transition, a, b, 0.5, blend="plusLighter", out=out,
                                                      premultiplied=True),
        }
        measured = {name: [] for name in setups}
        for _ in range(rounds):
            for name, function in setups.items():
                _median_ms(function, calls, measured[name])
        for handle in handles:
            lib.segue_surface_unref(handle)
        rows.append({"size": f"{width}x{height}", "calls": calls,
                     **{name: statistics.median(values) for name, values in measured.items()}})
    return rows


def main():
    import moviepy
    import numpy

    import segue

    config = json.loads(sys.argv[1])
    rounds, only = config["rounds"], config.get("only")
    if only:
        print(json.dumps({"moviepy": _moviepy_rows(rounds, only), "library": segue.library_path}))
        return
    print(json.dumps({"rounds": rounds, "moviepy_version": moviepy.__version__, "numpy_version": numpy.__version__,
                      "moviepy": _moviepy_rows(rounds), "overhead": _overhead_rows(rounds)}))


if __name__ == "__main__":
    main()
