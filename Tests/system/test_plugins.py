"""Plugin discovery and loading, against the built tree.

Plugins are compiled here, in temporary folders, with plain cc against
build/include: the C template plugin examples/plugin/iris.c with the one-line
command its header documents, and test plugins from Tests/plugins/testplugin.c
(valid by default, broken in exactly one way with -DBREAK_<KIND>).
Tests/c/plugin_host.c, a C host using the plugin API, is compiled here too,
as the Makefile compiles the C tests.
"""
import json
import math
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from pngio import photo, read_png, write_png
from support import BUILD, ROOT, SEGUE, run

INCLUDE = os.path.join(BUILD, "include")
LIB = os.path.join(BUILD, "lib")
PKG_CONFIG_PATH = os.path.join(LIB, "pkgconfig")
TEST_PLUGIN = os.path.join(ROOT, "Tests", "plugins", "testplugin.c")
IRIS_SOURCE = os.path.join(ROOT, "examples", "plugin", "iris.c")
RIPPLE_SOURCE = os.path.join(ROOT, "examples", "plugin", "ripple.c")
PLUGIN_HOST = os.path.join(ROOT, "Tests", "c", "plugin_host.c")
CC = os.environ.get("CC", "cc")
INSTALLED_PLUGINS = os.path.join(BUILD, "lib", "segue", "plugins")

MALFORMED = "has a malformed descriptor: "

# Each broken kind: -DBREAK_<KIND> of testplugin.c, and the reason the host
# must give (a fragment of it; {path} is the file). The file's effect is
# test.<kind>, spec name <kind>.
BROKEN_BUILDS = {
    "abi_newer": "was built for plugin ABI 2, newer than this Segue's 1",
    "abi_zero": "declares plugin ABI 0; this Segue speaks 1",
    "no_entry": "exports no 'segue_plugin_entry' symbol",
    "hidden_entry": "exports no 'segue_plugin_entry' symbol",
    "undefined_symbol": "cannot be loaded: {path}: undefined symbol: segue_test_function_that_does_not_exist",
    "entry_size": MALFORMED + "segue_plugin_entry: segue_plugin.struct_size is 8; this Segue reads ",
    "effect_size": MALFORMED + "effect 0: segue_effect_desc.struct_size is ",
    "param_size": MALFORMED + "effect 'test.param_size', parameter 0: segue_param_desc.struct_size is ",
    "null_name": MALFORMED + "the name of effect 'test.null_name' is NULL",
    "name_not_identifier": MALFORMED + "effect name 'sliding-door' of 'test.name_not_identifier' must be an identifier",
    "id_without_vendor": MALFORMED + "effect id 'clip' must look like 'vendor.name'",
    "unknown_kind": MALFORMED + "effect 'test.unknown_kind', parameter 'amount' has unknown kind 99",
    "unknown_flags": MALFORMED + "effect 'test.unknown_flags', parameter 'amount' has unknown flags 0x43",
    "range_inverted": MALFORMED + "effect 'test.range_inverted', parameter 'amount': range 1.0…0.0 is not finite and ordered",
    "range_nan": MALFORMED + "effect 'test.range_nan', parameter 'amount': range nan…1.0 is not finite and ordered",
    "enum_no_cases": MALFORMED + "effect 'test.enum_no_cases', parameter 'style' is an enum with 0 cases",
    "default_wrong_kind": MALFORMED + "the active value of effect 'test.default_wrong_kind', parameter 'amount' "
                                      "has kind 5, but the parameter is a number",
    "default_out_of_range": MALFORMED + "effect 'test.default_out_of_range', parameter 'amount': "
                                        "default active value 2 of 'amount' is outside its range 0…1",
    "animatable_string": MALFORMED + "effect 'test.animatable_string', parameter 'label': "
                                     "parameter 'label' is a string, which cannot be animatable",
    "no_render": MALFORMED + "effect 'test.no_render' has no render function",
    "huge_count": MALFORMED + "effect_count() is 100000, more than 1024",
    "effect_null": MALFORMED + "effect(1) returned NULL",
    "duplicate_in_file": MALFORMED + "effects 'test.duplicate_in_file' and 'test.duplicate_in_file' share an id or name",
    "summary_not_utf8": MALFORMED + "the summary of effect 'test.summary_not_utf8' is not UTF-8",
    "init_fails": "init() failed with status 3 (input/output error)",
    "create_fails": "effect 'test.create_fails' in '{path}': create() failed with status 2 (out of memory)",
}

