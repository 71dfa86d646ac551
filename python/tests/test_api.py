"""The rest of the API: errors, introspection, animations, documentation, where the library is found."""
import inspect
import math
import os
import pydoc
import re
import subprocess
import sys

import numpy as np
import pytest

import segue

from conftest import BUILD, REPO, picture


# --- Errors ----------------------------------------------------------------------------------------

def test_a_spec_error_carries_the_column_and_shows_a_caret(engine):
    with pytest.raises(segue.SpecError) as caught:
        engine.transition(".push(from: .nowhere)")
    error = caught.value
    assert error.column == 14 and error.spec == ".push(from: .nowhere)"
    assert error.status == 5 and isinstance(error, ValueError)
    lines = str(error).splitlines()
    assert lines[0].startswith("column 14: expected an edge")
    assert lines[1] == "  .push(from: .nowhere)"
    assert lines[2] == "  " + " " * 13 + "^"
    assert lines[1][lines[2].index("^")] == "n"


def test_unknown_effects_and_parameters_are_spec_errors(engine):
    with pytest.raises(segue.SpecError, match="unknown effect 'pusj'; did you mean 'push'") as caught:
        engine.render(".pusj", None, picture(4, 4, 1), 0.5)
    assert caught.value.column == 2
    with pytest.raises(segue.SpecError) as caught:
        engine.transition(".scale(wobble: 2)")
    assert caught.value.column is not None
    with pytest.raises(segue.SpecError, match="column"):
        segue.Animation(".spring(response: )")


def test_a_spec_with_a_nul_is_refused_at_the_nul_not_cut_short_there(engine):
    # C reads a string up to its first NUL: '.opacity\x00.slide' rendered .opacity silently.
    with pytest.raises(segue.SpecError, match="column 9: a spec cannot contain a NUL character") as caught:
        engine.transition(".opacity\x00.slide")
    assert caught.value.column == 9
    with pytest.raises(segue.SpecError, match="NUL"):
        segue.Animation(".bouncy\x00(duration: 9)")
    with pytest.raises(ValueError, match="NUL"):
        engine.load_plugin("plugin.so\x00.txt")
    with pytest.raises(ValueError, match="NUL"):
        segue.Engine(plugin_path="/tmp\x00/elsewhere")


def test_a_frame_over_the_render_budget_raises_over_budget_error():
    engine = segue.Engine(threads=1, max_primitives=10)
    picture_ = picture(8, 8, 1)
    engine.render(".opacity", picture_, picture_, 0.5)
    with pytest.raises(segue.OverBudgetError, match="more than 10 drawing operations") as caught:
        engine.render(".tiktok.combined(with: .tiktok)", picture_, picture_, 0.5)
    assert caught.value.status == 11 and isinstance(caught.value, segue.SegueError)
    small = segue.Engine(threads=1, max_pixels=100)
    with pytest.raises(segue.OverBudgetError, match="more than 100 pixels"):
        small.render(".opacity", picture_, picture_, 0.5)
    with pytest.raises(ValueError, match="max_layer_bytes"):
        segue.Engine(max_layer_bytes=0)


def test_bad_pictures_name_the_expected_shape(engine):
    good = picture(4, 4, 1)
    with pytest.raises(TypeError, match=r"from_: expected dtype uint8 .*\(H, W, 4\) RGBA, got float64"):
        engine.render(".slide", good.astype(np.float64), good, 0.5)
    with pytest.raises(ValueError, match=r"to: expected the shape .*got \(4, 4, 5\)"):
        engine.render(".slide", good, np.zeros((4, 4, 5), np.uint8), 0.5)
    with pytest.raises(ValueError, match=r"got \(4, 4, 4, 1\)"):
        engine.render(".slide", good, np.zeros((4, 4, 4, 1), np.uint8), 0.5)
    with pytest.raises(ValueError, match="at least 1 x 1"):
        engine.render(".slide", good, np.zeros((0, 4, 4), np.uint8), 0.5)
    with pytest.raises(TypeError, match="expected a numpy array or a PIL image, got list"):
        engine.render(".slide", [[1]], good, 0.5)
    with pytest.raises(TypeError, match="pass premultiplied=True"):
        engine.render(".slide", good.view(np.uint32)[..., 0], good, 0.5)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_progress_that_is_not_finite_is_refused(engine, value):
    with pytest.raises(ValueError, match="progress: expected a finite number"):
        engine.render(".slide", None, picture(4, 4, 1), value)


