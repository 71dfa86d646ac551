"""The easing vocabulary against its closed forms, written out here from their
definitions (easings.net for Penner's, glsl-easings for the GLSL names, the
CSS Easing Functions spec for steps and the keywords), at 101 points."""
import math

import numpy as np
import pytest

import segue

PI = math.pi


def bounce_out(x):
    n, d = 7.5625, 2.75
    if x < 1 / d:
        return n * x * x
    if x < 2 / d:
        x -= 1.5 / d
        return n * x * x + 0.75
    if x < 2.5 / d:
        x -= 2.25 / d
        return n * x * x + 0.9375
    x -= 2.625 / d
    return n * x * x + 0.984375


C1, C2, C3, C4, C5 = 1.70158, 1.70158 * 1.525, 2.70158, 2 * PI / 3, 2 * PI / 4.5

PENNER = {
    "easeInQuad": lambda x: x * x,
    "easeOutQuad": lambda x: 1 - (1 - x) * (1 - x),
    "easeInOutQuad": lambda x: 2 * x * x if x < 0.5 else 1 - (-2 * x + 2) ** 2 / 2,
    "easeInCubic": lambda x: x ** 3,
    "easeOutCubic": lambda x: 1 - (1 - x) ** 3,
    "easeInOutCubic": lambda x: 4 * x ** 3 if x < 0.5 else 1 - (-2 * x + 2) ** 3 / 2,
    "easeInQuart": lambda x: x ** 4,
    "easeOutQuart": lambda x: 1 - (1 - x) ** 4,
    "easeInOutQuart": lambda x: 8 * x ** 4 if x < 0.5 else 1 - (-2 * x + 2) ** 4 / 2,
    "easeInQuint": lambda x: x ** 5,
    "easeOutQuint": lambda x: 1 - (1 - x) ** 5,
    "easeInOutQuint": lambda x: 16 * x ** 5 if x < 0.5 else 1 - (-2 * x + 2) ** 5 / 2,
    "easeInSine": lambda x: 1 - math.cos(x * PI / 2),
    "easeOutSine": lambda x: math.sin(x * PI / 2),
    "easeInOutSine": lambda x: -(math.cos(PI * x) - 1) / 2,
    "easeInExpo": lambda x: 0 if x == 0 else 2 ** (10 * x - 10),
    "easeOutExpo": lambda x: 1 if x == 1 else 1 - 2 ** (-10 * x),
    "easeInOutExpo": lambda x: 0 if x == 0 else 1 if x == 1 else (
        2 ** (20 * x - 10) / 2 if x < 0.5 else (2 - 2 ** (-20 * x + 10)) / 2),
    "easeInCirc": lambda x: 1 - math.sqrt(1 - x * x),
    "easeOutCirc": lambda x: math.sqrt(1 - (x - 1) ** 2),
    "easeInOutCirc": lambda x: (1 - math.sqrt(1 - (2 * x) ** 2)) / 2 if x < 0.5
    else (math.sqrt(1 - (-2 * x + 2) ** 2) + 1) / 2,
    "easeInBack": lambda x: C3 * x ** 3 - C1 * x * x,
    "easeOutBack": lambda x: 1 + C3 * (x - 1) ** 3 + C1 * (x - 1) ** 2,
    "easeInOutBack": lambda x: ((2 * x) ** 2 * ((C2 + 1) * 2 * x - C2)) / 2 if x < 0.5
    else ((2 * x - 2) ** 2 * ((C2 + 1) * (x * 2 - 2) + C2) + 2) / 2,
    "easeInElastic": lambda x: 0 if x == 0 else 1 if x == 1 else -2 ** (10 * x - 10) * math.sin((x * 10 - 10.75) * C4),
    "easeOutElastic": lambda x: 0 if x == 0 else 1 if x == 1 else 2 ** (-10 * x) * math.sin((x * 10 - 0.75) * C4) + 1,
    "easeInOutElastic": lambda x: 0 if x == 0 else 1 if x == 1 else (
        -(2 ** (20 * x - 10) * math.sin((20 * x - 11.125) * C5)) / 2 if x < 0.5
        else (2 ** (-20 * x + 10) * math.sin((20 * x - 11.125) * C5)) / 2 + 1),
    "easeInBounce": lambda x: 1 - bounce_out(1 - x),
    "easeOutBounce": bounce_out,
    "easeInOutBounce": lambda x: (1 - bounce_out(1 - 2 * x)) / 2 if x < 0.5 else (1 + bounce_out(2 * x - 1)) / 2,
}


def glsl_bounce_out(t):
    a, b, c = 4 / 11, 8 / 11, 9 / 10
    t2 = t * t
    if t < a:
        return 7.5625 * t2
    if t < b:
        return 9.075 * t2 - 9.9 * t + 3.4
    if t < c:
        return 4356 / 361 * t2 - 35442 / 1805 * t + 16061 / 1805
    return 10.8 * t * t - 20.52 * t + 10.72


