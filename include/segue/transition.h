/*
 * segue/transition.h — transitions, built from calls or parsed from specs.
 *
 * A transition says how a view is drawn while it is inserted and while it is
 * removed. At progress p the inserted view is drawn in the state
 * lerp(active, identity, p) and the removed view in lerp(identity, active, p);
 * p may leave 0...1 (springs overshoot) and every effect stays well defined.
 * Parameters that are not animatable do not interpolate: they hold the
 * starting state's value at p <= 0 and the target state's value after.
 *
 * Transitions are immutable once made, so one may be used from many threads.
 * Each belongs to the engine that made it and keeps that engine alive.
 *
 * Spec strings are what a SwiftUI developer writes, e.g.
 *     .asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity),
 *                 removal: .scale(scale: 0.5, anchor: .bottom))
 *     .modifier(active: .scale(scale: 0.2), identity: .scale(scale: 1))
 * docs/spec-language.md has the full grammar.
 */
#ifndef SEGUE_TRANSITION_H
#define SEGUE_TRANSITION_H

#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct segue_transition segue_transition;

/** The deepest nesting of combined()/asymmetric() accepted. */
#define SEGUE_TRANSITION_MAX_DEPTH 24

/** The most parts (identities and modifiers) a transition may have, counted
 *  as its spec writes them out: shorthands such as `.push` and
 *  `.blurReplace` by the modifiers they stand for, and a transition combined
 *  with itself twice. Nesting alone would allow 2^23; every traversal (a view
 *  drawn through its modifiers, segue_transition_spec) visits each part. */
#define SEGUE_TRANSITION_MAX_PARTS 1024

/**
 * Parses a transition spec.
 *
 * @param spec  NUL-terminated UTF-8.
 * @return SEGUE_OK; SEGUE_ERROR_PARSE when the text is malformed (including
 *         invalid UTF-8, a number too large for a double such as 1e999 —
 *         spec numbers are always finite — and brackets or `.a.b.c` chains
 *         nested more than 64 levels deep) or a value has the wrong kind
 *         (`.scale(scale: "big")`), with a message naming the column and
 *         what was expected;
 *         SEGUE_ERROR_UNKNOWN_EFFECT naming the closest known names;
 *         SEGUE_ERROR_UNKNOWN_PARAMETER for a parameter name the effect does
 *         not have; SEGUE_ERROR_INVALID_ARGUMENT for NULL arguments, a value
 *         outside its parameter's range, a modifier whose two states use
 *         different effects, nesting deeper than SEGUE_TRANSITION_MAX_DEPTH or
 *         more than SEGUE_TRANSITION_MAX_PARTS parts.
 * [thread-safe]
 */
segue_status segue_transition_parse(segue_engine *engine, const char *spec, segue_transition **out_transition);

/** `.identity`: draws the view unchanged. [thread-safe] */
segue_status segue_transition_identity(segue_engine *engine, segue_transition **out_transition);

/** `.opacity`: fades from transparent. [thread-safe] */
segue_status segue_transition_opacity(segue_engine *engine, segue_transition **out_transition);

/**
 * `.scale(scale:anchor:)`: scales from `scale` to 1 about `anchor`, a unit
 * point of the view's frame ({0.5, 0.5} is the centre). `.scale` is scale 0.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for a non-finite scale or anchor, or
 *         a scale outside the parameter's range -1000...1000.
 * [thread-safe]
 */
segue_status segue_transition_scale(segue_engine *engine, double scale, segue_point anchor,
                                    segue_transition **out_transition);

/**
 * `.move(edge:)`: moves the view in from `edge` by its own width (leading,
 * trailing) or height (top, bottom), and out towards it.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for an unknown edge. [thread-safe]
 */
segue_status segue_transition_move(segue_engine *engine, segue_edge edge, segue_transition **out_transition);

/**
 * `.offset(x:y:)`: moves the view in from an offset of (x, y) pixels, y down.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for non-finite offsets. [thread-safe]
 */
segue_status segue_transition_offset(segue_engine *engine, double x, double y, segue_transition **out_transition);

