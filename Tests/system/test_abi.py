"""The plugin ABI grows without breaking plugins: Tests/plugins/abi.c built
against the frozen 0.1.0 headers (Tests/abi/0.1), against today's headers,
and against today's with every struct padded as later headers would pad it,
all loaded by one host, draw the same bytes. A field added since 0.1.0
(segue_draw.filter) works from a plugin that knows it and is absent from one
that does not, and a struct_size no release had is refused with a message
naming the file, the struct and the sizes."""
import json
import os
import re
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


# A C caller of segue_engine_effect_param: prints `flags removal` of every
# parameter of the shift effect (plugins/distortions), whose `amount` has a
# removal value since 0.2.0.
EFFECT_PARAM_CALLER = r"""
#include <segue.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    segue_engine *engine = NULL;
    segue_engine_options options = { .struct_size = sizeof options, .threads = 1, .plugin_path = argv[1] };
    (void)argc;
    if (segue_engine_create(&options, &engine) != SEGUE_OK) return 1;
    for (size_t e = 0; e < segue_engine_effect_count(engine); e++) {
        segue_effect_info info = { .struct_size = sizeof info };
        if (segue_engine_effect(engine, e, &info) != SEGUE_OK || strcmp(info.name, "shift")) continue;
        for (uint32_t p = 0; p < info.param_count; p++) {
            segue_param_desc param;
            memset(&param, 0xEE, sizeof param);
            param.struct_size = sizeof param;
            if (segue_engine_effect_param(engine, e, p, &param) != SEGUE_OK) return 1;
#ifdef SEGUE_PARAM_HAS_REMOVAL
            printf("%s %u %g\n", param.name, param.flags, (param.flags & SEGUE_PARAM_HAS_REMOVAL) ? param.removal.number : 0);
#else
            printf("%s %u\n", param.name, param.flags);
#endif
        }
    }
    segue_engine_unref(engine);
    return 0;
}
"""


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

    def test_effect_param_gives_a_0_1_caller_no_removal_and_a_0_2_caller_its_value(self):
        source = os.path.join(self.dir, "effect_param.c")
        with open(source, "w") as f:
            f.write(EFFECT_PARAM_CALLER)
        shipped = os.path.join(BUILD, "lib", "segue", "plugins")
        lines = {}
        for release, headers in HEADERS.items():
            program = os.path.join(self.dir, f"effect_param_{release}")
            run(CC, "-std=c99", "-Wall", "-Wextra", "-Werror", f"-I{headers}", source, f"-L{BUILD}/lib", "-lsegue",
                f"-Wl,-rpath,{BUILD}/lib", "-o", program, check=0)
            lines[release] = run(program, shipped, check=0).stdout.split("\n")
        amount_now = next(line for line in lines["now"] if line.startswith("amount "))
        amount_past = next(line for line in lines["0.1"] if line.startswith("amount "))
        # 0x1 animatable, 0x4 has-removal; the 0.1.0 caller knows only 0x1 and 0x2.
        self.assertEqual(amount_now, "amount 5 -1")
        self.assertEqual(amount_past, "amount 1")


class ReleaseNotesTests(unittest.TestCase):
    """plugin.h's growth notes against the frozen 0.1.0 header: what they say a later release added, 0.1.0
    did not have and today's header has, and the function they show as one to check for is among them."""

    def test_what_later_releases_added_is_absent_from_0_1_and_present_now(self):
        def header(root):
            with open(os.path.join(root, "segue", "plugin.h"), encoding="utf-8") as f:
                return f.read()

        def members(text, struct):
            """The member names of `struct` (segue_host's functions included) in a header's text."""
            body = re.search(rf"typedef struct {struct} {{(.*?)\n}} {struct};", text, re.S)[1]
            body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
            return set(re.findall(r"\(\*(\w+)\)", body)) | set(re.findall(r"(\w+)(?:\[\w*\])?\s*[;,]", body))
        now, past = header(os.path.join(ROOT, "include")), header(HEADERS["0.1"])
        notes = " ".join(line.strip(" *") for line in now[:now.index("#ifndef")].splitlines())
        later = notes[notes.index("0.1.0, the first;"):notes.index("A plugin built against")]
        added = [name if "." in name else f"segue_host.{name}"
                 for name in re.findall(r"(segue_\w+\.\w+|canvas_\w+)", later)]
        self.assertGreaterEqual(len(added), 6, later)
        for name in added:
            with self.subTest(name=name):
                struct, field = name.split(".")
                self.assertNotIn(field, members(past, struct), "0.1.0 did not have it")
                self.assertIn(field, members(now, struct))
        example = re.search(r"one added after the first release \(see (\w+)\)", notes)[1]
        self.assertIn(f"segue_host.{example}", added, "the example of a function to check for came later")


def run_env(env, *args):
    """Runs a command with `env`; returns the CompletedProcess (text output)."""
    return subprocess.run(list(args), capture_output=True, text=True, timeout=300, env=env)


if __name__ == "__main__":
    unittest.main()
