"""Engines, transitions and animations: Segue's objects as Python classes."""
from __future__ import annotations

import ctypes
import math
import os
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence, TypeVar, Union, overload

import numpy as np

from . import _native
from ._errors import SpecError, check
from ._frames import Picture, Surfaces

PathLike = Union[str, "os.PathLike[str]"]
#: A colour: (red, green, blue) or (red, green, blue, alpha) in 0…1, or "#RRGGBB" / "#RRGGBBAA".
ColorLike = Union[Sequence[float], str]
_Struct = TypeVar("_Struct", bound=ctypes.Structure)


def _text(spec: str, name: str) -> bytes:
    if not isinstance(spec, str):
        raise TypeError(f"{name}: expected a spec string, got {type(spec).__name__}")
    if "\0" in spec:  # C would read the spec only up to it
        raise SpecError(f"column {spec.index(chr(0)) + 1}: a spec cannot contain a NUL character",
                        _native.ERROR_PARSE, spec)
    return spec.encode()


def _c_string(text: bytes, name: str) -> bytes:
    """`text` for a C string argument; ValueError when it holds a NUL, where C would cut it short."""
    if b"\0" in text:
        raise ValueError(f"{name} contains a NUL character (at byte {text.index(bytes(1))}), which a C string cannot hold")
    return text


def _spec_of(function, handle: ctypes.c_void_p) -> str:
    length = ctypes.c_size_t()
    check(function(handle, None, 0, ctypes.byref(length)))
    buffer = ctypes.create_string_buffer(length.value + 1)
    check(function(handle, buffer, len(buffer), ctypes.byref(length)))
    return buffer.value.decode()


class Animation:
    """How progress runs over time: a SwiftUI curve or spring, from a spec.

    Animation(".easeInOut(duration: 2)").progress(1.0) is 0.5; Animation(".bouncy").duration is its
    settling time, about 0.82 s.
    """

    def __init__(self, spec: str = ".default") -> None:
        """Parses `spec` (".smooth", ".spring(response: 0.4, dampingFraction: 0.7)" …); raises SpecError."""
        self._handle = ctypes.c_void_p()
        check(_native.lib.segue_animation_parse(_text(spec, "spec"), ctypes.byref(self._handle)), spec)

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            _native.lib.segue_animation_unref(self._handle)

    @property
    def duration(self) -> float:
        """Seconds until progress stays at its end (a spring's settling time)."""
        seconds = ctypes.c_double()
        check(_native.lib.segue_animation_duration(self._handle, ctypes.byref(seconds)))
        return seconds.value

    @property
    def spec(self) -> str:
        """The animation as a spec string that parses back to it."""
        return _spec_of(_native.lib.segue_animation_spec, self._handle)

    @overload
    def progress(self, time: float) -> float: ...
    @overload
    def progress(self, time: np.ndarray) -> np.ndarray: ...

    def progress(self, time):
        """Progress at `time` seconds (a spring may overshoot 1); an array of times gives an array."""
        if isinstance(time, np.ndarray):
            return np.array([self.progress(float(t)) for t in time.ravel()], np.float64).reshape(time.shape)
        if math.isnan(time):
            raise ValueError("time: NaN")
        value = ctypes.c_double()
        check(_native.lib.segue_animation_progress(self._handle, float(time), ctypes.byref(value)))
        return value.value

    def __repr__(self) -> str:
        return f"segue.Animation({self.spec!r})"


class Transition:
    """A parsed transition of one engine; made by Engine.transition()."""

    def __init__(self, engine: "Engine", handle: ctypes.c_void_p) -> None:
        self.engine = engine
        self._handle = handle

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            _native.lib.segue_transition_unref(self._handle)

    @property
    def spec(self) -> str:
        """The transition as a spec string that parses back to it."""
        return _spec_of(_native.lib.segue_transition_spec, self._handle)

    def combined(self, other: "Transition") -> "Transition":
        """Both transitions at once, as SwiftUI's `combined(with:)`."""
        handle = ctypes.c_void_p()
        check(_native.lib.segue_transition_combined(self._handle, other._handle, ctypes.byref(handle)))
        return Transition(self.engine, handle)

    @staticmethod
    def asymmetric(insertion: "Transition", removal: "Transition") -> "Transition":
        """`insertion` for the inserted view, `removal` for the removed one, as SwiftUI's `.asymmetric`."""
        handle = ctypes.c_void_p()
        check(_native.lib.segue_transition_asymmetric(insertion._handle, removal._handle, ctypes.byref(handle)))
        return Transition(insertion.engine, handle)

    def __repr__(self) -> str:
        return f"<segue.Transition {self.spec}>"


