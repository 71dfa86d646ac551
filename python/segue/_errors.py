"""Segue's failures as Python exceptions."""
from __future__ import annotations

import re

from . import _native


class SegueError(Exception):
    """A call into Segue failed. `status` is the C status code, `message` Segue's reason."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class SpecError(SegueError, ValueError):
    """A transition or animation spec was refused.

    `spec` is the string, `column` the 1-based column Segue points at (None
    when it names none); str() shows the spec with a caret under that column.
    """

    def __init__(self, message: str, status: int, spec: str) -> None:
        super().__init__(message, status)
        self.spec = spec
        match = re.match(r"column (\d+): ", message)
        self.column = int(match.group(1)) if match else None

    def __str__(self) -> str:
        if self.column is None:
            return f"{self.message}\n  {self.spec}"
        return f"{self.message}\n  {self.spec}\n  {' ' * (self.column - 1)}^"


class PluginError(SegueError):
    """A plugin was rejected or one of its effects failed; the message names the plugin."""


class CancelledError(SegueError):
    """A render stopped because its `cancel` was set."""


class OverBudgetError(SegueError):
    """A frame would take more work or memory than the engine's render budget allows
    (Engine's max_primitives, max_pixels, max_layer_bytes); the message names which."""


_SPEC_STATUSES = (_native.ERROR_PARSE, _native.ERROR_UNKNOWN_EFFECT, _native.ERROR_UNKNOWN_PARAMETER)


def check(status: int, spec: str | None = None) -> None:
    """Raises the exception for a failed status, with this thread's last error message."""
    if status == _native.OK:
        return
    message = _native.lib.segue_last_error().decode("utf-8", "replace")
    if not message:
        message = _native.lib.segue_status_to_string(status).decode()
    if status in _SPEC_STATUSES and spec is not None:
        raise SpecError(message, status, spec)
    if status == _native.ERROR_PLUGIN:
        raise PluginError(message, status)
    if status == _native.ERROR_CANCELLED:
        raise CancelledError(message, status)
    if status == _native.ERROR_OVER_BUDGET:
        raise OverBudgetError(message, status)
    if status == _native.ERROR_OUT_OF_MEMORY:
        raise MemoryError(message)
    raise SegueError(message, status)
