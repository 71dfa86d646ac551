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
 */
#include <segue/plugin.h>

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

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

/* The loops over a row that the compiler vectorises by itself: on x86-64
 * they are compiled twice, for AVX2 (eight floats at a time) and without,
 * and the loader picks the one the processor runs. AVX2 brings no fused
 * multiply-add, so both give the same bytes. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ROW_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define ROW_LOOP
#endif

#if defined(__x86_64__)
/* Whether the processor has AVX2 (asked once, at load), for the loop written
 * with SSE2 intrinsics (scale_row), whose AVX2 version is written out too:
 * a target clone of intrinsics would still be four pixels wide. */
static int has_avx2;
#endif

static segue_status xfade_init(const segue_host *h, const char *path)
{
    (void)path;
    if (h->abi_version < SEGUE_PLUGIN_ABI_VERSION)
        return SEGUE_ERROR_PLUGIN;
    host = h;
#if defined(__x86_64__)
    has_avx2 = __builtin_cpu_supports("avx2");
#endif
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

static inline float fract(float a)
{
    return a - floorf(a);
}

static inline float smoothstep(float edge0, float edge1, float x)
{
    float t = (x - edge0) / (edge1 - edge0);
    t = t < 0.f ? 0.f : t; /* two plain selects, which vectorise; one nested one does not */
    t = t > 1.f ? 1.f : t;
    return t * t * (3.f - 2.f * t);
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

/* One frame's worth of what a side needs. */
struct frame {
    enum transition transition;
    int w, h;
    float p;                /* xfade's progress: 1 at the start, 0 at the end */
    uint32_t background;    /* premultiplied */
    const float *noise;     /* dissolve's, for this size, while noise_locked */
    int noise_locked;
    float *column_noise;    /* the winds' up and down: xfade's noise of each column */
    int alone;              /* no other view: the render has one */
};

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
static int same_every_row(enum transition t)
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
    case vertopen: {
        const float w2 = (float)(width / 2.0);
        EACH(smoothstep(0.f, 1.f, 2.f - fabsf((x - w2) / w2) - p * 2.f));
        break;
    }
    case vertclose: {
        const float w2 = (float)(width / 2.0);
        EACH(smoothstep(0.f, 1.f, 1.f + fabsf((x - w2) / w2) - p * 2.f));
        break;
    }
    case horzopen: {
        const float h2 = (float)(height / 2.0);
        EACH(smoothstep(0.f, 1.f, 2.f - fabsf((y - h2) / h2) - p * 2.f));
        break;
    }
    case horzclose: {
        const float h2 = (float)(height / 2.0);
        EACH(smoothstep(0.f, 1.f, 1.f + fabsf((y - h2) / h2) - p * 2.f));
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

/* ---- pixels ---------------------------------------------------------- */

static uint32_t channel(uint32_t pixel, int shift)
{
    return (pixel >> shift) & 0xFF;
}

/* `pixel` scaled by w in 0…1: premultiplied, so alpha scales alike. Each
 * channel times round(255·w) / 255, rounded, two channels at a time; no
 * branch, so that loops of it vectorise (w = 1 gives the pixel, 0 nothing).
 * A NaN weight (circleopen's distance over a 1×1 frame's zero radius) is 0,
 * as the vector loops' max(w, 0) makes it. */
static inline uint32_t scaled(uint32_t pixel, float w)
{
    float clamped = w > 0.f ? w : 0.f;
    clamped = clamped > 1.f ? 1.f : clamped;
    const uint32_t a = (uint32_t)(int32_t)(clamped * 255.f + 0.5f);
    uint32_t rb = (pixel & 0x00FF00FFu) * a + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((pixel >> 8) & 0x00FF00FFu) * a + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

#if defined(__x86_64__)
/* scale_row() eight pixels at a time, for processors with AVX2: each 128-bit
 * half does what the SSE2 loop does to four, so the bytes are the same. */
__attribute__((target("avx2"))) static void scale_row_avx2(const uint32_t *source, const float *weights,
                                                            uint32_t *out, int n)
{
    int x = 0;
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.f), full = _mm256_set1_ps(255.f);
    const __m256 half = _mm256_set1_ps(.5f);
    const __m256i bias = _mm256_set1_epi16(0x80), none = _mm256_setzero_si256();
    for (; x + 8 <= n; x += 8) {
        const __m256 w = _mm256_min_ps(_mm256_max_ps(_mm256_loadu_ps(weights + x), zero), one);
        __m256i a = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(w, full), half));
        a = _mm256_packs_epi32(a, a);    /* per half: its four weights, twice, in 16-bit lanes */
        a = _mm256_unpacklo_epi16(a, a); /* per half: a0 a0 a1 a1 a2 a2 a3 a3 */
        const __m256i pixels = _mm256_loadu_si256((const __m256i *)(source + x));
        __m256i lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(pixels, none), _mm256_unpacklo_epi32(a, a)),
                                      bias);
        __m256i hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(pixels, none), _mm256_unpackhi_epi32(a, a)),
                                      bias);
        lo = _mm256_srli_epi16(_mm256_add_epi16(lo, _mm256_srli_epi16(lo, 8)), 8);
        hi = _mm256_srli_epi16(_mm256_add_epi16(hi, _mm256_srli_epi16(hi, 8)), 8);
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_packus_epi16(lo, hi));
    }
    for (; x < n; x++)
        out[x] = scaled(source[x], weights[x]);
}
#endif

/* out[x] = scaled(source[x], weights[x]) for x in [0, n); out may be source.
 * With SSE2 (every x86-64), four pixels at a time in 16-bit lanes, which
 * the compiler does not find by itself from scaled()'s 32-bit arithmetic;
 * with AVX2, eight. */
static void scale_row(const uint32_t *source, const float *weights, uint32_t *out, int n)
{
    int x = 0;
#if defined(__x86_64__)
    if (has_avx2)
        return scale_row_avx2(source, weights, out, n);
#endif
#if defined(__SSE2__)
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.f), full = _mm_set1_ps(255.f), half = _mm_set1_ps(.5f);
    const __m128i bias = _mm_set1_epi16(0x80), none = _mm_setzero_si128();
    for (; x + 4 <= n; x += 4) {
        const __m128 w = _mm_min_ps(_mm_max_ps(_mm_loadu_ps(weights + x), zero), one);
        __m128i a = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(w, full), half));
        a = _mm_packs_epi32(a, a);    /* a0 a1 a2 a3, twice, in 16-bit lanes */
        a = _mm_unpacklo_epi16(a, a); /* a0 a0 a1 a1 a2 a2 a3 a3 */
        const __m128i pixels = _mm_loadu_si128((const __m128i *)(source + x));
        __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(pixels, none), _mm_unpacklo_epi32(a, a)), bias);
        __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(pixels, none), _mm_unpackhi_epi32(a, a)), bias);
        lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
        hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
        _mm_storeu_si128((__m128i *)(out + x), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; x < n; x++)
        out[x] = scaled(source[x], weights[x]);
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