# Files that are not plugins at all, made by the tests, and their reasons.
NOT_PLUGINS = {
    "not_elf": "is not an ELF shared library",
    "empty": "is not an ELF shared library",
    "truncated": "cannot be loaded: {path}: ",
}

# The host must refuse these before calling anything in them (init() prints
# "testplugin init <name>" on standard error).
NEVER_CALLED = ["abi_newer", "abi_zero", "entry_size", "no_entry", "hidden_entry", "undefined_symbol"]


def build_test_plugin(path, *defines, visibility_hidden=False):
    """Compiles testplugin.c into `path` with -D`defines`."""
    flags = ["-fvisibility=hidden"] if visibility_hidden else []
    run(CC, "-shared", "-fPIC", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", *flags, f"-I{INCLUDE}",
        *(f"-D{d}" for d in defines), TEST_PLUGIN, "-o", path, check=0)
    return path


def build_named_plugin(path, effect_id, effect_name, plugin_name="Test plugin", *defines):
    return build_test_plugin(path, f'EFFECT_ID="{effect_id}"', f'EFFECT_NAME="{effect_name}"',
                             f'PLUGIN_NAME="{plugin_name}"', *defines)


def documented_command(source):
    """The one-line build command in a template plugin's header comment."""
    with open(source) as f:
        lines = [line.strip(" *\n") for line in f if line.strip(" *").startswith("cc -shared")]
    if len(lines) != 1:
        raise AssertionError(f"{source} documents {len(lines)} 'cc -shared' commands, expected one")
    return lines[0]


def build_template(source, folder):
    """Builds a template plugin in `folder` exactly as its header says, against build/; returns the .so."""
    name = os.path.basename(source)
    shutil.copy(source, os.path.join(folder, name))
    command = documented_command(source)
    result = run("sh", "-c", f"cd '{folder}' && export PKG_CONFIG_PATH='{PKG_CONFIG_PATH}' && {command}")
    if result.returncode != 0:
        raise AssertionError(f"the documented command failed: {command}\n{result.stderr}")
    os.remove(os.path.join(folder, name))
    return os.path.join(folder, name[:-2] + ".so")


def build_iris(folder):
    return build_template(IRIS_SOURCE, folder)


def build_plugin_host(folder):
    """Compiles Tests/c/plugin_host.c as the Makefile compiles C tests."""
    path = os.path.join(folder, "plugin_host")
    run(CC, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-pthread", f"-I{INCLUDE}", PLUGIN_HOST,
        f"-L{LIB}", "-lsegue", "-lm", f"-Wl,-rpath,{LIB}", "-o", path, check=0)
    return path


def environment(plugin_path=None):
    env = dict(os.environ)
    env.pop("SEGUE_PLUGIN_PATH", None)
    env.pop("SEGUE_DEBUG", None)
    if plugin_path is not None:
        env["SEGUE_PLUGIN_PATH"] = plugin_path
    return env


def segue_with(plugin_path, *args):
    """Runs segue with SEGUE_PLUGIN_PATH set (None: unset)."""
    return subprocess.run([SEGUE, *args], capture_output=True, text=True,
                          timeout=300, env=environment(plugin_path))


def run_with(plugin_path, *args):
    """Runs a program with SEGUE_PLUGIN_PATH set (None: unset)."""
    return subprocess.run(list(args), capture_output=True, text=True, timeout=300, env=environment(plugin_path))


def plugins_json(plugin_path, *args):
    result = segue_with(plugin_path, "plugins", "--json", *args)
    if result.returncode != 0:
        raise AssertionError(f"segue plugins --json exited {result.returncode}: {result.stderr}")
    return json.loads(result.stdout)


def report_for(listing, path):
    matches = [p for p in listing["plugins"] if p["path"] == path]
    if len(matches) != 1:
        raise AssertionError(f"{path} is listed {len(matches)} times in {json.dumps(listing, indent=1)}")
    return matches[0]


