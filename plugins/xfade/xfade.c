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
 *
 * The maths of every transition is xfade's own, in single precision as
 * xfade computes it, with its progress p = 1 − (Segue's progress) running
 * from 1 to 0, so that hard edges fall on the same pixels.
 */
#include <segue/plugin.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const segue_host *host;

/* The transitions, in xfade's order; the enum parameter's cases. */
#define TRANSITIONS(X)                                                                                       \
    X(fade) X(wipeleft) X(wiperight) X(wipeup) X(wipedown) X(slideleft) X(slideright) X(slideup) X(slidedown) \
    X(circlecrop) X(rectcrop) X(distance) X(fadeblack) X(fadewhite) X(radial) X(smoothleft) X(smoothright) X(smoothup)   \
    X(smoothdown) X(circleopen) X(circleclose) X(vertopen) X(vertclose) X(horzopen) X(horzclose)             \
    X(dissolve) X(pixelize) X(diagtl) X(diagtr) X(diagbl) X(diagbr) X(hlslice) X(hrslice) X(vuslice)         \
    X(vdslice) X(hblur) X(fadegrays) X(wipetl) X(wipetr) X(wipebl) X(wipebr) X(squeezeh) X(squeezev)        \
    X(zoomin) X(fadefast) X(fadeslow) X(hlwind) X(hrwind) X(vuwind) X(vdwind) X(coverleft) X(coverright) X(coverup) X(coverdown)     \
    X(revealleft) X(revealright) X(revealup) X(revealdown)

#define AS_ENUM(name) name,
#define AS_NAME(name) #name,
enum transition { TRANSITIONS(AS_ENUM) TRANSITION_COUNT };
static const char *const transition_names[] = { TRANSITIONS(AS_NAME) };

static segue_status xfade_init(const segue_host *h, const char *path)
{
    (void)path;
    if (h->abi_version < SEGUE_PLUGIN_ABI_VERSION)
        return SEGUE_ERROR_PLUGIN;
    host = h;
    return SEGUE_OK;
}

enum { TRANSITION, INSERTION, REMOVAL, BACKGROUND };

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
    [INSERTION] = {
        .struct_size = sizeof(segue_param_desc),
        .flags = SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_REMOVAL,
        .name = "insertion",
        .summary = "the inserted view's progress through the transition (1: in place; stays 1 on the removed view)",
        .kind = SEGUE_KIND_NUMBER,
        .active = { .kind = SEGUE_KIND_NUMBER, .number = 0 },
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = 1 },
        .removal = { .kind = SEGUE_KIND_NUMBER, .number = 1 },
    },
    [REMOVAL] = {
        .struct_size = sizeof(segue_param_desc),
        .flags = SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_REMOVAL,
        .name = "removal",
        .summary = "the removed view's progress through the transition (0: in place; stays 0 on the inserted view)",
        .kind = SEGUE_KIND_NUMBER,
        .active = { .kind = SEGUE_KIND_NUMBER, .number = 0 },
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = 0 },
        .removal = { .kind = SEGUE_KIND_NUMBER, .number = 1 },
    },
    [BACKGROUND] = {
        .struct_size = sizeof(segue_param_desc),
        .name = "background",
        .summary = "what fadeblack, fadewhite and the crops pass through; clear for xfade's own (white for fadewhite)",
        .kind = SEGUE_KIND_COLOR,
        .active = { .kind = SEGUE_KIND_COLOR, .color = { 0, 0, 0, 0 } },
        .identity = { .kind = SEGUE_KIND_COLOR, .color = { 0, 0, 0, 0 } },
    },
};

/* ---- xfade's arithmetic ------------------------------------------------ */

static float fract(float a)
{
    return a - floorf(a);
}

static float smoothstep(float edge0, float edge1, float x)
{
    float t = (x - edge0) / (edge1 - edge0);
    t = t < 0.f ? 0.f : t > 1.f ? 1.f : t;
    return t * t * (3.f - 2.f * t);
}

