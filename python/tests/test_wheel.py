"""The manylinux wheel `make wheel` writes, installed from a temporary folder
into a fresh virtual environment, used with nothing of the build tree within
reach: no SEGUE_LIBRARY, no build/ on any path, run from elsewhere."""
import json
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import BUILD, REPO

WHEELHOUSE = BUILD / "wheelhouse"


def wheel_path():
    wheels = sorted(WHEELHOUSE.glob("segue-*.whl"))
    assert len(wheels) == 1, f"one wheel in {WHEELHOUSE}, found {wheels} (make wheel writes it)"
    return wheels[0]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """(the environment's folder, an environment for its commands, a work folder) with the wheel installed."""
    root = tmp_path_factory.mktemp("wheel")
    copied = root / "from" / wheel_path().name
    copied.parent.mkdir()
    shutil.copy(wheel_path(), copied)
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", str(copied)],
                   check=True)
    env = {key: value for key, value in os.environ.items()
           if key not in ("SEGUE_LIBRARY", "SEGUE_BUILD", "SEGUE_PLUGIN_PATH", "LD_LIBRARY_PATH", "PYTHONPATH",
                          "PKG_CONFIG_PATH")}
    env["PATH"] = os.pathsep.join([str(venv / "bin"), "/usr/local/bin", "/usr/bin", "/bin"])
    work = root / "work"
    work.mkdir()
    return venv, env, work


def run(fresh, *args, extra=None):
    venv, env, work = fresh
    return subprocess.run(list(args), cwd=work, env=dict(env, **(extra or {})), capture_output=True, text=True,
                          timeout=600)


def test_the_wheel_is_tagged_manylinux_and_vendors_its_libraries():
    name = wheel_path().name
    assert name.startswith("segue-") and "-py3-none-manylinux_" in name and name.endswith("_x86_64.whl"), name
    files = zipfile.ZipFile(wheel_path()).namelist()
    for inside in ("segue/bin/segue", "segue/lib/libsegue.so", "segue/lib/segue/plugins/xfade.so",
                   "segue/lib/segue/plugins/explode.so", "segue/_cli.py"):
        assert inside in files
    vendored = {os.path.basename(f).split("-")[0] for f in files if f.startswith("segue.libs/")}
    assert {"libpixman", "libpng16", "libfreetype", "libfontconfig"} <= vendored, vendored
    # No FFmpeg inside: the tool opens the system's (see docs/python.md).
    assert not [f for f in files if "libav" in f]


def test_import_renders_a_frame_with_the_wheels_own_library(fresh):
    venv, _, work = fresh
    program = """
import json, numpy as np, segue
red = np.zeros((4, 6, 4), np.uint8); red[..., 0] = 255; red[..., 3] = 255
blue = np.zeros((4, 6, 4), np.uint8); blue[..., 2] = 255; blue[..., 3] = 255
frame = segue.Engine().render(".opacity", red, blue, 0.5, blend="plusLighter")
print(json.dumps({"library": segue.library_path, "pixel": frame[2, 3].tolist(), "shape": list(frame.shape)}))
"""
    result = run(fresh, str(venv / "bin" / "python"), "-c", program)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["library"].startswith(str(venv)), answer["library"]
    assert answer["shape"] == [4, 6, 4]
    # A true crossfade at 0.5: half of each, within rounding.
    assert all(abs(got - want) <= 1 for got, want in zip(answer["pixel"], [128, 0, 128, 255])), answer["pixel"]


def test_the_segue_command_joins_two_clips_to_mp4(fresh):
    venv, _, work = fresh
    ffmpeg = shutil.which("ffmpeg")
    assert ffmpeg, "the tests need ffmpeg to make clips"
    for name, colour in (("a.mp4", "red"), ("b.mp4", "blue")):
        subprocess.run([ffmpeg, "-v", "error", "-y", "-f", "lavfi", "-i", f"color={colour}:s=160x120:r=25:d=2",
                        "-pix_fmt", "yuv420p", str(work / name)], check=True)
    command = shutil.which("segue", path=str(venv / "bin"))
    assert command == str(venv / "bin" / "segue")
    result = run(fresh, "segue", "sequence", "a.mp4", "b.mp4", "--duration", "0.5", "-q", "-o", "joined.mp4")
    assert result.returncode == 0, result.stderr
    probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                            "stream=nb_read_frames,width,height", "-of", "json", str(work / "joined.mp4")],
                           capture_output=True, text=True, check=True)
    stream = json.loads(probe.stdout)["streams"][0]
    # 2 s + 2 s less the 0.5 s overlap, at 25 fps.
    assert (stream["width"], stream["height"], int(stream["nb_read_frames"])) == (160, 120, 88)
    plugins = run(fresh, "segue", "plugins")
    assert os.path.join(str(venv), "lib") in plugins.stdout and "explode.so" in plugins.stdout, plugins.stdout
    # The build tree is nowhere in what it loaded.
    assert str(BUILD) not in plugins.stdout


def test_plugins_on_segue_plugin_path_load_beside_the_wheels_library(fresh, tmp_path):
    venv, _, _ = fresh
    folder = tmp_path / "more"
    folder.mkdir()
    subprocess.run(["cc", "-shared", "-fPIC", "-std=c99", f"-I{REPO / 'include'}", str(REPO / "examples" / "plugin" /
                    "ripple.c"), "-lm", "-o", str(folder / "ripple.so")], check=True)
    listed = run(fresh, "segue", "list", "--names", "effects", extra={"SEGUE_PLUGIN_PATH": str(folder)})
    assert "ripple" in listed.stdout.split(), listed.stderr
    program = "import segue; print(sorted(e.name for e in segue.Engine().effects()))"
    result = run(fresh, str(venv / "bin" / "python"), "-c", program, extra={"SEGUE_PLUGIN_PATH": str(folder)})
    assert result.returncode == 0 and "'ripple'" in result.stdout, result.stderr