class TempFolder(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="segue-plugins-")
        # A cleanup, not tearDown: it also runs when a subclass's setUp fails.
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        self.picture = os.path.join(self.dir, "a.png")
        write_png(self.picture, 60, 40, photo(60, 40, 0))

    def folder(self, name):
        path = os.path.join(self.dir, name)
        os.makedirs(path, exist_ok=True)
        return path

    def frame(self, plugin_path, spec, progress, *extra):
        """Renders one frame of `spec` with a.png inserted; returns (result, pixels or None)."""
        out = os.path.join(self.dir, "out.png")
        if os.path.exists(out):
            os.remove(out)
        result = segue_with(plugin_path, "frame", "--to", self.picture, "--transition", spec,
                            "--progress", str(progress), "-o", out, *extra)
        return result, (read_png(out) if result.returncode == 0 else None)

    def assertRenders(self, plugin_path, spec):
        """`spec` at progress 1 leaves the picture exactly as it is."""
        result, image = self.frame(plugin_path, spec, 1)
        self.assertEqual(result.returncode, 0, f"{spec}: {result.stderr}")
        self.assertEqual(image, read_png(self.picture), f"{spec} at progress 1 changed the picture")


class BrokenPluginTests(TempFolder):
    """A folder of broken plugin files next to a good one."""

    @classmethod
    def setUpClass(cls):
        cls.shared = tempfile.mkdtemp(prefix="segue-broken-plugins-")
        try:
            cls.build_files()
        except BaseException:
            shutil.rmtree(cls.shared, ignore_errors=True)
            raise

    @classmethod
    def build_files(cls):
        cls.plugins = os.path.join(cls.shared, "plugins")
        os.makedirs(cls.plugins)
        cls.good = build_test_plugin(os.path.join(cls.plugins, "good.so"))
        cls.files = {}
        for kind in BROKEN_BUILDS:
            path = os.path.join(cls.plugins, f"{kind}.so")
            build_test_plugin(path, f"BREAK_{kind.upper()}", f'EFFECT_ID="test.{kind}"', f'EFFECT_NAME="{kind}"',
                              f'PLUGIN_NAME="{kind}"', visibility_hidden=kind == "hidden_entry")
            cls.files[kind] = path
        with open(os.path.join(cls.plugins, "not_elf.so"), "w") as f:
            f.write("this is a text file, not a plugin\n")
        open(os.path.join(cls.plugins, "empty.so"), "wb").close()
        with open(cls.good, "rb") as f:
            head = f.read(200)
        with open(os.path.join(cls.plugins, "truncated.so"), "wb") as f:
            f.write(head)
        for kind in NOT_PLUGINS:
            cls.files[kind] = os.path.join(cls.plugins, f"{kind}.so")
        # A plugin whose render() fails, kept apart: it loads fine.
        cls.failing_folder = os.path.join(cls.shared, "failing")
        os.makedirs(cls.failing_folder)
        cls.failing = build_test_plugin(os.path.join(cls.failing_folder, "render_fails.so"), "BREAK_RENDER_FAILS",
                                        'EFFECT_ID="test.render_fails"', 'EFFECT_NAME="renderFails"')
        cls.listing_result = segue_with(cls.plugins, "plugins", "--json")
        cls.text_result = segue_with(cls.plugins, "plugins")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.shared, ignore_errors=True)

    @staticmethod
    def expected(kind, path):
        return {**BROKEN_BUILDS, **NOT_PLUGINS}[kind].format(path=path)

    def listing(self):
        self.assertEqual(self.listing_result.returncode, 0, self.listing_result.stderr)
        return json.loads(self.listing_result.stdout)

    def test_each_broken_file_is_rejected_with_its_reason(self):
        listing = self.listing()
        for kind, path in sorted(self.files.items()):
            with self.subTest(kind=kind):
                report = report_for(listing, path)
                self.assertFalse(report["loaded"])
                self.assertEqual(report["effects"], [])
                self.assertIn(self.expected(kind, path), report["reason"])
                # One "malformed descriptor" prefix, not one per level of checking.
                self.assertLessEqual(report["reason"].count(MALFORMED), 1, report["reason"])

    def test_rejections_before_the_entry_is_read_have_no_name(self):
        listing = self.listing()
        for kind in ["not_elf", "empty", "truncated", "no_entry", "abi_newer", "undefined_symbol"]:
            with self.subTest(kind=kind):
                report = report_for(listing, self.files[kind])
                self.assertIsNone(report["name"])
                self.assertIsNone(report["version"])

    def test_the_text_listing_names_each_file_and_its_reason(self):
        self.assertEqual(self.text_result.returncode, 0, self.text_result.stderr)
        rejected = self.text_result.stdout.split("\nRejected:\n", 1)[1]
        for kind, path in sorted(self.files.items()):
            with self.subTest(kind=kind):
                match = re.search(rf"^  {re.escape(path)}\n      (.*)$", rejected, re.MULTILINE)
                self.assertIsNotNone(match, f"{path} not under Rejected:\n{rejected}")
                self.assertIn(self.expected(kind, path), match.group(1))

    def test_the_good_plugin_beside_them_loads(self):
        listing = self.listing()
        self.assertEqual(listing["folders"][0], self.plugins)
        report = report_for(listing, self.good)
        self.assertEqual(report, {"path": self.good, "loaded": True, "name": "Test plugin", "version": "0.0.1",
                                  "effects": ["test.fade"], "reason": None})
        loaded = [p["path"] for p in listing["plugins"] if p["loaded"] and p["path"].startswith(self.plugins)]
        self.assertEqual(loaded, [self.good])

    def test_the_engine_still_renders_plugin_and_builtin_transitions(self):
        self.assertRenders(self.plugins, ".testFade")
        result, image = self.frame(self.plugins, ".testFade", 0)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(all(p[3] == 0 for p in image[2]), "testFade at 0 is transparent")
        result, image = self.frame(self.plugins, ".testFade(from: 0.5)", 0)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(all(126 <= p[3] <= 129 for p in image[2]), f"half opacity: {image[2][0]}")
        for spec in [".opacity", ".move(edge: .leading)", ".scale.combined(with: .opacity)", ".slide"]:
            with self.subTest(spec=spec):
                self.assertRenders(self.plugins, spec)

    def test_loaded_plugins_are_deinitialised_once_at_exit(self):
        stderr = segue_with(self.plugins, "plugins").stderr
        self.assertEqual(stderr.count("testplugin deinit Test plugin\n"), 1, stderr)
        self.assertLess(stderr.index("testplugin init Test plugin"), stderr.index("testplugin deinit Test plugin"))

    def test_refused_files_are_never_called(self):
        stderr = self.listing_result.stderr
        self.assertIn("testplugin init Test plugin\n", stderr)
        for kind in NEVER_CALLED:
            with self.subTest(kind=kind):
                self.assertNotIn(f"testplugin init {kind}\n", stderr)

    def test_plugin_log_messages_name_the_file(self):
        self.assertIn(f"segue: plugin '{self.files['init_fails']}': warning: testplugin refuses to start",
                      self.listing_result.stderr)

    def test_rejected_effects_are_unknown_in_specs(self):
        for kind in ["abi_newer", "init_fails", "create_fails", "no_render", "effect_null", "duplicate_in_file",
                     "default_out_of_range"]:
            with self.subTest(kind=kind):
                result, _ = self.frame(self.plugins, f".{kind}", 0.5)
                self.assertEqual(result.returncode, 2, result.stderr)
                self.assertIn(f"unknown effect '{kind}'", result.stderr)
                self.assertRegex(result.stderr, r"\d+ plugin files were rejected; 'segue plugins' says why")

    def test_the_c_api_names_each_refused_file(self):
        folder = self.folder("iris")
        build_iris(folder)
        host = build_plugin_host(self.dir)
        kinds = sorted(self.files)
        result = run_with(None, host, folder, *(self.files[k] for k in kinds))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("all checks passed", result.stdout)
        messages = re.findall(r"^load error: (.*)$", result.stdout, re.MULTILINE)
        self.assertEqual(len(messages), len(kinds))
        for kind, message in zip(kinds, messages):
            with self.subTest(kind=kind):
                path = self.files[kind]
                self.assertTrue(message.startswith(f"plugin '{path}' "), message)
                self.assertIn(self.expected(kind, path), message)

    def test_a_failing_render_fails_the_frame_with_the_plugins_message(self):
        result, _ = self.frame(self.failing_folder, ".renderFails", 0.5)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(f"segue frame: effect 'renderFails' ({self.failing}): "
                      "the test plugin's flux capacitor is empty", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "out.png")), "no output written")
        self.assertRenders(self.failing_folder, ".opacity")

    def test_a_failing_render_leaves_the_engine_working(self):
        folder = self.folder("iris")
        build_iris(folder)
        host = build_plugin_host(self.dir)
        result = run_with(None, host, folder, "--fail", self.failing, ".renderFails", self.files["not_elf"])
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("all checks passed", result.stdout)
        self.assertIn(f"render error: effect 'renderFails' ({self.failing}): the test plugin's flux capacitor is empty",
                      result.stdout)


