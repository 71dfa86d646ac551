/*
 * transitions.h — the transitions Segue's bridges ship: one frei0r file each
 * (bridges/frei0r), one MLT service each (bridges/mlt), and a Kdenlive
 * descriptor for each of those (bridges/kdenlive). An entry gives the name,
 * the Segue spec it renders and the effect parameters it shows to the host.
 * The table is the one place a shipped transition is defined.
 *
 * A parameter's kind, range, cases and default are not written here: they
 * are read from the engine, from the effect that declares the parameter
 * (the explode plugin's `columns`, 1…64), so the plugin's declaration is the
 * only place they are written (bridge_declare() in mixer.h). Only an
 * argument of a built-in transition that no effect declares (flip's
 * `axis:`) lists its cases here, and only an argument a transition requires
 * without a default of its own (push's `from:`) names its default here.
 */
#ifndef SEGUE_BRIDGE_TRANSITIONS_H
#define SEGUE_BRIDGE_TRANSITIONS_H

#include <stddef.h>

typedef struct bridge_param {
    /** The host's name for it, and the label it takes in the spec. */
    const char *name;
    /** The engine's effect that declares it ("explode"), or NULL for an
     *  argument no effect declares, whose `cases` are then given. */
    const char *effect;
    /** The effect's name for it, when that differs from `name`. */
    const char *declared;
    /** Non-zero when the default is the declaration's identity value, not
     *  its active one: a `to:` argument (the count-up's number reached). */
    int identity;
    /** Spec text of the default, for an argument its transition requires
     *  (".push" alone does not parse); NULL: the declaration's. */
    const char *fallback;
    /** With no `effect`: the cases, as spec text, separated by '|'. */
    const char *cases;
    /** What it means, when the declaration's summary does not say it. */
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

static const bridge_transition bridge_transitions[] = {
    { "segue_push", ".push(%s)", 0, "Segue's push: the new clip pushes in from an edge while fading in, the old one leaves by the opposite edge", 1,
      { { "from", "move", "edge", 0, ".trailing", NULL, "the edge the new clip comes from" } } },
    { "segue_slide", ".slide", 0, "Segue's slide: the new clip slides in from the leading edge, the old one out towards the trailing edge", 0, { { 0 } } },
    { "segue_move", ".move(%s)", 0, "Segue's move: the new clip moves in from an edge by its own size, the old one out the same way", 1,
      { { "edge", "move", NULL, 0, ".trailing", NULL, NULL } } },
    { "segue_scale", ".scale(%s)", 0, "Segue's scale: the new clip grows from a point as the old one shrinks into it", 1,
      { { "scale", "scale", NULL, 0, NULL, NULL, "the size the clips grow from and shrink to, of their own" } } },
    { "segue_opacity", ".opacity", 1, "Segue's crossfade, added with plusLighter: brightness never dips half-way (a true a·(1−p) + b·p)", 0, { { 0 } } },
    { "segue_flip", ".flip(%s)", 0, "Segue's flip: the old clip turns away in perspective, then the new one turns in", 1,
      { { "axis", NULL, NULL, 0, ".y", ".y|.x", "the axis turned about" } } },
    { "segue_blurreplace", ".blurReplace", 0, "SwiftUI's blurReplace: the old clip blurs out and shrinks a little as the new one sharpens in", 0, { { 0 } } },
    { "segue_clip", ".clip(%s)", 0, "Segue's clip effect: the new clip revealed through a rounded rectangle growing from the centre", 1,
      { { "cornerRadius", "clip", NULL, 0, NULL, NULL, "the corner radius at the start, in pixels" } } },
    { "segue_countup", ".countUp(%s)", 0, "Segue's count-up effect: a number counts up over the new clip as it arrives", 1,
      { { "to", "countUp", "value", 1, NULL, NULL, "the number reached" } } },
    { "segue_slidingdoor", ".slidingDoor(%s)", 0, "Segue's sliding door: the clips cut into halves or quarters that slide apart and together", 1,
      { { "pieces", "slidingDoor", NULL, 0, NULL, NULL, NULL } } },
    { "segue_explode", ".explode(%s)", 0, "Segue's explode effect: the clips burst into pieces that fly along curves, turning and fading", 3,
      { { "columns", "explode", NULL, 0, NULL, NULL, NULL },
        { "rows", "explode", NULL, 0, NULL, NULL, NULL },
        { "force", "explode", NULL, 0, NULL, NULL, NULL } } },
    { "segue_tiktok", ".tiktok(%s)", 0, "Segue's TikTok effect: red and cyan copies of the clips pull apart and meet", 1,
      { { "mode", "tiktok", NULL, 0, NULL, NULL, NULL } } },
    { "segue_slideaway", ".slideAway(%s)", 0, "The slide-away shader: an edge sweeps across and the clips drain into it", 1,
      { { "direction", "slideAway", NULL, 0, NULL, NULL, NULL } } },
    { "segue_particles", ".asymmetric(insertion: .opacity, removal: .particles(%s))", 0,
      "The canvas fire: the old clip burns away from the bottom into rising embers as the new one fades in", 1,
      { { "count", "particles", NULL, 0, NULL, NULL, NULL } } },
};

enum { BRIDGE_TRANSITION_COUNT = sizeof bridge_transitions / sizeof bridge_transitions[0] };

#endif /* SEGUE_BRIDGE_TRANSITIONS_H */