/* ---- the per-pixel transitions, a row at a time ------------------------- */

/* hblur's means (see box_mix_row()): added before truncating, so that float
 * rounding (a few parts in 2^24 of a mean) cannot take a whole-number mean
 * to the one below. It also takes up the rare true means that lie within
 * it below a whole number: one level off xfade there, as xfade's own float
 * rounding is elsewhere. */
#define BOX_BIAS (1.f / 8192.f)

/* One pixel of box_mix_row()'s means: the box [x, end). */
static uint32_t box_mean(const int32_t *sums, int x, int end, float recip)
{
    uint32_t pixel = 0;
    for (int c = 0; c < 4; c++) {
        const int32_t total = (int32_t)((uint32_t)sums[4 * end + c] - (uint32_t)sums[4 * x + c]);
        const int32_t mean = (int32_t)((float)total * recip + BOX_BIAS);
        pixel |= (uint32_t)(mean > 255 ? 255 : mean) << 8 * c;
    }
    return pixel;
}

#if defined(__x86_64__)
/* box_mix_row()'s means eight pixels at a time, for processors with AVX2:
 * two pixels' four channels a vector, as box_mean() computes them. */
__attribute__((target("avx2"))) static void box_means_avx2(const int32_t *sums, int width, int size,
                                                            const float *recip, uint32_t *out)
{
    const int whole = width - size + 1; /* x < whole: the box [x, x + size) lies inside the row */
    const __m256 lift = _mm256_set1_ps(BOX_BIAS);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7); /* the packs' pixels back in order */
    const __m256i total = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(sums + 4 * width)));
    const __m256i pick[4] = { _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3),
                              _mm256_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5), _mm256_setr_epi32(6, 6, 6, 6, 7, 7, 7, 7) };
#define MEANS(upper, i, r) _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(   \
        (upper), _mm256_loadu_si256((const __m256i *)(sums + 4 * (x + 2 * (i)))))), (r)), lift))
#define STORE(m0, m1, m2, m3) _mm256_storeu_si256((__m256i *)(out + x), _mm256_permutevar8x32_epi32(               \
        _mm256_packus_epi16(_mm256_packs_epi32((m0), (m1)), _mm256_packs_epi32((m2), (m3))), order))
#define UPPER(i) _mm256_loadu_si256((const __m256i *)(sums + 4 * (x + 2 * (i) + size)))
    int x = 0;
    const __m256 r = _mm256_set1_ps(recip[0]);
    for (; x + 8 <= whole; x += 8)
        STORE(MEANS(UPPER(0), 0, r), MEANS(UPPER(1), 1, r), MEANS(UPPER(2), 2, r), MEANS(UPPER(3), 3, r));
    for (; x < whole; x++)
        out[x] = box_mean(sums, x, x + size, recip[x]);
    for (; x + 8 <= width; x += 8) {
        const __m256 rs = _mm256_loadu_ps(recip + x);
        STORE(MEANS(total, 0, _mm256_permutevar8x32_ps(rs, pick[0])), MEANS(total, 1, _mm256_permutevar8x32_ps(rs, pick[1])),
              MEANS(total, 2, _mm256_permutevar8x32_ps(rs, pick[2])), MEANS(total, 3, _mm256_permutevar8x32_ps(rs, pick[3])));
    }
#undef UPPER
#undef STORE
#undef MEANS
    for (; x < width; x++)
        out[x] = box_mean(sums, x, width, recip[x]);
}
#endif

/* xfade's hblur along a row: at x, each channel's mean over the box of
 * pixels [x, x + size) cut short at the row's end, of a and b mixed,
 * (a·wa + b·wb) / 2^bits — mixing first and averaging once is the same sum
 * as averaging each picture and mixing, as xfade does, with one box instead
 * of two — truncated as xfade stores it, into out (which may be a or b: both
 * are read whole before it is written). The mixed channels are whole
 * numbers, so 32-bit running totals hold them exactly (wrapping round does
 * no harm: a box is a difference of two totals and under 2^31, see
 * box_weights()); the division is a product with recip[x] =
 * 1 / (2^bits · the box's length), plus BOX_BIAS. `sums` has room for
 * 4·(width + 1) numbers: four channels a pixel. */
static void box_mix_row(const uint32_t *a, const uint32_t *b, int width, int size, int32_t wa, int32_t wb,
                        int32_t *sums, const float *recip, uint32_t *out)
{
    int x = 0;
#if defined(__SSE2__)
    /* The totals: a pixel's four channels at once, a and b interleaved byte
     * by byte and weighed in pairs by one multiply-add; four pixels a step,
     * their partial sums formed apart from the running total, so that only
     * one addition a step waits for the one before. */
    const __m128i none = _mm_setzero_si128(), weights = _mm_set1_epi32((int32_t)((uint32_t)wb << 16 | (uint32_t)wa));
    __m128i running = none;
    _mm_storeu_si128((__m128i *)sums, running);
    for (; x + 4 <= width; x += 4) {
        const __m128i pa = _mm_loadu_si128((const __m128i *)(a + x)), pb = _mm_loadu_si128((const __m128i *)(b + x));
        const __m128i low = _mm_unpacklo_epi8(pa, pb), high = _mm_unpackhi_epi8(pa, pb);
        const __m128i m0 = _mm_madd_epi16(_mm_unpacklo_epi8(low, none), weights);
        const __m128i m1 = _mm_madd_epi16(_mm_unpackhi_epi8(low, none), weights);
        const __m128i m2 = _mm_madd_epi16(_mm_unpacklo_epi8(high, none), weights);
        const __m128i m3 = _mm_madd_epi16(_mm_unpackhi_epi8(high, none), weights);
        const __m128i m01 = _mm_add_epi32(m0, m1), m012 = _mm_add_epi32(m01, m2);
        _mm_storeu_si128((__m128i *)(sums + 4 * (x + 1)), _mm_add_epi32(running, m0));
        _mm_storeu_si128((__m128i *)(sums + 4 * (x + 2)), _mm_add_epi32(running, m01));
        _mm_storeu_si128((__m128i *)(sums + 4 * (x + 3)), _mm_add_epi32(running, m012));
        running = _mm_add_epi32(running, _mm_add_epi32(m012, m3));
        _mm_storeu_si128((__m128i *)(sums + 4 * (x + 4)), running);
    }
    for (; x < width; x++) {
        const __m128i pair = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)a[x]), _mm_cvtsi32_si128((int)b[x]));
        running = _mm_add_epi32(running, _mm_madd_epi16(_mm_unpacklo_epi8(pair, none), weights));
        _mm_storeu_si128((__m128i *)(sums + 4 * (x + 1)), running);
    }