class ShippedPluginTests(unittest.TestCase):
    def test_no_plugin_links_libsegue(self):
        """plugin.h: "Plugins never link libsegue.so": everything they call on the host comes through the
        host table. No shipped plugin names it (or any Swift runtime) among the libraries it needs."""
        folder = os.path.join(BUILD, "lib", "segue", "plugins")
        plugins = sorted(name for name in os.listdir(folder) if name.endswith(".so"))
        self.assertIn("xfade.so", plugins)
        self.assertIn("distortions.so", plugins)
        for name in plugins:
            dynamic = run("readelf", "-d", os.path.join(folder, name), check=0).stdout
            needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]", dynamic)
            self.assertTrue(needed, name)
            self.assertFalse([library for library in needed if "segue" in library or "swift" in library],
                             f"{name} needs {needed}")


class ClashAndOrderTests(TempFolder):
    def test_a_duplicate_id_in_a_later_file_is_rejected_naming_the_earlier(self):
        folder = self.folder("p")
        first = build_named_plugin(os.path.join(folder, "a_first.so"), "test.same", "sameName", "first")
        second = build_named_plugin(os.path.join(folder, "b_second.so"), "test.same", "otherName", "second")
        third = build_named_plugin(os.path.join(folder, "c_third.so"), "test.third", "sameName", "third")
        listing = plugins_json(folder)
        self.assertTrue(report_for(listing, first)["loaded"])
        for later, name in [(second, "otherName"), (third, "sameName")]:
            report = report_for(listing, later)
            self.assertFalse(report["loaded"])
            self.assertEqual(report["effects"], [])
            self.assertIn(f"which clashes with 'test.same' (.sameName) from '{first}'", report["reason"])
        # The rejected file's other name is not usable; the winner's is.
        result, _ = self.frame(folder, ".otherName", 0.5)
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown effect 'otherName'", result.stderr)
        self.assertRenders(folder, ".sameName")

    def test_a_plugin_cannot_take_a_builtin_name_or_id(self):
        folder = self.folder("p")
        named = build_named_plugin(os.path.join(folder, "named.so"), "test.opacity", "opacity")
        same_id = build_named_plugin(os.path.join(folder, "same_id.so"), "segue.scale", "myScale")
        reserved = build_named_plugin(os.path.join(folder, "reserved.so"), "test.slide", "slide")
        listing = plugins_json(folder)
        self.assertIn("provides 'test.opacity' (.opacity), which clashes with 'segue.opacity' (.opacity) "
                      "from the built-ins", report_for(listing, named)["reason"])
        self.assertIn("provides 'segue.scale' (.myScale), which clashes with 'segue.scale' (.scale) "
                      "from the built-ins", report_for(listing, same_id)["reason"])
        self.assertIn("effect name 'slide' is reserved by the spec language", report_for(listing, reserved)["reason"])
        # .opacity is still the built-in: at 0.5 it is half transparent, all over.
        result, image = self.frame(folder, ".opacity", 0.5)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(all(126 <= p[3] <= 129 for p in image[2]))
        self.assertRenders(folder, ".slide")

    def order_folders(self):
        a, b = self.folder("A"), self.folder("B")
        in_a = build_named_plugin(os.path.join(a, "effect.so"), "test.order", "ordered", "from A")
        in_b = build_named_plugin(os.path.join(b, "effect.so"), "test.order", "ordered", "from B")
        return a, b, in_a, in_b

    def assertWinner(self, listing, winner, loser):
        self.assertTrue(report_for(listing, winner)["loaded"], listing)
        self.assertIn(f"from '{winner}'", report_for(listing, loser)["reason"])
        self.assertLess(listing["plugins"].index(report_for(listing, winner)),
                        listing["plugins"].index(report_for(listing, loser)))

    def test_earlier_folders_of_segue_plugin_path_win(self):
        a, b, in_a, in_b = self.order_folders()
        listing = plugins_json(f"{a}:{b}")
        self.assertEqual(listing["folders"][:2], [a, b])
        self.assertWinner(listing, in_a, in_b)
        listing = plugins_json(f"{b}:{a}")
        self.assertEqual(listing["folders"][:2], [b, a])
        self.assertWinner(listing, in_b, in_a)

    def test_the_options_plugin_path_comes_before_segue_plugin_path(self):
        a, b, in_a, in_b = self.order_folders()
        listing = plugins_json(a, "--plugin-path", b)
        self.assertEqual(listing["folders"][:2], [b, a])
        self.assertWinner(listing, in_b, in_a)

    def test_the_installation_folder_comes_last(self):
        a, b, _, _ = self.order_folders()
        listing = plugins_json(f"{a}:{b}")
        if os.path.isdir(INSTALLED_PLUGINS):
            self.assertEqual(listing["folders"], [a, b, os.path.realpath(INSTALLED_PLUGINS)])
        else:
            self.assertEqual(listing["folders"], [a, b])

    def test_only_so_files_are_tried(self):
        folder = self.folder("p")
        good = build_test_plugin(os.path.join(folder, "good.so"))
        for name in ["readme.txt", "good.so.1", "good.dylib", "good.SO", "good.so.bak", ".hidden.so", "so"]:
            shutil.copy(good, os.path.join(folder, name))
        os.makedirs(os.path.join(folder, "sub"))
        shutil.copy(good, os.path.join(folder, "sub", "nested.so"))
        listing = plugins_json(folder)
        tried = [p["path"] for p in listing["plugins"] if p["path"].startswith(self.dir)]
        self.assertEqual(tried, [good])

    def test_one_file_reached_by_two_paths_is_one_plugin(self):
        folder = self.folder("p")
        good = build_test_plugin(os.path.join(folder, "good.so"))
        os.symlink(good, os.path.join(self.folder("links"), "link.so"))
        listing = plugins_json(f"{folder}:{folder}/.:{self.dir}/links")
        ours = [p for p in listing["plugins"] if p["path"].startswith(self.dir)]
        self.assertEqual([p["loaded"] for p in ours], [True], ours)
        self.assertRenders(folder, ".testFade")

    def test_parameters_built_against_a_larger_future_struct_are_read_by_their_struct_size(self):
        folder = self.folder("p")
        build_test_plugin(os.path.join(folder, "future.so"), "FUTURE_PARAMS")
        self.assertTrue(report_for(plugins_json(folder), os.path.join(folder, "future.so"))["loaded"])
        result, image = self.frame(folder, '.testFade(style: .fancy, label: "later")', 1)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(image, read_png(self.picture))

    def test_a_folder_named_like_a_plugin_is_reported_as_a_folder(self):
        folder = self.folder("p")
        os.makedirs(os.path.join(folder, "dir.so"))
        report = report_for(plugins_json(folder), os.path.join(folder, "dir.so"))
        self.assertEqual(report["reason"], "is a folder, not a shared library")

    def test_files_in_a_folder_are_tried_in_name_order(self):
        folder = self.folder("p")
        paths = [build_named_plugin(os.path.join(folder, f"{n}.so"), f"test.{n}", n, n) for n in ["b2", "a1", "c3"]]
        listing = plugins_json(folder)
        tried = [p["path"] for p in listing["plugins"] if p["path"].startswith(folder)]
        self.assertEqual(tried, sorted(paths))

    def test_missing_and_empty_folders_are_harmless(self):
        a, _, in_a, _ = self.order_folders()
        listing = plugins_json(f"::{self.dir}/nonexistent:{a}:")
        self.assertEqual(listing["folders"][:2], [f"{self.dir}/nonexistent", a])
        self.assertTrue(report_for(listing, in_a)["loaded"])
        self.assertRenders(f"{self.dir}/nonexistent:{a}", ".ordered")

    def test_no_plugin_discovery_ignores_segue_plugin_path(self):
        iris = self.folder("iris")
        build_iris(iris)
        other = self.folder("other")
        build_test_plugin(os.path.join(other, "good.so"))
        broken = os.path.join(self.dir, "broken.so")
        with open(broken, "w") as f:
            f.write("not a plugin")
        host = build_plugin_host(self.dir)
        # plugin_host checks, with SEGUE_PLUGIN_PATH set, that an engine made
        # with SEGUE_ENGINE_NO_PLUGIN_DISCOVERY neither searches nor tries it,
        # and that one made without the flag searches it second.
        result = run_with(other, host, iris, broken)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("all checks passed", result.stdout)
        self.assertIn(f"load error: plugin '{broken}' is not an ELF shared library", result.stdout)


