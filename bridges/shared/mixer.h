/*
 * mixer.h — what Segue's bridges into other programs' plugin systems share
 * (bridges/frei0r, bridges/mlt): libsegue.so loaded by path, one engine per
 * process, messages on stderr, and a mixer that turns a spec and an
 * animation into a transition and renders it between two surfaces.
 *
 * A bridge is loaded by a host that knows nothing of Segue, so it links
 * nothing of Segue's: it loads libsegue.so from the folder above the one
 * that holds the bridge's own file (lib/frei0r-1/ or lib/mlt-7/ → lib/),
 * following symbolic links to that file first, and reports a missing
 * library with the path it tried.
 *
 * Errors have nowhere to go in these hosts but stderr: each is written once
 * per distinct message, naming the bridge ("who", e.g. "frei0r segue_push"),
 * and the frame is still rendered — as the plain crossfade when a spec does
 * not parse.
 */
#ifndef SEGUE_BRIDGE_MIXER_H
#define SEGUE_BRIDGE_MIXER_H

#include <segue.h>

#include "transitions.h"

/* The C API functions the bridges call, looked up once by bridge_load(). */
typedef struct bridge_api {
    segue_status (*engine_create)(const segue_engine_options *, segue_engine **);
    segue_engine *(*engine_ref)(segue_engine *);
    void (*engine_unref)(segue_engine *);
    segue_status (*transition_parse)(segue_engine *, const char *, segue_transition **);
    segue_transition *(*transition_ref)(segue_transition *);
    void (*transition_unref)(segue_transition *);
    segue_status (*animation_parse)(const char *, segue_animation **);
    segue_status (*animation_progress)(const segue_animation *, double, double *);
    segue_status (*animation_duration)(const segue_animation *, double *);
    void (*animation_unref)(segue_animation *);
    segue_status (*surface_create)(int32_t, int32_t, segue_surface **);
    void (*surface_unref)(segue_surface *);
    segue_status (*surface_import)(const segue_pixels *, segue_surface *);
    segue_status (*surface_export)(segue_surface *, const segue_pixels *);
    segue_status (*render)(segue_engine *, const segue_transition *, segue_surface *, segue_surface *, double,
                           const segue_scene *, segue_surface *);
    const char *(*last_error)(void);
    size_t (*engine_effect_count)(const segue_engine *);
    segue_status (*engine_effect)(const segue_engine *, size_t, segue_effect_info *);
    segue_status (*engine_effect_param)(const segue_engine *, size_t, uint32_t, segue_param_desc *);
} bridge_api;

/* Valid once bridge_load() has returned 1. */
extern bridge_api segue;

/* Loads libsegue.so, once per process, from beside the folder that holds
 * this file (or from `path`, when a tool names it, before any other call);
 * 1 when it is loaded, 0 (reported, naming `who` and the path tried) when
 * it cannot be. */
int bridge_load(const char *who);
int bridge_load_path(const char *who, const char *path);

