"""What a hostile or unlucky caller can throw at Segue: every transition at
every kind of progress and under every animation (Tests/c/progress_sweep.c),
transitions as large as the API lets anyone build, on a 256 KB stack
(Tests/c/deep_specs.c), and each fault an audit found (issue 35) as a
regression test of the command line, where it was found."""
import os
import re
import resource
import shutil
import subprocess
import tempfile
import unittest

from pngio import read_png
from support import BUILD, ROOT, SEGUE, Workspace, segue

TESTS = os.path.join(BUILD, "tests")
DBL_MAX = "1.7976931348623157e308"


def program(name, *args, timeout=900):
    return subprocess.run([os.path.join(TESTS, name), *args], capture_output=True, text=True, timeout=timeout)


def outcome(result):
    return f"exit {result.returncode}\n{result.stdout[-3000:]}{result.stderr[-3000:]}"


def self_combined(leaf, times):
    """`leaf` combined with itself `times` times over: 2^times copies, written out."""
    spec = leaf
    for _ in range(times):
        spec = f"{spec}.combined(with: {spec})"
    return spec


def documented_animations():
    """Every animation the documentation names: the specs in the first column of the Animations tables of
    docs/spec-language.md, the --animation examples of the README and of every guide in docs/, and every name
    `segue list` gives (bare, unless the documentation shows it only with arguments: .timingCurve, .steps):
    SwiftUI's curves and springs, Penner's, glsl-easings' and CSS's."""
    documents = [os.path.join(ROOT, "README.md")] + sorted(
        os.path.join(ROOT, "docs", name) for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md"))
    texts = {}
    for path in documents:
        with open(path, encoding="utf-8") as document:
            texts[os.path.relpath(path, ROOT)] = document.read()
    text = "\n".join(texts.values())
    guide = texts[os.path.join("docs", "spec-language.md")]
    start = guide.index("## Animations")
    end = guide.find("\n## ", start + 1)
    section = guide[start:end if end >= 0 else len(guide)]
    named = set()
    for row in re.findall(r"(?m)^\| (`.*?) \|", section):
        named.update(cell for cell in re.findall(r"`([^`]+)`", row) if not cell.startswith(("(", "A.")))
    named.update(re.findall(r"--animation '([^']+)'", text))
    named.update(re.findall(r"--animation (\.[A-Za-z]+)", text))
    listing = subprocess.run([SEGUE, "list"], capture_output=True, text=True, check=True).stdout
    animations, easings = listing[listing.index("Animations"):listing.index("Easings")], listing[listing.index("Easings"):]
    listed = re.findall(r"(?m)^  (\.[a-zA-Z]+) ", animations) + re.findall(r"(?m)^  (\.[a-zA-Z .]+)$", easings)
    for name in " ".join(listed).split():
        if name in named or not any(spec.startswith(name + "(") for spec in named):
            named.add(name)
    return sorted(named)


class SweepTests(unittest.TestCase):
    def test_every_transition_at_every_kind_of_progress(self):
        # Each render must return SEGUE_OK, and the same bytes from two engines and from one thread and four, at
        # 1×1, 2×3, 64×48 and 641×359. The time bound only catches a hang: 1 s plus 20 times the same
        # transition's render at progress 1, so a loaded machine does not trip it.
        result = program("progress_sweep", "--limit", "1")
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertIn("all checks passed", result.stdout)
        transitions = int(re.search(r"(\d+) transitions", result.stdout).group(1))
        self.assertGreater(transitions, 58 + 20, "every xfade transition, every built-in and plugin effect")

    def test_every_animation_the_documentation_names_through_every_transition(self):
        animations = documented_animations()
        for expected in (".bouncy", ".snappy", ".spring(duration: 0.6, bounce: 0.3)", ".easeInBack",
                         ".easeOutElastic", ".interpolatingSpring(stiffness: 170, damping: 15)"):
            self.assertIn(expected, animations)
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as listing:
            listing.write("\n".join(animations) + "\n")
            listing.flush()
            result = program("progress_sweep", "--animations", listing.name, "--sizes", "8x6")
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertIn(f"{len(animations)} animations through", result.stdout)

    def test_transitions_as_large_as_the_api_allows_on_a_small_stack(self):
        result = program("deep_specs")
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertIn("all checks passed", result.stdout)


@unittest.skipUnless(shutil.which("valgrind"), "valgrind is not installed (make test-deps installs it)")
class ValgrindHostTests(Workspace):
    """A clean C host under valgrind's leak check, against the stripped library as installed: the
    suppression file Segue ships (pkg-config's valgrind_suppressions) is all it needs to pass."""

    def memcheck(self, *options):
        program = os.path.join(BUILD, "examples", "render_frame")
        return subprocess.run(["valgrind", "--leak-check=full", "--error-exitcode=99", *options, program, self.a,
                               self.b, ".push(from: .trailing)", "0.5", self.path("out.png")],
                              capture_output=True, text=True, timeout=600)

    def test_the_shipped_suppressions_make_a_clean_host_pass(self):
        supp = subprocess.run(["pkg-config", "--variable=valgrind_suppressions", "segue"], capture_output=True,
                              text=True, env={**os.environ, "PKG_CONFIG_PATH": os.path.join(BUILD, "lib", "pkgconfig")},
                              check=True).stdout.strip()
        self.assertEqual(supp, os.path.join(BUILD, "share", "segue", "valgrind.supp"))
        bare = self.memcheck()
        self.assertEqual(bare.returncode, 99, "without them Swift's one-time caches read as possibly lost")
        self.assertIn("possibly lost", bare.stderr)
        result = self.memcheck(f"--suppressions={supp}")
        self.assertEqual(result.returncode, 0, result.stderr[-3000:])
        self.assertIn("ERROR SUMMARY: 0 errors", result.stderr)


class AuditRegressionTests(Workspace):
    """Each fault of issue 35, as the command line met it."""

    def frame(self, spec, progress, *more, name="f.png", check=0):
        out = self.path(name)
        segue("frame", "--from", self.a, "--to", self.b, "--transition", spec, "--progress", str(progress),
              "-o", out, *more, check=check)
        return read_png(out)[2] if check == 0 else None

    def test_hblur_under_springs_renders_and_a_spring_past_the_end_shows_the_end(self):
        # Heap corruption ("double free or corruption", exit 134) under .bouncy, .snappy, .easeInBack.
        for animation in (".bouncy", ".snappy", ".easeInBack", ".spring(duration: 0.6, bounce: 0.3)"):
            with self.subTest(animation=animation):
                segue("render", "--from", self.a, "--to", self.b, "--transition", ".xfade(transition: .hblur)",
                      "--animation", animation, "-o", self.path("out.y4m"), check=0)
        # Past either end, xfade shows that end: the same bytes as at 1 (and 0), twice over.
        end = self.frame(".xfade(transition: .hblur)", 1, name="end.png")
        self.assertEqual(self.frame(".xfade(transition: .hblur)", 1.3, name="past.png"), end)
        self.assertEqual(self.frame(".xfade(transition: .hblur)", 1.3, name="again.png"), end)
        start = self.frame(".xfade(transition: .hblur)", 0, name="start.png")
        self.assertEqual(self.frame(".xfade(transition: .hblur)", -0.3, name="before.png"), start)

    def test_circlecrop_at_a_huge_progress_returns_at_once(self):
        # It spun 2^31 columns a row: more than 40 s at progress 100, more than 15 minutes at 1e6.
        end = self.frame(".xfade(transition: .circlecrop)", 1, name="end.png")
        for progress in ("100", "1e6", DBL_MAX):
            with self.subTest(progress=progress):
                self.assertEqual(self.frame(".xfade(transition: .circlecrop)", progress), end)

    def test_a_tiny_blur_radius_is_no_blur(self):
        # σ² underflowed to 0 and Int32(NaN) trapped (SIGILL, exit 132).
        unchanged = self.frame(".identity", 0.5, name="identity.png")
        self.assertEqual(self.frame(".blur(radius: 1e-170)", 0.5), unchanged)
        self.assertEqual(self.frame(".blurReplace", "1e-300", name="replace.png"),
                         self.frame(".blurReplace", 0, name="start.png"))

    def test_self_combined_trees_are_refused_or_drawn_never_a_crash(self):
        # A 14.8 KB balanced tree of .blurReplace overflowed the stack; it has 1536 parts.
        result = segue("frame", "--from", self.a, "--to", self.b, "--transition", self_combined(".blurReplace", 9),
                       "--progress", "0.5", "-o", self.path("f.png"), check=2)
        self.assertIn("a transition has at most 1024 parts", result.stderr)
        self.assertLess(len(result.stderr), 600, "a long spec is shown round the column, not whole")
        # A 5 KB .push tree (256 parts) draws, as does rotation3D combined with itself 4 times.
        self.frame(self_combined(".push(from: .trailing)", 7), 0.5)
        self.frame(self_combined(".rotation3D(angle: 30)", 4), 0.5, name="turned.png")

    def test_explosions_of_explosions_are_refused_before_any_memory_is_taken(self):
        # Four chained took 3.5 GB and 11 s at 64×48; five grew to 23 GB. Now refused under a 1 GB
        # address-space limit, which Swift's allocation trap would have hit first.
        def limited():
            resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        spec = ".explode.combined(with: .explode).combined(with: .explode).combined(with: .explode)"
        result = subprocess.run([SEGUE, "frame", "--from", self.a, "--to", self.b, "--transition", spec,
                                 "--progress", "0.5", "-o", self.path("f.png")], capture_output=True, text=True,
                                preexec_fn=limited, timeout=120)
        self.assertEqual(result.returncode, 1, outcome(result))
        self.assertIn("more than 262144 drawing operations (the render budget's primitives)", result.stderr)
        self.assertFalse(os.path.exists(self.path("f.png")))

    def test_the_budget_is_an_option(self):
        spec = ".explode.combined(with: .explode)"
        self.frame(spec, 0.5)
        result = segue("frame", "--from", self.a, "--to", self.b, "--transition", spec, "--progress", "0.5",
                       "--budget", "primitives=1K", "-o", self.path("f.png"), check=1)
        self.assertIn("more than 1024 drawing operations", result.stderr)
        result = segue("frame", "--to", self.b, "--transition", ".opacity", "--progress", "0.5",
                       "--budget", "pixels=10", "-o", self.path("f.png"), check=1)
        self.assertIn("more than 10 pixels", result.stderr)
        for bad in ("primitives", "primitives=", "primitives=0", "primitives=-1", "frames=4", "bytes=2T",
                    "pixels=99999999999G"):
            with self.subTest(budget=bad):
                result = segue("frame", "--to", self.b, "--transition", ".opacity", "--progress", "0.5",
                               "--budget", bad, "-o", self.path("f.png"), check=2)
                self.assertIn("--budget", result.stderr)

    def test_tiktok_at_the_largest_progress_renders(self):
        # It failed with "offset (-inf, -inf) is not finite".
        for progress in (DBL_MAX, "-" + DBL_MAX):
            with self.subTest(progress=progress):
                self.frame(".tiktok", progress)

    def test_an_impossible_yuv4mpeg2_size_is_named(self):
        # FFmpeg fails with EBUSY there: "Device or resource busy".
        clip = self.path("huge.y4m")
        with open(clip, "wb") as f:
            f.write(b"YUV4MPEG2 W99999 H99999 F25:1 Ip A1:1 C420jpeg\nFRAME\n" + bytes(1000))
        result = segue("frame", "--from", clip, "--to", self.b, "--transition", ".opacity", "--progress", "0.5",
                       "-o", self.path("f.png"), check=1)
        self.assertIn("cannot open", result.stderr)
        self.assertIn("huge.y4m", result.stderr)
        self.assertIn("Picture size 99999x99999 is invalid", result.stderr)
        self.assertNotIn("busy", result.stderr)

    def test_no_folder_is_created_for_an_output(self):
        # -o /nonexistent/x.y4m created /nonexistent, as whoever ran it.
        missing = self.path("missing", "deeper")
        for output, command in ((os.path.join(missing, "x.y4m"), "render"), (os.path.join(missing, "x.png"), "frame"),
                                (os.path.join(missing, "x.mp4"), "render"),
                                (os.path.join(missing, "f%03d.png"), "render")):
            with self.subTest(output=output):
                arguments = ["--progress", "0.5"] if command == "frame" else []
                result = segue(command, "--from", self.a, "--to", self.b, "--transition", ".opacity", *arguments,
                               "-o", output, check=1)
                self.assertIn(f"its folder '{missing}' does not exist", result.stderr)
                self.assertFalse(os.path.exists(self.path("missing")))
        result = segue("frame", "--to", self.b, "--transition", ".opacity", "--progress", "0.5",
                       "-o", os.path.join(self.a, "x.png"), check=1)
        self.assertIn("Not a directory", result.stderr)


if __name__ == "__main__":
    unittest.main()
