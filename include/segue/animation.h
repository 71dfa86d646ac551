/*
 * segue/animation.h — how progress follows time.
 *
 * An animation maps seconds since the transition began to a progress: 0 at
 * the start, exactly 1 from its duration on. Timing curves stay in 0...1
 * (unless their control points leave it); springs overshoot when they bounce.
 * SwiftUI's defaults apply: easeIn/easeOut/easeInOut/linear last 0.35 s,
 * spring() has response 0.5 and damping fraction 0.825.
 *
 * Animations are immutable values: thread-safe, and not tied to an engine.
 */
#ifndef SEGUE_ANIMATION_H
#define SEGUE_ANIMATION_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct segue_animation segue_animation;

/**
 * Parses an animation spec such as `.spring(duration: 0.6, bounce: 0.3)`,
 * `.easeInOut(duration: 1).delay(0.2)` or `.bouncy.speed(2)`. Besides
 * SwiftUI's curves and springs it reads the easings users bring from
 * elsewhere (each `(duration:)`, 0.35 s by default): Penner's thirty
 * (`.easeInQuad` … `.easeInOutBounce`), glsl-easings' names (`.cubicInOut`,
 * `.elasticOut` …; back, elastic and bounce with glsl-easings' own maths),
 * `.ease` and `.steps(4, jump: .start)`; and CSS's spelling, optionally
 * followed by a duration: `cubic-bezier(0.25, 0.1, 0.25, 1) 2s`,
 * `steps(4, jump-start)`, `ease-in-out 500ms`, `step-end`, or a bare easing
 * name (`easeOutBack 0.8s`).
 * @return SEGUE_ERROR_PARSE with a message naming the column (as for
 *         segue_transition_parse(), numbers such as 1e999 that are not
 *         finite and nesting or `.speed().delay()` chains deeper than 64
 *         are parse errors); SEGUE_ERROR_INVALID_ARGUMENT for NULL
 *         arguments and for values the constructors below refuse.
 * [thread-safe]
 */
segue_status segue_animation_parse(const char *spec, segue_animation **out_animation);

/* The constructors below return SEGUE_ERROR_INVALID_ARGUMENT, with a message
 * naming the argument, when out_animation is NULL, a duration or response
 * is not finite and positive, a value is not finite or outside the range
 * its comment gives, or the whole animation would not last a finite,
 * positive time (durations that overflow to infinity or underflow to zero,
 * springs too extreme to compute with). Nothing is clamped. */

/** `.linear(duration:)`. [thread-safe] */
segue_status segue_animation_linear(double duration, segue_animation **out_animation);
/** `.easeIn(duration:)`: the cubic Bézier (0.42, 0, 1, 1). [thread-safe] */
segue_status segue_animation_ease_in(double duration, segue_animation **out_animation);
/** `.easeOut(duration:)`: the cubic Bézier (0, 0, 0.58, 1). [thread-safe] */
segue_status segue_animation_ease_out(double duration, segue_animation **out_animation);
/** `.easeInOut(duration:)`: the cubic Bézier (0.42, 0, 0.58, 1). [thread-safe] */
segue_status segue_animation_ease_in_out(double duration, segue_animation **out_animation);

/**
 * `.timingCurve(c0x, c0y, c1x, c1y, duration:)`: a cubic Bézier from (0, 0)
 * to (1, 1) with those control points; c0x and c1x must lie in 0...1.
 * [thread-safe]
 */
segue_status segue_animation_timing_curve(double c0x, double c0y, double c1x, double c1y, double duration,
                                          segue_animation **out_animation);

/**
 * `.spring(response:dampingFraction:blendDuration:)`: a damped spring of unit
 * mass. dampingFraction < 1 overshoots, 1 is critically damped, > 1
 * creeps. blendDuration only matters when SwiftUI retargets a running
 * animation; it is kept for completeness and does not change the curve.
 * [thread-safe]
 */
segue_status segue_animation_spring(double response, double damping_fraction, double blend_duration,
                                    segue_animation **out_animation);

