/*
 * xfade.c — FFmpeg's xfade transitions as a Segue effect, in C against
 * segue/plugin.h alone: `.xfade(.circleopen)`, `.xfade(.wipeleft)` … with the
 * pictures FFmpeg's xfade filter draws, under any of Segue's animations.
 *
 * Each xfade transition is two per-side effects. The inserted view is drawn
 * on top of the removed one with a weight per pixel (xfade's mix of the two
 * pictures, out = a·(1 − w) + b·w for opaque views), after any change of
 * its own (a move for the slides, a fade to black …); the removed view gets
 * its own change, or stays as it is. One effect carries both sides: its
 * `insertion` parameter runs 0 → 1 on the inserted view and stays 1 on the
 * removed one; `removal` stays 0 on the inserted view and runs 0 → 1 on the
 * removed one (the removal defaults of segue/plugin.h 0.2.0). A side at its
 * identity (insertion 1, removal 0) is the view unchanged, byte for byte.
 *
 * Three weigh every pixel by both pictures at once (distance, fadefast,
 * fadeslow): the inserted view's side reads the removed view through
 * canvas_partner() (segue/plugin.h 0.2.0) and draws xfade's mix itself.
 * hblur does too, for speed: its blur of the mix is xfade's mix of the two
 * blurs, one box instead of two. Their removed side is the view as it is.
 * Where the host lends both views' pixels in place (canvas_peek()), they
 * are read there rather than copied, and the mix is written to a new image.
 *
 * Where the inserted view does not cover the removed one opaquely (a
 * letterboxed or translucent picture), the removed view weighs itself per
 * pixel (under_row()), so that out is still xfade's mix there, the uncovered
 * area transparent as FFmpeg's pad filter leaves it black. Both sides draw
 * over the output the scene places them in (SEGUE_EFFECT_CONTAINER_FRAME),
 * not each view's own frame, so their geometry is the same.
 *
 * The maths of every transition is xfade's own, in single precision as
 * xfade computes it, with its progress p = 1 − (Segue's progress) running
 * from 1 to 0, so that hard edges fall on the same pixels.
 *
 * The effect's descriptor and entry are here; the rest is in files by job
 * (xfade.h is what they share):
 *   xfade.c    the effect: its parameters, descriptor, init(), render() and entry
 *   maths.c    xfade's arithmetic: each transition's weights, noise and geometry
 *   kernels.c  the loops over a row of pixels, vectorised (AVX2 where it runs)
 *   canvas.c   each side drawn on the canvas: whole-pixel parts, or per pixel
 */
#include "xfade.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

const segue_host *xfade_host;

static const char *const transition_names[] = { TRANSITIONS(AS_NAME) };

#if defined(__x86_64__)
/* Whether the processor has AVX2 (asked once, at load), for the loop written
 * with SSE2 intrinsics (scale_row), whose AVX2 version is written out too:
 * a target clone of intrinsics would still be four pixels wide. */
int xfade_has_avx2;
#endif

static segue_status xfade_init(const segue_host *h, const char *path)
{
    (void)path;
    if (h->abi_version < SEGUE_PLUGIN_ABI_VERSION)
        return SEGUE_ERROR_PLUGIN;
    xfade_host = h;
#if defined(__x86_64__)
    xfade_has_avx2 = __builtin_cpu_supports("avx2");
#endif
    return SEGUE_OK;
}

enum { TRANSITION, INSERTION, REMOVAL, BACKGROUND };

/* insertion and removal: each a side's progress, from 0 in the active state
 * to `identity_` in place, and 1 by default when the effect removes a view. */
#define SIDE_PROGRESS(name_, summary_, identity_)                                                              \
    {                                                                                                          \
        .struct_size = sizeof(segue_param_desc), .flags = SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_REMOVAL,    \
        .name = (name_), .summary = (summary_), .kind = SEGUE_KIND_NUMBER,                                     \
        .active = { .kind = SEGUE_KIND_NUMBER, .number = 0 },                                                  \
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = (identity_) },                                      \
        .removal = { .kind = SEGUE_KIND_NUMBER, .number = 1 },                                                 \
    }

