/*
 * transitions.h — the transitions Segue's bridges ship: one frei0r file each
 * (bridges/frei0r), one MLT service each (bridges/mlt), and a Kdenlive
 * descriptor for each of those (bridges/kdenlive). An entry gives the name, the
 * Segue spec it renders and the effect parameters it shows to the host, in
 * their real units. The table is the one place a shipped transition is
 * defined.
 *
 * frei0r numbers are 0…1: there a parameter's real value is low + v × (high
 * − low), rounded for integers, and an enum picks case ⌊v × n⌋ of its n
 * cases (v = 1 the last); the frei0r bridge says so in each parameter's
 * explanation. MLT takes the real values.
 */
#ifndef SEGUE_BRIDGE_TRANSITIONS_H
#define SEGUE_BRIDGE_TRANSITIONS_H

#include <stddef.h>
#include <stdio.h>

enum bridge_kind {
    BRIDGE_NUMBER,  /* a real number in low…high */
    BRIDGE_INTEGER, /* a whole number in low…high */
    BRIDGE_ENUM     /* one of `cases`, as written in a spec */
};

typedef struct bridge_param {
    /** The host's name for it, and the label it takes in the spec. */
    const char *name;
    enum bridge_kind kind;
    double low, high;
    /** The default, in real units (an enum: the index of its case). */
    double fallback;
    /** An enum's cases, as spec text, separated by '|'. */
    const char *cases;
    /** What it means, in its real units. */
    const char *meaning;
} bridge_param;

enum { BRIDGE_MAX_PARAMS = 4 };

typedef struct bridge_transition {
    /** The frei0r file's name without ".so", the name frei0r hosts show; MLT's
     *  service is "segue." and the part after "segue_". */
    const char *file;
    /** The spec: "%s" (at most once) stands for the parameters as "name: value, …". */
    const char *spec;
    /** Non-zero to add the two views (SEGUE_BLEND_PLUS_LIGHTER): a true crossfade. */
    int plus_lighter;
    const char *explanation;
    size_t param_count;
    bridge_param params[BRIDGE_MAX_PARAMS];
} bridge_transition;

#define EDGES ".trailing|.leading|.top|.bottom"

static const bridge_transition bridge_transitions[] = {
    { "segue_push", ".push(%s)", 0, "Segue's push: the new clip pushes in from an edge while fading in, the old one leaves by the opposite edge", 1,
      { { "from", BRIDGE_ENUM, 0, 0, 0, EDGES, "the edge the new clip comes from: .trailing, .leading, .top or .bottom" } } },
    { "segue_slide", ".slide", 0, "Segue's slide: the new clip slides in from the leading edge, the old one out towards the trailing edge", 0, { { 0 } } },
    { "segue_move", ".move(%s)", 0, "Segue's move: the new clip moves in from an edge by its own size, the old one out the same way", 1,
      { { "edge", BRIDGE_ENUM, 0, 0, 0, EDGES, "the edge: .trailing, .leading, .top or .bottom" } } },
    { "segue_scale", ".scale(%s)", 0, "Segue's scale: the new clip grows from a point as the old one shrinks into it", 1,
      { { "scale", BRIDGE_NUMBER, 0, 1, 0, NULL, "the size the clips grow from and shrink to, 0…1 of their own" } } },
    { "segue_opacity", ".opacity", 1, "Segue's crossfade, added with plusLighter: brightness never dips half-way (a true a·(1−p) + b·p)", 0, { { 0 } } },
    { "segue_flip", ".flip(%s)", 0, "Segue's flip: the old clip turns away in perspective, then the new one turns in", 1,
      { { "axis", BRIDGE_ENUM, 0, 0, 0, ".y|.x", "the axis turned about: .y or .x" } } },
    { "segue_blurreplace", ".blurReplace", 0, "SwiftUI's blurReplace: the old clip blurs out and shrinks a little as the new one sharpens in", 0, { { 0 } } },
    { "segue_clip", ".clip(%s)", 0, "Segue's clip effect: the new clip revealed through a rounded rectangle growing from the centre", 1,
      { { "cornerRadius", BRIDGE_NUMBER, 0, 1000, 100, NULL, "the corner radius at the start, 0…1000 pixels" } } },
    { "segue_countup", ".countUp(%s)", 0, "Segue's count-up effect: a number counts up over the new clip as it arrives", 1,
      { { "to", BRIDGE_NUMBER, 0, 10000, 100, NULL, "the number reached, 0…10000" } } },
    { "segue_slidingdoor", ".slidingDoor(%s)", 0, "Segue's sliding door: the clips cut into halves or quarters that slide apart and together", 1,
      { { "pieces", BRIDGE_ENUM, 0, 0, 0, "2|4", "2 halves or 4 quarters" } } },
    { "segue_explode", ".explode(%s)", 0, "Segue's explode effect: the clips burst into pieces that fly along curves, turning and fading", 3,
      { { "columns", BRIDGE_INTEGER, 1, 64, 8, NULL, "pieces across, 1…64" },
        { "rows", BRIDGE_INTEGER, 1, 64, 6, NULL, "pieces down, 1…64" },
        { "force", BRIDGE_NUMBER, 0, 4, 1, NULL, "how far pieces fly, 0…4 (1: about the diagonal)" } } },
    { "segue_tiktok", ".tiktok(%s)", 0, "Segue's TikTok effect: red and cyan copies of the clips pull apart and meet", 1,
      { { "mode", BRIDGE_ENUM, 0, 0, 0, ".channels|.tint", "the look: .channels splits red from green and blue, .tint paints the copies" } } },
    { "segue_slideaway", ".slideAway(%s)", 0, "The slide-away shader: an edge sweeps across and the clips drain into it", 1,
      { { "direction", BRIDGE_ENUM, 0, 0, 0, ".leading|.trailing", "the side the edge sweeps towards: .leading or .trailing" } } },
    { "segue_particles", ".asymmetric(insertion: .opacity, removal: .particles(%s))", 0,
      "The canvas fire: the old clip burns away from the bottom into rising embers as the new one fades in", 1,
      { { "count", BRIDGE_INTEGER, 0, 2000, 200, NULL, "embers, 0…2000" } } },
};

#undef EDGES

enum { BRIDGE_TRANSITION_COUNT = sizeof bridge_transitions / sizeof bridge_transitions[0] };

/* How many cases an enum parameter has. */
static inline size_t bridge_case_count(const bridge_param *param)
{
    size_t n = 1;
    for (const char *c = param->cases; *c; c++) n += *c == '|';
    return n;
}

/* Case `index` (below bridge_case_count) of an enum parameter: where its
 * text starts in `cases`, with its length in *length. */
static inline const char *bridge_case(const bridge_param *param, size_t index, size_t *length)
{
    const char *start = param->cases;
    for (size_t k = 0; k < index; k++) {
        while (*start != '|') start++;
        start++;
    }
    size_t n = 0;
    while (start[n] && start[n] != '|') n++;
    *length = n;
    return start;
}

/* Case `index` of an enum parameter as a string of its own, in `out`. */
static inline void bridge_case_text(const bridge_param *param, size_t index, char *out, size_t capacity)
{
    size_t length;
    const char *start = bridge_case(param, index, &length);
    snprintf(out, capacity, "%.*s", (int)length, start);
}

#endif /* SEGUE_BRIDGE_TRANSITIONS_H */