/* xfade's per-pixel noise, for dissolve. */
static float noise(int x, int y)
{
    const float r = sinf(x * 12.9898f + y * 78.233f) * 43758.545f;
    return r - floorf(r);
}

/* One frame's worth of what a side needs. */
struct frame {
    enum transition transition;
    const uint32_t *pixels; /* the content, premultiplied ARGB32, covering the frame */
    const uint32_t *partner; /* the other view, the same way; NULL when there is none */
    ptrdiff_t stride, partner_stride; /* in pixels */
    int w, h;
    float p;                /* xfade's progress: 1 at the start, 0 at the end */
    uint32_t background;    /* premultiplied */
};

/* The inserted view's weight at (x, y) for the transitions that are only
 * that: xfade's mix of the two pictures, as the share of the second. */
static float weight(const struct frame *f, int x, int y)
{
    const int width = f->w, height = f->h;
    const float p = f->p, w = (float)width, h = (float)height;
    switch (f->transition) {
    case fade: return 1.f - p;
    case wipeleft: return x > (int)(width * p);
    case wiperight: return !(x > (int)(width * (1.f - p)));
    case wipeup: return y > (int)(height * p);
    case wipedown: return !(y > (int)(height * (1.f - p)));
    case wipetl: return !(y <= (int)(height * p) && x <= (int)(width * p));
    case wipetr: return !(y <= (int)(height * p) && x > (int)(width * (1.f - p)));
    case wipebl: return !(y > (int)(height * (1.f - p)) && x <= (int)(width * p));
    case wipebr: return !(y > (int)(height * (1.f - p)) && x > (int)(width * (1.f - p)));
    case radial: {
        const float angle = atan2f(x - width / 2, y - height / 2);
        return smoothstep(0.f, 1.f, (float)(angle - (p - 0.5f) * (3.14159265358979323846 * 2.5f)));
    }
    case smoothleft: return smoothstep(0.f, 1.f, 1.f + x / w - p * 2.f);
    case smoothright: return smoothstep(0.f, 1.f, 1.f + (w - 1 - x) / w - p * 2.f);
    case smoothup: return smoothstep(0.f, 1.f, 1.f + y / h - p * 2.f);
    case smoothdown: return smoothstep(0.f, 1.f, 1.f + (h - 1 - y) / h - p * 2.f);
    case circleopen:
    case circleclose: {
        const float z = hypotf(width / 2, height / 2);
        const float shift = f->transition == circleopen ? (p - 0.5f) * 3.f : (1.f - p - 0.5f) * 3.f;
        const float s = smoothstep(0.f, 1.f, hypotf(x - width / 2, y - height / 2) / z + shift);
        return f->transition == circleopen ? 1.f - s : s;
    }
    case vertopen: return smoothstep(0.f, 1.f, 2.f - fabsf((x - (float)(width / 2.0)) / (float)(width / 2.0)) - p * 2.f);
    case vertclose: return smoothstep(0.f, 1.f, 1.f + fabsf((x - (float)(width / 2.0)) / (float)(width / 2.0)) - p * 2.f);
    case horzopen: return smoothstep(0.f, 1.f, 2.f - fabsf((y - (float)(height / 2.0)) / (float)(height / 2.0)) - p * 2.f);
    case horzclose: return smoothstep(0.f, 1.f, 1.f + fabsf((y - (float)(height / 2.0)) / (float)(height / 2.0)) - p * 2.f);
    case dissolve: return !(noise(x, y) * 2.f + p * 2.f - 1.5f >= 0.5f);
    case diagtl: return smoothstep(0.f, 1.f, 1.f + x / w * y / h - p * 2.f);
    case diagtr: return smoothstep(0.f, 1.f, 1.f + (w - 1 - x) / w * y / h - p * 2.f);
    case diagbl: return smoothstep(0.f, 1.f, 1.f + x / w * (h - 1 - y) / h - p * 2.f);
    case diagbr: return smoothstep(0.f, 1.f, 1.f + (w - 1 - x) / w * (h - 1 - y) / h - p * 2.f);
    case hlslice: return !(smoothstep(-0.5f, 0.f, x / w - p * 1.5f) <= fract(10.f * x / w));
    case hrslice: {
        const float xx = (w - 1 - x) / w;
        return !(smoothstep(-0.5f, 0.f, xx - p * 1.5f) <= fract(10.f * xx));
    }
    case vuslice: return !(smoothstep(-0.5f, 0.f, y / h - p * 1.5f) <= fract(10.f * y / h));
    case vdslice: {
        const float yy = (h - 1 - y) / h;
        return !(smoothstep(-0.5f, 0.f, yy - p * 1.5f) <= fract(10.f * yy));
    }
    case hlwind:
    case hrwind: {
        const float fx = f->transition == hlwind ? 1.f - x / (float)width : x / (float)width;
        return smoothstep(0.f, -0.2f, fx * (1.f - 0.2f) + 0.2f * noise(0, y) - (1.f - p) * (1.f + 0.2f));
    }
    case vuwind:
    case vdwind: {
        const float fy = f->transition == vuwind ? 1.f - y / (float)height : y / (float)height;
        return smoothstep(0.f, -0.2f, fy * (1.f - 0.2f) + 0.2f * noise(x, 0) - (1.f - p) * (1.f + 0.2f));
    }
    case revealleft:
    case revealright: {
        const int zx = (int)((f->transition == revealleft ? -p : p) * width) + x;
        return zx >= 0 && zx < width;
    }
    case revealup:
    case revealdown: {
        const int zy = (int)((f->transition == revealup ? -p : p) * height) + y;
        return zy >= 0 && zy < height;
    }
    case squeezeh: {
        const float z = .5f + (y / h - .5f) / p;
        return z < 0.f || z > 1.f;
    }
    case squeezev: {
        const float z = .5f + (x / w - .5f) / p;
        return z < 0.f || z > 1.f;
    }
    case zoomin: return 1.f - smoothstep(0.f, 0.5f, p);
    default: return 1.f - p; /* the others weigh the inserted view's own change by xfade's mix */
    }
}

