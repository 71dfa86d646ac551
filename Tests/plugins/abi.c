/*
 * abi.c — one plugin source for the ABI's growth rules (Tests/system/
 * test_abi.py, Tests/abi/README.md). It is built against the frozen 0.1.0
 * headers (a plugin from the past), against today's headers (one built
 * now), and against today's with -DFUTURE_LAYOUTS (one built against headers
 * newer than the host: every struct it hands over is padded to a larger
 * struct_size, as a later release's would be). All three must load in the
 * same host and draw the same bytes.
 *
 *     cc -shared -fPIC -std=c99 -I <headers> [-DFUTURE_LAYOUTS] [-DDRAW_SIZE=N] \
 *        -DEFFECT_ID='"test.abiNow"' -DEFFECT_NAME='"abiNow"' Tests/plugins/abi.c -o abi.so
 *
 * The effect draws through every struct the plugin ABI reads: a segue_draw
 * (a scaled, cropped, faded copy of the content, and one clipped by a path),
 * a filled path, and text with a segue_text_style. Its one parameter,
 * `nearest` (a bool, false by default), asks for nearest sampling of the
 * scaled copy: only a plugin built against headers that have
 * segue_draw.filter (0.2.0 and later) can ask, so the others ignore it.
 * -DDRAW_SIZE=N declares segue_draw's struct_size as N, to see the host
 * refuse a size no release had.
 */
#include <segue/plugin.h>
#include <segue/version.h>

#include <stddef.h>

#ifndef EFFECT_ID
#define EFFECT_ID "test.abi"
#endif
#ifndef EFFECT_NAME
#define EFFECT_NAME "abi"
#endif

#if SEGUE_VERSION_NUMBER >= 200
#define HAS_FILTER 1
#else
#define HAS_FILTER 0
#endif

/* Each struct as this build hands it over: itself, or padded as by later headers. */
#ifdef FUTURE_LAYOUTS
#define LATER(type) struct { type known; double added_later[5]; }
#define KNOWN(value) ((value).known)
#define FIELDS(...) { .known = __VA_ARGS__, .added_later = { 1, 2, 3, 4, 5 } }
#else
#define LATER(type) struct { type known; }
#define KNOWN(value) ((value).known)
#define FIELDS(...) { .known = __VA_ARGS__ }
#endif

typedef LATER(segue_plugin) plugin_layout;
typedef LATER(segue_effect_desc) effect_layout;
typedef LATER(segue_param_desc) param_layout;
typedef LATER(segue_draw) draw_layout;
typedef LATER(segue_text_style) style_layout;

static const segue_host *host;

static segue_status plugin_init(const segue_host *h, const char *path)
{
    (void)path;
    host = h;
    return SEGUE_OK;
}

static const param_layout params[] = {
    FIELDS({
        .struct_size = sizeof(param_layout),
        .name = "nearest",
        .summary = "sample the scaled copy at the nearest pixel (headers of 0.2.0 and later)",
        .kind = SEGUE_KIND_BOOL,
        .active = { .kind = SEGUE_KIND_BOOL, .number = 0 },
        .identity = { .kind = SEGUE_KIND_BOOL, .number = 0 },
    }),
};

/* A draw of this build's layout, starting from the defaults. */
static draw_layout new_draw(void)
{
    draw_layout draw = FIELDS(SEGUE_DRAW_DEFAULTS);
#ifdef DRAW_SIZE
    KNOWN(draw).struct_size = DRAW_SIZE;
#else
    KNOWN(draw).struct_size = sizeof(draw_layout);
#endif
    return draw;
}

static segue_status render(void *instance, const segue_value *values, segue_canvas *canvas)
{
    (void)instance;
    segue_status status = SEGUE_OK;
    segue_rect frame = host->canvas_frame(canvas);
    segue_image *content = host->canvas_content(canvas);

    /* The content, twice the size from its top-left quarter, faded. */
    draw_layout scaled = new_draw();
    segue_rect quarter = { frame.x, frame.y, frame.width / 2, frame.height / 2 };
    KNOWN(scaled).transform = (segue_affine){ 2, 0, 0, 2, -frame.x, -frame.y };
    KNOWN(scaled).crop = &quarter;
    KNOWN(scaled).opacity = 0.8;
#if HAS_FILTER
    if (values[0].number != 0)
        KNOWN(scaled).filter = SEGUE_FILTER_NEAREST;
#else
    (void)values;
#endif
    if (status == SEGUE_OK)
        status = host->canvas_draw_image(canvas, content, &KNOWN(scaled));

    /* A rounded-rectangle window onto the content, plus-lighter. */
    segue_path *window = host->path_create();
    host->path_add_rounded_rect(window, (segue_rect){ frame.x + 8, frame.y + 6, frame.width / 3, frame.height / 3 }, 5);
    draw_layout clipped = new_draw();
    KNOWN(clipped).clip = window;
    KNOWN(clipped).blend = SEGUE_BLEND_PLUS_LIGHTER;
    if (status == SEGUE_OK)
        status = host->canvas_draw_image(canvas, content, &KNOWN(clipped));
    host->path_destroy(window);

    /* A filled circle and a line of text. */
    segue_path *dot = host->path_create();
    host->path_add_ellipse(dot, (segue_rect){ frame.x + frame.width - 30, frame.y + 10, 20, 20 });
    if (status == SEGUE_OK)
        status = host->canvas_fill_path(canvas, dot, SEGUE_FILL_NONZERO, (segue_color){ 1, 0.5, 0, 1 },
                                        SEGUE_BLEND_NORMAL);
    host->path_destroy(dot);
    style_layout style = FIELDS({ .struct_size = sizeof(style_layout), .size = 14, .bold = 1,
                                  .color = { 0.1, 0.2, 0.9, 1 } });
    if (status == SEGUE_OK)
        status = host->canvas_draw_text(canvas, "ABI", &KNOWN(style),
                                        (segue_point){ frame.x + frame.width / 2, frame.y + frame.height - 12 },
                                        (segue_point){ 0.5, 0.5 });
    if (status != SEGUE_OK)
        host->canvas_set_error(canvas, "the host refused a drawing");
    return status;
}

static const effect_layout effects[] = {
    FIELDS({
        .struct_size = sizeof(effect_layout),
        .id = EFFECT_ID,
        .name = EFFECT_NAME,
        .summary = "draws through every struct of the plugin ABI",
        .params = &KNOWN(params[0]),
        .param_count = 1,
        .render = render,
    }),
};

static uint32_t effect_count(void)
{
    return 1;
}

static const segue_effect_desc *effect_at(uint32_t index)
{
    return index == 0 ? &KNOWN(effects[0]) : NULL;
}

SEGUE_PLUGIN_EXPORT const plugin_layout segue_plugin_entry = FIELDS({
    .abi_version = SEGUE_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(plugin_layout),
    .name = "ABI growth probe",
    .version = "1.0.0",
    .init = plugin_init,
    .effect_count = effect_count,
    .effect = effect_at,
});
