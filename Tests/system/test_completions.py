"""Shell completions: written from the commands' option tables, so every
option a command's --help lists is offered, with the values the CLI takes;
and run in real bash, zsh and fish to see what a user would get."""
import os
import re
import shutil
import subprocess
import unittest

from support import BUILD, SEGUE, run

SCRIPTS = {
    "bash": os.path.join(BUILD, "share", "bash-completion", "completions", "segue"),
    "zsh": os.path.join(BUILD, "share", "zsh", "site-functions", "_segue"),
    "fish": os.path.join(BUILD, "share", "fish", "vendor_completions.d", "segue.fish"),
}
# segue found on PATH, as an installed one is: its plugins must come along.
PATH = os.path.dirname(SEGUE) + os.pathsep + os.environ["PATH"]


def commands():
    """The commands `segue --help` lists."""
    text = run(SEGUE, "--help", check=0).stdout
    listing = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in listing.splitlines() if line.strip()]


def help_options(command):
    """Every option name the command's --help lists."""
    text = run(SEGUE, command, "--help", check=0).stdout
    section = text.split("Options:\n", 1)[1].split("\n\n", 1)[0]
    names = set()
    for line in section.splitlines():
        if re.match(r"^  -", line):
            names.update(re.findall(r"(?<![\w-])(--?[a-z][a-z0-9-]*)", line.split("  ")[1]))
    return names


class ScriptTests(unittest.TestCase):
    def test_the_installed_scripts_are_what_the_command_prints(self):
        for shell, path in SCRIPTS.items():
            with open(path) as f:
                self.assertEqual(f.read(), run(SEGUE, "completions", shell, check=0).stdout, shell)

    def test_every_option_of_every_command_is_offered_by_each_shell(self):
        with open(SCRIPTS["bash"]) as f:
            bash = f.read()
        with open(SCRIPTS["fish"]) as f:
            fish = f.read()
        with open(SCRIPTS["zsh"]) as f:
            zsh = f.read()
        listed = commands()
        self.assertIn("completions", listed)
        for command in listed:
            options = help_options(command)
            self.assertIn("--help", options)
            block = re.search(rf"^        {command}\)\n(.*?)\n(?=        [a-z]+\)\n|    esac)", bash, re.S | re.M).group(1)
            offered = re.search(r"_segue_words '([^']*)'", block.splitlines()[-1]).group(1).split()
            self.assertEqual(set(offered), options, f"bash, {command}")
            fish_names = set()
            for line in fish.splitlines():
                if f"__fish_seen_subcommand_from {command}'" in line:
                    fish_names.update("--" + n for n in re.findall(r" -l (\S+)", line))
                    fish_names.update("-" + n for n in re.findall(r" -s (\S+)", line))
            self.assertEqual(fish_names, options, f"fish, {command}")
            zsh_block = re.search(rf"^        {command}\) _arguments -s \\\n(.*?) ;;\n", zsh, re.S | re.M).group(1)
            zsh_names = set(re.findall(r"(?<![\w-])(--?[a-z][a-z0-9-]*)(?=[,}'\[])", zsh_block))
            self.assertEqual(zsh_names, options, f"zsh, {command}")

    def test_an_unknown_shell_is_refused(self):
        result = run(SEGUE, "completions", "tcsh")
        self.assertEqual(result.returncode, 2)
        self.assertIn("no completions for 'tcsh': bash, zsh or fish", result.stderr)
        self.assertEqual(run(SEGUE, "completions").returncode, 2)

    def test_list_names_prints_what_specs_and_describe_take(self):
        transitions = run(SEGUE, "list", "--names", "transitions", check=0).stdout.split()
        self.assertIn(".slide", transitions)
        self.assertIn(".explode", transitions)  # from a plugin
        self.assertTrue(all(name.startswith(".") for name in transitions))
        effects = run(SEGUE, "list", "--names", "effects", check=0).stdout.split()
        self.assertIn("explode", effects)
        self.assertNotIn("slide", effects)  # a composition, not an effect describe knows
        self.assertIn(".easeInOut", run(SEGUE, "list", "--names", "animations", check=0).stdout.split())
        result = run(SEGUE, "list", "--names", "colours")
        self.assertEqual(result.returncode, 2)
        self.assertIn("must be one of transitions, effects, animations, not 'colours'", result.stderr)


