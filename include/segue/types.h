/*
 * segue/types.h — plain value types shared by the host API (segue.h) and the
 * plugin ABI (segue/plugin.h). Enumerations are stored in fixed-width
 * integers so their size never changes.
 */
#ifndef SEGUE_TYPES_H
#define SEGUE_TYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The result of every call that can fail. Zero is success. */
typedef int32_t segue_status;
enum {
    SEGUE_OK = 0,
    SEGUE_ERROR_INVALID_ARGUMENT = 1, /**< a NULL, NaN, out-of-range or ill-sized argument */
    SEGUE_ERROR_OUT_OF_MEMORY = 2,    /**< an allocation failed */
    SEGUE_ERROR_IO = 3,               /**< a file could not be opened, read or written */
    SEGUE_ERROR_FORMAT = 4,           /**< a file is not what it claims (a broken PNG, say) */
    SEGUE_ERROR_PARSE = 5,            /**< a spec string is malformed; the message names the column */
    SEGUE_ERROR_UNKNOWN_EFFECT = 6,   /**< no built-in or plugin effect has that name */
    SEGUE_ERROR_UNKNOWN_PARAMETER = 7,/**< the effect has no parameter of that name, or the value has the wrong kind */
    SEGUE_ERROR_MISMATCH = 8,         /**< objects from different engines were used together */
    SEGUE_ERROR_PLUGIN = 9,           /**< a plugin failed; the message names the plugin */
    SEGUE_ERROR_CANCELLED = 10,       /**< the caller cancelled the call */
    SEGUE_ERROR_OVER_BUDGET = 11      /**< a frame would take more work or memory than the engine's
                                           render budget allows (segue_engine_options); since 0.3.0 */
};

/**
 * The largest struct_size the host API (segue.h) accepts in a struct it
 * reads or fills: larger than any version of a struct will be, smaller than
 * what an uninitialised field usually holds.
 */
#define SEGUE_STRUCT_SIZE_MAX 4096

/** A colour with straight (not premultiplied) components in 0...1. The host
 *  API refuses a colour argument with a component outside 0...1 (or NaN)
 *  rather than clamping it. */
typedef struct segue_color {
    double red, green, blue, alpha;
} segue_color;

/** A point or a size. Unit points (anchors) use 0...1 across the content's frame. */
typedef struct segue_point {
    double x, y;
} segue_point;

/** The edges SwiftUI names; leading is the left edge, trailing the right. */
typedef uint32_t segue_edge;
enum {
    SEGUE_EDGE_TOP = 0,
    SEGUE_EDGE_LEADING = 1,
    SEGUE_EDGE_BOTTOM = 2,
    SEGUE_EDGE_TRAILING = 3
};

/**
 * Blend modes: how a drawing combines with what is beneath it (SwiftUI's
 * names, pixman's operators). Premultiplied throughout.
 */
typedef uint32_t segue_blend;
enum {
    SEGUE_BLEND_NORMAL = 0,       /**< source over */
    SEGUE_BLEND_PLUS_LIGHTER = 1, /**< the two added, clamped: light adds up */
    SEGUE_BLEND_MULTIPLY = 2,
    SEGUE_BLEND_SCREEN = 3,
    SEGUE_BLEND_OVERLAY = 4,
    SEGUE_BLEND_DARKEN = 5,
    SEGUE_BLEND_LIGHTEN = 6,
    SEGUE_BLEND_COLOR_DODGE = 7,
    SEGUE_BLEND_COLOR_BURN = 8,
    SEGUE_BLEND_SOFT_LIGHT = 9,
    SEGUE_BLEND_HARD_LIGHT = 10,
    SEGUE_BLEND_DIFFERENCE = 11,
    SEGUE_BLEND_EXCLUSION = 12,
    SEGUE_BLEND_HUE = 13,
    SEGUE_BLEND_SATURATION = 14,
    SEGUE_BLEND_COLOR = 15,
    SEGUE_BLEND_LUMINOSITY = 16
};

/** The kind of an effect parameter and of the value it holds. */
typedef uint32_t segue_kind;
enum {
    SEGUE_KIND_NUMBER = 1,  /**< `number` */
    SEGUE_KIND_INTEGER = 2, /**< `number`, a whole number */
    SEGUE_KIND_BOOL = 3,    /**< `number`, 0 or 1 (other numbers are refused) */
    SEGUE_KIND_COLOR = 4,   /**< `color` */
    SEGUE_KIND_POINT = 5,   /**< `point` */
    SEGUE_KIND_ENUM = 6,    /**< `text`: the name of one of the parameter's cases */
    SEGUE_KIND_STRING = 7   /**< `text` */
};

/**
 * One parameter value. Only the field its kind names is read; the others
 * should be zero. `text` is borrowed: Segue copies what it keeps. Given to
 * the host API, a value is refused unless its numbers are finite (an
 * integer's a whole number within ±2⁵³, a bool's 0 or 1), its point finite,
 * its colour components in 0...1 and its text non-NULL, and its kind one of
 * SEGUE_KIND_*.
 */
typedef struct segue_value {
    segue_kind kind;
    double number;
    segue_point point;
    segue_color color;
    const char *text;
} segue_value;

/** A named parameter value, as given to segue_transition_modifier(). */
typedef struct segue_param {
    const char *name;
    segue_value value;
} segue_param;

/* Initialisers for the common kinds, e.g.
 *     segue_param active[] = { SEGUE_PARAM_NUMBER("value", 0) };          */
#define SEGUE_PARAM_NUMBER(name_, n_) { (name_), { SEGUE_KIND_NUMBER, (n_), { 0, 0 }, { 0, 0, 0, 0 }, NULL } }
#define SEGUE_PARAM_INTEGER(name_, n_) { (name_), { SEGUE_KIND_INTEGER, (n_), { 0, 0 }, { 0, 0, 0, 0 }, NULL } }
#define SEGUE_PARAM_BOOL(name_, b_) { (name_), { SEGUE_KIND_BOOL, (b_) ? 1 : 0, { 0, 0 }, { 0, 0, 0, 0 }, NULL } }
#define SEGUE_PARAM_POINT(name_, x_, y_) { (name_), { SEGUE_KIND_POINT, 0, { (x_), (y_) }, { 0, 0, 0, 0 }, NULL } }
#define SEGUE_PARAM_COLOR(name_, r_, g_, b_, a_) { (name_), { SEGUE_KIND_COLOR, 0, { 0, 0 }, { (r_), (g_), (b_), (a_) }, NULL } }
#define SEGUE_PARAM_ENUM(name_, case_) { (name_), { SEGUE_KIND_ENUM, 0, { 0, 0 }, { 0, 0, 0, 0 }, (case_) } }
#define SEGUE_PARAM_STRING(name_, s_) { (name_), { SEGUE_KIND_STRING, 0, { 0, 0 }, { 0, 0, 0, 0 }, (s_) } }

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_TYPES_H */
