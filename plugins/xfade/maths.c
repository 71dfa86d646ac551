/*
 * maths.c — xfade's arithmetic, as FFmpeg's xfade filter computes it: the
 * inserted view's weight along a row for each transition, dissolve's and the
 * winds' noise, and the geometry of the transitions drawn as parts (the
 * crops' shapes, pixelize's squares, the squeezes' and zoomin's sources,
 * hblur's box, fadefast's and fadeslow's table), in single precision.
 */
#include "xfade.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* ---- xfade's arithmetic ------------------------------------------------ */

static inline float fract(float a)
{
    return a - floorf(a);
}

/* xfade's per-pixel noise, for dissolve. */
static float noise(int x, int y)
{
    const float r = sinf(x * 12.9898f + y * 78.233f) * 43758.545f;
    return r - floorf(r);
}

/* dissolve's noise for every pixel of a size, worked out once: it depends
 * on the position alone, and libm's sinf per pixel is most of its cost. */
static struct {
    pthread_mutex_t lock;
    int w, h;
    float *values;
} noise_field = { PTHREAD_MUTEX_INITIALIZER, 0, 0, NULL };

/* The noise of a w × h frame, row by row; NULL when out of memory. The
 * field lives until a frame of another size replaces it, so a caller holds
 * the lock while it reads. */
static const float *lock_noise(int w, int h)
{
    pthread_mutex_lock(&noise_field.lock);
    if (noise_field.w != w || noise_field.h != h) {
        free(noise_field.values);
        noise_field.w = noise_field.h = 0;
        noise_field.values = malloc(sizeof(float) * (size_t)w * (size_t)h);
        if (!noise_field.values)
            return NULL;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                noise_field.values[(size_t)y * w + x] = noise(x, y);
        noise_field.w = w;
        noise_field.h = h;
    }
    return noise_field.values;
}

/* atan2f(y, x) to within 2e-6 radians over the whole points of a 4K frame
 * about its centre (measured), in selects and one division, so that loops
 * of it vectorise: a polynomial for the arctangent on [0, 1], then the octant.
 * NaN at (0, 0). */
static inline float rough_atan2(float y, float x)
{
    const float ax = fabsf(x), ay = fabsf(y);
    const float a = (ax < ay ? ax : ay) / (ax < ay ? ay : ax), s = a * a;
    float r = a * (0.99997726f + s * (-0.33262347f + s * (0.19354346f + s * (-0.11643287f
                                                                            + s * (0.05265332f + s * -0.01172120f)))));
    r = ay > ax ? 1.57079637f - r : r;
    r = x < 0.f ? 3.14159274f - r : r;
    return y < 0.f ? -r : r;
}

/* Whether row_weights() gives every row the same weights, so that it runs once a frame. */
int xfade_same_every_row(enum transition t)
{
    switch (t) {
    case radial: case smoothup: case smoothdown: case circleopen: case circleclose: case horzopen: case horzclose:
    case dissolve: case diagtl: case diagtr: case diagbl: case diagbr: case vuslice: case vdslice: case hlwind:
    case hrwind: case vuwind: case vdwind:
        return 0;
    default:
        return 1;
    }
}

/* The inserted view's weight along row y for the transitions that are only
 * that (xfade's mix of the two pictures, as the share of the second), into
 * w[0 … width): one loop per transition, which the compiler vectorises.
 * Transitions whose inserted view changes itself weigh it by 1 − p. */
