"""`.xfade(.name)` against FFmpeg's own xfade filter, on pictures no one here drew.

Oracles: the static FFmpeg 9 that imageio-ffmpeg ships (all of xfade's
transitions) and Debian's FFmpeg 5.1 (the 46 it has). Each runs xfade over a
1-s transition at 10 fps between two stills (the first frames of testsrc2
and smptebars, 640 × 360) in planar RGB (gbrp), so no chroma subsampling
comes between the two: frame k of the transition is Segue's progress k / 10.
"""
import functools
import shutil
import subprocess

import imageio_ffmpeg
import numpy as np
import pytest
from PIL import Image

import segue

WIDTH, HEIGHT = 640, 360
PROGRESS = (0.1, 0.3, 0.5, 0.7, 0.9)
# Every transition of FFmpeg 9's xfade, in its order; the first 46 are Debian's FFmpeg 5.1's too.
XFADE = ("fade wipeleft wiperight wipeup wipedown slideleft slideright slideup slidedown circlecrop rectcrop "
         "distance fadeblack fadewhite radial smoothleft smoothright smoothup smoothdown circleopen circleclose "
         "vertopen vertclose horzopen horzclose dissolve pixelize diagtl diagtr diagbl diagbr hlslice hrslice "
         "vuslice vdslice hblur fadegrays wipetl wipetr wipebl wipebr squeezeh squeezev zoomin fadefast fadeslow "
         "hlwind hrwind vuwind vdwind coverleft coverright coverup coverdown revealleft revealright revealup "
         "revealdown").split()
DEBIAN = XFADE[:46]
# The four drawn from both pictures at once through canvas_partner(): three whose every pixel depends
# on both, and hblur, which blurs the two pictures' mix once rather than each picture.
BOTH_PICTURES = {"distance", "fadefast", "fadeslow", "hblur"}
# FFmpeg 5.1's fadegrays sums R + G + B into a variable it never set to zero (later FFmpeg sets it), so
# its frames hold whatever the stack held: Segue follows FFmpeg 9, and only FFmpeg 9 judges it.
DEBIAN_BROKEN = {"fadegrays"}


@pytest.fixture(scope="module")
def stills(tmp_path_factory):
    folder = tmp_path_factory.mktemp("xfade")
    paths = []
    for source in ("testsrc2", "smptebars"):
        path = folder / f"{source}.png"
        subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-f", "lavfi", "-i",
                        f"{source}=size={WIDTH}x{HEIGHT}", "-frames:v", "1", str(path)], check=True)
        paths.append(path)
    return paths