/* ---- pixels ---------------------------------------------------------- */

static uint32_t channel(uint32_t pixel, int shift)
{
    return (pixel >> shift) & 0xFF;
}

/* `pixel` scaled by w in 0…1, rounded: premultiplied, so alpha scales alike. */
static uint32_t scaled(uint32_t pixel, float w)
{
    if (w >= 1.f)
        return pixel;
    if (w <= 0.f)
        return 0;
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8)
        out |= (uint32_t)(channel(pixel, shift) * w + 0.5f) << shift;
    return out;
}

/* a·(1 − t) + b·t per channel, rounded. */
static uint32_t blend(uint32_t a, uint32_t b, float t)
{
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8)
        out |= (uint32_t)(channel(a, shift) * (1.f - t) + channel(b, shift) * t + 0.5f) << shift;
    return out;
}

static uint32_t at(const struct frame *f, int x, int y)
{
    return f->pixels[y * f->stride + x];
}

/* The opaque grey xfade's fadegrays passes through: the mean of R, G and B, truncated. */
static uint32_t grey(uint32_t pixel)
{
    uint32_t level = (channel(pixel, 16) + channel(pixel, 8) + channel(pixel, 0)) / 3;
    return (pixel & 0xFF000000u) | level << 16 | level << 8 | level;
}

/* xfade's hblur: a box of `size` pixels running along each row, shrinking
 * at its right end, per channel; out[x] the mean at x. */
static void box_row(const struct frame *f, int y, int size, uint32_t *out)
{
    for (int shift = 0; shift < 32; shift += 8) {
        float sum = 0.f, count = size;
        for (int x = 0; x < size && x < f->w; x++)
            sum += channel(at(f, x, y), shift);
        for (int x = 0; x < f->w; x++) {
            uint32_t mean = (uint32_t)(sum / count + 0.5f);
            out[x] = (shift == 0 ? 0 : out[x]) | (mean > 255 ? 255 : mean) << shift;
            if (x + size < f->w) {
                sum += (float)channel(at(f, x + size, y), shift) - channel(at(f, x, y), shift);
            } else {
                sum -= channel(at(f, x, y), shift);
                count--;
            }
        }
    }
}

