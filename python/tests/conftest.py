"""Shared pictures and paths for the Python package's tests (run by `make python-test`)."""
import os
import pathlib

import numpy as np
import pytest

import segue

REPO = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("SEGUE_BUILD", REPO / "build"))


def picture(height: int, width: int, seed: int, translucent: bool = False) -> np.ndarray:
    """Straight RGBA uint8: gradients under noise, so any misplaced pixel shows; alpha varies when translucent."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width]
    rgba = np.empty((height, width, 4), np.uint8)
    rgba[..., 0] = (x * 255 // max(width - 1, 1) + seed * 40) % 256
    rgba[..., 1] = (y * 255 // max(height - 1, 1)) % 256
    rgba[..., 2] = rng.integers(0, 256, (height, width))
    rgba[..., 3] = rng.integers(0, 256, (height, width)) if translucent else 255
    return rgba


@pytest.fixture(scope="session")
def engine() -> segue.Engine:
    return segue.Engine()


@pytest.fixture(scope="session")
def build() -> pathlib.Path:
    return BUILD
