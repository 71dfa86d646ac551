"""Tags the wheel for Linux when it carries libsegue.so (put in segue/lib/ by `make python`).

Without the library the package is pure Python (any platform tag); with it,
the wheel holds machine code but no Python extension, so it fits any Python 3
on that platform: py3-none-<platform>.
"""
import os

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel

CARRIES_LIBRARY = os.path.exists(os.path.join(os.path.dirname(os.path.abspath(__file__)), "segue", "lib",
                                              "libsegue.so"))


class Binary(Distribution):
    def has_ext_modules(self):
        return CARRIES_LIBRARY


class Wheel(bdist_wheel):
    def get_tag(self):
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if CARRIES_LIBRARY else (python, abi, platform)


setup(distclass=Binary, cmdclass={"bdist_wheel": Wheel})