/* Where pixelize samples for (x, y): the centre of its square, or itself. */
static void pixelize_source(const struct frame *f, int *x, int *y)
{
    const float d = fminf(f->p, 1.f - f->p);
    const float dist = ceilf(d * 50.f) / 50.f;
    const float square = 2.f * dist * (f->w < f->h ? f->w : f->h) / 20.f;
    if (dist > 0.f) {
        float sx = (floorf(*x / square) + .5f) * square, sy = (floorf(*y / square) + .5f) * square;
        *x = (int)(sx < f->w - 1 ? sx : f->w - 1);
        *y = (int)(sy < f->h - 1 ? sy : f->h - 1);
    }
}

/* The removed view's own change at (x, y): what xfade mixes in for `a`. */
static uint32_t removed(const struct frame *f, int x, int y, const uint32_t *row)
{
    const float p = f->p;
    switch (f->transition) {
    case fadeblack:
    case fadewhite:
        return blend(f->background, at(f, x, y), smoothstep(0.8f, 1.f, p));
    case fadegrays:
        return blend(grey(at(f, x, y)), at(f, x, y), smoothstep(0.8f, 1.f, p));
    case pixelize:
        pixelize_source(f, &x, &y);
        return at(f, x, y);
    case hblur:
        return row[x];
    case slideleft: {
        int zx = (int)(-p * f->w) + x;
        return at(f, ((zx % f->w) + f->w) % f->w, y);
    }
    case slideright: {
        int zx = (int)(p * f->w) + x;
        return at(f, zx % f->w, y);
    }
    case slideup: {
        int zy = (int)(-p * f->h) + y;
        return at(f, x, ((zy % f->h) + f->h) % f->h);
    }
    case slidedown: {
        int zy = (int)(p * f->h) + y;
        return at(f, x, zy % f->h);
    }
    case revealleft:
    case revealright: {
        const int zx = (int)((f->transition == revealleft ? -p : p) * f->w) + x;
        return at(f, zx % f->w + f->w * (zx < 0), y);
    }
    case revealup:
    case revealdown: {
        const int zy = (int)((f->transition == revealup ? -p : p) * f->h) + y;
        return at(f, x, zy % f->h + f->h * (zy < 0));
    }
    case squeezeh: {
        const float h = (float)f->h, z = .5f + (y / h - .5f) / p;
        return z < 0.f || z > 1.f ? at(f, x, y) : at(f, x, (int)lrintf(z * (h - 1.f)));
    }
    case squeezev: {
        const float w = (float)f->w, z = .5f + (x / w - .5f) / p;
        return z < 0.f || z > 1.f ? at(f, x, y) : at(f, (int)lrintf(z * (w - 1.f)), y);
    }
    case zoomin: {
        /* The removed view zoomed about its centre, sampled at the pixel above and right of each position. */
        const float w = (float)f->w, h = (float)f->h, zoom = smoothstep(0.5f, 1.f, p);
        const float u = 0.5f + ((x / w - 0.5f) * zoom), v = 0.5f + ((y / h - 0.5f) * zoom);
        return at(f, (int)ceilf(u * (w - 1)), (int)ceilf(v * (h - 1)));
    }
    case circlecrop:
    case rectcrop:
        /* First half: the removed view inside the shrinking shape, the background outside. */
        if (p < 0.5f)
            return f->background;
        /* fall through */
    default:
        return at(f, x, y);
    }
}

/* Whether (x, y) lies inside the crop's shape. */
static int inside_crop(const struct frame *f, int x, int y)
{
    const int width = f->w, height = f->h;
    const float p = f->p;
    if (f->transition == circlecrop) {
        float z = powf(2.f * fabsf(p - 0.5f), 3.f) * hypotf(width / 2, height / 2);
        return !(z < hypotf(x - width / 2, y - height / 2));
    }
    int zh = fabsf(p - 0.5f) * height, zw = fabsf(p - 0.5f) * width;
    return abs(x - width / 2) < zw && abs(y - height / 2) < zh;
}

