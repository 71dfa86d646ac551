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
 *     .badDistortion    hands canvas_draw_distorted() what it must refuse,
 *                       checking each refusal released the context, then a
 *                       map whose positions are, column by column, the
 *                       pixel's own, NaN, infinite and 1e300 away
 *     .wrongHandles     hands the host handles of the wrong kind, stale ones
 *                       (a canvas, an image and a layer of an earlier render
 *                       or call), pointers to unrelated memory and double
 *                       releases; fails naming the first answer that is not
 *                       the documented refusal or neutral value, else draws
 *                       the content plainly
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

/* What a previous render of .wrongHandles handed out, used again in the next. */
static segue_canvas *previous_canvas;
static segue_image *previous_image;

/* Memory that holds no handle: words no tag looks like. */
static uint64_t unrelated[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

#define EXPECT(condition, what)                                                  \
    do {                                                                         \
        if (!(condition)) {                                                      \
            host->canvas_set_error(canvas, "not as documented: " what);          \
            return SEGUE_ERROR_PLUGIN;                                           \
        }                                                                        \
    } while (0)

static int is_zero_rect(segue_rect r)
{
    return r.x == 0 && r.y == 0 && r.width == 0 && r.height == 0;
}

static segue_status wrong_handles(const segue_value *values, segue_canvas *canvas)
{
    (void)values;
    const segue_status invalid = SEGUE_ERROR_INVALID_ARGUMENT;
    segue_image *content = host->canvas_content(canvas);
    segue_path *path = host->path_create();
    host->path_add_rect(path, (segue_rect){ 0, 0, 4, 4 });

    /* A handle of the wrong kind. */
    EXPECT(host->canvas_draw_image(canvas, (segue_image *)path, NULL) == invalid, "a path drawn as an image");
    EXPECT(host->canvas_draw_image((segue_canvas *)content, content, NULL) == invalid, "an image used as a canvas");
    EXPECT(host->canvas_fill_path(canvas, (segue_path *)content, SEGUE_FILL_NONZERO, (segue_color){ 1, 0, 0, 1 },
                                  SEGUE_BLEND_NORMAL) == invalid, "an image filled as a path");
    EXPECT(is_zero_rect(host->canvas_frame((segue_canvas *)path)), "the frame of a path");
    EXPECT(host->canvas_content((segue_canvas *)path) == NULL, "the content of a path");
    EXPECT(host->canvas_is_cancelled((segue_canvas *)content) == 0, "asking an image whether it is cancelled");
    EXPECT(host->image_pixels((segue_image *)path, NULL, NULL, NULL) == NULL, "the pixels of a path");
    int32_t stride = 0;
    const int peeks = host->struct_size >= offsetof(segue_host, canvas_peek) + sizeof host->canvas_peek;
    EXPECT(!peeks || host->canvas_peek(canvas, (segue_image *)path, &stride) == NULL, "peeking at a path");
    EXPECT(!peeks || host->canvas_peek((segue_canvas *)content, content, &stride) == NULL, "peeking through an image");
    int32_t opaque = -1;
    const int asks = host->struct_size >= offsetof(segue_host, canvas_is_opaque) + sizeof host->canvas_is_opaque;
    EXPECT(!asks || host->canvas_is_opaque(canvas, (segue_image *)path, &opaque) == invalid, "the opacity of a path");
    EXPECT(!asks || host->canvas_is_opaque((segue_canvas *)content, content, &opaque) == invalid,
           "the opacity through an image");
    EXPECT(!asks || host->canvas_is_opaque(canvas, content, NULL) == invalid, "the opacity into NULL");
    host->path_line_to((segue_path *)content, 1, 1);   /* ignored */
    host->path_destroy((segue_path *)content);         /* ignored */
    host->image_release((segue_image *)path);          /* ignored */

    /* Pointers to memory that holds no handle, aligned or not. */
    segue_image *junk = (segue_image *)(void *)unrelated;
    segue_image *odd = (segue_image *)(void *)((char *)unrelated + 1);
    EXPECT(host->canvas_draw_image(canvas, junk, NULL) == invalid, "unrelated memory drawn as an image");
    EXPECT(host->canvas_draw_image(canvas, odd, NULL) == invalid, "a misaligned pointer drawn as an image");
    EXPECT(host->canvas_content((segue_canvas *)(void *)unrelated) == NULL, "the content of unrelated memory");
    EXPECT(host->canvas_is_cancelled((segue_canvas *)(void *)unrelated) == 0, "unrelated memory cancelled");
    EXPECT(!peeks || host->canvas_peek(canvas, odd, &stride) == NULL, "peeking at a misaligned pointer");
    EXPECT(!asks || host->canvas_is_opaque(canvas, odd, &opaque) == invalid, "the opacity of a misaligned pointer");
    host->image_release(junk);                          /* ignored */
    host->path_destroy((segue_path *)(void *)unrelated); /* ignored */

    /* An image the canvas owns cannot be released early: it still draws. */
    host->image_release(content);
    EXPECT(host->canvas_draw_image(canvas, content, NULL) == SEGUE_OK, "the content after a stray release");

    /* A path destroyed twice, then used. */
    host->path_destroy(path);
    host->path_destroy(path);
    host->path_close(path);                             /* ignored */
    EXPECT(host->canvas_fill_path(canvas, path, SEGUE_FILL_NONZERO, (segue_color){ 1, 0, 0, 1 },
                                  SEGUE_BLEND_NORMAL) == invalid, "a destroyed path");

    /* A layer that has ended, and a plugin image used after its release. */
    segue_canvas *layer = host->canvas_begin_layer(canvas);
    EXPECT(layer != NULL, "beginning a layer");
    segue_image *drawn = host->canvas_end_layer(layer);
    EXPECT(drawn != NULL, "ending a layer");
    EXPECT(host->canvas_draw_image(layer, content, NULL) == invalid, "drawing into an ended layer");
    EXPECT(host->canvas_end_layer(layer) == NULL, "ending a layer twice");
    EXPECT(host->canvas_is_cancelled(layer) == 0, "asking an ended layer whether it is cancelled");
    segue_image *owned = NULL;
    EXPECT(host->image_create(2, 2, &owned) == SEGUE_OK, "creating an image");
    host->image_release(owned);
    host->image_release(owned);                         /* ignored */
    EXPECT(host->image_pixels(owned, NULL, NULL, NULL) == NULL, "the pixels of a released image");
    EXPECT(!peeks || host->canvas_peek(canvas, owned, &stride) == NULL, "peeking at a released image");
    EXPECT(!peeks || host->canvas_peek(layer, content, &stride) == NULL, "peeking from an ended layer");
    EXPECT(!asks || host->canvas_is_opaque(canvas, owned, &opaque) == invalid, "the opacity of a released image");
    EXPECT(!asks || host->canvas_is_opaque(layer, content, &opaque) == invalid, "the opacity from an ended layer");
    EXPECT(host->canvas_draw_image(canvas, owned, NULL) == invalid, "drawing a released image");

    /* The canvas and content of an earlier render, which have ended. */
    if (previous_canvas) {
        EXPECT(host->canvas_is_cancelled(previous_canvas) == 0, "asking an ended canvas whether it is cancelled");
        EXPECT(is_zero_rect(host->canvas_frame(previous_canvas)), "the frame of an ended canvas");
        EXPECT(host->canvas_content(previous_canvas) == NULL, "the content of an ended canvas");
        EXPECT(!peeks || host->canvas_peek(previous_canvas, content, &stride) == NULL, "peeking from an ended canvas");
        EXPECT(!asks || host->canvas_is_opaque(previous_canvas, content, &opaque) == invalid,
               "the opacity from an ended canvas");
        EXPECT(host->canvas_draw_image(previous_canvas, content, NULL) == invalid, "drawing into an ended canvas");
        EXPECT(host->canvas_draw_image(canvas, previous_image, NULL) == invalid, "drawing an ended canvas's image");
        host->canvas_set_error(previous_canvas, "this message must go nowhere");
    }
    previous_canvas = canvas;
    previous_image = content;

    /* After all that, the content, plainly: the frame must show exactly it. */
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    return host->canvas_draw_image(canvas, content, &draw) == SEGUE_OK && drawn != NULL ? SEGUE_OK : SEGUE_ERROR_PLUGIN;
}

/* A map whose positions, by column modulo 4: the pixel's own position (so
 * it shows the content exactly), NaN, an infinity, and far outside. */
static void wild_map(void *context, segue_point first, int32_t count, double *positions)
{
    (void)context;
    for (int32_t i = 0; i < count; i++) {
        double x = first.x + i, y = first.y;
        switch ((int)floor(x) % 4) {
        case 0: positions[2 * i] = x, positions[2 * i + 1] = y; break;
        case 1: positions[2 * i] = NAN, positions[2 * i + 1] = y; break;
        case 2: positions[2 * i] = x, positions[2 * i + 1] = (i % 2 ? -INFINITY : INFINITY); break;
        default: positions[2 * i] = 1e300, positions[2 * i + 1] = -1e300; break;
        }
    }
}

static int releases;

static void count_release(void *context)
{
    (void)context;
    __atomic_add_fetch(&releases, 1, __ATOMIC_RELAXED);
}

/* How many releases the renders so far should have seen, once their frames were composited. */
static int releases_due;

static segue_status bad_distortion(const segue_value *values, segue_canvas *canvas)
{
    (void)values;
    const segue_status invalid = SEGUE_ERROR_INVALID_ARGUMENT;
    segue_image *content = host->canvas_content(canvas);
    if (host->struct_size < offsetof(segue_host, canvas_draw_distorted) + sizeof host->canvas_draw_distorted)
        return SEGUE_ERROR_PLUGIN;
    /* Every distortion handed over earlier has been released by now. */
    EXPECT(__atomic_load_n(&releases, __ATOMIC_RELAXED) == releases_due, "every earlier distortion released");

    segue_distortion d = SEGUE_DISTORTION_DEFAULTS;
    d.map = wild_map;
    d.release = count_release;
    EXPECT(host->canvas_draw_distorted(canvas, content, NULL) == invalid, "a NULL distortion");
    segue_distortion no_map = d;
    no_map.map = NULL;
    EXPECT(host->canvas_draw_distorted(canvas, content, &no_map) == invalid, "a distortion without a map");
    segue_distortion negative = d;
    negative.max_sample_offset.x = -1;
    EXPECT(host->canvas_draw_distorted(canvas, content, &negative) == invalid, "a negative offset");
    segue_distortion nan_offset = d;
    nan_offset.max_sample_offset.y = NAN;
    EXPECT(host->canvas_draw_distorted(canvas, content, &nan_offset) == invalid, "a NaN offset");
    EXPECT(host->canvas_draw_distorted((segue_canvas *)content, content, &d) == invalid, "an image as the canvas");
    EXPECT(host->canvas_draw_distorted(canvas, (segue_image *)(void *)unrelated, &d) == invalid, "a stray image");
    /* A size no release had, but one that reaches release: refused, and released all the same. */
    segue_distortion short_of_offset = d;
    short_of_offset.struct_size = (uint32_t)offsetof(segue_distortion, max_sample_offset);
    EXPECT(host->canvas_draw_distorted(canvas, content, &short_of_offset) == invalid, "a struct too short");
    /* Each refusal above, but the first, released the context before it returned. */
    releases_due += 6;
    /* One too short to hold release has none to call. */
    segue_distortion short_of_release = d;
    short_of_release.struct_size = (uint32_t)offsetof(segue_distortion, release);
    EXPECT(host->canvas_draw_distorted(canvas, content, &short_of_release) == invalid, "a struct without release");
    EXPECT(__atomic_load_n(&releases, __ATOMIC_RELAXED) == releases_due, "refused distortions released at once");

    /* Then the wild map itself, with a huge offset: released after the frame. */
    d.max_sample_offset = (segue_point){ 1e300, 1e300 };
    releases_due += 1;
    return host->canvas_draw_distorted(canvas, content, &d);
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
RENDER_FUNCTION(wrong_handles)
RENDER_FUNCTION(bad_distortion)

static const segue_effect_desc effects[] = {
    EFFECT("nan_geometry", "nanGeometry", "NaN and infinite geometry everywhere", nan_geometry_entry),
    EFFECT("far_outside", "farOutside", "drawing a billion pixels away", far_outside_entry),
    EFFECT("failing_render", "failingRender", "render() fails", failing_render_entry),
    EFFECT("slow_render", "slowRender", "renders until cancelled", slow_render_entry),
    EFFECT("stubborn_render", "stubbornRender", "sleeps, ignoring cancellation", stubborn_render_entry),
    EFFECT("wrong_handles", "wrongHandles", "handles of the wrong kind, stale and stray", wrong_handles_entry),
    EFFECT("bad_distortion", "badDistortion", "distortions refused, and positions NaN, infinite and far away",
           bad_distortion_entry),
};

SEGUE_PLUGIN_DEFINE("Misbehaving plugin", "0.0.1", plugin_init, plugin_deinit, effects);
