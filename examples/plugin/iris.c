/*
 * iris.c — a template Segue plugin in C: the "iris" effect reveals the
 * content through a circle that grows from a point until it covers the frame.
 *
 *     .iris                         (progress 0 → 1, from the centre)
 *     .iris(center: .topLeading)    (from a corner)
 *     .modifier(active: .iris(progress: 0.2), identity: .iris(progress: 1))
 *
 * Build it with one command against the installed headers (it needs no
 * library: everything comes from the host table handed to init()):
 *
 *     cc -shared -fPIC -fvisibility=hidden -std=c99 $(pkg-config --cflags segue) iris.c -lm -o iris.so
 *
 * then drop iris.so into a folder on SEGUE_PLUGIN_PATH (or the installation's
 * lib/segue/plugins) and use `.iris` in any spec. Copy this file to start
 * your own: change the descriptor, write render().
 */
#include <segue/plugin.h>

#include <math.h>

/* The host's functions; set once by init(), read-only afterwards. */
static const segue_host *host;

static segue_status iris_init(const segue_host *h, const char *path)
{
    (void)path;
    if (h->abi_version < SEGUE_PLUGIN_ABI_VERSION)
        return SEGUE_ERROR_PLUGIN;
    host = h;
    return SEGUE_OK;
}

/* Parameters: the circle's size (animatable) and where it opens from. */
static const segue_param_desc iris_params[] = {
    {
        .struct_size = sizeof(segue_param_desc),
        .flags = SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_RANGE,
        .name = "progress",
        .summary = "0: closed, 1: the circle covers the frame",
        .kind = SEGUE_KIND_NUMBER,
        .minimum = 0,
        .maximum = 1,
        .active = { .kind = SEGUE_KIND_NUMBER, .number = 0 },
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = 1 },
    },
    {
        .struct_size = sizeof(segue_param_desc),
        .flags = 0,
        .name = "center",
        .summary = "where the circle opens, a unit point of the frame",
        .kind = SEGUE_KIND_POINT,
        .active = { .kind = SEGUE_KIND_POINT, .point = { 0.5, 0.5 } },
        .identity = { .kind = SEGUE_KIND_POINT, .point = { 0.5, 0.5 } },
    },
};

/* Called for every frame, from any thread: keep no state between calls. */
static segue_status iris_render(void *instance, const segue_value *values, segue_canvas *canvas)
{
    (void)instance;
    double progress = values[0].number; /* may leave 0…1: springs overshoot */
    segue_point unit = values[1].point;
    segue_rect frame = host->canvas_frame(canvas);
    segue_image *content = host->canvas_content(canvas);

    if (progress >= 1) /* fully open: the content, untouched */
        return host->canvas_draw_image(canvas, content, NULL);
    if (progress <= 0) /* closed: nothing */
        return SEGUE_OK;

    /* The radius that reaches the frame's farthest corner from the centre. */
    double cx = frame.x + unit.x * frame.width, cy = frame.y + unit.y * frame.height;
    double dx = fmax(cx - frame.x, frame.x + frame.width - cx);
    double dy = fmax(cy - frame.y, frame.y + frame.height - cy);
    double radius = progress * sqrt(dx * dx + dy * dy);

    segue_path *circle = host->path_create();
    if (!circle) {
        host->canvas_set_error(canvas, "cannot make a path");
        return SEGUE_ERROR_OUT_OF_MEMORY;
    }
    host->path_add_ellipse(circle, (segue_rect){ cx - radius, cy - radius, 2 * radius, 2 * radius });
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.clip = circle;
    segue_status status = host->canvas_draw_image(canvas, content, &draw);
    host->path_destroy(circle);
    return status;
}

static const segue_effect_desc iris_effects[] = {
    {
        .struct_size = sizeof(segue_effect_desc),
        .id = "example.iris",
        .name = "iris",
        .summary = "reveals the view through a growing circle",
        .params = iris_params,
        .param_count = sizeof iris_params / sizeof iris_params[0],
        .create = NULL, /* no per-engine state */
        .destroy = NULL,
        .render = iris_render,
    },
};

/* The one exported symbol, segue_plugin_entry, listing iris_effects (see
 * SEGUE_PLUGIN_DEFINE in segue/plugin.h). */
SEGUE_PLUGIN_DEFINE("Iris (template)", "1.0.0", iris_init, NULL, iris_effects);