def completing(shell, program):
    return subprocess.run([shell, "-c", program], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PATH=PATH), cwd=os.path.dirname(SEGUE))


class BashTests(unittest.TestCase):
    def complete(self, *words):
        script = (f"source {SCRIPTS['bash']}; COMP_WORDS=(segue {' '.join(words)}); "
                  f"COMP_CWORD={len(words)}; _segue; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
        result = completing("bash", script)
        self.assertEqual(result.stderr, "")
        return result.stdout.split()

    def test_what_bash_offers(self):
        self.assertEqual(self.complete("seq"), ["sequence"])
        self.assertEqual(self.complete("sequence", "--tr"), ["--transition"])
        self.assertEqual(self.complete("render", "--transition", ".sli"), [".slide", ".slideAway", ".slidingDoor"])
        self.assertIn(".spring", self.complete("render", "--animation", ".sp"))
        self.assertEqual(self.complete("describe", "expl"), ["explode"])
        self.assertEqual(self.complete("sequence", "--blend", "p"), ["plusLighter"])
        self.assertEqual(self.complete("sequence", "--preset", "very"), ["veryfast", "veryslow"])
        self.assertEqual(self.complete("sample", "onboarding"), ["onboarding1", "onboarding2", "onboarding3"])
        self.assertEqual(self.complete("completions", ""), ["bash", "zsh", "fish"])
        self.assertEqual(self.complete("sequence", "seg"), ["segue"])  # a clip: a file in build/bin
        self.assertEqual(self.complete("frame", "--progress", ""), [])  # a number: nothing to offer
        self.assertIn("--json", self.complete("list", ""))


@unittest.skipUnless(shutil.which("fish"), "fish is not installed")
class FishTests(unittest.TestCase):
    def complete(self, line):
        result = completing("fish", f"source {SCRIPTS['fish']}; complete -C '{line}'")
        self.assertEqual(result.stderr, "")
        return [entry.split("\t")[0] for entry in result.stdout.splitlines()]

    def test_what_fish_offers(self):
        self.assertIn("sequence", self.complete("segue se"))
        self.assertEqual(self.complete("segue sequence --tr"), ["--transition"])
        self.assertEqual(self.complete("segue render --transition .sli"), [".slide", ".slideAway", ".slidingDoor"])
        self.assertEqual(self.complete("segue describe expl"), ["explode"])
        self.assertEqual(self.complete("segue sequence --blend "), ["normal", "plusLighter"])
        self.assertEqual(self.complete("segue completions "), ["bash", "fish", "zsh"])


@unittest.skipUnless(shutil.which("zsh"), "zsh is not installed")
class ZshTests(unittest.TestCase):
    def test_the_script_parses_and_dispatches(self):
        self.assertEqual(completing("zsh", f"zsh -n {SCRIPTS['zsh']}").returncode, 0)
        # The completion system's own functions stubbed to print what they are given.
        stubs = ("_arguments() { print -rl -- \"$@\" }; _describe() { print -rl -- ${(P)2} }; "
                 "compadd() { [[ $1 == -a ]] && print -rl -- ${(P)2} }; _files() { print _files }")
        script = (f"{stubs}; source {SCRIPTS['zsh']} 2>/dev/null; "
                  "words=(segue render --transition .sl); CURRENT=4; _segue")
        result = completing("zsh", script)
        self.assertIn("--transition[a SwiftUI transition, e.g. '.push(from\\: .trailing)']:SPEC:"
                      "_segue_names transitions", result.stdout)
        names = completing("zsh", f"{stubs}; source {SCRIPTS['zsh']} 2>/dev/null; "
                                  "_segue_program=segue; _segue_names transitions").stdout.split()
        self.assertIn(".explode", names)
        listed = completing("zsh", f"{stubs}; source {SCRIPTS['zsh']} 2>/dev/null; words=(segue); CURRENT=2; _segue")
        self.assertIn("sequence:join videos and pictures with transitions, sound crossfading along\\: a video, "
                      "YUV4MPEG2 or PNGs", listed.stdout)


if __name__ == "__main__":
    unittest.main()