#else
    int32_t running[4] = { 0, 0, 0, 0 };
    for (int c = 0; c < 4; c++)
        sums[c] = 0;
    for (; x < width; x++)
        for (int c = 0; c < 4; c++)
            sums[4 * (x + 1) + c] = running[c] += (int32_t)((uint32_t)wa * channel(a[x], 8 * c)
                                                            + (uint32_t)wb * channel(b[x], 8 * c));
#endif
#if defined(__x86_64__)
    if (has_avx2)
        return box_means_avx2(sums, width, size, recip, out);
#endif
    for (x = 0; x < width; x++)
        out[x] = box_mean(sums, x, x + size < width ? x + size : width, recip[x]);
}

/* hblur's box and the scale of its weights: the box 1 + half the width times
 * how far from either end the transition is (xfade's); the weights' bits as
 * many as keep a box's total under 2^31 (255 · 2^bits · box), up to 11 —
 * a weight rounded to 1/2048; and recip[x] as box_mix_row() takes it. */
static int box_weights(const struct frame *f, float *recip, int *bits)
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

/* fadegrays: each pixel mixed with its grey (the mean of R, G and B,
 * truncated), colour·own + grey·level per channel, rounded; alpha kept. */
ROW_LOOP static void grey_row(uint32_t *line, int width, float own, float level)
{
    for (int x = 0; x < width; x++) {
        const uint32_t pixel = line[x], r = channel(pixel, 16), g = channel(pixel, 8), b = channel(pixel, 0);
        const float grey = (float)(int32_t)((r + g + b) / 3) * level;
        line[x] = (pixel & 0xFF000000u) | (uint32_t)(int32_t)((float)(int32_t)r * own + grey + .5f) << 16
                  | (uint32_t)(int32_t)((float)(int32_t)g * own + grey + .5f) << 8
                  | (uint32_t)(int32_t)((float)(int32_t)b * own + grey + .5f);
    }
}

/* The columns [*x0, *x1) of row y inside circlecrop's circle: hypotf, as
 * xfade, for its hard edge, asked at the edge only (it grows with |x − centre|). */
static void circle_span(const struct frame *f, int y, int *x0, int *x1)
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

/* distance, on the inserted side: xfade's mix of the removed view's pixel
 * a (partner) with the inserted one's b (own), truncated as xfade stores it,
 * into line (which may be own). */
ROW_LOOP static void distance_row(const uint32_t *partner, const uint32_t *own, uint32_t *line, int width, float p)
{
    for (int x = 0; x < width; x++) {
        const uint32_t a = partner[x], b = own[x];
        /* In xfade's plane order for planar RGB: green, blue, red. */
        const float dg = channel(a, 8) / 255.f - channel(b, 8) / 255.f;
        const float db = channel(a, 0) / 255.f - channel(b, 0) / 255.f;
        const float dr = channel(a, 16) / 255.f - channel(b, 16) / 255.f;
        const float near = sqrtf(dg * dg + db * db + dr * dr) <= p ? 1.f : 0.f;
        uint32_t out = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            const float ca = (float)(int32_t)channel(a, shift), cb = (float)(int32_t)channel(b, shift);
            out |= (uint32_t)(int32_t)((ca * near + cb * (1.f - near)) * p + cb * (1.f - p)) << shift;
        }
        line[x] = out;
    }
}

/* fadefast's and fadeslow's mix of a removed view's channel a with the
 * inserted one's b, for every pair: 256 × 256 results, mix[256·a + b], from
 * a weight that depends on the progress and on how far apart a and b are. */
static void mix_table(enum transition t, float p, uint8_t *mix)
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

/* fadefast and fadeslow, on the inserted side: each channel from the table,
 * into line (which may be own). */
static void mixed_row(const uint32_t *partner, const uint32_t *own, uint32_t *line, int width, const uint8_t *mix)
{
    for (int x = 0; x < width; x++) {
        const uint32_t a = partner[x], b = own[x];
        uint32_t out = 0;
        for (int shift = 0; shift < 32; shift += 8)
            out |= (uint32_t)mix[256 * channel(a, shift) + channel(b, shift)] << shift;
        line[x] = out;
    }
}

static uint32_t premultiplied(segue_color c)
{
    uint32_t a = (uint32_t)(c.alpha * 255 + 0.5);
    return a << 24 | (uint32_t)(c.red * c.alpha * 255 + 0.5) << 16 | (uint32_t)(c.green * c.alpha * 255 + 0.5) << 8
        | (uint32_t)(c.blue * c.alpha * 255 + 0.5);
}

/* ---- transitions the host draws: whole-pixel parts of a view ------------ */

/* Part [x0, x1) × [y0, y1) of the content (in frame pixels), moved by (dx, dy)
 * whole pixels and faded by `opacity`: exact, and drawn by the host's own
 * kernels on its threads. */
static segue_status draw_part(segue_canvas *canvas, segue_image *content, segue_rect frame, int x0, int y0, int x1,
                              int y1, int dx, int dy, double opacity)
{
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > frame.width) x1 = (int)frame.width;
    if (y1 > frame.height) y1 = (int)frame.height;
    if (x1 <= x0 || y1 <= y0 || opacity <= 0)
        return SEGUE_OK;
    const segue_rect crop = { frame.x + x0, frame.y + y0, x1 - x0, y1 - y0 };
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = (segue_affine){ 1, 0, 0, 1, dx, dy };
    draw.crop = &crop;
    draw.opacity = opacity;
    return host->canvas_draw_image(canvas, content, &draw);
}

/* rectcrop's rectangle, [b[0], b[2]) × [b[1], b[3]) in frame pixels, clamped
 * to the frame: empty when b[2] ≤ b[0] or b[3] ≤ b[1]. */
