/*
 * kernels.c — the loops over a row of pixels: premultiplied ARGB32 scaled by
 * a weight a pixel, hblur's box of two pictures mixed, fadegrays' grey,
 * distance's and fadefast's mixes of two pictures, and gathering a row from
 * a table of columns. Written so that the compiler vectorises them, or with
 * SSE2 intrinsics and their AVX2 twins; every version gives the same bytes.
 */
#include "xfade.h"

#include <math.h>
#include <stdint.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

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
void xfade_scale_row(const uint32_t *source, const float *weights, uint32_t *out, int n)
{
    int x = 0;
#if defined(__x86_64__)
    if (xfade_has_avx2) {
        scale_row_avx2(source, weights, out, n);
        return;
    }
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
void xfade_box_mix_row(const uint32_t *a, const uint32_t *b, int width, int size, int32_t wa, int32_t wb,
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
    if (xfade_has_avx2) {
        box_means_avx2(sums, width, size, recip, out);
        return;
    }
#endif
    for (x = 0; x < width; x++)
        out[x] = box_mean(sums, x, x + size < width ? x + size : width, recip[x]);
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

/* grey_row() for the other files (see ROW_LOOP in xfade.h). */
void xfade_grey_row(uint32_t *line, int width, float own, float level)
{
    grey_row(line, width, own, level);
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

/* distance_row() for the other files (see ROW_LOOP in xfade.h). */
void xfade_distance_row(const uint32_t *partner, const uint32_t *own, uint32_t *line, int width, float p)
{
    distance_row(partner, own, line, width, p);
}

/* fadefast and fadeslow, on the inserted side: each channel from the table,
 * into line (which may be own). */
void xfade_mixed_row(const uint32_t *partner, const uint32_t *own, uint32_t *line, int width, const uint8_t *mix)
{
    for (int x = 0; x < width; x++) {
        const uint32_t a = partner[x], b = own[x];
        uint32_t out = 0;
        for (int shift = 0; shift < 32; shift += 8)
            out |= (uint32_t)mix[256 * channel(a, shift) + channel(b, shift)] << shift;
        line[x] = out;
    }
}

/* out[x] = source[xs[x]], or transparency where xs[x] is negative. */
ROW_LOOP static void gather_row(const uint32_t *source, const int *xs, uint32_t *out, int n)
{
    for (int x = 0; x < n; x++)
        out[x] = xs[x] < 0 ? 0 : source[xs[x]];
}

/* gather_row() for the other files (see ROW_LOOP in xfade.h). */
void xfade_gather_row(const uint32_t *source, const int *xs, uint32_t *out, int n)
{
    gather_row(source, xs, out, n);
}