/* xfade's own mix of the removed view's pixel a and the inserted view's b
 * for the transitions that weigh each by both, truncated as xfade stores it. */
static uint32_t mixed(const struct frame *f, uint32_t a, uint32_t b)
{
    const float p = f->p, imax = 1.f / 255.f;
    float near = 1.f;
    if (f->transition == distance) {
        /* In xfade's plane order for planar RGB: green, blue, red. */
        float d = 0.f;
        for (int i = 0; i < 3; i++) {
            const int shift = (int[]){ 8, 0, 16 }[i];
            const float delta = channel(a, shift) / 255.f - channel(b, shift) / 255.f;
            d += delta * delta;
        }
        near = sqrtf(d) <= p;
    }
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const float ca = channel(a, shift), cb = channel(b, shift);
        float value;
        if (f->transition == distance) {
            value = (ca * near + cb * (1.f - near)) * p + cb * (1.f - p);
        } else {
            const float difference = fabsf(ca - cb) * imax;
            const float w = powf(p, 1.f + logf(f->transition == fadefast ? 1.f + difference : 2.f - difference));
            value = ca * w + cb * (1.f - w);
        }
        out |= (uint32_t)value << shift;
    }
    return out;
}

/* The inserted view's pixel at (x, y), weighted: what goes over the removed view. */
static uint32_t inserted(const struct frame *f, int x, int y, const uint32_t *row)
{
    const float p = f->p;
    switch (f->transition) {
    case fadeblack:
    case fadewhite:
        return scaled(blend(at(f, x, y), f->background, smoothstep(0.2f, 1.f, p)), 1.f - p);
    case fadegrays:
        return scaled(blend(at(f, x, y), grey(at(f, x, y)), smoothstep(0.2f, 1.f, p)), 1.f - p);
    case pixelize:
        pixelize_source(f, &x, &y);
        return scaled(at(f, x, y), 1.f - p);
    case hblur:
        return scaled(row[x], 1.f - p);
    case slideleft:
    case slideright: {
        int zx = (int)((f->transition == slideleft ? -p : p) * f->w) + x;
        return zx >= 0 && zx < f->w ? at(f, zx, y) : 0;
    }
    case slideup:
    case slidedown: {
        int zy = (int)((f->transition == slideup ? -p : p) * f->h) + y;
        return zy >= 0 && zy < f->h ? at(f, x, zy) : 0;
    }
    case coverleft:
    case coverright: {
        int zx = (int)((f->transition == coverleft ? -p : p) * f->w) + x;
        return zx >= 0 && zx < f->w ? at(f, zx, y) : 0;
    }
    case coverup:
    case coverdown: {
        int zy = (int)((f->transition == coverup ? -p : p) * f->h) + y;
        return zy >= 0 && zy < f->h ? at(f, x, zy) : 0;
    }
    case distance:
    case fadefast:
    case fadeslow:
        if (f->partner)
            return mixed(f, f->partner[y * f->partner_stride + x], at(f, x, y));
        return scaled(at(f, x, y), 1.f - p); /* alone: a plain fade in */
    case circlecrop:
    case rectcrop:
        /* Second half: the inserted view inside the growing shape, the background outside. */
        if (p < 0.5f)
            return inside_crop(f, x, y) ? at(f, x, y) : f->background;
        return 0;
    default:
        return scaled(at(f, x, y), weight(f, x, y));
    }
}

/* For the crops' first half the removed side draws the shape too. */
static uint32_t removed_cropped(const struct frame *f, int x, int y, const uint32_t *row)
{
    if ((f->transition == circlecrop || f->transition == rectcrop) && f->p >= 0.5f)
        return inside_crop(f, x, y) ? at(f, x, y) : f->background;
    return removed(f, x, y, row);
}

static uint32_t premultiplied(segue_color c)
{
    uint32_t a = (uint32_t)(c.alpha * 255 + 0.5);
    return a << 24 | (uint32_t)(c.red * c.alpha * 255 + 0.5) << 16 | (uint32_t)(c.green * c.alpha * 255 + 0.5) << 8
        | (uint32_t)(c.blue * c.alpha * 255 + 0.5);
}