class TemplatePluginTests(TempFolder):
    """examples/plugin/iris.c, built with the command its header gives."""

    def setUp(self):
        super().setUp()
        self.plugins = self.folder("plugins")
        self.iris = build_iris(self.plugins)

    def test_the_documented_command_uses_pkg_config(self):
        command = documented_command(IRIS_SOURCE)
        self.assertIn("$(pkg-config --cflags segue)", command)
        self.assertTrue(command.endswith("-o iris.so"), command)

    def test_it_needs_nothing_but_libc_and_libm(self):
        needed = re.findall(r"Shared library: \[(.+?)\]", run("readelf", "-d", self.iris, check=0).stdout)
        self.assertEqual([n for n in needed if not re.match(r"lib(c|m)\.so", n)], [])
        exported = run("nm", "-D", "--defined-only", self.iris, check=0).stdout.split()
        self.assertIn("segue_plugin_entry", exported)
        self.assertNotIn("iris_render", exported)

    def test_segue_plugins_lists_it_loaded(self):
        result = segue_with(self.plugins, "plugins")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(f"Folders searched:\n  {self.plugins}\n", result.stdout)
        loaded = result.stdout.split("\nLoaded:\n", 1)[1].split("\nRejected:\n", 1)[0]
        self.assertIn(f"  {self.iris}  Iris (template) 1.0.0\n      effects: example.iris", loaded)

    def test_segue_plugins_json(self):
        listing = plugins_json(self.plugins)
        self.assertEqual(sorted(listing), ["folders", "plugins"])
        self.assertEqual(listing["folders"][0], self.plugins)
        self.assertEqual(report_for(listing, self.iris), {
            "path": self.iris, "loaded": True, "name": "Iris (template)", "version": "1.0.0",
            "effects": ["example.iris"], "reason": None})
        for report in listing["plugins"]:
            self.assertEqual(sorted(report), ["effects", "loaded", "name", "path", "reason", "version"])

    def test_at_progress_1_the_picture_is_unchanged(self):
        self.assertRenders(self.plugins, ".iris")

    def test_at_progress_0_nothing_shows(self):
        result, (_, _, pixels) = self.frame(self.plugins, ".iris", 0)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(all(p[3] == 0 for p in pixels))

    def test_half_way_the_corners_are_clear_and_the_centre_is_the_picture(self):
        result, (width, height, pixels) = self.frame(self.plugins, ".iris", 0.5)
        self.assertEqual(result.returncode, 0, result.stderr)
        _, _, original = read_png(self.picture)
        for x, y in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]:
            self.assertEqual(pixels[y * width + x][3], 0, f"corner ({x}, {y})")
        for x, y in [(width // 2, height // 2), (width // 2 - 5, height // 2 + 3)]:
            self.assertEqual(pixels[y * width + x], original[y * width + x], f"centre ({x}, {y})")

    def test_its_parameters_work_in_specs(self):
        result, (width, height, pixels) = self.frame(
            self.plugins, ".modifier(active: .iris(progress: 0.3, center: .topLeading), identity: .iris)", 0)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(pixels[0][3], 255, "opens from the top-left corner")
        self.assertEqual(pixels[-1][3], 0, "the far corner is still closed")

    def test_an_unknown_parameter_lists_the_real_ones(self):
        result, _ = self.frame(self.plugins, ".iris(radius: 2)", 0.5)
        self.assertEqual(result.returncode, 2)
        self.assertIn("effect 'iris' has no parameter 'radius'", result.stderr)
        self.assertIn("Its parameters: progress, center", result.stderr)

    def test_a_misspelt_effect_suggests_it(self):
        result, _ = self.frame(self.plugins, ".iirs", 0.5)
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown effect 'iirs'; did you mean 'iris'", result.stderr)

    def test_without_the_folder_iris_is_unknown(self):
        result, _ = self.frame(None, ".iris", 0.5)
        if result.returncode == 0:
            self.skipTest("an installed plugin provides .iris")
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown effect 'iris'", result.stderr)

    def test_a_c_host_uses_it(self):
        host = build_plugin_host(self.dir)
        broken = os.path.join(self.dir, "broken.so")
        with open(broken, "w") as f:
            f.write("not a plugin")
        result = run_with(None, host, self.plugins, broken)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("all checks passed", result.stdout)


@unittest.skipUnless(os.path.exists(os.path.join(BUILD, "tests", "plugin_host")), "make system-test builds it")
class MakefileBuiltHostTests(TempFolder):
    def test_the_makefile_built_plugin_host(self):
        folder = self.folder("iris")
        build_iris(folder)
        broken = os.path.join(self.dir, "broken.so")
        open(broken, "wb").close()
        result = run_with(None, os.path.join(BUILD, "tests", "plugin_host"), folder, broken)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("all checks passed", result.stdout)


class RippleTemplateTests(TempFolder):
    """examples/plugin/ripple.c, the per-pixel template: canvas_draw_distorted()
    from C, built with the command its header gives."""

    def setUp(self):
        super().setUp()
        self.plugins = self.folder("plugins")
        self.ripple = build_template(RIPPLE_SOURCE, self.plugins)

    def test_it_builds_alone_and_loads(self):
        command = documented_command(RIPPLE_SOURCE)
        self.assertIn("$(pkg-config --cflags segue)", command)
        needed = re.findall(r"Shared library: \[(.+?)\]", run("readelf", "-d", self.ripple, check=0).stdout)
        self.assertEqual([n for n in needed if not re.match(r"lib(c|m)\.so", n)], [])
        listing = plugins_json(self.plugins)
        self.assertEqual(report_for(listing, self.ripple)["effects"], ["example.ripple"])

    def test_calm_water_is_the_picture_exactly(self):
        self.assertRenders(self.plugins, ".ripple")

    def test_the_rings_read_where_its_formula_says(self):
        # One opaque colour: a pixel whose source has all four neighbours inside shows exactly
        # it; one reading beyond the picture is clear. Amplitude 24, wavelength 48, on 60 × 40.
        solid = os.path.join(self.dir, "solid.png")
        colour = (30, 160, 220, 255)
        write_png(solid, 60, 40, [colour] * 2400)
        out = os.path.join(self.dir, "ripple.png")
        result = segue_with(self.plugins, "frame", "--to", solid, "--transition", ".ripple", "--progress", "0",
                            "-o", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        _, _, pixels = read_png(out)
        counts = [0, 0]
        for y in range(40):
            for x in range(60):
                px, py = x + 0.5, y + 0.5
                dx, dy = px - 30, py - 20
                r = math.hypot(dx, dy)
                push = 24 * math.sin(2 * math.pi / 48 * r) / r if r > 0 else 0
                rx, ry = px + dx * push - 0.5, py + dy * push - 0.5
                if 1e-6 < rx < 59 - 1e-6 and 1e-6 < ry < 39 - 1e-6:
                    self.assertEqual(pixels[y * 60 + x], colour, f"({x}, {y}) reads inside")
                    counts[0] += 1
                elif rx < -1 - 1e-6 or ry < -1 - 1e-6 or rx > 60 + 1e-6 or ry > 40 + 1e-6:
                    self.assertEqual(pixels[y * 60 + x], (0, 0, 0, 0), f"({x}, {y}) reads beyond")
                    counts[1] += 1
        self.assertGreater(counts[0], 1000)
        self.assertGreater(counts[1], 100)


if __name__ == "__main__":
    unittest.main()