@dataclass(frozen=True)
class Parameter:
    """One parameter of an effect: its kind ("number", "integer", "bool", "color",
    "point", "enum" or "string"), its range, and its default active, identity and
    (for asymmetric shorthands such as `.shift`) removal values."""
    name: str
    summary: str
    kind: str
    animatable: bool
    range: Optional[tuple[float, float]]
    active: object
    identity: object
    removal: object
    cases: tuple[str, ...]


@dataclass(frozen=True)
class Effect:
    """An effect the engine knows: `id` is `vendor.name`, `name` what specs use;
    `plugin` is the file that provides it, None for built-ins."""
    id: str
    name: str
    summary: str
    plugin: Optional[str]
    parameters: tuple[Parameter, ...]


@dataclass(frozen=True)
class Plugin:
    """A plugin file the engine tried: loaded, or rejected with a `reason`."""
    path: str
    loaded: bool
    name: Optional[str]
    version: Optional[str]
    reason: Optional[str]
    effect_count: int


class Cancel:
    """A flag another thread sets to stop a render, which then raises CancelledError."""

    def __init__(self) -> None:
        self._flag = ctypes.c_int32(0)

    def set(self) -> None:
        self._flag.value = 1

    def clear(self) -> None:
        self._flag.value = 0

    def is_set(self) -> bool:
        return self._flag.value != 0


def _filled(struct: type[_Struct], function, *args) -> _Struct:
    """A `struct` (its struct_size set) that the C `function` fills in, called with `args` and a pointer to it."""
    info = struct(struct_size=ctypes.sizeof(struct))
    check(function(*args, ctypes.byref(info)))
    return info


def _string(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode()


def _value(value: _native.Value) -> object:
    kind = _native.KINDS.get(value.kind)
    if kind == "number":
        return value.number
    if kind == "integer":
        return int(value.number)
    if kind == "bool":
        return value.number != 0
    if kind == "color":
        return (value.color.red, value.color.green, value.color.blue, value.color.alpha)
    if kind == "point":
        return (value.point.x, value.point.y)
    return _string(value.text)


def _color(color: Optional[ColorLike]) -> _native.Color:
    if color is None:
        return _native.Color(0, 0, 0, 0)
    if isinstance(color, str):
        digits = color[1:] if color.startswith("#") else ""
        if len(digits) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in digits):
            raise ValueError(f"background: expected '#RRGGBB' or '#RRGGBBAA', got {color!r}")
        components = [int(digits[i:i + 2], 16) / 255 for i in range(0, len(digits), 2)]
    else:
        components = [float(c) for c in color]
        if len(components) not in (3, 4) or not all(0 <= c <= 1 for c in components):
            raise ValueError(f"background: expected 3 or 4 components in 0…1, got {tuple(color)}")
    if len(components) == 3:
        components.append(1.0)
    return _native.Color(*components)


def _choice(value: str, choices: dict[str, int], name: str) -> int:
    if value not in choices:
        raise ValueError(f"{name}: expected one of {', '.join(map(repr, choices))}, got {value!r}")
    return choices[value]


