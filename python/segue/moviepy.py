"""Segue's transitions between moviepy 2 clips, with the sound crossfading along.

    from moviepy import VideoFileClip
    import segue.moviepy

    joined = segue.moviepy.sequence([VideoFileClip(p) for p in paths], ".push(from: .trailing)", 0.8,
                                    animation=".smooth")
    joined.write_videofile("joined.mp4")

Each junction overlaps the end of one clip with the start of the next by its
duration; both stay live (moving) through it, and their sound crossfades
along the transition's progress. Importable only when moviepy is installed.
"""
from __future__ import annotations

import math
from typing import Optional, Sequence, Union

import numpy as np

try:
    from moviepy import AudioClip, CompositeAudioClip, VideoClip
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError("segue.moviepy needs moviepy 2 (pip install 'moviepy>=2')") from error

from ._engine import Animation, ColorLike, Engine, Transition

__all__ = ["transition", "sequence"]

#: The animation a junction runs when none is given, as `segue sequence` does.
DEFAULT_ANIMATION = ".easeInOut(duration: 1)"
_EPSILON = 1e-9
_shared_engine: Optional[Engine] = None


def _engine() -> Engine:
    global _shared_engine
    if _shared_engine is None:
        _shared_engine = Engine()
    return _shared_engine


def transition(clip_a, clip_b, spec: Union[str, Transition], duration: float,
               animation: Union[Animation, str, None] = None, audio: bool = True, **options) -> VideoClip:
    """`clip_a` then `clip_b`, joined by a Segue transition over their last and first `duration` seconds.

    Both clips play on through the overlap; the result lasts clip_a.duration + clip_b.duration −
    duration. `animation` (default ".easeInOut(duration: 1)") is stretched to `duration`; with `audio`,
    the two sounds crossfade along the same progress. `options` are those of sequence().
    """
    return sequence([clip_a, clip_b], spec, duration, animation=animation, audio=audio, **options)


def sequence(clips: Sequence, transitions: Union[str, Transition, Sequence[Union[str, Transition]]],
             durations: Union[float, Sequence[float]], animation: Union[Animation, str, None] = None,
             audio: bool = True, *, engine: Optional[Engine] = None, size: Optional[tuple[int, int]] = None,
             fps: Optional[float] = None, background: Optional[ColorLike] = (0, 0, 0), blend: str = "normal",
             placement: str = "fit", audio_fade: str = "equal-power") -> VideoClip:
    """The clips one after another, each junction a Segue transition, with the offsets worked out.

    Arguments:
      clips:       moviepy clips with a duration, at least one.
      transitions: one spec (or Transition) for every junction, or one per junction.
      durations:   seconds each junction overlaps its two clips: one number, or one per junction.
      animation:   how each junction's progress runs (an Animation or spec), stretched to its duration;
                   default ".easeInOut(duration: 1)".
      audio:       crossfade the clips' sound along the same progress (clips without sound are silent).
      engine:      the Engine to render with; default one shared Engine().
      size:        (width, height) of the result; default the first clip's. Other sizes are placed by
                   `placement` ("fit", "fill", "center", "stretch").
      fps:         the result's frame rate; default the highest of the clips'.
      background:  behind the views, as Engine.render takes it; transparent (None or alpha < 1) or any
                   clip with a mask gives the result a mask.
      blend:       "normal", or "plusLighter" for a true crossfade with ".opacity".
      audio_fade:  "equal-power" (gains cos and sin of p·π/2: constant loudness) or "linear" (1 − p and p).

    Returns a VideoClip lasting the sum of the clips' durations minus the overlaps.
    """
    clips = list(clips)
    if not clips:
        raise ValueError("clips: expected at least one clip")
    for index, clip in enumerate(clips):
        if clip.duration is None:
            raise ValueError(f"clips[{index}]: the clip has no duration; give it one with with_duration()")
    engine = engine or _engine()
    junctions = len(clips) - 1
    specs = _per_junction(transitions, junctions, "transitions", (str, Transition))
    overlaps = [float(d) for d in _per_junction(durations, junctions, "durations", (int, float))]
    parsed = [spec if isinstance(spec, Transition) else engine.transition(spec) for spec in specs]
    if not isinstance(animation, Animation):
        animation = Animation(animation or DEFAULT_ANIMATION)
    if audio_fade not in ("equal-power", "linear"):
        raise ValueError(f"audio_fade: expected 'equal-power' or 'linear', got {audio_fade!r}")
    timeline = _Timeline([float(clip.duration) for clip in clips], overlaps, animation)
    width, height = size or clips[0].size
    renderer = _Renderer(engine, clips, parsed, timeline, (int(width), int(height)), background, blend,
                         placement)
    video = VideoClip(renderer.frame, duration=timeline.total)
    video.fps = fps or max((clip.fps for clip in clips if getattr(clip, "fps", None)), default=None)
    if renderer.needs_mask:
        video = video.with_mask(VideoClip(renderer.mask, is_mask=True, duration=timeline.total))
    if audio and any(clip.audio is not None for clip in clips):
        video = video.with_audio(_audio(clips, timeline, audio_fade))
    return video