/**
 * `.spring(duration:bounce:)`: the same spring described perceptually:
 * response = duration, dampingFraction = 1 - bounce for bounce >= 0 and
 * 1 / (1 + bounce) below. bounce must lie in (-1, 1). [thread-safe]
 */
segue_status segue_animation_spring_bounce(double duration, double bounce, segue_animation **out_animation);

/* For the three below, the total bounce (base + extra_bounce) must lie in (-1, 1). */

/** `.smooth(duration:extraBounce:)`: spring(duration:, bounce: 0 + extra). [thread-safe] */
segue_status segue_animation_smooth(double duration, double extra_bounce, segue_animation **out_animation);
/** `.snappy(duration:extraBounce:)`: spring(duration:, bounce: 0.15 + extra). [thread-safe] */
segue_status segue_animation_snappy(double duration, double extra_bounce, segue_animation **out_animation);
/** `.bouncy(duration:extraBounce:)`: spring(duration:, bounce: 0.3 + extra). [thread-safe] */
segue_status segue_animation_bouncy(double duration, double extra_bounce, segue_animation **out_animation);

/**
 * `.interactiveSpring(response:dampingFraction:blendDuration:)`; SwiftUI's
 * defaults are 0.15, 0.86, 0.25. [thread-safe]
 */
segue_status segue_animation_interactive_spring(double response, double damping_fraction, double blend_duration,
                                                segue_animation **out_animation);

/**
 * `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`: a spring
 * given by its physics. mass and stiffness must be positive, damping and
 * initial_velocity finite (damping >= 0). [thread-safe]
 */
segue_status segue_animation_interpolating_spring(double mass, double stiffness, double damping,
                                                  double initial_velocity, segue_animation **out_animation);

/** `.default`: a spring with response 0.55 and damping fraction 1. [thread-safe] */
segue_status segue_animation_default(segue_animation **out_animation);

/**
 * `animation.speed(speed)`: plays all of `animation`, including any delay
 * already in it, `speed` times faster (speed > 0), as in SwiftUI:
 * `.delay(1).speed(2)` waits 0.5 s. The result is a new animation;
 * `animation` is unchanged. [thread-safe]
 */
segue_status segue_animation_speed(const segue_animation *animation, double speed,
                                   segue_animation **out_animation);

/**
 * `animation.delay(seconds)`: holds progress at 0 for `seconds` (>= 0) of
 * real time, then plays `animation`; a later speed() shortens it too.
 * [thread-safe]
 */
segue_status segue_animation_delay(const segue_animation *animation, double seconds,
                                   segue_animation **out_animation);

/**
 * The progress at `time` seconds after the start: 0 before the start (and
 * during a delay), exactly 1 from the duration on; always finite.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for NULL arguments or a NaN time
 *         (infinite times are fine: -inf gives 0, +inf gives 1).
 * [thread-safe]
 */
segue_status segue_animation_progress(const segue_animation *animation, double time, double *out_progress);

/**
 * The time from the start until progress stays at its end: the curve's
 * duration, or for springs the settling time (once the distance to the end
 * stays below 0.1 % of the travel, but at most 100 periods of the undamped
 * spring: 100 x response, where nearly undamped springs stop), scaled by
 * speed, plus any delay. Always finite and positive.
 * [thread-safe]
 */
segue_status segue_animation_duration(const segue_animation *animation, double *out_seconds);

/**
 * Writes the animation as a spec string that segue_animation_parse() reads
 * back to an equal animation; snprintf-style as segue_transition_spec().
 * [thread-safe]
 */
segue_status segue_animation_spec(const segue_animation *animation, char *buffer, size_t capacity,
                                  size_t *out_length);

/** Adds a reference and returns `animation`. NULL gives NULL. [thread-safe] */
segue_animation *segue_animation_ref(segue_animation *animation);

/**
 * Drops a reference; freed with the last one. NULL is ignored. Dropping a
 * reference twice is a programmer error; debug builds detect it and abort
 * with a message. [thread-safe]
 */
void segue_animation_unref(segue_animation *animation);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_ANIMATION_H */