class Engine:
    """Segue's engine: the built-in effects, the plugins it finds, the threads it renders with.

    One engine serves a whole program and may be used from many threads at once.
    """

    def __init__(self, threads: Optional[int] = None, plugin_path: Union[None, PathLike, Iterable[PathLike]] = None,
                 *, discover_plugins: bool = True, max_primitives: Optional[int] = None,
                 max_pixels: Optional[int] = None, max_layer_bytes: Optional[int] = None) -> None:
        """
        threads:          threads one render may use; None (or 0) for one per processor, 1 for the calling
                          thread only. Results are identical whatever the count.
        plugin_path:      plugin folders searched first: a path or a list of paths.
        discover_plugins: False leaves out SEGUE_PLUGIN_PATH and the installation's plugin folder.
        max_primitives, max_pixels, max_layer_bytes:
                          the render budget (drawing operations, pixels drawn and bytes of filtered images
                          one frame may take); None for Segue's defaults. A frame over it raises OverBudgetError.
        """
        if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool)):
            raise TypeError(f"threads: expected an int or None, got {type(threads).__name__}")
        budget = {"max_primitives": max_primitives, "max_pixels": max_pixels, "max_layer_bytes": max_layer_bytes}
        for name, value in budget.items():
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                raise ValueError(f"{name}: expected a positive int or None, got {value!r}")
        if isinstance(plugin_path, (str, os.PathLike)):
            plugin_path = [plugin_path]
        folders = ":".join(os.fspath(folder) for folder in plugin_path) if plugin_path is not None else None
        options = _native.EngineOptions(struct_size=ctypes.sizeof(_native.EngineOptions), threads=threads or 0,
                                        plugin_path=_c_string(os.fsencode(folders), "plugin_path") if folders else None,
                                        flags=0 if discover_plugins else _native.ENGINE_NO_PLUGIN_DISCOVERY,
                                        **{name: min(value or 0, 2**64 - 1) for name, value in budget.items()})
        self._handle = ctypes.c_void_p()
        check(_native.lib.segue_engine_create(ctypes.byref(options), ctypes.byref(self._handle)))

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            _native.lib.segue_engine_unref(self._handle)

    def transition(self, spec: str) -> Transition:
        """Parses a transition spec, e.g. ".push(from: .trailing)" or ".opacity.combined(with: .scale)".

        Raises SpecError (with the column) for a spec Segue refuses."""
        handle = ctypes.c_void_p()
        check(_native.lib.segue_transition_parse(self._handle, _text(spec, "spec"), ctypes.byref(handle)), spec)
        return Transition(self, handle)

    def load_plugin(self, path: PathLike) -> None:
        """Loads one plugin file; raises PluginError (naming the file and why) when it is rejected."""
        check(_native.lib.segue_engine_load_plugin(self._handle, _c_string(os.fsencode(path), "path")))

    @property
    def plugin_folders(self) -> list[str]:
        """The folders searched for plugins, in order."""
        folders = []
        while (folder := _native.lib.segue_engine_plugin_folder(self._handle, len(folders))) is not None:
            folders.append(folder.decode())
        return folders

    def plugins(self) -> list[Plugin]:
        """Every plugin file the engine tried, loaded or rejected (with the reason)."""
        plugins = []
        for index in range(_native.lib.segue_engine_plugin_count(self._handle)):
            info = _filled(_native.PluginInfo, _native.lib.segue_engine_plugin, self._handle, index)
            plugins.append(Plugin(_string(info.path), bool(info.loaded), _string(info.name), _string(info.version),
                                  _string(info.reason), info.effect_count))
        return plugins

    def effects(self) -> list[Effect]:
        """Every effect the engine knows, built-ins first, with their parameters."""
        effects = []
        for index in range(_native.lib.segue_engine_effect_count(self._handle)):
            info = _filled(_native.EffectInfo, _native.lib.segue_engine_effect, self._handle, index)
            parameters = []
            for number in range(info.param_count):
                desc = _filled(_native.ParamDesc, _native.lib.segue_engine_effect_param, self._handle, index, number)
                parameters.append(Parameter(
                    name=desc.name.decode(), summary=_string(desc.summary) or "",
                    kind=_native.KINDS.get(desc.kind, str(desc.kind)),
                    animatable=bool(desc.flags & _native.PARAM_ANIMATABLE),
                    range=(desc.minimum, desc.maximum) if desc.flags & _native.PARAM_HAS_RANGE else None,
                    active=_value(desc.active), identity=_value(desc.identity),
                    removal=_value(desc.removal) if desc.flags & _native.PARAM_HAS_REMOVAL else None,
                    cases=tuple(desc.cases[i].decode() for i in range(desc.case_count))))
            effects.append(Effect(info.id.decode(), info.name.decode(), _string(info.summary) or "",
                                  _string(info.plugin_path), tuple(parameters)))
        return effects

    def render(self, transition: Union[Transition, str], from_: Picture, to: Picture,
               progress: Optional[float] = None, *, time: Optional[float] = None,
               animation: Union[Animation, str, None] = None, size: Optional[tuple[int, int]] = None,
               background: Optional[ColorLike] = None, blend: str = "normal", placement: str = "fit",
               premultiplied: bool = False, out: Optional[np.ndarray] = None,
               cancel: Optional[Cancel] = None) -> np.ndarray:
        """Renders one frame of `transition`, removing `from_` and inserting `to`.

        Arguments:
          transition:    a Transition of this engine, or a spec string such as ".push(from: .trailing)".
          from_:         the removed picture, or None for no view: a uint8 array of shape (H, W) gray,
                         (H, W, 2) gray and alpha, (H, W, 3) RGB or (H, W, 4) RGBA (straight alpha), or a
                         PIL image. A picture of another size than the output is placed by `placement`.
          to:            the inserted picture, or None, as `from_`.
          progress:      0 shows `from_` as it is and `to` in its transition's active state, 1 the reverse;
                         any finite number (springs overshoot). Give it or `time`, not both.
          time:          seconds into `animation`, which then gives the progress.
          animation:     an Animation or a spec (".smooth", ".bouncy" …) for `time`; default ".default".
          size:          (width, height) of the output; default the size of `out`, else of `to`, else of
                         `from_`.
          background:    behind both views: (r, g, b) or (r, g, b, a) in 0…1, or "#RRGGBB[AA]";
                         default transparent.
          blend:         "normal" (the top view over the other) or "plusLighter" (added: with ".opacity",
                         a true crossfade).
          placement:     "fit" (letterboxed), "fill" (cropped), "center" (unscaled) or "stretch".
          premultiplied: False: 4-channel pictures and the output are straight-alpha RGBA. True: they are
                         Segue's own layout, premultiplied ARGB32 words (bytes B, G, R, A), as (H, W, 4)
                         uint8 or (H, W) uint32, and are used in place, rows padded or not, with no
                         conversion.
          out:           an array to render into, returned; default a new H × W × 4 one. H × W × 4 uint8, or
                         H × W × 3 uint8 for opaque RGB (alpha dropped: the frame over black, unless
                         `background` is opaque); with premultiplied=True, H × W × 4 uint8 or H × W uint32.
          cancel:        a Cancel another thread may set to stop the render (CancelledError).

        Returns the frame: a new H × W × 4 uint8 array, or `out`. The GIL is released while Segue draws.

        Raises SpecError for a spec Segue refuses, TypeError or ValueError for pictures of the wrong
        dtype or shape and for bad arguments (NaN progress among them), PluginError when a plugin's
        effect fails, CancelledError when `cancel` was set.
        """
        if isinstance(transition, str):
            transition = self.transition(transition)
        elif not isinstance(transition, Transition):
            raise TypeError(f"transition: expected a Transition or a spec string, got {type(transition).__name__}")
        if (progress is None) == (time is None):
            raise ValueError("give either progress or time (with an animation), not both or neither")
        if progress is not None:
            progress = float(progress)
            if not math.isfinite(progress):
                raise ValueError(f"progress: expected a finite number, got {progress}")
        else:
            time = float(time)
            if math.isnan(time):
                raise ValueError("time: NaN")
            if not isinstance(animation, Animation):
                animation = Animation(animation if animation is not None else ".default")
        scene = _native.Scene(struct_size=ctypes.sizeof(_native.Scene), background=_color(background),
                              placement=_choice(placement, _native.PLACEMENTS, "placement"),
                              blend=_choice(blend, _native.BLENDS, "blend"))
        if cancel is not None:
            scene.cancel = ctypes.pointer(cancel._flag)
        with Surfaces() as surfaces:
            source = surfaces.picture(from_, "from_", premultiplied)
            inserted = surfaces.picture(to, "to", premultiplied)
            height, width = self._output_size(size, out, to, from_)
            out, target, export = surfaces.target(height, width, out, premultiplied, (from_, to))
            if progress is not None:
                status = _native.lib.segue_render(self._handle, transition._handle, source, inserted, progress,
                                                  ctypes.byref(scene), target)
            else:
                status = _native.lib.segue_render_at_time(self._handle, transition._handle, animation._handle,
                                                          source, inserted, time, ctypes.byref(scene), target)
            check(status)
            if export:
                surfaces.deliver(target, out, premultiplied)
        return out

    @staticmethod
    def _output_size(size: Optional[tuple[int, int]], out: Optional[np.ndarray], to: Picture,
                     from_: Picture) -> tuple[int, int]:
        """(height, width) of the frame."""
        if size is not None:
            try:
                width, height = (int(side) for side in size)
            except (TypeError, ValueError):
                raise TypeError(f"size: expected (width, height), got {size!r}") from None
            if not (0 < width <= 32768 and 0 < height <= 32768):
                raise ValueError(f"size: expected sides in 1…32768, got {width} x {height}")
            return height, width
        for picture in (out, to, from_):
            if isinstance(picture, np.ndarray):
                return picture.shape[0], picture.shape[1]
            if picture is not None:  # a PIL image, already checked
                width, height = picture.size
                return height, width
        raise ValueError("size: needed when from_ and to are both None")