def _per_junction(value, junctions: int, name: str, single: tuple) -> list:
    if isinstance(value, single):
        return [value] * junctions
    values = list(value)
    if len(values) != junctions:
        raise ValueError(f"{name}: expected one value or {junctions} (one per junction), got {len(values)}")
    return values


class _Timeline:
    """Where each clip starts, worked out from the durations and overlaps, never accumulated frame by frame."""

    def __init__(self, durations: list[float], overlaps: list[float], animation: Animation) -> None:
        for j, overlap in enumerate(overlaps):
            if not (math.isfinite(overlap) and overlap > 0):
                raise ValueError(f"durations[{j}]: expected a positive number of seconds, got {overlap}")
            if overlap > min(durations[j], durations[j + 1]) + _EPSILON:
                raise ValueError(f"durations[{j}]: the junction lasts {overlap} s, longer than clip {j} "
                                 f"({durations[j]} s) or clip {j + 1} ({durations[j + 1]} s)")
        for i in range(1, len(durations) - 1):
            if overlaps[i - 1] + overlaps[i] > durations[i] + _EPSILON:
                raise ValueError(f"durations: clip {i} lasts {durations[i]} s, less than its two junctions "
                                 f"({overlaps[i - 1]} s and {overlaps[i]} s) together")
        self.durations = durations
        self.overlaps = overlaps
        self.starts = [0.0]
        for j, overlap in enumerate(overlaps):
            self.starts.append(self.starts[j] + durations[j] - overlap)
        self.total = self.starts[-1] + durations[-1]
        self.animation = animation
        self._stretch = animation.duration

    def locate(self, t: float) -> tuple:
        """("junction", j, elapsed) inside junction j, else ("clip", i)."""
        for j, overlap in enumerate(self.overlaps):
            start = self.starts[j + 1]
            if start <= t + _EPSILON and t + _EPSILON < start + overlap:
                return ("junction", j, max(0.0, t - start))
        clip = 0
        while clip + 1 < len(self.starts) and t + _EPSILON >= self.starts[clip + 1]:
            clip += 1
        return ("clip", clip)

    def local(self, clip: int, t: float) -> float:
        """Clip `clip`'s own time at the result's time `t`."""
        return min(max(0.0, t - self.starts[clip]), self.durations[clip])

    def progress(self, junction: int, elapsed):
        """The transition's progress `elapsed` seconds into the junction (a number or an array)."""
        return self.animation.progress(elapsed * (self._stretch / self.overlaps[junction]))


