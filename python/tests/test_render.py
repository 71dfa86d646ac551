"""engine.render: its pixels against the C API's, its layouts, its zero-copy paths."""
import subprocess

import numpy as np
import pytest
from PIL import Image

import segue
from segue import _frames, _native

from conftest import picture

SPECS = [".push(from: .trailing)", ".scale(0.5, anchor: .topLeading)", ".rotation3D(angle: 60, axis: (x: 0, y: 1, z: 0))",
         ".blurReplace", ".explode", ".slideAway(direction: .leading)"]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("translucent", [False, True])
def test_pixels_match_the_c_api_byte_for_byte(engine, build, tmp_path, spec, translucent):
    """examples/render_frame (C, PNG in and out) and engine.render give the same bytes."""
    a, b = picture(90, 160, 1, translucent), picture(90, 160, 2, translucent)
    Image.fromarray(a).save(tmp_path / "a.png")
    Image.fromarray(b).save(tmp_path / "b.png")
    subprocess.run([build / "examples" / "render_frame", tmp_path / "a.png", tmp_path / "b.png", spec, "0.35",
                    tmp_path / "c.png"], check=True)
    expected = np.asarray(Image.open(tmp_path / "c.png").convert("RGBA"))
    frame = engine.render(spec, a, b, 0.35)
    assert frame.dtype == np.uint8 and frame.shape == (90, 160, 4)
    assert np.array_equal(frame, expected)
    assert not np.array_equal(frame, engine.render(spec, a, b, 0.65))  # the progress matters


def test_identity_is_exact_in_segues_layout(engine):
    words = picture(33, 47, 3, translucent=True).view(np.uint32)[..., 0]
    words = np.where((words >> 24) == 0, 0, words)  # premultiplied: clear pixels are zero
    premultiplied = words.view(np.uint8).reshape(33, 47, 4)
    premultiplied[..., :3] = np.minimum(premultiplied[..., :3], premultiplied[..., 3:])
    frame = engine.render(".identity", None, premultiplied, 1.0, premultiplied=True)
    assert np.array_equal(frame, premultiplied)
    assert np.array_equal(engine.render(".push(from: .top)", premultiplied, None, 0.0, premultiplied=True),
                          premultiplied)


def test_opaque_output_is_the_same_pixels_in_both_layouts(engine):
    a, b = picture(40, 64, 4), picture(40, 64, 5)
    straight = engine.render(".push(from: .bottom)", a, b, 0.4, background=(0.2, 0.4, 0.6))
    ours = engine.render(".push(from: .bottom)", a[..., [2, 1, 0, 3]], b[..., [2, 1, 0, 3]], 0.4,
                         background="#336699", premultiplied=True)
    assert (straight[..., 3] == 255).all()
    assert np.array_equal(ours[..., [2, 1, 0, 3]], straight)


def test_every_input_layout_means_the_same_picture(engine):
    rgba = picture(30, 50, 6)
    gray = rgba[..., 1].copy()
    expected_rgb = engine.render(".scale", rgba, rgba, 0.3)
    assert np.array_equal(engine.render(".scale", rgba[..., :3], rgba[..., :3].copy(), 0.3), expected_rgb)
    assert np.array_equal(engine.render(".scale", Image.fromarray(rgba), Image.fromarray(rgba[..., :3]), 0.3),
                          expected_rgb)
    gray_rgba = np.dstack((gray, gray, gray, np.full_like(gray, 255)))
    expected_gray = engine.render(".scale", gray_rgba, gray_rgba, 0.3)
    for layout in (gray, gray[..., None], np.dstack((gray, np.full_like(gray, 255))), Image.fromarray(gray)):
        assert np.array_equal(engine.render(".scale", layout, layout, 0.3), expected_gray)
    translucent = picture(30, 50, 7, translucent=True)
    gray_alpha = np.dstack((translucent[..., 0], translucent[..., 3]))
    as_rgba = np.dstack((gray_alpha[..., :1],) * 3 + (gray_alpha[..., 1:],))
    assert np.array_equal(engine.render(".scale", None, gray_alpha, 0.3), engine.render(".scale", None, as_rgba, 0.3))


def test_other_sizes_are_placed_and_size_sets_the_output(engine):
    small = picture(10, 20, 8)
    frame = engine.render(".identity", None, small, 1.0, size=(40, 30), placement="center")
    assert frame.shape == (30, 40, 4)
    assert np.array_equal(frame[10:20, 10:30], small)
    assert (frame[:10] == 0).all()
    stretched = engine.render(".identity", None, small, 1.0, size=(40, 20), placement="stretch")
    assert (stretched[1:-1, 1:-1, 3] == 255).all()


def test_time_and_animation_give_the_animations_progress(engine):
    a, b = picture(24, 32, 9), picture(24, 32, 10)
    animation = segue.Animation(".spring(response: 0.5, dampingFraction: 0.6)")
    at = animation.progress(0.3)
    assert 0 < at < 1.5
    assert np.array_equal(engine.render(".slide", a, b, time=0.3, animation=animation),
                          engine.render(".slide", a, b, at))
    assert np.array_equal(engine.render(".slide", a, b, time=0.3, animation=animation.spec),
                          engine.render(".slide", a, b, at))