def test_arguments_are_checked_before_drawing(engine):
    a = picture(6, 8, 1)
    cases = [
        (dict(), "give either progress or time"),
        (dict(progress=0.5, time=0.2), "give either progress or time"),
        (dict(time=math.nan), "time: NaN"),
        (dict(progress=0.5, blend="multiply"), "blend: expected one of 'normal', 'plusLighter', got 'multiply'"),
        (dict(progress=0.5, placement="tile"), "placement: expected one of"),
        (dict(progress=0.5, background=(1, 0, 2)), r"background: expected 3 or 4 components in 0…1"),
        (dict(progress=0.5, background="#12345"), "background: expected '#RRGGBB'"),
        (dict(progress=0.5, size=(0, 4)), "size: expected sides in 1…32768, got 0 x 4"),
        (dict(progress=0.5, size=(8, 6), out=np.zeros((6, 9, 4), np.uint8)), r"out: expected 6 x 8 pixels"),
        (dict(progress=0.5, out=np.zeros((6, 8, 2), np.uint8)), r"out: expected the shape \(H, W, 4\) or \(H, W, 3\)"),
        (dict(progress=0.5, out=np.zeros((6, 8, 3), np.uint8), premultiplied=True),
         r"out: expected the shape \(H, W\) uint32 or \(H, W, 4\) uint8"),
        (dict(progress=0.5, out=a), "out: the array shares memory with an input"),
    ]
    for options, message in cases:
        with pytest.raises(ValueError, match=message):
            engine.render(".slide", a, None, **options)
    with pytest.raises(ValueError, match="size: needed when from_ and to are both None"):
        engine.render(".slide", None, None, 0.5)
    with pytest.raises(TypeError, match="out: expected .* got dtype float32"):
        engine.render(".slide", a, None, 0.5, out=np.zeros((6, 8, 4), np.float32))
    with pytest.raises(TypeError, match="transition: expected a Transition or a spec string, got int"):
        engine.render(3, a, None, 0.5)
    frozen = np.zeros((6, 8, 4), np.uint8)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        engine.render(".slide", a, None, 0.5, out=frozen)


def test_a_transition_from_another_engine_is_refused(engine):
    other = segue.Engine(discover_plugins=False)
    with pytest.raises(segue.SegueError, match="another engine|engine") as caught:
        engine.render(other.transition(".slide"), None, picture(4, 4, 1), 0.5)
    assert caught.value.status == 8


def test_plugin_failures_raise_plugin_errors(tmp_path):
    engine = segue.Engine(discover_plugins=False)
    engine.load_plugin(BUILD / "tests" / "plugins" / "misbehaving.so")
    with pytest.raises(segue.PluginError, match="gives up on purpose"):
        engine.render(".failingRender", None, picture(8, 8, 1), 0.5)
    bogus = tmp_path / "bogus.so"
    bogus.write_text("not a plugin")
    with pytest.raises(segue.PluginError, match="bogus.so"):
        engine.load_plugin(bogus)
    rejected = [plugin for plugin in engine.plugins() if not plugin.loaded]
    assert rejected[0].path.endswith("bogus.so") and rejected[0].reason


def test_a_cancel_set_before_the_render_stops_it(engine):
    cancel = segue.Cancel()
    cancel.set()
    with pytest.raises(segue.CancelledError):
        engine.render(".slide", None, picture(8, 8, 1), 0.5, cancel=cancel)
    cancel.clear()
    assert engine.render(".slide", None, picture(8, 8, 1), 0.5, cancel=cancel).shape == (8, 8, 4)


# --- Introspection ---------------------------------------------------------------------------------

def test_effects_list_built_ins_and_plugins_with_their_parameters(engine):
    effects = {effect.name: effect for effect in engine.effects()}
    push = effects["push"] if "push" in effects else None
    scale = effects["scale"]
    assert scale.id == "segue.scale" and scale.plugin is None
    amount = {p.name: p for p in scale.parameters}
    assert amount["scale"].kind == "number" and amount["scale"].animatable and amount["scale"].identity == 1.0
    assert amount["anchor"].kind == "point" and amount["anchor"].identity == (0.5, 0.5)
    shift = effects["shift"]
    assert shift.plugin.endswith("distortions.so")
    assert shift.parameters[0].removal == -1.0 and shift.parameters[0].active == 1.0
    enums = [p for e in effects.values() for p in e.parameters if p.kind == "enum"]
    assert enums and all(p.cases and p.active in p.cases for p in enums)
    assert push is None or push.parameters  # push is a transition, not an effect
    loaded = {os.path.basename(p.path) for p in engine.plugins() if p.loaded}
    assert {"clip.so", "explode.so", "distortions.so"} <= loaded


