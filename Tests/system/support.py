"""Shared helpers for the system tests: paths, running commands, fixtures."""
import os
import shutil
import subprocess
import tempfile
import unittest

from pngio import card_with_holes, photo, read_png, write_png

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build")
SEGUE = os.path.join(BUILD, "bin", "segue")
EXAMPLES = os.path.join(BUILD, "examples")


def run(*args, stdin=None, check=None):
    """Runs a command; returns the CompletedProcess (text output)."""
    result = subprocess.run(list(args), input=stdin, capture_output=True, text=True, timeout=300)
    if check is not None and result.returncode != check:
        raise AssertionError(f"{args} exited {result.returncode}, expected {check}\n"
                             f"stdout: {result.stdout}\nstderr: {result.stderr}")
    return result


def segue(*args, **kwargs):
    return run(SEGUE, *args, **kwargs)


class Workspace(unittest.TestCase):
    """A test case with a temporary folder holding input pictures:
    a.png and b.png (400×300 photos), card.png (257×131 with transparency)."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="segue-test-")
        self.a = self.path("a.png")
        self.b = self.path("b.png")
        self.card = self.path("card.png")
        write_png(self.a, 400, 300, photo(400, 300, 0))
        write_png(self.b, 400, 300, photo(400, 300, 1))
        write_png(self.card, 257, 131, card_with_holes(257, 131))

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def path(self, *parts):
        return os.path.join(self.dir, *parts)

    def files(self):
        return sorted(os.listdir(self.dir))

    def assertSamePixels(self, path_a, path_b):
        self.assertEqual(read_png(path_a), read_png(path_b), f"{path_a} and {path_b} differ")
