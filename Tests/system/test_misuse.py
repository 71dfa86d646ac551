"""The C API under misuse (Tests/c/misuse.c): every bad argument gets its
documented status and a message, never a crash; double unrefs and uses after
free are caught by a debug library, or by the release one with
SEGUE_DEBUG_HANDLES=1."""
import os
import re
import shutil
import signal
import subprocess
import unittest

from support import BUILD, ROOT, run

MISUSE = os.path.join(BUILD, "tests", "misuse")
DEBUG_LIBRARY_FOLDER = os.path.join(ROOT, ".build", "debug")


def run_misuse(*args, env=None, timeout=600):
    environment = dict(os.environ)
    environment.pop("SEGUE_DEBUG_HANDLES", None)
    environment.update(env or {})
    return subprocess.run([MISUSE, *args], capture_output=True, text=True, timeout=timeout, env=environment)


def outcome(result):
    """What a run ended with, for assertion messages."""
    if result.returncode < 0:
        return f"killed by {signal.Signals(-result.returncode).name}\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    return f"exit {result.returncode}\n{result.stdout[-3000:]}{result.stderr[-3000:]}"


class MisuseMixin:
    """The checks, run against whichever library `env` selects."""
    env = {}

    def sections(self):
        return run_misuse("list", env=self.env).stdout.split()

    def test_each_section_alone(self):
        # One process per section, so a crash is pinned to the section it happened in.
        sections = self.sections()
        self.assertGreaterEqual(len(sections), 12)
        for section in sections:
            with self.subTest(section=section):
                result = run_misuse(section, env=self.env)
                self.assertEqual(result.returncode, 0, outcome(result))
                self.assertIn("all checks passed", result.stdout)

    def test_all_sections_in_one_process_leave_the_engine_usable(self):
        result = run_misuse("-v", env=self.env)
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertIn("after the misuse, the engine renders exactly what a fresh one does", result.stdout)
        tried = int(re.search(r"(\d+) misuse cases tried", result.stdout).group(1))
        self.assertGreater(tried, 2000)


@unittest.skipUnless(os.path.exists(MISUSE), "build/tests/misuse is not built (make build/tests/misuse)")
class ReleaseLibraryTests(MisuseMixin, unittest.TestCase):
    """The shipped library (build/lib/libsegue.so)."""

    def test_stray_handles_are_ignored_silently(self):
        result = run_misuse("wrong_types")
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertEqual(result.stderr, "")


@unittest.skipUnless(os.path.exists(MISUSE), "build/tests/misuse is not built (make build/tests/misuse)")
class HandleCheckingTests(MisuseMixin, unittest.TestCase):
    """The shipped library with SEGUE_DEBUG_HANDLES=1: freed handles are kept
    in quarantine, so a second unref or a later use is caught."""
    env = {"SEGUE_DEBUG_HANDLES": "1"}

    def assertAborts(self, result, message):
        self.assertEqual(result.returncode, -signal.SIGABRT, outcome(result))
        self.assertIn(message, result.stderr)
        self.assertIn("programmer error", result.stderr)
        self.assertNotIn("second unref returned", result.stdout)

    def test_double_unref_of_each_kind_aborts_with_a_message(self):
        for kind in ("engine", "surface", "transition", "animation"):
            with self.subTest(kind=kind):
                result = run_misuse("double-unref", kind, env=self.env)
                self.assertIn("first unref done", result.stdout)
                self.assertAborts(result, f"segue: segue_{kind}_unref: this {kind} was already freed")

    def test_use_after_free_aborts_with_a_message(self):
        result = run_misuse("use-after-free", env=self.env)
        self.assertIn("freed\n", result.stdout)
        self.assertAborts(result, "segue: from is a segue_surface that was already freed")

    def test_wrong_types_in_functions_without_a_status_are_reported_on_stderr(self):
        result = run_misuse("wrong_types", env=self.env)
        self.assertEqual(result.returncode, 0, outcome(result))
        self.assertIn("segue: segue_surface_unref: the handle is a segue_transition, not a segue_surface; ignored",
                      result.stderr)
        self.assertIn("segue: segue_surface_width: the handle points at no segue_surface; ignored", result.stderr)


@unittest.skipUnless(os.path.exists(MISUSE), "build/tests/misuse is not built (make build/tests/misuse)")
@unittest.skipUnless(shutil.which("swift"), "no Swift toolchain to build the debug library")
class DebugLibraryTests(MisuseMixin, unittest.TestCase):
    """A debug build of libsegue.so (swift build --product segue), which checks
    handles without being asked. The test programs are the same binaries:
    LD_LIBRARY_PATH wins over their RUNPATH."""
    env = {"LD_LIBRARY_PATH": DEBUG_LIBRARY_FOLDER}

    @classmethod
    def setUpClass(cls):
        build = subprocess.run(["swift", "build", "--product", "segue"], cwd=ROOT, capture_output=True, text=True,
                               timeout=3600)
        if build.returncode != 0:
            raise AssertionError(f"the debug library did not build:\n{build.stdout[-3000:]}{build.stderr[-3000:]}")

    def test_uses_the_debug_library(self):
        loaded = run("env", f"LD_LIBRARY_PATH={DEBUG_LIBRARY_FOLDER}", "ldd", MISUSE, check=0).stdout
        self.assertIn(os.path.join(DEBUG_LIBRARY_FOLDER, "libsegue.so"), loaded)

    def test_double_unref_aborts_with_a_message(self):
        for kind in ("engine", "surface", "transition", "animation"):
            with self.subTest(kind=kind):
                result = run_misuse("double-unref", kind, env=self.env)
                self.assertEqual(result.returncode, -signal.SIGABRT, outcome(result))
                self.assertIn(f"segue: segue_{kind}_unref: this {kind} was already freed", result.stderr)

    def test_use_after_free_aborts_with_a_message(self):
        result = run_misuse("use-after-free", env=self.env)
        self.assertEqual(result.returncode, -signal.SIGABRT, outcome(result))
        self.assertIn("segue: from is a segue_surface that was already freed", result.stderr)


if __name__ == "__main__":
    unittest.main()
