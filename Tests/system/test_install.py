"""make install PREFIX=… gives a tree C programs build and run against, a
segue command that finds its plugins however it is run, shell completions,
and frei0r mixers and an MLT module that load the installed libsegue.so."""
import os
import shutil
import subprocess

from support import BUILD, ROOT, Workspace, run, run_host


class InstallTests(Workspace):
    def test_install_into_a_prefix(self):
        prefix = self.path("prefix")
        run("make", "-C", ROOT, "--no-print-directory", "install", f"PREFIX={prefix}", check=0)
        for relative in ("bin/segue", "lib/libsegue.so", "include/segue.h", "include/segue/render.h",
                         "lib/pkgconfig/segue.pc", "share/segue/valgrind.supp", "share/man/man1/segue.1",
                         "share/man/man1/segue-sequence.1"):
            self.assertTrue(os.path.isfile(os.path.join(prefix, relative)), relative)
        self.assertTrue(os.path.isdir(os.path.join(prefix, "lib", "segue", "plugins")))
        flags = run("env", f"PKG_CONFIG_PATH={prefix}/lib/pkgconfig", "pkg-config", "--cflags", "--libs", "segue",
                    check=0).stdout.split()
        self.assertIn(f"-I{prefix}/include", flags)
        supp = run("env", f"PKG_CONFIG_PATH={prefix}/lib/pkgconfig", "pkg-config", "--variable=valgrind_suppressions",
                   "segue", check=0).stdout.strip()
        self.assertEqual(supp, os.path.join(prefix, "share", "segue", "valgrind.supp"))
        program = self.path("render_frame")
        run("cc", os.path.join(ROOT, "examples", "render_frame.c"), *flags, "-o", program, check=0)
        env_run = ["env", f"LD_LIBRARY_PATH={prefix}/lib", program, self.a, self.b, ".slide", "0.5", self.path("o.png")]
        run(*env_run, check=0)
        self.assertTrue(os.path.getsize(self.path("o.png")) > 0)
        self.assertIn("segue 0.", run(os.path.join(prefix, "bin", "segue"), "--version", check=0).stdout)
        # Run by name from PATH, as an installed command is, it still finds its plugins.
        by_name = subprocess.run(["segue", "plugins"], capture_output=True, text=True, timeout=60, cwd=self.path("."),
                                 env=dict(os.environ, PATH=os.path.join(prefix, "bin") + os.pathsep + os.environ["PATH"]))
        self.assertIn(os.path.join(prefix, "lib", "segue", "plugins", "explode.so"), by_name.stdout)
        for relative in ("share/bash-completion/completions/segue", "share/zsh/site-functions/_segue",
                         "share/fish/vendor_completions.d/segue.fish"):
            self.assertTrue(os.path.isfile(os.path.join(prefix, relative)), relative)
        # The frei0r mixers find the installed libsegue.so by their own path.
        mixers = sorted(os.listdir(os.path.join(prefix, "lib", "frei0r-1")))
        self.assertIn("segue_push.so", mixers)
        info = run(os.path.join(BUILD, "tests", "frei0r_host"), "info",
                   os.path.join(prefix, "lib", "frei0r-1", "segue_push.so"), check=0)
        self.assertIn("init 1\n", info.stdout)
        self.assertEqual(info.stderr, "")
        descriptors = os.listdir(os.path.join(prefix, "share", "kdenlive", "transitions"))
        frei0r = [d for d in descriptors if d.startswith("segue_")]
        self.assertEqual(sorted(d.replace(".xml", ".so") for d in frei0r), mixers)
        self.assertEqual(sorted(d.replace(".", "_", 1) for d in descriptors if d not in frei0r), sorted(frei0r))
        # So does the MLT module, linked into a module folder as docs/hosts.md says.
        if shutil.which("melt"):
            folder = run(os.path.join(ROOT, "scripts", "mlt-repository"), self.path("mlt-modules"),
                         os.path.join(prefix, "lib", "mlt-7", "libmltsegue.so"), check=0).stdout.strip()
            mix = run_host(["melt", "-silent", "color:red", "out=4", "color:blue", "out=4", "-mix", "2", "-mixer",
                            "segue.push", "-consumer", f"avformat:{self.path('m%02d.png')}", "vcodec=png"],
                           dict(os.environ, MLT_REPOSITORY=folder), retry_when_left_alone=True)
            self.assertEqual(mix.returncode, 0, mix.stderr)
            self.assertNotIn("segue mlt", mix.stderr)
            self.assertTrue(os.path.exists(self.path("m05.png")))
