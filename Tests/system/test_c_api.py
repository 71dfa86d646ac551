"""The C examples, compiled with plain cc against build/, and the library's shape."""
import os
import re
import shutil
import unittest

from support import BUILD, EXAMPLES, Workspace, run, segue

LIBRARY = os.path.join(BUILD, "lib", "libsegue.so")


class ExampleTests(Workspace):
    def test_render_frame_matches_the_cli(self):
        spec = ".push(from: .trailing)"
        run(os.path.join(EXAMPLES, "render_frame"), self.a, self.b, spec, "0.3", self.path("c.png"), check=0)
        segue("frame", "--from", self.a, "--to", self.b, "--transition", spec, "--progress", "0.3",
              "-o", self.path("cli.png"), check=0)
        with open(self.path("c.png"), "rb") as c, open(self.path("cli.png"), "rb") as cli:
            self.assertEqual(c.read(), cli.read())

    def test_render_frame_reports_errors(self):
        result = run(os.path.join(EXAMPLES, "render_frame"), self.a, self.b, ".scale(sclae: 2)", "0.3",
                     self.path("c.png"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("spec: column 8: effect 'scale' has no parameter 'sclae'; did you mean 'scale'?", result.stderr)
        self.assertIn("(unknown parameter)", result.stderr)

    def test_render_sequence_into_a_padded_buffer_matches_the_cli(self):
        transition, animation = ".slide", ".spring(duration: 0.6, bounce: 0.3)"
        result = run(os.path.join(EXAMPLES, "render_sequence"), self.a, self.b, transition, animation, "8",
                     self.path("c"), check=0)
        lines = result.stdout.strip().split("\n")
        self.assertEqual(len(lines), 8)
        # The last frame is at the animation's end, exactly at progress 1.
        self.assertEqual(lines[-1].split("\t")[2], "1.000000")
        # The spring overshoots on the way.
        self.assertGreater(max(float(line.split("\t")[2]) for line in lines), 1.0)
        segue("render", "--from", self.a, "--to", self.b, "--transition", transition, "--animation", animation,
              "--frames", "8", "-o", self.path("cli%03d.png"), check=0)
        for i in range(8):
            self.assertSamePixels(self.path(f"c{i:03d}.png"), self.path(f"cli{i:03d}.png"))


class ContractTests(unittest.TestCase):
    def test_api_contract_program(self):
        result = run(os.path.join(BUILD, "tests", "api_contract"))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("all checks passed", result.stdout)


class LibraryTests(unittest.TestCase):
    def test_exports_only_segue_symbols(self):
        symbols = run("nm", "-D", "--defined-only", LIBRARY, check=0).stdout.split("\n")
        names = [line.split()[-1] for line in symbols if line.strip()]
        self.assertGreater(len(names), 40)
        self.assertEqual([n for n in names if not n.startswith("segue_")], [])

    @staticmethod
    def declared_functions():
        declared = set()
        for folder, _, files in os.walk(os.path.join(BUILD, "include")):
            for name in files:
                with open(os.path.join(folder, name)) as f:
                    # Macro bodies are not declarations: SEGUE_PLUGIN_DEFINE's functions are a plugin's own.
                    text = re.sub(r"(?m)^#\s*define(?:.*\\\n)*.*", "", f.read())
                    declared |= set(re.findall(r"\b(segue_[a-z0-9_]+)\s*\((?!\*)", text))
        return declared

    def test_every_declared_function_is_exported(self):
        exported = set(run("nm", "-D", "--defined-only", LIBRARY, check=0).stdout.split())
        self.assertEqual(sorted(self.declared_functions() - exported), [])

    def test_every_exported_function_is_declared(self):
        # The C shims linked in (writeback, interrupt cleanup, vector kernels)
        # stay private even when their names would match the export pattern.
        lines = run("nm", "-D", "--defined-only", LIBRARY, check=0).stdout.splitlines()
        exported = {line.split()[-1] for line in lines if line.split()[1:2] == ["T"]}
        self.assertEqual(sorted(exported - self.declared_functions()), [])

    def test_has_a_soname(self):
        self.assertIn("Library soname: [libsegue.so]", run("readelf", "-d", LIBRARY, check=0).stdout)

    def test_needs_no_swift_runtime(self):
        needed = run("readelf", "-d", LIBRARY, check=0).stdout
        libraries = re.findall(r"Shared library: \[(.+?)\]", needed)
        self.assertIn("libpixman-1.so.0", libraries)
        self.assertEqual([lib for lib in libraries if "swift" in lib.lower() or "dispatch" in lib.lower()
                          or "Foundation" in lib], [])
        self.assertNotIn("not found", run("ldd", LIBRARY, check=0).stdout)

    def test_pkg_config_file_works(self):
        pc = os.path.join(BUILD, "lib", "pkgconfig")
        env_flags = run("env", f"PKG_CONFIG_PATH={pc}", "pkg-config", "--cflags", "--libs", "segue", check=0).stdout
        self.assertIn(f"-I{os.path.join(BUILD, 'include')}", env_flags)
        self.assertIn("-lsegue", env_flags)

    @unittest.skipUnless(shutil.which("c++"), "no C++ compiler")
    def test_headers_compile_as_cpp(self):
        result = run("c++", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-x", "c++",
                     f"-I{os.path.join(BUILD, 'include')}", "-", stdin="#include <segue.h>\nint main() {}\n")
        self.assertEqual(result.returncode, 0, result.stderr)


if __name__ == "__main__":
    unittest.main()
