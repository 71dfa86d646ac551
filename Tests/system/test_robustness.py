"""Hardening beyond argument checks: plugins that misbehave after loading
and cancellation (Tests/c/misbehaving_plugins.c), one engine on 8 threads
(Tests/c/threads.c), memory that stays flat over 100 000 frames
(Tests/c/soak.c), and the C test programs under valgrind memcheck."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import unittest

from support import BUILD, ROOT

TESTS = os.path.join(BUILD, "tests")
MISBEHAVING = os.path.join(TESTS, "plugins", "misbehaving.so")


def program(name, *args, timeout=600):
    return subprocess.run([os.path.join(TESTS, name), *args], capture_output=True, text=True, timeout=timeout)


def outcome(result):
    if result.returncode < 0:
        return f"killed by {signal.Signals(-result.returncode).name}\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    return f"exit {result.returncode}\n{result.stdout[-3000:]}{result.stderr[-3000:]}"


class MisbehavingPluginTests(unittest.TestCase):
    def test_each_misbehaviour_fails_at_most_its_frame(self):
        # The timeout only catches a hang (a cancel that is never noticed);
        # it judges no speed.
        result = program("misbehaving_plugins", MISBEHAVING, timeout=120)
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertIn("all checks passed", result.stdout)
        for line in ("farOutside frame", "slowRender stopped", "stubbornRender stopped", "a 1080p render loop stopped"):
            self.assertIn(f"timing: {line}", result.stdout)
        # Its two distortions too short for any release are refused, once each naming the file and the sizes.
        self.assertEqual(result.stderr, LAYOUT_WARNINGS)


LAYOUT_WARNINGS = "".join(
    f"segue: plugin '{MISBEHAVING}': warning: segue_distortion.struct_size is {size}; this Segue reads 48 "
    "(sizeof(segue_distortion) in its releases) or more, up to 4096\n" for size in (32, 24))


class ConcurrencyTests(unittest.TestCase):
    def test_eight_threads_render_what_one_thread_does(self):
        result = program("threads", MISBEHAVING)
        self.assertEqual(result.returncode, 0, outcome(result))
        match = re.search(r"(\d+) renders on 8 threads, (\d+) differences", result.stdout)
        self.assertIsNotNone(match, result.stdout)
        self.assertGreaterEqual(int(match.group(1)), 8 * 3 * 60)
        self.assertEqual(int(match.group(2)), 0)


class SoakTests(unittest.TestCase):
    def test_memory_is_flat_over_100000_frames(self):
        result = program("soak", "100000")
        self.assertEqual(result.returncode, 0, outcome(result))
        match = re.search(r"resident memory (\d+) KiB after \d+, (\d+) KiB at the end", result.stdout)
        self.assertIsNotNone(match, result.stdout)
        self.assertLessEqual(int(match.group(2)) - int(match.group(1)), 1024, result.stdout)


# Definite and indirect leaks and every invalid access fail; "possibly
# lost" blocks are the Swift runtime's metadata caches, which live as long
# as the process by design. Tests/valgrind/segue.supp lists, with reasons,
# the reports judged not to be defects.
VALGRIND = ("valgrind", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect",
            "--show-leak-kinds=definite,indirect", "--track-origins=yes", "--quiet",
            f"--suppressions={os.path.join(ROOT, 'Tests', 'valgrind', 'segue.supp')}")
UNSTRIPPED_LIBRARY = os.path.join(ROOT, ".build", "release", "libsegue.so")


@unittest.skipUnless(shutil.which("valgrind"), "valgrind is not installed (make test-deps installs it)")
class MemcheckTests(unittest.TestCase):
    """The C test programs under memcheck, against the library as built
    before `strip` (the same code, with the symbols the suppressions name)
    laid out like build/lib, so the seed plugins are found beside it. All
    start at once (memcheck runs each on one core); each test waits for its
    own."""

    PROGRAMS = {
        "api_contract": (),
        "misuse": (),
        "misbehaving_plugins": (MISBEHAVING,),
        "threads": (MISBEHAVING,),
        "soak": ("2000", "--under-valgrind"),
    }

    @classmethod
    def setUpClass(cls):
        cls.prefix = tempfile.mkdtemp(prefix="segue-memcheck-")
        lib = os.path.join(cls.prefix, "lib")
        os.makedirs(os.path.join(lib, "segue"))
        shutil.copy(UNSTRIPPED_LIBRARY, os.path.join(lib, "libsegue.so"))
        os.symlink(os.path.join(BUILD, "lib", "segue", "plugins"), os.path.join(lib, "segue", "plugins"))
        env = {**os.environ, "LD_LIBRARY_PATH": lib}
        cls.running = {
            name: subprocess.Popen([*VALGRIND, os.path.join(TESTS, name), *args], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, env=env)
            for name, args in cls.PROGRAMS.items()
        }

    @classmethod
    def tearDownClass(cls):
        for process in cls.running.values():
            process.kill()
            process.communicate()
        shutil.rmtree(cls.prefix, ignore_errors=True)

    def assertClean(self, name, said=""):
        """`name` passed, and its standard error holds what it says itself (`said`), and no report of memcheck's."""
        process = self.running[name]
        stdout, stderr = process.communicate(timeout=1800)
        result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertIn("all checks passed", result.stdout)
        self.assertEqual(result.stderr, said, "memcheck reported nothing")

    def test_api_contract(self):
        self.assertClean("api_contract")

    def test_misuse(self):
        self.assertClean("misuse")

    def test_misbehaving_plugins(self):
        self.assertClean("misbehaving_plugins", said=LAYOUT_WARNINGS)

    def test_threads(self):
        self.assertClean("threads")

    def test_soak(self):
        self.assertClean("soak")


if __name__ == "__main__":
    unittest.main()
