"""`make bench QUICK=1` runs end to end and writes its tables (`make
bench-check`, which CI runs after `make test`).

Timing stays out of the tests: this only checks that the harness works —
the C program, pixman, FFmpeg's xfade, `segue render` and the writer — and
that BENCHMARKS.md and BENCHMARKS.json hold what the issue asks for. No figure
is judged here. The output goes to a temporary folder (BENCH_OUT), never over
the committed BENCHMARKS.md.
"""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from support import ROOT

BUILTINS = [".opacity (plusLighter)", ".scale", ".scale(scale: 0.5, anchor: .bottom)", ".move(edge: .trailing)",
            ".offset(x: 33.5, y: 12.25)", ".slide", ".push(from: .bottom)", ".identity"]
PLUGINS = [".clip", ".countUp(to: 120)", ".slidingDoor", ".explode", ".tiktok", ".tiktok(mode: .tint)"]
XFADE = ["fade", "slideleft", "slideright", "wipeleft", "circlecrop", "rectcrop", "zoomin"]
SIZES = ["1920x1080", "3840x2160"]


def committed_state(path):
    try:
        stat = os.stat(path)
        return stat.st_mtime_ns, stat.st_size
    except FileNotFoundError:
        return None


class QuickBenchTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out = tempfile.mkdtemp(prefix="segue-bench-test-")
        committed = [os.path.join(ROOT, name) for name in ("BENCHMARKS.md", "BENCHMARKS.json")]
        before = [committed_state(path) for path in committed]
        result = subprocess.run(["make", "-C", ROOT, "--no-print-directory", "bench", "QUICK=1",
                                 f"BENCH_OUT={cls.out}"], capture_output=True, text=True, timeout=600)
        cls.after_committed = [committed_state(path) for path in committed]
        cls.before_committed = before
        if result.returncode != 0:
            raise AssertionError(f"make bench QUICK=1 exited {result.returncode}\n"
                                 f"stdout: {result.stdout[-4000:]}\nstderr: {result.stderr[-4000:]}")
        cls.md_path = os.path.join(cls.out, "BENCHMARKS.md")
        cls.json_path = os.path.join(cls.out, "BENCHMARKS.json")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.out, ignore_errors=True)

    def markdown(self):
        with open(self.md_path, encoding="utf-8") as f:
            return f.read()

    def data(self):
        with open(self.json_path, encoding="utf-8") as f:
            return json.load(f)

    def test_writes_both_files_into_bench_out_only(self):
        self.assertTrue(os.path.isfile(self.md_path))
        self.assertTrue(os.path.isfile(self.json_path))
        self.assertEqual(self.before_committed, self.after_committed,
                         "BENCH_OUT must keep the run away from the committed BENCHMARKS files")

    def test_markdown_has_every_table_and_says_its_mode(self):
        md = self.markdown()
        self.assertIn("Mode: QUICK", md)
        self.assertIn("make bench QUICK=1", md)
        for heading in ("## Targets", "## How each number is measured", "## The floor and pixman",
                        "## Segue per frame, 1920×1080", "## Segue per frame, 3840×2160",
                        "## Per-call overhead", "## Segue vs FFmpeg xfade, per frame",
                        "## End to end: two PNG files in, YUV4MPEG2 out",
                        "## In melt: Segue's crossfades against MLT's and frei0r's"):
            self.assertIn(heading, md)
        for row in ("memcpy of a frame", "traffic floor", "copy (SRC)", "OVER with solid 0.5 mask",
                    "crossfade: copy + masked OVER", "bilinear OVER"):
            self.assertIn(row, md)
        for label in BUILTINS + PLUGINS:
            self.assertIn(f"| `{label}` |", md)
        for transition in XFADE:
            self.assertIn(f"| `{transition}` |", md)
        self.assertRegex(md, r"\| (PASS|\*\*FAIL\*\*) \|")
        # The exact commands stand under the tables.
        self.assertIn("segue_bench frames", md)
        self.assertIn("segue_bench tiny", md)
        self.assertIn("xfade=transition=fade", md)
        self.assertIn("segue render", md)
        self.assertGreaterEqual(md.count("```sh"), 5)
        for fact in ("| CPU |", "| pixman |", "| FFmpeg |", "UTC"):
            self.assertIn(fact, md)

    def test_json_has_the_expected_keys_and_rows(self):
        data = self.data()
        for key in ("mode", "command", "date", "machine", "config", "pixman", "segue", "floor", "transitions",
                    "tiny", "xfade_per_frame", "end_to_end", "mlt", "python", "distributed", "xfade_pack", "targets",
                    "commands",
                    "elapsed_s"):
            self.assertIn(key, data)
        self.assertEqual(data["mode"], "quick")
        for key in ("cpu", "cores", "ffmpeg"):
            self.assertIn(key, data["machine"])

        floor = {(r["name"], r["size"], r["threads"]) for r in data["floor"] if r.get("median_ms")}
        for size in SIZES:
            self.assertIn(("traffic floor", size, 1), floor)
            self.assertIn(("memcpy of a frame", size, 1), floor)
            self.assertIn(("crossfade: copy + masked OVER", size, 1), floor)

        for size in SIZES:
            rows = {r["label"]: r for r in data["transitions"] if r["size"] == size}
            for label in BUILTINS + PLUGINS:
                self.assertIn(label, rows)
                row = rows[label]
                self.assertIsNone(row["error"], f"{label} at {size}: {row['error']}")
                for threads in ("one", "all"):
                    self.assertGreater(row[threads]["median_ms"], 0)
                    self.assertGreater(row[threads]["fps"], 0)
                    self.assertGreater(row[threads]["x_floor"], 0)
                    self.assertGreaterEqual(len(row[threads]["by_progress_ms"]), 2)
                self.assertIsNot(row["bands_identical"], False, f"{label} at {size}: threads changed the bytes")

        self.assertTrue(any(r["group"] == "segue" and r.get("median_ms") for r in data["tiny"]))
        self.assertEqual({r["transition"] for r in data["xfade_per_frame"]}, set(XFADE))
        self.assertEqual({(r["transition"], r["threads"]) for r in data["end_to_end"]},
                         {(t, threads) for t in XFADE for threads in (1, "all")})
        for row in data["end_to_end"]:
            self.assertGreater(row["ffmpeg_s"], 0)
            self.assertGreater(row["ffmpeg_loop_s"], 0)
            self.assertGreater(row["segue_s"], 0)
            self.assertTrue(row["segue_header"].startswith("YUV4MPEG2 W1920 H1080"))

        video = data["video"]
        self.assertEqual([r["setup"] for r in video["rows"]],
                         ["ffmpeg xfade chain → Y4M", "ffmpeg concat, no transitions → Y4M", "ffmpeg decoding alone",
                          "segue sequence → Y4M", "ffmpeg xfade + acrossfade → mp4", "segue sequence → mp4"])
        for row in video["rows"]:
            self.assertGreater(row["median_s"], 0)
        self.assertEqual([m["seconds"] for m in video["memory"]], [6, 60])
        for m in video["memory"]:
            self.assertGreater(m["peak_kib"], 1024)

        # Lossless joins: both keyframe intervals, every setup timed with its processor time and memory,
        # the short and the long join; at the quick run's 4-s clips a 1-s GOP leaves GOPs to copy.
        joins = data["joins"]
        self.assertEqual([s["keyint"] for s in joins["sets"]], [250, 30])
        for result in joins["sets"]:
            self.assertEqual([r["setup"] for r in result["rows"]],
                             ["segue sequence (smart)", "segue sequence --reencode", "ffmpeg xfade + acrossfade",
                              "ffmpeg concat -c copy (no transitions)"])
            for row in result["rows"]:
                self.assertTrue(row["median_s"] > 0 and row["cpu_s"] > 0 and row["peak_kib"] > 1024, row)
        self.assertGreater(joins["sets"][1]["copied"], 0)
        self.assertEqual(joins["long"]["clips"], 20)
        self.assertGreater(joins["long"]["copied"], 0)
        self.assertIn("## Lossless joins", self.markdown())

        # HDR into SDR: per frame against FFmpeg's chain and its decoding alone, and a join.
        colour = data["colour"]
        for result in colour["per_frame"]:
            self.assertEqual([r["setup"] for r in result["rows"]],
                             ["segue sequence → y4m", "ffmpeg zscale + tonemap → y4m", "ffmpeg decoding alone (floor)"])
            self.assertTrue(all(r["ms_per_frame"] > 0 and r["cpu_s"] > 0 for r in result["rows"]), result)
        self.assertEqual([r["setup"] for r in colour["join"]["rows"]],
                         ["segue sequence", "ffmpeg zscale + tonemap + xfade"])
        self.assertIn("## HDR clips into SDR", self.markdown())

        # melt: the same frames out of every setup, each mixer's cost per frame over the hard cut.
        mlt = data["mlt"]
        self.assertEqual([r["name"] for r in mlt["rows"]],
                         ["hard cut, no transition", "Segue frei0r.segue_opacity", "Segue segue.opacity (MLT module)",
                          "MLT luma (dissolve)", "frei0r xfade0r"])
        self.assertEqual(len({r["bytes"] for r in mlt["rows"]}), 1, "every setup writes the same amount of video")
        for row in mlt["rows"][1:]:
            self.assertIsNotNone(row["ms_per_mix_frame"])

        # Python: moviepy's crossfade against Segue's on all cores and on one, and the binding's overhead.
        python = data["python"]
        self.assertEqual(list(python["moviepy"]), ["moviepy CrossFadeIn", "segue.moviepy.transition, all cores",
                                                   "segue.moviepy.transition, 1 thread"])
        self.assertTrue(all(ms > 0 for ms in python["moviepy"].values()))
        self.assertEqual([r["size"] for r in python["overhead"]], ["64x64", "1920x1080"])
        for row in python["overhead"]:
            self.assertTrue(row["c_ms"] > 0 and row["straight_ms"] > 0 and row["premultiplied_ms"] > 0)
        self.assertIn("## In Python", self.markdown())
        # The wheel's environment loads its own vendored libsegue.so, the in-tree one the build's.
        wheel = python["wheel"]
        self.assertEqual([(row["environment"].split()[0], row["setup"].split(", ")[1]) for row in wheel],
                         [("in-tree", "all cores"), ("in-tree", "1 thread"), ("manylinux", "all cores"),
                          ("manylinux", "1 thread")])
        self.assertTrue(all("/build/python/venv/" in row["library"] for row in wheel[:2]))
        self.assertTrue(all("/build/bench/wheel-venv/" in row["library"] for row in wheel[2:]))
        self.assertTrue(all(ms > 0 for row in wheel for ms in row["runs_ms"]))
        self.assertIn("The wheel against the in-tree build", self.markdown())

        # render_distributed against one process: both outputs have every frame, the join timed apart.
        spread = data["distributed"]
        self.assertEqual(spread["frames"][0], spread["frames"][1])
        self.assertEqual(spread["frames"][0], (2 * 3 - 1) * 30)
        self.assertTrue(0 < spread["join_median_s"] < spread["pieces_median_s"])
        self.assertIn("## Distributed", self.markdown())

        # xfade's 58 by name: a Segue time for every one; FFmpeg's where the difference of the quick run's
        # two lengths rose above process noise (always for the costly ones), from the FFmpegs found.
        pack = data["xfade_pack"]
        self.assertEqual(len([r for r in pack["rows"] if r["size"] == "1920x1080"]), 58)
        for row in pack["rows"]:
            self.assertGreater(row["segue_ms"], 0, row["transition"])
            self.assertTrue(set(row["ffmpeg_ms"]) <= set(pack["tools"]), row)
            self.assertTrue(all(ms > 0 for ms in row["ffmpeg_ms"].values()), row)
        self.assertGreater(sum(1 for r in pack["rows"] if r["ffmpeg_ms"]), 29)
        self.assertIn("## FFmpeg's xfade transitions", self.markdown())

        # Per frame, floor, fps (two sizes, and particles' own 60 fps), bands, two end-to-end setups,
        # four video targets, three for joins, two for HDR, melt, moviepy, the wheel, render_distributed, the
        # xfade pack (every row, most rows).
        targets = {t["target"] for t in data["targets"]}
        self.assertEqual(len(targets), 23, targets)
        for t in data["targets"]:
            self.assertIn(t["pass"], (True, False, None))


if __name__ == "__main__":
    unittest.main()
