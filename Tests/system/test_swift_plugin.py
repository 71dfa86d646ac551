"""A Swift plugin written outside Segue's repository: examples/swift-plugin,
copied to a folder of its own, depends on Segue by path, builds its .so with
one `swift build`, passes its own unit tests against the fake host of
SeguePluginKitTesting, and the .so it builds loads through SEGUE_PLUGIN_PATH
and draws what the effect says."""
import os
import shutil
import subprocess
import tempfile
import unittest

from pngio import read_png
from support import ROOT, SEGUE

EXAMPLE = os.path.join(ROOT, "examples", "swift-plugin")
WIDTH, HEIGHT = 160, 120


def run(argv, cwd=None, env=None, timeout=900):
    result = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise AssertionError(f"{argv} exited {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result


class SwiftPluginOutsideTheRepositoryTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="segue-swift-plugin-")
        cls.package = os.path.join(cls.dir, "blinds")
        shutil.copytree(EXAMPLE, cls.package, ignore=shutil.ignore_patterns(".build"))
        cls.env = dict(os.environ, SEGUE_SOURCE=ROOT)
        run(["swift", "build", "-c", "release"], cwd=cls.package, env=cls.env)
        cls.library = os.path.join(cls.package, ".build", "release", "libblinds.so")
        cls.plugins = os.path.join(cls.dir, "plugins")
        os.mkdir(cls.plugins)
        shutil.copy(cls.library, os.path.join(cls.plugins, "blinds.so"))
        cls.input = os.path.join(cls.dir, "in.png")
        run([SEGUE, "sample", "photo", "--size", f"{WIDTH}x{HEIGHT}", "-o", cls.input])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def test_its_unit_tests_pass_on_the_fake_host(self):
        result = run(["swift", "test"], cwd=self.package, env=self.env)
        self.assertIn("3 tests", result.stdout + result.stderr)

    def test_it_exports_only_the_entry_and_needs_no_swift_runtime(self):
        symbols = run(["nm", "-D", "--defined-only", self.library]).stdout.split()
        self.assertEqual([s for s in symbols if s.startswith("segue")], ["segue_plugin_entry"])
        self.assertNotIn("swift", run(["ldd", self.library]).stdout)

    def test_it_loads_and_draws_the_slats(self):
        env = dict(os.environ, SEGUE_PLUGIN_PATH=self.plugins)
        out = os.path.join(self.dir, "half.png")
        # The shorthand sets the active state: at progress 0 the slats are half open.
        run([SEGUE, "frame", "--to", self.input, "--transition", ".blinds(openness: 0.5, slats: 4)",
             "--progress", "0", "-o", out], env=env)
        _, _, frame = read_png(out)
        _, _, source = read_png(self.input)
        # Four slats of 30 rows, each open over its middle 15: rows 7.5…22.5, 37.5…52.5, …
        for band in range(4):
            top = 30 * band
            for y in range(top + 8, top + 22):
                self.assertEqual(frame[y * WIDTH:(y + 1) * WIDTH], source[y * WIDTH:(y + 1) * WIDTH], f"row {y}")
            for y in list(range(top, top + 7)) + list(range(top + 23, top + 30)):
                self.assertTrue(all(p[3] == 0 for p in frame[y * WIDTH:(y + 1) * WIDTH]), f"row {y} is shut")
            self.assertTrue(all(0 < p[3] < 255 for p in frame[(top + 7) * WIDTH:(top + 8) * WIDTH]),
                            f"row {top + 7} is the anti-aliased edge")
        listing = run([SEGUE, "describe", "blinds"], env=env).stdout
        self.assertIn("slats", listing)


if __name__ == "__main__":
    unittest.main()