/* One line on stderr: "segue <who>: <message>". */
void bridge_report(const char *who, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* As bridge_report(), but a message is written only when it is not among
 * the last 16 written this way: a bad spec is reported once, not once a
 * frame. */
void bridge_report_once(const char *who, const char *message);

/* A new reference to the process's engine (plugins from SEGUE_PLUGIN_PATH
 * and the installed folder, as every Segue host), made on first use; NULL,
 * reported, when it cannot be made. */
segue_engine *bridge_engine(const char *who);

/* Drops the process's own reference to the engine (instances keep theirs);
 * the next bridge_engine() makes a new one. */
void bridge_engine_release(void);

/* ------------------------------------------------------------------ */
/* Parameters as the engine declares them                              */

enum bridge_kind {
    BRIDGE_NUMBER,  /* a real number in low…high */
    BRIDGE_INTEGER, /* a whole number in low…high */
    BRIDGE_ENUM     /* one of `cases` */
};

enum { BRIDGE_MAX_CASES = 8, BRIDGE_CASE_MAX = 32 };

/* An entry's parameter with what the engine declares of it. */
typedef struct bridge_declaration {
    const bridge_param *param;
    enum bridge_kind kind;
    /** Numbers: the range. */
    double low, high;
    /** The default: a number, or the index of an enum's case. */
    double fallback;
    size_t case_count;
    /** An enum's cases as spec text (".top"). */
    char cases[BRIDGE_MAX_CASES][BRIDGE_CASE_MAX];
    /** What it means, ending with its range or cases: "Pieces across, 1…64". */
    char meaning[384];
} bridge_declaration;

/* Reads what `engine` declares of `param` (its effect's parameter) into
 * `out`: 1, or 0 with the reason in `error` (the effect is not loaded, or
 * declares a number without a range, which no host could show). */
int bridge_declare(segue_engine *engine, const bridge_param *param, bridge_declaration *out, char *error,
                   size_t capacity);

/* The spec text of a declared parameter's value: a number (clamped to its
 * range, rounded for integers) or an enum's case `value` (clamped to its
 * cases). */
void bridge_value_text(const bridge_declaration *declaration, double value, char *out, size_t capacity);

/* The index of the case `text` names, with or without its leading dot; -1
 * when it names none. */
int bridge_case_index(const bridge_declaration *declaration, const char *text);

/*
 * frei0r's numbers: a host passes every parameter as a double, 0…1 by
 * frei0r's convention. A number's real value is v × scale, scale being the
 * largest magnitude of its range (so 0…1 reaches 0…high, and a host that
 * shows v × scale, as Kdenlive does, shows the real value); an enum's is
 * case ⌊v × n⌋ of its n cases (v = 1 the last).
 */
double bridge_frei0r_scale(const bridge_declaration *declaration);

/* The real value (number) or case index (enum) of frei0r's `v`. */
double bridge_frei0r_real(const bridge_declaration *declaration, double v);

/* frei0r's v for a real value or case index: the inverse of bridge_frei0r_real(). */
double bridge_frei0r_value(const bridge_declaration *declaration, double real);

/* The spec of `entry` with its effect parameters set to `values` (spec
 * text, one per parameter, e.g. "8" or ".top"); malloc'd, NULL when it does
 * not fit. */
char *bridge_spec(const bridge_transition *entry, const char *const values[]);

/* A transition and an animation made from text, remade when the text
 * changes. Zero-initialise it, with `who` set. Not thread-safe: a host that
 * renders one mixer from several threads prepares it under a lock and
 * renders with references taken there. */
typedef struct bridge_mixer {
    const char *who;
    segue_engine *engine;
    char *spec;
    segue_transition *transition;
    int plus_lighter;
    char *animation_spec;
    segue_animation *animation;
    double animation_seconds;
} bridge_mixer;

/* The mixer's engine, taken on first use; NULL (reported) when there is none. */
segue_engine *bridge_mixer_engine(bridge_mixer *mixer);

/* Makes the transition from `spec` (plus_lighter: the views are added, a
 * true crossfade) and the animation from `animation` (NULL or empty:
 * linear), unless they are what the mixer already holds. A spec that does
 * not parse is reported once and replaced by the crossfade; an animation
 * that does not parse, by linear progress. Returns 1 when the mixer has a
 * transition to render. */
int bridge_mixer_prepare(bridge_mixer *mixer, const char *spec, int plus_lighter, const char *animation);

/* `linear` (clamped to 0…1) eased by the mixer's animation over its own length. */
double bridge_mixer_progress(const bridge_mixer *mixer, double linear);

/* Renders `transition` from `from` to `to` (either may be NULL) at
 * `progress` into `target`. `opaque`: both clips are opaque, so what shows
 * through the views is opaque black, as in any video mixer; otherwise
 * transparency, for the host to composite. Returns 1, or 0 after reporting
 * the failure once. */
int bridge_render(const char *who, segue_engine *engine, const segue_transition *transition, int plus_lighter,
                  segue_surface *from, segue_surface *to, double progress, int opaque, segue_surface *target);

/* Whether all `count` pixels of an RGBA picture (4 bytes each, alpha last)
 * are opaque: then a render over opaque black is what the host expects. */
int bridge_opaque(const void *rgba, size_t count);

/* Releases what the mixer holds and zeroes it (keeping `who`). */
void bridge_mixer_clear(bridge_mixer *mixer);

#endif /* SEGUE_BRIDGE_MIXER_H */
