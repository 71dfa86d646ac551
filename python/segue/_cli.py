"""The `segue` command a wheel installs: runs the command-line tool shipped
inside the package (segue/bin/segue), with the arguments as given.

The tool finds the wheel's plugins beside it (segue/lib/segue/plugins). It
opens FFmpeg's libraries from the system when a command first meets a video
or a non-PNG picture, and says which package to install when they are missing.
"""
import os
import sys

BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "segue")


def main() -> None:
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"segue: this installation of the Python package has no command-line tool ({BINARY}); "
                 "install a wheel built by 'make wheel', or build Segue and put build/bin on PATH")
    os.execv(BINARY, [BINARY] + sys.argv[1:])