static void rectcrop_bounds(const struct frame *f, int b[4])
{
    const int zw = fabsf(f->p - 0.5f) * f->w, zh = fabsf(f->p - 0.5f) * f->h;
    b[0] = f->w / 2 - zw + 1 < 0 ? 0 : f->w / 2 - zw + 1;
    b[1] = f->h / 2 - zh + 1 < 0 ? 0 : f->h / 2 - zh + 1;
    b[2] = f->w / 2 + zw > f->w ? f->w : f->w / 2 + zw;
    b[3] = f->h / 2 + zh > f->h ? f->h : f->h / 2 + zh;
}

/* The frame filled with `color`, but for `hole` (NULL for none): where the
 * other view shows, so that it is not seen over the colour. One path with
 * the hole, not rectangles round it: under a transform between pixels,
 * rectangles side by side would each soften the edge they share, a seam.
 * Where the frame and hole fall on whole device pixels, the host draws the
 * path as the rectangles round the hole itself, without a mask. */
static segue_status fill(segue_canvas *canvas, segue_rect frame, const segue_rect *hole, segue_color color)
{
    segue_path *path = host->path_create();
    if (!path)
        return SEGUE_ERROR_OUT_OF_MEMORY;
    host->path_add_rect(path, frame);
    if (hole)
        host->path_add_rect(path, *hole);
    segue_status status = host->canvas_fill_path(canvas, path, SEGUE_FILL_EVEN_ODD, color, SEGUE_BLEND_NORMAL);
    host->path_destroy(path);
    return status;
}

/* fadeblack's and fadewhite's view and `color` mixed, content·share +
 * color·(1 − share) (premultiplied, so that where the view is transparent,
 * in a letterbox's bars, the colour comes only 1 − share of the way, as it
 * does over FFmpeg's black padding), as one layer drawn with `opacity`. */
static segue_status draw_mixed(segue_canvas *canvas, segue_image *content, segue_rect frame, segue_color color,
                               double share, double opacity)
{
    segue_canvas *layer = host->canvas_begin_layer(canvas);
    if (!layer)
        return SEGUE_ERROR_OUT_OF_MEMORY;
    color.alpha *= 1 - share;
    segue_status status = color.alpha > 0 ? fill(layer, frame, NULL, color) : SEGUE_OK;
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.crop = &frame;
    draw.opacity = share;
    draw.blend = SEGUE_BLEND_PLUS_LIGHTER;
    if (status == SEGUE_OK && share > 0)
        status = host->canvas_draw_image(layer, content, &draw);
    segue_image *image = host->canvas_end_layer(layer);
    if (status != SEGUE_OK)
        return status;
    draw = (segue_draw)SEGUE_DRAW_DEFAULTS;
    draw.opacity = opacity;
    return host->canvas_draw_image(canvas, image, &draw);
}

/* Where the transitions that show other whole pixels of a view (pixelize,
 * zoomin's and the squeezes' removed view) take each from: the source
 * column of every output column and the source row of every output row, -1
 * where nothing of the view shows (the inserted one covers it there). */
static void resample_tables(const struct frame *f, int *xs, int *ys)
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

/* out[x] = source[xs[x]], or transparency where xs[x] is negative. */
ROW_LOOP static void gather_row(const uint32_t *source, const int *xs, uint32_t *out, int n)
{
    for (int x = 0; x < n; x++)
        out[x] = xs[x] < 0 ? 0 : source[xs[x]];
}

/* The content's pixels taken from elsewhere by the tables, weighted by
 * `weight`, drawn as a new image the size of the columns and rows that show
 * (a squeeze's), so that the host is not handed transparency to blend. */
