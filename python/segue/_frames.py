"""Pictures as surfaces: the one place pixels cross between numpy and Segue.

Segue draws in premultiplied ARGB32: one native-endian 32-bit word per
pixel, which on a little-endian machine is the bytes B, G, R, A. An array
already in that layout (``premultiplied=True``) is wrapped where it lies;
every other layout is converted once, by Segue's own import and export
(straight RGBA, opaque RGB) or by one numpy assignment (gray).
"""
from __future__ import annotations

import ctypes
import sys
import threading
from typing import Any, Optional, Union

import numpy as np

from . import _native
from ._errors import check

if sys.byteorder != "little":  # pragma: no cover - Segue's hosts are little-endian
    raise ImportError("segue: this package assumes a little-endian machine (ARGB32 as bytes B, G, R, A)")

#: What `render` accepts as a picture.
Picture = Union[np.ndarray, Any, None]

_SHAPES = "(H, W) gray, (H, W, 2) gray and alpha, (H, W, 3) RGB or (H, W, 4) RGBA"


class _Scratch(threading.local):
    """Arrays reused between renders on one thread, one per use and size."""

    def __init__(self) -> None:
        self.arrays: dict[tuple[str, int, int], np.ndarray] = {}

    def get(self, use: str, height: int, width: int) -> np.ndarray:
        array = self.arrays.get((use, height, width))
        if array is None:
            self.arrays = {key: value for key, value in self.arrays.items() if key[0] != use}
            array = self.arrays[(use, height, width)] = np.empty((height, width, 4), np.uint8)
        return array


_scratch = _Scratch()


def as_array(picture: Any, name: str) -> np.ndarray:
    """A PIL image or an array as a uint8 (or, in Segue's layout, uint32) array, checked."""
    if not isinstance(picture, np.ndarray):
        if type(picture).__module__.startswith("PIL."):
            picture = np.asarray(picture.convert("RGBA" if "A" in picture.getbands() else "RGB"))
        else:
            raise TypeError(f"{name}: expected a numpy array or a PIL image, got {type(picture).__name__}")
    if picture.dtype == np.uint32 and picture.ndim == 2:
        return picture
    if picture.dtype != np.uint8:
        raise TypeError(f"{name}: expected dtype uint8 in the shape {_SHAPES}, got {picture.dtype}")
    if picture.ndim == 2 or (picture.ndim == 3 and picture.shape[2] in (1, 2, 3, 4)):
        if picture.shape[0] < 1 or picture.shape[1] < 1:
            raise ValueError(f"{name}: expected a picture of at least 1 x 1 pixels, got the shape {picture.shape}")
        return picture
    raise ValueError(f"{name}: expected the shape {_SHAPES}, got {picture.shape}")


def _wrappable(array: np.ndarray) -> bool:
    """Whether Segue can use the array's memory as a surface as it is (rows may be padded)."""
    if array.ndim == 2:  # uint32 words
        return array.strides[1] == 4 and array.strides[0] > 0 and array.strides[0] % 4 == 0 \
            and array.ctypes.data % 4 == 0
    return array.strides[2] == 1 and array.strides[1] == 4 and array.strides[0] > 0 \
        and array.strides[0] % 4 == 0 and array.ctypes.data % 4 == 0


def _pixel_rows(array: np.ndarray) -> bool:
    """Whether the array's rows are packed pixels, possibly padded: what import and export read and write."""
    return array.strides[2] == 1 and array.strides[1] == array.shape[2] and array.strides[0] > 0