def test_an_engine_without_discovery_has_only_the_built_ins():
    engine = segue.Engine(discover_plugins=False, plugin_path=[])
    assert engine.plugins() == [] and all(effect.plugin is None for effect in engine.effects())
    with pytest.raises(segue.SpecError, match="unknown effect 'explode'"):
        engine.transition(".explode")


def test_plugin_path_comes_first(tmp_path):
    engine = segue.Engine(plugin_path=[tmp_path, str(tmp_path / "more")])
    assert engine.plugin_folders[:2] == [str(tmp_path), str(tmp_path / "more")]


def test_animations():
    animation = segue.Animation(".easeInOut(duration: 2)")
    assert animation.duration == 2.0 and animation.progress(1.0) == pytest.approx(0.5)
    times = np.array([[0.0, 0.5], [1.0, 2.0]])
    assert np.array_equal(animation.progress(times), [[animation.progress(t) for t in row] for row in times])
    assert segue.Animation(animation.spec).spec == animation.spec
    bouncy = segue.Animation(".bouncy")
    assert max(bouncy.progress(t / 100) for t in range(100)) > 1  # it overshoots
    with pytest.raises(ValueError, match="time: NaN"):
        animation.progress(math.nan)


def test_transitions_combine_and_print_their_spec(engine):
    move = engine.transition(".move(edge: .top)")
    both = move.combined(engine.transition(".opacity"))
    assert both.spec == ".move(edge: .top).combined(with: .opacity)"
    either = segue.Transition.asymmetric(move, engine.transition(".scale"))
    assert engine.transition(either.spec).spec == either.spec
    a = picture(10, 10, 2)
    assert np.array_equal(engine.render(both, None, a, 0.5), engine.render(both.spec, None, a, 0.5))


# --- Documentation and packaging -------------------------------------------------------------------

def test_help_on_render_documents_every_argument():
    text = pydoc.render_doc(segue.Engine.render, renderer=pydoc.plaintext)
    for name in inspect.signature(segue.Engine.render).parameters:
        if name != "self":
            assert re.search(rf"^\s+{name}:\s+\S", text, re.M), f"help(Engine.render) does not document {name}"
    for cls in (segue.Engine, segue.Animation, segue.Transition, segue.SpecError, segue.Cancel):
        assert cls.__doc__


def test_the_package_is_the_installed_wheel_with_its_own_library():
    header = (REPO / "include" / "segue" / "version.h").read_text()
    assert f'#define SEGUE_VERSION_STRING "{segue.__version__}"' in header
    package = os.path.dirname(segue.__file__)
    assert "site-packages" in package
    assert segue.library_path == os.path.join(package, "lib", "libsegue.so")
    assert os.path.exists(os.path.join(package, "py.typed"))
    folders = segue.Engine().plugin_folders
    assert os.path.join(package, "lib", "segue", "plugins") in folders


@pytest.fixture(scope="module")
def plain_install(tmp_path_factory):
    """`pip install ./python` as a user would: the package alone, no library inside."""
    target = tmp_path_factory.mktemp("plain")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps",
                    "--no-build-isolation", "--target", str(target), str(REPO / "python")], check=True)
    assert not (target / "segue" / "lib").exists()
    return target


def _where(target, **environment):
    env = {key: value for key, value in os.environ.items() if key not in ("SEGUE_LIBRARY", "PKG_CONFIG_PATH")}
    env.update(PYTHONPATH=str(target), **environment)
    return subprocess.run([sys.executable, "-c", "import segue; print(segue.library_path); "
                           "print(len(segue.Engine().effects()))"], capture_output=True, text=True, env=env,
                          cwd=target)


def test_a_plain_install_finds_the_library_through_pkg_config(plain_install):
    result = _where(plain_install, PKG_CONFIG_PATH=str(BUILD / "lib" / "pkgconfig"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == str(BUILD / "lib" / "libsegue.so")
    assert int(result.stdout.splitlines()[1]) > 20  # the built tree's plugins found beside it


def test_a_plain_install_finds_the_library_at_segue_library(plain_install):
    result = _where(plain_install, SEGUE_LIBRARY=str(BUILD / "lib" / "libsegue.so"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == str(BUILD / "lib" / "libsegue.so")


def test_a_missing_library_is_a_clear_import_error(plain_install, tmp_path):
    result = _where(plain_install, SEGUE_LIBRARY=str(tmp_path / "nowhere" / "libsegue.so"))
    assert result.returncode != 0
    assert "libsegue.so not found" in result.stderr and "nowhere/libsegue.so (SEGUE_LIBRARY): no such file" \
        in result.stderr
    not_segue = _where(plain_install, SEGUE_LIBRARY="libm.so.6")
    assert "has no segue_version" in not_segue.stderr