static segue_status draw_resampled(const struct frame *f, segue_canvas *canvas, segue_image *content,
                                   segue_rect frame, float weight)
{
    segue_image *raster = NULL, *image = NULL;
    segue_status status = host->canvas_rasterize(canvas, content, &raster);
    if (status != SEGUE_OK)
        return status;
    int32_t width, height, stride, out_stride;
    const uint32_t *pixels = host->image_pixels(raster, &width, &height, &stride);
    struct frame sized = *f;
    sized.w = width;
    sized.h = height;
    int *xs = malloc(sizeof *xs * (size_t)width), *ys = malloc(sizeof *ys * (size_t)height);
    float *weights = malloc(sizeof *weights * (size_t)width);
    if (!xs || !ys || !weights) {
        status = SEGUE_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    resample_tables(&sized, xs, ys);
    int x0 = 0, x1 = width, y0 = 0, y1 = height; /* what shows: [x0, x1) × [y0, y1) */
    while (x0 < x1 && xs[x0] < 0) x0++;
    while (x1 > x0 && xs[x1 - 1] < 0) x1--;
    while (y0 < y1 && ys[y0] < 0) y0++;
    while (y1 > y0 && ys[y1 - 1] < 0) y1--;
    if (x0 == x1 || y0 == y1)
        goto done; /* nothing shows */
    if ((status = host->image_create(x1 - x0, y1 - y0, &image)) != SEGUE_OK)
        goto done;
    uint32_t *target = host->image_pixels(image, NULL, NULL, &out_stride);
    for (int x = x0; x < x1; x++)
        weights[x] = weight;
    for (int y = y0; y < y1; y++) {
        uint32_t *line = target + (ptrdiff_t)(y - y0) * (out_stride / 4);
        if (ys[y] < 0)
            continue; /* stays transparent */
        if (y > y0 && ys[y] == ys[y - 1]) { /* the same source row as the line above (pixelize's squares) */
            memcpy(line, line - out_stride / 4, sizeof *line * (size_t)(x1 - x0));
            continue;
        }
        gather_row(pixels + (ptrdiff_t)ys[y] * (stride / 4), xs + x0, line, x1 - x0);
        if (weight != 1.f)
            scale_row(line, weights + x0, line, x1 - x0);
    }
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = (segue_affine){ 1, 0, 0, 1, frame.x + x0, frame.y + y0 };
    status = host->canvas_draw_image(canvas, image, &draw);
done:
    free(xs);
    free(ys);
    free(weights);
    host->image_release(image);
    return status;
}

/* squeezeh's removed view: each row it shows is a whole row of the view,
 * drawn as a part of it; a run of rows that follow each other is one part. */
static segue_status draw_rows(const struct frame *f, segue_canvas *canvas, segue_image *content, segue_rect frame)
{
    int *xs = malloc(sizeof *xs * (size_t)f->w), *ys = malloc(sizeof *ys * (size_t)f->h);
    segue_status status = xs && ys ? SEGUE_OK : SEGUE_ERROR_OUT_OF_MEMORY;
    if (status == SEGUE_OK)
        resample_tables(f, xs, ys);
    for (int y = 0, end; y < f->h && status == SEGUE_OK; y = end) {
        for (end = y + 1; end < f->h && ys[y] >= 0 && ys[end] == ys[y] + (end - y); end++)
            ;
        if (ys[y] >= 0)
            status = draw_part(canvas, content, frame, 0, ys[y], f->w, ys[y] + (end - y), 0, y - ys[y], 1);
    }
    free(xs);
    free(ys);
    return status;
}

/* The inserted view of the transitions that weigh every pixel of a row
 * alike (the soft edges and slices that run across the frame): each run of
 * rows of one 8-bit weight drawn as a part of the view at that opacity.
 * The host scales it as scale_row() would (the weight rounded to 1/255,
 * each channel times it, rounded), on its threads and without a copy of
 * the view. Their weights do not depend on the column, nor on the width. */
static segue_status draw_weighted_rows(const struct frame *f, segue_canvas *canvas, segue_image *content,
                                       segue_rect frame)
{
    struct frame one_column = *f; /* the weight of a row, asked of its first pixel only */
    one_column.w = 1;
    segue_status status = SEGUE_OK;
    int start = 0, level = -1; /* the run of rows [start, y) and its weight */
    for (int y = 0; y <= f->h && status == SEGUE_OK; y++) {
        int next = -1;
        if (y < f->h) {
            float w;
            row_weights(&one_column, y, &w);
            w = w < 0.f ? 0.f : w > 1.f ? 1.f : w;
            next = (int)(w * 255.f + 0.5f);
        }
        if (next == level)
            continue;
        if (level > 0)
            status = draw_part(canvas, content, frame, 0, start, f->w, y, 0, 0, level / 255.0);
        start = y;
        level = next;
    }
    return status;
}

/* Draws this side of the transitions that are whole-pixel parts of the views
 * (fades, wipes, slides, covers, reveals, the rectangle crop) and sets *done;
 * leaves the others to the per-pixel path. */
static segue_status draw_parts(const struct frame *f, int inserting, segue_color background, segue_canvas *canvas,
                               segue_image *content, segue_rect frame, int *done)
{
    const int W = f->w, H = f->h;
    const float p = f->p;
    *done = 1;
#define PART(x0, y0, x1, y1, dx, dy) draw_part(canvas, content, frame, x0, y0, x1, y1, dx, dy, 1)
#define BOTH(a, b) ((status = (a)) != SEGUE_OK ? status : (b))
    segue_status status = SEGUE_OK;
    if (!inserting) {
        const int zx = (int)((f->transition == slideleft || f->transition == revealleft ? -p : p) * W);
        const int zy = (int)((f->transition == slideup || f->transition == revealup ? -p : p) * H);
        switch (f->transition) {
        case fade:
            return host->canvas_draw_image(canvas, content, NULL);
        /* The wipes and covers: where the inserted view does not show (xfade takes each pixel from one
         * view), so that no pixel is drawn twice. */
        case wipeleft: return PART(0, 0, (int)(W * p) + 1, H, 0, 0);
        case wiperight: return PART((int)(W * (1.f - p)) + 1, 0, W, H, 0, 0);
        case wipeup: return PART(0, 0, W, (int)(H * p) + 1, 0, 0);
        case wipedown: return PART(0, (int)(H * (1.f - p)) + 1, W, H, 0, 0);
        case wipetl: return PART(0, 0, (int)(W * p) + 1, (int)(H * p) + 1, 0, 0);
        case wipetr: return PART((int)(W * (1.f - p)) + 1, 0, W, (int)(H * p) + 1, 0, 0);
        case wipebl: return PART(0, (int)(H * (1.f - p)) + 1, (int)(W * p) + 1, H, 0, 0);
        case wipebr: return PART((int)(W * (1.f - p)) + 1, (int)(H * (1.f - p)) + 1, W, H, 0, 0);
        case coverleft: return PART(0, 0, (int)(p * W), H, 0, 0);
        case coverright: return PART(W - (int)(p * W), 0, W, H, 0, 0);
        case coverup: return PART(0, 0, W, (int)(p * H), 0, 0);
        case coverdown: return PART(0, H - (int)(p * H), W, H, 0, 0);
        /* What of the removed view shows beside the inserted one, wrapped round as xfade takes it. */
        case slideleft: case revealleft: return PART(W + zx, 0, W, H, -(W + zx), 0);
        case slideright: case revealright: return PART(0, 0, zx, H, W - zx, 0);
        case slideup: case revealup: return PART(0, H + zy, W, H, 0, -(H + zy));
        case slidedown: case revealdown: return PART(0, 0, W, zy, 0, H - zy);
        case squeezeh:
            return draw_rows(f, canvas, content, frame);
        case pixelize: case zoomin: case squeezev:
            return draw_resampled(f, canvas, content, frame, 1);
        case circlecrop:
            /* The second half: the inserted view draws its circle and the background round it; the
             * background is the removed view's to draw only when there is no inserted one. */
            if (p < 0.5f)
                return f->alone ? fill(canvas, frame, NULL, background) : SEGUE_OK;
            break; /* the first half: the circle, per pixel */
        case fadegrays:
            break; /* changed per pixel */
        case fadeblack:
        case fadewhite: {
            /* The removed view fading into the background near the end: a·s + background·(1 − s). */
            return draw_mixed(canvas, content, frame, background, smoothstep(0.8f, 1.f, p), 1);
        }
        case rectcrop: {
            /* The background round the rectangle, and in the first half the removed view inside it; in
             * the second half the inserted view's inside it, or the background when there is none. */
            int b[4];
            rectcrop_bounds(f, b);
            const segue_rect hole = { frame.x + b[0], frame.y + b[1], b[2] - b[0], b[3] - b[1] };
            const int keep_hole = b[2] > b[0] && b[3] > b[1] && (p >= 0.5f || !f->alone);
            status = fill(canvas, frame, keep_hole ? &hole : NULL, background);
            if (status != SEGUE_OK || p < 0.5f)
                return status;
            return PART(b[0], b[1], b[2], b[3], 0, 0);
        }
        default: /* the soft masks, dissolve, the winds, and those that mix both views on the inserted side */
            return host->canvas_draw_image(canvas, content, NULL);
        }
    } else {
        const int zx = (int)((f->transition == slideleft || f->transition == coverleft
                              || f->transition == revealleft ? -p : p) * W);
        const int zy = (int)((f->transition == slideup || f->transition == coverup
                              || f->transition == revealup ? -p : p) * H);
        switch (f->transition) {
        case fade: return draw_part(canvas, content, frame, 0, 0, W, H, 0, 0, 1.f - p);
        /* The wipes: where the inserted view shows, as whole-pixel rectangles. */
        case wipeleft: return PART((int)(W * p) + 1, 0, W, H, 0, 0);
        case wiperight: return PART(0, 0, (int)(W * (1.f - p)) + 1, H, 0, 0);
        case wipeup: return PART(0, (int)(H * p) + 1, W, H, 0, 0);
        case wipedown: return PART(0, 0, W, (int)(H * (1.f - p)) + 1, 0, 0);
        case wipetl: {
            const int zw = W * p, zh = H * p;
            return BOTH(PART(zw + 1, 0, W, H, 0, 0), PART(0, zh + 1, zw + 1, H, 0, 0));
        }
        case wipetr: {
            const int zw = W * (1.f - p), zh = H * p;
            return BOTH(PART(0, 0, zw + 1, H, 0, 0), PART(zw + 1, zh + 1, W, H, 0, 0));
        }
        case wipebl: {
            const int zw = W * p, zh = H * (1.f - p);
            return BOTH(PART(zw + 1, 0, W, H, 0, 0), PART(0, 0, zw + 1, zh + 1, 0, 0));
        }
        case wipebr: {
            const int zw = W * (1.f - p), zh = H * (1.f - p);
            return BOTH(PART(0, 0, zw + 1, H, 0, 0), PART(zw + 1, 0, W, zh + 1, 0, 0));
        }
        /* Slides and covers move the inserted view in; reveals uncover it where it lies. */
        case slideleft: case coverleft: return PART(0, 0, W + zx, H, -zx, 0);
        case slideright: case coverright: return PART(zx, 0, W, H, -zx, 0);
        case slideup: case coverup: return PART(0, 0, W, H + zy, 0, -zy);
        case slidedown: case coverdown: return PART(0, zy, W, H, 0, -zy);
        case revealleft: return PART(-zx, 0, W, H, 0, 0);
        case revealright: return PART(0, 0, W - zx, H, 0, 0);
        case revealup: return PART(0, -zy, W, H, 0, 0);
        case revealdown: return PART(0, 0, W, H - zy, 0, 0);
        case fadeblack:
        case fadewhite: {
            /* The inserted view rising out of the background, b·(1 − s) + background·s, drawn over the
             * removed view with xfade's weight 1 − p. */
            return draw_mixed(canvas, content, frame, background, 1.f - smoothstep(0.2f, 1.f, p), 1.f - p);
        }
        case smoothup: case smoothdown: case horzopen: case horzclose: case vuslice: case vdslice:
            return draw_weighted_rows(f, canvas, content, frame);
        case zoomin: return draw_part(canvas, content, frame, 0, 0, W, H, 0, 0, 1.f - smoothstep(0.f, 0.5f, p));
        case pixelize: return draw_resampled(f, canvas, content, frame, 1.f - p);
        case squeezeh:
        case squeezev: {
            /* Where the squeezed view has not reached (z outside 0…1): the rows (columns) beyond two bounds. */
            const int n = f->transition == squeezeh ? H : W;
            const float size = (float)n;
            int first = 0, last = n; /* [first, last): the squeezed view's own rows */
            while (first < n && .5f + (first / size - .5f) / p < 0.f) first++;
            while (last > first && .5f + ((last - 1) / size - .5f) / p > 1.f) last--;
            if (f->transition == squeezeh)
                return BOTH(PART(0, 0, W, first, 0, 0), PART(0, last, W, H, 0, 0));
            return BOTH(PART(0, 0, first, H, 0, 0), PART(last, 0, W, H, 0, 0));
        }
        case circlecrop:
            if (p >= 0.5f)
                return SEGUE_OK; /* the first half is the removed view's */
            break; /* the second half: the circle, per pixel */
        case rectcrop: {
            if (p >= 0.5f)
                return SEGUE_OK; /* the first half is the removed view's */
            int b[4];
            rectcrop_bounds(f, b);
            return PART(b[0], b[1], b[2], b[3], 0, 0);
        }
        default:
            break;
        }
    }
#undef PART
#undef BOTH
    *done = 0;
    return SEGUE_OK;
}

/* Whether the inserted side draws xfade's mix of both pictures itself (reading the removed one through
 * canvas_partner()), and the removed side is hidden under it. */
static int mixes_both(enum transition t)
{
    return t == distance || t == fadefast || t == fadeslow || t == hblur;
}

/* Whether the inserted view is drawn over the removed one weighed (xfade's a·(1 − w) + b·w with b opaque),
 * so that where it is not opaque the removed view must weigh itself (under_weights()); not the ones that
 * take each pixel from one view or the background (wipes, slides, covers, reveals, squeezes, crops). */
static int weighs_under(enum transition t)
{
    switch (t) {
    case fade: case fadeblack: case fadewhite: case radial: case smoothleft: case smoothright: case smoothup:
    case smoothdown: case circleopen: case circleclose: case vertopen: case vertclose: case horzopen: case horzclose:
    case dissolve: case pixelize: case diagtl: case diagtr: case diagbl: case diagbr: case hlslice: case hrslice:
    case vuslice: case vdslice: case fadegrays: case zoomin: case hlwind: case hrwind: case vuwind: case vdwind:
        return 1;
    default:
        return 0;
    }
}

/* Whether every pixel of the w × h pixels (rows `stride` bytes apart) is opaque. */
static int all_opaque(const uint32_t *pixels, int w, int h, int32_t stride)
{
    for (int y = 0; y < h; y++) {
        const uint32_t *row = pixels + (ptrdiff_t)y * stride / 4;
        uint32_t all = 0xFF000000u;
        for (int x = 0; x < w; x++)
            all &= row[x];
        if ((all & 0xFF000000u) != 0xFF000000u)
            return 0;
    }
    return 1;
}

/* What row_weights() reads besides the frame, for its size: dissolve's
 * noise, held locked, and the winds' noise of each column. Undo it with
 * forget_weights(), whatever this returns. */
static segue_status ready_weights(struct frame *f, segue_canvas *canvas)
{
    if (f->transition == dissolve) {
        f->noise_locked = 1;
        if (!(f->noise = lock_noise(f->w, f->h))) {
            host->canvas_set_error(canvas, "no memory for dissolve's noise");
            return SEGUE_ERROR_OUT_OF_MEMORY;
        }
    }
    if (f->transition == vuwind || f->transition == vdwind) {
        if (!(f->column_noise = malloc(sizeof *f->column_noise * (size_t)f->w))) {
            host->canvas_set_error(canvas, "no memory for a row");
            return SEGUE_ERROR_OUT_OF_MEMORY;
        }
        for (int x = 0; x < f->w; x++)
            f->column_noise[x] = noise(x, 0);
    }
    return SEGUE_OK;
}

static void forget_weights(struct frame *f)
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
static void under_weights(const struct frame *f, int y, const uint32_t *inserted, int32_t stride, float *w)
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

/* Draws `image`, pixels whose (0, 0) lies at the frame's origin. */
static segue_status draw_at(segue_canvas *canvas, segue_image *image, segue_rect frame)
{
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = (segue_affine){ 1, 0, 0, 1, frame.x, frame.y };
    return host->canvas_draw_image(canvas, image, &draw);
}

/* The pixels of `image` over the canvas frame, read in place, when the host
 * lends them (canvas_peek(), segue/plugin.h 0.2.0); NULL when it cannot. */
static const uint32_t *peek(segue_canvas *canvas, segue_image *image, int32_t *stride)
{
    if (host->struct_size < offsetof(segue_host, canvas_peek) + sizeof host->canvas_peek)
        return NULL;
    return host->canvas_peek(canvas, image, stride);
}

/* The pixels of `image` over the canvas frame, `*width` × `*height` of them,
 * to read only: in place when the host lends them, else a copy through
 * canvas_rasterize(). NULL, with *status set, when rasterising fails. */
static const uint32_t *read_pixels(segue_canvas *canvas, segue_image *image, int32_t *width, int32_t *height,
                                   int32_t *stride, segue_status *status)
{
    *status = SEGUE_OK;
    const uint32_t *pixels = peek(canvas, image, stride);
    if (pixels) {
        const segue_rect frame = host->canvas_frame(canvas);
        *width = (int32_t)frame.width; /* the host lends a frame of whole pixels only */
        *height = (int32_t)frame.height;
        return pixels;
    }
    segue_image *raster = NULL;
    if ((*status = host->canvas_rasterize(canvas, image, &raster)) != SEGUE_OK)
        return NULL;
    return host->image_pixels(raster, width, height, stride);
}

/* Sets *opaque to whether every pixel of `image` over the canvas frame is
 * opaque: asked of the host (canvas_is_opaque(), segue/plugin.h 0.3.0),
 * which knows it of a placed video frame without drawing; read from the
 * pixels with an older host. */
static segue_status is_opaque(segue_canvas *canvas, segue_image *image, int *opaque)
{
    segue_status status;
    if (host->struct_size >= offsetof(segue_host, canvas_is_opaque) + sizeof host->canvas_is_opaque) {
        int32_t answer = 0;
        status = host->canvas_is_opaque(canvas, image, &answer);
        *opaque = answer != 0;
        return status;
    }
    int32_t width, height, stride;
    const uint32_t *pixels = read_pixels(canvas, image, &width, &height, &stride, &status);
    *opaque = pixels && all_opaque(pixels, width, height, stride);
    return status;
}

/* A side's progress within 0…1, the only range xfade's transitions are drawn for. */
static double clamp_progress(double progress)
{
    return progress < 0 ? 0 : progress > 1 ? 1 : progress;
}

/* Draws one side on `canvas`: as parts of the view the host draws where
 * the transition is made of them, else per pixel. */
static segue_status draw_side(struct frame f, int inserting, segue_color background, segue_canvas *canvas,
                              segue_image *content, segue_image *partner)
{
    const segue_rect frame = host->canvas_frame(canvas);
    int done = 0;
    segue_status status = draw_parts(&f, inserting, background, canvas, content, frame, &done);
    if (done)
        return status;

    /* The per-pixel path: the content's pixels changed, in place in a copy of them, or, for the
     * transitions of both views when the host lends the content's pixels, into a new image; the
     * inserted side of those reads the partner's pixels too. */
    const uint32_t *other = NULL; /* the partner's pixels, covering the frame as this view's do */
    int32_t other_width = 0, other_height = 0, other_stride = 0;
    if (inserting && mixes_both(f.transition) && partner
        && !(other = read_pixels(canvas, partner, &other_width, &other_height, &other_stride, &status)))
        return status;
    segue_image *raster = NULL, *created = NULL;
    int32_t source_stride = 0;
    const uint32_t *source = other ? peek(canvas, content, &source_stride) : NULL; /* the content's, to read */
    if ((status = source ? host->image_create(f.w, f.h, &created) : host->canvas_rasterize(canvas, content, &raster))
        != SEGUE_OK)
        return status;
    if (created)
        raster = created;
    int32_t raster_width, raster_height, stride;
    uint32_t *pixels = host->image_pixels(raster, &raster_width, &raster_height, &stride); /* to write */
    if (!source) {
        source = pixels;
        source_stride = stride;
    }
    const int width = raster_width, height = raster_height; /* not addressed: loops over them vectorise */
    f.w = width;
    f.h = height;
    if (other_width != width || other_height != height)
        other = NULL; /* cannot happen: both cover this canvas's frame */
    status = inserting ? ready_weights(&f, canvas) : SEGUE_OK;
    float *weights = malloc(sizeof *weights * (size_t)width);
    int32_t *sums = f.transition == hblur ? malloc(sizeof *sums * 4 * ((size_t)width + 1)) : NULL; /* hblur's totals */
    float *recip = f.transition == hblur ? malloc(sizeof *recip * (size_t)width) : NULL; /* and divisors */
    const int mixing = (f.transition == fadefast || f.transition == fadeslow) && other;
    uint8_t *mix = mixing ? malloc(256 * 256) : NULL;
    if (mix)
        mix_table(f.transition, f.p, mix);
    if (status == SEGUE_OK && (!weights || (f.transition == hblur && (!sums || !recip)) || (mixing && !mix))) {
        host->canvas_set_error(canvas, "no memory for a row");
        status = SEGUE_ERROR_OUT_OF_MEMORY;
    }
    /* hblur: the box, and xfade's mix a·p + b·(1 − p) in whole weights, or alone b·(1 − p). */
    int bits = 0;
    const int box = recip ? box_weights(&f, recip, &bits) : 0;
    const int32_t wa = other ? (int32_t)(f.p * (float)(1 << bits) + .5f) : 0;
    const int32_t wb = other ? (1 << bits) - wa : (int32_t)((1.f - f.p) * (float)(1 << bits) + .5f);
    /* fadegrays: how grey the inserted view still is, how grey the removed one has become. */
    const float grey_in = smoothstep(0.2f, 1.f, f.p), grey_out = smoothstep(0.8f, 1.f, f.p);
    for (int y = 0; y < height && status == SEGUE_OK; y++) {
        if (y % 64 == 0 && host->canvas_is_cancelled(canvas)) {
            status = SEGUE_ERROR_CANCELLED;
            break;
        }
        uint32_t *line = pixels + (ptrdiff_t)y * stride / 4; /* written: each side reads its own row only */
        const uint32_t *own = source + (ptrdiff_t)y * source_stride / 4; /* read: `line` itself, or the content's */
        if (inserting && (y == 0 || !same_every_row(f.transition)))
            row_weights(&f, y, weights);
        switch (f.transition) {
        case hblur: /* inserted: the mix of both, or the view alone fading in */
            box_mix_row(other ? other + (ptrdiff_t)y * other_stride / 4 : own, own, width, box, wa, wb, sums, recip,
                        line);
            break;
        case fadegrays:
            if (inserting) {
                grey_row(line, width, 1.f - grey_in, grey_in);
                scale_row(line, weights, line, width);
            } else {
                grey_row(line, width, grey_out, 1.f - grey_out);
            }
            break;
        case circlecrop: { /* either side: itself inside the circle, the background round it */
            int x0, x1;
            circle_span(&f, y, &x0, &x1);
            for (int x = 0; x < x0; x++)
                line[x] = f.background;
            for (int x = x1; x < width; x++)
                line[x] = f.background;
            break;
        }
        case distance:
        case fadefast:
        case fadeslow:
            if (other) {
                const uint32_t *a = other + (ptrdiff_t)y * other_stride / 4;
                if (f.transition == distance)
                    distance_row(a, own, line, width, f.p);
                else
                    mixed_row(a, own, line, width, mix);
                break;
            }
            /* alone, the view fades in: */
            /* fall through */
        default: /* most of them: the row's own pixels, weighted */
            scale_row(own, weights, line, width);
            break;
        }
    }
    free(weights);
    free(recip);
    free(sums);
    free(mix);
    forget_weights(&f);
    if (status == SEGUE_OK)
        status = draw_at(canvas, raster, frame);
    host->image_release(created);
    return status;
}

/* The removed side, under an inserted view. Where that view covers it
 * opaquely, as it is drawn alone; where it does not (a letterboxed picture's
 * bars, a translucent one) and xfade weighs the two pictures, weighed per
 * pixel by under_weights(), so that the two make xfade's mix there too. */
static segue_status draw_removed(struct frame f, segue_color background, segue_canvas *canvas,
                                 segue_image *content, segue_image *partner)
{
    if (!mixes_both(f.transition) && !weighs_under(f.transition))
        return draw_side(f, 0, background, canvas, content, partner);
    int covered = 0;
    segue_status status = is_opaque(canvas, partner, &covered);
    if (status != SEGUE_OK)
        return status;
    if (mixes_both(f.transition)) {
        /* The inserted side draws the mix of both, which hides this view only where both are opaque: as it is,
         * then; else nothing, the mix being all there is of it. */
        int opaque = 0;
        if (covered && (status = is_opaque(canvas, content, &opaque)) != SEGUE_OK)
            return status;
        return opaque ? draw_side(f, 0, background, canvas, content, partner) : SEGUE_OK;
    }
    if (covered)
        return draw_side(f, 0, background, canvas, content, partner);

    int32_t width, height, stride;
    const uint32_t *inserted = read_pixels(canvas, partner, &width, &height, &stride, &status);
    if (!inserted)
        return status;
    /* This side as it would be drawn alone, in a layer, then weighed pixel by pixel. */
    segue_canvas *layer = host->canvas_begin_layer(canvas);
    if (!layer)
        return SEGUE_ERROR_OUT_OF_MEMORY;
    status = draw_side(f, 0, background, layer, content, partner);
    segue_image *drawn = host->canvas_end_layer(layer), *raster = NULL;
    if (status != SEGUE_OK || (status = host->canvas_rasterize(canvas, drawn, &raster)) != SEGUE_OK)
        return status;
    int32_t raster_width, raster_height, raster_stride;
    uint32_t *pixels = host->image_pixels(raster, &raster_width, &raster_height, &raster_stride);
    if (raster_width != width || raster_height != height)
        return SEGUE_ERROR_INVALID_ARGUMENT; /* cannot happen: both cover this canvas's frame */
    f.w = width;
    f.h = height;
    float *weights = malloc(sizeof *weights * (size_t)width);
    if ((status = ready_weights(&f, canvas)) == SEGUE_OK && !weights) {
        host->canvas_set_error(canvas, "no memory for a row");
        status = SEGUE_ERROR_OUT_OF_MEMORY;
    }
    for (int y = 0; y < height && status == SEGUE_OK; y++) {
        uint32_t *line = pixels + (ptrdiff_t)y * raster_stride / 4;
        under_weights(&f, y, inserted, stride, weights);
        scale_row(line, weights, line, width);
    }
    free(weights);
    forget_weights(&f);
    return status == SEGUE_OK ? draw_at(canvas, raster, host->canvas_frame(canvas)) : status;
}

static segue_status xfade_render(void *instance, const segue_value *values, segue_canvas *canvas)
{
    (void)instance;
    /* xfade's progress runs from 0 to 1 and its pictures are defined there only: a view that an
     * animation carries past either end (a spring overshooting) shows that end. */
    const double in = clamp_progress(values[INSERTION].number), out = clamp_progress(values[REMOVAL].number);
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
    const segue_rect frame = host->canvas_frame(canvas);
    f.w = (int)frame.width;
    f.h = (int)frame.height;
    const int has_partner = host->struct_size >= offsetof(segue_host, canvas_partner) + sizeof host->canvas_partner;
    segue_image *partner = has_partner ? host->canvas_partner(canvas) : NULL;
    f.alone = !partner; /* so too, for lack of a way to tell, with a host older than canvas_partner() */
    return !inserting && partner ? draw_removed(f, background, canvas, content, partner)
                                 : draw_side(f, inserting, background, canvas, content, partner);
}

static const segue_effect_desc xfade_effect = {
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