ROW_LOOP static void row_weights(const struct frame *f, int y, float *w)
{
    const int width = f->w, height = f->h;
    const float p = f->p, fw = (float)width, h = (float)height;
#define EACH(expr) do { for (int x = 0; x < width; x++) w[x] = (expr); } while (0)
    switch (f->transition) {
    case radial: {
        /* xfade's angle is libm's atan2f. A rough one that vectorises gives the same 8-bit weight
         * unless the weight lands within 2e-3 of a rounding edge (its error moves it by 8e-4 at
         * most): there, and at the centre, atan2f itself. */
        const double turn = (p - 0.5f) * (3.14159265358979323846 * 2.5f);
        const float dy = (float)(y - height / 2), rough_turn = (float)turn;
        EACH(smoothstep(0.f, 1.f, rough_atan2((float)(x - width / 2), dy) - rough_turn));
        for (int x = 0; x < width; x++) {
            const float level = w[x] == w[x] ? w[x] * 255.f + .5f : 0.f; /* NaN at the centre */
            const float edge = level - (float)(int32_t)level;
            if (!(edge >= 2e-3f && edge <= 1.f - 2e-3f))
                w[x] = smoothstep(0.f, 1.f, (float)(atan2f(x - width / 2, y - height / 2) - turn));
        }
        break;
    }
    case smoothleft: EACH(smoothstep(0.f, 1.f, 1.f + x / fw - p * 2.f)); break;
    case smoothright: EACH(smoothstep(0.f, 1.f, 1.f + (fw - 1 - x) / fw - p * 2.f)); break;
    case smoothup: EACH(smoothstep(0.f, 1.f, 1.f + y / h - p * 2.f)); break;
    case smoothdown: EACH(smoothstep(0.f, 1.f, 1.f + (h - 1 - y) / h - p * 2.f)); break;
    case circleopen:
    case circleclose: {
        const float z = hypotf(width / 2, height / 2), dy = (float)(y - height / 2);
        const float shift = f->transition == circleopen ? (p - 0.5f) * 3.f : (1.f - p - 0.5f) * 3.f;
        const float flip = f->transition == circleopen;
        EACH(fabsf(flip - smoothstep(0.f, 1.f, sqrtf((float)(x - width / 2) * (x - width / 2) + dy * dy) / z
                                                     + shift)));
        break;
    }
    case vertopen:
    case vertclose:
    case horzopen:
    case horzclose: {
        /* Opening, 2 − d − 2p; closing, 1 + d − 2p: d is the distance from the middle column (vert…) or row
         * (horz…), in half widths or heights. (±1 · d and 2 + −d are exact: these are xfade's numbers.) */
        const int open = f->transition == vertopen || f->transition == horzopen;
        const float base = open ? 2.f : 1.f, sign = open ? -1.f : 1.f;
        if (f->transition == vertopen || f->transition == vertclose) {
            const float w2 = (float)(width / 2.0);
            EACH(smoothstep(0.f, 1.f, base + sign * fabsf((x - w2) / w2) - p * 2.f));
        } else { /* one weight for the whole row */
            const float h2 = (float)(height / 2.0);
            const float v = smoothstep(0.f, 1.f, base + sign * fabsf((y - h2) / h2) - p * 2.f);
            EACH(v);
        }
        break;
    }
    case dissolve: {
        const float *noise_row = f->noise + (size_t)y * width;
        EACH(!(noise_row[x] * 2.f + p * 2.f - 1.5f >= 0.5f));
        break;
    }
    case diagtl: EACH(smoothstep(0.f, 1.f, 1.f + x / fw * y / h - p * 2.f)); break;
    case diagtr: EACH(smoothstep(0.f, 1.f, 1.f + (fw - 1 - x) / fw * y / h - p * 2.f)); break;
    case diagbl: EACH(smoothstep(0.f, 1.f, 1.f + x / fw * (h - 1 - y) / h - p * 2.f)); break;
    case diagbr: EACH(smoothstep(0.f, 1.f, 1.f + (fw - 1 - x) / fw * (h - 1 - y) / h - p * 2.f)); break;
    case hlslice: EACH(!(smoothstep(-0.5f, 0.f, x / fw - p * 1.5f) <= fract(10.f * x / fw))); break;
    case hrslice: EACH(!(smoothstep(-0.5f, 0.f, (fw - 1 - x) / fw - p * 1.5f) <= fract(10.f * ((fw - 1 - x) / fw))));
        break;
    case vuslice: {
        const float v = !(smoothstep(-0.5f, 0.f, y / h - p * 1.5f) <= fract(10.f * y / h));
        EACH(v);
        break;
    }
    case vdslice: {
        const float yy = (h - 1 - y) / h, v = !(smoothstep(-0.5f, 0.f, yy - p * 1.5f) <= fract(10.f * yy));
        EACH(v);
        break;
    }
    case hlwind:
    case hrwind: {
        const float r = noise(0, y), left = f->transition == hlwind;
        EACH(smoothstep(0.f, -0.2f, (left ? 1.f - x / (float)width : x / (float)width) * (1.f - 0.2f) + 0.2f * r
                                        - (1.f - p) * (1.f + 0.2f)));
        break;
    }
    case vuwind:
    case vdwind: {
        const float fy = f->transition == vuwind ? 1.f - y / (float)height : y / (float)height;
        EACH(smoothstep(0.f, -0.2f, fy * (1.f - 0.2f) + 0.2f * f->column_noise[x] - (1.f - p) * (1.f + 0.2f)));
        break;
    }
    default: EACH(1.f - p); break;
    }
#undef EACH
}

