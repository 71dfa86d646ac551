"""The two Python examples of docs/python.md, run as written; the README's one
example is the first of them."""
import re
import subprocess
import sys

import imageio_ffmpeg
import numpy as np
from PIL import Image

import segue

from conftest import REPO, picture


def examples():
    return re.findall(r"```python\n(.*?)```", (REPO / "docs" / "python.md").read_text(), re.S)


def test_the_readme_example_is_the_guide_s_first():
    section = (REPO / "README.md").read_text().split("## From Python", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"```python\n(.*?)```", section, re.S) == examples()[:1]


def test_the_five_line_example(tmp_path):
    code = examples()[0]
    assert len(code.strip().splitlines()) == 5
    a, b = picture(60, 80, 1), picture(60, 80, 2, translucent=True)
    Image.fromarray(a).save(tmp_path / "a.png")
    Image.fromarray(b).save(tmp_path / "b.png")
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True)
    written = np.asarray(Image.open(tmp_path / "mid.png"))
    assert np.array_equal(written, segue.Engine().render(".push(from: .trailing)", a, b, 0.5))


def test_the_moviepy_example(tmp_path):
    code = examples()[1]
    ffmpeg = imageio_ffmpeg.get_ffmpeg_exe()
    for name, source in (("intro", "testsrc2"), ("talk", "smptebars"), ("outro", "rgbtestsrc")):
        subprocess.run([ffmpeg, "-v", "error", "-f", "lavfi", "-i", f"{source}=size=160x90:rate=25:duration=2.5",
                        "-f", "lavfi", "-i", "sine=frequency=440:duration=2.5", "-c:v", "libx264", "-c:a", "aac",
                        "-pix_fmt", "yuv420p", "-shortest", str(tmp_path / f"{name}.mp4")], check=True)
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True, capture_output=True)
    probe = subprocess.run([ffmpeg, "-hide_banner", "-i", str(tmp_path / "final.mp4")], capture_output=True,
                           text=True).stderr
    duration = re.search(r"Duration: 00:00:(\d+\.\d+)", probe)
    assert duration and abs(float(duration.group(1)) - (3 * 2.5 - 2 * 0.8)) < 0.1, probe
    assert "Video: h264" in probe and "Audio:" in probe
