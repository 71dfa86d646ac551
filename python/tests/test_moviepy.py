"""segue.moviepy: real moviepy clips joined, written and read back, checked against engine.render; its
timing and gains against the vectors the Swift sequence is held to."""
import json
import subprocess

import imageio_ffmpeg
import numpy as np
import pytest
from moviepy import AudioClip, ColorClip, VideoClip

import segue
import segue.moviepy as sm
from conftest import REPO

FPS = 25
RATE = 44100
WIDTH, HEIGHT = 160, 96


def moving(seed: int, width: int = WIDTH, height: int = HEIGHT):
    """A frame function whose picture moves with time, so a frozen frame would show."""
    y, x = np.mgrid[0:height, 0:width]

    def frame(t):
        picture = np.empty((height, width, 3), np.uint8)
        picture[..., 0] = (x * 3 + int(round(t * 250))) % 256
        picture[..., 1] = (y * 5 + seed * 70) % 256
        picture[..., 2] = ((x + y) * 2 + seed * 90 + int(round(t * 100))) % 256
        return picture
    return frame


def tone(frequency: float, duration: float) -> AudioClip:
    def sound(t):
        wave = 0.5 * np.sin(2 * np.pi * frequency * np.asarray(t, np.float64))
        return np.stack((wave, wave), axis=-1)
    return AudioClip(sound, duration=duration, fps=RATE)


def clip(seed: int, duration: float, frequency: float, **size) -> VideoClip:
    return VideoClip(moving(seed, **size), duration=duration).with_fps(FPS).with_audio(tone(frequency, duration))


def decode(path, width, height) -> np.ndarray:
    raw = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-i", str(path), "-f", "rawvideo",
                          "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)


def test_a_sequence_written_to_mp4_shows_engine_renders_of_the_live_clips(tmp_path):
    engine = segue.Engine()
    durations, overlaps = [1.0, 1.0, 1.2], [0.4, 0.5]
    sources = [clip(i, d, 220 * (i + 1)) for i, d in enumerate(durations)]
    specs = [".push(from: .trailing)", ".explode"]
    joined = sm.sequence(sources, specs, overlaps, animation=".smooth", engine=engine)
    assert joined.duration == pytest.approx(3.2 - 0.9) and joined.fps == FPS and joined.size == (WIDTH, HEIGHT)
    path = tmp_path / "joined.mp4"
    # Lossless RGB H.264, so the file holds exactly the frames moviepy was given.
    joined.write_videofile(str(path), codec="libx264rgb", ffmpeg_params=["-qp", "0"], audio_codec="aac",
                           logger=None)
    frames = decode(path, WIDTH, HEIGHT)
    assert len(frames) == int(joined.duration * FPS)  # what moviepy writes: frame i at i / fps

    # The expectation, worked out here by hand: clip starts 0, 0.6 and 1.1 s.
    starts = [0.0, 0.6, 1.1]
    smooth = segue.Animation(".smooth")
    originals = [moving(i) for i in range(3)]
    rendered = 0
    for index, frame in enumerate(frames):
        t = index / FPS
        junction = next((j for j in range(2) if starts[j + 1] - 1e-9 <= t < starts[j + 1] + overlaps[j] - 1e-9),
                        None)
        if junction is None:
            clip_index = max(i for i in range(3) if starts[i] <= t + 1e-9)
            expected = originals[clip_index](t - starts[clip_index])
        else:
            progress = smooth.progress((t - starts[junction + 1]) * smooth.duration / overlaps[junction])
            expected = engine.render(specs[junction], originals[junction](t - starts[junction]),
                                     originals[junction + 1](t - starts[junction + 1]), progress,
                                     background=(0, 0, 0))[..., :3]
            rendered += 1
        assert np.array_equal(frame, expected), f"frame {index} (t = {t:.2f} s)"
    assert rendered == 10 + 12  # t = 0.60 … 0.96 and 1.12 … 1.56

    streams = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-i", str(path)],
                             capture_output=True, text=True).stderr
    assert "Audio: aac" in streams and "Video: h264" in streams


def test_sound_crossfades_along_the_transitions_progress():
    a, b = clip(0, 1.0, 300), clip(1, 1.0, 500)
    for fade, gains in (("equal-power", lambda p: (np.cos(p * np.pi / 2), np.sin(p * np.pi / 2))),
                        ("linear", lambda p: (1 - p, p))):
        joined = sm.transition(a, b, ".slide", 0.5, animation=".easeIn(duration: 0.3)", audio_fade=fade)
        t = np.linspace(0, joined.duration - 1e-6, 4001)
        sound = joined.audio.get_frame(t)
        ease = segue.Animation(".easeIn(duration: 0.3)")
        p = np.clip(ease.progress(np.clip(t - 0.5, 0, 0.5) * 0.3 / 0.5), 0, 1)
        leaving, entering = gains(p)
        wave_a = 0.5 * np.sin(2 * np.pi * 300 * t) * (t < 1.0)
        wave_b = 0.5 * np.sin(2 * np.pi * 500 * (t - 0.5)) * (t >= 0.5)
        expected = np.where(t < 0.5, wave_a, np.where(t < 1.0, wave_a * leaving + wave_b * entering, wave_b))
        assert sound.shape == (len(t), 2)
        assert np.abs(sound[:, 0] - expected).max() < 1e-9, fade
        assert np.abs(sound[:, 1] - expected).max() < 1e-9, fade