class Surfaces:
    """Surfaces made for one render, each released when the render ends, with the arrays they use."""

    def __init__(self) -> None:
        self._handles: list[ctypes.c_void_p] = []
        self._arrays: list[np.ndarray] = []

    def __enter__(self) -> "Surfaces":
        return self

    def __exit__(self, *error: object) -> None:
        for handle in self._handles:
            _native.lib.segue_surface_unref(handle)
        self._handles.clear()
        self._arrays.clear()

    def wrap(self, array: np.ndarray) -> ctypes.c_void_p:
        """A surface over the array's memory (already in Segue's layout); nothing is copied."""
        height, width = array.shape[:2]
        handle = ctypes.c_void_p()
        check(_native.lib.segue_surface_wrap(ctypes.c_void_p(array.ctypes.data), width, height,
                                             array.strides[0], ctypes.byref(handle)))
        self._handles.append(handle)
        self._arrays.append(array)
        return handle

    def picture(self, picture: Picture, name: str, premultiplied: bool) -> Optional[ctypes.c_void_p]:
        """The surface a render reads `picture` from; None stays None."""
        if picture is None:
            return None
        array = as_array(picture, name)
        height, width = array.shape[:2]
        if array.ndim == 2 and array.dtype == np.uint32:
            if not premultiplied:
                raise TypeError(f"{name}: a uint32 array is Segue's premultiplied layout: pass premultiplied=True")
            return self.wrap(array if _wrappable(array) else np.ascontiguousarray(array))
        channels = 1 if array.ndim == 2 else array.shape[2]
        if channels == 4 and premultiplied:
            return self.wrap(array if _wrappable(array) else np.ascontiguousarray(array))
        if channels >= 3 or channels == 2:
            packed = array if channels != 2 else np.dstack((array[:, :, :1],) * 3 + (array[:, :, 1:],))
            if not _pixel_rows(packed):
                packed = np.ascontiguousarray(packed)
            surface = self.wrap(_scratch.get(name, height, width))
            self.convert(packed, surface, importing=True)
            return surface
        # Gray, opaque: Segue's layout is the level three times, then 255.
        target = _scratch.get(name, height, width)
        target[:, :, :3] = (array if array.ndim == 2 else array[:, :, 0])[:, :, None]
        target[:, :, 3] = 255
        return self.wrap(target)

    def convert(self, packed: np.ndarray, surface: ctypes.c_void_p, importing: bool) -> None:
        """Straight RGBA or opaque RGB rows into the surface, or the surface into them."""
        height, width, channels = packed.shape
        layout = _native.PIXEL_FORMAT_RGBA if channels == 4 else _native.PIXEL_FORMAT_RGB24
        pixels = _native.Pixels(struct_size=ctypes.sizeof(_native.Pixels), format=layout, width=width, height=height)
        pixels.planes[0] = packed.ctypes.data
        pixels.strides[0] = packed.strides[0]
        if importing:
            check(_native.lib.segue_surface_import(ctypes.byref(pixels), surface))
        else:
            check(_native.lib.segue_surface_export(surface, ctypes.byref(pixels)))

    def target(self, height: int, width: int, out: Optional[np.ndarray], premultiplied: bool,
               inputs: tuple[Picture, ...]) -> tuple[np.ndarray, ctypes.c_void_p, bool]:
        """The array a render returns, the surface it draws into, and whether that surface needs exporting to it."""
        if out is None:
            out = np.empty((height, width, 4), np.uint8)
        else:
            if not isinstance(out, np.ndarray):
                raise TypeError(f"out: expected a numpy array, got {type(out).__name__}")
            expected = "(H, W) uint32 or (H, W, 4) uint8" if premultiplied else "(H, W, 4) or (H, W, 3) uint8"
            if premultiplied and out.dtype == np.uint32 and out.ndim == 2:
                pass
            elif out.dtype != np.uint8:
                raise TypeError(f"out: expected {expected}, got dtype {out.dtype}")
            elif out.ndim != 3 or out.shape[2] not in ((4,) if premultiplied else (3, 4)):
                raise ValueError(f"out: expected the shape {expected}, got {out.shape}")
            if out.shape[:2] != (height, width):
                raise ValueError(f"out: expected {height} x {width} pixels (H, W) for the size asked, "
                                 f"got {out.shape[0]} x {out.shape[1]}")
            if not out.flags.writeable:
                raise ValueError("out: the array is read-only")
            for picture in inputs:
                if isinstance(picture, np.ndarray) and np.shares_memory(out, picture):
                    raise ValueError("out: the array shares memory with an input; render into another one")
        if premultiplied:
            if _wrappable(out):
                return out, self.wrap(out), False
            return out, self.wrap(_scratch.get("target", height, width)), True
        if not _pixel_rows(out):
            raise ValueError(f"out: expected rows of {out.shape[2]}-byte pixels (strides (row, {out.shape[2]}, 1)), "
                             f"got the strides {out.strides}")
        return out, self.wrap(_scratch.get("target", height, width)), True

    def deliver(self, surface: ctypes.c_void_p, out: np.ndarray, premultiplied: bool) -> None:
        """The rendered surface into `out`: copied as it is, or exported to straight RGBA or to RGB."""
        if premultiplied:
            out[...] = _scratch.get("target", *out.shape[:2]).view(out.dtype).reshape(out.shape)
        else:
            self.convert(out, surface, importing=False)
