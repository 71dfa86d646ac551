/*
 * ripple.c — the second template Segue plugin in C, for per-pixel effects:
 * the "ripple" effect shows the content through rings of water spreading
 * from a point, with canvas_draw_distorted() (SwiftUI's distortionEffect).
 * The plugin says, for each output pixel, which position of the content it
 * shows; the host samples, on its threads, as it composites the frame.
 *
 *     .ripple                                 (amplitude 24 → 0 px)
 *     .ripple(amplitude: 40, wavelength: 60)
 *     .modifier(active: .ripple(amplitude: 10), identity: .ripple(amplitude: 0))
 *
 * Build it with one command against the installed headers (it needs no
 * library: everything comes from the host table handed to init()):
 *
 *     cc -shared -fPIC -fvisibility=hidden -std=c99 $(pkg-config --cflags segue) ripple.c -lm -o ripple.so
 *
 * then drop ripple.so into a folder on SEGUE_PLUGIN_PATH. It needs a host of
 * Segue 0.2.0 or later, whose table has canvas_draw_distorted().
 */
#include <segue/plugin.h>

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#define TAU 6.283185307179586 /* 2π: strict C99 has no M_PI */

static const segue_host *host;

static segue_status ripple_init(const segue_host *h, const char *path)
{
    (void)path;
    /* Functions added after the first release sit at the end of the table: check it reaches this one. */
    if (h->abi_version < SEGUE_PLUGIN_ABI_VERSION
        || h->struct_size < offsetof(segue_host, canvas_draw_distorted) + sizeof h->canvas_draw_distorted)
        return SEGUE_ERROR_PLUGIN;
    host = h;
    return SEGUE_OK;
}

static const segue_param_desc ripple_params[] = {
    {
        .struct_size = sizeof(segue_param_desc),
        .flags = SEGUE_PARAM_ANIMATABLE,
        .name = "amplitude",
        .summary = "how far the rings displace the content, in pixels (0: none)",
        .kind = SEGUE_KIND_NUMBER,
        .active = { .kind = SEGUE_KIND_NUMBER, .number = 24 },
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = 0 },
    },
    {
        .struct_size = sizeof(segue_param_desc),
        .flags = SEGUE_PARAM_HAS_RANGE,
        .name = "wavelength",
        .summary = "the distance between rings, in pixels",
        .kind = SEGUE_KIND_NUMBER,
        .minimum = 1,
        .maximum = 10000,
        .active = { .kind = SEGUE_KIND_NUMBER, .number = 48 },
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = 48 },
    },
};

/* What the map needs, for one frame: allocated by render(), freed by the
 * host's call to ripple_release() once the frame is composited. */
struct ripple {
    double cx, cy, amplitude, wavenumber;
};

/* Each pixel at distance r from the centre shows the point moved along the
 * radius by amplitude·sin(2πr / wavelength). Called from several threads at
 * once: it only reads the ripple. */
static void ripple_map(void *context, segue_point first, int32_t count, double *positions)
{
    const struct ripple *ripple = context;
    double dy = first.y - ripple->cy;
    for (int32_t i = 0; i < count; i++) {
        double dx = first.x + i - ripple->cx;
        double r = sqrt(dx * dx + dy * dy);
        double push = r > 0 ? ripple->amplitude * sin(ripple->wavenumber * r) / r : 0;
        positions[2 * i] = first.x + i + dx * push;
        positions[2 * i + 1] = first.y + dy * push;
    }
}

static void ripple_release(void *context)
{
    free(context);
}

static segue_status ripple_render(void *instance, const segue_value *values, segue_canvas *canvas)
{
    (void)instance;
    double amplitude = values[0].number, wavelength = values[1].number;
    segue_rect frame = host->canvas_frame(canvas);
    segue_image *content = host->canvas_content(canvas);
    if (amplitude == 0) /* calm water: the content, untouched */
        return host->canvas_draw_image(canvas, content, NULL);

    struct ripple *ripple = malloc(sizeof *ripple);
    if (!ripple) {
        host->canvas_set_error(canvas, "no memory for the ripple");
        return SEGUE_ERROR_OUT_OF_MEMORY;
    }
    /* Positions are in the frame's own coordinates: its centre is (w/2, h/2). */
    *ripple = (struct ripple){ frame.width / 2, frame.height / 2, amplitude, TAU / wavelength };
    segue_distortion distortion = SEGUE_DISTORTION_DEFAULTS;
    distortion.map = ripple_map;
    distortion.context = ripple;
    distortion.release = ripple_release;
    distortion.max_sample_offset = (segue_point){ fabs(amplitude), fabs(amplitude) };
    /* From here the host owns `ripple`: it releases it even when it refuses. */
    return host->canvas_draw_distorted(canvas, content, &distortion);
}

static const segue_effect_desc ripple_effects[] = {
    {
        .struct_size = sizeof(segue_effect_desc),
        .id = "example.ripple",
        .name = "ripple",
        .summary = "shows the view through rings of water spreading from its centre",
        .params = ripple_params,
        .param_count = sizeof ripple_params / sizeof ripple_params[0],
        .render = ripple_render,
    },
};

SEGUE_PLUGIN_DEFINE("Ripple (template)", "1.0.0", ripple_init, NULL, ripple_effects);
