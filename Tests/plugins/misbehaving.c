/*
 * misbehaving.c — a plugin that loads fine and then misbehaves while
 * rendering, one way per effect, for Tests/c/misbehaving_plugins.c:
 *
 *     .nanGeometry      hands the host NaN and infinite geometry (transforms,
 *                       crops, path points, radii), ignores every refusal,
 *                       then draws the content plainly
 *     .farOutside       draws far outside the frame: the content a billion
 *                       pixels away and scaled a million times, curves with
 *                       control points at 1e300, a rectangle 1e12 on a side
 *     .failingRender    fails with its own message
 *     .slowRender       works until the caller cancels (polls
 *                       canvas_is_cancelled); gives up after 60 s
 *     .stubbornRender   sleeps `amount` seconds and ignores cancellation
 *
 *     cc -shared -fPIC -std=c99 -I build/include Tests/plugins/misbehaving.c -o misbehaving.so
 *
 * Every effect has one animatable number, `amount` (0 → 1).
 */
#define _POSIX_C_SOURCE 200809L
#include <segue/plugin.h>

#include <math.h>
#include <stddef.h>
#include <time.h>

#include "../c/clock.h"

static const segue_host *host;

static segue_status plugin_init(const segue_host *h, const char *path)
{
    (void)path;
    /* canvas_is_cancelled sits at the end of the table, where hosts add functions. */
    if (h->struct_size < offsetof(segue_host, canvas_is_cancelled) + sizeof h->canvas_is_cancelled)
        return SEGUE_ERROR_PLUGIN;
    host = h;
    return SEGUE_OK;
}

static void plugin_deinit(void)
{
}

static const segue_param_desc params[] = {
    {
        .struct_size = sizeof(segue_param_desc),
        .flags = SEGUE_PARAM_ANIMATABLE,
        .name = "amount",
        .summary = "unused by most effects",
        .kind = SEGUE_KIND_NUMBER,
        .active = { .kind = SEGUE_KIND_NUMBER, .number = 0 },
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = 1 },
    },
};

static segue_status draw_content(segue_canvas *canvas, segue_affine transform, const segue_rect *crop)
{
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = transform;
    draw.crop = crop;
    return host->canvas_draw_image(canvas, host->canvas_content(canvas), &draw);
}

static void fill_rect(segue_canvas *canvas, segue_rect rect, segue_color color)
{
    segue_path *path = host->path_create();
    host->path_add_rect(path, rect);
    host->canvas_fill_path(canvas, path, SEGUE_FILL_NONZERO, color, SEGUE_BLEND_NORMAL);
    host->path_destroy(path);
}

static segue_status nan_geometry(const segue_value *values, segue_canvas *canvas)
{
    (void)values;
    const double nan = NAN, inf = INFINITY;
    const segue_color red = { 1, 0, 0, 1 };
    const segue_affine identity = SEGUE_AFFINE_IDENTITY;

    segue_affine bad = identity;
    bad.tx = nan;
    draw_content(canvas, bad, NULL);
    bad = identity;
    bad.a = inf;
    draw_content(canvas, bad, NULL);
    segue_rect crop = { nan, 0, 10, 10 };
    draw_content(canvas, identity, &crop);
    crop = (segue_rect){ 0, 0, inf, inf };
    draw_content(canvas, identity, &crop);

    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.opacity = nan;
    host->canvas_draw_image(canvas, host->canvas_content(canvas), &draw);

    fill_rect(canvas, (segue_rect){ nan, nan, 10, 10 }, red);
    fill_rect(canvas, (segue_rect){ 0, 0, inf, 10 }, red);
    segue_path *path = host->path_create();
    host->path_move_to(path, 0, 0);
    host->path_line_to(path, nan, 5);
    host->path_line_to(path, 5, 5);
    host->path_quad_to(path, inf, 0, 0, 5);
    host->path_cubic_to(path, 1, 1, 2, 2, -inf, nan);
    host->path_arc(path, 5, 5, nan, 0, 1, 0);
    host->path_arc(path, 5, 5, 3, 0, inf, 0);
    host->path_add_rounded_rect(path, (segue_rect){ 0, 0, 10, 10 }, nan);
    host->path_add_ellipse(path, (segue_rect){ 0, 0, nan, 10 });
    host->path_close(path);
    host->canvas_fill_path(canvas, path, SEGUE_FILL_EVEN_ODD, red, SEGUE_BLEND_NORMAL);
    host->canvas_fill_path(canvas, path, SEGUE_FILL_NONZERO, (segue_color){ nan, 0, 0, 1 }, SEGUE_BLEND_NORMAL);
    draw.opacity = 1;
    draw.clip = path;
    host->canvas_draw_image(canvas, host->canvas_content(canvas), &draw);
    host->path_destroy(path);

    segue_text_style style = { .struct_size = sizeof style, .size = nan, .color = red };
    host->canvas_draw_text(canvas, "NaN", &style, (segue_point){ 1, 1 }, (segue_point){ 0, 0 });
    style.size = 12;
    host->canvas_draw_text(canvas, "NaN", &style, (segue_point){ nan, 1 }, (segue_point){ 0, 0 });

    /* After all that, the content, plainly: the frame must show exactly it. */
    return draw_content(canvas, identity, NULL);
}

