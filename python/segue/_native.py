"""libsegue.so, found and declared for ctypes.

The declarations below mirror the C contract in include/segue/*.h, the
headers' documentation being the reference for what each call does. Every
call goes through ctypes.CDLL, which releases the GIL for its duration, so a
render on one Python thread does not stop the others.
"""
from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
from ctypes import POINTER, Structure, c_char_p, c_double, c_int32, c_size_t, c_uint32, c_uint64, c_void_p

#: The oldest library this binding speaks to (SEGUE_VERSION_NUMBER of 0.3.0: the render budget).
REQUIRED_VERSION = 300

# segue_status codes (segue/types.h).
OK = 0
ERROR_INVALID_ARGUMENT = 1
ERROR_OUT_OF_MEMORY = 2
ERROR_IO = 3
ERROR_FORMAT = 4
ERROR_PARSE = 5
ERROR_UNKNOWN_EFFECT = 6
ERROR_UNKNOWN_PARAMETER = 7
ERROR_MISMATCH = 8
ERROR_PLUGIN = 9
ERROR_CANCELLED = 10
ERROR_OVER_BUDGET = 11

# segue_kind (segue/types.h), by the names Python shows.
KINDS = {1: "number", 2: "integer", 3: "bool", 4: "color", 5: "point", 6: "enum", 7: "string"}

# Parameter flags (segue/plugin.h).
PARAM_ANIMATABLE = 0x1
PARAM_HAS_RANGE = 0x2
PARAM_HAS_REMOVAL = 0x4

# segue_pixel_format (segue/pixels.h).
PIXEL_FORMAT_RGBA = 3
PIXEL_FORMAT_BGRA = 4
PIXEL_FORMAT_RGB24 = 5

# segue_blend and segue_placement (segue/types.h, segue/render.h): those a scene accepts.
BLENDS = {"normal": 0, "plusLighter": 1}
PLACEMENTS = {"fit": 0, "fill": 1, "center": 2, "stretch": 3}

ENGINE_NO_PLUGIN_DISCOVERY = 0x1


class Color(Structure):
    _fields_ = [("red", c_double), ("green", c_double), ("blue", c_double), ("alpha", c_double)]


class Point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


class Value(Structure):
    _fields_ = [("kind", c_uint32), ("number", c_double), ("point", Point), ("color", Color), ("text", c_char_p)]


class ParamDesc(Structure):
    _fields_ = [("struct_size", c_uint32), ("flags", c_uint32), ("name", c_char_p), ("summary", c_char_p),
                ("kind", c_uint32), ("minimum", c_double), ("maximum", c_double), ("active", Value),
                ("identity", Value), ("cases", POINTER(c_char_p)), ("case_count", c_uint32), ("removal", Value)]


class EffectInfo(Structure):
    _fields_ = [("struct_size", c_uint32), ("param_count", c_uint32), ("id", c_char_p), ("name", c_char_p),
                ("summary", c_char_p), ("plugin_path", c_char_p)]


class PluginInfo(Structure):
    _fields_ = [("struct_size", c_uint32), ("loaded", c_int32), ("path", c_char_p), ("name", c_char_p),
                ("version", c_char_p), ("reason", c_char_p), ("effect_count", c_uint32)]


class EngineOptions(Structure):
    _fields_ = [("struct_size", c_uint32), ("threads", c_int32), ("plugin_path", c_char_p), ("flags", c_uint32),
                ("max_primitives", c_uint64), ("max_pixels", c_uint64), ("max_layer_bytes", c_uint64)]


class Scene(Structure):
    _fields_ = [("struct_size", c_uint32), ("width", c_int32), ("height", c_int32), ("background", Color),
                ("placement", c_uint32), ("stacking", c_uint32), ("blend", c_uint32),
                ("cancel", POINTER(c_int32))]


class Pixels(Structure):
    _fields_ = [("struct_size", c_uint32), ("format", c_uint32), ("matrix", c_uint32), ("range", c_uint32),
                ("width", c_int32), ("height", c_int32), ("planes", c_void_p * 3), ("strides", c_int32 * 3)]


Handle = c_void_p
Status = c_int32

