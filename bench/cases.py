"""What `make bench` measures (bench/run.py): the cases bench/segue_bench.c
renders, FFmpeg's xfade transitions and the Segue case nearest to each, the
fps targets some effects set for themselves, and the two run configurations
(FULL, QUICK: sizes, progress values, rounds, frames and runs of every part).
"""


def plain(*specs):
    """(label, spec, blend) of each spec: labelled by itself, drawn with the normal blend."""
    return [(spec, spec, "normal") for spec in specs]


# Every built-in transition and every shipped plugin effect, as transitions.
# (label, spec, blend): the label is what the tables show.
BUILTINS = [(".opacity (plusLighter)", ".opacity", "plusLighter")] + plain(
    ".scale", ".scale(scale: 0.5, anchor: .bottom)", ".move(edge: .trailing)", ".offset(x: 33.5, y: 12.25)",
    ".slide", ".push(from: .bottom)", ".identity")
PLUGINS = plain(
    ".clip", ".countUp(to: 120)", ".slidingDoor", ".explode", ".tiktok", ".tiktok(mode: .tint)",
    ".slidingDoor(pieces: 4)", ".slideAway", ".shift", ".wave") + [
    # The article's fire burns the removed view only; the symmetric shorthand burns both.
    (".particles(count: 500), removal", ".asymmetric(insertion: .identity, removal: .particles(count: 500))", "normal"),
    (".particles(count: 500), both sides", ".particles(count: 500)", "normal"),
]
# Effects whose issue sets another fps target at a size than every effect's.
FPS_TARGETS = {
    (".particles(count: 500), removal", "1920x1080"): 60,
    (".particles(count: 500), both sides", "1920x1080"): 60,
}
# SwiftUI's other modifiers as transitions, at their default active states
# (the blur's radius is 20); and two compositions that fold into one pass.
MODIFIERS = plain(
    ".rotation", ".rotation3D", ".flip", ".blur", ".blurReplace", ".brightness", ".contrast", ".saturation",
    ".grayscale", ".hueRotation", ".colorMultiply", ".colorInvert", ".expand", ".collapse",
    ".morph(from: .circle, to: .star)") + [
    (".saturation + .hueRotation (one pass)", ".saturation.combined(with: .hueRotation)", "normal"),
    (".rotation + .scale (one composite)", ".rotation.combined(with: .scale(0.5))", "normal"),
]
SLIDELEFT = ".asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))"
WIPELEFT = ".asymmetric(insertion: .move(edge: .trailing), removal: .identity)"
EXTRAS = [
    ("slideleft equivalent", SLIDELEFT, "normal"),
    ("wipeleft nearest", WIPELEFT, "normal"),
]
EFFECTS = BUILTINS + PLUGINS + MODIFIERS   # "every shipped effect" for the targets
ALL_CASES = BUILTINS + PLUGINS + MODIFIERS + EXTRAS

# FFmpeg xfade transition -> (Segue label, why it is the nearest).
XFADE = [
    ("fade", ".opacity (plusLighter)", "the same: a true crossfade, a(1-t) + bt"),
    ("slideleft", "slideleft equivalent",
     f"the same motion: `{SLIDELEFT}`"),
    ("slideright", ".slide", "the same motion: in from the leading edge, out towards the trailing edge"),
    ("wipeleft", "wipeleft nearest",
     f"nearest, not identical: `{WIPELEFT}`. Segue has no wipe (its built-in effects move, scale and fade "
     "content; none crops it in place). The inserted view slides in from the trailing edge over the removed "
     "one, so the boundary moves right to left exactly as xfade's wipe and every output pixel comes from "
     "exactly one of the two pictures, the same work as a wipe; only the inserted picture moves instead of "
     "being uncovered in place"),
    ("circlecrop", ".clip", "nearest: `.clip` grows a rounded rectangle from the centre (xfade: a circle, "
     "through black)"),
    ("rectcrop", ".clip", "nearest: `.clip` grows a rounded rectangle from the centre (xfade: a rectangle, "
     "through black)"),
    ("zoomin", ".scale", "nearest: `.scale` scales the inserted view up from 0 and the removed one down "
     "(xfade: zooms into the first picture while fading to the second)"),
]

FULL = dict(sizes=["1920x1080", "3840x2160"], progress=[0.1, 0.3, 0.5, 0.7, 0.9], rounds=10, batch=3,
            cap_ms=4000, tiny_rounds=10, tiny_calls=1000,
            xfade_frames={"1920x1080": 60, "3840x2160": 30}, xfade_runs={"1920x1080": 5, "3840x2160": 3},
            e2e_frames=120, e2e_runs=5, video_runs=3, video_size="1920x1080", video_seconds=4,
            mlt_runs=5, mlt_frames=100, mlt_mix=50, python_rounds=7,
            xfade_pack_sizes=["1920x1080", "3840x2160"], xfade_pack_rounds=3,
            # At least ~90 and ~24 frames of xfade between the runs, and at least half a second of them
            # (bench/xfade_pack.py): below that, the cheapest transitions' share of a run (0.2–1 ms a frame)
            # drowns in the process's own start-up noise.
            xfade_pack_frames={"1920x1080": (4, 94), "3840x2160": (2, 26)}, xfade_pack_extra_s=0.5,
            xfade_pack_runs={"1920x1080": 2, "3840x2160": 1},
            joins_seconds=60, joins_size="1920x1080", joins_runs=2,
            colour_sizes=["1920x1080", "3840x2160"], colour_frames=60, colour_runs=3, colour_join_size="3840x2160",
            colour_join_seconds=5, distributed_clips=4, distributed_seconds=46, distributed_scale=1,
            distributed_runs=3, wheel_runs=5)
# QUICK only exercises every part: both sizes through the C program, but
# xfade per frame at 1080p only (4K decodes alone would take most of the
# budget), few iterations, short end-to-end runs. Its figures are not for quoting.
QUICK = dict(sizes=["1920x1080", "3840x2160"], progress=[0.3, 0.7], rounds=2, batch=1, cap_ms=300,
             tiny_rounds=2, tiny_calls=100, xfade_frames={"1920x1080": 10}, xfade_runs={"1920x1080": 1},
             e2e_frames=12, e2e_runs=1, video_runs=1, video_size="320x180", video_seconds=2,
             mlt_runs=1, mlt_frames=12, mlt_mix=6, python_rounds=1,
             xfade_pack_sizes=["1920x1080"], xfade_pack_rounds=1, xfade_pack_frames={"1920x1080": (1, 3)},
             xfade_pack_runs={"1920x1080": 1}, joins_seconds=4, joins_size="160x90", joins_runs=1,
             colour_sizes=["320x180"], colour_frames=10, colour_runs=1, colour_join_size="320x180",
             colour_join_seconds=2, distributed_clips=2, distributed_seconds=3, distributed_scale=4,
             distributed_runs=1, wheel_runs=1)

FPS = 30


def spec_of(label):
    for case_label, spec, blend in ALL_CASES:
        if case_label == label:
            return spec, blend
    raise KeyError(label)