class _Renderer:
    """The result's frames (and mask): a clip's own frame, or a junction rendered by Segue."""

    def __init__(self, engine: Engine, clips: list, transitions: list[Transition], timeline: _Timeline,
                 size: tuple[int, int], background: Optional[ColorLike], blend: str, placement: str) -> None:
        self.engine, self.clips, self.transitions, self.timeline = engine, clips, transitions, timeline
        self.size = size
        self.options = dict(size=size, background=background, blend=blend, placement=placement)
        opaque = background is not None and (isinstance(background, str) and len(background) == 7
                                             or not isinstance(background, str) and
                                             (len(background) == 3 or background[3] >= 1))
        self.needs_mask = not opaque or any(clip.mask is not None for clip in clips)
        self.identity = engine.transition(".identity")
        self._last: Optional[tuple[float, np.ndarray]] = None

    def picture(self, clip: int, t: float) -> np.ndarray:
        """Clip `clip` at the result's time `t`, as uint8 RGB, or RGBA when it has a mask."""
        source = self.clips[clip]
        local = self.timeline.local(clip, t)
        frame = np.asarray(source.get_frame(local))
        if frame.dtype != np.uint8:
            frame = np.clip(frame, 0, 255).astype(np.uint8)
        if source.mask is not None:
            alpha = np.clip(np.asarray(source.mask.get_frame(local)) * 255 + 0.5, 0, 255).astype(np.uint8)
            frame = np.dstack((frame[:, :, :3], alpha))
        return frame

    def render(self, t: float, out: np.ndarray) -> np.ndarray:
        """The result at `t` drawn by Segue into `out` (RGB, or RGBA for a mask)."""
        place = self.timeline.locate(t)
        if place[0] == "junction":
            _, j, elapsed = place
            return self.engine.render(self.transitions[j], self.picture(j, t), self.picture(j + 1, t),
                                      self.timeline.progress(j, elapsed), out=out, **self.options)
        return self.engine.render(self.identity, None, self.picture(place[1], t), 1.0, out=out, **self.options)

    def rgba(self, t: float) -> np.ndarray:
        """The result at `t` with its alpha, drawn once for both the frame and the mask."""
        if self._last is None or self._last[0] != t:
            width, height = self.size
            self._last = (t, self.render(t, np.empty((height, width, 4), np.uint8)))
        return self._last[1]

    def frame(self, t: float) -> np.ndarray:
        if self.needs_mask:
            return self.rgba(t)[:, :, :3]
        place = self.timeline.locate(t)
        if place[0] == "clip":
            picture = self.picture(place[1], t)
            if picture.shape[1::-1] == self.size:
                return picture  # untouched by any transition: the clip's own frame
        width, height = self.size
        return self.render(t, np.empty((height, width, 3), np.uint8))

    def mask(self, t: float) -> np.ndarray:
        return self.rgba(t)[:, :, 3] / 255.0


def _gains(progress: np.ndarray, fade: str) -> tuple[np.ndarray, np.ndarray]:
    """The leaving and the entering sound's gains (progress clamped to 0…1: a spring does not overdrive)."""
    p = np.clip(progress, 0.0, 1.0)
    if fade == "linear":
        return 1.0 - p, p
    return np.cos(p * np.pi / 2), np.sin(p * np.pi / 2)


def _audio(clips: list, timeline: _Timeline, fade: str) -> CompositeAudioClip:
    """Each clip's sound, placed at its start and faded through its junctions."""
    parts = []
    for i, clip in enumerate(clips):
        if clip.audio is None:
            continue

        def envelope(local: np.ndarray, i: int = i) -> np.ndarray:
            gain = np.ones_like(local)
            if i > 0:  # the junction it enters through
                inside = local < timeline.overlaps[i - 1]
                if inside.any():
                    gain[inside] = _gains(timeline.progress(i - 1, local[inside]), fade)[1]
            if i < len(clips) - 1:  # the junction it leaves through
                begin = timeline.durations[i] - timeline.overlaps[i]
                inside = local >= begin
                if inside.any():
                    gain[inside] *= _gains(timeline.progress(i, local[inside] - begin), fade)[0]
            return gain

        def faded(get_frame, t, envelope=envelope):
            sound = get_frame(t)
            gain = envelope(np.atleast_1d(np.asarray(t, np.float64)))
            return sound * (gain[:, None] if np.ndim(t) else gain[0])

        part = clip.audio.with_duration(clip.duration).transform(faded).with_start(timeline.starts[i])
        parts.append(part)
    return CompositeAudioClip(parts).with_duration(timeline.total)
