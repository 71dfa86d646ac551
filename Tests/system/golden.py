"""Golden images: reference renders of the effects at fixed progress values.

Each golden image is a PNG under Tests/golden/. A test renders the same frame
and compares it with a stated tolerance (TOLERANCE below), because an exact
match would tie the tests to one version of pixman's rounding and FreeType's
rasteriser; the invariant tests elsewhere are exact.

Regenerate on purpose, after a change that is meant to move pixels, with
`make golden` (which sets SEGUE_REGENERATE_GOLDEN=1), and review the diff.
"""
import os
import shutil

from pngio import read_png
from support import ROOT

GOLDEN = os.path.join(ROOT, "Tests", "golden")

# A pixel matches when every channel (straight RGBA) is within this many levels…
CHANNEL_TOLERANCE = 3
# …and an image matches when no more than this fraction of pixels do not.
MISMATCH_FRACTION = 0.001


def regenerating():
    return os.environ.get("SEGUE_REGENERATE_GOLDEN") == "1"


def check(testcase, name, rendered_path):
    """Compares a rendered PNG with Tests/golden/NAME.png (or replaces it when regenerating)."""
    golden_path = os.path.join(GOLDEN, name + ".png")
    if regenerating():
        os.makedirs(os.path.dirname(golden_path), exist_ok=True)
        shutil.copyfile(rendered_path, golden_path)
        return
    testcase.assertTrue(os.path.exists(golden_path),
                        f"no golden image {golden_path}; run 'make golden' to create it and review it")
    width, height, got = read_png(rendered_path)
    golden_width, golden_height, want = read_png(golden_path)
    testcase.assertEqual((width, height), (golden_width, golden_height), f"{name}: size differs from the golden image")
    bad = sum(1 for g, w in zip(got, want) if max(abs(a - b) for a, b in zip(g, w)) > CHANNEL_TOLERANCE)
    testcase.assertLessEqual(bad, MISMATCH_FRACTION * width * height,
                             f"{name}: {bad} of {width * height} pixels differ from {golden_path} by more than "
                             f"{CHANNEL_TOLERANCE} levels (allowed {MISMATCH_FRACTION:.1%}); if the change is "
                             f"intended, run 'make golden' and review the new images")


def check_frames(testcase, cases, *extra):
    """Checks each (name, picture, spec, progress) of `cases`: `spec` at `progress` with `picture` inserted
    (and `extra` options), rendered by the EffectInvariants `testcase`, against Tests/golden/NAME.png."""
    for name, picture, spec, progress in cases:
        with testcase.subTest(name=name):
            check(testcase, name, testcase.render("--to", picture, spec, progress, *extra, name=name + ".png"))