/* row_weights() for the other files (see ROW_LOOP in xfade.h). */
void xfade_row_weights(const struct frame *f, int y, float *w)
{
    row_weights(f, y, w);
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

/* hblur's box and the scale of its weights: the box 1 + half the width times
 * how far from either end the transition is (xfade's); the weights' bits as
 * many as keep a box's total under 2^31 (255 · 2^bits · box), up to 11 —
 * a weight rounded to 1/2048; and recip[x] as box_mix_row() takes it. */
int xfade_box_weights(const struct frame *f, float *recip, int *bits)
{
    const float prog = f->p <= 0.5f ? f->p * 2.f : (1.f - f->p) * 2.f;
    const int size = 1 + (int)((f->w / 2) * prog);
    *bits = 11;
    while (*bits > 0 && 255.0 * (double)(1 << *bits) * size >= 2147483648.0)
        --*bits;
    for (int x = 0; x < f->w; x++)
        recip[x] = 1.f / (float)((double)(1 << *bits) * (x + size < f->w ? size : f->w - x));
    return size;
}

/* The columns [*x0, *x1) of row y inside circlecrop's circle: hypotf, as
 * xfade, for its hard edge, asked at the edge only (it grows with |x − centre|). */
void xfade_circle_span(const struct frame *f, int y, int *x0, int *x1)
{
    const int cx = f->w / 2, dy = y - f->h / 2;
    const float z = powf(2.f * fabsf(f->p - 0.5f), 3.f) * hypotf(f->w / 2, f->h / 2);
#define INSIDE(dx) (!(z < hypotf((float)(dx), (float)dy)))
    const double squared = (double)z * z - (double)dy * dy;
    int k = squared > 0 ? (int)fmin(sqrt(squared), f->w) : 0; /* the search below starts inside the frame */
    while (k < f->w && INSIDE(k + 1))
        k++;
    while (k >= 0 && !INSIDE(k))
        k--;
#undef INSIDE
    *x0 = cx - k < 0 ? 0 : cx - k;
    *x1 = cx + k + 1 > f->w ? f->w : cx + k + 1;
    if (k < 0 || *x1 < *x0)
        *x0 = *x1 = 0;
}

/* fadefast's and fadeslow's mix of a removed view's channel a with the
 * inserted one's b, for every pair: 256 × 256 results, mix[256·a + b], from
 * a weight that depends on the progress and on how far apart a and b are. */
void xfade_mix_table(enum transition t, float p, uint8_t *mix)
{
    float weight[256];
    for (int d = 0; d < 256; d++) {
        const float difference = d * (1.f / 255.f);
        weight[d] = powf(p, 1.f + logf(t == fadefast ? 1.f + difference : 2.f - difference));
    }
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            const float w = weight[a > b ? a - b : b - a];
            mix[256 * a + b] = (uint8_t)(int32_t)(a * w + b * (1.f - w)); /* truncated, as xfade stores it */
        }
}

/* rectcrop's rectangle, [b[0], b[2]) × [b[1], b[3]) in frame pixels, clamped
 * to the frame: empty when b[2] ≤ b[0] or b[3] ≤ b[1]. */
void xfade_rectcrop_bounds(const struct frame *f, int b[4])
{
    const int zw = fabsf(f->p - 0.5f) * f->w, zh = fabsf(f->p - 0.5f) * f->h;
    b[0] = f->w / 2 - zw + 1 < 0 ? 0 : f->w / 2 - zw + 1;
    b[1] = f->h / 2 - zh + 1 < 0 ? 0 : f->h / 2 - zh + 1;
    b[2] = f->w / 2 + zw > f->w ? f->w : f->w / 2 + zw;
    b[3] = f->h / 2 + zh > f->h ? f->h : f->h / 2 + zh;
}

/* Where the transitions that show other whole pixels of a view (pixelize,
 * zoomin's and the squeezes' removed view) take each from: the source
 * column of every output column and the source row of every output row, -1
 * where nothing of the view shows (the inserted one covers it there). */
