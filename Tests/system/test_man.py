"""The man pages say what --help says: segue(1) and one page per command,
made by scripts/man-pages from each command's own --help, valid roff, with
every option and its description."""
import os
import re
import subprocess
import unittest

from support import BUILD, SEGUE, run

MAN = os.path.join(BUILD, "share", "man", "man1")


def rendered(page):
    """The page as man shows it, one long line per paragraph (no filling
    into narrow lines, no hyphenation), and groff's warnings."""
    result = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-rLL=2000n", "-rHY=0", "-P-cbou", page],
                            capture_output=True, text=True, check=True)
    return result.stdout, result.stderr


def words(text):
    return " ".join(text.split())


def commands():
    overview = run(SEGUE, "--help", check=0).stdout
    listed = overview.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in listed.splitlines() if line.startswith("  ")]


class ManPageTests(unittest.TestCase):
    def test_every_command_has_a_page_with_every_option_and_its_description(self):
        names = commands()
        self.assertIn("sequence", names)
        self.assertEqual(sorted(os.listdir(MAN)), sorted(["segue.1"] + [f"segue-{name}.1" for name in names]))
        for name in names:
            with self.subTest(command=name):
                page = os.path.join(MAN, f"segue-{name}.1")
                with open(page, encoding="utf-8") as f:
                    source = f.read()
                alias = re.fullmatch(r"\.so man1/(segue-\w+\.1)\n", source)
                if alias:  # slideshow: the same command as sequence
                    self.assertTrue(os.path.isfile(os.path.join(MAN, alias.group(1))))
                    continue
                text, warnings = rendered(page)
                self.assertEqual(warnings, "")
                help_text = run(SEGUE, name, "--help", check=0).stdout
                options = re.findall(r"(?m)^  (-\S+?)[, ]", help_text.split("Options:", 1)[1])
                self.assertEqual(options[-1], "-h")  # the section was found: its last entry is -h, --help
                for option in options:
                    self.assertIn(option, text)
                # Each option's description, and each paragraph of the description, word for word.
                for description in re.findall(r"(?m)^  -\S.*?\s{2,}(\S.*)$", help_text):
                    self.assertIn(words(description), words(text))
                first_paragraph = help_text.split("\n\n")[1]
                self.assertIn(words(first_paragraph), words(text))

    def test_the_overview_page_lists_the_commands_and_the_exit_status(self):
        text, warnings = rendered(os.path.join(MAN, "segue.1"))
        self.assertEqual(warnings, "")
        for name in commands():
            self.assertIn(f"segue-{name}(1)", text)
        self.assertIn("Exit status: 0 success, 1 failure", words(text))


if __name__ == "__main__":
    unittest.main()