static segue_status far_outside(const segue_value *values, segue_canvas *canvas)
{
    (void)values;
    const segue_color red = { 1, 0, 0, 1 }, green = { 0, 1, 0, 1 };
    const segue_affine identity = SEGUE_AFFINE_IDENTITY;

    /* None of these reaches the output. */
    segue_affine far = identity;
    far.tx = 1e9;
    far.ty = -1e9;
    draw_content(canvas, far, NULL);
    segue_affine huge = { 1e6, 0, 0, 1e6, 1e9, 0 };
    draw_content(canvas, huge, NULL);
    segue_affine tiny = { 1e-12, 0, 0, 1e-12, -5e8, 0 };
    draw_content(canvas, tiny, NULL);
    fill_rect(canvas, (segue_rect){ 1e15, 1e15, 1e15, 1e15 }, green);
    segue_path *path = host->path_create();
    host->path_move_to(path, -1e300, -1e300);
    host->path_cubic_to(path, 1e300, -1e300, 1e300, 1e300, -1e300, 1e300);
    host->path_arc(path, 2e9, 2e9, 1e9, 0, 6.283185307179586, 0);
    host->path_close(path);
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = far;
    draw.clip = path;
    host->canvas_draw_image(canvas, host->canvas_content(canvas), &draw);
    host->path_destroy(path);

    /* This covers everything: the output must be red, all of it. */
    fill_rect(canvas, (segue_rect){ -1e12, -1e12, 2e12, 2e12 }, red);
    return SEGUE_OK;
}

static segue_status failing_render(const segue_value *values, segue_canvas *canvas)
{
    (void)values;
    host->canvas_set_error(canvas, "the misbehaving plugin gives up on purpose");
    return SEGUE_ERROR_PLUGIN;
}

static segue_status slow_render(const segue_value *values, segue_canvas *canvas)
{
    (void)values;
    const double start = seconds_now();
    while (!host->canvas_is_cancelled(canvas)) {
        if (seconds_now() - start > 60) {
            host->canvas_set_error(canvas, "nobody cancelled the slow render within 60 s");
            return SEGUE_ERROR_PLUGIN;
        }
        sleep_seconds(0.001);
    }
    return SEGUE_ERROR_CANCELLED;
}

static segue_status stubborn_render(const segue_value *values, segue_canvas *canvas)
{
    sleep_seconds(values[0].number);
    return draw_content(canvas, (segue_affine)SEGUE_AFFINE_IDENTITY, NULL);
}

#define EFFECT(ID, NAME, SUMMARY, RENDER)                                                                   \
    {                                                                                                      \
        .struct_size = sizeof(segue_effect_desc), .id = "test." ID, .name = NAME, .summary = SUMMARY,      \
        .params = params, .param_count = 1, .render = RENDER,                                              \
    }

#define RENDER_FUNCTION(NAME)                                                                 \
    static segue_status NAME##_entry(void *instance, const segue_value *values, segue_canvas *canvas) \
    {                                                                                         \
        (void)instance;                                                                       \
        return NAME(values, canvas);                                                          \
    }

RENDER_FUNCTION(nan_geometry)
RENDER_FUNCTION(far_outside)
RENDER_FUNCTION(failing_render)
RENDER_FUNCTION(slow_render)
RENDER_FUNCTION(stubborn_render)

static const segue_effect_desc effects[] = {
    EFFECT("nan_geometry", "nanGeometry", "NaN and infinite geometry everywhere", nan_geometry_entry),
    EFFECT("far_outside", "farOutside", "drawing a billion pixels away", far_outside_entry),
    EFFECT("failing_render", "failingRender", "render() fails", failing_render_entry),
    EFFECT("slow_render", "slowRender", "renders until cancelled", slow_render_entry),
    EFFECT("stubborn_render", "stubbornRender", "sleeps, ignoring cancellation", stubborn_render_entry),
};

static uint32_t effect_count(void)
{
    return sizeof effects / sizeof effects[0];
}

static const segue_effect_desc *effect_at(uint32_t index)
{
    return index < effect_count() ? &effects[index] : NULL;
}

SEGUE_PLUGIN_EXPORT const segue_plugin segue_plugin_entry = {
    .abi_version = SEGUE_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(segue_plugin),
    .name = "Misbehaving plugin",
    .version = "0.0.1",
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = effect_count,
    .effect = effect_at,
};