def test_plus_lighter_opacity_is_a_true_crossfade(engine):
    a = np.full((8, 8, 3), 200, np.uint8)
    frame = engine.render(".opacity", a, a, 0.5, blend="plusLighter")
    assert (np.abs(frame[..., :3].astype(int) - 200) <= 1).all() and (frame[..., 3] == 255).all()
    dipped = engine.render(".opacity", a, a, 0.5)
    assert (dipped[..., 3] < 255).all()


# --- Zero copy and out= ---------------------------------------------------------------------------

def test_an_array_in_segues_layout_is_wrapped_where_it_lies(engine):
    padded = np.zeros((20, 48, 4), np.uint8)
    view = padded[:, 8:40]  # rows of 48 pixels, 32 used
    view[...] = picture(20, 32, 11)
    with _frames.Surfaces() as surfaces:
        surface = surfaces.picture(view, "to", premultiplied=True)
        assert _native.lib.segue_surface_data(surface) == view.ctypes.data
        straight = surfaces.picture(view, "from_", premultiplied=False)
        assert _native.lib.segue_surface_data(straight) != view.ctypes.data  # converted: premultiplied first
    words = view.view(np.uint32)[..., 0]
    with _frames.Surfaces() as surfaces:
        assert _native.lib.segue_surface_data(surfaces.picture(words, "to", premultiplied=True)) == words.ctypes.data
    assert np.array_equal(engine.render(".slide", None, view, 0.5, premultiplied=True),
                          engine.render(".slide", None, view.copy(), 0.5, premultiplied=True))


@pytest.mark.parametrize("premultiplied", [False, True])
def test_out_is_rendered_into_and_returned(engine, premultiplied):
    a, b = picture(20, 32, 12), picture(20, 32, 13)
    expected = engine.render(".push(from: .leading)", a, b, 0.6, premultiplied=premultiplied)
    padded = np.full((20, 40, 4), 7, np.uint8)
    out = padded[:, 4:36]
    result = engine.render(".push(from: .leading)", a, b, 0.6, premultiplied=premultiplied, out=out)
    assert result is out
    assert np.array_equal(out, expected)
    assert (padded[:, :4] == 7).all() and (padded[:, 36:] == 7).all()  # nothing outside the view is touched
    if premultiplied:
        with _frames.Surfaces() as surfaces:
            returned, target, exported = surfaces.target(20, 32, out, True, ())
            assert not exported and _native.lib.segue_surface_data(target) == out.ctypes.data


def test_rgb_in_and_out_are_the_rgba_pixels_over_black(engine):
    a, b = picture(20, 30, 17), picture(20, 30, 18)
    padded = np.zeros((20, 40, 3), np.uint8)
    view = padded[:, 5:35]  # an RGB input with padded rows, read in place
    view[...] = b[..., :3]
    rgba = engine.render(".scale(0.5)", a, b, 0.4)
    rgb = engine.render(".scale(0.5)", a[..., :3], view, 0.4, out=np.zeros((20, 30, 3), np.uint8))
    over_black = (rgba[..., :3].astype(np.uint32) * rgba[..., 3:] + 127) // 255
    assert (rgba[..., 3] < 255).any()  # some of the frame is see-through: the drop of alpha shows
    assert np.abs(rgb.astype(int) - over_black).max() <= 1
    assert np.array_equal(engine.render(".scale(0.5)", a, b, 0.4, premultiplied=False, background=(0, 0, 0),
                                        out=np.empty((20, 30, 3), np.uint8)),
                          engine.render(".scale(0.5)", a, b, 0.4, background=(0, 0, 0))[..., :3])


def test_out_as_uint32_words(engine):
    a = picture(10, 12, 14)
    words = np.zeros((10, 12), np.uint32)
    engine.render(".identity", None, a, 1.0, premultiplied=True, out=words)
    assert np.array_equal(words.view(np.uint8).reshape(10, 12, 4), a)  # read and written as B, G, R, A


# --- Threads ---------------------------------------------------------------------------------------

def test_threads_render_in_parallel_giving_the_same_bytes_as_one():
    import concurrent.futures
    a, b = picture(120, 200, 15), picture(120, 200, 16)
    progresses = [i / 11 for i in range(12)]
    single = segue.Engine(threads=1)
    expected = [single.render(".blurReplace", a, b, p) for p in progresses]
    shared = segue.Engine(threads=2)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        frames = list(pool.map(lambda p: shared.render(".blurReplace", a, b, p), progresses))
    assert all(np.array_equal(x, y) for x, y in zip(frames, expected))


def test_the_gil_is_released_while_segue_draws(build):
    """slowRender draws until cancelled: only a thread that runs meanwhile can stop it."""
    import threading
    engine = segue.Engine(threads=1, discover_plugins=False)
    engine.load_plugin(build / "tests" / "plugins" / "misbehaving.so")
    cancel, started, outcome = segue.Cancel(), threading.Event(), []

    def draw():
        started.set()
        try:
            engine.render(".slowRender", None, np.zeros((64, 64, 4), np.uint8), 0.5, cancel=cancel)
        except segue.CancelledError as error:
            outcome.append(error)

    worker = threading.Thread(target=draw, daemon=True)
    worker.start()
    started.wait()
    threading.Event().wait(0.2)  # the worker is inside the render by now; with the GIL held we never get here
    cancel.set()
    worker.join(30)
    assert not worker.is_alive() and len(outcome) == 1 and "cancel" in str(outcome[0])