def glsl_back_in_out(t):
    f = 2 * t if t < 0.5 else 1 - (2 * t - 1)
    g = f ** 3 - f * math.sin(f * PI)
    return 0.5 * g if t < 0.5 else 0.5 * (1 - g) + 0.5


GLSL = {  # glsl-easings' formulas for the names whose maths is its own
    "backIn": lambda t: t ** 3 - t * math.sin(t * PI),
    "backOut": lambda t: 1 - ((1 - t) ** 3 - (1 - t) * math.sin((1 - t) * PI)),
    "backInOut": glsl_back_in_out,
    "elasticIn": lambda t: math.sin(13 * t * PI / 2) * 2 ** (10 * (t - 1)),
    "elasticOut": lambda t: math.sin(-13 * (t + 1) * PI / 2) * 2 ** (-10 * t) + 1,
    "elasticInOut": lambda t: 0.5 * math.sin(13 * PI / 2 * 2 * t) * 2 ** (10 * (2 * t - 1)) if t < 0.5
    else 0.5 * math.sin(-13 * PI / 2 * ((2 * t - 1) + 1)) * 2 ** (-10 * (2 * t - 1)) + 1,
    "bounceIn": lambda t: 1 - glsl_bounce_out(1 - t),
    "bounceOut": glsl_bounce_out,
    "bounceInOut": lambda t: 0.5 * (1 - glsl_bounce_out(1 - t * 2)) if t < 0.5 else 0.5 * glsl_bounce_out(t * 2 - 1) + 0.5,
}

# glsl-easings' names for Penner's maths: the same curves.
ALIASES = {f"{glsl}{phase}": f"ease{phase}{penner}"
           for glsl, penner in (("quadratic", "Quad"), ("cubic", "Cubic"), ("quartic", "Quart"), ("quintic", "Quint"),
                                ("sine", "Sine"), ("exponential", "Expo"), ("circular", "Circ"))
           for phase in ("In", "Out", "InOut")}


def steps(n, jump):
    def f(x):
        step = math.floor(x * n)
        if jump == "jump-start":
            return min(1, (step + 1) / n)
        if jump == "jump-end":
            return step / n
        if jump == "jump-none":
            return min(1, step / (n - 1))
        return (step + 1) / (n + 1)
    return f


def bezier(x1, y1, x2, y2):
    """CSS cubic-bezier by bisection on x(s), a different method from Segue's Newton steps."""
    def f(x):
        lo, hi = 0.0, 1.0
        for _ in range(100):
            s = (lo + hi) / 2
            bx = 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
            lo, hi = (s, hi) if bx < x else (lo, s)
        s = (lo + hi) / 2
        return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3
    return f


CSS = {
    "linear": lambda x: x,
    "ease": bezier(0.25, 0.1, 0.25, 1),
    "ease-in": bezier(0.42, 0, 1, 1),
    "ease-out": bezier(0, 0, 0.58, 1),
    "ease-in-out": bezier(0.42, 0, 0.58, 1),
    "cubic-bezier(0.68, -0.6, 0.32, 1.6)": bezier(0.68, -0.6, 0.32, 1.6),
    "steps(4, jump-start)": steps(4, "jump-start"),
    "steps(4, jump-end)": steps(4, "jump-end"),
    "steps(4)": steps(4, "jump-end"),
    "steps(5, jump-none)": steps(5, "jump-none"),
    "steps(3, jump-both)": steps(3, "jump-both"),
    "step-start": steps(1, "jump-start"),
    "step-end": steps(1, "jump-end"),
}

POINTS = [i / 100 for i in range(101)]


def check(spec, closed_form, duration=2.0):
    animation = segue.Animation(spec)
    assert animation.duration == pytest.approx(duration)
    got = animation.progress(np.array(POINTS) * duration)
    # Segue's contract: progress is 0 at the start and exactly 1 from the duration on.
    expected = [0.0] + [closed_form(x) for x in POINTS[1:-1]] + [1.0]
    assert np.abs(got - expected).max() < 1e-9, spec


@pytest.mark.parametrize("name", sorted(PENNER))
def test_penner(name):
    check(f".{name}(duration: 2)", PENNER[name])
    check(f"{name} 2s", PENNER[name])


@pytest.mark.parametrize("name", sorted(GLSL))
def test_glsl_easings_where_their_maths_differs(name):
    check(f".{name}(duration: 2)", GLSL[name])


@pytest.mark.parametrize("name", sorted(ALIASES))
def test_glsl_easings_names_for_penners_curves(name):
    check(f".{name}(duration: 2)", PENNER[ALIASES[name]])


@pytest.mark.parametrize("css", sorted(CSS))
def test_css(css):
    # Steps sit exactly on their jumps at some of the 101 points; CSS puts x = k/n on the upper step.
    check(f"{css} 2s", CSS[css])


def test_there_are_thirty_penner_easings():
    assert len(PENNER) == 30