def test_a_transition_keeps_both_clips_live_and_places_other_sizes():
    engine = segue.Engine()
    a = clip(0, 1.0, 300)
    b = clip(1, 1.0, 500, width=80, height=80)
    joined = sm.transition(a, b, ".opacity", 0.5, animation=".linear(duration: 1)", engine=engine,
                           blend="plusLighter", background="#102030", placement="center")
    assert joined.duration == pytest.approx(1.5) and joined.size == (WIDTH, HEIGHT)
    for t in (0.55, 0.75, 0.95):
        expected = engine.render(".opacity", moving(0)(t), moving(1, 80, 80)(t - 0.5), (t - 0.5) / 0.5,
                                 size=(WIDTH, HEIGHT), blend="plusLighter", background="#102030",
                                 placement="center")[..., :3]
        assert np.array_equal(joined.get_frame(t), expected)
    # b alone, smaller: centred over the background.
    alone = joined.get_frame(1.2)
    assert np.array_equal(alone[0, 0], [0x10, 0x20, 0x30])
    assert np.array_equal(alone[8:88, 40:120], moving(1, 80, 80)(0.7))


def test_a_transparent_background_or_masked_clip_gives_a_mask():
    a = ColorClip((40, 30), (255, 0, 0), duration=1.0).with_fps(FPS)
    b = ColorClip((40, 30), (0, 0, 255), duration=1.0).with_fps(FPS)
    joined = sm.transition(a, b, ".move(edge: .leading)", 0.5, animation=".linear(duration: 1)", background=None)
    assert joined.mask is not None
    mask = joined.mask.get_frame(0.75)  # half way: the left half of b has moved in, a stays
    assert mask.shape == (30, 40) and mask.max() == 1.0
    assert sm.transition(a, b, ".slide", 0.5).mask is None


def test_bad_sequences_are_refused_naming_the_clip():
    a, b, c = clip(0, 1.0, 300), clip(1, 0.4, 400), clip(2, 1.0, 500)
    with pytest.raises(ValueError, match=r"durations\[0\]: the junction lasts 0.5 s, longer than clip 0 .* or "
                                         r"clip 1 \(0.4 s\)"):
        sm.sequence([a, b, c], ".slide", 0.5)
    with pytest.raises(ValueError, match=r"clip 1 lasts 0.4 s, less than its two junctions \(0.3 s and 0.3 s\)"):
        sm.sequence([a, b, c], ".slide", 0.3)
    with pytest.raises(ValueError, match=r"transitions: expected one value or 2 \(one per junction\), got 3"):
        sm.sequence([a, b, c], [".slide"] * 3, 0.1)
    with pytest.raises(ValueError, match=r"durations\[1\]: expected a positive number of seconds, got 0.0"):
        sm.sequence([a, b, c], ".slide", [0.1, 0])
    with pytest.raises(segue.SpecError, match="unknown effect"):
        sm.sequence([a, b], ".nope", 0.2)
    with pytest.raises(ValueError, match=r"clips\[0\]: the clip has no duration"):
        sm.sequence([VideoClip(moving(0)), a], ".slide", 0.2)
    with pytest.raises(ValueError, match="audio_fade"):
        sm.sequence([a, c], ".slide", 0.2, audio_fade="loud")


VECTORS = json.loads((REPO / "Tests" / "vectors" / "sequence-timing.json").read_text())


@pytest.mark.parametrize("vector", VECTORS["gains"], ids=lambda v: f"{v['fade']}@{v['progress']}")
def test_gains_are_the_swift_sequences(vector):
    """Tests/vectors/sequence-timing.json, which the Swift sequence's tests read too."""
    leaving, entering = sm._gains(np.array([float(vector["progress"])]), vector["fade"])
    assert leaving[0] == pytest.approx(vector["leaving"], abs=1e-12)
    assert entering[0] == pytest.approx(vector["entering"], abs=1e-12)


@pytest.mark.parametrize("vector", VECTORS["timelines"], ids=lambda v: str(v["durations"]))
def test_timelines_are_the_swift_sequences(vector):
    timeline = sm._Timeline(vector["durations"], vector["overlaps"], segue.Animation(".linear(duration: 1)"))
    assert timeline.starts == pytest.approx(vector["starts"], abs=1e-12)
    assert timeline.total == pytest.approx(vector["duration"], abs=1e-12)
    for moment in vector["moments"]:
        located = timeline.locate(moment["time"])
        if "junction" in moment:
            assert located[:2] == ("junction", moment["junction"]), moment
            assert located[2] == pytest.approx(moment["to"], abs=1e-9)
            assert timeline.local(moment["junction"], moment["time"]) == pytest.approx(moment["from"], abs=1e-9)
        else:
            assert located == ("clip", moment["clip"]), moment
            assert timeline.local(moment["clip"], moment["time"]) == pytest.approx(moment["at"], abs=1e-9)


@pytest.mark.parametrize("vector", VECTORS["refused"], ids=lambda v: str(v["durations"]))
def test_refusals_name_the_clip_the_swift_sequence_names(vector):
    with pytest.raises(ValueError, match=f"clip {vector['clip']}"):
        sm._Timeline(vector["durations"], vector["overlaps"], segue.Animation(".linear(duration: 1)"))


@pytest.mark.parametrize("vector", VECTORS["stretch"], ids=lambda v: f"{v['animation']}/{v['overlap']}@{v['elapsed']}")
def test_a_junctions_progress_is_the_swift_sequences(vector):
    timeline = sm._Timeline([5.0, 5.0], [vector["overlap"]], segue.Animation(vector["animation"]))
    assert timeline.progress(0, vector["elapsed"]) == pytest.approx(vector["progress"], abs=1e-12)