# name: (result, argument types)
_FUNCTIONS = {
    "segue_version": (c_uint32, []),
    "segue_version_string": (c_char_p, []),
    "segue_last_error": (c_char_p, []),
    "segue_status_to_string": (c_char_p, [Status]),
    "segue_engine_create": (Status, [POINTER(EngineOptions), POINTER(Handle)]),
    "segue_engine_unref": (None, [Handle]),
    "segue_engine_load_plugin": (Status, [Handle, c_char_p]),
    "segue_engine_plugin_folder": (c_char_p, [Handle, c_size_t]),
    "segue_engine_plugin_count": (c_size_t, [Handle]),
    "segue_engine_plugin": (Status, [Handle, c_size_t, POINTER(PluginInfo)]),
    "segue_engine_effect_count": (c_size_t, [Handle]),
    "segue_engine_effect": (Status, [Handle, c_size_t, POINTER(EffectInfo)]),
    "segue_engine_effect_param": (Status, [Handle, c_size_t, c_uint32, POINTER(ParamDesc)]),
    "segue_transition_parse": (Status, [Handle, c_char_p, POINTER(Handle)]),
    "segue_transition_combined": (Status, [Handle, Handle, POINTER(Handle)]),
    "segue_transition_asymmetric": (Status, [Handle, Handle, POINTER(Handle)]),
    "segue_transition_spec": (Status, [Handle, c_char_p, c_size_t, POINTER(c_size_t)]),
    "segue_transition_unref": (None, [Handle]),
    "segue_animation_parse": (Status, [c_char_p, POINTER(Handle)]),
    "segue_animation_progress": (Status, [Handle, c_double, POINTER(c_double)]),
    "segue_animation_duration": (Status, [Handle, POINTER(c_double)]),
    "segue_animation_spec": (Status, [Handle, c_char_p, c_size_t, POINTER(c_size_t)]),
    "segue_animation_unref": (None, [Handle]),
    "segue_surface_wrap": (Status, [c_void_p, c_int32, c_int32, c_int32, POINTER(Handle)]),
    "segue_surface_data": (c_void_p, [Handle]),
    "segue_surface_unref": (None, [Handle]),
    "segue_surface_import": (Status, [POINTER(Pixels), Handle]),
    "segue_surface_export": (Status, [Handle, POINTER(Pixels)]),
    "segue_render": (Status, [Handle, Handle, Handle, Handle, c_double, POINTER(Scene), Handle]),
    "segue_render_at_time": (Status, [Handle, Handle, Handle, Handle, Handle, c_double, POINTER(Scene), Handle]),
}


def _candidates() -> list[tuple[str, str]]:
    """Where libsegue.so may be, in the order it is looked for, each with how it was found."""
    found = []
    explicit = os.environ.get("SEGUE_LIBRARY")
    if explicit:
        return [(explicit, "SEGUE_LIBRARY")]
    # A wheel carries the library in segue/lib/, laid out as an installation
    # (plugins in segue/lib/segue/plugins), so the library finds its plugins.
    beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "libsegue.so")
    found.append((beside, "the package's own lib/"))
    pkg_config = shutil.which("pkg-config")
    if pkg_config:
        result = subprocess.run([pkg_config, "--variable=libdir", "segue"], capture_output=True, text=True)
        if result.returncode == 0 and result.stdout.strip():
            found.append((os.path.join(result.stdout.strip(), "libsegue.so"), "pkg-config"))
    found.append(("libsegue.so", "the dynamic linker's search path"))
    return found


def _load() -> tuple[ctypes.CDLL, str]:
    tried = []
    for path, source in _candidates():
        if os.path.isabs(path) and not os.path.exists(path):
            tried.append(f"{path} ({source}): no such file")
            continue
        try:
            library = ctypes.CDLL(path)
        except OSError as error:
            tried.append(f"{path} ({source}): {error}")
            continue
        return library, path
    raise ImportError("segue: libsegue.so not found; build or install Segue, or set SEGUE_LIBRARY to its path. "
                      "Tried: " + "; ".join(tried))


def _declare(library: ctypes.CDLL, path: str) -> None:
    for name, (result, arguments) in _FUNCTIONS.items():
        try:
            function = getattr(library, name)
        except AttributeError:
            raise ImportError(f"segue: {path} has no {name}: it is not libsegue.so, or too old") from None
        function.restype = result
        function.argtypes = arguments
    version = library.segue_version()
    if version < REQUIRED_VERSION:
        raise ImportError(f"segue: {path} is libsegue {library.segue_version_string().decode()}, "
                          f"older than the 0.3.0 this package needs")


lib, path = _load()
_declare(lib, path)
