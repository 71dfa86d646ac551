"""The Debian packages `make deb` writes: lintian finds no error, and once
installed with apt-get (as root: CI's machine), everything works where
Debian's programs look, with no environment variable: pkg-config and the
headers, a C program linked against the installed library, the segue
command and its plugins, melt's frei0r mixers and MLT services. Purged, they
leave nothing behind."""
import glob
import json
import os
import shutil
import subprocess
import unittest

from support import BUILD, ROOT, Workspace, run, run_host

DEBS = sorted(glob.glob(os.path.join(BUILD, "deb", "*.deb")))
PACKAGES = ["libsegue", "libsegue-dev", "segue", "segue-frei0r", "segue-mlt"]
# A plain environment: nothing pointing into the build tree.
PLAIN = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8"}


def plain(*args, **kwargs):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=600, env=PLAIN, **kwargs)


def installed(package):
    status = plain("dpkg-query", "-W", "-f=${Status}", package)
    return status.returncode == 0 and status.stdout.endswith(" installed")


class PackageTests(unittest.TestCase):
    def test_the_packages_are_split_as_debian_splits_libraries_and_lintian_finds_no_error(self):
        self.assertEqual(sorted(os.path.basename(d).split("_")[0] for d in DEBS), sorted(PACKAGES))
        contents = {os.path.basename(d).split("_")[0]: run("dpkg-deb", "-c", d, check=0).stdout for d in DEBS}
        self.assertIn("./usr/lib/libsegue.so", contents["libsegue"])
        self.assertIn("./usr/lib/segue/plugins/explode.so", contents["libsegue"])
        self.assertIn("./usr/include/segue/plugin.h", contents["libsegue-dev"])
        self.assertIn("./usr/lib/pkgconfig/segue.pc", contents["libsegue-dev"])
        self.assertIn("./usr/bin/segue", contents["segue"])
        self.assertIn("./usr/share/man/man1/segue-sequence.1.gz", contents["segue"])
        self.assertIn("./usr/share/zsh/vendor-completions/_segue", contents["segue"])
        self.assertIn("./usr/lib/frei0r-1/segue_push.so", contents["segue-frei0r"])
        self.assertIn("./usr/lib/x86_64-linux-gnu/mlt-7/libmltsegue.so", contents["segue-mlt"])
        self.assertIn("./usr/share/kdenlive/transitions/segue.push.xml", contents["segue-mlt"])
        depends = run("dpkg-deb", "-f", [d for d in DEBS if "/segue_" in d][0], "Depends", check=0).stdout
        for library in ("libsegue (= ", "libpixman-1-0", "libavformat", "libavcodec"):
            self.assertIn(library, depends)
        if shutil.which("lintian"):
            result = run("lintian", "--fail-on", "error", *DEBS)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertNotIn("\nE: ", "\n" + result.stdout)


@unittest.skipUnless(os.geteuid() == 0 and shutil.which("apt-get"), "installing packages needs root and apt-get")
class InstalledTests(Workspace):
    def setUp(self):
        super().setUp()
        self.assertFalse([p for p in PACKAGES if installed(p)], "Segue's packages are installed already")
        result = plain("apt-get", "install", "-y", "-q", *[os.path.abspath(d) for d in DEBS])
        self.addCleanup(self.purge)
        self.assertEqual(result.returncode, 0, result.stdout[-3000:] + result.stderr)
        self.owned = [line for p in PACKAGES for line in plain("dpkg", "-L", p).stdout.splitlines()]

    def purge(self):
        plain("apt-get", "purge", "-y", "-q", *PACKAGES)

    def test_installed_everything_works_with_no_environment_and_purged_nothing_is_left(self):
        flags = plain("pkg-config", "--cflags", "--libs", "segue")
        self.assertEqual(flags.returncode, 0, flags.stderr)
        self.assertIn("-lsegue", flags.stdout.split())
        self.assertNotIn(BUILD, flags.stdout)

        # A C program from examples/, built against the installed headers and library.
        program = self.path("render_frame")
        built = plain("cc", os.path.join(ROOT, "examples", "render_frame.c"), *flags.stdout.split(), "-o", program)
        self.assertEqual(built.returncode, 0, built.stderr)
        self.assertRegex(plain("ldd", program).stdout, r"libsegue\.so => (/usr)?/lib/libsegue\.so ")
        rendered = plain(program, self.a, self.b, ".explode", "0.5", self.path("frame.png"))  # a plugin's effect
        self.assertEqual(rendered.returncode, 0, rendered.stderr)
        self.assertGreater(os.path.getsize(self.path("frame.png")), 1000)

        # The command, by name, with its plugins; joining two clips.
        plugins = plain("segue", "plugins")
        self.assertIn("/usr/lib/segue/plugins/explode.so", plugins.stdout)
        for name, colour in (("a.mp4", "red"), ("b.mp4", "blue")):
            plain("ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"color={colour}:s=160x120:r=25:d=2",
                  "-pix_fmt", "yuv420p", self.path(name))
        joined = plain("segue", "sequence", self.path("a.mp4"), self.path("b.mp4"), "--transition", ".explode",
                       "--duration", "0.5", "-q", "-o", self.path("joined.mp4"))
        self.assertEqual(joined.returncode, 0, joined.stderr)
        probe = plain("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                      "stream=nb_read_frames", "-of", "json", self.path("joined.mp4"))
        self.assertEqual(int(json.loads(probe.stdout)["streams"][0]["nb_read_frames"]), 88)

        # melt finds the MLT services and the frei0r mixers with no MLT_REPOSITORY or FREI0R_PATH.
        transitions = plain("melt", "-query", "transitions").stdout
        self.assertIn("segue.push", transitions)
        self.assertIn("frei0r.segue_push", transitions)
        for mixer in ("segue.push", "frei0r.segue_push"):
            out = self.path(mixer.replace(".", "-") + "%02d.png")
            mixed = run_host(["melt", "-silent", "color:red", "out=4", "color:blue", "out=4", "-mix", "2", "-mixer",
                              mixer, "-consumer", f"avformat:{out}", "vcodec=png"], PLAIN,
                             retry_when_left_alone=True)
            self.assertEqual(mixed.returncode, 0, mixed.stderr)
            self.assertNotIn("segue", mixed.stderr)
            self.assertTrue(os.path.exists(out % 5), mixer)
        self.assertTrue(os.path.isfile("/usr/share/kdenlive/transitions/segue.push.xml"))

        self.purge()
        self.assertFalse([p for p in PACKAGES if installed(p)])
        left = [f for f in self.owned if os.path.isfile(f) or os.path.islink(f)]
        self.assertEqual(left, [])
        self.assertFalse(os.path.exists("/usr/lib/segue"))


if __name__ == "__main__":
    unittest.main()