static segue_status xfade_render(void *instance, const segue_value *values, segue_canvas *canvas)
{
    (void)instance;
    const double in = values[INSERTION].number, out = values[REMOVAL].number;
    segue_image *content = host->canvas_content(canvas);
    if (in == 1 && out == 0) /* either view in place */
        return host->canvas_draw_image(canvas, content, NULL);
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

    segue_image *raster = NULL;
    segue_status status = host->canvas_rasterize(canvas, content, &raster);
    if (status != SEGUE_OK)
        return status;
    int32_t width, height, stride;
    f.pixels = host->image_pixels(raster, &width, &height, &stride);
    f.w = width;
    f.h = height;
    f.stride = stride / 4;
    const int both = f.transition == distance || f.transition == fadefast || f.transition == fadeslow;
    const int has_partner = host->struct_size >= offsetof(segue_host, canvas_partner) + sizeof host->canvas_partner;
    segue_image *partner = inserting && both && has_partner ? host->canvas_partner(canvas) : NULL;
    if (partner) {
        segue_image *pixels = NULL;
        int32_t partner_width, partner_height, partner_stride;
        if ((status = host->canvas_rasterize(canvas, partner, &pixels)) != SEGUE_OK)
            return status;
        f.partner = host->image_pixels(pixels, &partner_width, &partner_height, &partner_stride);
        f.partner_stride = partner_stride / 4;
        if (partner_width != width || partner_height != height)
            f.partner = NULL; /* cannot happen: both cover this canvas's frame */
    }

    segue_image *image = NULL;
    if ((status = host->image_create(width, height, &image)) != SEGUE_OK)
        return status;
    int32_t out_stride;
    uint32_t *target = host->image_pixels(image, NULL, NULL, &out_stride);
    uint32_t *row = malloc(sizeof *row * (size_t)width);
    if (!row) {
        host->image_release(image);
        host->canvas_set_error(canvas, "no memory for a row");
        return SEGUE_ERROR_OUT_OF_MEMORY;
    }
    /* hblur's box: 1 + half the width times how far from either end the transition is. */
    const float prog = f.p <= 0.5f ? f.p * 2.f : (1.f - f.p) * 2.f;
    const int box = 1 + (int)((width / 2) * prog);
    for (int y = 0; y < height; y++) {
        if (y % 64 == 0 && host->canvas_is_cancelled(canvas)) {
            free(row);
            host->image_release(image);
            return SEGUE_ERROR_CANCELLED;
        }
        if (f.transition == hblur)
            box_row(&f, y, box, row);
        uint32_t *line = target + (ptrdiff_t)y * (out_stride / 4);
        for (int x = 0; x < width; x++)
            line[x] = inserting ? inserted(&f, x, y, row) : removed_cropped(&f, x, y, row);
    }
    free(row);
    segue_rect frame = host->canvas_frame(canvas);
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = (segue_affine){ 1, 0, 0, 1, frame.x, frame.y };
    status = host->canvas_draw_image(canvas, image, &draw);
    host->image_release(image);
    return status;
}

static const segue_effect_desc xfade_effect = {
    .struct_size = sizeof(segue_effect_desc),
    .id = "segue.xfade",
    .name = "xfade",
    .summary = "FFmpeg's xfade transitions by name, pixel for pixel, under any animation",
    .params = xfade_params,
    .param_count = sizeof xfade_params / sizeof xfade_params[0],
    .render = xfade_render,
};

static uint32_t xfade_effect_count(void)
{
    return 1;
}

static const segue_effect_desc *xfade_effect_at(uint32_t index)
{
    return index == 0 ? &xfade_effect : NULL;
}

SEGUE_PLUGIN_EXPORT const segue_plugin segue_plugin_entry = {
    .abi_version = SEGUE_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(segue_plugin_entry),
    .name = "xfade",
    .version = "1.0.0",
    .init = xfade_init,
    .effect_count = xfade_effect_count,
    .effect = xfade_effect_at,
};
