"""`segue demo`: a folder a browser opens, every file it references real and decodable."""
import os
import re
import shutil
import tempfile
import unittest

from pngio import read_png
from support import SEGUE, run, segue


def webp_info(path):
    """(canvas width, height, frame count, total duration in ms) from webpmux -info;
    a still image (all frames alike, merged into one) has no duration: None."""
    text = run("webpmux", "-info", path, check=0).stdout
    width, height = map(int, re.search(r"Canvas size: (\d+) x (\d+)", text).groups())
    count = re.search(r"Number of frames: (\d+)", text)
    if count is None:
        return width, height, 1, None
    frames = int(count.group(1))
    # The frame table's duration column (one row per frame).
    header = next(line for line in text.splitlines() if "duration" in line)
    column = header.split().index("duration")
    rows = [line.split() for line in text.splitlines() if re.match(r"\s*\d+:", line)]
    return width, height, frames, sum(int(row[column]) for row in rows)


@unittest.skipUnless(shutil.which("webpmux"), "webpmux (Debian's webp package) is needed; .ci/run installs it")
class DemoTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="segue-demo-")
        cls.out = os.path.join(cls.dir, "gallery")
        cls.result = run(SEGUE, "demo", "-o", cls.out, "--size", "160x90", "--fps", "8")
        with open(os.path.join(cls.out, "index.html")) as f:
            cls.html = f.read()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def test_it_succeeds_and_says_where_to_look(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertIn(f"open {self.out}/index.html", self.result.stdout)
        self.assertEqual(self.result.stderr, "", "no progress bar when standard error is not a terminal")

    def test_every_referenced_file_exists_and_nothing_else(self):
        referenced = set(re.findall(r'(?:src|href)="([^"#:]+)"', self.html))
        self.assertEqual(referenced, set(os.listdir(self.out)) - {"index.html"})

    def test_every_preview_is_an_animated_webp_of_the_right_size_and_length(self):
        previews = re.findall(r'<img class="preview" src="([^"]+)" width="(\d+)" height="(\d+)" data-frames="(\d+)"',
                              self.html)
        self.assertGreaterEqual(len(previews), 8)
        for name, width, height, frames in previews:
            with self.subTest(preview=name):
                w, h, stored, duration = webp_info(os.path.join(self.out, name))
                self.assertEqual((w, h), (int(width), int(height)))
                # libwebp merges identical consecutive frames, keeping their time.
                self.assertTrue(1 <= stored <= int(frames), (stored, frames))
                if duration is not None:
                    self.assertEqual(duration, (int(frames) - 1) * round(1000 / 8) + 800)
                else:
                    self.assertIn(name, ["identity.webp"], "only a transition that changes nothing is a still")
        # A first frame decodes to pixels.
        first = os.path.join(self.dir, "frame.webp")
        run("webpmux", "-get", "frame", "1", os.path.join(self.out, previews[0][0]), "-o", first, check=0)
        run("dwebp", first, "-o", os.path.join(self.dir, "frame.png"), check=0)
        self.assertGreater(len(read_png(os.path.join(self.dir, "frame.png"))[2]), 0)

    def test_every_contact_sheet_decodes_at_its_size(self):
        sheets = re.findall(r'href="([^"]+\.png)" data-width="(\d+)" data-height="(\d+)"', self.html)
        self.assertGreaterEqual(len(sheets), 8)
        for name, width, height in sheets:
            w, h, _ = read_png(os.path.join(self.out, name))
            self.assertEqual((w, h), (int(width), int(height)), name)

    def test_it_shows_every_builtin_and_the_articles_scenes(self):
        for spec in [".opacity", ".scale", ".move(edge: .trailing)", ".slide", ".push(from: .bottom)", ".identity",
                     ".offset(x: 120, y: -60)", ".scale(scale: 0.5, anchor: .bottom)",
                     ".asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity), removal: "
                     ".move(edge: .leading).combined(with: .opacity))",
                     ".clip", ".countUp(to: 120).combined(with: .scale)", ".slidingDoor",
                     ".asymmetric(insertion: .opacity, removal: .explode)", ".tiktok(", ".xfade(.circleopen)",
                     ".easeOutBounce(duration: 1.2)"]:
            self.assertIn(spec, self.html.replace("&quot;", '"'))
        # Parameters of the effects are listed.
        self.assertIn("<td>cornerRadius</td>", self.html)
        self.assertIn("<td>shift</td>", self.html)

    def test_no_staging_folder_is_left_behind(self):
        self.assertEqual([n for n in os.listdir(self.dir) if "partial" in n or ".old-" in n], [])


class DemoFailureTests(unittest.TestCase):
    def test_a_folder_that_cannot_be_made_leaves_nothing(self):
        with tempfile.TemporaryDirectory() as folder:
            blocker = os.path.join(folder, "file")
            open(blocker, "w").close()
            result = segue("demo", "-o", os.path.join(blocker, "gallery"), "--size", "32x18")
            self.assertEqual(result.returncode, 1, result.stderr)
            self.assertIn("file", result.stderr)
            self.assertEqual(os.listdir(folder), ["file"])

    def test_an_existing_gallery_is_replaced_whole(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "gallery")
            os.makedirs(out)
            open(os.path.join(out, "stale.txt"), "w").close()
            segue("demo", "-o", out, "--size", "32x18", "--fps", "4", check=0)
            self.assertNotIn("stale.txt", os.listdir(out))
            self.assertIn("index.html", os.listdir(out))
            self.assertEqual(os.listdir(folder), ["gallery"])


if __name__ == "__main__":
    unittest.main()
