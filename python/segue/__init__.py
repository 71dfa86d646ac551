"""Segue from Python: SwiftUI-style transitions rendered into numpy arrays.

    import segue
    engine = segue.Engine()
    frame = engine.render(".push(from: .trailing)", a, b, 0.5)   # H × W × 4 RGBA

`a` and `b` are numpy arrays (RGBA, RGB or gray, uint8) or PIL images. See
Engine.render for every option, segue.moviepy for transitions between
moviepy clips.
"""
from ._version import __version__
from ._native import path as library_path
from ._errors import CancelledError, OverBudgetError, PluginError, SegueError, SpecError
from ._engine import Animation, Cancel, Effect, Engine, Parameter, Plugin, Transition
from .distributed import render_distributed

__all__ = ["Animation", "Cancel", "CancelledError", "Effect", "Engine", "OverBudgetError", "Parameter", "Plugin", "PluginError",
           "SegueError", "SpecError", "Transition", "__version__", "library_path", "render_distributed"]
