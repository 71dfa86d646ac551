"""The build cannot go stale. The public headers are a C target (CSegue),
which SwiftPM tracks, so changing one rebuilds every Swift module that
imports it; as a system-library target its headers were not tracked, and a
module kept a struct's old layout until a clean build. And `make` knows what
each file comes from: a second `make` does nothing, and a changed header
remakes what is built from it."""
import os
import shutil
import subprocess
import tempfile
import unittest

from support import ROOT

# make run by these tests must not join the jobserver of the make running them.
QUIET_ENV = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}


def make(*args):
    return subprocess.run(["make", "-C", ROOT, *args], capture_output=True, text=True, env=QUIET_ENV, timeout=120)


class MakeTests(unittest.TestCase):
    def test_a_second_make_does_nothing(self):
        # `make test` has just built everything `make` builds.
        question = make("-q", "all")
        self.assertEqual(question.returncode, 0, "make would still do:\n" + make("-n", "all").stdout)

    def test_a_changed_header_remakes_what_is_built_from_it(self):
        # -W: as if plugin.h had just changed; -n: print, run nothing.
        commands = make("-n", "all", "-W", "include/segue/plugin.h").stdout
        self.assertIn("swift build -c release", commands)
        self.assertIn("-o build/lib/segue/plugins/xfade.so", commands)
        self.assertIn("-o build/lib/mlt-7/libmltsegue.so", commands)
        self.assertIn("cp include/segue/plugin.h build/include/segue/plugin.h", commands)
        # A file added to or removed from a module changes its folder: SwiftPM is asked again.
        self.assertIn("swift build -c release", make("-n", "all", "-W", "Sources/Host/SegueBasics").stdout)
        # A change to a file nothing is built from remakes nothing.
        self.assertEqual(make("-q", "all", "-W", "README.md").returncode, 0)


class SwiftPMTracksTheHeadersTests(unittest.TestCase):
    """In a copy of the tree: SegueABI (which reads struct sizes through
    Swift's view of the headers) is compiled again when a header's struct
    changes, and not when nothing changed."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="segue-stale-")
        files = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                               capture_output=True, check=True).stdout.split(b"\0")
        for name in (f.decode() for f in files if f):
            source, target = os.path.join(ROOT, name), os.path.join(cls.dir, name)
            if not os.path.lexists(source):
                continue  # deleted in the working tree, not yet in git
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.islink(source):
                os.symlink(os.readlink(source), target)
            else:
                shutil.copy2(source, target)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def build(self):
        result = subprocess.run(["swift", "build", "-c", "release", "--target", "SegueABI"], cwd=self.dir,
                                capture_output=True, text=True, timeout=600)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        return result.stdout

    def test_a_changed_struct_recompiles_the_modules_that_import_the_headers(self):
        self.assertIn("Compiling SegueABI", self.build())
        self.assertNotIn("Compiling SegueABI", self.build())
        header = os.path.join(self.dir, "include", "segue", "plugin.h")
        with open(header) as f:
            text = f.read()
        changed = text.replace("    segue_filter filter;\n} segue_draw;", "    segue_filter filter;\n    double added;\n} segue_draw;")
        self.assertNotEqual(changed, text)
        with open(header, "w") as f:
            f.write(changed)
        self.assertIn("Compiling SegueABI", self.build())


if __name__ == "__main__":
    unittest.main()