void xfade_resample_tables(const struct frame *f, int *xs, int *ys)
{
    const float w = (float)f->w, h = (float)f->h, p = f->p;
    for (int x = 0; x < f->w; x++)
        xs[x] = x;
    for (int y = 0; y < f->h; y++)
        ys[y] = y;
    switch (f->transition) {
    case pixelize:
        for (int x = 0; x < f->w; x++) {
            int y = 0;
            pixelize_source(f, &xs[x], &y);
        }
        for (int y = 0; y < f->h; y++) {
            int x = 0;
            pixelize_source(f, &x, &ys[y]);
        }
        break;
    case zoomin: {
        const float zoom = smoothstep(0.5f, 1.f, p);
        for (int x = 0; x < f->w; x++)
            xs[x] = (int)ceilf((0.5f + ((x / w - 0.5f) * zoom)) * (w - 1));
        for (int y = 0; y < f->h; y++)
            ys[y] = (int)ceilf((0.5f + ((y / h - 0.5f) * zoom)) * (h - 1));
        break;
    }
    case squeezeh:
        for (int y = 0; y < f->h; y++) {
            const float z = .5f + (y / h - .5f) / p;
            ys[y] = z < 0.f || z > 1.f ? -1 : (int)lrintf(z * (h - 1.f));
        }
        break;
    case squeezev:
        for (int x = 0; x < f->w; x++) {
            const float z = .5f + (x / w - .5f) / p;
            xs[x] = z < 0.f || z > 1.f ? -1 : (int)lrintf(z * (w - 1.f));
        }
        break;
    default:
        break;
    }
}

/* What row_weights() reads besides the frame, for its size: dissolve's
 * noise, held locked, and the winds' noise of each column. Undo it with
 * forget_weights(), whatever this returns. */
segue_status xfade_ready_weights(struct frame *f, segue_canvas *canvas)
{
    if (f->transition == dissolve) {
        f->noise_locked = 1;
        if (!(f->noise = lock_noise(f->w, f->h))) {
            xfade_host->canvas_set_error(canvas, "no memory for dissolve's noise");
            return SEGUE_ERROR_OUT_OF_MEMORY;
        }
    }
    if (f->transition == vuwind || f->transition == vdwind) {
        if (!(f->column_noise = malloc(sizeof *f->column_noise * (size_t)f->w))) {
            xfade_host->canvas_set_error(canvas, "no memory for a row");
            return SEGUE_ERROR_OUT_OF_MEMORY;
        }
        for (int x = 0; x < f->w; x++)
            f->column_noise[x] = noise(x, 0);
    }
    return SEGUE_OK;
}

void xfade_forget_weights(struct frame *f)
{
    free(f->column_noise);
    f->column_noise = NULL;
    if (f->noise_locked)
        pthread_mutex_unlock(&noise_field.lock);
    f->noise_locked = 0;
}

/* The removed view's weights along row y, under the inserted view (whose
 * pixels, over the frame, are `inserted`, rows `stride` bytes apart). That
 * view is drawn over this one weighed by w, xfade's share of it, with an
 * alpha α there: this view weighs (1 − w) / (1 − α), so that the two make
 * xfade's a·(1 − w) + b·w (premultiplied) where the inserted view is not
 * opaque too, b transparent where it leaves the frame uncovered: what
 * FFmpeg's xfade makes over black of inputs padded in black. Where α is 1
 * this view is hidden, and drawn as it is. */
void xfade_under_weights(const struct frame *f, int y, const uint32_t *inserted, int32_t stride, float *w)
{
    const uint32_t *row = inserted + (ptrdiff_t)y * stride / 4;
    const float rising = smoothstep(0.2f, 1.f, f->p); /* fadeblack's and fadewhite's background, in the inserted view */
    int source_y = y; /* pixelize's: the pixel its square shows */
    if (f->transition == pixelize) {
        int x = 0;
        pixelize_source(f, &x, &source_y);
        row = inserted + (ptrdiff_t)source_y * stride / 4;
    }
    row_weights(f, y, w); /* 1 − p but for the soft masks, dissolve and the winds */
    for (int x = 0; x < f->w; x++) {
        float alpha;
        if (f->transition == pixelize) {
            int source_x = x, unused = y;
            pixelize_source(f, &source_x, &unused);
            alpha = (float)(row[source_x] >> 24) * (1.f / 255.f);
        } else {
            alpha = (float)(row[x] >> 24) * (1.f / 255.f);
        }
        if (f->transition == fadeblack || f->transition == fadewhite)
            alpha = alpha * (1.f - rising) + rising; /* the view risen out of the background, mixed */
        const float share = f->transition == zoomin ? 1.f - smoothstep(0.f, 0.5f, f->p)
                                                    : w[x] < 0.f ? 0.f : w[x] > 1.f ? 1.f : w[x];
        const float covered = alpha * share;
        w[x] = covered >= 1.f ? 1.f : (1.f - share) / (1.f - covered);
    }
}