static const segue_param_desc xfade_params[] = {
    [TRANSITION] = {
        .struct_size = sizeof(segue_param_desc),
        .name = "transition",
        .summary = "the xfade transition, by FFmpeg's name",
        .kind = SEGUE_KIND_ENUM,
        .active = { .kind = SEGUE_KIND_ENUM, .text = "fade" },
        .identity = { .kind = SEGUE_KIND_ENUM, .text = "fade" },
        .cases = transition_names,
        .case_count = TRANSITION_COUNT,
    },
    [INSERTION] = SIDE_PROGRESS(
        "insertion", "the inserted view's progress through the transition (1: in place; stays 1 on the removed view)",
        1),
    [REMOVAL] = SIDE_PROGRESS(
        "removal", "the removed view's progress through the transition (0: in place; stays 0 on the inserted view)",
        0),
    [BACKGROUND] = {
        .struct_size = sizeof(segue_param_desc),
        .name = "background",
        .summary = "what fadeblack, fadewhite and the crops pass through; clear for xfade's own (white for fadewhite)",
        .kind = SEGUE_KIND_COLOR,
        .active = { .kind = SEGUE_KIND_COLOR, .color = { 0, 0, 0, 0 } },
        .identity = { .kind = SEGUE_KIND_COLOR, .color = { 0, 0, 0, 0 } },
    },
};

static uint32_t premultiplied(segue_color c)
{
    uint32_t a = (uint32_t)(c.alpha * 255 + 0.5);
    return a << 24 | (uint32_t)(c.red * c.alpha * 255 + 0.5) << 16 | (uint32_t)(c.green * c.alpha * 255 + 0.5) << 8
        | (uint32_t)(c.blue * c.alpha * 255 + 0.5);
}

/* A side's progress within 0…1, the only range xfade's transitions are drawn for. */
static double clamp_progress(double progress)
{
    return progress < 0 ? 0 : progress > 1 ? 1 : progress;
}

static segue_status xfade_render(void *instance, const segue_value *values, segue_canvas *canvas)
{
    (void)instance;
    /* xfade's progress runs from 0 to 1 and its pictures are defined there only: a view that an
     * animation carries past either end (a spring overshooting) shows that end. */
    const double in = clamp_progress(values[INSERTION].number), out = clamp_progress(values[REMOVAL].number);
    segue_image *content = xfade_host->canvas_content(canvas);
    if (in == 1 && out == 0) /* either view in place */
        return xfade_host->canvas_draw_image(canvas, content, NULL);
    const int inserting = in != 1;
    if (inserting && in == 0) /* not in yet: xfade's first frame would show an edge of it (wiperight's column 0) */
        return SEGUE_OK;

    struct frame f = { 0 };
    for (uint32_t i = 0; i < TRANSITION_COUNT; i++)
        if (strcmp(values[TRANSITION].text, transition_names[i]) == 0)
            f.transition = (enum transition)i;
    /* xfade's progress, as it computes it: 1 − elapsed / duration, in single precision. */
    f.p = 1.f - (float)(inserting ? in : out);
    segue_color background = values[BACKGROUND].color;
    if (background.alpha == 0)
        background = f.transition == fadewhite ? (segue_color){ 1, 1, 1, 1 } : (segue_color){ 0, 0, 0, 1 };
    f.background = premultiplied(background);
    const segue_rect frame = xfade_host->canvas_frame(canvas);
    f.w = (int)frame.width;
    f.h = (int)frame.height;
    const int has_partner
        = xfade_host->struct_size >= offsetof(segue_host, canvas_partner) + sizeof xfade_host->canvas_partner;
    segue_image *partner = has_partner ? xfade_host->canvas_partner(canvas) : NULL;
    f.alone = !partner; /* so too, for lack of a way to tell, with a host older than canvas_partner() */
    return !inserting && partner ? xfade_draw_removed(f, background, canvas, content, partner)
                                 : xfade_draw_side(f, inserting, background, canvas, content, partner);
}

static const segue_effect_desc xfade_effects[] = {
    {
        .struct_size = sizeof(segue_effect_desc),
        .id = "segue.xfade",
        .name = "xfade",
        .summary = "FFmpeg's xfade transitions by name, pixel for pixel, under any animation",
        .params = xfade_params,
        .param_count = sizeof xfade_params / sizeof xfade_params[0],
        .render = xfade_render,
        /* xfade mixes frames of one size: over a letterboxed view it sees the output, the bars transparent, as
         * FFmpeg's xfade sees inputs padded to one size, and both views' geometry is the output's. */
        .flags = SEGUE_EFFECT_CONTAINER_FRAME,
    },
};

SEGUE_PLUGIN_DEFINE("xfade", "1.0.0", xfade_init, NULL, xfade_effects);