@functools.lru_cache(maxsize=None)
def xfade(ffmpeg, a, b, name):
    """Frames at Segue's progress 0, 0.1, …, 1 of FFmpeg's xfade between two stills, as RGB."""
    graph = (f"[0]format=gbrp[a];[1]format=gbrp[b];[a][b]xfade=transition={name}:duration=1:offset=0.5,"
             "format=rgb24")
    still = ["-loop", "1", "-framerate", "10", "-t", "3"]
    raw = subprocess.run([ffmpeg, "-v", "error", *still, "-i", a, *still, "-i", b, "-filter_complex", graph,
                          "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, np.uint8).reshape(-1, HEIGHT, WIDTH, 3)
    return frames[5:16]  # the transition starts at 0.5 s: frame 5 + k is progress k / 10


def psnr(x, y):
    mse = np.mean((x.astype(np.float64) - y) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def pictures(stills):
    return [np.asarray(Image.open(path).convert("RGB")) for path in stills]


def render(engine, name, a, b, progress):
    return engine.render(f".xfade(.{name})", a, b, progress, out=np.empty((HEIGHT, WIDTH, 3), np.uint8))


@pytest.fixture(scope="module")
def engine():
    return segue.Engine()


@pytest.mark.parametrize("name", XFADE)
def test_matches_ffmpeg_9(engine, stills, name):
    a, b = pictures(stills)
    frames = xfade(imageio_ffmpeg.get_ffmpeg_exe(), str(stills[0]), str(stills[1]), name)
    scores = {p: psnr(render(engine, name, a, b, p), frames[round(p * 10)]) for p in PROGRESS}
    assert min(scores.values()) >= 40, scores
    # The ends are the pictures themselves, exactly.
    assert np.array_equal(render(engine, name, a, b, 0), a)
    assert np.array_equal(render(engine, name, a, b, 1), b)


@pytest.mark.skipif(not shutil.which("ffmpeg"), reason="Debian's ffmpeg is not installed")
@pytest.mark.parametrize("name", [name for name in DEBIAN if name not in DEBIAN_BROKEN])
def test_matches_debians_ffmpeg(engine, stills, name):
    a, b = pictures(stills)
    frames = xfade(shutil.which("ffmpeg"), str(stills[0]), str(stills[1]), name)
    scores = {p: psnr(render(engine, name, a, b, p), frames[round(p * 10)]) for p in PROGRESS}
    assert min(scores.values()) >= 40, scores


def test_every_name_is_a_case_of_the_effect(engine):
    effect = next(e for e in engine.effects() if e.name == "xfade")
    assert list(effect.parameters[0].cases) == XFADE
    assert effect.plugin.endswith("xfade.so")


@functools.lru_cache(maxsize=None)
def padded_xfade(a, b, name, letterboxed):
    """FFmpeg 9's xfade as `xfade` has it, with the `letterboxed` input (0 or 1), a 4:3 still, first
    pillarboxed to 16:9 by FFmpeg's pad filter in black."""
    pad = f"pad={WIDTH}:{HEIGHT}:{(WIDTH - HEIGHT * 4 // 3) // 2}:0:black"
    inputs = [f"[{i}]format=gbrp{',' + pad if i == letterboxed else ''}[{v}]" for i, v in enumerate("ab")]
    graph = f"{';'.join(inputs)};[a][b]xfade=transition={name}:duration=1:offset=0.5,format=rgb24"
    still = ["-loop", "1", "-framerate", "10", "-t", "3"]
    raw = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", *still, "-i", a, *still, "-i", b,
                          "-filter_complex", graph, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, HEIGHT, WIDTH, 3)[5:16]


@pytest.mark.parametrize("letterboxed", [1, 0], ids=["into", "out of"])
@pytest.mark.parametrize("name", XFADE)
def test_a_letterboxed_view_mixes_as_ffmpeg_pads_it(engine, stills, tmp_path, name, letterboxed):
    """Into (or out of) a 4:3 picture placed with `fit` over black, the frame follows FFmpeg's xfade of the
    same pictures padded to 16:9, bars and all: the view's uncovered area is transparent, so the other
    view is weighed there as xfade weighs it against black (not left whole and then cut), and both views'
    geometry is the output's, as FFmpeg's is the padded frame's."""
    a, b = pictures(stills)
    narrow = HEIGHT * 4 // 3
    box = Image.fromarray([a, b][letterboxed]).crop(((WIDTH - narrow) // 2, 0, (WIDTH + narrow) // 2, HEIGHT))
    path = tmp_path / "narrow.png"
    box.save(path)
    views = [str(stills[0]), str(stills[1])]
    views[letterboxed] = str(path)
    frames = padded_xfade(*views, name, letterboxed)
    pair = [a, b]
    pair[letterboxed] = np.asarray(box)
    bars = np.ones(WIDTH, bool)
    bars[(WIDTH - narrow) // 2:(WIDTH + narrow) // 2] = False
    for p in PROGRESS:
        frame = engine.render(f".xfade(.{name})", *pair, p, size=(WIDTH, HEIGHT), background=(0, 0, 0),
                              out=np.empty((HEIGHT, WIDTH, 3), np.uint8))
        expected = frames[round(p * 10)]
        assert psnr(frame[:, bars], expected[:, bars]) >= 40, (p, psnr(frame[:, bars], expected[:, bars]))
        assert psnr(frame, expected) >= 40, (p, psnr(frame, expected))


@pytest.mark.parametrize("name", ["wipeleft", "circleopen", "dissolve", "slideup", "hlwind"])
def test_eased_and_sprung(engine, stills, name):
    """Any animation drives them: eased time lands on the linear frame of its progress; springs overshoot safely."""
    a, b = pictures(stills)
    ease = segue.Animation(".easeInQuad(duration: 1)")
    t = 0.3 ** 0.5  # easeInQuad(t) = t² = 0.3
    assert np.array_equal(engine.render(f".xfade(.{name})", a, b, time=t, animation=ease),
                          engine.render(f".xfade(.{name})", a, b, ease.progress(t)))
    bouncy = segue.Animation(".bouncy")
    over = max((bouncy.progress(i / 100), i / 100) for i in range(100))
    assert over[0] > 1
    frame = engine.render(f".xfade(.{name})", a, b, time=over[1], animation=bouncy)
    assert frame.shape == (HEIGHT, WIDTH, 4)


@pytest.mark.parametrize("name", [n for n in XFADE if n.startswith(("wipe", "slide", "cover", "reveal"))]
                         + ["circlecrop", "rectcrop"])
def test_whole_pixel_ones_take_each_pixel_from_one_view(engine, name):
    """As xfade: a pixel is the removed view's, the inserted one's or (the crops) the background, never
    one seen through another, also where the inserted view is translucent."""
    red, blue, black = (255, 0, 0, 192), (0, 0, 255, 128), (0, 0, 0, 255)  # both views translucent
    a = np.zeros((36, 64, 4), np.uint8)
    a[...] = red
    b = np.zeros((36, 64, 4), np.uint8)
    b[...] = blue
    for progress in (0.3, 0.6):
        frame = engine.render(f".xfade(.{name})", a, b, progress)
        colours = set(map(tuple, frame.reshape(-1, 4).tolist()))
        if name.endswith("crop"):  # the removed view and the background, then the inserted view and it
            assert colours == {red if progress < 0.5 else blue, black}, (progress, colours)
        else:
            assert colours == {red, blue}, (progress, colours)


@pytest.mark.parametrize("progress", [0.3, 0.7])
def test_rectcrop_between_pixels_has_no_seams(engine, stills, progress):
    """Moved half a pixel, the background round the rectangle is still one fill: opaque pictures give an
    opaque frame but for the soft rims of the rectangle (and of the frame itself), no seam across the
    background."""
    a, b = pictures(stills)
    frame = engine.render(".xfade(.rectcrop).combined(with: .offset(x: 0.5, y: 0.25))", a, b, progress)
    p = np.float32(1) - np.float32(progress)  # xfade's progress, and its rectangle, as rectcrop_bounds()
    zw, zh = int(abs(p - np.float32(0.5)) * WIDTH), int(abs(p - np.float32(0.5)) * HEIGHT)
    x0, y0, x1, y1 = WIDTH // 2 - zw + 1, HEIGHT // 2 - zh + 1, WIDTH // 2 + zw, HEIGHT // 2 + zh
    ys, xs = np.nonzero(frame[1:-1, 1:-1, 3] < 255)
    ys, xs = ys + 1, xs + 1
    on_rim = (xs >= x0 - 1) & (xs <= x1 + 1) & (ys >= y0 - 1) & (ys <= y1 + 1)
    assert on_rim.all(), list(zip(ys[~on_rim][:5], xs[~on_rim][:5]))


@pytest.mark.parametrize("name", sorted(BOTH_PICTURES - {"hblur"}))
def test_the_two_picture_ones_alone_fade_in(engine, stills, name):
    """With one view there is no partner to weigh against: the view fades in, as xfade's fade."""
    b = pictures(stills)[1]
    alone = engine.render(f".xfade(.{name})", None, b, 0.3)
    faded = engine.render(".xfade(.fade)", None, b, 0.3)
    assert np.array_equal(alone, faded)


@pytest.mark.parametrize("name", sorted(BOTH_PICTURES))
def test_the_two_picture_ones_leave_the_removed_view_as_it_is(engine, stills, name):
    """Their mix is drawn from the inserted side: on the removed side alone the view is unchanged."""
    a, b = pictures(stills)
    alone = engine.render(f".asymmetric(insertion: .opacity, removal: .xfade(.{name}))", a, b, 0.4)
    assert np.array_equal(alone, engine.render(".asymmetric(insertion: .opacity, removal: .identity)", a, b, 0.4))
    assert not np.array_equal(alone, engine.render(f".xfade(.{name})", a, b, 0.4))


@pytest.mark.parametrize("progress", [0.3, 0.9])
def test_hblur_alone_blurs_and_fades_in(engine, stills, progress):
    """With one view, hblur's box mean of it along each row, weighted 1 − p as xfade's mix weighs it and
    truncated: numpy's sums, to within the plugin's weights, rounded to 1/2048. In Segue's premultiplied layout."""
    b = pictures(stills)[1]
    bgra = np.dstack([b[..., ::-1], np.full((HEIGHT, WIDTH), 255, np.uint8)])  # opaque: premultiplied as it is
    alone = engine.render(".xfade(.hblur)", None, bgra, progress, premultiplied=True)
    p = np.float32(1) - np.float32(progress)  # xfade's progress, and its box, in its single precision
    size = 1 + int(np.float32(WIDTH // 2) * (p * 2 if p <= 0.5 else (1 - p) * 2))
    totals = np.concatenate([np.zeros((HEIGHT, 1, 4)), np.cumsum(bgra.astype(np.float64), axis=1)], axis=1)
    ends = np.minimum(np.arange(WIDTH) + size, WIDTH)
    means = (totals[:, ends] - totals[:, :WIDTH]) / (ends - np.arange(WIDTH))[None, :, None]
    difference = np.abs(alone.astype(np.int16) - np.floor(means * (1 - p) + 1e-9))
    assert difference.max() <= 1 and np.mean(difference) < 0.05, (difference.max(), np.mean(difference))


def test_spelling_and_parameters(engine):
    assert engine.transition(".xfade(.circleopen)").spec == ".xfade(transition: .circleopen)"
    with pytest.raises(segue.SpecError, match="did you mean .circleopen") as caught:
        engine.transition(".xfade(.circleopn)")
    assert caught.value.column == 9
    # fadeblack through another colour: near the end, the removed view has become that colour.
    a = np.full((4, 4, 3), 200, np.uint8)
    red = engine.render(".xfade(.fadeblack, background: \"#FF0000\")", a, a, 0.9)
    black = engine.render(".xfade(.fadeblack)", a, a, 0.9)
    assert list(black[0, 0, :3]) == [180, 180, 180]  # 200 · 0.9 + black · 0.1
    assert red[0, 0, 0] in (205, 206) and list(red[0, 0, 1:3]) == [180, 180]  # 205.5: + 255 · 0.1 in red alone
    white = engine.render(".xfade(.fadewhite)", a, a, 0.9)
    assert white[0, 0, 1] > black[0, 0, 1]
