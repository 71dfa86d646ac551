"""The plugin ABI grows without breaking plugins: Tests/plugins/abi.c built
against the frozen 0.1.0 headers (Tests/abi/0.1), against today's headers,
and against today's with every struct padded as later headers would pad it,
all loaded by one host, draw the same bytes. A field added since 0.1.0
(segue_draw.filter) works from a plugin that knows it and is absent from one
that does not, and a struct_size no release had is refused with a message
naming the file, the struct and the sizes."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from pngio import read_png
from support import BUILD, ROOT, SEGUE, run

SOURCE = os.path.join(ROOT, "Tests", "plugins", "abi.c")
HEADERS = {"0.1": os.path.join(ROOT, "Tests", "abi", "0.1", "include"), "now": os.path.join(BUILD, "include")}
CC = os.environ.get("CC", "cc")
WIDTH, HEIGHT = 160, 120


def build(folder, name, headers, *defines):
    output = os.path.join(folder, name + ".so")
    run(CC, "-shared", "-fPIC", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{headers}",
        f'-DEFFECT_ID="test.{name}"', f'-DEFFECT_NAME="{name}"', *defines, SOURCE, "-o", output, check=0)
    return output


def sizes_of_segue_draw(folder, headers):
    """(sizeof(segue_draw), where `channels` ends) as C sees them with `headers`."""
    program = os.path.join(folder, "sizes.c")
    with open(program, "w") as f:
        f.write('#include <segue/plugin.h>\n#include <stddef.h>\n#include <stdio.h>\n'
                'int main(void) { printf("%zu %zu\\n", sizeof(segue_draw), '
                'offsetof(segue_draw, channels) + sizeof(const segue_color *)); return 0; }\n')
    run(CC, "-std=c99", f"-I{headers}", program, "-o", program + ".out", check=0)
    return tuple(int(n) for n in run(program + ".out", check=0).stdout.split())


class ABIGrowthTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="segue-abi-")
        cls.plugins = os.path.join(cls.dir, "plugins")
        os.mkdir(cls.plugins)
        build(cls.plugins, "abiPast", HEADERS["0.1"])
        build(cls.plugins, "abiNow", HEADERS["now"])
        build(cls.plugins, "abiFuture", HEADERS["now"], "-DFUTURE_LAYOUTS")
        cls.input = os.path.join(cls.dir, "in.png")
        run(SEGUE, "sample", "photo", "--size", f"{WIDTH}x{HEIGHT}", "-o", cls.input, check=0)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def frame(self, spec, plugins=None):
        out = os.path.join(self.dir, f"frame-{abs(hash(spec))}.png")
        env = dict(os.environ, SEGUE_PLUGIN_PATH=plugins or self.plugins)
        result = run_env(env, SEGUE, "frame", "--to", self.input, "--transition", spec, "--progress", "1",
                         "-o", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        return read_png(out)

    def test_the_three_builds_load(self):
        env = dict(os.environ, SEGUE_PLUGIN_PATH=self.plugins)
        report = json.loads(run_env(env, SEGUE, "plugins", "--json").stdout)
        mine = {os.path.basename(p["path"]): p for p in report["plugins"] if p["path"].startswith(self.plugins)}
        self.assertEqual(sorted(mine), ["abiFuture.so", "abiNow.so", "abiPast.so"])
        for name, plugin in mine.items():
            self.assertTrue(plugin["loaded"], f"{name}: {plugin}")

    def test_the_three_builds_draw_the_same_bytes(self):
        past = self.frame(".abiPast")
        self.assertEqual(self.frame(".abiNow"), past)
        self.assertEqual(self.frame(".abiFuture"), past)
        # Not trivially: the frame is not the input; it has the faded copy (alpha 0.8) and opaque parts.
        self.assertNotEqual(past, read_png(self.input))
        alphas = {pixel[3] for pixel in past[2]}
        self.assertIn(204, alphas)
        self.assertIn(255, alphas)

    def test_a_field_added_later_works_where_it_is_known(self):
        smooth = self.frame(".abiNow")
        for name in ("abiNow", "abiFuture"):
            sharp = self.frame(f".{name}(nearest: true)")
            self.assertNotEqual(sharp, smooth)
            # Away from the window, the dot and the text, the 2× copy repeats each pixel in a 2×2 block.
            pixels = sharp[2]
            for y in range(50, 90, 2):
                for x in range(70, 128, 2):
                    block = {pixels[(y + dy) * WIDTH + x + dx] for dy in (0, 1) for dx in (0, 1)}
                    self.assertEqual(len(block), 1, f"{name}: the block at ({x}, {y}) is {block}")
        # A plugin built before the field existed cannot ask for it: its draws stay smooth.
        self.assertEqual(self.frame(".abiPast(nearest: true)"), smooth)

    def test_a_size_no_release_had_is_refused_naming_the_file_and_the_sizes(self):
        folder = os.path.join(self.dir, "broken")
        os.makedirs(folder, exist_ok=True)
        plugin = build(folder, "abiBroken", HEADERS["now"], "-DDRAW_SIZE=60")
        now, _ = sizes_of_segue_draw(self.dir, HEADERS["now"])
        past, past_channels_end = sizes_of_segue_draw(self.dir, HEADERS["0.1"])
        self.assertEqual(past, past_channels_end, "0.1.0's segue_draw ended with `channels`")
        self.assertGreater(now, past)
        env = dict(os.environ, SEGUE_PLUGIN_PATH=folder)
        result = run_env(env, SEGUE, "frame", "--to", self.input, "--transition", ".abiBroken", "--progress", "1",
                         "-o", os.path.join(self.dir, "broken.png"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("the host refused a drawing", result.stderr)
        self.assertIn(plugin, result.stderr)
        self.assertIn(f"segue_draw.struct_size is 60; this Segue reads {past}, {now}", result.stderr)
        self.assertEqual(result.stderr.count("segue_draw.struct_size is 60"), 1, "said once, not per draw")
        self.assertFalse(os.path.exists(os.path.join(self.dir, "broken.png")))


def run_env(env, *args):
    """Runs a command with `env`; returns the CompletedProcess (text output)."""
    return subprocess.run(list(args), capture_output=True, text=True, timeout=300, env=env)


if __name__ == "__main__":
    unittest.main()