/**
 * `.slide`: inserts from the leading edge, removes towards the trailing
 * edge. [thread-safe]
 */
segue_status segue_transition_slide(segue_engine *engine, segue_transition **out_transition);

/**
 * `.push(from:)`: inserts from `edge` fading in, removes towards the
 * opposite edge fading out.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for an unknown edge. [thread-safe]
 */
segue_status segue_transition_push(segue_engine *engine, segue_edge edge, segue_transition **out_transition);

/**
 * `.modifier(active:identity:)` with the effect named `effect` (a spec name
 * such as "scale", or a stable id such as "segue.scale"). Parameters not
 * listed take the effect's default active and identity values.
 *
 * @param active, identity   arrays of `*_count` named values; may be NULL
 *                           when the count is 0. Names and text are copied.
 * @return SEGUE_OK; SEGUE_ERROR_UNKNOWN_EFFECT; SEGUE_ERROR_UNKNOWN_PARAMETER
 *         for a name the effect lacks or a value of the wrong kind;
 *         SEGUE_ERROR_INVALID_ARGUMENT for NULL engine, effect or
 *         out_transition, a NULL array with a count, a count beyond
 *         PTRDIFF_MAX, a NULL name, a value that breaks a rule types.h
 *         gives for segue_value: a NaN or infinite number or point, a
 *         colour component outside 0...1, a bool other than 0 or 1, an
 *         unknown kind; or a value outside the parameter's declared range.
 *         Values are refused, never silently clamped, and
 *         segue_transition_parse() refuses out-of-range values with the
 *         same status.
 * [thread-safe]
 */
segue_status segue_transition_modifier(segue_engine *engine, const char *effect,
                                       const segue_param *active, size_t active_count,
                                       const segue_param *identity, size_t identity_count,
                                       segue_transition **out_transition);

/**
 * `first.combined(with: second)`: both apply, content -> first -> second.
 * @return SEGUE_ERROR_MISMATCH when the two come from different engines;
 *         SEGUE_ERROR_INVALID_ARGUMENT for NULL arguments, a handle that is
 *         not a segue_transition, or beyond SEGUE_TRANSITION_MAX_DEPTH or
 *         SEGUE_TRANSITION_MAX_PARTS.
 * [thread-safe]
 */
segue_status segue_transition_combined(const segue_transition *first, const segue_transition *second,
                                       segue_transition **out_transition);

/**
 * `.asymmetric(insertion:removal:)`: `insertion` applies to the inserted
 * view, `removal` to the removed one.
 * @return SEGUE_ERROR_MISMATCH when the two come from different engines;
 *         SEGUE_ERROR_INVALID_ARGUMENT for NULL arguments, a handle that is
 *         not a segue_transition, or beyond SEGUE_TRANSITION_MAX_DEPTH or
 *         SEGUE_TRANSITION_MAX_PARTS.
 * [thread-safe]
 */
segue_status segue_transition_asymmetric(const segue_transition *insertion, const segue_transition *removal,
                                         segue_transition **out_transition);

/**
 * Writes the transition as a spec string that segue_transition_parse()
 * reads back to an equal transition, snprintf-style: at most capacity - 1
 * bytes and a NUL go into `buffer` (which may be NULL when capacity is 0),
 * and `*out_length` (if not NULL) receives the full length without the NUL.
 * Nothing is written past `capacity` bytes, and nothing at all when
 * capacity is 0. Call it with capacity 0 to learn the length, then with
 * length + 1.
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT for a NULL transition, or
 *         a NULL buffer with a capacity above 0.
 * [thread-safe]
 */
segue_status segue_transition_spec(const segue_transition *transition, char *buffer, size_t capacity,
                                   size_t *out_length);

/** Adds a reference and returns `transition`. NULL gives NULL. [thread-safe] */
segue_transition *segue_transition_ref(segue_transition *transition);

/**
 * Drops a reference; freed with the last one. NULL is ignored. Dropping a
 * reference twice is a programmer error; debug builds detect it and abort
 * with a message. [thread-safe]
 */
void segue_transition_unref(segue_transition *transition);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_TRANSITION_H */
