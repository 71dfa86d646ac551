"""The README's C example compiles against build/ and does what it says, and
the effect tables of docs/plugins.md are what the plugins declare."""
import os
import re
import subprocess
import unittest

from pngio import read_png
from support import BUILD, ROOT, Workspace, run


class ReadmeTests(Workspace):
    def test_c_example_compiles_and_runs(self):
        with open(os.path.join(ROOT, "README.md")) as f:
            # The one complete program starts at the left margin; indented
            # fragments inside lists are illustrations, not programs.
            blocks = re.findall(r"^```c\n(.*?)^```", f.read(), re.S | re.M)
        self.assertEqual(len(blocks), 1, "the README has one complete C example")
        source = self.path("crossfade.c")
        with open(source, "w") as f:
            f.write(blocks[0])
        flags = run("env", f"PKG_CONFIG_PATH={os.path.join(BUILD, 'lib', 'pkgconfig')}", "pkg-config",
                    "--cflags", "--libs", "segue", check=0).stdout.split()
        program = self.path("crossfade")
        run("cc", "-std=c99", "-Wall", "-Wextra", "-Werror", source, *flags,
            f"-Wl,-rpath,{os.path.join(BUILD, 'lib')}", "-o", program, check=0)
        run(program, self.a, self.a, self.path("mid.png"), check=0)
        # A crossfade of a picture with itself is that picture (within rounding).
        _, _, got = read_png(self.path("mid.png"))
        _, _, want = read_png(self.a)
        self.assertLessEqual(max(abs(g - w) for gp, wp in zip(got, want) for g, w in zip(gp, wp)), 1)
        failed = run(program, self.a, self.path("missing.png"), self.path("x.png"))
        self.assertEqual(failed.returncode, 1)
        self.assertIn("missing.png", failed.stderr)



class EffectTableTests(unittest.TestCase):
    def test_the_plugin_guide_tables_match_what_the_plugins_declare(self):
        with open(os.path.join(ROOT, "docs", "plugins.md"), encoding="utf-8") as f:
            text = f.read()
        start = text.index("<!-- effect tables:")
        start = text.index("\n", start) + 1
        end = text.index("<!-- end of effect tables -->")
        generated = subprocess.run(["python3", os.path.join(ROOT, "scripts", "effect-tables.py"), BUILD],
                                   check=True, capture_output=True, text=True).stdout.strip()
        self.assertEqual(text[start:end].strip(), generated,
                         "docs/plugins.md's effect tables are out of date: run scripts/effect-tables.py build")


if __name__ == "__main__":
    unittest.main()
